import assert from "node:assert/strict";
import { test } from "node:test";
import { roomRequest } from "../../../src/tablier/web/js/views/lobby.js";
import { outcomeText, seatName } from "../../../src/tablier/web/js/views/names.js";
import { newEvents } from "../../../src/tablier/web/js/protocol.js";
import { replayState } from "../../../src/tablier/web/js/views/replay.js";
import { makeTranslator } from "../../../src/tablier/web/js/i18n.js";
import { Store } from "../../../src/tablier/web/js/store.js";
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";

globalThis.crypto ??= webcrypto;

const fr = JSON.parse(readFileSync(new URL("../../../src/tablier/web/i18n/fr.json", import.meta.url), "utf8"));
const en = JSON.parse(readFileSync(new URL("../../../src/tablier/web/i18n/en.json", import.meta.url), "utf8"));
const game = { id: "kwinty", min_players: 2, max_players: 2 };

test("creating a game: a friend online leaves the other seat open", () => {
  const body = roomRequest({ game, options: {}, opponent: "online", first: "lots", name: "Anne", playerId: "p" });
  assert.deepEqual(body.seats, [{ kind: "human", mine: true, name: "Anne" }, { kind: "human" }]);
  assert.equal(body.seating, undefined);
  assert.equal(body.player_id, "p");
});

test("creating a game: same screen takes every seat; computer seats carry the level", () => {
  const local = roomRequest({ game, options: {}, opponent: "local", first: "me", playerId: "p" });
  assert.deepEqual(local.seats, [{ kind: "human", mine: true }, { kind: "human", mine: true }]);
  const cpu = roomRequest({ game, options: { variant: "kwintie" }, opponent: "computer", level: "hard", first: "other", playerId: "p" });
  assert.deepEqual(cpu.seats, [{ kind: "computer", level: "hard" }, { kind: "human", mine: true }]);
  assert.equal(cpu.seating, "as_listed");
  assert.deepEqual(cpu.options, { variant: "kwintie" });
  const party = roomRequest({ game: { id: "q", min_players: 3, max_players: 6 }, options: {}, opponent: "computer", level: "easy", players: 4, playerId: "p" });
  assert.equal(party.seats.length, 4);
  assert.equal(party.players, 4);
});

// what the server describes: seat names in both languages
const kwinty = { id: "kwinty", seat_names: { fr: ["Blanc", "Noir"], en: ["White", "Black"] } };
const english = () => Object.assign(makeTranslator(en, fr), { lang: "en" });
const french = () => Object.assign(makeTranslator(fr), { lang: "fr" });

test("seat names: given name, else computer level, else the game's seat name, else a number", () => {
  const t = english();
  const seats = [{ kind: "human", name: "Anne" }, { kind: "computer", level: "hard" }, { kind: "human" }];
  assert.equal(seatName(t, kwinty, seats, 0), "Anne");
  assert.equal(seatName(t, kwinty, seats, 1), "Computer (hard)");
  assert.equal(seatName(french(), kwinty, [], 1), "Noir");
  assert.equal(seatName(t, kwinty, [], 1), "Black");
  assert.equal(seatName(t, { id: "unknown" }, [], 2), "Player 3");
});

test("outcome texts name the winner and the server's reason in the chosen language", () => {
  const names = (i) => ["White", "Black"][i];
  const line = { returns: [1, -1], reason: "line", reason_text: { fr: "une ligne de cinq", en: "a line of five" } };
  assert.equal(outcomeText(english(), line, names), "White wins — a line of five");
  assert.equal(outcomeText(french(), line, names), "White gagne — une ligne de cinq");
  const blocked = { returns: [0, 0], reason: "blocked", reason_text: { fr: "bloqué", en: "blocked" } };
  assert.equal(outcomeText(french(), blocked, names).startsWith("Partie nulle"), true);
  // the platform's own reasons use the names the page shows
  assert.equal(outcomeText(english(), { returns: [-1, 1], reason: "resign", seat: 0 }, names), "Black wins — White resigned");
  // an older server without texts: the reason's code rather than nothing
  assert.equal(outcomeText(english(), { returns: [1, -1], reason: "line" }, names), "White wins — line");
});

test("a replay draws the server's view after each move, with the server's verdict at the end", () => {
  const record = { moves: [[0, "i1h"], [1, "k1v"]], outcome: { returns: [-1, 1], reason: "resign", seat: 0 } };
  const views = [
    { moves: [], awaited: [0], pieces: [] },
    { moves: [[0, "i1h"]], awaited: [1], pieces: ["a"] },
    { moves: [[0, "i1h"], [1, "k1v"]], awaited: [0], pieces: ["a", "b"] },
  ];
  const middle = replayState(views, 1, record, "r1", 2);
  assert.equal(middle.observation, views[1]);
  assert.deepEqual(middle.legal_moves, []);
  assert.deepEqual(middle.awaited, [1]);
  assert.equal(middle.terminal, false);
  assert.equal(middle.outcome, null);
  assert.equal(middle.move_count, 1);
  assert.equal(middle.game_number, 2);
  const end = replayState(views, 2, record, "r1", 2);
  assert.equal(end.terminal, true);
  assert.deepEqual(end.awaited, []);
  assert.deepEqual(end.outcome, record.outcome);
});

test("a replay step's caption names the events that appeared with it", () => {
  const views = [{ events: [] }, { events: [] }, { events: [{ type: "reveal" }, { type: "measure" }] }];
  assert.deepEqual(newEvents(views, 0), []);
  assert.deepEqual(newEvents(views, 1), []);
  assert.deepEqual(newEvents(views, 2).map((e) => e.type), ["reveal", "measure"]);
});

class MemoryStorage {
  constructor() {
    this.data = new Map();
  }
  getItem(k) {
    return this.data.has(k) ? this.data.get(k) : null;
  }
  setItem(k, v) {
    this.data.set(k, String(v));
  }
}

test("the store keeps one player id, the language and seat tokens per room", () => {

  const storage = new MemoryStorage();
  const store = new Store(storage);
  const id = store.playerId();
  assert.match(id, /^[0-9a-f]{24}$/);
  assert.equal(new Store(storage).playerId(), id);
  assert.equal(store.lang(), null);
  store.setLang("en");
  assert.equal(new Store(storage).lang(), "en");
  store.saveSeats("R", "kwinty", [{ seat: 1, token: "b" }]);
  store.saveSeats("R", "kwinty", [{ seat: 0, token: "a" }]);
  assert.deepEqual(store.tokens("R"), ["a", "b"]);
  assert.deepEqual(store.tokens("other"), []);
  store.forgetRoom("R");
  assert.deepEqual(store.rooms(), {});
  storage.setItem("tablier.rooms", "{broken");
  assert.deepEqual(store.rooms(), {});
});

test("the store follows the seat the server gives a single token after a reseating", () => {
  const store = new Store(new MemoryStorage());
  store.saveSeats("R", "kwinty", [{ seat: 1, token: "t" }]);
  store.reseat("R", [0]);
  assert.deepEqual(store.room("R").seats, [{ seat: 0, token: "t" }]);
  assert.deepEqual(store.tokens("R"), ["t"]);
  // several tokens (one screen): which token went where is not said, nothing changes
  store.saveSeats("S", "kwinty", [{ seat: 0, token: "a" }, { seat: 1, token: "b" }]);
  store.reseat("S", [0, 1]);
  assert.deepEqual(store.room("S").seats.map((s) => s.token), ["a", "b"]);
  assert.equal(store.reseat("unknown", [0]), null);
});

test("clocks: the chosen clock goes into the request; times read m:ss", async () => {
  const { formatClock } = await import("../../../src/tablier/web/js/views/play.js");
  const body = roomRequest({ game, options: {}, opponent: "online", first: "me", clock: "blitz", playerId: "p" });
  assert.deepEqual(body.clock, { mode: "total", seconds: 300, increment: 5 });
  assert.equal(roomRequest({ game, options: {}, opponent: "online", first: "me", playerId: "p" }).clock, undefined);
  assert.equal(formatClock(300), "5:00");
  assert.equal(formatClock(59.2), "1:00");
  assert.equal(formatClock(4.01), "0:05");
  assert.equal(formatClock(-3), "0:00");
  assert.equal(formatClock(3725), "1:02:05");
});
