// Names of seats and results, shared by the play and replay pages. What a game calls
// its seats and why a game ended come from the server (the game's description and the
// outcome's `reason_text`), in both languages.

import { pick } from "../i18n.js";
import { winnerOf } from "../protocol.js";

/** The colour word of a seat (Blanc/Noir...) when the game names its seats, else "Joueur n". */
export function seatColour(t, game, seat) {
  const named = game?.seat_names?.[t.lang ?? "fr"] ?? game?.seat_names?.fr;
  return named?.[seat] ?? t("seat.n", { n: seat + 1 });
}

/** How to call a seat: the name given, else the computer level, else its colour. */
export function seatName(t, game, seats, seat) {
  const info = seats?.[seat];
  const colour = seatColour(t, game, seat);
  // a named computer says what it is and its level: "Ordinateur Camille (moyen)"
  if (info?.name && info.kind === "computer" && info.level) return t("seat.computer_named", { name: info.name, level: t.has(`levels.${info.level}`) ? t(`levels.${info.level}`) : info.level });
  if (info?.name) return info.name;
  if (info?.kind === "computer") {
    // a game's own player is named by the game, the platform's levels by the interface
    const own = game?.player_labels?.[info.level];
    return t("seat.computer", { colour, level: own ? pick(own, t.lang ?? "fr") : t(`levels.${info.level}`) });
  }
  return colour;
}

/** "Blanc gagne — une ligne de cinq" and the like. */
export function outcomeText(t, outcome, nameOf) {
  if (!outcome) return "";
  const winner = winnerOf(outcome);
  const params = { name: outcome.seat != null ? nameOf(outcome.seat) : "" };
  let reason = "";
  // the platform's own reasons name the player in the interface's words
  if (t.has(`reasons.${outcome.reason}`)) reason = t(`reasons.${outcome.reason}`, params);
  else if (outcome.reason_text) reason = pick(outcome.reason_text, t.lang ?? "fr");
  else if (outcome.reason) reason = outcome.reason;
  const head = winner == null ? t("result.draw_head") : t("result.wins", { name: nameOf(winner) });
  return reason ? `${head} — ${reason}` : head;
}
