// A game's rules page, rendered from the server's Markdown.

import { gameArt } from "../art.js";
import { h } from "../dom.js";
import { renderMarkdown } from "../markdown.js";

export async function mount(main, ctx, params) {
  const id = params.get("rules");
  main.classList.add("rules-page");
  const article = h("article", { class: "rules" });
  const draw = async () => {
    const { t } = ctx;
    await ctx.gameList();
    const game = ctx.describe(id);
    main.replaceChildren(
      h(
        "nav",
        { class: "crumbs" },
        h("a", { href: "/", onclick: (e) => { e.preventDefault(); ctx.navigate("/"); } }, t("nav.games")),
        " › ",
        game?.name ?? id,
      ),
      article,
    );
    try {
      const text = await ctx.api.rules(id, ctx.lang);
      article.innerHTML = renderMarkdown(text);
      article.prepend(h("div", { class: "rules-art", html: gameArt(game) }));
      if (game) {
        article.append(
          h(
            "p",
            { class: "rules-play" },
            h("a", { class: "btn btn-primary", href: `/?create=${id}`, onclick: (e) => { e.preventDefault(); ctx.navigate(`/?create=${id}`); } }, t("rules.play", { game: game.name })),
            " ",
            h("a", { class: "btn btn-ghost", href: `/?study=${id}`, "data-action": "study", onclick: (e) => { e.preventDefault(); ctx.navigate(`/?study=${id}`); } }, t("study.link")),
          ),
        );
      }
    } catch (err) {
      article.replaceChildren(h("p", { class: "empty" }, t("rules.missing", { why: err.message })));
    }
  };
  await draw();
  return { relabel: draw };
}
