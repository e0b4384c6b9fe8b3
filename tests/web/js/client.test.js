import assert from "node:assert/strict";
import { test } from "node:test";
import { roomRequest } from "../../../src/tablier/web/js/views/lobby.js";
import { outcomeText, seatName } from "../../../src/tablier/web/js/views/names.js";
import { kwintyPosition } from "../../../src/tablier/web/js/views/replay.js";
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

test("seat names: given name, else computer level, else colour", () => {
  const t = makeTranslator(en, fr);
  const seats = [{ kind: "human", name: "Anne" }, { kind: "computer", level: "hard" }, { kind: "human" }];
  assert.equal(seatName(t, "kwinty", seats, 0), "Anne");
  assert.equal(seatName(t, "kwinty", seats, 1), "Computer (hard)");
  assert.equal(seatName(makeTranslator(fr), "kwinty", [], 1), "Noir");
  assert.equal(seatName(t, "unknown", [], 2), "Player 3");
});

test("outcome texts name the winner and the reason in the chosen language", () => {
  const names = (i) => ["White", "Black"][i];
  const t = makeTranslator(en, fr);
  assert.equal(outcomeText(t, "kwinty", { returns: [1, -1], reason: "line" }, names), "White wins — a line of five");
  assert.equal(outcomeText(t, "quiwin", { returns: [-1, 1], reason: "tiebreak", tiebreak_tile: 4 }, names), "Black wins — tie-break on tile 4 of palier 2");
  assert.equal(outcomeText(makeTranslator(fr), "kwinty", { returns: [0, 0], reason: "blocked" }, names).startsWith("Partie nulle"), true);
  assert.equal(outcomeText(t, "kwinty", { returns: [-1, 1], reason: "resign", seat: 0 }, names), "Black wins — White resigned");
});

test("a Kwinty replay position is rebuilt from the first moves of a record", () => {
  const record = { options: { variant: "kwinty" }, moves: [[0, "i1h"], [1, "k1v"], [0, "k3v"]], outcome: { win_cells: ["a1"] } };
  const start = kwintyPosition(record, 0);
  assert.equal(start.pieces.length, 0);
  assert.equal(start.last_move, null);
  const two = kwintyPosition(record, 2);
  assert.deepEqual(two.pieces.map((p) => p.move), ["i1h", "k1v"]);
  assert.deepEqual(two.pieces_left, [19, 19]);
  assert.equal(two.last_move, "k1v");
  assert.deepEqual(two.win_cells, []);
  const end = kwintyPosition(record, 3);
  assert.deepEqual(end.win_cells, ["a1"]);
  const span = "abcdefghijklmnopq".indexOf(end.frame[1]) - "abcdefghijklmnopq".indexOf(end.frame[0]);
  assert.ok(span >= 8);
  assert.equal(kwintyPosition({ options: { variant: "kwintie" }, moves: [] }, 0).width, 9);
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
