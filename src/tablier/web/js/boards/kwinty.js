// Kwinty's geometry for drawing: notation, cells, landing previews.

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** "k12" -> {col: 10, row: 12} (rows counted from 1 at the bottom). */
export function parseCell(cell) {
  const m = /^([a-z])(\d+)$/.exec(String(cell));
  if (!m) return null;
  return { col: LETTERS.indexOf(m[1]), row: Number(m[2]) };
}

/** "i1h" -> {col: 8, row: 1, dir: "h"}; null for anything else. */
export function parseMove(move) {
  const m = /^([a-z])(\d+)([hv])$/.exec(String(move));
  if (!m) return null;
  return { col: LETTERS.indexOf(m[1]), row: Number(m[2]), dir: m[3] };
}

/**
 * The legal move previewed when the pointer is over column `col` with orientation
 * `dir`: the piece anchored there, else (horizontal) the one whose right half is there.
 */
export function previewMove(legalMoves, col, dir) {
  const parsed = legalMoves.map(parseMove).filter(Boolean);
  const exact = parsed.find((p) => p.dir === dir && p.col === col);
  const chosen = exact ?? (dir === "h" ? parsed.find((p) => p.dir === "h" && p.col === col - 1) : undefined);
  return chosen ? `${LETTERS[chosen.col]}${chosen.row}${chosen.dir}` : null;
}

/** Columns where at least one legal move of orientation `dir` can be previewed. */
export function playableColumns(legalMoves, dir, width) {
  const out = [];
  for (let col = 0; col < width; col += 1) {
    if (previewMove(legalMoves, col, dir)) out.push(col);
  }
  return out;
}

/**
 * Screen position of a cell's top-left corner in a wall drawn with `size`-unit cells,
 * `height` rows, columns `first..last` shown; `flip` mirrors the wall (seen from behind).
 */
export function cellOrigin(col, row, { size, height, first, last, flip }) {
  const index = flip ? last - col : col - first;
  return { x: index * size, y: (height - row) * size };
}

/** The rectangle a piece covers on screen. */
export function pieceRect(move, geometry) {
  const p = parseMove(move);
  if (!p) return null;
  const { size } = geometry;
  if (p.dir === "h") {
    const a = cellOrigin(p.col, p.row, geometry);
    const b = cellOrigin(p.col + 1, p.row, geometry);
    return { x: Math.min(a.x, b.x), y: a.y, w: 2 * size, h: size };
  }
  const top = cellOrigin(p.col, p.row + 1, geometry);
  return { x: top.x, y: top.y, w: size, h: 2 * size };
}

/** Which columns to draw: the frame the wall may still grow in, widened to its pieces. */
export function shownColumns(observation) {
  const width = observation.width;
  let first = 0;
  let last = width - 1;
  if (Array.isArray(observation.frame) && observation.frame.length === 2) {
    first = LETTERS.indexOf(observation.frame[0]);
    last = LETTERS.indexOf(observation.frame[1]);
  }
  for (const piece of observation.pieces ?? []) {
    for (const cell of piece.cells) {
      const c = parseCell(cell);
      if (c) {
        first = Math.min(first, c.col);
        last = Math.max(last, c.col);
      }
    }
  }
  return { first: Math.max(0, first), last: Math.min(width - 1, last) };
}
