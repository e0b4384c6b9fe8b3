// Taking a seat before playing: an invite link, or the offer of a free seat to whoever
// opens the room's address. Loaded only then: a seated player never needs it.

import { clear, h } from "../../dom.js";
import { seatStep } from "../seat-name.js";

async function joinSeat(ctx, room, seat, name = ctx.store.name()) {
  const { store, api } = ctx;
  const body = { player_id: store.playerId() };
  if (seat != null) body.seat = seat;
  if (name) body.name = name;
  const answer = await api.join(room, body);
  store.saveSeats(room, null, [{ seat: answer.seat, token: answer.token }]);
  return answer;
}

function seated(ctx, room, game) {
  ctx.store.saveSeats(room, game.id, []);
  ctx.navigate(`/?room=${encodeURIComponent(room)}`, { replace: true });
}

// a signed-in player's seat refused: said, then the room as a spectator; a profile that
// already holds a seat of this rated game gets back to it (the room claims it)
function notSeated(ctx, room, err) {
  if (err?.body?.code !== "already_seated") ctx.toast(ctx.t("play.join_failed", { why: err.message }), "error");
  ctx.navigate(`/?room=${encodeURIComponent(room)}`, { replace: true });
}

// the player says the name the others will see, then sits down
function nameThenSit(box, ctx, room, status, game, seat) {
  seatStep(box, ctx, {
    game,
    rated: status.rated,
    take: (name) => joinSeat(ctx, room, seat, name),
    watchHref: `/?room=${encodeURIComponent(room)}&watch=1`,
  }).then(() => seated(ctx, room, game), (err) => notSeated(ctx, room, err));
}

/**
 * An invite link (`join=N`): take that seat unless it is already ours, then drop the
 * parameter. Returns the page when the friend must first say a name, else null.
 */
export async function followInvite(main, ctx, params, room, status, game, free) {
  const wanted = Number(params.get("join"));
  const mine = ctx.store.room(room)?.seats.some((s) => s.seat === wanted);
  const seatAsked = Number.isInteger(wanted) ? wanted : null;
  if (!mine && free.some((s) => seatAsked == null || s === seatAsked)) {
    // the friend says the name both players will see before sitting down
    const box = h("section", { class: "play seat-name-page", "data-game": game.id });
    main.append(box);
    nameThenSit(box, ctx, room, status, game, seatAsked);
    return { relabel: () => box.relabel?.() };
  }
  if (!mine) {
    try {
      await joinSeat(ctx, room, seatAsked);
    } catch (err) {
      ctx.toast(ctx.t("play.join_failed", { why: err.message }), "error");
    }
  }
  history.replaceState(null, "", `/?room=${encodeURIComponent(room)}`);
  return null;
}

/** Somebody opened the room's address without a seat: the free seat offered. */
export function offerSeat(root, ctx, room, status, game) {
  const offer = () => {
    const { t } = ctx;
    clear(root).append(
      h(
        "div",
        { class: "notice join-offer" },
        h("h1", {}, t("play.join_title", { game: game.name })),
        h("p", {}, t("play.join_text")),
        h(
          "div",
          { class: "card-buttons" },
          h("button", { class: "btn btn-primary", "data-action": "join", onclick: () => nameThenSit(root, ctx, room, status, game, null) }, t("play.join")),
          h("a", { class: "btn btn-ghost", href: `/?room=${room}&watch=1` }, t("play.watch")),
        ),
      ),
    );
  };
  offer();
  return { relabel: () => (root.relabel ? root.relabel() : offer()) };
}
