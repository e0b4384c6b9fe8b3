// The end of a game: its record to download, its replay, the rematch vote; and the
// notice when the next game (or a void game's new deal) begins.

import { h } from "../../dom.js";
import { rematchMessage } from "../../protocol.js";

export function endButtons(view, state) {
  if (!state?.terminal) return [];
  const { ctx, model, room } = view;
  const { t } = ctx;
  const replay = `/?room=${room}&replay=${state.game_number}`;
  const buttons = [
    h("a", { class: "btn btn-small", href: ctx.api.recordUrl(room, state.game_number), download: "", "data-action": "download" }, "⤓ ", t("play.download")),
    h("a", { class: "btn btn-small", href: replay, "data-action": "replay", onclick: (e) => { e.preventDefault(); ctx.navigate(replay); } }, "▶ ", t("play.replay")),
  ];
  if (model.mySeats.length && !model.spectator && state.game_number === model.gameNumber) {
    const voted = model.mySeats.every((s) => state.rematch.includes(s));
    buttons.push(
      h(
        "button",
        { type: "button", class: "btn btn-small btn-primary", "data-action": "rematch", disabled: voted, onclick: () => view.model.mySeats.forEach((s) => view.conn.send(rematchMessage(s))) },
        voted ? t("play.rematch_waiting") : t("play.rematch"),
      ),
    );
  }
  return buttons;
}

/** A state of a later game than the last one seen: said, with a reseating if any. */
export function noticeNewGame(view, msg) {
  const { ctx } = view;
  if (view.lastGameNumber != null && msg.game_number > view.lastGameNumber) {
    view.noticeText = view.model.newDeal ? ctx.t("play.new_deal") : ctx.t("play.new_game", { n: msg.game_number });
    if (view.reseated) view.noticeText = `${view.noticeText} ${ctx.t("play.reseated")}`;
    view.reseated = false;
    ctx.toast(view.noticeText);
  }
  view.lastGameNumber = msg.game_number;
}
