// The WebSocket conversation of docs/protocol.md, and the pure bookkeeping of what the
// server has told us. The client never computes rules: it shows `observation` and
// offers `legal_moves`.

export const PROTOCOL_VERSION = 1;

export function helloMessage(tokens, watch = false) {
  return watch || !tokens.length
    ? { type: "hello", v: PROTOCOL_VERSION, watch: true }
    : { type: "hello", v: PROTOCOL_VERSION, tokens: [...tokens] };
}

export function moveMessage(seat, move, ref) {
  return { type: "move", seat, move: String(move), ref };
}

export function resignMessage(seat, ref) {
  return { type: "resign", seat, ref };
}

export function hintMessage(seat, ref) {
  return { type: "hint", seat, ref };
}

export function rematchMessage(seat, ref) {
  return { type: "rematch", seat, ref };
}

/** The WebSocket address of a room, from the page's own address. */
export function socketUrl(location, room) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/rooms/${encodeURIComponent(room)}`;
}

// close codes after which reconnecting cannot help
const FINAL_CLOSE_CODES = new Set([4400, 4403, 4404, 1008, 1009]);

export function shouldReconnect(code) {
  return !FINAL_CLOSE_CODES.has(code);
}

/** An empty picture of a room as far as this client knows it. */
export function emptyModel() {
  return {
    welcome: null,
    mySeats: [],
    spectator: false,
    states: {}, // seat (or "watch") -> the latest state message
    seats: [],
    gameNumber: null,
    previousOutcome: null,
    newDeal: false,
    voidDeal: null, // the last views of a void deal, kept to be shown before the new deal
    error: null,
    lastAccepted: null,
  };
}

/** The model after one server message (returns a new object; the input is unchanged). */
export function reduce(model, msg) {
  const next = { ...model, states: { ...model.states } };
  switch (msg.type) {
    case "welcome":
      next.welcome = msg;
      next.mySeats = [...msg.seats];
      next.spectator = Boolean(msg.spectator);
      next.error = null;
      break;
    case "state": {
      const key = msg.seat == null ? "watch" : String(msg.seat);
      if (model.gameNumber != null && msg.game_number > model.gameNumber) {
        // a rematch or a new deal: the old views belong to the previous game
        next.newDeal = isVoid(msg.previous_outcome);
        next.voidDeal = next.newDeal && Object.values(model.states).some((st) => st.terminal) ? { ...model.states } : null;
        next.states = {};
      }
      next.states[key] = msg;
      next.gameNumber = msg.game_number;
      next.seats = msg.seats;
      next.previousOutcome = msg.previous_outcome;
      break;
    }
    case "presence":
      next.seats = msg.seats;
      break;
    case "accepted":
      next.lastAccepted = msg;
      next.error = null;
      break;
    case "error":
      next.error = { code: msg.code, message: msg.message, ref: msg.ref ?? null };
      break;
    default:
      break;
  }
  return next;
}

/**
 * The seats a player held in a room's game `number`, from the server's list of that
 * player's games (each game with its own seating), or null when it is not listed.
 */
export function seatsInGame(playerGames, room, number) {
  const seats = (playerGames ?? []).filter((g) => g.room === room && g.game_number === number).map((g) => g.seat);
  return seats.length ? seats.sort((a, b) => a - b) : null;
}

/** Whether a welcome moves this connection to other seats than it played so far. */
export function isReseat(model, msg) {
  if (msg.type !== "welcome" || !model.welcome) return false;
  const before = [...model.mySeats].sort((a, b) => a - b).join(",");
  return before !== [...msg.seats].sort((a, b) => a - b).join(",");
}

/** Whether an outcome calls for a new deal, which the server deals at once (it says so). */
export function isVoid(outcome) {
  return Boolean(outcome?.new_deal);
}

/** The void deal's view to show before the new deal (until the player moves on), or null. */
export function heldVoidDeal(model, seat, dismissed) {
  if (dismissed || !model.voidDeal) return null;
  return stateFor({ states: model.voidDeal }, seat);
}

/** Every state the model holds, newest game only, in seat order (spectator last). */
export function allStates(model) {
  return Object.keys(model.states)
    .sort()
    .map((k) => model.states[k]);
}

/** The seat of ours whose decision is awaited now (the first one), or null. */
export function actingSeat(model) {
  for (const seat of [...model.mySeats].sort((a, b) => a - b)) {
    const st = model.states[String(seat)];
    if (st && st.legal_moves.length) return seat;
  }
  return null;
}

/**
 * Which seat's view to show. While one of our seats must act, that seat; otherwise
 * the last shown seat when we still hold it, else our first seat (spectators: null).
 */
export function viewSeat(model, lastShown) {
  const acting = actingSeat(model);
  if (acting != null) return acting;
  if (lastShown != null && model.mySeats.includes(lastShown)) return lastShown;
  return model.mySeats.length ? Math.min(...model.mySeats) : null;
}

/** The state message to draw for a seat (null: spectator). */
export function stateFor(model, seat) {
  if (seat == null) return model.states.watch ?? allStates(model)[0] ?? null;
  return model.states[String(seat)] ?? null;
}

/**
 * A same-screen game with hidden information needs a hand-over screen whenever the
 * seat to act changes from one person to another.
 */
export function needsHandOver(model, shownSeat, nextSeat) {
  const hidden = Boolean(model.welcome?.game?.hidden_information);
  return hidden && model.mySeats.length > 1 && nextSeat != null && shownSeat != null && nextSeat !== shownSeat;
}

/** Outcome summary from one seat's point of view: "win", "loss", "draw" or null. */
export function resultFor(outcome, seat) {
  if (!outcome || !Array.isArray(outcome.returns)) return null;
  if (seat == null) return null;
  const mine = outcome.returns[seat];
  if (mine > 0) return "win";
  if (mine < 0) return "loss";
  return "draw";
}

/** The winning seat of a two-player outcome, or null for a draw. */
export function winnerOf(outcome) {
  if (!outcome || !Array.isArray(outcome.returns)) return null;
  const best = Math.max(...outcome.returns);
  const top = outcome.returns.map((r, i) => [r, i]).filter(([r]) => r === best);
  return top.length === 1 && best > 0 ? top[0][1] : null;
}

/**
 * A connection to a room that re-opens itself after a network loss (with backoff)
 * and sends hello again with the same tokens, so a reload or a drop resumes the seat.
 */
export class RoomConnection {
  constructor({ url, tokens = [], watch = false, onMessage, onStatus, WebSocketImpl, timers }) {
    this.url = url;
    this.tokens = tokens;
    this.watch = watch;
    this.onMessage = onMessage ?? (() => {});
    this.onStatus = onStatus ?? (() => {});
    this.WebSocketImpl = WebSocketImpl ?? globalThis.WebSocket;
    this.timers = timers ?? { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h) };
    this.nextRef = 1;
    this.attempts = 0;
    this.stopped = false;
    this.socket = null;
    this.retry = null;
  }

  open() {
    this.stopped = false;
    const ws = new this.WebSocketImpl(this.url);
    this.socket = ws;
    this.onStatus("connecting");
    ws.onopen = () => {
      this.attempts = 0;
      ws.send(JSON.stringify(helloMessage(this.tokens, this.watch)));
      this.onStatus("open");
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    };
    ws.onclose = (event) => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.stopped) return;
      if (!shouldReconnect(event.code)) {
        this.onStatus("closed", event);
        return;
      }
      this.onStatus("reconnecting", event);
      const delay = Math.min(8000, 500 * 2 ** this.attempts);
      this.attempts += 1;
      this.retry = this.timers.setTimeout(() => this.open(), delay);
    };
  }

  /** Send a message; returns its ref, or null when the socket is not open. */
  send(message) {
    const ws = this.socket;
    if (!ws || ws.readyState !== 1) return null;
    const ref = message.ref ?? this.nextRef++;
    ws.send(JSON.stringify({ ...message, ref }));
    return ref;
  }

  move(seat, move) {
    return this.send(moveMessage(seat, move));
  }

  close() {
    this.stopped = true;
    if (this.retry) this.timers.clearTimeout(this.retry);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
  }
}

/** The events an observation lists (reveals, measures...) that appeared with move `index`. */
export function newEvents(views, index) {
  if (index === 0) return [];
  const before = views[index - 1]?.events ?? [];
  const after = views[index]?.events ?? [];
  return after.slice(before.length);
}
