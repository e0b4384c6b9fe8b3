// QuiAdiQuoi helpers: legal moves read into choices, and the cues of a change.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chooseOptions, concreteMoves, cues, discardOptions, findCard } from "../../../src/tablier/web/js/boards/quiadiquoi.js";

test("the choose phase's moves become ways to draw from each compartment", () => {
  const legal = ["take 1", "take 3 with histoire", "take 3 from 2", "steal p04", "send p04", "timeout", "name:<author>|<quote>"];
  const options = chooseOptions(legal);
  assert.deepEqual(options.comps[1], [{ move: "take 1", pay: "plain" }]);
  assert.deepEqual(options.comps[2], []);
  assert.deepEqual(options.comps[3], [
    { move: "take 3 with histoire", pay: "magic", category: "histoire" },
    { move: "take 3 from 2", pay: "stolen", from: 2 },
  ]);
  assert.deepEqual(options.cards, [{ card: "p04", steal: "steal p04", send: "send p04" }]);
  assert.equal(options.name, true);
  assert.equal(options.pass, null);
  assert.equal(chooseOptions(["pass"]).pass, "pass");
});

test("the clock's move and templates are never offered as buttons", () => {
  assert.deepEqual(concreteMoves(["abstain", "timeout", "answer:<text>"]), ["abstain"]);
});

test("discards are tokens by category, else cards to give back", () => {
  assert.deepEqual(discardOptions(["discard histoire", "discard penseurs", "timeout"]), [
    { move: "discard histoire", kind: "token", what: "histoire" },
    { move: "discard penseurs", kind: "token", what: "penseurs" },
  ]);
  assert.deepEqual(discardOptions(["return h01"]), [{ move: "return h01", kind: "card", what: "h01" }]);
});

test("a card is found in the hands with its holder", () => {
  const obs = { players: [{ cards: [] }, { cards: [{ id: "h01", category: "histoire", author: "Louis XIV" }] }] };
  assert.deepEqual(findCard(obs, "h01"), { id: "h01", category: "histoire", author: "Louis XIV", seat: 1 });
  assert.equal(findCard(obs, "zz"), null);
});

const question = (clues, answers = []) => ({ face: "blue", comp: 1, shown: "L'enfer, c'est les autres.", current: 0, clues, answers });

test("cues tell a new question, each new clue and each wrong answer once", () => {
  const asked = { phase: "answer", turn: 0, question: question(["c1"]), last: null, tournament: null };
  assert.deepEqual(cues(null, asked).map((c) => c.kind), ["question", "clue"]);
  const second = { ...asked, question: question(["c1", "c2"], [{ seat: 0, result: "wrong", text: "x" }]) };
  assert.deepEqual(cues(asked, second).map((c) => [c.kind, c.n ?? null]), [["clue", 2], ["answer", null]]);
  assert.deepEqual(cues(second, second), []);
});

test("cues tell the verdict, a tournament and each quotation recited", () => {
  const last = { card: "p04", face: "blue", winner: 1, kind: "normal", quote: "q", author: "a" };
  const before = { phase: "answer", turn: 0, question: question(["c1"]), last: null, tournament: null };
  const after = { phase: "recite", turn: 0, question: null, last, tournament: { number: 1, current: 2, recited: [], attempt: null } };
  assert.deepEqual(cues(before, after).map((c) => c.kind), ["verdict", "tournament"]);
  // the observation lists card ids only: the voice says the words as the player said them
  const recited = { ...after, tournament: { ...after.tournament, recited: [{ id: "p04" }], attempt: { seat: 2, text: "q as said", result: "right" } } };
  assert.deepEqual(cues(after, recited), [{ kind: "recited", quote: "q as said", seat: 2 }]);
  // a refused attempt adds nothing recited
  const refused = { ...after, tournament: { ...after.tournament, attempt: { seat: 2, text: "nope", result: "unknown" } } };
  assert.deepEqual(cues(after, refused), []);
});
