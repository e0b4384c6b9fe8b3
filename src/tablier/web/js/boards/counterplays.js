// Counterplays' triangular grid for the board: where a triangle is drawn, which triangle
// is under a point, the twelve tiles' shapes and their turns (for the ghost and the
// trays), and the server's legal moves grouped by tile. No rule is decided here: what
// may be played is always one of `state.legal_moves`.

export const LETTERS = "COUNTERPLAYS";

// The shape each letter names, as in the rules pages (and games/counterplays/shapes.py).
export const TILE_CELLS = {
  C: [[1, 0], [2, 0], [1, 1], [2, 1], [2, 2], [3, 2]],
  O: [[1, 0], [2, 0], [3, 0], [1, 1], [2, 1], [3, 1]],
  U: [[1, 0], [2, 0], [3, 0], [1, 1], [3, 1], [4, 1]],
  N: [[0, 0], [1, 0], [0, 1], [1, 1], [2, 1], [2, 2]],
  T: [[0, 0], [1, 0], [-1, 1], [0, 1], [1, 1], [2, 1]],
  E: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]],
  R: [[0, 0], [1, 0], [1, 1], [2, 1], [2, 2], [3, 2]],
  P: [[0, 0], [1, 0], [1, 1], [2, 1], [3, 1], [2, 2]],
  L: [[1, 0], [2, 0], [3, 0], [4, 0], [0, 1], [1, 1]],
  A: [[0, 0], [1, 0], [-1, 1], [0, 1], [1, 1], [0, 2]],
  Y: [[0, 0], [1, 0], [0, 1], [1, 1], [2, 1], [0, 2]],
  S: [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [1, 2]],
};

const H = Math.sqrt(3) / 2;
export const ROW = H;

/** A cell points up when x + y is even. */
export const isUp = (x, y) => (((x + y) % 2) + 2) % 2 === 0;

export const cellKey = (x, y) => `${x},${y}`;

/** The three corners of triangle (x, y) in drawing units (edge = size, y grows downwards). */
export function corners(x, y, size = 1) {
  const left = ((x - 1) / 2) * size;
  const right = ((x + 1) / 2) * size;
  const mid = (x / 2) * size;
  const base = -y * H * size;
  const top = -(y + 1) * H * size;
  return isUp(x, y) ? [[left, base], [right, base], [mid, top]] : [[left, top], [right, top], [mid, base]];
}

/** The triangle's centre (its centroid) in drawing units. */
export function centre(x, y, size = 1) {
  return [(x / 2) * size, -(y + (isUp(x, y) ? 1 / 3 : 2 / 3)) * H * size];
}

/** The SVG `points` of a triangle. */
export function trianglePoints(x, y, size = 1) {
  return corners(x, y, size)
    .map(([a, b]) => `${round(a)},${round(b)}`)
    .join(" ");
}

const round = (v) => Math.round(v * 100) / 100;

/** The triangle under a point given in drawing units. */
export function cellAt(px, py, size = 1) {
  const my = -py / (H * size);
  const y = Math.floor(my);
  const f = my - y; // 0 at the row's bottom line, 1 at its top
  const u = (2 * px) / size; // half-edges from the origin
  // an up triangle (x, y) covers |u - x| <= 1 - f, a down one |u - x| <= f
  const near = Math.round(u);
  for (const x of [near, near - 1, near + 1]) {
    const reach = isUp(x, y) ? 1 - f : f;
    if (Math.abs(u - x) <= reach + 1e-9) return [x, y];
  }
  return [near, y];
}

/** Move notation `L:x,y;x,y;…` → {letter, cells}; null if it is not one. */
export function parseMove(move) {
  const m = /^([A-Z]):(.+)$/.exec(String(move ?? "").trim());
  if (!m) return null;
  const cells = m[2].split(";").map((part) => part.split(",").map(Number));
  if (cells.length !== 6 || cells.some((c) => c.length !== 2 || c.some((v) => !Number.isInteger(v)))) return null;
  return { letter: m[1], cells };
}

const byRow = (a, b) => a[1] - b[1] || a[0] - b[0];

/** A shape moved so its lowest-then-leftmost cell is (0,0) if it points up, (1,0) if down. */
export function normalise(cells) {
  const shape = [...cells].sort(byRow);
  const [mx, my] = shape[0];
  const dx = isUp(mx, my) ? -mx : 1 - mx;
  return shape.map(([x, y]) => [x + dx, y - my]);
}

/** A text naming a shape up to translation: equal for two placements of one orientation. */
export function shapeKey(cells) {
  return normalise(cells)
    .map(([x, y]) => `${x},${y}`)
    .join(";");
}

/** The shape turned a sixth of a turn anticlockwise about the grid vertex (1/2, 0). */
export function rotate60(cells) {
  const c = 0.5;
  const s = H;
  return cells.map(([x, y]) => {
    const px = x / 2 - 0.5;
    const py = y * H + (isUp(x, y) ? H / 3 : (2 * H) / 3);
    const qx = c * px - s * py + 0.5;
    const qy = s * px + c * py;
    return [Math.round(2 * qx), Math.floor(qy / H + 1e-9)];
  });
}

/** The shape mirrored left to right. */
export const reflect = (cells) => cells.map(([x, y]) => [-x, y]);

/** A tile turned `turn` sixths of a turn, mirrored first when `flipped`, normalised. */
export function turned(letter, turn = 0, flipped = false) {
  let shape = TILE_CELLS[letter];
  if (flipped) shape = reflect(shape);
  for (let i = 0; i < ((turn % 6) + 6) % 6; i += 1) shape = rotate60(shape);
  return normalise(shape);
}

/** Every distinct orientation of a tile, as {turn, flipped, key}, in turning order. */
export function orientations(letter) {
  const seen = new Map();
  for (const flipped of [false, true]) {
    for (let turn = 0; turn < 6; turn += 1) {
      const key = shapeKey(turned(letter, turn, flipped));
      if (!seen.has(key)) seen.set(key, { turn, flipped, key });
    }
  }
  return [...seen.values()];
}

/**
 * The legal moves grouped by tile letter: letter → [{move, cells, shape}]. The server
 * writes each move's cells sorted by row then position, so the first cell is the
 * lowest-leftmost one and the shape's key needs no sorting (a fast path: a position
 * may have several hundred moves).
 */
export function groupMoves(legal) {
  const groups = new Map();
  for (const move of legal) {
    const letter = move[0];
    if (move[1] !== ":") continue;
    const cells = [];
    for (const part of move.slice(2).split(";")) {
      const comma = part.indexOf(",");
      cells.push([Number(part.slice(0, comma)), Number(part.slice(comma + 1))]);
    }
    if (cells.length !== 6 || cells.some(([x, y]) => !Number.isInteger(x) || !Number.isInteger(y))) continue;
    let list = groups.get(letter);
    if (!list) {
      list = [];
      groups.set(letter, list);
    }
    list.push({ move, cells, shape: sortedShapeKey(cells) });
  }
  return groups;
}

/** `shapeKey` for cells already sorted by row then position. */
function sortedShapeKey(cells) {
  for (let i = 1; i < cells.length; i += 1) {
    if (byRow(cells[i - 1], cells[i]) > 0) return shapeKey(cells);
  }
  const [mx, my] = cells[0];
  const dx = isUp(mx, my) ? -mx : 1 - mx;
  let key = "";
  for (let i = 0; i < cells.length; i += 1) key += `${i ? ";" : ""}${cells[i][0] + dx},${cells[i][1] - my}`;
  return key;
}

/**
 * The triangles a chosen tile may cover: `all` for any of its placements, `now` for the
 * placements of the orientation shown (`shape`); both are sets of "x,y" keys.
 */
export function spotsOf(placements, shape) {
  const all = new Set();
  const now = new Set();
  for (const p of placements) {
    const here = p.shape === shape;
    for (const [x, y] of p.cells) {
      const key = `${x},${y}`;
      all.add(key);
      if (here) now.add(key);
    }
  }
  return { all, now };
}

/** The centre of a set of cells in drawing units. */
export function middle(cells, size = 1) {
  let sx = 0;
  let sy = 0;
  for (const [x, y] of cells) {
    const [cx, cy] = centre(x, y, size);
    sx += cx;
    sy += cy;
  }
  return [sx / cells.length, sy / cells.length];
}

/**
 * The placement a ghost at point (px, py) snaps to: among `placements` of the shape
 * `shape`, one covering the triangle under the point (the nearest by centre), else the
 * nearest whose centre is within `radius` edges; null when none is close.
 */
export function snap(placements, shape, px, py, size = 1, radius = 1.3) {
  const [cx, cy] = cellAt(px, py, size);
  let best = null;
  let bestScore = Infinity;
  for (const p of placements) {
    if (p.shape !== shape) continue;
    const [mx, my] = middle(p.cells, size);
    const d = Math.hypot(mx - px, my - py) / size;
    const covers = p.cells.some(([x, y]) => x === cx && y === cy);
    const score = covers ? d : d + 100;
    if ((covers || d <= radius) && score < bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

/** The placements covering triangle (x, y), those of shape `first` first. */
export function covering(placements, x, y, first = null) {
  const found = placements.filter((p) => p.cells.some(([a, b]) => a === x && b === y));
  return found.sort((a, b) => (a.shape === first ? 0 : 1) - (b.shape === first ? 0 : 1));
}

/** The placements in reading order (top row first, then left to right) for the keyboard. */
export function readingOrder(placements) {
  return [...placements].sort((a, b) => {
    const [ax, ay] = middle(a.cells);
    const [bx, by] = middle(b.cells);
    return ay - by || ax - bx;
  });
}

/** The smallest box (drawing units) around some cells, with a margin in edges. */
export function bounds(cells, size = 1, margin = 0) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of cells) {
    for (const [a, b] of corners(x, y, size)) {
      x0 = Math.min(x0, a);
      y0 = Math.min(y0, b);
      x1 = Math.max(x1, a);
      y1 = Math.max(y1, b);
    }
  }
  if (x0 === Infinity) return { x: -margin * size, y: -margin * size, w: 2 * margin * size, h: 2 * margin * size };
  const m = margin * size;
  return { x: x0 - m, y: y0 - m, w: x1 - x0 + 2 * m, h: y1 - y0 + 2 * m };
}

/**
 * The edges of a set of cells where the owner changes: `group(x, y)` names the group a
 * cell belongs to (null for none). Returns [[x1, y1, x2, y2]] segments in drawing units.
 */
export function outline(cells, group, size = 1) {
  const segments = [];
  for (const [x, y] of cells) {
    const mine = group(x, y);
    const [a, b, c] = corners(x, y, size);
    // the three sides and the neighbour across each: left, right, and base/top
    const sides = isUp(x, y)
      ? [[a, c, [x - 1, y]], [b, c, [x + 1, y]], [a, b, [x, y - 1]]]
      : [[a, c, [x - 1, y]], [b, c, [x + 1, y]], [a, b, [x, y + 1]]];
    for (const [p, q, [nx, ny]] of sides) {
      if (group(nx, ny) !== mine) segments.push([p[0], p[1], q[0], q[1]]);
    }
  }
  return segments;
}

/** Who leads at the top level: {level, counts: [w, b], leader: 0 | 1 | null}. */
export function summit(levelCounts) {
  const level = levelCounts?.length ?? 0;
  if (!level) return { level: 0, counts: [0, 0], leader: null };
  const counts = levelCounts[level - 1];
  const leader = counts[0] === counts[1] ? null : counts[0] > counts[1] ? 0 : 1;
  return { level, counts, leader };
}

/**
 * The final count in the order it is read: from the top level down (goal "highest") or
 * from level 1 up ("lowest"); each row {level, counts, deciding}.
 */
export function countRows(levelCounts, goal = "highest", decidedAt = null) {
  const rows = (levelCounts ?? []).map((counts, i) => ({ level: i + 1, counts, deciding: i + 1 === decidedAt }));
  return goal === "lowest" ? rows : rows.reverse();
}
