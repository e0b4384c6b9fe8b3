// <generic-board>: any game, as its observation's fields and a list of legal moves.

import { clear, h, s } from "../dom.js";

export const TAG = "generic-board";
const BASE = new Set(["game", "options", "num_players", "viewer", "awaited", "moves", "terminal", "returns", "outcome"]);

function show(value) {
  if (value == null) return h("code", {}, "—");
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (text.length <= 90) return h("code", {}, text);
  // long structures stay folded so the moves remain in sight
  return h("details", {}, h("summary", {}, h("code", {}, `${text.slice(0, 70)}…`)), h("code", {}, text));
}

const CELL = 22;

/** Whether an observation carries views drawn as grids of owners (Turris's faces). */
export function hasGridViews(obs) {
  const views = obs?.views;
  return Boolean(views && typeof views === "object" && Object.values(views).every((v) => Array.isArray(v?.cells)));
}

function gridView(view, t, names) {
  const rows = view.cells.length;
  const cols = Math.max(...view.cells.map((r) => r.length));
  const svg = s("svg", {
    viewBox: `-16 -2 ${cols * CELL + 20} ${rows * CELL + 18}`,
    class: "grid-view",
    role: "img",
    "aria-label": t("generic.face", { name: view.name, side: view.side ?? "" }),
  });
  view.cells.forEach((row, r) => {
    svg.append(s("text", { x: -9, y: r * CELL + CELL / 2 + 4, class: "coord" }, view.row_labels?.[r] ?? ""));
    row.forEach((owner, c) => {
      const x = c * CELL;
      const y = r * CELL;
      if (owner == null) {
        svg.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 3, class: "gv-empty" }));
        return;
      }
      // deeper cubes (seen further back) are drawn paler
      const behind = (view.depth?.[r]?.[c] ?? 0) > 0;
      const g = s("g", { class: `gv p${owner} ${behind ? "behind" : ""}` });
      g.append(s("rect", { x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, rx: 3, class: "body" }));
      if (owner === 0) g.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 4.5, class: "mark-ring" }));
      else g.append(s("rect", { x: x + CELL / 2 - 4, y: y + CELL / 2 - 4, width: 8, height: 8, class: "mark-square", transform: `rotate(45 ${x + CELL / 2} ${y + CELL / 2})` }));
      svg.append(g);
    });
  });
  (view.column_labels ?? []).forEach((label, c) => {
    svg.append(s("text", { x: c * CELL + CELL / 2, y: rows * CELL + 13, class: "coord" }, label));
  });
  return h(
    "figure",
    { class: "grid-figure" },
    svg,
    h(
      "figcaption",
      {},
      h("strong", {}, t("generic.face", { name: view.name, side: view.side ?? "" })),
      Array.isArray(view.points)
        ? h(
            "small",
            { class: "gv-points" },
            view.points.map((n, p) => [
              h("span", { class: `mark mark-${p} mark-small`, "aria-hidden": "true" }),
              h("span", { class: "sr-only" }, t("generic.points", { name: names[p] ?? p, n })),
              h("span", { "aria-hidden": "true" }, ` ${n}  `),
            ]),
          )
        : null,
    ),
  );
}

/** Whether an observation lists triangle cells {x, y, up, top_owner} (Counterplays). */
export function hasTriangleCells(obs) {
  return Array.isArray(obs?.cells) && obs.cells.length > 0 && obs.cells.every((c) => "x" in c && "y" in c && "up" in c);
}

const TRI = 30;
const TRI_H = (TRI * Math.sqrt(3)) / 2;

function trianglePicture(cells, t) {
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = ((maxX - minX) / 2 + 1) * TRI;
  const height = (maxY - minY + 1) * TRI_H;
  const svg = s("svg", { class: "tri-view", viewBox: `-4 -4 ${width + 8} ${height + 8}`, role: "img", "aria-label": t("generic.triangles") });
  for (const c of cells) {
    // neighbouring triangles overlap by half a side: x steps by half a side
    const left = ((c.x - minX) / 2) * TRI;
    const top = (maxY - c.y) * TRI_H;
    const points = c.up
      ? [[left, top + TRI_H], [left + TRI, top + TRI_H], [left + TRI / 2, top]]
      : [[left, top], [left + TRI, top], [left + TRI / 2, top + TRI_H]];
    const owner = c.top_owner;
    const g = s("g", { class: `tri p${owner ?? "x"} level-${Math.min(c.height ?? 1, 4)}` });
    g.append(s("polygon", { points: points.map((p) => p.join(",")).join(" "), class: "body" }));
    const cy = c.up ? top + TRI_H * 0.68 : top + TRI_H * 0.4;
    g.append(s("text", { x: left + TRI / 2, y: cy, class: "tri-label" }, `${c.top_letter ?? ""}${c.height ?? ""}`));
    svg.append(g);
  }
  return svg;
}

class GenericBoard extends HTMLElement {
  constructor() {
    super();
    this.canFlip = false;
  }

  render(view) {
    const { t, state, canPlay, seat } = view;
    const obs = state.observation;
    clear(this);
    const fields = Object.entries(obs).filter(([k]) => !BASE.has(k));
    this.append(h("p", { class: "help" }, t("generic.note")));
    if (hasTriangleCells(obs)) {
      this.append(h("p", { class: "help" }, t("generic.triangles")), h("div", { class: "tri-wrap" }, trianglePicture(obs.cells, t)));
    }
    if (hasGridViews(obs)) {
      this.append(
        h("p", { class: "help" }, t("generic.views")),
        h("div", { class: "grid-views" }, Object.values(obs.views).map((v) => gridView(v, t, view.names ?? []))),
      );
    }
    if (canPlay) {
      this.append(
        h("h3", {}, t("generic.moves", { n: state.legal_moves.length })),
        h(
          "div",
          { class: "generic-moves" },
          state.legal_moves.slice(0, 300).map((move) =>
            h(
              "button",
              {
                type: "button",
                class: "btn btn-small",
                "data-move": move,
                onclick: () => {
                  // a text move (answer:<text>) is a template: fill it in by hand first
                  const input = document.getElementById("notation");
                  if (/<[^>]+>/.test(move) && input) {
                    input.value = move.replace(/<[^>]+>/, "");
                    input.focus();
                    return;
                  }
                  this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat, move } }));
                },
              },
              move,
            ),
          ),
        ),
      );
    }
    this.append(h("dl", { class: "obs" }, fields.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, show(v))])));
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, GenericBoard);
