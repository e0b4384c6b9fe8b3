// <quiwin-board>: rows by palier, the hand to scale, measurements, pawns and actions.

import { clear, h, linkStyles, s } from "../dom.js";
import { newEvents } from "../protocol.js";
import { groupHand, knownLength, newSlots, paliers, tileInfo } from "./quiwin.js";

export const TAG = "quiwin-board";
linkStyles(new URL("./quiwin-board.css", import.meta.url));
const ARROWS = { down: "↓", up: "↑", right: "→" };
const MAX_MM = 200;

// a tile in words ("tuile bleue de 24 mm", its length hidden when the viewer may not know it)
function tileWords(t, code) {
  const info = tileInfo(code);
  if (!info) return String(code ?? "");
  const colour = t(`quiwin.colours.${info.colour}`);
  return info.length == null ? t("quiwin.tile_hidden", { colour }) : t("quiwin.tile_label", { colour, n: info.length });
}

// who announced what in an action window ("Blanc passe, Noir annonce « Changer »")
function declaredWords(t, declared, names) {
  return (declared ?? [])
    .map((d, p) => (d == null ? null : d === "pass" ? t("quiwin.declared_pass", { name: names[p] ?? "" }) : t("quiwin.declared_pawn", { name: names[p] ?? "", pawn: t(`quiwin.action_${d}`) })))
    .filter(Boolean)
    .join(", ");
}

// what an event's message needs: names for seats, words for tiles and actions
function eventParams(t, e, names) {
  return {
    said: e.type === "declare" ? declaredWords(t, e.declared, names) : "",
    ...e,
    name: names[e.player] ?? "",
    target: names[e.target] ?? "",
    winner: names[e.winner] ?? "",
    pawn: e.pawn ? t(`quiwin.action_${e.pawn}`) : "",
    tile: e.tile != null ? tileWords(t, e.tile) : "",
    removed: e.removed != null ? tileWords(t, e.removed) : "",
    a: e.lengths?.[0],
    b: e.lengths?.[1],
  };
}

function tile(t, code, { button = false, extra = "", label = null, onclick = null, attrs = {} } = {}) {
  const info = tileInfo(code);
  const text = tileWords(t, code);
  return h(
    button ? "button" : "span",
    {
      class: `tile tile-${info?.colour ?? "x"} ${info?.length == null ? "tile-unknown" : ""} ${extra}`,
      style: `--len:${info?.length ?? 24}`,
      "data-code": code,
      type: button ? "button" : null,
      role: button ? null : "img",
      "aria-label": label ?? text,
      title: text,
      onclick,
      ...attrs,
    },
    h("span", { class: "tile-letter", "aria-hidden": "true" }, info?.colour ?? "?"),
    h("span", { class: "tile-len", "aria-hidden": "true" }, info?.length ?? "?"),
  );
}

class QuiwinBoard extends HTMLElement {
  constructor() {
    super();
    this.canFlip = false;
    this.prev = null;
  }

  /** Tiles in hand under each player's name. */
  playerFacts({ t, state, seat }) {
    const sizes = state.observation?.hand_sizes;
    return Array.isArray(sizes) ? [t("quiwin.tiles_in_hand", { n: sizes[seat] })] : [];
  }

  /** After one's own choice, the page waits for the other player's. */
  statusText({ t, state, seat }) {
    const obs = state.observation ?? {};
    return seat != null && obs.phase === "commit" && obs.my_commitment ? t("quiwin.waiting_opponent") : null;
  }

  /** A replay step told by the events it revealed (reveals, changes, measures...). */
  caption({ t, views, index, names, record }) {
    if (index === 0) return t("quiwin.replay_start");
    const events = newEvents(views, index);
    if (!events.length) {
      const [player] = record.moves[index - 1] ?? [];
      // a finished game's replay shows the choice the other player could not see yet
      const open = views[index] ?? {};
      const chosen = open.commitments?.[player];
      const declared = open.declarations?.[player];
      if (chosen) return t("quiwin.replay_chose", { name: names[player] ?? "", tile: tileWords(t, chosen) });
      if (declared) return t("quiwin.replay_declared", { said: declaredWords(t, open.declarations.map((d, p) => (p === player ? d : null)), names) });
      return t("quiwin.replay_decided", { name: names[player] ?? "" });
    }
    return events
      .map((e) => t(`quiwin.event_${e.type}`, eventParams(t, e, names)))
      .join(" ");
  }

  render(view) {
    this.view = view;
    const { t, state } = view;
    const obs = state.observation;
    if (view.hidden) {
      // a same-screen hand-over is under way: nothing private may stay on screen
      clear(this).append(h("div", { class: "qw-hidden" }, t("quiwin.hidden")));
      return;
    }
    const key = `${state.room}/${state.game_number}`;
    const fresh = this.prev && this.prev.key === key ? newSlots(this.prev.rows, obs.rows) : [[], []];
    this.prev = { key, rows: obs.rows };
    const me = view.seat ?? 0;
    const order = [1 - me, me];
    clear(this);
    const table = h("div", { class: "qw-table" });
    table.append(this.rowBlock(obs, order[0], fresh, view));
    table.append(this.ruler(obs, order, view));
    table.append(this.rowBlock(obs, order[1], fresh, view));
    this.append(table, this.pawns(obs, view), this.prompt(obs, view), this.log(obs, view));
  }

  /** What a phone brings on screen at the player's turn: the choice asked for. */
  decision() {
    return this.querySelector(".qw-prompt");
  }

  rowBlock(obs, player, fresh, view) {
    const { t, names } = view;
    const pawn = obs.standing?.pawns?.[player];
    const { total, hidden } = knownLength(obs.rows[player]);
    const used = Object.entries(obs.action_pawns ?? {}).find(([, owner]) => owner === player)?.[0];
    const groups = paliers(obs.rows[player], obs.palier_sizes);
    const current = obs.palier;
    const commitSlot = obs.rows[player].length;
    const tiebreak = obs.outcome?.reason === "tiebreak" ? obs.outcome.tiebreak_tile : null;
    let index = 0;
    const row = h(
      "div",
      { class: "qw-row", "aria-label": t("quiwin.row_of", { name: names[player] }) },
      groups.map((tiles, p) => {
        const size = obs.palier_sizes[p];
        const slots = [];
        for (let k = 0; k < size; k += 1) {
          const code = tiles[k];
          const slotIndex = index;
          index += 1;
          if (code) {
            const isTie = p === 1 && tiebreak === k + 1;
            slots.push(tile(view.t, code, { extra: `${fresh[player]?.includes(slotIndex) ? "reveal" : ""} ${isTie ? "tiebreak" : ""}` }));
          } else if (slotIndex === commitSlot && (player === view.seat ? obs.my_commitment : obs.commitments?.[player])) {
            // one's own choice, or either player's in a finished game's replay
            const chosen = player === view.seat ? obs.my_commitment : obs.commitments[player];
            slots.push(tile(view.t, chosen, { extra: "committed", label: t("quiwin.committed", { code: tileWords(t, chosen) }) }));
          } else {
            slots.push(h("span", { class: `slot ${slotIndex === commitSlot && obs.phase === "commit" ? "slot-next" : ""}`, "aria-hidden": "true" }));
          }
        }
        return h(
          "div",
          { class: `qw-palier ${current === p + 1 ? "current" : ""}`, "data-palier": p + 1 },
          h("span", { class: "palier-tag" }, t("quiwin.palier_short", { n: p + 1 }), " ", h("span", { class: "palier-goal" }, p === 1 ? t("quiwin.longest") : t("quiwin.shortest"))),
          h("div", { class: "qw-slots" }, slots),
        );
      }),
    );
    return h(
      "div",
      { class: `qw-player seat-${player} ${player === view.seat ? "me" : ""}` },
      h(
        "div",
        { class: "qw-player-head" },
        h("span", { class: `mark mark-${player}`, "aria-hidden": "true" }),
        h("strong", {}, names[player]),
        pawn
          ? h("span", { class: `pos-pawn pawn-${pawn}`, title: t(`quiwin.pawn_${pawn}`), "aria-label": t(`quiwin.pawn_${pawn}`) }, ARROWS[pawn])
          : null,
        used ? h("span", { class: "chip chip-used" }, t(`quiwin.used_${used}`)) : null,
        h("span", { class: "qw-total", "data-total": total }, t("quiwin.total", { n: total }), hidden ? ` ${t("quiwin.plus_hidden", { n: hidden })}` : ""),
        obs.declarations?.[player] ? h("span", { class: "chip chip-declared" }, t("quiwin.declared_chip", { pawn: t(`quiwin.action_${obs.declarations[player]}`) })) : null,
      ),
      row,
      this.openHand(obs, player, view),
    );
  }

  /** A player's hand in a finished game's replay (the server sends `hands` only then). */
  openHand(obs, player, view) {
    const hand = obs.hands?.[player];
    if (!hand) return null;
    const { t, names } = view;
    const label = t("quiwin.hand_of", { name: names[player] ?? "" });
    return h(
      "div",
      { class: "qw-open-hand", role: "group", "aria-label": label, "data-seat": player },
      h("span", { class: "qw-open-hand-label" }, label),
      hand.length ? hand.map((code) => tile(t, code, { extra: "tile-mini" })) : h("span", { class: "help" }, t("quiwin.hand_empty")),
    );
  }

  ruler(obs, order, view) {
    const { t, names } = view;
    const w = 320;
    const x = (mm) => (mm / MAX_MM) * w;
    const svg = s("svg", { class: "qw-ruler", viewBox: `-12 0 ${w + 24} 46`, role: "img", "aria-label": t("quiwin.ruler_label") });
    svg.append(s("rect", { x: 0, y: 20, width: w, height: 6, rx: 3, class: "ruler-bar" }));
    for (let mm = 0; mm <= MAX_MM; mm += 10) {
      svg.append(s("line", { x1: x(mm), x2: x(mm), y1: mm % 50 ? 22 : 18, y2: mm % 50 ? 26 : 30, class: "tick" }));
      if (mm % 50 === 0) svg.append(s("text", { x: x(mm), y: 42, class: "tick-label" }, `${mm}`));
    }
    const measures = obs.measurements ?? [];
    measures.forEach((m, i) => {
      const latest = i === measures.length - 1;
      order.forEach((player, k) => {
        const mm = m.lengths[player];
        const y = k === 0 ? 18 : 28;
        const d = k === 0 ? `M${x(mm)} ${y} l-4 -7 h8 z` : `M${x(mm)} ${y} l-4 7 h8 z`;
        svg.append(s("path", { d, class: `cursor cursor-${player} ${latest ? "latest" : "old"}` }));
      });
    });
    const rows = measures.map((m) =>
      h(
        "li",
        { class: "measure" },
        h("strong", {}, t("quiwin.palier_short", { n: m.palier })),
        " ",
        h("span", { class: "mark mark-0 mark-small", "aria-hidden": "true" }),
        h("span", { class: "sr-only" }, names[0]),
        ` ${m.lengths[0]} mm · `,
        h("span", { class: "mark mark-1 mark-small", "aria-hidden": "true" }),
        h("span", { class: "sr-only" }, names[1]),
        ` ${m.lengths[1]} mm → `,
        m.winner == null ? t("quiwin.level") : t("quiwin.palier_won", { name: names[m.winner] }),
      ),
    );
    return h("div", { class: "qw-measure" }, svg, rows.length ? h("ol", { class: "measures", "aria-label": t("quiwin.measures") }, rows) : h("p", { class: "measures-none" }, t("quiwin.no_measure")));
  }

  pawns(obs, view) {
    const { t, names } = view;
    const entries = Object.entries(obs.action_pawns ?? {});
    return h(
      "div",
      { class: "qw-pawns" },
      entries.map(([pawn, owner]) =>
        h(
          "span",
          { class: `action-pawn ${owner == null ? "free" : "taken"}`, "data-pawn": pawn },
          h("span", { class: "pawn-icon", "aria-hidden": "true" }, pawn === "change" ? "⟲" : "⇄"),
          h("strong", {}, t(`quiwin.action_${pawn}`)),
          " ",
          h("span", { class: "pawn-state" }, owner == null ? t("quiwin.pawn_free") : t("quiwin.pawn_used_by", { name: names[owner] })),
        ),
      ),
      h("span", { class: "bag" }, t("quiwin.bag", { n: obs.bag_size })),
      obs.set_aside?.length
        ? h("span", { class: "aside" }, t("quiwin.set_aside"), " ", obs.set_aside.map((a) => tile(t, a.tile, { extra: "tile-mini" })))
        : null,
    );
  }

  prompt(obs, view) {
    const { t, state, canPlay, seat } = view;
    const legal = canPlay ? state.legal_moves : [];
    const box = h("div", { class: "qw-prompt" });
    const send = (move) => () => this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat, move } }));
    if (legal.length && obs.phase === "actions") {
      box.append(
        h("h3", {}, t("quiwin.action_title", { step: obs.step })),
        h(
          "div",
          { class: "action-buttons" },
          legal.map((move) =>
            h(
              "button",
              { type: "button", class: `btn action action-${move} ${move === "pass" ? "" : "btn-primary"}`, "data-move": move, onclick: send(move) },
              h("strong", {}, t(`quiwin.action_${move}`)),
              h("small", {}, t(`quiwin.explain_${move}`)),
            ),
          ),
        ),
      );
    } else if (legal.length && obs.phase === "swap") {
      const start = obs.palier_sizes.slice(0, obs.palier - 1).reduce((a, b) => a + b, 0);
      box.append(
        h("h3", {}, t("quiwin.swap_title", { tile: tileWords(t, obs.pending_transfer?.tile ?? "?") })),
        h("p", { class: "help" }, t("quiwin.swap_help")),
        h(
          "div",
          { class: "action-buttons" },
          legal.map((move) => {
            const n = Number(move.split(" ")[1]);
            const code = obs.rows[seat][start + n - 1];
            return h("button", { type: "button", class: "btn action", "data-move": move, onclick: send(move) }, tile(t, code, { extra: "tile-mini" }), h("small", {}, t("quiwin.swap_n", { n })));
          }),
        ),
      );
    }
    if (seat != null && obs.hand?.length) {
      const committing = legal.length && obs.phase === "commit";
      const hand = h(
        "div",
        { class: `qw-hand ${committing ? "active" : ""}`, role: "group", "aria-label": t("quiwin.hand") },
        groupHand(obs.hand).flatMap(({ code, count }) =>
          Array.from({ length: count }, () =>
            tile(t, code, {
              button: true,
              extra: "hand-tile",
              attrs: { disabled: !committing, "data-move": code },
              label: committing ? t("quiwin.lay", { code: tileWords(t, code) }) : null,
              onclick: committing ? send(code) : null,
            }),
          ),
        ),
      );
      box.prepend(
        h("h3", {}, committing ? t("quiwin.choose", { step: obs.step, palier: obs.palier, goal: obs.palier === 2 ? t("quiwin.longest") : t("quiwin.shortest") }) : t("quiwin.your_hand")),
        hand,
      );
      // the awaited list shrinking is all one may know of the opponent's choice
      if (committing && !state.awaited.includes(1 - seat)) {
        box.append(h("p", { class: "help opponent-chose" }, t("quiwin.opponent_chose")));
      }
      if (obs.phase === "commit" && obs.my_commitment && !state.terminal) {
        box.append(h("p", { class: "waiting" }, h("span", { class: "pulse", "aria-hidden": "true" }), t("quiwin.waiting_opponent")));
      }
    }
    return box;
  }

  log(obs, view) {
    const { t, names } = view;
    const events = (obs.events ?? []).filter((e) => e.type !== "reveal" && e.type !== "declare").slice(-4);
    if (!events.length) return h("div", { class: "qw-log" });
    return h(
      "ul",
      { class: "qw-log", "aria-label": t("quiwin.log") },
      events.map((e) => h("li", {}, t(`quiwin.event_${e.type}`, eventParams(t, e, names)))),
    );
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, QuiwinBoard);
