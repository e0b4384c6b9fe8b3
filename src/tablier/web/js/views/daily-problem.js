// The lobby's "problem of the day": the same problem for everyone that day (the server
// draws it from the date), with its question and a link to the problems page.

import { h, linkStyles } from "../dom.js";
import { playerRating, prompt } from "./problems.js";

/** A section that fills itself once the day's problem has come (nothing if none ships). */
export function dailyProblem(ctx) {
  linkStyles(new URL("./problems.css", import.meta.url));
  const box = h("section", { id: "daily-problem", class: "panel daily-problem", "aria-labelledby": "daily-title", hidden: true });
  fetch("/api/problems/daily")
    .then((r) => (r.ok ? r.json() : null))
    .then(async (problem) => {
      if (!problem) return;
      await ctx.gameList();
      const { t } = ctx;
      const game = ctx.describe(problem.game) ?? { id: problem.game, name: problem.game };
      const mine = playerRating(ctx.store);
      const open = (e) => {
        e.preventDefault();
        ctx.navigate(`/?problem=${problem.id}`);
      };
      box.dataset.problem = problem.id;
      box.append(
        h("div", {}, h("h2", { id: "daily-title" }, t("problems.daily_title")), h("p", {}, t("problems.daily_text", { game: game.name, prompt: prompt(t, game, problem) }))),
        h("p", { class: "pz-meta" }, t("problems.difficulty", { rating: problem.rating }), " · ", t("problems.your_rating", { rating: Math.round(mine.rating), rd: Math.round(mine.rd) })),
        h("a", { class: "btn btn-primary", href: `/?problem=${problem.id}`, "data-action": "daily-problem", onclick: open }, t("problems.solve")),
      );
      box.hidden = false;
    })
    .catch(() => {});
  return box;
}
