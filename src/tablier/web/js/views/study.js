// `/?study=<game>`: the latest balance study of a game (written by `tablier study`): who
// wins from which seat, how long games last, how they end, what a variant changes.

import { clear, h } from "../dom.js";

const pct = (share) => `${(share.rate * 100).toFixed(1)} % [${(share.low * 100).toFixed(1)}, ${(share.high * 100).toFixed(1)}]`;

export async function mount(main, ctx, params) {
  const id = params.get("study");
  await ctx.gameList();
  const game = ctx.describe(id);
  const root = h("section", { class: "study-page" });
  main.append(root);
  let data = null;
  // why there is nothing to show, for people ({fr, en}), else the error's own text
  let missing = null;
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(id)}/study`);
    const body = await response.json();
    if (response.ok) data = body;
    else missing = body.message ?? { fr: body.error, en: body.error };
  } catch (err) {
    missing = { fr: err.message, en: err.message };
  }
  const words = (kind, key) => data?.words?.[kind]?.[key]?.[ctx.lang] ?? data?.words?.[kind]?.[key]?.fr ?? key;
  // a player of the study (random, greedy, a level) as the lobby names it
  const player = (name) => (ctx.t.has?.(`levels.${name}`) ? ctx.t(`levels.${name}`) : name);
  const draw = () => {
    const { t } = ctx;
    clear(root).append(h("h1", {}, t("study.title", { game: game?.name ?? id })));
    if (!data) {
      root.append(
        h("p", { class: "empty" }, missing?.[ctx.lang] ?? missing?.fr ?? t("study.none")),
        // how to make one is for whoever runs the server: out of the way
        h("details", { class: "further" }, h("summary", {}, t("study.how")), h("p", { class: "help" }, t("study.none")), h("pre", {}, `tablier study ${id} --games 2000 --jobs 2`)),
      );
      return;
    }
    const first = data.studies[0];
    root.append(h("p", {}, t("study.players", { players: first.players.map(player).join(", "), n: first.games })));
    for (const d of data.differences ?? []) root.append(h("p", { class: "verdict" }, d.verdict?.[ctx.lang] ?? d.verdict?.fr ?? ""));
    const seats = first.wins.length;
    root.append(
      h(
        "div",
        { class: "table-scroll" },
        h(
        "table",
        { class: "study-table" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), Array.from({ length: seats }, (_, s) => h("th", {}, t("study.seat", { n: s + 1 }))), h("th", {}, t("study.draws")), h("th", {}, t("study.length")))),
        h(
          "tbody",
          {},
          data.studies.map((st) =>
            h(
              "tr",
              {},
              h("th", {}, words("labels", st.label)),
              st.wins.map((w) => h("td", {}, pct(w))),
              h("td", {}, pct(st.draws)),
              h("td", {}, `${st.length.mean.toFixed(1)} [${st.length.low.toFixed(1)}, ${st.length.high.toFixed(1)}]`),
            ),
          ),
        ),
      ),
      ),
      h("h2", {}, t("study.endings")),
      h(
        "ul",
        {},
        data.studies.flatMap((st) => Object.entries(st.reasons).map(([reason, share]) => h("li", {}, `${words("labels", st.label)} — ${words("reasons", reason)} : ${pct(share)}`))),
      ),
      data.report ? h("p", {}, h("a", { class: "btn", href: `/api/games/${encodeURIComponent(id)}/study/report.html`, target: "_blank", rel: "noopener", "data-action": "report" }, t("study.report"))) : null,
    );
  };
  draw();
  return { relabel: draw };
}
