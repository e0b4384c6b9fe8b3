// The side of the board: the invite (a link to copy for each free seat, while a friend
// is awaited), the buttons, the move list and the notation field.

import { clear, h } from "../../dom.js";
import { resignMessage } from "../../protocol.js";
import { endButtons } from "./game-end.js";
import { movesPanel, notationForm } from "./moves.js";

function copyRow(view, link) {
  const { t } = view.ctx;
  const input = h("input", { class: "invite-link", readonly: true, value: link, "aria-label": t("play.invite_link") });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      input.select();
      document.execCommand?.("copy");
    }
    view.ctx.toast(t("play.copied"));
  };
  return h("div", { class: "copy-row" }, input, h("button", { type: "button", class: "btn btn-small btn-primary", "data-action": "copy", onclick: copy }, t("play.copy")));
}

// the invite panel, or null when no seat is free (or we only watch)
function invitePanel(view) {
  const { ctx, model, room } = view;
  const { t } = ctx;
  const free = model.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat);
  if (!free.length || model.spectator) return null;
  const invite = ctx.store.room(room)?.invite ?? {};
  return h(
    "section",
    { class: "panel invite" },
    h("h2", {}, t("play.invite_title")),
    h("p", {}, t("play.invite_text")),
    free.map((s) => copyRow(view, invite[String(s)] ?? `${location.origin}/?room=${room}&join=${s}`)),
  );
}

function resignButton(view, state, seat) {
  const { ctx, model } = view;
  if (!state || state.terminal || !model.mySeats.length || model.spectator) return null;
  const { t } = ctx;
  const resign = () => {
    const who = seat ?? view.model.mySeats[0];
    if (confirm(t("play.resign_confirm"))) view.conn.send(resignMessage(who));
  };
  return h("button", { type: "button", class: "btn btn-small btn-danger", "data-action": "resign", onclick: resign }, t("play.resign"));
}

function sideButtons(view, state, seat) {
  const { ctx, game, board } = view;
  const { t } = ctx;
  const buttons = [h("a", { class: "btn btn-small btn-ghost", href: `/?rules=${game.id}`, target: "_blank", rel: "noopener" }, t("play.rules"))];
  if (board.canFlip) {
    const flip = () => {
      view.flip = !view.flip;
      view.draw();
    };
    buttons.push(h("button", { type: "button", class: "btn btn-small", "data-action": "flip", "aria-pressed": String(view.flip), onclick: flip }, "⇄ ", t("play.flip")));
  }
  buttons.push(view.hints?.hintButton(view, state), resignButton(view, state, seat), ...endButtons(view, state));
  return buttons.filter(Boolean);
}

export function drawSide(view, state, seat) {
  const { elements, model } = view;
  const side = elements.side;
  clear(side);
  const invite = invitePanel(view);
  if (invite) side.append(invite);
  const buttons = sideButtons(view, state, seat);
  if (buttons.length) side.append(h("section", { class: "panel actions" }, h("div", { class: "button-row" }, buttons)));
  side.append(movesPanel(view, state));
  if (!model.spectator && state && !state.terminal) side.append(notationForm(view, seat));
}
