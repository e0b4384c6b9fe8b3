// Qui'win helpers for drawing: tile codes, paliers, measured lengths.

export const COLOURS = { V: "green", J: "yellow", B: "blue", O: "orange", R: "red" };
export const LENGTHS = [22, 23, 24, 25];

/** "O25" -> {colour: "O", name: "orange", length: 25}; "O?" has length null. */
export function tileInfo(code) {
  const m = /^([VJBOR])(\d{2}|\?)$/.exec(String(code));
  if (!m) return null;
  return { code: String(code), colour: m[1], name: COLOURS[m[1]], length: m[2] === "?" ? null : Number(m[2]) };
}

/** Width of a tile drawn at `scale` units per millimetre; unknown lengths use 24 mm. */
export function tileWidth(code, scale) {
  const info = tileInfo(code);
  return (info?.length ?? 24) * scale;
}

/** Split a row into its paliers: [[slot codes of palier 1], [palier 2], [palier 3]]. */
export function paliers(row, sizes) {
  const out = [];
  let start = 0;
  for (const size of sizes) {
    out.push(row.slice(start, start + size));
    start += size;
  }
  return out;
}

/** The sum of the known lengths of a row, and whether some lengths are hidden. */
export function knownLength(row) {
  let total = 0;
  let hidden = 0;
  for (const code of row) {
    const info = tileInfo(code);
    if (info?.length == null) hidden += 1;
    else total += info.length;
  }
  return { total, hidden };
}

/** Tiles newly laid since the previous observation (indexes per player), for the reveal. */
export function newSlots(previousRows, rows) {
  return rows.map((row, p) => {
    const before = previousRows?.[p]?.length ?? row.length;
    const out = [];
    for (let i = before; i < row.length; i += 1) out.push(i);
    return out;
  });
}

/** Group a hand's codes: [{code, count}] in the order given. */
export function groupHand(hand) {
  const out = [];
  for (const code of hand ?? []) {
    const last = out[out.length - 1];
    if (last && last.code === code) last.count += 1;
    else out.push({ code, count: 1 });
  }
  return out;
}

