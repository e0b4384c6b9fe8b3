// The player cards: name, colour, facts the board adds, presence, turn and clock; the
// clocks count down locally between two states from the server.

import { clear, h } from "../../dom.js";
import { seatColour } from "../names.js";

/** Seconds as m:ss (h:mm:ss beyond an hour). */
export function formatClock(seconds) {
  const total = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// a seat's clock as the server last told it, or null when the game has none
function clockBadge(t, clocks, seat) {
  if (!clocks || clocks.remaining?.[seat] == null) return null;
  return h(
    "span",
    { class: `clock ${clocks.running?.includes(seat) ? "running" : ""}`, "data-seat": seat, "aria-label": t("play.clock_label") },
    formatClock(clocks.remaining[seat]),
  );
}

// `follow` takes each state from the server, `stop` ends the counting when the page goes
export function clockTicker(players) {
  let anchor = null;
  const timer = setInterval(() => {
    if (!anchor) return;
    const elapsed = (performance.now() - anchor.at) / 1000;
    for (const seat of anchor.clocks.running ?? []) {
      const node = players.querySelector(`.clock[data-seat="${seat}"]`);
      const left = anchor.clocks.remaining?.[seat];
      if (node && left != null) node.textContent = formatClock(Math.max(0, left - elapsed));
    }
  }, 250);
  return {
    follow: (msg) => {
      anchor = msg.clocks && !msg.terminal ? { at: performance.now(), clocks: msg.clocks } : null;
    },
    stop: () => clearInterval(timer),
  };
}

// the small line under a player's name
function playerFacts(view, state, seat, name) {
  const { ctx, game, model, board } = view;
  const { t } = ctx;
  const info = model.seats?.[seat] ?? {};
  // what the board wants said about each player (pieces left, tiles in hand...)
  const extra = state && board.playerFacts ? board.playerFacts({ t, state, seat }) : [];
  return [
    // the colour only when the name does not already say it
    name === seatColour(t, game, seat) ? null : seatColour(t, game, seat),
    model.mySeats.includes(seat) && model.mySeats.length === 1 ? t("play.you") : null,
    info.kind === "human" && info.taken === false ? t("play.seat_free") : null,
    ...extra,
  ]
    .filter(Boolean)
    .join(" · ");
}

function turnFlag(t, info, awaited, seat) {
  if (!awaited.includes(seat)) return null;
  return info.kind === "computer" ? h("span", { class: "turn-flag thinking" }, t("play.thinking")) : h("span", { class: "turn-flag" }, t("play.to_move"));
}

function playerCard(view, state, seat, name) {
  const { ctx, model } = view;
  const { t } = ctx;
  const info = model.seats?.[seat] ?? {};
  const awaited = state?.awaited ?? [];
  return h(
    "div",
    {
      class: `player seat-${seat} ${awaited.includes(seat) ? "to-move" : ""} ${model.mySeats.includes(seat) ? "mine" : ""}`,
      "data-seat": seat,
    },
    h("span", { class: `mark mark-${seat}`, "aria-hidden": "true" }),
    h("span", { class: "player-text" }, h("strong", {}, name), h("small", {}, playerFacts(view, state, seat, name))),
    info.kind === "human" && !state?.terminal
      ? h("span", { class: `presence ${info.connected ? "on" : "off"}`, title: info.connected ? t("play.online") : t("play.away") })
      : null,
    turnFlag(t, info, awaited, seat),
    state ? clockBadge(t, state.clocks, seat) : null,
  );
}

export function drawPlayers(view, state) {
  const players = view.elements.players;
  clear(players).setAttribute("aria-label", view.ctx.t("play.players"));
  view.names().forEach((name, seat) => players.append(playerCard(view, state, seat, name)));
}
