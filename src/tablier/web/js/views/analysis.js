// The engine's analysis of a finished game, in the replay: a graph of the winning
// chances, a verdict for each move and the engine's move in each position. The server
// runs it in its computer pool and the page reads its progress (docs/web.md).

import { h, s } from "../dom.js";
import { seatColour } from "./names.js";

export const SYMBOLS = { best: "✓", good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };

const path = (room, n) => `/api/rooms/${encodeURIComponent(room)}/games/${n}/analysis`;

async function call(url, method = "GET") {
  const response = await fetch(url, { method, headers: { Accept: "application/json" } });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}

/** Starts (or resumes) the analysis and calls `onView` with each new state of it. */
export async function follow(room, number, onView, { every = 400 } = {}) {
  let view = await call(path(room, number), "POST");
  onView(view);
  while (view.state === "running") {
    await new Promise((resolve) => setTimeout(resolve, every));
    view = await call(path(room, number));
    onView(view);
  }
  if (view.state === "failed") throw new Error("analysis failed");
  return view;
}

/** Seat 0's winning chances, from 0 to 1, after each move (0: the start). Every value
 * the server sends is seat 0's (the first player's), in [-1, 1]. */
export function chancesLine(positions) {
  return positions.map((p) => (p.value + 1) / 2);
}

const colourOf = (t, game, seat) => seatColour(t, game, seat);

/** The graph: seat 0's chances over the game, with its axis and legend; a click goes
 * to that position. */
export function chancesGraph(t, view, index, names, onGo, game = null) {
  const W = 300;
  const H = 90;
  const points = chancesLine(view.positions);
  const n = Math.max(1, view.total - 1);
  const x = (i) => (i / n) * W;
  const y = (v) => H - v * H;
  const first = colourOf(t, game, 0);
  const second = colourOf(t, game, 1);
  const svg = s("svg", { class: "analysis-graph", viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", role: "img", "aria-label": t("analysis.graph", { name: first }) });
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, class: "ag-back" }));
  if (points.length) {
    const line = points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    svg.append(s("polygon", { points: `0,${H} ${line} ${x(points.length - 1).toFixed(1)},${H}`, class: "ag-area" }));
    svg.append(s("polyline", { points: line, class: "ag-line" }));
  }
  svg.append(s("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "ag-mid" }));
  for (const m of view.moves) {
    if (m.verdict === "mistake" || m.verdict === "blunder") {
      svg.append(s("circle", { cx: x(m.index + 1), cy: y(points[m.index + 1] ?? 0.5), r: 3.5, class: `ag-dot v-${m.verdict}` }));
    }
  }
  svg.append(s("line", { x1: x(index), x2: x(index), y1: 0, y2: H, class: "ag-now" }));
  svg.addEventListener("click", (e) => {
    const box = svg.getBoundingClientRect();
    onGo(Math.round(((e.clientX - box.left) / box.width) * n));
  });
  const side = (seat, colour) =>
    h("span", { class: `ag-key ag-key-${seat}` }, h("i", { class: "ag-swatch", "aria-hidden": "true" }), names[seat] && names[seat] !== colour ? t("analysis.legend_side", { colour, name: names[seat] }) : colour);
  const now = points[index];
  return h(
    "figure",
    { class: "analysis-figure" },
    h("div", { class: "ag-axis", "aria-hidden": "true" }, h("span", {}, "100 %"), h("span", {}, "50 %"), h("span", {}, "0 %")),
    svg,
    h(
      "figcaption",
      { class: "ag-legend" },
      h("strong", { class: "ag-title" }, t("analysis.axis", { colour: first })),
      now != null ? h("span", { class: "ag-now-value" }, t("analysis.now", { colour: first, pct: Math.round(now * 100) })) : null,
      side(0, first),
      side(1, second),
    ),
  );
}

/** Each side's count of each verdict, as a small table. */
export function verdictTable(t, view, names) {
  const kinds = ["inaccuracy", "mistake", "blunder"];
  const count = (seat, kind) => view.moves.filter((m) => m.player === seat && m.verdict === kind).length;
  const seats = [...new Set(view.moves.map((m) => m.player))].sort();
  return h(
    "table",
    { class: "analysis-table" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), kinds.map((k) => h("th", { scope: "col" }, `${SYMBOLS[k]} ${t(`analysis.${k}`)}`)))),
    h("tbody", {}, seats.map((seat) => h("tr", { "data-seat": seat }, h("th", { scope: "row" }, names[seat] ?? ""), kinds.map((k) => h("td", { "data-kind": k }, String(count(seat, k))))))),
  );
}

const inWords = (t, said) => (said ? said[t.lang ?? "fr"] ?? said.fr : null);

/** The engine's move in position `index`, in words when the game can say it; its
 * notation only as a tooltip. */
export function engineMove(t, position) {
  if (!position?.best) return null;
  const words = inWords(t, position.best_words);
  const text = words ? t("analysis.engine_move", { move: words }) : t("analysis.engine_move_other");
  return h("p", { class: "analysis-best", title: position.best }, text, position.exact ? h("small", { class: "analysis-exact" }, ` (${t("analysis.exact")})`) : null);
}

/** What the caption adds for the move that led to position `index`: the verdict and,
 * for a mistake, the better move in words and what the solver proves came of it. */
export function moveComment(t, view, index, names = []) {
  const judged = view?.moves?.[index - 1];
  if (!judged) return "";
  const word = t(`analysis.${judged.verdict}`);
  if (judged.verdict === "best") return ` ${word}.`;
  let text = ` ${word}`;
  if (judged.loses_in) {
    const winner = 1 - judged.player;
    const steps = (judged.line ?? []).map((step) => inWords(t, step.words) ?? "").filter(Boolean);
    text += ` : ${t("analysis.loses_in", { name: names[winner] ?? "", n: judged.loses_in })}`;
    if (steps.length) text += ` (${steps.join(t("analysis.then"))})`;
  }
  const better = inWords(t, judged.best_words);
  return `${text}. ${better ? t("analysis.better", { move: better }) : t("analysis.better_other")}`;
}

/** A choice made with hidden information: each option's chances, as its player knew. */
export function choiceTable(t, position, names) {
  if (!position?.options?.length) return null;
  return h(
    "div",
    { class: "analysis-choice" },
    h("p", {}, t("analysis.choice", { name: names[position.mover] ?? "" })),
    h(
      "ul",
      { class: "choice-options" },
      position.options.map((o) =>
        h(
          "li",
          { class: `${o.move === position.played ? "played" : ""} ${o.move === position.best ? "best" : ""}`, "data-move": o.move },
          o.words ? h("span", { class: "choice-words", title: o.move }, inWords(t, o.words)) : h("code", {}, o.move),
          h("span", { class: "choice-bar", style: `--w:${Math.round(o.chance * 100)}%` }),
          h("span", { class: "choice-pct" }, `${Math.round(o.chance * 100)} %`),
          o.move === position.played ? h("small", {}, t("analysis.played")) : null,
        ),
      ),
    ),
  );
}
