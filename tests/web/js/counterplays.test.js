import assert from "node:assert/strict";
import { test } from "node:test";
import {
  LETTERS,
  TILE_CELLS,
  bounds,
  cellAt,
  centre,
  corners,
  countRows,
  covering,
  groupMoves,
  isUp,
  normalise,
  orientations,
  outline,
  parseMove,
  readingOrder,
  shapeKey,
  snap,
  spotsOf,
  summit,
  turned,
} from "../../../src/tablier/web/js/boards/counterplays.js";

const HEXAGON = "O:1,0;2,0;3,0;1,1;2,1;3,1";

test("triangles point up when x + y is even, their corners agree", () => {
  assert.equal(isUp(0, 0), true);
  assert.equal(isUp(1, 0), false);
  assert.equal(isUp(-1, 0), false);
  assert.equal(isUp(-1, -1), true);
  // an up triangle's base is the row's bottom line (y grows downwards when drawn)
  assert.deepEqual(corners(0, 0, 2), [[-1, -0], [1, -0], [0, -Math.sqrt(3)]]);
  // its neighbour to the right shares the edge from (1, 0) to (0, -√3)
  const right = corners(1, 0, 2).map((p) => p.map((v) => Math.round(v * 1000)));
  assert.ok(right.some(([a, b]) => a === 1000 && b === 0));
  assert.ok(right.some(([a, b]) => a === 0 && b === -1732));
});

test("the triangle under a point is found, at the centre and near the corners", () => {
  for (let y = -4; y <= 4; y += 1) {
    for (let x = -6; x <= 6; x += 1) {
      const [cx, cy] = centre(x, y, 30);
      assert.deepEqual(cellAt(cx, cy, 30), [x, y], `${x},${y}`);
      // a point two thirds of the way from the centre to each corner is still inside
      for (const [a, b] of corners(x, y, 30)) {
        assert.deepEqual(cellAt(cx + ((a - cx) * 2) / 3, cy + ((b - cy) * 2) / 3, 30), [x, y]);
      }
    }
  }
});

test("moves are parsed, anything else is not a move", () => {
  assert.deepEqual(parseMove(HEXAGON), { letter: "O", cells: [[1, 0], [2, 0], [3, 0], [1, 1], [2, 1], [3, 1]] });
  assert.equal(parseMove("O:1,0;2,0"), null);
  assert.equal(parseMove("pass"), null);
  assert.equal(parseMove("O:1,0;2,0;3,0;1,1;2,1;x,1"), null);
});

test("turning and mirroring give the rules' 94 orientations", () => {
  const counts = Object.fromEntries(LETTERS.split("").map((l) => [l, orientations(l).length]));
  assert.equal(counts.O, 1);
  assert.equal(counts.E, 3);
  assert.equal(Object.values(counts).reduce((a, b) => a + b), 94);
  // six turns come back to the start; a turned shape keeps six joined cells
  for (const letter of LETTERS) {
    assert.equal(shapeKey(turned(letter, 6)), shapeKey(TILE_CELLS[letter]));
    assert.notEqual(shapeKey(turned(letter, 0, true)), undefined);
    const shape = turned(letter, 1, true);
    assert.equal(new Set(shape.map(String)).size, 6);
  }
  // a translation by an even step is the same orientation
  const moved = TILE_CELLS.R.map(([x, y]) => [x + 5, y + 3]);
  assert.equal(shapeKey(moved), shapeKey(TILE_CELLS.R));
  assert.deepEqual(normalise([[4, 2], [3, 2], [5, 2], [3, 3], [4, 3], [5, 3]]), [[1, 0], [2, 0], [3, 0], [1, 1], [2, 1], [3, 1]]);
});

test("legal moves are grouped by tile with their orientation", () => {
  const legal = [HEXAGON, "R:0,0;1,0;1,1;2,1;2,2;3,2", "R:2,0;3,0;3,1;4,1;4,2;5,2", "A:0,0;1,0;-1,1;0,1;1,1;0,2"];
  const groups = groupMoves(legal);
  assert.deepEqual([...groups.keys()], ["O", "R", "A"]);
  assert.equal(groups.get("R").length, 2);
  assert.equal(groups.get("R")[0].shape, groups.get("R")[1].shape);
  assert.equal(groups.get("R")[0].shape, shapeKey(turned("R", 0)));
});

test("the ghost snaps to the placement under the pointer, else to a near one, else none", () => {
  const rs = groupMoves(["R:0,0;1,0;1,1;2,1;2,2;3,2", "R:4,0;5,0;5,1;6,1;6,2;7,2"]).get("R");
  const shape = rs[0].shape;
  const [px, py] = centre(1, 1, 30);
  assert.equal(snap(rs, shape, px, py, 30).move, rs[0].move);
  const [qx, qy] = centre(6, 1, 30);
  assert.equal(snap(rs, shape, qx, qy, 30).move, rs[1].move);
  // another orientation never snaps, nor does a far point
  assert.equal(snap(rs, "other", px, py, 30), null);
  const [fx, fy] = centre(20, 9, 30);
  assert.equal(snap(rs, shape, fx, fy, 30), null);
});

test("the placements covering a triangle, the current orientation first", () => {
  const list = groupMoves(["A:0,0;1,0;-1,1;0,1;1,1;0,2", "A:1,1;0,2;1,2;2,2;1,3;2,3", "A:4,0;5,0;3,1;4,1;5,1;4,2"]).get("A");
  assert.deepEqual(
    covering(list, 0, 2, list[1].shape).map((p) => p.move),
    [list[1].move, list[0].move],
  );
  assert.deepEqual(covering(list, 9, 9), []);
  assert.deepEqual(readingOrder(list).map((p) => p.move)[0], list[1].move);
});

test("a tile's outline follows its border, the box holds it", () => {
  const { cells } = parseMove(HEXAGON);
  const inside = new Set(cells.map(String));
  const edges = outline(cells, (x, y) => (inside.has(`${x},${y}`) ? "O" : null), 10);
  assert.equal(edges.length, 6);
  const box = bounds(cells, 10, 1);
  assert.ok(box.w > 20 && box.h > 17);
  assert.deepEqual(bounds([], 10, 2), { x: -20, y: -20, w: 40, h: 40 });
});

test("who leads at the top, and the final count in reading order", () => {
  assert.deepEqual(summit([[6, 7], [4, 4], [2, 1]]), { level: 3, counts: [2, 1], leader: 0 });
  assert.equal(summit([[1, 1]]).leader, null);
  assert.equal(summit([]).level, 0);
  const top = countRows([[6, 7], [4, 4], [2, 1]], "highest", 3);
  assert.deepEqual(top.map((r) => r.level), [3, 2, 1]);
  assert.deepEqual(top.map((r) => r.deciding), [true, false, false]);
  const low = countRows([[6, 7], [4, 4], [2, 1]], "lowest", 1);
  assert.deepEqual(low.map((r) => r.level), [1, 2, 3]);
  assert.equal(low[0].deciding, true);
});

test("a chosen tile's spots: every triangle it may cover, and those of the turn shown", () => {
  const list = groupMoves(["A:0,0;1,0;-1,1;0,1;1,1;0,2", "A:2,0;3,0;3,1;4,1;5,1;4,2"]).get("A");
  const { all, now } = spotsOf(list, list[0].shape);
  assert.equal(all.size, 12);
  assert.deepEqual([...now].sort(), ["-1,1", "0,0", "0,1", "0,2", "1,0", "1,1"]);
});

test("grouping gives the same orientation whatever the order the cells come in", () => {
  const sorted = groupMoves(["R:0,0;1,0;1,1;2,1;2,2;3,2"]).get("R")[0];
  const shuffled = groupMoves(["R:2,2;0,0;1,1;3,2;1,0;2,1"]).get("R")[0];
  assert.equal(sorted.shape, shuffled.shape);
  assert.equal(sorted.shape, shapeKey(turned("R", 0)));
  assert.equal(groupMoves(["pass", "R:0,0;1,0", "R:0,0;1,0;1,1;2,1;2,2;x,2"]).size, 0);
});
