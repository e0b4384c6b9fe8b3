// The players' clocks: their text, and their counting down between two states.

import { h } from "../../dom.js";

/** Seconds as m:ss (h:mm:ss beyond an hour). */
export function formatClock(seconds) {
  const total = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** A seat's clock as the server last told it, or null when the game has none. */
export function clockBadge(t, clocks, seat) {
  if (!clocks || clocks.remaining?.[seat] == null) return null;
  return h(
    "span",
    { class: `clock ${clocks.running?.includes(seat) ? "running" : ""}`, "data-seat": seat, "aria-label": t("play.clock_label") },
    formatClock(clocks.remaining[seat]),
  );
}

/**
 * The clocks count down locally between two states from the server: `follow` takes each
 * state, `stop` ends the counting when the page goes.
 */
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
