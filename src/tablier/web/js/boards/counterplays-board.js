// <counterplays-board>: the stack seen from above on its triangular grid, the two trays
// of hexiamonds, the legal placements of the chosen tile, and the final count.

import { clear, h, linkStyles, s } from "../dom.js";
import { bounds, edges, key, LETTERS, levelOf, placementsOf, SHAPES, summit, topTiles, triangle } from "./counterplays.js";

export const TAG = "counterplays-board";
linkStyles(new URL("./counterplays-board.css", import.meta.url));

const S = 34; // screen units per side of a triangle

const pt = ([x, y]) => `${(x * S).toFixed(1)},${(-y * S).toFixed(1)}`;
const points = (cells) => cells.map(pt).join(" ");

function centre(x, y) {
  const tri = triangle(x, y);
  return [(tri[0][0] + tri[1][0] + tri[2][0]) / 3, (tri[0][1] + tri[1][1] + tri[2][1]) / 3];
}

class CounterplaysBoard extends HTMLElement {
  constructor() {
    super();
    this.canFlip = false;
    this.letter = null; // the tile chosen from the tray
    this.spot = null; // the cell picked on the board
    this.index = 0; // which of the candidate placements the ghost shows
    this.zoom = 1;
    this.pan = [0, 0];
    this.showLevels = false;
    this.view = null;
    this.addEventListener("keydown", (e) => this.onKey(e));
  }

  // ------------------------------------------------------------ the page's hooks
  playerFacts({ t, state, seat }) {
    const left = state.observation?.tiles_left?.[seat];
    return Array.isArray(left) ? [t("counterplays.tiles_left", { n: left.length })] : [];
  }

  highlight(move) {
    this.pointed = move ?? null;
    if (this.view) this.drawBoard();
  }

  // ------------------------------------------------------------ drawing
  render(view) {
    const previous = this.view?.state;
    this.view = view;
    if (previous && previous.move_count !== view.state.move_count) this.reset();
    if (!this.svg) this.build();
    const legal = view.canPlay ? view.state.legal_moves.map(String) : [];
    this.legal = legal;
    const mine = view.seat ?? 0;
    const left = view.state.observation.tiles_left?.[mine] ?? [];
    if (this.letter && !left.includes(this.letter)) this.reset();
    this.options = this.letter ? placementsOf(legal, this.letter) : null;
    this.drawHead();
    this.drawBoard();
    this.drawBar();
    this.drawTrays();
    this.drawEnd();
  }

  reset() {
    this.letter = null;
    this.spot = null;
    this.index = 0;
  }

  build() {
    const { t } = this.view;
    this.head = h("div", { class: "board-tools cp-head" });
    this.svg = s("svg", { class: "cp-board", role: "group", tabindex: "0" });
    this.bar = h("div", { class: "cp-bar" });
    this.trays = h("div", { class: "cp-trays" });
    this.end = h("div", { class: "cp-end" });
    this.live = h("p", { class: "sr-only", "aria-live": "polite" });
    this.append(this.head, this.svg, this.bar, this.trays, this.end, this.live);
    // wheel zoom and drag to pan; a drag is never taken for a click
    this.svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
    let drag = null;
    this.svg.addEventListener("pointerdown", (e) => {
      drag = { x: e.clientX, y: e.clientY, pan: [...this.pan], moved: false };
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (!drag || e.pointerType === "touch") return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 8) return;
      drag.moved = true;
      const scale = this.unitsPerPixel();
      this.pan = [drag.pan[0] - dx * scale, drag.pan[1] - dy * scale];
      this.placeViewBox();
    });
    this.svg.addEventListener("pointerup", () => {
      this.dragged = Boolean(drag?.moved);
      drag = null;
    });
    this.svg.setAttribute("aria-label", t("counterplays.board_label"));
  }

  unitsPerPixel() {
    const width = this.svg.getBoundingClientRect().width || 1;
    return (this.box?.[2] ?? 400) / width;
  }

  zoomBy(factor) {
    this.zoom = Math.max(0.4, Math.min(5, this.zoom * factor));
    this.placeViewBox();
  }

  placeViewBox() {
    const [x, y, w, hgt] = this.fit;
    const cw = w / this.zoom;
    const ch = hgt / this.zoom;
    this.box = [x + (w - cw) / 2 + this.pan[0], y + (hgt - ch) / 2 + this.pan[1], cw, ch];
    this.svg.setAttribute("viewBox", this.box.map((v) => v.toFixed(1)).join(" "));
  }

  drawHead() {
    const { t, names } = this.view;
    const obs = this.view.state.observation;
    const top = summit(obs.level_counts);
    const lead = this.view.solo
      ? t("counterplays.puzzle.laid", { n: (obs.tiles ?? []).length })
      : top.level
      ? t("counterplays.summit", {
          level: top.level,
          a: names[0],
          na: top.counts[0],
          b: names[1],
          nb: top.counts[1],
        })
      : t("counterplays.empty");
    clear(this.head).append(
      h("span", { class: "cp-summit", "data-level": top.level }, "▲ ", lead),
      h(
        "span",
        { class: "cp-zoom" },
        h("button", { type: "button", class: "btn btn-small", "data-action": "zoom-out", "aria-label": t("counterplays.zoom_out"), onclick: () => this.zoomBy(1 / 1.3) }, "−"),
        h("button", { type: "button", class: "btn btn-small", "data-action": "zoom-in", "aria-label": t("counterplays.zoom_in"), onclick: () => this.zoomBy(1.3) }, "+"),
        h("button", { type: "button", class: "btn btn-small", "data-action": "fit", onclick: () => { this.zoom = 1; this.pan = [0, 0]; this.placeViewBox(); } }, t("counterplays.fit")),
        h("button", { type: "button", class: "btn btn-small", "data-action": "levels", "aria-pressed": String(this.showLevels), onclick: () => { this.showLevels = !this.showLevels; this.render(this.view); } }, t("counterplays.levels")),
      ),
    );
  }

  candidates() {
    if (!this.options) return [];
    if (this.spot) return this.options.byCell.get(this.spot) ?? [];
    return this.options.placements;
  }

  ghost() {
    const list = this.candidates();
    if (!list.length || (!this.spot && this.index < 0)) return null;
    return list[((this.index % list.length) + list.length) % list.length];
  }

  drawBoard() {
    const { t, names } = this.view;
    const obs = this.view.state.observation;
    const tiles = obs.tiles ?? [];
    const top = topTiles(tiles);
    const heights = new Map((obs.cells ?? []).map((c) => [key(c.x, c.y), c.height]));
    const svg = this.svg;
    clear(svg);
    const spots = this.options ? [...this.options.byCell.keys()].map((k) => k.split(",").map(Number)) : [];
    const covered = (obs.cells ?? []).map((c) => [c.x, c.y]);
    const all = [...covered, ...spots];
    const [x0, y0, x1, y1] = all.length ? bounds(all) : [-3, -2, 3, 2];
    const margin = 1.2;
    this.fit = [(x0 - margin) * S, -(y1 + margin) * S, (x1 - x0 + 2 * margin) * S, (y1 - y0 + 2 * margin) * S];
    // a minimum frame, so that the first tiles are not drawn huge
    if (this.fit[2] < 9 * S) { const d = 9 * S - this.fit[2]; this.fit[0] -= d / 2; this.fit[2] += d; }
    if (this.fit[3] < 6 * S) { const d = 6 * S - this.fit[3]; this.fit[1] -= d / 2; this.fit[3] += d; }
    this.placeViewBox();

    const layer = (cls) => svg.appendChild(s("g", { class: cls }));
    const base = layer("cp-cells");
    for (const c of obs.cells ?? []) {
      const tile = top.get(key(c.x, c.y));
      base.append(s("polygon", { points: points(triangle(c.x, c.y)), class: `cell p${c.top_owner} lv${Math.min(c.height, 6)}`, "data-tile": tile }));
    }
    // whole tiles outlined: an edge is drawn where the top tile changes
    const outlines = [];
    const lastLines = [];
    const last = tiles.length - 1;
    for (const c of obs.cells ?? []) {
      const mineTile = top.get(key(c.x, c.y));
      for (const [[nx, ny], a, b] of edges(c.x, c.y)) {
        const other = top.get(key(nx, ny));
        if (other !== mineTile) {
          outlines.push(`M${pt(a)}L${pt(b)}`);
          if (mineTile === last) lastLines.push(`M${pt(a)}L${pt(b)}`);
        }
      }
    }
    svg.append(s("path", { d: outlines.join(""), class: "tile-edges" }));
    if (lastLines.length) svg.append(s("path", { d: lastLines.join(""), class: "last-edges" }));
    // each visible tile's letter (and level), at the middle of what shows of it
    const shown = new Map();
    for (const c of obs.cells ?? []) {
      const index = top.get(key(c.x, c.y));
      if (!shown.has(index)) shown.set(index, []);
      shown.get(index).push(centre(c.x, c.y));
    }
    const labels = layer("cp-labels");
    for (const [index, centres] of shown) {
      const tile = tiles[index];
      const cx = centres.reduce((sum, p) => sum + p[0], 0) / centres.length;
      const cy = centres.reduce((sum, p) => sum + p[1], 0) / centres.length;
      const label = this.showLevels ? `${tile.letter}${tile.level}` : tile.letter;
      labels.append(s("text", { x: (cx * S).toFixed(1), y: (-cy * S + 5).toFixed(1), class: `tile-letter p${tile.owner}` }, label, s("title", {}, t("counterplays.tile_label", { name: names[tile.owner], letter: tile.letter, level: tile.level }))));
    }
    // the move list points at a move: its tile
    if (this.pointed) {
      const tile = tiles.find((tl) => `${tl.letter}:` === String(this.pointed).slice(0, 2) && this.sameCells(tl.cells, this.pointed));
      if (tile) svg.append(s("polygon", { points: tile.cells.map(([x, y]) => points(triangle(x, y))).join(" "), class: "pointed" }));
    }
    if (!this.options) return;
    // where the chosen tile may go, a ghost of one placement, and the cells to pick
    const spotLayer = layer("cp-spots");
    for (const [x, y] of spots) {
      const k = key(x, y);
      const poly = s("polygon", {
        points: points(triangle(x, y)),
        class: `spot ${this.spot === k ? "picked" : ""}`,
        "data-cell": k,
        role: "button",
        "aria-label": t("counterplays.spot_label", { cell: k, n: this.options.byCell.get(k).length }),
      });
      poly.addEventListener("pointerenter", (e) => {
        if (e.pointerType === "touch" || this.spot) return;
        this.index = this.options.placements.indexOf(this.options.byCell.get(k)[0]);
        // only the ghost moves: the cells under the pointer stay the same elements
        this.drawGhost(heights);
        this.drawBar();
      });
      poly.addEventListener("click", () => {
        if (this.dragged) return;
        this.pickSpot(k);
      });
      spotLayer.append(poly);
    }
    this.ghostLayer = svg.appendChild(s("g", { class: "ghost" }));
    this.drawGhost(heights);
  }

  drawGhost(heights) {
    const ghost = this.ghost();
    const g = this.ghostLayer;
    if (!g) return;
    clear(g);
    if (!ghost) return;
    const level = levelOf(ghost.cells, heights);
    for (const [x, y] of ghost.cells) g.append(s("polygon", { points: points(triangle(x, y)) }));
    const centres = ghost.cells.map(([x, y]) => centre(x, y));
    const cx = centres.reduce((sum, p) => sum + p[0], 0) / 6;
    const cy = centres.reduce((sum, p) => sum + p[1], 0) / 6;
    g.append(s("text", { x: (cx * S).toFixed(1), y: (-cy * S + 5).toFixed(1), class: "ghost-letter" }, `${this.letter}${level}`));
  }

  sameCells(cells, move) {
    const text = String(move).split(":")[1] ?? "";
    const wanted = new Set(text.split(";"));
    return cells.length === wanted.size && cells.every(([x, y]) => wanted.has(`${x},${y}`));
  }

  // ------------------------------------------------------------ choosing
  chooseTile(letter) {
    if (!this.view.canPlay) return;
    const { t } = this.view;
    this.letter = this.letter === letter ? null : letter;
    this.spot = null;
    this.index = this.letter ? 0 : 0;
    this.render(this.view);
    if (this.letter) this.live.textContent = t("counterplays.chosen", { letter, n: this.options.placements.length });
  }

  pickSpot(k) {
    const { t } = this.view;
    if (this.spot === k) {
      // a second tap on the same cell: the next placement covering it
      this.index += 1;
    } else {
      this.spot = k;
      this.index = 0;
    }
    const list = this.candidates();
    this.live.textContent = t("counterplays.spot_choice", { i: (this.index % list.length) + 1, n: list.length });
    this.drawBoard();
    this.drawBar();
  }

  step(delta) {
    this.index += delta;
    this.drawBoard();
    this.drawBar();
    const list = this.candidates();
    if (list.length) this.live.textContent = this.view.t("counterplays.spot_choice", { i: (((this.index % list.length) + list.length) % list.length) + 1, n: list.length });
  }

  place() {
    const ghost = this.ghost();
    if (!ghost || !this.view.canPlay) return;
    const move = ghost.move;
    this.reset();
    this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat: this.view.seat, move } }));
  }

  drawBar() {
    const { t } = this.view;
    clear(this.bar);
    if (!this.view.canPlay) return;
    if (!this.letter) {
      this.bar.append(h("p", { class: "help" }, t("counterplays.hint")));
      return;
    }
    const obs = this.view.state.observation;
    const heights = new Map((obs.cells ?? []).map((c) => [key(c.x, c.y), c.height]));
    const list = this.candidates();
    const all = this.options.placements;
    const level = all.length ? levelOf(all[0].cells, heights) : 0;
    const at = list.length ? (((this.index % list.length) + list.length) % list.length) + 1 : 0;
    this.bar.append(
      h("p", { class: "cp-rule" }, all.length ? t(level > 1 ? "counterplays.rule_d" : "counterplays.on_table", { letter: this.letter, level, n: all.length }) : t("counterplays.no_place", { letter: this.letter })),
      h(
        "div",
        { class: "button-row" },
        h("button", { type: "button", class: "btn btn-small", "data-action": "previous", disabled: list.length < 2, onclick: () => this.step(-1), title: "F" }, "◀"),
        h("span", { class: "cp-count" }, this.spot ? t("counterplays.here", { i: at, n: list.length }) : t("counterplays.all", { i: at, n: list.length })),
        h("button", { type: "button", class: "btn btn-small", "data-action": "next", disabled: list.length < 2, onclick: () => this.step(1), title: "R" }, "▶"),
        h("button", { type: "button", class: "btn btn-small btn-primary", "data-action": "place", "data-move": this.ghost()?.move ?? "", disabled: !list.length, onclick: () => this.place() }, t("counterplays.place")),
        h("button", { type: "button", class: "btn btn-small btn-ghost", onclick: () => { this.reset(); this.render(this.view); } }, t("counterplays.cancel")),
      ),
    );
  }

  drawTrays() {
    const { t, names } = this.view;
    const obs = this.view.state.observation;
    const me = this.view.seat;
    // a solo puzzle has one tray
    const order = this.view.solo ? [0] : me === 1 ? [1, 0] : [0, 1];
    clear(this.trays);
    for (const p of order) {
      const left = new Set(obs.tiles_left?.[p] ?? []);
      const playable = p === me && this.view.canPlay;
      const row = h("div", { class: `cp-tray ${playable ? "active" : ""}`, role: "group", "aria-label": t("counterplays.tray_label", { name: names[p] }) });
      row.append(h("span", { class: "cp-tray-name" }, h("span", { class: `mark mark-${p} mark-small`, "aria-hidden": "true" }), ` ${names[p]}`));
      for (const letter of LETTERS) {
        const used = !left.has(letter);
        const shape = SHAPES[letter];
        const [a, b, c, d] = bounds(shape);
        const pic = s("svg", { viewBox: `${(a * 14 - 2).toFixed(1)} ${(-d * 14 - 2).toFixed(1)} ${((c - a) * 14 + 4).toFixed(1)} ${((d - b) * 14 + 4).toFixed(1)}`, class: "cp-shape", "aria-hidden": "true" });
        for (const [x, y] of shape) pic.append(s("polygon", { points: triangle(x, y).map(([u, v]) => `${(u * 14).toFixed(1)},${(-v * 14).toFixed(1)}`).join(" ") }));
        const attrs = {
          class: `cp-tile p${p} ${used ? "used" : ""} ${this.letter === letter && p === me ? "chosen" : ""}`,
          "data-letter": letter,
          "data-seat": p,
          title: t(used ? "counterplays.used" : "counterplays.available", { letter }),
        };
        if (playable && !used) {
          const canGo = this.legal.some((m) => m.startsWith(`${letter}:`));
          row.append(h("button", { ...attrs, type: "button", disabled: !canGo, "aria-pressed": String(this.letter === letter), onclick: () => this.chooseTile(letter) }, pic, h("span", { class: "cp-letter" }, letter)));
        } else {
          row.append(h("span", attrs, pic, h("span", { class: "cp-letter" }, letter)));
        }
      }
      this.trays.append(row);
    }
  }

  drawEnd() {
    const { t, names } = this.view;
    const state = this.view.state;
    clear(this.end);
    if (!state.terminal) return;
    const obs = state.observation;
    const counts = obs.level_counts ?? [];
    const lowest = obs.options?.goal === "lowest";
    const decided = state.outcome?.decided_at_level ?? null;
    const levels = counts.map((_, i) => i + 1);
    if (!lowest) levels.reverse();
    this.end.append(
      h(
        "table",
        { class: "cp-final" },
        h("caption", {}, t(lowest ? "counterplays.final_lowest" : "counterplays.final_highest")),
        h("thead", {}, h("tr", {}, h("th", {}, t("counterplays.level")), names.map((n, p) => h("th", {}, h("span", { class: `mark mark-${p} mark-small`, "aria-hidden": "true" }), ` ${n}`)))),
        h(
          "tbody",
          {},
          levels.map((level) =>
            h(
              "tr",
              { class: level === decided ? "decided" : "", "data-level": level },
              h("th", {}, String(level), level === decided ? ` — ${t("counterplays.decides")}` : ""),
              counts[level - 1].map((n) => h("td", {}, String(n))),
            ),
          ),
        ),
      ),
    );
  }

  onKey(e) {
    if (!this.letter || !this.view?.canPlay) return;
    if (e.key === "r" || e.key === "R" || e.key === "ArrowRight") this.step(1);
    else if (e.key === "f" || e.key === "F" || e.key === "ArrowLeft") this.step(-1);
    else if (e.key === "Enter" && e.target === this.svg) this.place();
    else if (e.key === "Escape") {
      this.reset();
      this.render(this.view);
    } else return;
    e.preventDefault();
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, CounterplaysBoard);
