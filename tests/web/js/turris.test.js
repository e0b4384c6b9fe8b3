import assert from "node:assert/strict";
import { test } from "node:test";
import {
  angleFor,
  cellXY,
  cubesOf,
  facesInFront,
  lastPiece,
  neighbours,
  paintOrder,
  parseMove,
  placementsByCell,
  projector,
} from "../../../src/tablier/web/js/boards/turris.js";

test("moves are read as the engine writes them", () => {
  assert.deepEqual(parseMove("Vb2"), { kind: "V", cells: ["b2"] });
  assert.deepEqual(parseMove("Ha1b1"), { kind: "H", cells: ["a1", "b1"] });
  assert.deepEqual(parseMove("xa3@7"), { kind: "x", cell: "a3", level: 7 });
  assert.deepEqual(parseMove("skip"), { kind: "skip" });
  assert.equal(parseMove("Vd4"), null);
  assert.equal(parseMove("zz9"), null);
});

test("the offered placements are grouped by column, a horizontal one under both cells", () => {
  const by = placementsByCell(["Vb2", "Ha1b1", "xa1@3", "skip"]);
  assert.deepEqual(by.b2.map((o) => o.move), ["Vb2"]);
  assert.deepEqual(by.a1.map((o) => [o.move, o.other]), [["Ha1b1", "b1"]]);
  assert.deepEqual(by.b1.map((o) => [o.move, o.other]), [["Ha1b1", "a1"]]);
  assert.deepEqual(by.c3, []);
});

test("cells, neighbours and cubes", () => {
  assert.deepEqual(cellXY("c3"), { f: 2, r: 2 });
  assert.deepEqual(neighbours("a1").sort(), ["a2", "b1"]);
  assert.deepEqual(neighbours("b2").sort(), ["a2", "b1", "b3", "c2"]);
  const pieces = [
    { id: 0, owner: 0, cubes: [["a1", 1], ["a1", 2]] },
    { id: 3, owner: 1, cubes: [["b1", 1], ["c1", 1]] },
  ];
  const cubes = cubesOf(pieces);
  assert.equal(cubes.length, 4);
  assert.deepEqual(cubes[2], { cell: "b1", f: 1, r: 0, z: 1, owner: 1, piece: 3 });
  assert.equal(lastPiece(pieces), 3);
  assert.equal(lastPiece([]), null);
});

test("a quarter-turn brings the next face to the front", () => {
  assert.deepEqual(facesInFront(0), ["A", "B"]);
  assert.deepEqual(facesInFront(1), ["B", "C"]);
  assert.deepEqual(facesInFront(-1), ["D", "A"]);
  // seen from faces A and B, the sides towards rank 1 and file c face the viewer
  const p = projector({ angle: angleFor(0), tilt: 0.5 });
  assert.equal(p.facing(0, -1), true);
  assert.equal(p.facing(1, 0), true);
  assert.equal(p.facing(0, 1), false);
  assert.equal(p.facing(-1, 0), false);
  // the front corner (c1) is nearest, the back corner (a3) furthest
  assert.ok(p.depth(2.5, 0.5) < p.depth(0.5, 2.5));
  // a higher point is higher on the screen
  assert.ok(p.point(1, 1, 2)[1] < p.point(1, 1, 0)[1]);
  // from above, heights vanish
  const above = projector({ angle: angleFor(0), tilt: 1 });
  assert.equal(above.point(1, 1, 5)[1], above.point(1, 1, 0)[1]);
});

test("cubes are painted from the back and from below", () => {
  const p = projector({ angle: angleFor(0), tilt: 0.5 });
  const order = paintOrder(p, [
    { f: 2, r: 0, z: 1, id: "front" },
    { f: 0, r: 2, z: 1, id: "back" },
    { f: 0, r: 2, z: 2, id: "back-up" },
  ]).map((c) => c.id);
  assert.deepEqual(order, ["back", "back-up", "front"]);
  // after half a turn the other corner is in front
  const turned = projector({ angle: angleFor(2), tilt: 0.5 });
  assert.deepEqual(paintOrder(turned, [{ f: 2, r: 0, z: 1, id: "c1" }, { f: 0, r: 2, z: 1, id: "a3" }]).map((c) => c.id), ["c1", "a3"]);
});
