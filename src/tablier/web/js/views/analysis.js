// The engine's analysis of a finished game, in the replay: a graph of the winning
// chances, a verdict for each move and the engine's move in each position. The server
// runs it in its computer pool and the page reads its progress (docs/web.md).

import { h, s } from "../dom.js";

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

/** Seat 0's winning chances, from 0 to 1, after each move (0: the start). */
export function chancesLine(positions) {
  return positions.map((p) => (p.value + 1) / 2);
}

/** The graph: seat 0's chances over the game; a click goes to that position. */
export function chancesGraph(t, view, index, names, onGo) {
  const W = 300;
  const H = 90;
  const points = chancesLine(view.positions);
  const n = Math.max(1, view.total - 1);
  const x = (i) => (i / n) * W;
  const y = (v) => H - v * H;
  const svg = s("svg", { class: "analysis-graph", viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", role: "img", "aria-label": t("analysis.graph", { name: names[0] ?? "" }) });
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
  return svg;
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

/** What the caption adds for the move that led to position `index`. */
export function moveComment(t, view, index) {
  const judged = view?.moves?.[index - 1];
  if (!judged) return "";
  const word = t(`analysis.${judged.verdict}`);
  if (judged.verdict === "best" || judged.verdict === "good") return ` ${word}.`;
  return ` ${word} ; ${t("analysis.better", { move: judged.best })}`;
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
          h("code", {}, o.move),
          h("span", { class: "choice-bar", style: `--w:${Math.round(o.chance * 100)}%` }),
          h("span", { class: "choice-pct" }, `${Math.round(o.chance * 100)} %`),
          o.move === position.played ? h("small", {}, t("analysis.played")) : null,
        ),
      ),
    ),
  );
}
