// The room's socket: what each message from the server changes on the page, and what a
// lost or refused connection says. RoomConnection (protocol.js) reconnects by itself.

import { isReseat, reduce, RoomConnection, socketUrl } from "../../protocol.js";
import { pick } from "../../i18n.js";
import { noticeNewGame } from "./game-end.js";

// a refused move's reason comes in both languages: show the interface's; some refusals
// are said by their code (play.refused_code.*)
function refusalText(ctx, msg) {
  const said = `play.refused_code.${msg.code}`;
  const why = msg.reason ? pick(msg.reason.text, ctx.lang) : ctx.t.has?.(said) ? ctx.t(said) : msg.message;
  return ctx.t("play.refused", { why });
}

function received(view, msg) {
  const { ctx } = view;
  // the server may reseat us for a rematch (the loser begins): its word is the seat
  if (isReseat(view.model, msg)) view.reseated = true;
  view.model = reduce(view.model, msg);
  if (msg.type === "welcome" && !msg.spectator) ctx.store.reseat(view.room, msg.seats);
  if (msg.type === "error") {
    view.errorText = refusalText(ctx, msg);
    ctx.toast(view.errorText, "error");
  } else if (msg.type === "hint") {
    view.hints?.takeHint(view, msg);
  } else if (msg.type === "accepted") {
    view.errorText = "";
    view.noticeText = "";
  } else if (msg.type === "state") {
    view.clock.follow(msg);
    noticeNewGame(view, msg);
  }
  if (msg.type !== "pong") view.draw();
}

function statusChanged(view, value, event) {
  const { ctx } = view;
  view.connection = value;
  if (value === "closed" && event?.code === 4403) {
    // tokens from another server or database: forget them and offer to watch
    ctx.store.forgetRoom(view.room);
    view.errorText = ctx.t("play.token_refused");
  } else if (value === "closed") view.errorText = ctx.t("play.closed", { why: event?.reason || event?.code });
  view.drawTitle();
  if (value === "closed") view.draw();
}

/** Opens the room's connection with the seats' tokens (none: as a spectator). */
export function connect(view, tokens, watch) {
  const conn = new RoomConnection({
    url: socketUrl(location, view.room),
    tokens,
    watch,
    onMessage: (msg) => received(view, msg),
    onStatus: (value, event) => statusChanged(view, value, event),
  });
  conn.open();
  return conn;
}
