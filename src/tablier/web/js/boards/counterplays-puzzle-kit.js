// What Counterplays' puzzle pages share: the server calls, the page's frame (crumbs,
// title, status, tools, board) and the links to the other puzzles.

import { clear, h } from "../dom.js";

export const GAME = "counterplays";
export const NAMES = ["level6", "surround", "rhombus", "triangle"];

export async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    const error = new Error(answer.error ?? `HTTP ${response.status}`);
    error.body = answer;
    throw error;
  }
  return answer;
}

/** The page's parts, appended to `main` in reading order. */
export function frame(main, board, extra = []) {
  main.classList.add("puzzle-page");
  const parts = {
    crumbs: h("nav", { class: "crumbs" }),
    title: h("h1", {}),
    intro: h("p", { class: "puzzle-intro" }),
    why: h("div", { class: "puzzle-why", role: "note" }),
    status: h("p", { class: "banner", role: "status", "aria-live": "polite" }),
    tools: h("div", { class: "button-row puzzle-tools" }),
    wrap: h("div", { class: "board-wrap" }, board),
    others: h("p", { class: "puzzle-others" }),
  };
  main.append(parts.crumbs, parts.title, parts.intro, ...extra, parts.why, parts.status, parts.tools, parts.wrap, parts.others);
  return parts;
}

/** Crumbs, title, intro and the links to the other puzzles. */
export function drawFrame(parts, ctx, game, name) {
  const { t } = ctx;
  const go = (href) => (e) => { e.preventDefault(); ctx.navigate(href); };
  clear(parts.crumbs).append(
    h("a", { href: "/", onclick: go("/") }, t("nav.games")),
    " › ",
    h("a", { href: `/?rules=${GAME}`, onclick: go(`/?rules=${GAME}`) }, game.name),
    " › ",
    t("counterplays.puzzle.crumb"),
  );
  parts.title.textContent = t(`counterplays.puzzle.${name}_title`);
  parts.intro.textContent = t(`counterplays.puzzle.${name}_intro`);
  const links = NAMES.filter((n) => n !== name).map((n) => h("a", { href: `/?puzzle=${GAME}:${n}`, onclick: go(`/?puzzle=${GAME}:${n}`) }, t(`counterplays.puzzle.${n}_title`)));
  clear(parts.others).append(...links.flatMap((link, i) => (i ? [" · ", link] : [link])));
}

/** A tool button; `busy` disables them all while the server searches. */
export function tool(action, label, onclick, { disabled = false, primary = false, ghost = false } = {}) {
  return h("button", { type: "button", class: `btn${primary ? " btn-primary" : ""}${ghost ? " btn-ghost" : ""}`, "data-action": action, disabled, onclick }, label);
}

/**
 * One action at a time: the page redraws as an action starts (its buttons disabled
 * while `busy`) and when it ends, and a failure becomes a toast.
 */
export function oneAtATime(ctx, draw) {
  const runner = {
    busy: false,
    async act(work) {
      if (runner.busy) return;
      runner.busy = true;
      draw();
      try {
        await work();
      } catch (err) {
        ctx.toast(err.message, "error");
      } finally {
        runner.busy = false;
        draw();
      }
    },
  };
  return runner;
}
