// The moves as text: the list, each move in words where the server or the board says
// it, else its notation (the notation stays in the tooltip for those who want it); and
// "play by notation", a move typed, for keyboard users and those who know it.

import { h } from "../../dom.js";
import { actingSeat } from "../../protocol.js";

// the server says each move in words ({fr, en}); a board may have its own words
function spokenMove(view, player, move, said) {
  const { ctx, board } = view;
  const words = said?.[ctx.lang] ?? said?.fr ?? board.moveText?.({ t: ctx.t, move, player, names: view.names() });
  return words ? h("span", { class: "mv-words", title: move }, words) : h("code", { title: move }, move);
}

export function movesPanel(view, state) {
  const { ctx, board } = view;
  const { t } = ctx;
  const list = view.names();
  const moves = state?.moves ?? [];
  // a board may light the piece a move placed when the move is pointed at
  const point = (move) => () => board.highlight?.(move);
  const items = moves.map(([player, move], i) =>
    h(
      "li",
      { class: `mv seat-${player}`, value: i + 1, tabindex: board.highlight ? "0" : null, onmouseenter: point(move), onmouseleave: point(null), onfocus: point(move), onblur: point(null) },
      h("span", { class: `mark mark-${player} mark-small`, "aria-hidden": "true" }),
      h("span", { class: "sr-only" }, `${list[player]}: `),
      spokenMove(view, player, move, state?.words?.[i]),
    ),
  );
  // short notations sit several to a line, long ones (and moves in words) one a line
  const short = !board.moveText && !state?.words?.some(Boolean) && moves.every(([, move]) => String(move).length <= 10);
  const box = h("ol", { class: `moves ${short ? "moves-short" : ""}`, "aria-label": t("play.moves") }, items);
  const panel = h(
    "section",
    { class: "panel moves-panel" },
    h("h2", {}, t("play.moves"), " ", h("small", {}, `(${moves.length})`)),
    moves.length ? box : h("p", { class: "empty" }, t("play.no_moves")),
  );
  requestAnimationFrame(() => {
    box.scrollTop = box.scrollHeight;
  });
  return panel;
}

export function notationForm(view, seat) {
  const { ctx, game } = view;
  const { t } = ctx;
  const input = h("input", {
    name: "move",
    autocomplete: "off",
    spellcheck: "false",
    id: "notation",
    placeholder: t.has(`${game.id}.notation_placeholder`) ? t(`${game.id}.notation_placeholder`) : t("play.notation_placeholder"),
  });
  const submit = (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const model = view.model;
    const who = actingSeat(model) ?? seat ?? model.mySeats[0];
    view.play(who, text);
    input.value = "";
  };
  return h(
    "form",
    { class: "panel notation", onsubmit: submit },
    h("label", { for: "notation" }, t("play.notation")),
    h("div", { class: "copy-row" }, input, h("button", { type: "submit", class: "btn btn-small" }, t("play.send"))),
  );
}
