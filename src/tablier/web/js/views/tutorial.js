// "Apprendre en jouant": a game's guided first game on its real board. The server holds
// the lesson (src/tablier/tutorials): each step's position as the learner sees it, and
// its verdict on a move, refused with the engine's own reason.

import { clear, h, linkStyles } from "../dom.js";
import { createBoard } from "../boards/registry.js";

const pick = (said, lang) => said?.[lang] ?? said?.fr ?? "";

/** The browser remembers each game whose guided game was finished. */
export const learnedKey = (game) => `tablier.learned.${game}`;
export function learned(store, game) {
  return Boolean(store.get(learnedKey(game), false));
}

async function getJson(url, init) {
  const response = await fetch(url, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error ?? String(response.status));
  return body;
}

export async function mount(main, ctx, params) {
  const gameId = (params.get("learn") ?? "").replace(/[^a-z0-9_-]/g, "");
  await ctx.gameList();
  const game = ctx.describe(gameId);
  // styles linked on mount, not on import: the lobby imports this module (and so do
  // the unit tests, which have no document)
  linkStyles(new URL("./tutorial.css", import.meta.url));
  main.classList.add("tutorial-page");
  let lessons;
  try {
    lessons = game ? (await getJson(`/api/tutorials/${gameId}`)).lessons : null;
  } catch {
    lessons = null;
  }
  if (!lessons?.length) {
    main.append(h("section", { class: "notice" }, h("h1", {}, ctx.t("tutorial.none"))));
    return {};
  }
  await ctx.useBoardMessages(game);
  const board = await createBoard(game);
  let lessonAt = Math.max(0, lessons.findIndex((l) => l.key === params.get("lesson")));
  let index = Math.max(0, Number(params.get("step")) || 0);
  let step = null; // the step as the server sent it
  let shown = null; // the state drawn (after a right move: the position it made)
  let feedback = null; // {kind: "ok" | "refused" | "retry" | "read", said}
  let done = false;
  let busy = false;
  let tries = 0; // answers heard in this step
  const root = h("section", { class: "play tutorial", "data-game": game.id });
  main.append(root);

  const lesson = () => lessons[lessonAt];
  const names = () => {
    const { t } = ctx;
    // the board puts a name before a verb ("… gagne"): a colour (a seat's number at a
    // larger table) with who plays it
    const count = shown?.observation?.num_players ?? 2;
    const label = (seat) => (count > 2 ? t("tutorial.seat", { n: seat + 1 }) : t(seat === 0 ? "tutorial.white" : "tutorial.black"));
    return Array.from({ length: count }, (_, seat) => t(seat === lesson().learner ? "tutorial.you" : "tutorial.computer", { colour: label(seat) }));
  };

  async function load(at) {
    index = at;
    done = false;
    tries = 0;
    step = await getJson(`/api/tutorials/${gameId}/${lesson().key}/${index}`);
    shown = step.state;
    feedback = step.asks_move ? null : { kind: "read", said: step.explain };
    history.replaceState(null, "", `/?learn=${gameId}&lesson=${lesson().key}&step=${index}`);
    draw();
  }

  async function tryMove(move) {
    if (busy || !step?.asks_move || feedback?.kind === "ok") return;
    busy = true;
    try {
      const answer = await getJson(`/api/tutorials/${gameId}/${lesson().key}/${index}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ move }),
      });
      const kinds = { expected: "ok", refused: "refused", legal: "retry" };
      feedback = { kind: kinds[answer.verdict], said: answer.said };
      tries += 1;
      if (answer.state) shown = answer.state;
    } catch (err) {
      feedback = { kind: "refused", said: { fr: err.message, en: err.message } };
    } finally {
      busy = false;
    }
    draw();
    showAnswer();
  }
  board.addEventListener("play-move", (e) => tryMove(e.detail.move));

  /** On a phone the words sit above the board: bring the answer into sight, under the
   * page's sticky header. */
  function showAnswer() {
    const box = root.querySelector(".tut-feedback");
    if (!box) return;
    const rect = box.getBoundingClientRect();
    const header = document.getElementById("top")?.getBoundingClientRect().bottom ?? 0;
    if (rect.top >= header && rect.bottom <= window.innerHeight) return;
    window.scrollTo({ top: window.scrollY + rect.top - header - 8, behavior: "smooth" });
  }

  function next() {
    if (index + 1 < lesson().steps) {
      load(index + 1);
      return;
    }
    // the whole lesson done: the lobby stops pointing newcomers here
    ctx.store.set(learnedKey(gameId), true);
    done = true;
    draw();
  }

  function feedbackBox(t) {
    if (!feedback) return h("p", { class: "tut-feedback tut-wait", "aria-live": "polite" }, t("tutorial.your_move"));
    const lead = { ok: t("tutorial.well_done"), refused: t("tutorial.refused"), retry: t("tutorial.try_again"), read: "" }[feedback.kind];
    return h(
      "p",
      { class: `tut-feedback tut-${feedback.kind}`, "data-feedback": feedback.kind, "data-try": tries, role: feedback.kind === "refused" ? "alert" : "status" },
      lead ? h("strong", {}, lead, " ") : null,
      pick(feedback.said, ctx.lang),
    );
  }

  function endPanel(t) {
    const following = lessons[lessonAt + 1];
    return h(
      "section",
      { class: "panel tut-panel tut-end", "data-state": "done" },
      h("h2", {}, t("tutorial.done_title")),
      h("p", {}, t("tutorial.done_text", { game: game.name })),
      h(
        "div",
        { class: "button-row" },
        following
          ? h("button", { type: "button", class: "btn btn-primary", "data-action": "next-lesson", onclick: () => { lessonAt += 1; load(0); } }, t("tutorial.next_lesson", { title: pick(following.title, ctx.lang) }))
          : null,
        // a real game: the lobby with this game's new-game dialog open
        h("a", { class: `btn ${following ? "" : "btn-primary"}`, href: `/?create=${gameId}`, "data-action": "to-lobby", onclick: (e) => { e.preventDefault(); ctx.navigate(`/?create=${gameId}`); } }, t("tutorial.play_now")),
        h("a", { class: "btn btn-ghost", href: `/?rules=${gameId}`, onclick: (e) => { e.preventDefault(); ctx.navigate(`/?rules=${gameId}`); } }, t("lobby.rules")),
      ),
    );
  }

  function draw() {
    const { t } = ctx;
    const l = lesson();
    const canGoOn = feedback && (feedback.kind === "ok" || feedback.kind === "read");
    const last = index + 1 >= l.steps;
    // the other seats' last moves (a long scripted stretch is told by the lesson's text)
    const before = (step?.before ?? []).filter((m) => m.seat !== l.learner).slice(-3);
    const panel = done
      ? endPanel(t)
      : h(
          "section",
          { class: "panel tut-panel", "data-step": index },
          h("p", { class: "tut-progress" }, t("tutorial.step", { i: index + 1, n: l.steps })),
          h("h2", {}, pick(step?.title, ctx.lang)),
          index === 0 && !feedback ? h("p", { class: "tut-intro" }, pick(l.intro, ctx.lang)) : null,
          before.length ? h("ul", { class: "tut-before" }, before.map((m) => h("li", {}, `${names()[m.seat] ?? ""} ${pick(m.words, ctx.lang)}.`))) : null,
          h("p", { class: "tut-ask" }, pick(step?.ask, ctx.lang)),
          feedbackBox(t),
          canGoOn
            ? h("button", { type: "button", class: "btn btn-primary", "data-action": "continue", onclick: next }, last ? t("tutorial.finish") : t("tutorial.continue"))
            : null,
        );
    clear(root).append(
      h("div", { class: "play-title" }, h("h1", {}, t("tutorial.title", { game: game.name })), h("p", { class: "tut-lesson" }, pick(l.title, ctx.lang))),
      h("div", { class: "play-grid tut-grid" }, h("div", { class: "board-wrap" }, board), h("aside", { class: "side" }, panel)),
    );
    if (shown) {
      const canPlay = !done && step?.asks_move && feedback?.kind !== "ok" && shown.legal_moves.length > 0;
      board.render({ t, lang: ctx.lang, state: shown, seat: l.learner, mine: [l.learner], canPlay, flip: false, names: names(), game });
    }
  }

  await load(index < lesson().steps ? index : 0);
  return { relabel: draw };
}
