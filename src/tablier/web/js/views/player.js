// A player's page (/?player=ID): per game, the rating with its history drawn as a
// plot, the results, the strongest wins, the recent games with their replays, and the
// computer levels' fixed ratings beside the player's own.

import { gameArt } from "../art.js";
import { clear, h, s } from "../dom.js";
import { pick } from "../i18n.js";

/** GET a JSON answer; an error carries the server's {error, code}. */
export async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(body.error ?? `HTTP ${response.status}`), { status: response.status, code: body.code });
  return body;
}

/** A link inside the application (no reload). */
export function appLink(ctx, url, attrs, ...children) {
  return h("a", { ...attrs, href: url, onclick: (e) => { if (e.button === 0 && !e.ctrlKey && !e.metaKey) { e.preventDefault(); ctx.navigate(url); } } }, ...children);
}

export function rounded(value) {
  return String(Math.round(Number(value)));
}

/** "Ordinateur (difficile)". */
export function computerName(level, t) {
  return t("seat.computer", { level: t(`levels.${level}`) });
}

function when(at, lang) {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { day: "numeric", month: "short", year: "numeric" }).format(new Date(at * 1000));
}

function personName(ctx, person) {
  if (person.id && person.name == null) return h("span", { class: "people-deleted" }, ctx.t("player.deleted"));
  const name = person.name ?? ctx.t("player.guest");
  return person.id ? appLink(ctx, `/?player=${encodeURIComponent(person.id)}`, { class: "people-name" }, name) : h("span", {}, name);
}

// y ticks at round steps covering [low, high]
function ticks(low, high) {
  const span = Math.max(high - low, 1);
  const step = [10, 20, 25, 50, 100, 200, 250, 500].find((s) => span / s <= 4) ?? 1000;
  const first = Math.ceil(low / step) * step;
  const out = [];
  for (let v = first; v <= high; v += step) out.push(v);
  return out;
}

/** The rating after each rated game, as an inline SVG plot with axes and labelled points. */
export function historyPlot(points, ctx) {
  const { t, lang } = ctx;
  const W = 340, H = 170, left = 44, right = 12, top = 12, bottom = 34;
  const values = points.map((p) => p.rating);
  const pad = Math.max(20, (Math.max(...values) - Math.min(...values)) * 0.1);
  const low = Math.min(...values) - pad, high = Math.max(...values) + pad;
  const x = (i) => left + (points.length === 1 ? (W - left - right) / 2 : (i * (W - left - right)) / (points.length - 1));
  const y = (v) => top + ((high - v) * (H - top - bottom)) / (high - low);
  const last = points.length - 1;
  const described = t("player.plot_label", { n: last, from: rounded(values[0]), to: rounded(values[last]) });
  return s(
    "svg",
    { class: "rating-plot", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": described, preserveAspectRatio: "xMidYMid meet" },
    s("title", {}, described),
    // horizontal grid lines with their ratings
    ticks(low, high).map((v) => [
      s("line", { class: "plot-grid", x1: left, x2: W - right, y1: y(v), y2: y(v) }),
      s("text", { class: "plot-tick", x: left - 6, y: y(v) + 4, "text-anchor": "end" }, rounded(v)),
    ]),
    s("line", { class: "plot-axis", x1: left, x2: left, y1: top, y2: H - bottom }),
    s("line", { class: "plot-axis", x1: left, x2: W - right, y1: H - bottom, y2: H - bottom }),
    // the games along the bottom: the start, then game n
    [0, last].filter((i, k, all) => all.indexOf(i) === k).map((i) =>
      s("text", { class: "plot-tick", x: x(i), y: H - bottom + 15, "text-anchor": i === 0 && last > 0 ? "start" : "end" }, i === 0 ? t("player.plot_start") : String(i)),
    ),
    s("text", { class: "plot-caption", x: (left + W - right) / 2, y: H - 4, "text-anchor": "middle" }, t("player.plot_games")),
    s("polyline", { class: "plot-line", points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ") }),
    points.map((p, i) =>
      s(
        "circle",
        { class: i === last ? "plot-point plot-now" : "plot-point", cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: i === last ? 4.5 : 3 },
        s("title", {}, `${when(p.at, lang)} · ${rounded(p.rating)}`),
      ),
    ),
  );
}

function resultWord(t, game) {
  if (!game.finished) return t("player.in_progress");
  return game.outcome ? t(`player.outcome.${game.outcome}`) : t("player.finished");
}

function change(value) {
  if (value == null) return null;
  const sign = value > 0 ? "+" : value < 0 ? "−" : "±";
  return h("span", { class: `people-change ${value > 0 ? "up" : value < 0 ? "down" : ""}` }, `${sign}${rounded(Math.abs(value))}`);
}

function gameRow(ctx, game) {
  const { t } = ctx;
  const opponents = game.opponents.map((o) => (o.kind === "computer" ? h("span", {}, computerName(o.level, t)) : personName(ctx, o)));
  const versus = opponents.flatMap((o, i) => (i ? [", ", o] : [o]));
  return h(
    "li",
    { class: `people-game ${game.outcome ? `is-${game.outcome}` : ""}`, "data-room": game.room },
    h("span", { class: "people-result" }, resultWord(t, game)),
    h("span", { class: "people-game-text" }, t("player.versus"), " ", versus.length ? versus : t("player.nobody"), h("small", {}, when(game.at, ctx.lang), game.rated ? [" · ", t("player.rated")] : null)),
    change(game.rating_change),
    appLink(ctx, game.link, { class: "btn btn-small" }, game.finished ? t("player.replay") : t("player.watch")),
  );
}

function levelsList(ctx, card, name) {
  const { t } = ctx;
  if (!card.computer.length) return null;
  const mine = card.rating;
  const rows = card.computer.map((level) =>
    h(
      "li",
      { class: `people-level ${mine != null && mine >= level.rating ? "is-below" : ""}`, "data-level": level.level },
      h("span", {}, computerName(level.level, t)),
      h("span", { class: "people-level-rating" }, t("player.fixed_rating", { rating: rounded(level.rating) })),
    ),
  );
  // the player stands among the levels, at their own rating
  if (mine != null) {
    const above = card.computer.filter((level) => mine >= level.rating).length;
    rows.splice(above, 0, h("li", { class: "people-level people-level-self" }, h("span", {}, name), h("span", { class: "people-level-rating" }, rounded(mine))));
  }
  return h(
    "div",
    { class: "people-levels" },
    h("h3", {}, t("player.computer_title")),
    h("p", { class: "help" }, t("player.computer_help")),
    // strongest first, as on the leaderboard
    h("ul", {}, rows.reverse()),
  );
}

function ratingCard(ctx, card, name) {
  const { t, lang } = ctx;
  const game = ctx.describe(card.game);
  const rated = card.rating != null;
  const tally = [
    t("player.wins", { n: card.wins }),
    t("player.losses", { n: card.losses }),
    t("player.draws", { n: card.draws }),
  ].join(" · ");
  return h(
    "section",
    { class: "people-card", "data-key": card.key, "aria-labelledby": `card-${card.key}` },
    h(
      "header",
      { class: "people-card-head" },
      game ? h("span", { class: "people-art", html: gameArt(game) }) : null,
      h("h2", { id: `card-${card.key}` }, pick(card.label, lang) || card.key),
      appLink(ctx, `/?leaderboard=${encodeURIComponent(card.key)}`, { class: "people-board-link" }, t("player.leaderboard")),
    ),
    rated
      ? h(
          "div",
          { class: "people-rating" },
          h("strong", { class: "people-rating-value" }, rounded(card.rating)),
          h("span", { class: "people-rating-rd" }, t("player.rd", { rd: rounded(card.rd) }), card.provisional ? [" · ", t("player.provisional")] : null),
          h("p", { class: "people-tally" }, t("player.games", { n: card.games }), " — ", tally),
        )
      : h("p", { class: "people-unrated" }, t("player.unrated")),
    card.history.length > 1 ? h("figure", { class: "people-plot" }, historyPlot(card.history, ctx), h("figcaption", { class: "help" }, t("player.plot_caption"))) : null,
    card.strongest_wins.length
      ? h(
          "div",
          { class: "people-wins" },
          h("h3", {}, t("player.strongest_wins")),
          h(
            "ol",
            {},
            card.strongest_wins.map((w) =>
              h(
                "li",
                {},
                h("span", { class: "people-win-who" }, personName(ctx, w.opponent)),
                h("small", {}, t("player.win_detail", { rating: rounded(w.opponent_rating), date: when(w.at, lang) })),
                appLink(ctx, w.replay, { class: "btn btn-small" }, t("player.replay")),
              ),
            ),
          ),
        )
      : null,
    levelsList(ctx, card, name),
    card.recent_games.length
      ? h("div", { class: "people-games" }, h("h3", {}, t("player.recent_games")), h("ul", {}, card.recent_games.map((g) => gameRow(ctx, g))))
      : null,
  );
}

export async function mount(main, ctx, params) {
  const id = params.get("player") ?? "";
  main.classList.add("people-page");
  await ctx.gameList().catch(() => []);
  let data;
  try {
    data = await getJson(`/api/players/${encodeURIComponent(id)}`);
  } catch (err) {
    main.append(h("section", { class: "notice" }, h("h1", {}, ctx.t("player.unknown")), h("p", {}, err.status === 404 ? ctx.t("player.unknown_help") : err.message)));
    return {};
  }
  const draw = () => {
    const { t, lang } = ctx;
    clear(main);
    const name = data.name ?? t("player.deleted");
    document.title = `${name} · Tablier`;
    main.append(
      h(
        "header",
        { class: "people-head" },
        h("p", { class: "people-kicker" }, t("player.kicker")),
        h("h1", { class: data.deleted ? "people-deleted" : "" }, name),
        h("p", { class: "help" }, t("player.since", { date: when(data.since, lang) })),
      ),
      data.ratings.length
        ? h("div", { class: "people-cards" }, data.ratings.map((card) => ratingCard(ctx, card, name)))
        : h("p", { class: "empty" }, t("player.no_games")),
    );
  };
  draw();
  return { relabel: draw };
}
