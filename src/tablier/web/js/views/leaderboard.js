// A game's leaderboard (/?leaderboard=GAME): the active rated players by rating, with
// the computer levels' fixed ratings placed among them; and the lobby's entry to it.

import { clear, h } from "../dom.js";
import { pick } from "../i18n.js";
import { appLink, computerName, getJson, rounded } from "./player.js";

/** The lobby's "Classements" entry: a short line with a link to the leaderboards. */
export function leaderboardsEntry(ctx) {
  const { t } = ctx;
  return h(
    "section",
    { class: "boards-entry", "aria-labelledby": "boards-entry-title" },
    h("h2", { id: "boards-entry-title" }, t("leaderboard.entry_title")),
    h("p", { class: "help" }, t("leaderboard.entry_help")),
    appLink(ctx, "/?leaderboard=kwinty", { class: "btn" }, t("leaderboard.entry_link")),
  );
}

function rows(ctx, board) {
  const { t } = ctx;
  // the levels sit among the players at their fixed rating, without a rank
  const people = board.players.map((p) => ({ ...p, kind: "player" }));
  const levels = board.computer.map((c) => ({ ...c, kind: "computer" }));
  const all = [...people, ...levels].sort((a, b) => b.rating - a.rating);
  return all.map((row) =>
    row.kind === "player"
      ? h(
          "tr",
          { class: "board-player", "data-player": row.id },
          h("td", { class: "board-rank" }, String(row.rank)),
          h("td", { class: "board-name" }, appLink(ctx, `/?player=${encodeURIComponent(row.id)}`, {}, row.name)),
          h("td", { class: "board-rating" }, rounded(row.rating)),
          h("td", { class: "board-games" }, String(row.games)),
        )
      : h(
          "tr",
          { class: "board-computer", "data-level": row.level },
          h("td", { class: "board-rank" }, h("span", { "aria-hidden": "true" }, "·")),
          h("td", { class: "board-name" }, computerName(row.level, t), h("span", { class: "board-fixed" }, t("leaderboard.fixed"))),
          h("td", { class: "board-rating" }, rounded(row.rating)),
          h("td", { class: "board-games" }, h("span", { title: t("leaderboard.measured_games", { n: row.games }) }, String(row.games))),
        ),
  );
}

export async function mount(main, ctx, params) {
  const key = params.get("leaderboard") || "kwinty";
  main.classList.add("people-page", "boards-page");
  let board;
  let keys;
  try {
    [board, keys] = await Promise.all([getJson(`/api/leaderboards/${encodeURIComponent(key)}`), getJson("/api/leaderboards")]);
  } catch (err) {
    main.append(h("section", { class: "notice" }, h("h1", {}, ctx.t("leaderboard.unknown")), h("p", {}, err.status === 404 ? ctx.t("leaderboard.unknown_help") : err.message), appLink(ctx, "/?leaderboard=kwinty", { class: "btn" }, ctx.t("leaderboard.entry_link"))));
    return {};
  }
  const draw = () => {
    const { t, lang } = ctx;
    clear(main);
    const label = pick(board.label, lang);
    document.title = `${t("leaderboard.title", { game: label })} · Tablier`;
    main.append(
      h(
        "header",
        { class: "people-head" },
        h("p", { class: "people-kicker" }, t("leaderboard.kicker")),
        h("h1", {}, t("leaderboard.title", { game: label })),
        h("p", { class: "help" }, t("leaderboard.who", { days: board.active_days, rd: rounded(board.rd_limit) })),
      ),
      h(
        "nav",
        { class: "boards-nav", "aria-label": t("leaderboard.choose") },
        // the plain games always; a variant once someone is rated in it
        keys.filter((k) => !k.variant || k.rated_players > 0 || k.key === board.key).map((k) =>
          appLink(ctx, `/?leaderboard=${encodeURIComponent(k.key)}`, { class: "chip-link", "aria-current": k.key === board.key ? "page" : null }, pick(k.label, lang)),
        ),
      ),
      h(
        "section",
        { class: "people-card boards-card" },
        board.players.length ? null : h("p", { class: "empty" }, t("leaderboard.empty")),
        h(
          "table",
          { class: "boards-table" },
          h("caption", { class: "sr-only" }, t("leaderboard.title", { game: label })),
          h(
            "thead",
            {},
            h("tr", {}, h("th", { scope: "col" }, t("leaderboard.rank")), h("th", { scope: "col" }, t("leaderboard.name")), h("th", { scope: "col" }, t("leaderboard.rating")), h("th", { scope: "col" }, t("leaderboard.games"))),
          ),
          h("tbody", {}, rows(ctx, board)),
        ),
        board.computer.length ? h("p", { class: "help" }, t("leaderboard.computer_help")) : null,
      ),
    );
  };
  draw();
  return { relabel: draw };
}
