// Replaying a finished game move by move: the server replays its record and sends the
// observation after each move (docs/protocol.md), drawn by the board used in play.

import { clear, h } from "../dom.js";
import { createBoard } from "../boards/registry.js";
import { SYMBOLS, chancesGraph, choiceTable, engineMove, follow, moveComment, verdictTable } from "./analysis.js";
import { outcomeText, seatName } from "./names.js";


/** The state message a board draws for position `index` (moves played) of a replay. */
export function replayState(views, index, record, room, number) {
  const observation = views[index];
  const end = index === views.length - 1;
  return {
    room,
    game_number: number,
    seat: null,
    observation,
    legal_moves: [],
    awaited: end ? [] : (observation.awaited ?? []),
    moves: observation.moves ?? record.moves.slice(0, index),
    move_count: index,
    terminal: end,
    // the server's verdict (a resignation is not in the engine's observation)
    outcome: end ? (record.outcome ?? null) : null,
    rematch: [],
  };
}

// a caption is a sentence of its own: the analysis's verdict follows it
const sentence = (text) => (text && !/[.!?…]$/.test(text.trim()) ? `${text.trim()}.` : text);

/** What happened with move `index`: the board's own words, else the server's words for
 * the move, else its notation. */
function caption(board, t, views, index, names, record, said) {
  const own = board?.caption?.({ t, views, index, names, record });
  if (own) return sentence(own);
  if (index === 0) return t("replay.start");
  const [player, move] = record.moves[index - 1] ?? [];
  if (said) return t("replay.said", { name: names[player] ?? "", words: said });
  return t("replay.played", { name: names[player] ?? "", move: move ?? "" });
}

export async function mount(main, ctx, params) {
  const room = params.get("room");
  const number = Number(params.get("replay")) || 1;
  main.classList.add("replay-page");
  let record;
  let replay = null;
  try {
    [record, replay] = await Promise.all([ctx.api.record(room, number), ctx.api.views(room, number).catch(() => null)]);
  } catch (err) {
    main.append(h("section", { class: "notice" }, h("h1", {}, ctx.t("replay.unavailable")), h("p", {}, err.message)));
    return {};
  }
  await ctx.gameList();
  const game = ctx.describe(record.game) ?? { id: record.game, name: record.game };
  // the seats as they were in this game (a rematch may have reseated the players)
  const seats = replay?.seats ?? [];
  const views = replay?.views ?? null;
  // each move in words ({fr, en}), as this page's viewer saw it; the notation is a tooltip
  const words = replay?.words ?? [];
  const said = (i) => words[i]?.[ctx.lang] ?? words[i]?.fr ?? null;
  let board = null;
  if (views) {
    await ctx.useBoardMessages(game);
    board = await createBoard(game);
  }
  const total = record.moves.length;
  let index = total;
  let flip = false;
  // the engine's analysis, once asked for (perfect-information games)
  let analysis = null;
  let analysisError = "";
  // a quiz's written answers are not analysed; hidden hands are, from what each knew
  const canAnalyse = Boolean(views) && !(game.text_move_templates ?? []).length && total > 0;
  const analyse = () => {
    if (analysis) return;
    analysis = { state: "running", done: 0, total: total + 1, positions: [], moves: [] };
    draw();
    follow(room, number, (view) => {
      analysis = view;
      draw();
    }).catch((err) => {
      analysisError = err.message;
      analysis = null;
      draw();
    });
  };
  const root = h("section", { class: "play replay", "data-game": game.id });
  const spoken = (move, i) => (said(i) ? h("span", { class: "mv-words", title: move }, said(i)) : h("code", {}, move));
  main.append(root);

  function analysisPanel(t, names, go) {
    if (analysisError) return h("p", { class: "form-error", role: "alert" }, t("analysis.failed", { why: analysisError }));
    if (!analysis) return null;
    const running = analysis.state === "running";
    const best = analysis.positions?.[index]?.best;
    return h(
      "section",
      { class: "panel analysis", "aria-label": t("analysis.title") },
      h("h2", {}, t("analysis.title")),
      running
        ? h("div", { class: "analysis-progress" }, h("progress", { max: analysis.total, value: analysis.done }), h("span", {}, t("analysis.progress", { i: analysis.done, n: analysis.total })))
        : null,
      analysis.positions?.length ? chancesGraph(t, analysis, index, names, (i) => go(i)(), game) : null,
      best && index < total ? engineMove(t, analysis.positions[index]) : null,
      choiceTable(t, analysis.positions?.[index - 1], names),
      analysis.moves?.length ? verdictTable(t, analysis, names) : null,
    );
  }

  const draw = () => {
    const { t } = ctx;
    const names = record.moves.length || seats.length ? Array.from({ length: record.num_players }, (_, i) => seatName(t, game, seats, i)) : [];
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
      h("div", { class: "banner banner-over" }, outcomeText(t, replay?.outcome ?? record.outcome, (i) => names[i])),
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
            h("span", { class: "replay-count" }, t("replay.count", { i: index, n: total })),
          ),
          board ? h("p", { class: "replay-caption", "aria-live": "polite" }, caption(board, t, views, index, names, record, said(index - 1)), analysis?.moves?.length ? moveComment(t, analysis, index, names) : "") : null,
          analysisPanel(t, names, go),
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
              canAnalyse ? h("button", { type: "button", class: "btn btn-small btn-primary", "data-action": "analyse", disabled: Boolean(analysis), onclick: analyse }, "⚙ ", t("analysis.start")) : null,
              h("a", { class: "btn btn-small", href: `/?room=${room}`, onclick: (e) => { e.preventDefault(); ctx.navigate(`/?room=${room}`); } }, t("replay.back")),
            ),
          ),
          h(
            "section",
            { class: "panel moves-panel" },
            h("h2", {}, t("play.moves")),
            h(
              "ol",
              { class: `moves ${!words.length && record.moves.every(([, m]) => String(m).length <= 10) ? "moves-short" : ""}` },
              record.moves.map(([player, move], i) =>
                h(
                  "li",
                  { class: `mv seat-${player} ${i < index ? "played" : "future"} ${i === index - 1 ? "current" : ""} ${analysis?.moves?.[i] ? `v-${analysis.moves[i].verdict}` : ""}`, value: i + 1, "data-verdict": analysis?.moves?.[i]?.verdict ?? null },
                  h("span", { class: `mark mark-${player} mark-small`, "aria-hidden": "true" }),
                  views ? h("button", { type: "button", class: "link", title: move, onclick: go(i + 1) }, spoken(move, i)) : spoken(move, i),
                  analysis?.moves?.[i] && SYMBOLS[analysis.moves[i].verdict] ? h("span", { class: "verdict", title: t(`analysis.${analysis.moves[i].verdict}`) }, SYMBOLS[analysis.moves[i].verdict]) : null,
                ),
              ),
            ),
          ),
        ),
      ),
    );
    if (board) {
      board.render({
        t,
        lang: ctx.lang,
        state: replayState(views, index, record, room, number),
        seat: null,
        mine: [],
        canPlay: false,
        flip,
        names,
        game,
      });
      // the engine's move in this position, drawn by boards that can point at a move
      const suggestion = analysis?.positions?.[index]?.best;
      const shown = index < total && suggestion ? suggestion : null;
      // a board that tells a move to play from one played (Turris) draws it as such
      if (board.suggest) board.suggest(shown);
      else board.highlight?.(shown);
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
