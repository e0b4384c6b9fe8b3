// Hints: alone against the computer, a player may ask the engine for a move (never in a
// quiz); the suggestion is said above the board and lit on it. Loaded only for a room
// with a computer seat (play.js).

import { h } from "../../dom.js";
import { actingSeat, hintMessage } from "../../protocol.js";

export function hintButton(view, state) {
  const { ctx, game, model } = view;
  const others = (state?.seats ?? []).filter((s) => !model.mySeats.includes(s.seat));
  const practice = others.length > 0 && others.every((s) => s.kind === "computer") && !(game.text_move_templates ?? []).length;
  const hintSeat = actingSeat(model);
  if (!state || state.terminal || !practice || hintSeat == null || model.spectator) return null;
  const { t } = ctx;
  return h("button", { type: "button", class: "btn btn-small", "data-action": "hint", title: t("play.hint_help"), onclick: () => view.conn.send(hintMessage(hintSeat)) }, "✦ ", t("play.hint"));
}

/** The server's answer to a hint: remembered with its position, said in the notice. */
export function takeHint(view, msg) {
  const { ctx } = view;
  view.hint = { move: msg.move, move_count: msg.move_count };
  const words = msg.words?.[ctx.lang];
  view.noticeText = words ? ctx.t("play.hint_words", { words }) : ctx.t("play.hint_given", { move: msg.move });
}

/** The suggestion stays drawn while the position is the one it was for. */
export function hintedMove(view, state) {
  const { hint } = view;
  return hint && hint.move_count === state.move_count ? hint.move : null;
}
