import assert from "node:assert/strict";
import { test } from "node:test";
import {
  cellOrigin,
  parseCell,
  parseMove,
  pieceRect,
  playableColumns,
  previewMove,
  shownColumns,
} from "../../../src/tablier/web/js/boards/kwinty.js";
import { groupHand, knownLength, newSlots, paliers, tileInfo, tileWidth } from "../../../src/tablier/web/js/boards/quiwin.js";

test("Kwinty notation: cells and moves", () => {
  assert.deepEqual(parseCell("k12"), { col: 10, row: 12 });
  assert.equal(parseCell("12"), null);
  assert.deepEqual(parseMove("i1h"), { col: 8, row: 1, dir: "h" });
  assert.equal(parseMove("pass"), null);
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

test("rows split by palier, known lengths summed", () => {
  const row = ["V22", "J23", "B24", "O?", "R23"];
  assert.deepEqual(paliers(row, [2, 4, 2]), [["V22", "J23"], ["B24", "O?", "R23"], []]);
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

