// The play page: one room, its connection, the board and everything around it. This
// module takes the seats and assembles the pieces in play/: the page's state and drawing
// (page.js), the socket (socket.js), the party phone's controller. What few pages need
// is loaded only when needed, to keep the first load small: the seat-taking steps
// (seats.js), hints (hints.js), the pass-the-device screen (handover.js), the phone's
// scrolling.

import { h } from "../dom.js";
import { createBoard } from "../boards/registry.js";
import { createView } from "./play/page.js";
import { connect } from "./play/socket.js";

export { formatClock } from "./play/players.js";

function freeHumanSeats(status) {
  return status.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat);
}

// a seat of one's profile (an accepted challenge, another device): a fresh token for it
async function claimProfileSeat(ctx, room, game) {
  const claimed = await fetch(`/api/rooms/${encodeURIComponent(room)}/claim`, { method: "POST", headers: { Accept: "application/json" } }).catch(() => null);
  if (claimed?.ok) {
    const answer = await claimed.json();
    ctx.store.saveSeats(room, game.id, [{ seat: answer.seat, token: answer.token }]);
  }
}

// the seats' tokens this browser plays the room with, once an invite link or a profile's
// seat is taken; or the page to show instead while a seat is being taken
async function takeSeats(main, ctx, params, room, status, game) {
  const { store } = ctx;
  if (params.has("join")) {
    const { followInvite } = await import("./play/seats.js");
    const page = await followInvite(main, ctx, params, room, status, game, freeHumanSeats(status));
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
  // a hint is asked of the computer's engine: its module only where a computer plays
  const hints = status.seats.some((s) => s.kind === "computer") ? await import("./play/hints.js") : null;
  const view = createView({ root, ctx, params, room, status, game, board, hints });
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
  // somebody opened the room's address without a seat: offer the free seat
  const offer = !seats.tokens.length && !params.has("watch") && freeHumanSeats(status).length ? (await import("./play/seats.js")).offerSeat : null;
  const root = h("section", { class: "play", "data-game": game.id });
  main.append(root);
  if (offer) return offer(root, ctx, room, status, game);
  return playRoom(main, root, ctx, params, room, status, game, seats);
}
