// QuiAdiQuoi helpers shared by the phone board and the host screen: reading the legal
// moves into choices, and telling what changed between two observations (for the voice
// and the host's captions). Nothing here decides a rule: the moves are the server's.

export const CATEGORIES = ["histoire", "litterature", "penseurs"];
export const TEMPLATES = { answer: "answer:<text>", recite: "recite:<text>", name: "name:<author>|<quote>" };

/** The moves a person may pick from a list (the clock's `timeout` and templates left out). */
export function concreteMoves(legal) {
  return (legal ?? []).filter((m) => m !== "timeout" && !m.includes("<"));
}

export function offers(legal, template) {
  return (legal ?? []).includes(template);
}

/**
 * The choices of the `choose` phase: per compartment, the ways to draw from it (own
 * token or free, a magic token of another category, a token taken from a seat); the
 * stolen-card actions per card; whether a quotation may be named; and a pass.
 */
export function chooseOptions(legal) {
  const comps = { 1: [], 2: [], 3: [] };
  const cards = new Map();
  let pass = null;
  for (const move of legal ?? []) {
    let m = /^take ([123])$/.exec(move);
    if (m) {
      comps[m[1]].push({ move, pay: "plain" });
      continue;
    }
    m = /^take ([123]) with (\w+)$/.exec(move);
    if (m) {
      comps[m[1]].push({ move, pay: "magic", category: m[2] });
      continue;
    }
    m = /^take ([123]) from (\d+)$/.exec(move);
    if (m) {
      comps[m[1]].push({ move, pay: "stolen", from: Number(m[2]) });
      continue;
    }
    m = /^(steal|send) (.+)$/.exec(move);
    if (m) {
      const entry = cards.get(m[2]) ?? { card: m[2] };
      entry[m[1]] = move;
      cards.set(m[2], entry);
      continue;
    }
    if (move === "pass") pass = move;
  }
  return { comps, cards: [...cards.values()], name: offers(legal, TEMPLATES.name), pass };
}

/** The discards offered: a token of a category, else a card to give back. */
export function discardOptions(legal) {
  return (legal ?? []).flatMap((move) => {
    const m = /^(discard|return) (.+)$/.exec(move);
    if (!m) return [];
    return [{ move, kind: m[1] === "discard" ? "token" : "card", what: m[2] }];
  });
}

/** Whose card `id` is and what is known of it (category, author), from the hands. */
export function findCard(obs, id) {
  for (const [seat, player] of (obs?.players ?? []).entries()) {
    const card = (player.cards ?? []).find((c) => c.id === id);
    if (card) return { ...card, seat };
  }
  return null;
}

/** A question's identity, to notice when a new one is asked. */
function questionKey(obs) {
  const q = obs?.question;
  return q ? `${obs.turn}:${q.comp}:${q.face}:${q.shown}` : null;
}

function lastKey(last) {
  return last ? `${last.card}:${last.face}:${last.winner}:${last.kind}` : null;
}

/**
 * What happened between two observations, as cues for the voice and the captions:
 * `{kind, ...}` with kind among question, clue, answer, verdict, tournament, recited,
 * die and over. `before` may be null (the first view: only what is on screen now).
 */
export function cues(before, after) {
  if (!after) return [];
  const out = [];
  if (after.phase === "over") {
    if (before?.phase !== "over") out.push({ kind: "over", winner: after.public?.winner ?? null });
    return out;
  }
  if (lastKey(after.last) && lastKey(after.last) !== lastKey(before?.last)) {
    out.push({ kind: "verdict", last: after.last });
  }
  if (after.die && (after.die !== before?.die || after.turn !== before?.turn) && after.phase === "choose") {
    out.push({ kind: "die", die: after.die, seat: after.principal });
  }
  const q = after.question;
  if (q) {
    const fresh = questionKey(after) !== questionKey(before);
    if (fresh) out.push({ kind: "question", question: q, seat: q.current });
    const known = fresh ? 0 : before.question.clues.length;
    q.clues.slice(known).forEach((clue, i) => out.push({ kind: "clue", clue, n: known + i + 1 }));
    const heard = fresh ? 0 : before.question.answers.length;
    for (const answer of q.answers.slice(heard)) out.push({ kind: "answer", answer });
  }
  const t = after.tournament;
  if (t && !before?.tournament) out.push({ kind: "tournament", number: t.number, seat: t.current });
  if (t && before?.tournament) {
    const done = before.tournament.recited.length;
    // the words as the player said them: the observation keeps no written list
    if (t.recited.length > done && t.attempt?.text) out.push({ kind: "recited", quote: t.attempt.text, seat: t.attempt.seat });
  }
  return out;
}

/** Tokens held by a player, total. */
export function tokenCount(player) {
  return CATEGORIES.reduce((sum, c) => sum + (player?.tokens?.[c] ?? 0), 0);
}

/** The categories a player's cards cover (for the "three categories" goal). */
export function coveredCategories(player) {
  return new Set((player?.cards ?? []).map((c) => c.category));
}
