import assert from "node:assert/strict";
import { test } from "node:test";
import {
  actingSeat,
  emptyModel,
  helloMessage,
  isReseat,
  moveMessage,
  needsHandOver,
  reduce,
  resultFor,
  RoomConnection,
  seatsInGame,
  shouldReconnect,
  socketUrl,
  stateFor,
  viewSeat,
  winnerOf,
} from "../../../src/tablier/web/js/protocol.js";

const welcome = (seats, hidden = false) => ({
  type: "welcome",
  v: 1,
  room: "R",
  seats,
  spectator: seats.length === 0,
  game: { id: "g", hidden_information: hidden },
});
const state = (seat, extra = {}) => ({
  type: "state",
  room: "R",
  game_number: 1,
  seat,
  observation: {},
  legal_moves: [],
  awaited: [],
  moves: [],
  move_count: 0,
  terminal: false,
  outcome: null,
  seats: [],
  rematch: [],
  previous_outcome: null,
  ...extra,
});

test("hello carries the tokens, or asks to watch", () => {
  assert.deepEqual(helloMessage(["a", "b"]), { type: "hello", v: 1, tokens: ["a", "b"] });
  assert.deepEqual(helloMessage([]), { type: "hello", v: 1, watch: true });
  assert.deepEqual(helloMessage(["a"], true), { type: "hello", v: 1, watch: true });
  assert.deepEqual(moveMessage(1, "e1h", 7), { type: "move", seat: 1, move: "e1h", ref: 7 });
});

test("socket addresses follow the page's scheme and host", () => {
  assert.equal(socketUrl({ protocol: "http:", host: "h:1" }, "R 1"), "ws://h:1/ws/rooms/R%201");
  assert.equal(socketUrl({ protocol: "https:", host: "h" }, "R"), "wss://h/ws/rooms/R");
});

test("welcome and states build the model per seat without changing the old one", () => {
  const m0 = emptyModel();
  const m1 = reduce(m0, welcome([0, 1]));
  const m2 = reduce(m1, state(0, { legal_moves: ["a"], awaited: [0] }));
  const m3 = reduce(m2, state(1));
  assert.deepEqual(m1.mySeats, [0, 1]);
  assert.deepEqual(Object.keys(m3.states).sort(), ["0", "1"]);
  assert.deepEqual(m2.states["1"], undefined);
  assert.equal(m0.welcome, null);
  assert.equal(stateFor(m3, 0).legal_moves[0], "a");
});

test("a spectator's state is filed under watch", () => {
  const m = reduce(reduce(emptyModel(), welcome([])), state(null));
  assert.equal(m.spectator, true);
  assert.ok(m.states.watch);
  assert.equal(stateFor(m, null), m.states.watch);
});

test("a new game number forgets the old views and notices a void deal", () => {
  let m = reduce(reduce(emptyModel(), welcome([0, 1])), state(0));
  m = reduce(m, state(1));
  m = reduce(m, state(0, { game_number: 2, previous_outcome: { reason: "void", returns: [0, 0], new_deal: true } }));
  assert.deepEqual(Object.keys(m.states), ["0"]);
  assert.equal(m.newDeal, true);
  assert.equal(m.gameNumber, 2);
  const rematch = reduce(m, state(0, { game_number: 3, previous_outcome: { reason: "line", returns: [1, -1] } }));
  assert.equal(rematch.newDeal, false);
});

test("errors are kept until a move is accepted", () => {
  let m = reduce(emptyModel(), { type: "error", code: "illegal_move", message: "no", ref: 3 });
  assert.deepEqual(m.error, { code: "illegal_move", message: "no", ref: 3 });
  m = reduce(m, { type: "accepted", ref: 4, seat: 0, move: "x" });
  assert.equal(m.error, null);
});

test("the acting seat is the first of ours with legal moves", () => {
  let m = reduce(emptyModel(), welcome([0, 1], true));
  m = reduce(m, state(0));
  m = reduce(m, state(1, { legal_moves: ["x"], awaited: [1] }));
  assert.equal(actingSeat(m), 1);
  assert.equal(viewSeat(m, 0), 1);
  m = reduce(m, state(1));
  assert.equal(actingSeat(m), null);
  assert.equal(viewSeat(m, 1), 1);
  assert.equal(viewSeat(m, null), 0);
});

test("a hand-over is needed only for hidden games played on one screen", () => {
  const hidden = reduce(emptyModel(), welcome([0, 1], true));
  const open = reduce(emptyModel(), welcome([0, 1], false));
  const single = reduce(emptyModel(), welcome([0], true));
  assert.equal(needsHandOver(hidden, 0, 1), true);
  assert.equal(needsHandOver(hidden, 1, 1), false);
  assert.equal(needsHandOver(open, 0, 1), false);
  assert.equal(needsHandOver(single, 0, 1), false);
});

test("results and winners from the returns", () => {
  const outcome = { returns: [-1, 1], reason: "line" };
  assert.equal(resultFor(outcome, 0), "loss");
  assert.equal(resultFor(outcome, 1), "win");
  assert.equal(resultFor({ returns: [0, 0] }, 1), "draw");
  assert.equal(resultFor(outcome, null), null);
  assert.equal(winnerOf(outcome), 1);
  assert.equal(winnerOf({ returns: [0, 0] }), null);
  assert.equal(winnerOf(null), null);
});

class FakeSocket {
  static all = [];
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    FakeSocket.all.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen();
  }
}

function fakeTimers() {
  const pending = [];
  return {
    pending,
    setTimeout: (f, ms) => {
      pending.push({ f, ms });
      return pending.length;
    },
    clearTimeout: () => {},
  };
}

test("the connection says hello, numbers its requests and delivers messages", () => {
  FakeSocket.all = [];
  const got = [];
  const conn = new RoomConnection({ url: "ws://x", tokens: ["tok"], onMessage: (m) => got.push(m), WebSocketImpl: FakeSocket, timers: fakeTimers() });
  conn.open();
  const ws = FakeSocket.all[0];
  assert.equal(conn.move(0, "a1h"), null, "nothing is sent before the socket opens");
  ws.open();
  assert.deepEqual(ws.sent[0], { type: "hello", v: 1, tokens: ["tok"] });
  assert.equal(conn.move(0, "a1h"), 1);
  assert.equal(conn.move(0, "b1h"), 2);
  assert.deepEqual(ws.sent[2], { type: "move", seat: 0, move: "b1h", ref: 2 });
  ws.onmessage({ data: '{"type":"pong","ref":1}' });
  ws.onmessage({ data: "not json" });
  assert.deepEqual(got, [{ type: "pong", ref: 1 }]);
});

test("a dropped connection re-opens with growing delays and says hello again", () => {
  FakeSocket.all = [];
  const timers = fakeTimers();
  const statuses = [];
  const conn = new RoomConnection({ url: "ws://x", tokens: ["tok"], onStatus: (s) => statuses.push(s), WebSocketImpl: FakeSocket, timers });
  conn.open();
  FakeSocket.all[0].onclose({ code: 1006 });
  assert.equal(timers.pending.length, 1);
  timers.pending[0].f();
  FakeSocket.all[1].onclose({ code: 1006 });
  assert.ok(timers.pending[1].ms > timers.pending[0].ms);
  timers.pending[1].f();
  FakeSocket.all[2].open();
  assert.deepEqual(FakeSocket.all[2].sent[0], { type: "hello", v: 1, tokens: ["tok"] });
  assert.ok(statuses.includes("reconnecting"));
  assert.equal(statuses.at(-1), "open");
});

test("a refused token or unknown room is final; closing by hand stops retries", () => {
  FakeSocket.all = [];
  const timers = fakeTimers();
  const statuses = [];
  const conn = new RoomConnection({ url: "ws://x", tokens: ["bad"], onStatus: (s) => statuses.push(s), WebSocketImpl: FakeSocket, timers });
  conn.open();
  FakeSocket.all[0].onclose({ code: 4403 });
  assert.equal(timers.pending.length, 0);
  assert.equal(statuses.at(-1), "closed");
  assert.equal(shouldReconnect(4404), false);
  assert.equal(shouldReconnect(1001), true);
  const other = new RoomConnection({ url: "ws://x", WebSocketImpl: FakeSocket, timers });
  other.open();
  other.close();
  assert.equal(timers.pending.length, 0);
});

test("a void deal's final views are kept to be shown before the new deal", async () => {
  const { heldVoidDeal, isVoid } = await import("../../../src/tablier/web/js/protocol.js");
  const voidOutcome = { returns: [0, 0], reason: "void", result: "replay", new_deal: true };
  let m = reduce(reduce(emptyModel(), welcome([0], true)), state(0));
  m = reduce(m, state(0, { terminal: true, outcome: voidOutcome, move_count: 20 }));
  m = reduce(m, state(0, { game_number: 2, previous_outcome: voidOutcome }));
  assert.equal(m.newDeal, true);
  assert.equal(heldVoidDeal(m, 0, false).outcome.reason, "void");
  assert.equal(heldVoidDeal(m, 0, true), null);
  assert.equal(stateFor(m, 0).game_number, 2);
  // a rematch after a decided game keeps nothing
  let r = reduce(reduce(emptyModel(), welcome([0])), state(0, { terminal: true, outcome: { returns: [1, -1], reason: "line" } }));
  r = reduce(r, state(0, { game_number: 2, previous_outcome: { returns: [1, -1], reason: "line" } }));
  assert.equal(heldVoidDeal(r, 0, false), null);
  assert.equal(isVoid({ reason: "tiebreak" }), false);
  assert.equal(isVoid(null), false);
});

test("a later welcome reseats the connection: its seats come from the server", () => {
  let model = reduce(emptyModel(), welcome([1]));
  model = reduce(model, state(1, { game_number: 1, terminal: true }));
  assert.equal(isReseat(model, welcome([1])), false);
  assert.equal(isReseat(model, welcome([0])), true);
  assert.equal(isReseat(emptyModel(), welcome([0])), false);
  model = reduce(model, welcome([0]));
  assert.deepEqual(model.mySeats, [0]);
  model = reduce(model, state(0, { game_number: 2, legal_moves: ["i1h"], awaited: [0] }));
  assert.equal(actingSeat(model), 0);
  assert.equal(viewSeat(model, 1), 0);
  assert.deepEqual(Object.keys(model.states), ["0"]);
});

test("my seat in each game comes from the server's list of my games", () => {
  const games = [
    { room: "R", game_number: 2, seat: 0 },
    { room: "R", game_number: 1, seat: 1 },
    { room: "S", game_number: 1, seat: 1 },
  ];
  assert.deepEqual(seatsInGame(games, "R", 2), [0]);
  assert.deepEqual(seatsInGame(games, "R", 1), [1]);
  assert.equal(seatsInGame(games, "R", 3), null);
  assert.equal(seatsInGame([], "R", 1), null);
});
