// Replaying a finished game move by move, from the server's record.

import { clear, h } from "../dom.js";
import { heightsOf, piecesAfter } from "../kwinty.js";
import { RoomConnection, socketUrl } from "../protocol.js";
import { quiwinFrames } from "../quiwin.js";
import { outcomeText, seatName } from "./names.js";

/** A Kwinty observation rebuilt from the first `count` moves of a record. */
export function kwintyPosition(record, count) {
  const width = record.options?.variant === "kwintie" ? 9 : 17;
  const moves = record.moves.slice(0, count);
  const pieces = piecesAfter(moves);
  const heights = heightsOf(pieces, width);
  const used = pieces.flatMap((p) => p.cells.map((c) => "abcdefghijklmnopq".indexOf(c[0])));
  let first = used.length ? Math.min(...used) : 0;
  let last = used.length ? Math.max(...used) : width - 1;
  // show at least nine columns, as the finished wall may be up to nine wide
  while (last - first < 8) {
    if (first > 0) first -= 1;
    if (last - first < 8 && last < width - 1) last += 1;
    if (first === 0 && last === width - 1) break;
  }
  const letters = "abcdefghijklmnopq";
  const end = count === record.moves.length;
  const left = [20, 20];
  for (const p of pieces) left[p.player] -= 1;
  return {
    width,
    height: 9,
    heights,
    frame: [letters[first], letters[last]],
    pieces,
    pieces_left: left,
    last_move: moves.length ? moves[moves.length - 1][1] : null,
    win_cells: end ? (record.outcome?.win_cells ?? []) : [],
    outcome: end ? record.outcome : null,
    to_move: null,
  };
}

/** A Qui'win observation for frame `index` (0: before the first reveal) of a finished deal. */
export function quiwinPosition(final, frames, index, outcome) {
  const frame = index > 0 ? frames[index - 1] : null;
  const events = frames.slice(0, index).map((f) => f.event);
  const draws = events.filter((e) => e.type === "change" || e.type === "swap").length;
  const laid = frame ? frame.rows[0].length : 0;
  const end = index === frames.length;
  return {
    ...final,
    phase: end ? "over" : "replay",
    step: null,
    palier: null,
    hand: null,
    hand_sizes: [8 - laid, 8 - laid],
    my_commitment: null,
    rows: frame ? frame.rows : [[], []],
    set_aside: frame ? frame.set_aside : [],
    measurements: frame ? frame.measurements : [],
    standing: frame ? frame.standing : { leader: null, pawns: null },
    action_pawns: frame ? frame.action_pawns : { change: null, transfer: null },
    pending_transfer: null,
    bag_size: (final.bag_size ?? 0) + countDraws(frames) - draws,
    events,
    outcome: end ? outcome : null,
  };
}

function countDraws(frames) {
  return frames.filter((f) => f.event.type === "change" || f.event.type === "swap").length;
}

/** The final spectator view of the room's game `number`, if it is the room's last game. */
function finalView(room) {
  return new Promise((resolve) => {
    const conn = new RoomConnection({
      url: socketUrl(location, room),
      watch: true,
      onMessage: (msg) => {
        if (msg.type === "state") {
          conn.close();
          resolve(msg);
        }
      },
      onStatus: (status) => {
        if (status === "closed") resolve(null);
      },
    });
    conn.open();
    setTimeout(() => {
      conn.close();
      resolve(null);
    }, 8000);
  });
}

function caption(t, frames, index, names) {
  if (index === 0) return t("replay.start");
  const e = frames[index - 1].event;
  return t(`quiwin.event_${e.type}`, {
    ...e,
    name: names[e.player] ?? "",
    target: names[e.target] ?? "",
    winner: names[e.winner] ?? "",
    pawn: e.pawn ? t(`quiwin.action_${e.pawn}`) : "",
    a: e.lengths?.[0],
    b: e.lengths?.[1],
  });
}

export async function mount(main, ctx, params) {
  const room = params.get("room");
  const number = Number(params.get("replay")) || 1;
  main.classList.add("replay-page");
  let record;
  try {
    record = await ctx.api.record(room, number);
  } catch (err) {
    main.append(h("section", { class: "notice" }, h("h1", {}, ctx.t("replay.unavailable")), h("p", {}, err.message)));
    return {};
  }
  await ctx.gameList();
  const game = ctx.describe(record.game) ?? { id: record.game, name: record.game };
  let status = null;
  try {
    status = await ctx.api.room(room);
  } catch {
    status = null;
  }
  const seats = status?.seats ?? [];
  let board = null;
  let frames = null;
  let final = null;
  if (game.id === "kwinty") {
    await import("../boards/kwinty-board.js");
    board = document.createElement("kwinty-board");
  } else if (game.id === "quiwin") {
    const view = await finalView(room);
    if (view && view.game_number === number && view.terminal) {
      // every tile is public once the deal is over: its events rebuild each position
      final = view.observation;
      frames = quiwinFrames(final.events ?? [], final.palier_sizes);
      await import("../boards/quiwin-board.js");
      board = document.createElement("quiwin-board");
    }
  }
  const total = frames ? frames.length : record.moves.length;
  let index = total;
  let flip = false;
  const root = h("section", { class: "play replay", "data-game": game.id });
  main.append(root);

  const draw = () => {
    const { t } = ctx;
    const names = record.moves.length || seats.length ? Array.from({ length: record.num_players }, (_, i) => seatName(t, game.id, seats, i)) : [];
    const slider = h("input", {
      type: "range",
      min: 0,
      max: total,
      value: index,
      "aria-label": t("replay.position"),
      oninput: (e) => {
        index = Number(e.target.value);
        draw();
      },
    });
    const go = (to) => () => {
      index = Math.max(0, Math.min(total, to));
      draw();
    };
    clear(root).append(
      h("div", { class: "play-title" }, h("h1", {}, t("replay.title", { game: game.name, n: number }))),
      h("div", { class: "banner banner-over" }, outcomeText(t, game.id, record.outcome, (i) => names[i])),
      h(
        "div",
        { class: "play-grid" },
        h(
          "div",
          { class: "board-wrap" },
          board ?? h("p", { class: "help" }, t("replay.text_only")),
          h(
            "div",
            { class: "replay-controls", role: "group", "aria-label": t("replay.controls") },
            h("button", { type: "button", class: "btn btn-small", onclick: go(0), "aria-label": t("replay.first") }, "|◀"),
            h("button", { type: "button", class: "btn btn-small", "data-action": "prev", onclick: go(index - 1), "aria-label": t("replay.prev") }, "◀"),
            slider,
            h("button", { type: "button", class: "btn btn-small", "data-action": "next", onclick: go(index + 1), "aria-label": t("replay.next") }, "▶"),
            h("button", { type: "button", class: "btn btn-small", onclick: go(total), "aria-label": t("replay.last") }, "▶|"),
            h("span", { class: "replay-count" }, frames ? t("replay.event_count", { i: index, n: total }) : t("replay.count", { i: index, n: total })),
          ),
          frames ? h("p", { class: "replay-caption", "aria-live": "polite" }, caption(t, frames, index, names)) : null,
        ),
        h(
          "aside",
          { class: "side" },
          h(
            "section",
            { class: "panel actions" },
            h(
              "div",
              { class: "button-row" },
              board?.canFlip ? h("button", { type: "button", class: "btn btn-small", onclick: () => { flip = !flip; draw(); } }, "⇄ ", t("play.flip")) : null,
              h("a", { class: "btn btn-small", href: ctx.api.recordUrl(room, number), download: "" }, "⤓ ", t("play.download")),
              h("a", { class: "btn btn-small", href: `/?room=${room}`, onclick: (e) => { e.preventDefault(); ctx.navigate(`/?room=${room}`); } }, t("replay.back")),
            ),
          ),
          h(
            "section",
            { class: "panel moves-panel" },
            h("h2", {}, t("play.moves")),
            h(
              "ol",
              { class: "moves" },
              record.moves.map(([player, move], i) =>
                h(
                  "li",
                  { class: `mv seat-${player} ${frames || i < index ? "played" : "future"} ${!frames && i === index - 1 ? "current" : ""}`, value: i + 1 },
                  h("span", { class: `mark mark-${player} mark-small`, "aria-hidden": "true" }),
                  frames ? h("code", {}, move) : h("button", { type: "button", class: "link", onclick: go(i + 1) }, h("code", {}, move)),
                ),
              ),
            ),
          ),
        ),
      ),
    );
    if (board && frames) {
      board.render({
        t,
        lang: ctx.lang,
        state: { observation: quiwinPosition(final, frames, index, record.outcome), legal_moves: [], terminal: index === total, room, game_number: number },
        seat: null,
        canPlay: false,
        flip: false,
        names,
        game,
      });
    } else if (board) {
      const observation = kwintyPosition(record, index);
      board.render({
        t,
        lang: ctx.lang,
        state: { observation, legal_moves: [], terminal: index === record.moves.length, room, game_number: number },
        seat: null,
        canPlay: false,
        flip,
        names,
        game,
      });
    }
  };
  const onKey = (e) => {
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) && e.target.type !== "range") return;
    if (e.key === "ArrowLeft") index = Math.max(0, index - 1);
    else if (e.key === "ArrowRight") index = Math.min(total, index + 1);
    else return;
    e.preventDefault();
    draw();
  };
  document.addEventListener("keydown", onKey);
  draw();
  return { relabel: draw, destroy: () => document.removeEventListener("keydown", onKey) };
}
