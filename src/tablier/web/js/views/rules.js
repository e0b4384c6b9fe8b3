// A game's rules page, rendered from the server's Markdown, its example positions drawn
// by the game's own board (rules-diagram.js).

import { gameArt } from "../art.js";
import { h, linkStyles } from "../dom.js";
import { renderMarkdown } from "../markdown.js";
import { drawDiagrams } from "../rules-diagram.js";

// the heading of the last section, for readers who want notation and the terminal
const FURTHER = new Set(["pour-aller-plus-loin", "going-further"]);

/** The "going further" section folded away: a newcomer reads the rules without it. */
function foldFurther(article) {
  const heading = [...article.querySelectorAll("h2")].find((el) => FURTHER.has(el.id));
  if (!heading) return;
  const details = h("details", { class: "rules-further", id: heading.id });
  details.append(h("summary", {}, heading.textContent));
  let next = heading.nextSibling;
  while (next && next.nodeName !== "H2") {
    const after = next.nextSibling;
    details.append(next);
    next = after;
  }
  heading.replaceWith(details);
}

/** Whether a balance study of the game exists (the study page is a dead end without). */
async function hasStudy(ctx, id) {
  try {
    await ctx.api.study(id);
    return true;
  } catch {
    return false;
  }
}

export async function mount(main, ctx, params) {
  const id = params.get("rules");
  // linked on mounting, not on import: the module stays importable without a page
  linkStyles(new URL("../../rules.css", import.meta.url));
  main.classList.add("rules-page");
  const article = h("article", { class: "rules" });
  const go = (href) => (e) => {
    e.preventDefault();
    ctx.navigate(href);
  };
  const draw = async () => {
    const { t } = ctx;
    await ctx.gameList();
    const game = ctx.describe(id);
    main.replaceChildren(
      h("nav", { class: "crumbs" }, h("a", { href: "/", onclick: go("/") }, t("nav.games")), " › ", game?.name ?? id),
      article,
    );
    let text;
    try {
      text = await ctx.api.rules(id, ctx.lang);
    } catch (err) {
      article.replaceChildren(h("p", { class: "empty" }, t("rules.missing", { why: err.message })));
      return;
    }
    article.innerHTML = renderMarkdown(text);
    article.prepend(h("div", { class: "rules-art", html: gameArt(game) }));
    foldFurther(article);
    const [, study] = await Promise.all([drawDiagrams(article, ctx, (g) => ctx.describe(g)), game ? hasStudy(ctx, id) : false]);
    if (game) {
      article.append(
        h(
          "p",
          { class: "rules-play" },
          h("a", { class: "btn btn-primary", href: `/?create=${id}`, onclick: go(`/?create=${id}`) }, t("rules.play", { game: game.name })),
          study ? " " : null,
          study ? h("a", { class: "btn btn-ghost", href: `/?study=${id}`, "data-action": "study", onclick: go(`/?study=${id}`) }, t("study.link")) : null,
        ),
      );
    }
    article.dataset.ready = "1";
  };
  await draw();
  return { relabel: draw };
}
