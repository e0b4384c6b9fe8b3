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

/** The palier (1-based) and place within it (1-based) of a 0-based step. */
export function palierOfStep(step, sizes) {
  let start = 0;
  for (let i = 0; i < sizes.length; i += 1) {
    if (step < start + sizes[i]) return { palier: i + 1, slot: step - start + 1 };
    start += sizes[i];
  }
  return null;
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

/** The position pawns for a standing: down for the player ahead, up behind, right when level. */
export function pawnsFor(leader) {
  if (leader == null) return ["right", "right"];
  return [0, 1].map((p) => (p === leader ? "down" : "up"));
}

/**
 * Positions of a finished deal rebuilt from its public events (the final spectator view
 * shows every tile): one frame per event, for the replay page. The standing after each
 * measurement is taken as the measurement says; no rule is decided here.
 */
export function quiwinFrames(events, sizes = [2, 4, 2]) {
  const starts = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
  const rows = [[], []];
  const aside = [];
  const measurements = [];
  const owners = { change: null, transfer: null };
  let leader = null;
  let palier = 0;
  let transferSlot = null;
  const frames = [];
  for (const event of events) {
    if (event.type === "declare") continue;
    if (event.type === "reveal") {
      palier = palierOfStep(event.step - 1, sizes).palier - 1;
      event.tiles.forEach((code, p) => rows[p].push(code));
    } else if (event.type === "change") {
      const at = starts[palier] + event.slot - 1;
      rows[event.target][at] = event.drawn;
      aside.push({ from: event.target, tile: event.removed, action: "change" });
      owners.change = event.player;
    } else if (event.type === "transfer") {
      owners.transfer = event.player;
      transferSlot = starts[palier] + event.slot - 1;
    } else if (event.type === "swap") {
      const giver = 1 - event.player;
      rows[event.player][starts[palier] + event.slot - 1] = event.received;
      if (transferSlot != null) rows[giver][transferSlot] = event.drawn;
      aside.push({ from: event.player, tile: event.removed, action: "swap" });
    } else if (event.type === "measure") {
      measurements.push({ palier: event.palier, lengths: event.lengths, winner: event.winner });
      if (event.palier === 1) leader = event.winner;
      else if (event.palier === 2 && event.winner != null) leader = leader == null ? event.winner : leader === event.winner ? leader : null;
    }
    frames.push({
      event,
      rows: rows.map((r) => [...r]),
      set_aside: aside.map((a) => ({ ...a })),
      measurements: measurements.map((m) => ({ ...m })),
      action_pawns: { ...owners },
      standing: { leader, pawns: measurements.length ? pawnsFor(leader) : null },
    });
  }
  return frames;
}
