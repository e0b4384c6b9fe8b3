// The move list: each move in words where the server or the board says it, else its
// notation; the notation stays in the tooltip for those who want it.

import { h } from "../../dom.js";

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
