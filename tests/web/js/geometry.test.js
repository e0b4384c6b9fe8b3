import assert from "node:assert/strict";
import { test } from "node:test";
import {
  cellOrigin,
  heightsOf,
  parseCell,
  parseMove,
  pieceCells,
  pieceRect,
  piecesAfter,
  playableColumns,
  previewMove,
  shownColumns,
} from "../../../src/tablier/web/js/kwinty.js";
import { groupHand, knownLength, newSlots, palierOfStep, paliers, tileInfo, tileWidth } from "../../../src/tablier/web/js/quiwin.js";

test("Kwinty notation: cells and moves", () => {
  assert.deepEqual(parseCell("k12"), { col: 10, row: 12 });
  assert.equal(parseCell("12"), null);
  assert.deepEqual(parseMove("i1h"), { col: 8, row: 1, dir: "h" });
  assert.equal(parseMove("pass"), null);
  assert.deepEqual(pieceCells("i1h"), ["i1", "j1"]);
  assert.deepEqual(pieceCells("k1v"), ["k1", "k2"]);
});

test("the preview picks the legal landing in the hovered column", () => {
  const legal = ["g1h", "l1h", "i2h", "h1v", "l1v", "k5v"];
  assert.equal(previewMove(legal, 6, "h"), "g1h");
  assert.equal(previewMove(legal, 10, "v"), "k5v");
  // a horizontal piece can also be aimed by its right half
  assert.equal(previewMove(legal, 12, "h"), "l1h");
  assert.equal(previewMove(legal, 7, "h"), "g1h");
  assert.equal(previewMove(legal, 0, "h"), null);
  assert.equal(previewMove(legal, 9, "v"), null);
  assert.deepEqual(playableColumns(legal, "v", 17), [7, 10, 11]);
});

test("pieces and heights are rebuilt from a move list", () => {
  const pieces = piecesAfter([[0, "i1h"], [1, "k1v"], [0, "pass"], [0, "k3v"]]);
  assert.deepEqual(pieces.map((p) => p.cells), [["i1", "j1"], ["k1", "k2"], ["k3", "k4"]]);
  assert.deepEqual(pieces.map((p) => p.player), [0, 1, 0]);
  const heights = heightsOf(pieces, 12);
  assert.equal(heights[8], 1);
  assert.equal(heights[9], 1);
  assert.equal(heights[10], 4);
  assert.equal(heights[0], 0);
});

test("screen geometry: rows grow upwards, flipping mirrors the columns", () => {
  const geo = { size: 40, height: 9, first: 2, last: 10, flip: false };
  assert.deepEqual(cellOrigin(2, 9, geo), { x: 0, y: 0 });
  assert.deepEqual(cellOrigin(3, 1, geo), { x: 40, y: 320 });
  assert.deepEqual(cellOrigin(3, 1, { ...geo, flip: true }), { x: 280, y: 320 });
  assert.deepEqual(pieceRect("c1h", geo), { x: 0, y: 320, w: 80, h: 40 });
  assert.deepEqual(pieceRect("c1h", { ...geo, flip: true }), { x: 280, y: 320, w: 80, h: 40 });
  assert.deepEqual(pieceRect("c1v", geo), { x: 0, y: 280, w: 40, h: 80 });
});

test("the shown columns are the frame, widened to hold every piece", () => {
  const obs = { width: 17, frame: ["c", "k"], pieces: [{ cells: ["b1", "c1"] }] };
  assert.deepEqual(shownColumns(obs), { first: 1, last: 10 });
  assert.deepEqual(shownColumns({ width: 9, pieces: [] }), { first: 0, last: 8 });
});

test("Qui'win tiles: colour and length, hidden lengths", () => {
  assert.deepEqual(tileInfo("O25"), { code: "O25", colour: "O", name: "orange", length: 25 });
  assert.equal(tileInfo("R?").length, null);
  assert.equal(tileInfo("X22"), null);
  assert.equal(tileWidth("V22", 4), 88);
  assert.ok(tileWidth("O25", 4) > tileWidth("J23", 4));
  assert.equal(tileWidth("O?", 4), 96);
});

test("rows split by palier, steps located, known lengths summed", () => {
  const row = ["V22", "J23", "B24", "O?", "R23"];
  assert.deepEqual(paliers(row, [2, 4, 2]), [["V22", "J23"], ["B24", "O?", "R23"], []]);
  assert.deepEqual(palierOfStep(0, [2, 4, 2]), { palier: 1, slot: 1 });
  assert.deepEqual(palierOfStep(5, [2, 4, 2]), { palier: 2, slot: 4 });
  assert.deepEqual(palierOfStep(7, [2, 4, 2]), { palier: 3, slot: 2 });
  assert.equal(palierOfStep(8, [2, 4, 2]), null);
  assert.deepEqual(knownLength(row), { total: 92, hidden: 1 });
});

test("the reveal animates only the tiles laid since the last view", () => {
  assert.deepEqual(newSlots([["V22"], ["J23"]], [["V22", "B24"], ["J23", "O?"]]), [[1], [1]]);
  assert.deepEqual(newSlots(null, [["V22"], []]), [[], []]);
  assert.deepEqual(groupHand(["B24", "J23", "J23", "O25"]), [
    { code: "B24", count: 1 },
    { code: "J23", count: 2 },
    { code: "O25", count: 1 },
  ]);
});

// the events of a real finished deal (engine seed 1, random play), as a spectator sees them
const DEAL_EVENTS = [
  { type: "reveal", step: 1, tiles: ["J23", "R25"] },
  { type: "declare", step: 1, declared: [null, "pass"] },
  { type: "reveal", step: 2, tiles: ["O23", "B24"] },
  { type: "declare", step: 2, declared: ["change", "change"] },
  { type: "coin", pawn: "change", winner: 0 },
  { type: "lapse", player: 1, pawn: "change" },
  { type: "change", player: 0, target: 1, slot: 2, removed: "B24", drawn: "O23" },
  { type: "measure", palier: 1, lengths: [46, 48], winner: 0 },
  { type: "reveal", step: 3, tiles: ["R23", "R24"] },
  { type: "reveal", step: 4, tiles: ["J23", "B24"] },
  { type: "declare", step: 4, declared: [null, "transfer"] },
  { type: "transfer", player: 1, slot: 2, tile: "B24" },
  { type: "swap", player: 0, slot: 2, removed: "J23", received: "B24", drawn: "R23" },
  { type: "reveal", step: 5, tiles: ["O25", "V22"] },
  { type: "reveal", step: 6, tiles: ["V22", "B24"] },
  { type: "measure", palier: 2, lengths: [140, 141], winner: 1 },
  { type: "reveal", step: 7, tiles: ["O25", "O25"] },
  { type: "reveal", step: 8, tiles: ["B24", "J23"] },
  { type: "measure", palier: 3, lengths: [189, 189], winner: null },
];

test("a Qui'win replay rebuilds every position from the deal's events", async () => {
  const { quiwinFrames } = await import("../../../src/tablier/web/js/quiwin.js");
  const frames = quiwinFrames(DEAL_EVENTS);
  assert.equal(frames.length, DEAL_EVENTS.filter((e) => e.type !== "declare").length);
  // the engine's final rows for this deal
  assert.deepEqual(frames.at(-1).rows, [
    ["J23", "O23", "R23", "B24", "O25", "V22", "O25", "B24"],
    ["R25", "O23", "R24", "R23", "V22", "B24", "O25", "J23"],
  ]);
  assert.deepEqual(frames.at(-1).set_aside.map((a) => a.tile), ["B24", "J23"]);
  assert.deepEqual(frames.at(-1).action_pawns, { change: 0, transfer: 1 });
  const afterChange = frames.find((f) => f.event.type === "change");
  assert.deepEqual(afterChange.rows, [["J23", "O23"], ["R25", "O23"]]);
  const afterPalier1 = frames.find((f) => f.event.type === "measure");
  assert.deepEqual(afterPalier1.standing, { leader: 0, pawns: ["down", "up"] });
  // palier 2 won by the other player: level again
  assert.deepEqual(frames.at(-2).standing.pawns, ["right", "right"]);
  assert.equal(frames[0].rows[0].length, 1);
});
