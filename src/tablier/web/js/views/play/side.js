// The side of the board: the invite, the buttons, the move list and the notation field.

import { clear, h } from "../../dom.js";
import { invitePanel } from "./invite.js";
import { hintButton } from "./hints.js";
import { endButtons } from "./game-end.js";
import { movesPanel } from "./moves.js";
import { notationForm } from "./notation.js";
import { resignMessage } from "../../protocol.js";

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
  buttons.push(hintButton(view, state), resignButton(view, state, seat), ...endButtons(view, state));
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
