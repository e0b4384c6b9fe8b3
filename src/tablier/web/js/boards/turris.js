// Turris's geometry for drawing: cells, the tower's cubes, a turnable projection, and
// the moves the server offers grouped by column. No rule is computed here.

export const FILES = "abc";
export const FACES = ["A", "B", "C", "D"];

/** "b3" → {f: 1, r: 2} (file and rank from 0). */
export function cellXY(cell) {
  return { f: FILES.indexOf(cell[0]), r: Number(cell[1]) - 1 };
}

export function cellName(f, r) {
  return `${FILES[f]}${r + 1}`;
}

export const CELLS = [0, 1, 2].flatMap((r) => [0, 1, 2].map((f) => cellName(f, r)));

/** Neighbouring cells sharing a side. */
export function neighbours(cell) {
  const { f, r } = cellXY(cell);
  return [
    [f + 1, r],
    [f - 1, r],
    [f, r + 1],
    [f, r - 1],
  ]
    .filter(([a, b]) => a >= 0 && a < 3 && b >= 0 && b < 3)
    .map(([a, b]) => cellName(a, b));
}

/**
 * A move's meaning: {kind: "V", cells: [c]}, {kind: "H", cells: [a, b]},
 * {kind: "x", cell, level}, {kind: "skip"} or {kind: "pass"}; null for anything else.
 */
export function parseMove(move) {
  const text = String(move);
  if (text === "skip" || text === "pass") return { kind: text };
  let m = /^V([a-c][1-3])$/.exec(text);
  if (m) return { kind: "V", cells: [m[1]] };
  m = /^H([a-c][1-3])([a-c][1-3])$/.exec(text);
  if (m) return { kind: "H", cells: [m[1], m[2]] };
  m = /^x([a-c][1-3])@(\d+)$/.exec(text);
  if (m) return { kind: "x", cell: m[1], level: Number(m[2]) };
  return null;
}

/** The legal placements by column: {cell: [{move, kind, cells, other}]} (other: the second cell). */
export function placementsByCell(legal) {
  const out = Object.fromEntries(CELLS.map((c) => [c, []]));
  for (const move of legal) {
    const p = parseMove(move);
    if (!p || (p.kind !== "V" && p.kind !== "H")) continue;
    if (p.kind === "V") out[p.cells[0]].push({ move: String(move), kind: "V", cells: p.cells, other: null });
    else {
      const [a, b] = p.cells;
      out[a].push({ move: String(move), kind: "H", cells: p.cells, other: b });
      out[b].push({ move: String(move), kind: "H", cells: p.cells, other: a });
    }
  }
  return out;
}

/** Every cube of the tower: {cell, f, r, z, owner, piece} from the observation's pieces. */
export function cubesOf(pieces) {
  const cubes = [];
  for (const piece of pieces ?? []) {
    for (const [cell, z] of piece.cubes) {
      const { f, r } = cellXY(cell);
      cubes.push({ cell, f, r, z, owner: piece.owner, piece: piece.id });
    }
  }
  return cubes;
}

/** The id of the piece placed last (pieces are numbered in the order they were placed). */
export function lastPiece(pieces) {
  return (pieces ?? []).reduce((best, p) => (best == null || p.id > best ? p.id : best), null);
}

/**
 * The projection for an angle (radians; the tower turns about its vertical axis) and a
 * tilt (0.5: seen from the side and above; 1: from straight above, heights flattened).
 * World units: a cell is 1×1 and a cube 1 high; (f, r) is a cell's lower corner.
 */
export function projector({ angle, tilt, size = 46, height = 0.78 }) {
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const lift = (1 - (tilt - 0.5) * 2) * height * size; // no height when seen from above
  return {
    sin,
    cos,
    /** Screen point of the world point (x, y) on the base plane, at height z. */
    point(x, y, z) {
      const px = x - 1.5;
      const py = y - 1.5;
      const u = px * cos - py * sin;
      const d = px * sin + py * cos;
      return [u * size, -d * size * tilt - z * lift];
    },
    /** How far from the viewer a point of the base plane is (larger: further back). */
    depth(x, y) {
      return (x - 1.5) * sin + (y - 1.5) * cos;
    },
    /** Whether a side whose outward normal is (nx, ny) faces the viewer. */
    facing(nx, ny) {
      return nx * sin + ny * cos < -1e-9;
    },
  };
}

/** The angle that brings face `turn` (0: A … 3: D) to the front-left, its neighbour right. */
export function angleFor(turn) {
  return -Math.PI / 4 - (Math.PI / 2) * turn;
}

/** The two faces seen from the front for a turn: [left, right]. */
export function facesInFront(turn) {
  const t = ((turn % 4) + 4) % 4;
  return [FACES[t], FACES[(t + 1) % 4]];
}

// the four sides of a cell: outward normal and its two corners, counter-clockwise
export const SIDES = [
  { n: [0, -1], a: [0, 0], b: [1, 0] },
  { n: [1, 0], a: [1, 0], b: [1, 1] },
  { n: [0, 1], a: [1, 1], b: [0, 1] },
  { n: [-1, 0], a: [0, 1], b: [0, 0] },
];

/** Drawing order of cubes: further back first, then lower first. */
export function paintOrder(proj, cubes) {
  return [...cubes].sort((p, q) => {
    const dp = proj.depth(p.f + 0.5, p.r + 0.5) * 1.0001 - p.z * 0.5;
    const dq = proj.depth(q.f + 0.5, q.r + 0.5) * 1.0001 - q.z * 0.5;
    return dq - dp;
  });
}
