// The play page's state (one object the pieces share) and its drawing from the model.

import { clear, h } from "../../dom.js";
import { actingSeat, emptyModel, heldVoidDeal, needsHandOver, stateFor, viewSeat } from "../../protocol.js";
import { seatName } from "../names.js";
import { drawBanner, drawLastMove, drawNotice, drawTitle } from "./heading.js";
import { clockTicker, drawPlayers } from "./players.js";
import { drawSide } from "./side.js";

function layout(root, board) {
  const elements = {
    title: h("div", { class: "play-title" }),
    players: h("div", { class: "players", "aria-label": "" }),
    banner: h("div", { class: "banner", role: "status", "aria-live": "polite" }),
    error: h("div", { class: "play-error", role: "alert" }),
    notice: h("div", { class: "play-notice", role: "status" }),
    // what was just played, in words: a newcomer sees the computer's move said
    lastMove: h("p", { class: "last-move", "aria-live": "polite", hidden: true }),
    boardWrap: h("div", { class: "board-wrap" }, board),
    side: h("aside", { class: "side" }),
    overlay: h("div", { class: "overlay", hidden: true }),
  };
  root.append(
    elements.title,
    elements.players,
    elements.banner,
    elements.notice,
    elements.error,
    elements.lastMove,
    h("div", { class: "play-grid" }, elements.boardWrap, elements.side),
    elements.overlay,
  );
  return elements;
}

/** The seat whose view is shown now; starts a handing over when the next one needs it. */
function currentSeat(view) {
  const next = viewSeat(view.model, view.shownSeat);
  if (view.handOverTo != null) return view.shownSeat;
  if (view.shownSeat == null || next === view.shownSeat || !needsHandOver(view.model, view.shownSeat, next)) {
    view.shownSeat = next;
    return next;
  }
  view.handOverTo = next;
  return view.shownSeat;
}

// the pass-the-device screen (handover.js) is loaded with a game of hidden information,
// else the first time it is needed; until then the overlay stays hidden and empty
function drawHandover(view) {
  if (view.handOverTo == null && !view.handover) return;
  view.handover ??= import("./handover.js");
  view.handover.then((module) => module.drawOverlay(view));
}

function drawBoard(view, state, seat, held, handingOver) {
  const { ctx, board, elements, model } = view;
  // while the device changes hands nothing seat-specific stays in the page, not even
  // hidden: the board is taken out (it keeps its own state) and the side is emptied
  if (handingOver) elements.boardWrap.replaceChildren();
  else if (board.parentNode !== elements.boardWrap) elements.boardWrap.append(board);
  if (!state || handingOver) return;
  board.render({
    t: ctx.t,
    lang: ctx.lang,
    state,
    seat,
    mine: model.mySeats,
    hidden: handingOver,
    canPlay: !held && !handingOver && seat != null && state.legal_moves.length > 0,
    flip: view.flip,
    names: view.names(),
    game: view.game,
  });
  board.highlight?.(view.hints?.hintedMove(view, state) ?? null);
}

function draw(view) {
  const seat = currentSeat(view);
  const { ctx, model, elements } = view;
  const held = heldVoidDeal(model, seat, view.voidSeen === model.gameNumber);
  const state = held ?? stateFor(model, seat);
  drawTitle(view);
  drawPlayers(view, state);
  drawBanner(view, state, seat);
  drawNotice(view, held);
  drawLastMove(view, state);
  const handingOver = view.handOverTo != null;
  drawBoard(view, state, seat, held, handingOver);
  if (handingOver) clear(elements.side);
  else drawSide(view, state, seat);
  drawHandover(view);
  view.bringIntoView(state, !held && !handingOver && seat != null && actingSeat(model) != null);
  // the tab's title tells a player whose tab is in the background that it is his turn
  const myTurn = !held && actingSeat(model) != null;
  document.title = myTurn ? `● ${ctx.t("play.title_turn")} — ${view.game.name}` : `${view.game.name} — Tablier`;
}

// a phone brings the player's decision on screen (phone-scroll.js, loaded only by a
// narrow screen, from the start so that the first turn is not brought late)
function phoneScrolling(view) {
  const narrow = matchMedia("(max-width: 760px)");
  let scroller = null;
  const load = () => (scroller ??= import("./phone-scroll.js").then((module) => module.phoneScroller(view)));
  if (narrow.matches) load();
  return (state, myTurn) => {
    if (state && narrow.matches) load().then((bring) => bring(state, myTurn));
  };
}

/**
 * The page's state in `root`: the model from the server and what the player chose to
 * see. The pieces read and change it, and redraw with `view.draw()`; `view.conn` is
 * set once the socket is opened.
 */
export function createView({ root, ctx, params, room, status, game, board, hints }) {
  const view = {
    ctx, params, room, status, game, board,
    elements: layout(root, board),
    model: emptyModel(),
    shownSeat: null, handOverTo: null, connection: "connecting", flip: false, errorText: "", noticeText: "",
    hints, // hints.js, in a room with a computer seat
    hint: null, // the engine's suggestion {move, move_count}, against the computer
    lastGameNumber: null,
    reseated: false, // a welcome moved us to other seats: say so with the new game
    voidSeen: null, // the game number whose void deal the player has looked at
    conn: null,
    handover: null,
    seatsOf: () => (view.model.seats?.length ? view.model.seats : status.seats) ?? [],
    names: () => {
      const seats = view.model.seats?.length ? view.model.seats : status.seats;
      return seats.map((_, i) => seatName(ctx.t, game, seats, i));
    },
    play: (seat, move) => {
      view.errorText = "";
      if (view.conn.move(seat, move) == null) {
        view.errorText = ctx.t("play.offline");
        view.draw();
      }
    },
    draw: () => draw(view),
    drawTitle: () => drawTitle(view),
  };
  view.clock = clockTicker(view.elements.players);
  view.bringIntoView = phoneScrolling(view);
  if (game.hidden_information) view.handover = import("./handover.js");
  board.addEventListener("play-move", (e) => view.play(e.detail.seat, e.detail.move));
  return view;
}
