// The play page: one room, its connection, the board and everything around it. This
// module assembles the pieces in play/: taking a seat (seats.js), the page's state and
// drawing (page.js), the socket (socket.js) and the party phone's controller.

import { createBoard } from "../boards/registry.js";
import { connect } from "./play/socket.js";
import { createView } from "./play/page.js";
import { claimProfileSeat, followInvite, freeHumanSeats, offerSeat } from "./play/seats.js";
import { h } from "../dom.js";

export { formatClock } from "./play/clock.js";

// the seats' tokens this browser plays the room with, once an invite link or a profile's
// seat is taken; or the page to show instead while a seat is being taken
async function takeSeats(main, ctx, params, room, status, game) {
  const { store } = ctx;
  if (params.has("join")) {
    const page = await followInvite(main, ctx, params, room, status, game);
    if (page) return { page };
  }
  if (!store.tokens(room).length && !params.has("watch")) await claimProfileSeat(ctx, room, game);
  const known = store.room(room);
  if (known && !known.game) store.saveSeats(room, game.id, []);
  const tokens = store.tokens(room);
  return { tokens, watch: params.has("watch") || !tokens.length };
}

async function playRoom(main, root, ctx, params, room, status, game, seats) {
  await ctx.useBoardMessages(game);
  const board = await createBoard(game);
  const view = createView({ root, ctx, params, room, status, game, board });
  view.conn = connect(view, seats.tokens, seats.watch);
  view.drawTitle();
  view.elements.banner.textContent = ctx.t("play.loading");
  // a phone at a party night: a controller, see party-phone.js
  const partyDone = params.get("party") ? (await import("./party-phone.js")).controller(main, ctx, params.get("party"), room, board) : null;
  return {
    relabel: () => view.draw(),
    destroy: () => {
      partyDone?.();
      document.title = ctx.t("app.title");
      view.clock.stop();
      view.conn.close();
    },
  };
}

export async function mount(main, ctx, params) {
  const room = params.get("room");
  main.classList.add("play-page");
  let status;
  try {
    status = await ctx.api.room(room);
  } catch (err) {
    main.append(h("section", { class: "notice" }, h("h1", {}, ctx.t("play.no_room")), h("p", {}, err.message)));
    return {};
  }
  await ctx.gameList();
  const game = ctx.describe(status.game) ?? { id: status.game, name: status.game, hidden_information: false };
  const seats = await takeSeats(main, ctx, params, room, status, game);
  if (seats.page) return seats.page;
  const root = h("section", { class: "play", "data-game": game.id });
  main.append(root);
  // somebody opened the room's address without a seat: offer the free seat
  if (!seats.tokens.length && !params.has("watch") && freeHumanSeats(status).length) return offerSeat(root, ctx, room, status, game);
  return playRoom(main, root, ctx, params, room, status, game, seats);
}
