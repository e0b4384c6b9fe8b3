// "Problèmes": positions from real games where a single move wins (src/tablier/puzzles),
// on the game's real board. The server judges the move: the key move and its line are
// never sent before the first try; then the page shows the engine's refutation of a
// wrong move, the solution line move by move, and the player's Glicko-2 rating, which
// the browser keeps (computed by the server's library, /api/problems/<id>/result).

import { clear, h, linkStyles } from "../dom.js";
import { createBoard } from "../boards/registry.js";
import { seatColour } from "./names.js";

export const GAMES = ["kwinty", "turris", "counterplays"];
const RATING_KEY = "tablier.problems.rating";
const PROBLEMS_KEY = "tablier.problems.ratings";
const START = { rating: 1500, rd: 350, vol: 0.06 };

const pick = (said, lang) => said?.[lang] ?? said?.fr ?? "";

async function getJson(url, init) {
  const response = await fetch(url, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(body.error ?? String(response.status));
    error.said = body.message ?? null;
    throw error;
  }
  return body;
}

/** The player's rating as this browser keeps it. */
export function playerRating(store) {
  return { ...START, ...(store.get(RATING_KEY, null) ?? {}) };
}

// the question: the mover's colour, and in how many moves he wins (problems.prompt_*)
export function prompt(t, game, problem) {
  const colour = seatColour(t, game, problem.seat);
  if (problem.kind === "forced") return t("problems.prompt_forced", { colour, n: problem.win_in });
  return t("problems.prompt_exact", { colour });
}

/** What the question means: against every defence, and only one move. */
export const hint = (t, problem) => t(problem.kind === "forced" ? "problems.hint_forced" : "problems.hint_exact", { n: problem.win_in });

export async function mount(main, ctx, params) {
  // linked here, not on import: the lobby imports this module for its problem of the day
  linkStyles(new URL("./problems.css", import.meta.url));
  const { t } = ctx;
  await ctx.gameList();
  main.classList.add("problems-page");
  const root = h("section", { class: "play problems" });
  main.append(root);
  let problem;
  try {
    const asked = params.get("problem");
    if (asked) problem = await getJson(`/api/problems/${encodeURIComponent(asked)}`);
    else {
      const wanted = (params.get("problems") ?? "").replace(/[^a-z]/g, "");
      const game = GAMES.includes(wanted) ? `?game=${wanted}` : "";
      problem = await getJson(`/api/problems/daily${game}`);
    }
  } catch {
    root.append(h("section", { class: "notice" }, h("h1", {}, t("problems.none"))));
    return {};
  }
  const game = ctx.describe(problem.game) ?? { id: problem.game, name: problem.game };
  root.dataset.game = game.id;
  await ctx.useBoardMessages(game);
  const board = await createBoard(game);
  const seat = problem.seat;
  let shown = problem.state; // the position on the board
  let answer = null; // the server's verdict, after the first try
  let step = null; // which move of the solution is on the board (null: the refutation)
  let busy = false;
  let error = null;
  let rated = null; // {before, after} of the player's rating for this try

  const names = () => [0, 1].map((s) => (s === seat ? t("problems.you", { colour: seatColour(ctx.t, game, s) }) : seatColour(ctx.t, game, s)));
  const colourOf = (s) => seatColour(ctx.t, game, s);
  const said = (entry) => pick(entry?.words, ctx.lang) || entry?.move || "";

  async function rate(solved) {
    const before = playerRating(ctx.store);
    const known = ctx.store.get(PROBLEMS_KEY, {}) ?? {};
    const mine = known[problem.id] ?? {};
    try {
      const after = await getJson(`/api/problems/${problem.id}/result`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ solved, ...before, problem_rating: mine.rating ?? null, problem_rd: mine.rd ?? null }),
      });
      ctx.store.set(RATING_KEY, after.player);
      ctx.store.set(PROBLEMS_KEY, { ...known, [problem.id]: after.problem });
      rated = { before, after: after.player };
    } catch {
      rated = null;
    }
  }

  async function tryMove(move) {
    if (busy || answer) return;
    busy = true;
    error = null;
    try {
      answer = await getJson(`/api/problems/${problem.id}/try`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ move }),
      });
      const last = answer.refutation.at(-1) ?? answer.played;
      shown = answer.solved ? answer.played.state : last.state;
      step = answer.solved ? 0 : null;
      await rate(answer.solved);
    } catch (err) {
      error = pick(err.said, ctx.lang) || err.message;
    } finally {
      busy = false;
    }
    draw();
  }
  board.addEventListener("play-move", (e) => tryMove(e.detail.move));

  function show(index) {
    step = index;
    shown = answer.solution[index].state;
    draw();
  }

  function verdict() {
    if (error) return h("p", { class: "pz-feedback pz-refused", role: "alert" }, error);
    if (!answer) return h("p", { class: "pz-feedback pz-wait", "aria-live": "polite" }, t("problems.your_move"));
    if (answer.solved) {
      return h("p", { class: "pz-feedback pz-ok", "data-verdict": "solved", role: "status" }, h("strong", {}, t("problems.solved"), " "), t("problems.solved_text", { name: colourOf(seat), words: said(answer.played) }));
    }
    const reply = answer.refutation.find((r) => r.player !== seat) ?? null;
    // Kwinty's search proves wins within a few moves, not that none exists later
    const drawn = problem.kind === "forced" ? "problems.no_quick_win" : "problems.no_win";
    const why = { "-1": "problems.loses", 0: drawn, 1: "problems.slower" }[String(answer.outcome)] ?? drawn;
    return h(
      "div",
      { class: "pz-feedback pz-refused", "data-verdict": "refuted", role: "alert" },
      h("p", {}, h("strong", {}, t("problems.wrong"), " "), t("problems.you_played", { name: colourOf(seat), words: said(answer.played) })),
      reply ? h("p", { class: "pz-refutation" }, t("problems.refutation", { name: colourOf(reply.player), words: said(reply) })) : null,
      h("p", {}, t(why, { name: colourOf(1 - seat), n: problem.win_in })),
      h("button", { type: "button", class: "btn btn-ghost", "data-action": "show-refutation", onclick: () => { step = null; shown = (answer.refutation.at(-1) ?? answer.played).state; draw(); } }, t("problems.show_refutation")),
    );
  }

  function solution() {
    if (!answer) return null;
    return h(
      "section",
      { class: "pz-solution", "aria-label": t("problems.solution") },
      h("h3", {}, t("problems.solution")),
      h(
        "ol",
        { class: "pz-line" },
        answer.solution.map((entry, i) =>
          h(
            "li",
            { class: `seat-${entry.player}` },
            h(
              "button",
              { type: "button", class: `pz-move ${step === i ? "is-shown" : ""}`, "aria-pressed": String(step === i), "data-step": i, title: entry.move, onclick: () => show(i) },
              h("span", { class: "pz-who" }, colourOf(entry.player), " "),
              said(entry),
            ),
          ),
        ),
      ),
    );
  }

  function ratingLine() {
    const mine = playerRating(ctx.store);
    const delta = rated ? Math.round(rated.after.rating - rated.before.rating) : null;
    return h(
      "p",
      { class: "pz-rating", "data-rating": Math.round(mine.rating) },
      t("problems.your_rating", { rating: Math.round(mine.rating), rd: Math.round(mine.rd) }),
      delta != null ? h("span", { class: delta >= 0 ? "pz-up" : "pz-down" }, ` (${delta >= 0 ? "+" : ""}${delta})`) : null,
    );
  }

  // the game's problems (no answers in them), to pick the next one by the player's rating
  let others = null;
  getJson(`/api/problems?game=${game.id}`).then((list) => { others = list.problems; }).catch(() => {});

  /** The next problem: one not tried yet whose rating is nearest the player's; the list's
   * next one until the list has come. */
  function nextId() {
    const tried = ctx.store.get(PROBLEMS_KEY, {}) ?? {};
    const open = (others ?? []).filter((p) => p.id !== problem.id && !(p.id in tried));
    if (!open.length) return problem.next;
    const mine = playerRating(ctx.store).rating;
    return open.reduce((best, p) => (Math.abs(p.rating - mine) < Math.abs(best.rating - mine) ? p : best)).id;
  }

  const go = (url) => (e) => {
    e.preventDefault();
    ctx.navigate(url);
  };

  function draw() {
    const { t: tt } = ctx;
    const panel = h(
      "section",
      { class: "panel pz-panel", "data-problem": problem.id, "data-state": answer ? (answer.solved ? "solved" : "refuted") : "open" },
      h("p", { class: "pz-meta" }, tt("problems.number", { i: problem.number, n: problem.count }), " · ", tt("problems.difficulty", { rating: problem.rating })),
      h("h2", { class: "pz-prompt" }, prompt(tt, game, problem)),
      h("p", { class: "pz-hint" }, hint(tt, problem)),
      verdict(),
      solution(),
      ratingLine(),
      h(
        "div",
        { class: "button-row" },
        h("a", { class: `btn ${answer ? "btn-primary" : "btn-ghost"}`, href: `/?problem=${problem.next}`, "data-action": "next", onclick: (e) => go(`/?problem=${nextId()}`)(e) }, tt("problems.next")),
      ),
      h(
        "nav",
        { class: "pz-games", "aria-label": tt("problems.other_games") },
        GAMES.filter((g) => g !== game.id).map((g) => h("a", { href: `/?problems=${g}`, onclick: go(`/?problems=${g}`) }, ctx.describe(g)?.name ?? g)),
      ),
    );
    clear(root).append(
      h("div", { class: "play-title" }, h("h1", {}, tt("problems.title", { game: game.name }))),
      h("div", { class: "play-grid pz-grid" }, h("div", { class: "board-wrap" }, board), h("aside", { class: "side" }, panel)),
    );
    const canPlay = !answer && !busy;
    board.render({ t: tt, lang: ctx.lang, state: canPlay ? problem.state : shown, seat, mine: [seat], canPlay, flip: false, names: names(), game });
    const last = answer ? (step != null ? answer.solution[step] : (answer.refutation.at(-1) ?? answer.played)) : null;
    board.highlight?.(last?.move ?? null);
  }

  history.replaceState(null, "", `/?problem=${problem.id}`);
  draw();
  return { relabel: draw };
}
