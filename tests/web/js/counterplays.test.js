import assert from "node:assert/strict";
import { test } from "node:test";
import {
  edges,
  isUp,
  levelOf,
  parseMove,
  placementsOf,
  SHAPES,
  summit,
  topTiles,
  triangle,
} from "../../../src/tablier/web/js/boards/counterplays.js";

test("cells point up when x + y is even, and neighbours share an edge", () => {
  assert.equal(isUp(0, 0), true);
  assert.equal(isUp(1, 0), false);
  assert.equal(isUp(-1, 0), false);
  // (0,0) and (1,0) share the edge from (0.5, 0) to (0, h)
  const [, right] = edges(0, 0);
  const [left] = edges(1, 0);
  assert.deepEqual(right[0], [1, 0]);
  assert.deepEqual(left[0], [0, 0]);
  const same = (a, b) => a.every((v, i) => Math.abs(v - b[i]) < 1e-9);
  assert.ok((same(right[1], left[1]) && same(right[2], left[2])) || (same(right[1], left[2]) && same(right[2], left[1])));
  assert.equal(triangle(0, 0).length, 3);
});

test("moves are read as cells; placements of one tile are grouped by the cells they cover", () => {
  assert.deepEqual(parseMove("O:1,0;2,0;3,0;1,1;2,1;3,1"), { letter: "O", cells: [[1, 0], [2, 0], [3, 0], [1, 1], [2, 1], [3, 1]] });
  assert.equal(parseMove("O:1,0"), null);
  assert.equal(parseMove("zz9"), null);
  const { placements, byCell } = placementsOf(
    ["O:1,0;2,0;3,0;1,1;2,1;3,1", "O:3,0;4,0;5,0;3,1;4,1;5,1", "C:1,0;2,0;1,1;2,1;2,2;3,2"],
    "O",
  );
  assert.equal(placements.length, 2);
  assert.equal(byCell.get("3,0").length, 2);
  assert.equal(byCell.get("1,0").length, 1);
  assert.equal(byCell.has("2,2"), false);
});

test("the top tile of a cell is the last laid there; a placement's level is one above what it rests on", () => {
  const tiles = [
    { letter: "O", cells: [[1, 0], [2, 0]] },
    { letter: "C", cells: [[2, 0], [3, 0]] },
  ];
  const top = topTiles(tiles);
  assert.equal(top.get("1,0"), 0);
  assert.equal(top.get("2,0"), 1);
  const heights = new Map([["2,0", 2], ["3,0", 2]]);
  assert.equal(levelOf([[2, 0], [3, 0]], heights), 3);
  assert.equal(levelOf([[9, 9]], heights), 1);
});

test("the summit: the highest level with tiles and each player's count there", () => {
  assert.deepEqual(summit([[3, 2], [1, 0], [0, 0]]), { level: 2, counts: [1, 0] });
  assert.deepEqual(summit([]), { level: 0, counts: [0, 0] });
});

test("twelve shapes of six triangles each", () => {
  assert.equal(Object.keys(SHAPES).join(""), "COUNTERPLAYS");
  for (const cells of Object.values(SHAPES)) assert.equal(cells.length, 6);
});
