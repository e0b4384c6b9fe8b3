// <counterplays-board>: the stack seen from above on a triangular grid (SVG, pan and
// zoom), each player's tray of twelve tiles, and placing a chosen tile by hovering,
// clicking, tapping or the keyboard. What may be played is `state.legal_moves` only.

import { clear, h, s } from "../dom.js";
import {
  LETTERS,
  bounds,
  cellAt,
  cellKey,
  centre,
  countRows,
  covering,
  groupMoves,
  middle,
  orientations,
  outline,
  parseMove,
  readingOrder,
  shapeKey,
  snap,
  spotsOf,
  summit,
  trianglePoints,
  turned,
} from "./counterplays.js";

export const TAG = "counterplays-board";
const SIZE = 30;
const GRID_H = SIZE * Math.sqrt(3);
const STYLES = new URL("./counterplays-board.css", import.meta.url).href;

function linkStyles() {
  if (document.querySelector("link[data-board-styles='counterplays']")) return;
  document.head.append(h("link", { rel: "stylesheet", href: STYLES, "data-board-styles": "counterplays" }));
}

/** A tile's picture for a tray or the tool bar: its six triangles and its letter. */
function tilePicture(letter, cells, owner, { size = 12, label = true } = {}) {
  // one scale for every tile: a frame three edges wide around the shape's middle
  const [mx, my] = middle(cells, size);
  const box = { w: 3.1 * size, h: 3.1 * size * 0.866 };
  box.x = mx - box.w / 2;
  box.y = my - box.h / 2;
  const svg = s("svg", { class: `cp-shape o${owner}`, viewBox: `${box.x} ${box.y} ${box.w} ${box.h}`, "aria-hidden": "true" });
  const inside = new Set(cells.map(([x, y]) => cellKey(x, y)));
  for (const [x, y] of cells) svg.append(s("polygon", { points: trianglePoints(x, y, size), class: "tri" }));
  for (const [x1, y1, x2, y2] of outline(cells, (x, y) => inside.has(cellKey(x, y)), size)) {
    svg.append(s("line", { x1, y1, x2, y2, class: "rim" }));
  }
  if (label) {
    const [cx, cy] = nearestCentre(cells, size);
    svg.append(s("text", { x: cx, y: cy, class: "letter" }, letter));
  }
  return svg;
}

/** The centre of the cell nearest the middle of a shape: where its letter is written. */
function nearestCentre(cells, size) {
  const [mx, my] = middle(cells, size);
  let best = null;
  let dist = Infinity;
  for (const [x, y] of cells) {
    const [cx, cy] = centre(x, y, size);
    const d = Math.hypot(cx - mx, cy - my);
    if (d < dist) {
      best = [cx, cy];
      dist = d;
    }
  }
  return best;
}

const levelClass = (level) => `lv${Math.min(level, 6)}`;

class CounterplaysBoard extends HTMLElement {
  constructor() {
    super();
    this.view = null;
    this.letter = null; // the tile chosen in the tray
    this.turn = 0;
    this.flipped = false;
    this.pending = null; // {list, index}: the placements a tap offers, one shown at a time
    this.snapped = null; // the placement the ghost sits on
    this.pointed = null; // a move the page points at (a hint, the engine's move): {letter, cells, move}
    this.keyIndex = -1;
    this.userBox = null; // the part of the table shown once the player zoomed or panned
    this.showLevels = false;
    this.pointers = new Map();
    this.canFlip = false;
  }

  connectedCallback() {
    linkStyles();
    // R and F turn the chosen tile from anywhere on the page, unless one is typing
    this.globalKey = (e) => {
      const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(e.target?.tagName ?? "");
      if (typing || this.contains(e.target) || !this.letter || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "r" || e.key === "R") this.rotate(e.shiftKey ? -1 : 1);
      else if (e.key === "f" || e.key === "F") this.flip();
      else if (e.key === "Escape") this.choose(null);
    };
    document.addEventListener("keydown", this.globalKey);
  }

  disconnectedCallback() {
    document.removeEventListener("keydown", this.globalKey);
  }

  // ------------------------------------------------------------------ the contract
  // the move list in words ("pose le N"); the notation stays in the item's tooltip
  moveText({ t, move }) {
    const placed = /^([A-Z]):/.exec(String(move));
    return placed ? t("counterplays.mv_place", { letter: placed[1] }) : null;
  }

  /** The page points at a move (the engine's in an analysis, a hint, a move of the
   * list): the tile drawn at its place, dashed. */
  highlight(move) {
    const p = move ? parseMove(move) : null;
    this.pointed = p ? { ...p, move: String(move) } : null;
    if (!this.svg || !this.view) return;
    this.applyBox();
    this.drawPointed();
  }

  drawPointed() {
    if (!this.pointedLayer) return;
    clear(this.pointedLayer);
    const p = this.pointed;
    if (!p) return;
    const keys = p.cells.map(([x, y]) => cellKey(x, y));
    // a move already on the table keeps its owner and level; a move to play is the mover's
    const placed = this.view.state.observation.tiles.find((tile) => tile.letter === p.letter && tile.cells.map(([x, y]) => cellKey(x, y)).sort().join() === [...keys].sort().join());
    const owner = placed?.owner ?? this.mover;
    const level = placed?.level ?? Math.max(...p.cells.map(([x, y]) => this.cells.get(cellKey(x, y))?.height ?? 0)) + 1;
    const inside = new Set(keys);
    const g = s("g", { class: `ghost suggested o${owner} ${levelClass(level)}`, "data-move": p.move });
    for (const [x, y] of p.cells) g.append(s("polygon", { points: trianglePoints(x, y, SIZE), class: "tri" }));
    for (const [x1, y1, x2, y2] of outline(p.cells, (x, y) => inside.has(cellKey(x, y)), SIZE)) g.append(s("line", { x1, y1, x2, y2, class: "rim" }));
    const [cx, cy] = nearestCentre(p.cells, SIZE);
    g.append(s("text", { x: cx, y: cy, class: "letter" }, p.letter));
    if (level > 1) g.append(s("text", { x: cx, y: cy + SIZE * 0.42, class: "ghost-level" }, String(level)));
    this.pointedLayer.append(g);
  }

  playerFacts({ t, state, seat }) {
    const obs = state.observation ?? {};
    const facts = [];
    if (Array.isArray(obs.tiles_left?.[seat])) facts.push(t("counterplays.tiles_left", { n: obs.tiles_left[seat].length }));
    const top = summit(obs.level_counts);
    if (top.level > 1) facts.push(t("counterplays.at_top", { n: top.counts[seat], level: top.level }));
    return facts;
  }

  caption({ t, views, index, names }) {
    if (index === 0) return null;
    const tile = views[index]?.tiles?.[index - 1];
    if (!tile) return null;
    return t("counterplays.caption", { name: names[tile.owner] ?? "", letter: tile.letter, level: tile.level });
  }

  /** What a phone brings on screen at the player's turn: the tray, the board above it. */
  decision() {
    return this.querySelector(".cp-tray.active") ?? this.trays;
  }

  render(view) {
    linkStyles();
    this.view = view;
    const obs = view.state.observation;
    const legal = view.canPlay && !view.hidden ? view.state.legal_moves : [];
    // a state sent again (a presence or clock update) keeps what the player was choosing
    const legalKey = `${view.state.move_count}:${legal.join(" ")}`;
    if (legalKey !== this.legalKey) {
      this.legalKey = legalKey;
      this.legalRef = legal;
      this.groups = groupMoves(legal);
      this.pending = null;
      this.snapped = null;
      this.keyIndex = -1;
      if (this.letter && !this.groups.has(this.letter)) this.letter = null;
    }
    if (obs !== this.obsRef) {
      this.obsRef = obs;
      this.cells = new Map(obs.cells.map((c) => [cellKey(c.x, c.y), c]));
    }
    if (!this.stage) this.build();
    this.drawHead();
    this.drawTools();
    this.drawBoard();
    this.drawTrays();
    this.drawCount();
  }

  build() {
    this.head = h("div", { class: "cp-head" });
    this.tools = h("div", { class: "board-tools cp-tools" });
    this.svg = s("svg", { class: "cp-board", tabindex: "0", role: "group" });
    this.zoom = h("div", { class: "cp-zoom" });
    this.confirmBar = h("div", { class: "cp-confirm", hidden: true });
    this.stage = h("div", { class: "cp-stage" }, this.svg, this.zoom, this.confirmBar);
    this.why = h("p", { class: "cp-why", role: "note" });
    this.trays = h("div", { class: "cp-trays" });
    this.count = h("div", { class: "cp-count" });
    this.live = h("p", { class: "sr-only", "aria-live": "polite" });
    this.append(this.head, this.tools, this.stage, this.why, this.count, this.trays, this.live);
    this.svg.addEventListener("pointerdown", (e) => this.onDown(e));
    this.svg.addEventListener("pointermove", (e) => this.onMove(e));
    this.svg.addEventListener("pointerup", (e) => this.onUp(e));
    this.svg.addEventListener("pointercancel", (e) => this.pointers.delete(e.pointerId));
    this.svg.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "mouse" && !this.pending) this.showGhost(null);
    });
    this.svg.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    this.svg.addEventListener("keydown", (e) => this.onKey(e));
  }

  // ------------------------------------------------------------------ what is chosen
  get tile() {
    return this.letter ? (this.groups.get(this.letter) ?? []) : [];
  }

  get shape() {
    return this.letter ? shapeKey(turned(this.letter, this.turn, this.flipped)) : null;
  }

  get mover() {
    const obs = this.view.state.observation;
    return obs.to_move ?? this.view.seat ?? 0;
  }

  choose(letter) {
    this.letter = letter;
    this.pending = null;
    this.snapped = null;
    this.keyIndex = -1;
    if (letter) {
      // start in the letter's own drawing if it fits somewhere, else in a turn that does
      const shapes = new Set(this.tile.map((p) => p.shape));
      const start = orientations(letter).find((o) => shapes.has(o.key)) ?? { turn: 0, flipped: false };
      this.turn = start.turn;
      this.flipped = start.flipped;
      this.say(this.view.t("counterplays.chosen", { letter, n: this.tile.length }));
    }
    this.render(this.view);
    this.keepTrayInView();
  }

  /** On a phone, choosing a tile grows the tool bar and the note above the tray: the tray
   *  is kept on screen under the table, where the player's thumb is. */
  keepTrayInView() {
    if (!matchMedia("(max-width: 760px)").matches) return;
    requestAnimationFrame(() => {
      const tray = this.querySelector(".cp-tray.active");
      if (!tray) return;
      const below = tray.getBoundingClientRect().bottom - innerHeight;
      // never so far that the table's top goes under the sticky header
      const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      const room = this.svg.getBoundingClientRect().top - covered;
      const by = Math.min(below + 8, room);
      if (below > 0 && by > 0) scrollBy({ top: by });
    });
  }

  rotate(step = 1) {
    if (!this.letter) return;
    this.turn = (this.turn + step + 6) % 6;
    this.afterTurn();
  }

  flip() {
    if (!this.letter) return;
    this.flipped = !this.flipped;
    this.afterTurn();
  }

  afterTurn() {
    this.pending = null;
    this.keyIndex = -1;
    this.render(this.view);
    this.keepTrayInView();
    if (this.lastPoint) this.ghostAt(...this.lastPoint);
    const n = this.tile.filter((p) => p.shape === this.shape).length;
    this.say(this.view.t("counterplays.places", { n }));
  }

  play(placement) {
    if (!placement) return;
    const move = placement.move;
    this.letter = null;
    this.pending = null;
    this.snapped = null;
    this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat: this.view.seat, move } }));
  }

  say(text) {
    if (this.live) this.live.textContent = text;
  }

  // ------------------------------------------------------------------ the head
  drawHead() {
    const { t, names } = this.view;
    const obs = this.view.state.observation;
    const top = summit(obs.level_counts);
    clear(this.head);
    // a solo puzzle has no race to the top: no summit nor levels to show
    this.head.hidden = Boolean(obs.solo);
    if (obs.solo) return;
    if (!top.level) {
      this.head.append(h("span", { class: "cp-summit" }, t("counterplays.empty_table")));
    } else {
      const lead =
        top.leader == null
          ? t("counterplays.tied", { a: top.counts[0], b: top.counts[1] })
          : t("counterplays.leads", { name: names[top.leader] ?? "", a: top.counts[top.leader], b: top.counts[1 - top.leader] });
      this.head.append(
        h(
          "span",
          { class: `cp-summit${top.leader == null ? "" : ` lead-${top.leader}`}`, "data-level": top.level },
          h("strong", {}, t("counterplays.summit", { level: top.level })),
          " ",
          lead,
        ),
      );
    }
    const legend = h("span", { class: "cp-legend", "aria-label": t("counterplays.legend") });
    (obs.level_counts ?? []).forEach(([white, black], i) => {
      legend.prepend(
        h(
          "span",
          { class: "cp-legend-level", title: t("counterplays.level_counts", { level: i + 1, a: white, b: black }), "data-level": i + 1 },
          h("small", {}, t("counterplays.level_short", { level: i + 1 })),
          h("span", { class: `cp-swatch o0 ${levelClass(i + 1)}`, "aria-hidden": "true" }),
          h("b", {}, String(white)),
          h("span", { class: `cp-swatch o1 ${levelClass(i + 1)}`, "aria-hidden": "true" }),
          h("b", {}, String(black)),
        ),
      );
    });
    this.head.append(
      legend,
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small cp-levels-toggle",
          "aria-pressed": String(this.showLevels),
          "data-action": "levels",
          onclick: () => {
            this.showLevels = !this.showLevels;
            this.render(this.view);
          },
        },
        t("counterplays.show_levels"),
      ),
    );
  }

  // ------------------------------------------------------------------ the tool bar
  drawTools() {
    const { t } = this.view;
    const obs = this.view.state.observation;
    clear(this.tools);
    clear(this.zoom).append(
      h("button", { type: "button", class: "btn btn-small", "data-action": "zoom-in", "aria-label": t("counterplays.zoom_in"), title: t("counterplays.zoom_in"), onclick: () => this.zoomBy(1 / 1.3) }, "+"),
      h("button", { type: "button", class: "btn btn-small", "data-action": "zoom-out", "aria-label": t("counterplays.zoom_out"), title: t("counterplays.zoom_out"), onclick: () => this.zoomBy(1.3) }, "−"),
      h("button", { type: "button", class: "btn btn-small", "data-action": "fit", "aria-label": t("counterplays.fit"), title: t("counterplays.fit"), onclick: () => { this.userBox = null; this.render(this.view); } }, "⤢"),
    );
    this.why.textContent = "";
    if (!this.legalRef.length) return;
    if (!this.letter) {
      this.tools.append(h("span", { class: "hint" }, t("counterplays.choose")));
      return;
    }
    const cells = turned(this.letter, this.turn, this.flipped);
    const here = this.tile.filter((p) => p.shape === this.shape).length;
    this.tools.append(
      h("span", { class: "cp-chosen", "data-shape": this.shape, "aria-label": t("counterplays.tile_label", { letter: this.letter }) }, tilePicture(this.letter, cells, this.mover, { size: 11 })),
      h("button", { type: "button", class: "btn btn-small", "data-action": "rotate-left", "aria-label": t("counterplays.rotate_left"), title: t("counterplays.rotate_left"), onclick: () => this.rotate(-1) }, "⟲"),
      h("button", { type: "button", class: "btn btn-small", "data-action": "rotate", "aria-label": t("counterplays.rotate_right"), title: t("counterplays.rotate_right"), onclick: () => this.rotate(1) }, "⟳", h("kbd", {}, "R")),
      h("button", { type: "button", class: "btn btn-small", "data-action": "flip", "aria-label": t("counterplays.flip"), title: t("counterplays.flip"), onclick: () => this.flip() }, "⇋", h("kbd", {}, "F")),
      h("span", { class: `cp-count-here${here ? "" : " none"}` }, here ? t("counterplays.places", { n: here }) : t("counterplays.no_place_here")),
      h("span", { class: "hint hint-mouse" }, t("counterplays.hint_mouse")),
      h("span", { class: "hint hint-touch" }, t("counterplays.hint_touch")),
    );
    // rule d) made visible: a tile that can climb is offered only at its highest level
    const reach = obs.reach?.[this.letter];
    if (reach > 1) this.why.textContent = t("counterplays.must_climb", { letter: this.letter, level: reach });
    else if (reach === 1 && summit(obs.level_counts).level > 1) this.why.textContent = t("counterplays.stays_down", { letter: this.letter });
  }

  // ------------------------------------------------------------------ the board
  fitBox() {
    const obs = this.view.state.observation;
    const cells = obs.cells.map((c) => [c.x, c.y]);
    // the stack and, once a tile is chosen, every spot it may go (the first tile: all)
    const spots = this.letter ? [this.tile] : obs.cells.length ? [] : [...this.groups.values()];
    for (const list of spots) for (const p of list) cells.push(...p.cells);
    if (this.pointed) cells.push(...this.pointed.cells);
    for (const c of obs.region ?? []) cells.push(c);
    const box = bounds(cells, SIZE, obs.region ? 1 : 2);
    // never so close that a tile fills the view
    const minW = 12 * SIZE;
    if (box.w < minW) {
      box.x -= (minW - box.w) / 2;
      box.w = minW;
    }
    const minH = 7 * SIZE;
    if (box.h < minH) {
      box.y -= (minH - box.h) / 2;
      box.h = minH;
    }
    return box;
  }

  applyBox() {
    const b = this.userBox ?? this.fitBox();
    this.box = b;
    this.svg.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
  }

  drawBoard() {
    const { t, names } = this.view;
    const obs = this.view.state.observation;
    const svg = this.svg;
    clear(svg);
    this.applyBox();
    const top = summit(obs.level_counts);
    svg.setAttribute("aria-label", t("counterplays.board_label", { n: obs.tiles.length, level: top.level }));
    svg.classList.toggle("show-levels", this.showLevels);
    svg.classList.toggle("choosing", Boolean(this.letter));
    svg.append(
      s(
        "defs",
        {},
        s(
          "pattern",
          { id: "cp-grid", width: SIZE, height: GRID_H, patternUnits: "userSpaceOnUse" },
          s("path", { d: `M0 0H${SIZE}M0 ${GRID_H / 2}H${SIZE}M${SIZE / 2} 0L0 ${GRID_H / 2}L${SIZE / 2} ${GRID_H}L${SIZE} ${GRID_H / 2}Z`, class: "cp-grid-line" }),
        ),
      ),
      s("rect", { x: -4000, y: -4000, width: 8000, height: 8000, fill: "url(#cp-grid)", class: "cp-table" }),
    );
    if (obs.region?.length) {
      const region = s("g", { class: "cp-region" });
      const inside = new Set(obs.region.map(([x, y]) => cellKey(x, y)));
      for (const [x, y] of obs.region) region.append(s("polygon", { points: trianglePoints(x, y, SIZE) }));
      for (const [x1, y1, x2, y2] of outline(obs.region, (x, y) => inside.has(cellKey(x, y)), SIZE)) region.append(s("line", { x1, y1, x2, y2, class: "cp-region-rim" }));
      svg.append(region);
    }

    // the stack seen from above: each triangle in its top tile's colour, darker higher up
    const tiles = s("g", { class: "cp-tiles" });
    const rims = s("g", { class: "cp-rims" });
    const marks = s("g", { class: "cp-marks" });
    const levels = s("g", { class: "cp-level-numbers", "aria-hidden": "true" });
    const cells = obs.cells.map((c) => [c.x, c.y]);
    for (const c of obs.cells) {
      tiles.append(s("polygon", { points: trianglePoints(c.x, c.y, SIZE), class: `tri o${c.top_owner} ${levelClass(c.height)}`, "data-cell": cellKey(c.x, c.y), "data-height": c.height }));
      const [cx, cy] = centre(c.x, c.y, SIZE);
      levels.append(s("text", { x: cx, y: cy, class: `o${c.top_owner}` }, String(c.height)));
    }
    const topOf = (x, y) => this.cells.get(cellKey(x, y))?.top ?? null;
    const seams = outline(cells, (x, y) => (this.cells.has(cellKey(x, y)) ? `${topOf(x, y)}` : null), SIZE);
    for (const [x1, y1, x2, y2] of seams) rims.append(s("line", { x1, y1, x2, y2 }));
    // each tile still seen is labelled once, on its visible triangle nearest its middle
    obs.tiles.forEach((tile, index) => {
      const seen = tile.cells.filter(([x, y]) => topOf(x, y) === index);
      if (!seen.length) return;
      const [mx, my] = middle(tile.cells, SIZE);
      let spot = seen[0];
      let dist = Infinity;
      for (const [x, y] of seen) {
        const [cx, cy] = centre(x, y, SIZE);
        const d = Math.hypot(cx - mx, cy - my);
        if (d < dist) {
          dist = d;
          spot = [x, y];
        }
      }
      const [cx, cy] = centre(spot[0], spot[1], SIZE);
      const label = t("counterplays.tile_on_board", { name: names[tile.owner] ?? "", letter: tile.letter, level: tile.level });
      const g = s("g", { class: `cp-mark o${tile.owner}`, role: "img", "aria-label": label, "data-tile": index, "data-letter": tile.letter, "data-owner": tile.owner, "data-level": tile.level });
      g.append(tile.owner === 0 ? s("circle", { cx, cy, r: SIZE * 0.24, class: "badge" }) : s("rect", { x: cx - SIZE * 0.19, y: cy - SIZE * 0.19, width: SIZE * 0.38, height: SIZE * 0.38, class: "badge", transform: `rotate(45 ${cx} ${cy})` }));
      g.append(s("text", { x: cx, y: cy, class: "letter" }, tile.letter));
      marks.append(g);
    });
    svg.append(tiles, rims, levels, marks);
    const last = obs.tiles[obs.tiles.length - 1];
    if (last) {
      const inside = new Set(last.cells.map(([x, y]) => cellKey(x, y)));
      const lastRim = s("g", { class: "cp-last", "aria-hidden": "true" });
      for (const [x1, y1, x2, y2] of outline(last.cells, (x, y) => inside.has(cellKey(x, y)), SIZE)) lastRim.append(s("line", { x1, y1, x2, y2 }));
      svg.append(lastRim);
    }

    // the chosen tile's legal placements: every triangle one of them covers
    this.spots = s("g", { class: "cp-spots" });
    if (this.letter) {
      const { all, now } = spotsOf(this.tile, this.shape);
      for (const key of all) {
        const [x, y] = key.split(",").map(Number);
        this.spots.append(s("polygon", { points: trianglePoints(x, y, SIZE), class: `spot${now.has(key) ? " now" : ""}`, "data-cell": key }));
      }
    }
    svg.append(this.spots);
    this.pointedLayer = s("g", { class: "cp-pointed", "aria-hidden": "true" });
    svg.append(this.pointedLayer);
    this.drawPointed();
    this.ghost = s("g", { class: "cp-ghost", "aria-hidden": "true" });
    svg.append(this.ghost);
    if (this.pending) this.showGhost(this.pending.list[this.pending.index], "pending");
    else if (this.snapped) this.showGhost(this.snapped, "snapped");
    this.drawConfirm();
  }

  /** Draws the chosen tile on `placement` (or on free `cells` following the pointer). */
  showGhost(placement, kind = "snapped", cells = null) {
    if (!this.ghost) return;
    clear(this.ghost);
    this.snapped = kind === "snapped" ? placement : null;
    const shown = placement?.cells ?? cells;
    if (!shown) {
      this.svg.removeAttribute("data-ghost");
      return;
    }
    const level = placement ? this.levelOf(placement) : 0;
    const g = s("g", { class: `ghost ${kind} o${this.mover} ${levelClass(Math.max(level, 1))}`, "data-move": placement?.move ?? "" });
    const inside = new Set(shown.map(([x, y]) => cellKey(x, y)));
    for (const [x, y] of shown) g.append(s("polygon", { points: trianglePoints(x, y, SIZE), class: "tri" }));
    for (const [x1, y1, x2, y2] of outline(shown, (x, y) => inside.has(cellKey(x, y)), SIZE)) g.append(s("line", { x1, y1, x2, y2, class: "rim" }));
    if (placement) {
      const [cx, cy] = nearestCentre(shown, SIZE);
      g.append(s("text", { x: cx, y: cy, class: "letter" }, this.letter));
      if (level > 1) g.append(s("text", { x: cx, y: cy + SIZE * 0.42, class: "ghost-level" }, String(level)));
      this.svg.setAttribute("data-ghost", placement.move);
    } else this.svg.removeAttribute("data-ghost");
    this.ghost.append(g);
  }

  levelOf(placement) {
    const [x, y] = placement.cells[0];
    return (this.cells.get(cellKey(x, y))?.height ?? 0) + 1;
  }

  describe(placement) {
    const { t } = this.view;
    return t("counterplays.preview", { letter: this.letter, level: this.levelOf(placement), cells: placement.cells.map(([x, y]) => `${x},${y}`).join(" ") });
  }

  drawConfirm() {
    const { t } = this.view;
    const bar = this.confirmBar;
    clear(bar);
    bar.hidden = !this.pending;
    if (!this.pending) return;
    const { list, index } = this.pending;
    const step = (d) => {
      this.pending.index = (index + d + list.length) % list.length;
      this.render(this.view);
      this.say(this.describe(this.pending.list[this.pending.index]));
    };
    // Element.append writes a null as the text "null": only the buttons that apply
    const several = list.length > 1;
    bar.append(...[
      several ? h("button", { type: "button", class: "btn btn-small", "data-action": "previous", "aria-label": t("counterplays.previous"), onclick: () => step(-1) }, "◀") : null,
      several ? h("span", { class: "cp-which" }, t("counterplays.which", { i: index + 1, n: list.length })) : null,
      several ? h("button", { type: "button", class: "btn btn-small", "data-action": "next", "aria-label": t("counterplays.next"), onclick: () => step(1) }, "▶") : null,
      h("button", { type: "button", class: "btn btn-small btn-primary", "data-action": "confirm", onclick: () => this.play(list[index]) }, t("counterplays.confirm")),
      h("button", { type: "button", class: "btn btn-small", "data-action": "cancel", onclick: () => { this.pending = null; this.render(this.view); } }, t("counterplays.cancel")),
    ].filter(Boolean));
  }

  // ------------------------------------------------------------------ pointer and touch
  point(e) {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  onDown(e) {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY, moved: false, type: e.pointerType });
    if (this.pointers.size === 2) this.pinch = this.pinchState();
    this.svg.setPointerCapture?.(e.pointerId);
  }

  pinchState() {
    const [a, b] = [...this.pointers.values()];
    return { dist: Math.hypot(a.x - b.x, a.y - b.y), box: { ...this.box } };
  }

  onMove(e) {
    const p = this.pointers.get(e.pointerId);
    if (p) {
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      p.x = e.clientX;
      p.y = e.clientY;
      if (Math.hypot(e.clientX - p.startX, e.clientY - p.startY) > 6) p.moved = true;
      if (this.pointers.size === 2 && this.pinch) {
        const [a, b] = [...this.pointers.values()];
        const dist = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        this.zoomBy(this.pinch.dist / dist, this.pinch.box, [(a.x + b.x) / 2, (a.y + b.y) / 2]);
        return;
      }
      if (p.moved && (e.buttons || p.type === "touch")) {
        this.panBy(dx, dy);
        return;
      }
    }
    if (e.pointerType === "mouse") this.ghostAt(...this.point(e));
  }

  onUp(e) {
    const p = this.pointers.get(e.pointerId);
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (!p || p.moved) return;
    this.tap(...this.point(e), e.pointerType);
  }

  /** The ghost of the chosen tile under the pointer, snapped to a placement when near one. */
  ghostAt(px, py) {
    this.lastPoint = [px, py];
    if (!this.letter || this.pending) return;
    const placement = snap(this.tile, this.shape, px, py, SIZE);
    if (placement) {
      if (placement !== this.snapped) {
        this.showGhost(placement, "snapped");
        this.say(this.describe(placement));
      }
      return;
    }
    // off the legal spots the tile follows the pointer, pale, on the grid
    const cells = turned(this.letter, this.turn, this.flipped);
    const [gx, gy] = cells[Math.floor(cells.length / 2)];
    const [cx, cy] = cellAt(px, py, SIZE);
    let dx = cx - gx;
    const dy = cy - gy;
    if ((((dx + dy) % 2) + 2) % 2) dx += 1;
    this.showGhost(null, "free", cells.map(([x, y]) => [x + dx, y + dy]));
  }

  /** A click or a tap on the table at (px, py). */
  tap(px, py, pointerType) {
    if (!this.letter) return;
    const [x, y] = cellAt(px, py, SIZE);
    if (pointerType === "mouse") {
      const placement = snap(this.tile, this.shape, px, py, SIZE);
      if (placement) {
        this.play(placement);
        return;
      }
    }
    if (this.pending) {
      // a tap on the shown placement's own triangles shows the next one covering them
      const { list, index } = this.pending;
      if (list.some((p) => p.cells.some(([a, b]) => a === x && b === y)) && list[index].cells.some(([a, b]) => a === x && b === y)) {
        const next = list.findIndex((p, i) => i > index && p.cells.some(([a, b]) => a === x && b === y));
        const first = list.findIndex((p) => p.cells.some(([a, b]) => a === x && b === y));
        this.pending.index = next >= 0 ? next : first;
        this.showPending();
        return;
      }
    }
    const list = covering(this.tile, x, y, this.shape);
    if (!list.length) {
      this.pending = null;
      this.render(this.view);
      this.say(this.view.t("counterplays.not_here"));
      return;
    }
    this.pending = { list, index: 0 };
    this.showPending();
  }

  showPending() {
    const shown = this.pending.list[this.pending.index];
    // the tool bar shows the tile turned as the placement on offer
    const o = orientations(this.letter).find((k) => k.key === shown.shape);
    if (o) {
      this.turn = o.turn;
      this.flipped = o.flipped;
    }
    const pending = this.pending;
    this.render(this.view);
    this.pending = pending;
    this.say(this.describe(shown));
  }

  onWheel(e) {
    e.preventDefault();
    this.zoomBy(e.deltaY > 0 ? 1.15 : 1 / 1.15, this.box, [e.clientX, e.clientY]);
  }

  zoomBy(factor, from = this.box, at = null) {
    const box = { ...from };
    const w = Math.min(Math.max(box.w * factor, 6 * SIZE), 80 * SIZE);
    const k = w / box.w;
    let fx = 0.5;
    let fy = 0.5;
    if (at) {
      const r = this.svg.getBoundingClientRect();
      fx = r.width ? (at[0] - r.left) / r.width : 0.5;
      fy = r.height ? (at[1] - r.top) / r.height : 0.5;
    }
    this.userBox = { x: box.x + box.w * fx * (1 - k), y: box.y + box.h * fy * (1 - k), w: box.w * k, h: box.h * k };
    this.applyBox();
  }

  panBy(dx, dy) {
    const r = this.svg.getBoundingClientRect();
    // the SVG keeps its aspect: one screen pixel is the larger of the two ratios
    const scale = Math.max(this.box.w / (r.width || 1), this.box.h / (r.height || 1));
    this.userBox = { ...this.box, x: this.box.x - dx * scale, y: this.box.y - dy * scale };
    this.applyBox();
  }

  // ------------------------------------------------------------------ keyboard
  onKey(e) {
    if (!this.letter) return;
    const here = readingOrder(this.tile.filter((p) => p.shape === this.shape));
    const move = (d) => {
      if (!here.length) {
        this.say(this.view.t("counterplays.no_place_here"));
        return;
      }
      this.keyIndex = (this.keyIndex + d + here.length) % here.length;
      if (this.keyIndex < 0) this.keyIndex += here.length;
      this.showGhost(here[this.keyIndex], "snapped");
      this.say(`${this.describe(here[this.keyIndex])} ${this.view.t("counterplays.which", { i: this.keyIndex + 1, n: here.length })}`);
    };
    if (e.key === "r" || e.key === "R") {
      e.preventDefault();
      this.rotate(e.shiftKey ? -1 : 1);
      this.svg.focus();
    } else if (e.key === "f" || e.key === "F") {
      e.preventDefault();
      this.flip();
      this.svg.focus();
    } else if (e.key === "ArrowRight" || e.key === "ArrowDown") {
      e.preventDefault();
      move(1);
    } else if (e.key === "ArrowLeft" || e.key === "ArrowUp") {
      e.preventDefault();
      move(this.keyIndex < 0 ? 0 : -1);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (this.pending) this.play(this.pending.list[this.pending.index]);
      else if (this.snapped) this.play(this.snapped);
      else move(1);
    } else if (e.key === "Escape") {
      e.preventDefault();
      this.choose(null);
    }
  }

  // ------------------------------------------------------------------ trays
  drawTrays() {
    const { t, names } = this.view;
    const obs = this.view.state.observation;
    const seats = obs.trays ?? [0, 1];
    // the seat shown plays from the first tray
    const order = this.view.seat != null && seats.includes(this.view.seat) ? [this.view.seat, ...seats.filter((p) => p !== this.view.seat)] : seats;
    clear(this.trays);
    for (const seat of order) {
      const left = new Set(obs.tiles_left?.[seat] ?? []);
      const active = this.legalRef.length > 0 && this.mover === seat;
      const tray = h(
        "section",
        { class: `cp-tray o${seat}${active ? " active" : ""}`, "data-seat": seat, "aria-label": t("counterplays.tray_label", { name: names[seat] ?? "" }) },
        h("h3", {}, h("span", { class: `mark mark-small mark-${seat}`, "aria-hidden": "true" }), " ", names[seat] ?? "", h("small", {}, t("counterplays.tiles_left", { n: left.size }))),
      );
      const grid = h("div", { class: "cp-tray-tiles" });
      for (const letter of (obs.tray_letters ?? LETTERS)) {
        const used = !left.has(letter);
        const playable = active && this.groups.has(letter);
        const reach = active ? obs.reach?.[letter] : null;
        const label = used ? t("counterplays.tile_used", { letter }) : reach > 1 ? t("counterplays.tile_reach", { letter, level: reach }) : t("counterplays.tile_label", { letter });
        grid.append(
          h(
            "button",
            {
              type: "button",
              class: `cp-tile${used ? " used" : ""}${this.letter === letter && active ? " chosen" : ""}`,
              "data-letter": letter,
              "aria-label": label,
              title: label,
              "aria-pressed": active ? String(this.letter === letter) : null,
              disabled: !playable,
              onclick: () => this.choose(this.letter === letter ? null : letter),
            },
            tilePicture(letter, turned(letter), seat, { size: 10 }),
            reach > 1 && !used ? h("span", { class: "cp-reach", "aria-hidden": "true" }, `↑${reach}`) : null,
          ),
        );
      }
      tray.append(grid);
      this.trays.append(tray);
    }
  }

  // ------------------------------------------------------------------ the end
  drawCount() {
    const { t, names, state } = this.view;
    clear(this.count);
    const outcome = state.terminal ? state.outcome : null;
    const counts = outcome?.counts;
    this.count.hidden = !counts;
    if (!counts) return;
    const goal = outcome.goal ?? "highest";
    const decided = outcome.decided_at_level ?? null;
    const rows = countRows(counts, goal, decided);
    this.count.append(
      h("h3", {}, t(goal === "lowest" ? "counterplays.count_lowest" : "counterplays.count_highest")),
      h(
        "table",
        { class: "cp-count-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("counterplays.level")), h("th", { scope: "col" }, names[0] ?? ""), h("th", { scope: "col" }, names[1] ?? ""))),
        h(
          "tbody",
          {},
          rows.map((row) =>
            h(
              "tr",
              { class: row.deciding ? "deciding" : "", "data-level": row.level, "data-white": row.counts[0], "data-black": row.counts[1] },
              h(
                "th",
                { scope: "row" },
                h("span", { class: `cp-swatch o0 ${levelClass(row.level)}`, "aria-hidden": "true" }),
                " ",
                t("counterplays.level_n", { level: row.level }),
                row.deciding ? h("span", { class: "cp-deciding" }, t("counterplays.deciding")) : null,
              ),
              h("td", { class: row.counts[0] > row.counts[1] ? "more" : "" }, String(row.counts[0])),
              h("td", { class: row.counts[1] > row.counts[0] ? "more" : "" }, String(row.counts[1])),
            ),
          ),
        ),
      ),
      h("p", { class: "cp-count-verdict" }, decided == null ? t("counterplays.count_draw") : t("counterplays.count_won", { name: names[outcome.returns?.[0] > 0 ? 0 : 1] ?? "", level: decided })),
      h("p", { class: "cp-puzzles" }, t("counterplays.puzzles_intro"), " ", ["level6", "surround", "rhombus"].flatMap((n, i) => [i ? " · " : "", h("a", { href: `/?puzzle=counterplays:${n}` }, t(`counterplays.puzzle.${n}_title`))])),
    );
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, CounterplaysBoard);
