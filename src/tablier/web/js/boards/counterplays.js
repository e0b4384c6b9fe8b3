// Counterplays's geometry for drawing: the triangular grid, the twelve shapes as the
// rules pages draw them, moves read as cells, placements grouped by the cells they
// cover. No rule is computed here: what may be played is the server's legal moves.

export const LETTERS = "COUNTERPLAYS";
export const SQRT3_2 = Math.sqrt(3) / 2;

// each letter's shape (cells x,y) as drawn in docs/rules/counterplays.*.md
export const SHAPES = {
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

export const isUp = (x, y) => (((x + y) % 2) + 2) % 2 === 0;
export const key = (x, y) => `${x},${y}`;

/** The corners of cell (x, y) in world units (side 1, y upwards). */
export function triangle(x, y) {
  const left = x / 2 - 0.5;
  const right = x / 2 + 0.5;
  const bottom = y * SQRT3_2;
  const top = (y + 1) * SQRT3_2;
  return isUp(x, y)
    ? [[left, bottom], [right, bottom], [x / 2, top]]
    : [[left, top], [right, top], [x / 2, bottom]];
}

/** The three edges of a cell as [neighbour cell, corner a, corner b]. */
export function edges(x, y) {
  const [p, q, r] = triangle(x, y);
  if (isUp(x, y)) return [[[x - 1, y], p, r], [[x + 1, y], q, r], [[x, y - 1], p, q]];
  return [[[x - 1, y], p, r], [[x + 1, y], q, r], [[x, y + 1], p, q]];
}

/** "O:1,0;2,0;…" → {letter, cells: [[x, y], …]}, or null. */
export function parseMove(move) {
  const m = /^([A-Z]):(.+)$/.exec(String(move));
  if (!m) return null;
  const cells = m[2].split(";").map((part) => part.split(",").map(Number));
  if (cells.length !== 6 || cells.some((c) => c.length !== 2 || c.some((v) => !Number.isInteger(v)))) return null;
  return { letter: m[1], cells };
}

/** The legal placements of one tile, and for each covered cell the placements covering it. */
export function placementsOf(legal, letter) {
  const placements = [];
  const byCell = new Map();
  for (const move of legal) {
    const p = parseMove(move);
    if (!p || p.letter !== letter) continue;
    const entry = { move: String(move), cells: p.cells };
    placements.push(entry);
    for (const [x, y] of p.cells) {
      const k = key(x, y);
      if (!byCell.has(k)) byCell.set(k, []);
      byCell.get(k).push(entry);
    }
  }
  return { placements, byCell };
}

/** Each covered cell's top tile (index in the observation's tiles): the last laid there. */
export function topTiles(tiles) {
  const top = new Map();
  (tiles ?? []).forEach((tile, index) => {
    for (const [x, y] of tile.cells) top.set(key(x, y), index);
  });
  return top;
}

/** The level a placement would reach: one above the cells under it (0: the table). */
export function levelOf(cells, heights) {
  return Math.max(...cells.map(([x, y]) => heights.get(key(x, y)) ?? 0)) + 1;
}

/** World bounds of a set of cells: [minX, minY, maxX, maxY]. */
export function bounds(cells) {
  const pts = cells.flatMap(([x, y]) => triangle(x, y));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The highest level with tiles, and each player's count there (from level_counts). */
export function summit(levelCounts) {
  for (let level = (levelCounts ?? []).length; level >= 1; level -= 1) {
    const counts = levelCounts[level - 1];
    if (counts.some((n) => n > 0)) return { level, counts };
  }
  return { level: 0, counts: [0, 0] };
}
