// The application shell: language, routing between the lobby, rules, play and replay.

import { api } from "./api.js";
import { LOGO } from "./art.js";
import { clear, h } from "./dom.js";
import { chooseLang, LANGS, makeTranslator } from "./i18n.js";
import { profileChip } from "./profile-chip.js";
import { Store } from "./store.js";

const store = new Store(globalThis.localStorage);
const messages = {};
const ctx = {
  store,
  lang: chooseLang(store.lang()),
  t: (key) => key,
  api,
  navigate,
  toast,
  games: null,
  async gameList() {
    if (!this.games) this.games = await api.games();
    return this.games;
  },
  describe(id) {
    return (this.games ?? []).find((g) => g.id === id) ?? null;
  },
  /** Adds a board's own messages (the file its web manifest declares) to the translator. */
  async useBoardMessages(game) {
    const where = game?.web_urls?.messages;
    if (!where || boardTexts.has(game.id)) return;
    boardTexts.set(game.id, where);
    await setLang(ctx.lang);
  },
};
// the games whose board messages are merged into the translator: id -> the address of
// their messages, "{lang}" standing for the language
const boardTexts = new Map();

let view = null;

async function fetchJson(url) {
  const response = await fetch(url);
  return response.ok ? response.json() : {};
}

async function loadMessages(lang) {
  if (!messages[lang]) messages[lang] = { base: await fetchJson(`/i18n/${lang}.json`), boards: {} };
  const entry = messages[lang];
  const missing = [...boardTexts.keys()].filter((id) => !(id in entry.boards));
  const loaded = await Promise.all(missing.map((id) => fetchJson(boardTexts.get(id).replaceAll("{lang}", lang))));
  missing.forEach((id, i) => { entry.boards[id] = loaded[i]; });
  // a board's file holds one top-level key, its game id: merging cannot clash
  return Object.assign({}, entry.base, ...Object.values(entry.boards));
}

async function setLang(lang) {
  store.setLang(lang);
  const chosen = await loadMessages(lang);
  const fallback = lang === "fr" ? {} : await loadMessages("fr");
  // the language changes with its messages, never before: a dialog opened meanwhile
  // would otherwise mix the new language's choices with the old one's words
  ctx.lang = lang;
  ctx.t = makeTranslator(chosen, fallback);
  ctx.t.lang = lang;
  document.documentElement.lang = lang;
  drawHeader();
}

function drawHeader() {
  const { t } = ctx;
  const header = document.getElementById("top");
  clear(header);
  header.append(
    h(
      "a",
      { class: "brand", href: "/", onclick: (e) => { e.preventDefault(); navigate("/"); } },
      h("span", { class: "brand-logo", html: LOGO }),
      h("span", { class: "brand-name" }, "Tablier"),
    ),
    h(
      "nav",
      { class: "top-nav", "aria-label": t("nav.label") },
      h("a", { href: "/#games", onclick: (e) => { e.preventDefault(); navigate("/"); } }, t("nav.games")),
      h("a", { href: "/#my-games", onclick: (e) => { e.preventDefault(); navigate("/#my-games"); } }, t("nav.my_games")),
    ),
    profileChip(ctx),
    h(
      "div",
      { class: "lang-switch", role: "group", "aria-label": t("nav.language") },
      LANGS.map((lang) =>
        h(
          "button",
          {
            type: "button",
            class: "lang",
            lang,
            "aria-pressed": String(lang === ctx.lang),
            "data-lang": lang,
            onclick: async () => {
              if (lang === ctx.lang) return;
              await setLang(lang);
              if (view?.relabel) view.relabel();
              else route();
            },
          },
          lang.toUpperCase(),
        ),
      ),
    ),
  );
  document.title = t("app.title");
  document.querySelector(".skip").textContent = t("nav.skip");
}

/** A short message at the bottom of the screen; errors are announced assertively. */
export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  const item = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  box.append(item);
  setTimeout(() => item.classList.add("toast-out"), kind === "error" ? 5000 : 2800);
  setTimeout(() => item.remove(), kind === "error" ? 5600 : 3400);
}

function navigate(url, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  route();
}

async function route() {
  if (view?.destroy) view.destroy();
  view = null;
  const main = document.getElementById("main");
  const params = new URLSearchParams(location.search);
  const room = params.get("room");
  let module;
  if (room && params.has("replay")) module = await import("./views/replay.js");
  else if (room) module = await import("./views/play.js");
  else if (params.has("host")) module = await import("./views/host.js");
  else if (params.has("join-code")) module = await import("./views/join.js");
  else if (params.has("me")) module = await import("./views/account.js");
  else if (params.has("player")) module = await import("./views/player.js");
  else if (params.has("leaderboard")) module = await import("./views/leaderboard.js");
  else if (params.has("learn")) module = await import("./views/tutorial.js");
  else if (params.has("rules")) module = await import("./views/rules.js");
  else if (params.has("study")) module = await import("./views/study.js");
  else if (params.has("problem") || params.has("problems")) module = await import("./views/problems.js");
  else if (params.has("puzzle")) {
    // a game's solo puzzles: the page its web manifest declares (else the lobby)
    await ctx.gameList();
    const page = ctx.describe((params.get("puzzle") ?? "").split(":")[0])?.web_urls?.puzzle;
    module = await import(page ?? "./views/lobby.js");
  }
  else module = await import("./views/lobby.js");
  clear(main);
  main.className = "";
  view = await module.mount(main, ctx, params);
  main.focus({ preventScroll: true });
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  else window.scrollTo(0, 0);
}

window.addEventListener("popstate", route);

await setLang(ctx.lang);
await route();
