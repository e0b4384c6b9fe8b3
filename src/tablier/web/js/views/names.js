// Names of seats and results, shared by the play and replay pages.

import { winnerOf } from "../protocol.js";

/** How to call a seat: the name given, else the computer level, else its colour. */
export function seatName(t, gameId, seats, seat) {
  const info = seats?.[seat];
  const colour = t.has(`games.${gameId}.seats.${seat}`) ? t(`games.${gameId}.seats.${seat}`) : t("seat.n", { n: seat + 1 });
  if (info?.name) return info.name;
  if (info?.kind === "computer") return t("seat.computer", { colour, level: t(`levels.${info.level}`) });
  return colour;
}

/** The colour word of a seat (Blanc/Noir…), for marks next to names. */
export function seatColour(t, gameId, seat) {
  return t.has(`games.${gameId}.seats.${seat}`) ? t(`games.${gameId}.seats.${seat}`) : t("seat.n", { n: seat + 1 });
}

/** "White wins — a line of five" and the like. */
export function outcomeText(t, gameId, outcome, nameOf) {
  if (!outcome) return "";
  const winner = winnerOf(outcome);
  let reason = "";
  const key = `reasons.${gameId}.${outcome.reason}`;
  const params = { n: outcome.tiebreak_tile ?? "", name: outcome.seat != null ? nameOf(outcome.seat) : "" };
  if (t.has(key)) reason = t(key, params);
  else if (t.has(`reasons.${outcome.reason}`)) reason = t(`reasons.${outcome.reason}`, params);
  else if (outcome.reason) reason = outcome.reason;
  const head = winner == null ? t("result.draw_head") : t("result.wins", { name: nameOf(winner) });
  return reason ? `${head} — ${reason}` : head;
}
