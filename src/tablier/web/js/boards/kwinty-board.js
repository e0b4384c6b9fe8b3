// <kwinty-board>: the wall in SVG, with a landing preview and keyboard play.

import { clear, h, linkStyles, s } from "../dom.js";
import { cellOrigin, parseCell, parseMove, pieceRect, previewMove, shownColumns } from "./kwinty.js";

export const TAG = "kwinty-board";
linkStyles(new URL("./kwinty-board.css", import.meta.url));
const SIZE = 40;
const PAD = { left: 26, right: 8, top: 10, bottom: 28 };
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

class KwintyBoard extends HTMLElement {
  constructor() {
    super();
    this.orient = "h";
    this.cursor = null;
    this.view = null;
    this.canFlip = true;
    this.addEventListener("keydown", (e) => this.onKey(e));
  }

  connectedCallback() {
    // R turns the piece from anywhere on the page, unless one is typing
    this.globalKey = (e) => {
      const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(e.target?.tagName ?? "");
      if (!typing && (e.key === "r" || e.key === "R") && !this.contains(e.target) && this.legal?.length) this.rotate();
    };
    document.addEventListener("keydown", this.globalKey);
  }

  disconnectedCallback() {
    document.removeEventListener("keydown", this.globalKey);
  }

  /** What the player cards say under each name: pieces left, and lines of four once any. */
  playerFacts({ t, state, seat }) {
    const obs = state.observation ?? {};
    const facts = [];
    if (Array.isArray(obs.pieces_left)) facts.push(t("kwinty.pieces_left", { n: obs.pieces_left[seat] }));
    // lines of four decide a game nobody wins by five: worth seeing as they come
    if (Array.isArray(obs.lines_of_four) && obs.lines_of_four.some((n) => n > 0)) {
      facts.push(t("kwinty.lines4", { n: obs.lines_of_four[seat] }));
    }
    return facts;
  }

  /** What a phone brings on screen at the player's turn: the wall. */
  decision() {
    return this.wall;
  }

  render(view) {
    this.view = view;
    const { t } = view;
    const obs = view.state.observation;
    const legal = view.canPlay ? view.state.legal_moves : [];
    const other = this.orient === "h" ? "v" : "h";
    if (!legal.some((m) => m.endsWith(this.orient)) && legal.some((m) => m.endsWith(other))) this.orient = other;
    if (!this.wall) {
      this.wall = s("svg", { class: "kwinty-wall", role: "group", tabindex: "0" });
      this.live = h("p", { class: "sr-only", "aria-live": "polite" });
      this.toolbar = h("div", { class: "board-tools" });
      this.append(this.toolbar, this.wall, this.live);
      this.wall.addEventListener("pointerleave", () => this.hover(null));
    }
    this.drawToolbar(legal);
    this.drawWall(obs, legal, view);
  }

  drawToolbar(legal) {
    const { t } = this.view;
    const hasH = legal.some((m) => m.endsWith("h"));
    const hasV = legal.some((m) => m.endsWith("v"));
    clear(this.toolbar);
    if (!legal.length) return;
    if (legal.includes("pass")) {
      // no piece can be placed: passing is the only move
      this.toolbar.append(
        h("button", { type: "button", class: "btn btn-primary btn-small", "data-move": "pass", onclick: () => this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat: this.view.seat, move: "pass" } })) }, t("kwinty.pass")),
      );
      if (!hasH && !hasV) return;
    }
    this.toolbar.append(
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small orient",
          "data-action": "rotate",
          "aria-label": t("kwinty.rotate_label", { dir: t(`kwinty.dir_${this.orient}`) }),
          onclick: () => this.rotate(),
        },
        s(
          "svg",
          { viewBox: "0 0 40 20", width: 34, height: 17, "aria-hidden": "true" },
          this.orient === "h" ? s("rect", { x: 4, y: 5, width: 32, height: 12, rx: 3, class: "orient-piece" }) : s("rect", { x: 14, y: 1, width: 12, height: 18, rx: 3, class: "orient-piece" }),
        ),
        ` ${t(`kwinty.dir_${this.orient}`)}`,
        h("kbd", {}, "R"),
      ),
      ...(!hasH || !hasV
        ? [h("span", { class: "hint" }, t("kwinty.only_dir", { dir: t(`kwinty.dir_${hasH ? "h" : "v"}`) }))]
        : [h("span", { class: "hint hint-mouse" }, t("kwinty.hint")), h("span", { class: "hint hint-touch" }, t("kwinty.hint_touch"))]),
    );
  }

  rotate() {
    this.orient = this.orient === "h" ? "v" : "h";
    if (this.view) this.render(this.view);
  }

  geometry(obs) {
    const { first, last } = shownColumns(obs);
    return { size: SIZE, height: obs.height, first, last, flip: Boolean(this.view?.flip) };
  }

  drawWall(obs, legal, view) {
    const { t, names } = view;
    const geo = this.geometry(obs);
    const cols = geo.last - geo.first + 1;
    const width = cols * SIZE;
    const height = obs.height * SIZE;
    const svg = this.wall;
    svg.setAttribute("viewBox", `${-PAD.left} ${-PAD.top} ${width + PAD.left + PAD.right} ${height + PAD.top + PAD.bottom}`);
    svg.setAttribute("aria-label", t("kwinty.wall_label", { n: obs.pieces.length }));
    clear(svg);
    const defs = s(
      "defs",
      {},
      s("pattern", { id: "kw-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, s("rect", { width: 8, height: 8, class: "hatch-bg" }), s("line", { x1: 0, y1: 0, x2: 0, y2: 8, class: "hatch-line" })),
    );
    svg.append(defs);
    const [frameFirst, frameLast] = (obs.frame ?? []).map((c) => LETTERS.indexOf(c));
    // background cells; columns outside the frame the wall may still use are hatched
    const back = s("g", { class: "cells" });
    for (let col = geo.first; col <= geo.last; col += 1) {
      const { x } = cellOrigin(col, obs.height, geo);
      const outside = frameFirst != null && (col < frameFirst || col > frameLast);
      back.append(s("rect", { x, y: 0, width: SIZE, height, class: outside ? "col-out" : col % 2 ? "col-a" : "col-b" }));
      back.append(s("text", { x: x + SIZE / 2, y: height + 19, class: "coord" }, LETTERS[col]));
    }
    for (let row = 1; row <= obs.height; row += 1) {
      back.append(s("text", { x: -13, y: (obs.height - row) * SIZE + SIZE / 2 + 4, class: "coord" }, String(row)));
      back.append(s("line", { x1: 0, x2: width, y1: (obs.height - row) * SIZE, y2: (obs.height - row) * SIZE, class: "grid" }));
    }
    back.append(s("rect", { x: -4, y: height, width: width + 8, height: 5, rx: 2, class: "ground" }));
    svg.append(back);

    const win = new Set(obs.outcome?.win_cells ?? obs.win_cells ?? []);
    const pieces = s("g", { class: "pieces" });
    obs.pieces.forEach((piece, index) => {
      pieces.append(this.piece(piece.move, piece.player, geo, {
        last: piece.move === obs.last_move && index === obs.pieces.length - 1,
        label: t("kwinty.piece_label", { name: names[piece.player], cells: piece.cells.join("–") }),
        win,
      }));
    });
    svg.append(pieces);
    if (win.size) svg.append(this.winLine([...win], geo));

    this.legal = legal;
    this.obs = obs;
    this.geo = geo;
    this.preview = s("g", { class: "preview", "aria-hidden": "true" });
    svg.append(this.preview);
    if (legal.length) {
      const hits = s("g", { class: "hits" });
      for (let col = geo.first; col <= geo.last; col += 1) {
        const { x } = cellOrigin(col, obs.height, geo);
        const move = previewMove(legal, col, this.orient);
        const other = previewMove(legal, col, this.orient === "h" ? "v" : "h");
        const rect = s("rect", {
          x,
          y: -PAD.top,
          width: SIZE,
          height: height + PAD.top,
          class: `hit ${move ? "playable" : other ? "other-dir" : "blocked"}`,
          "data-col": LETTERS[col],
          "data-move": move ?? "",
        });
        rect.addEventListener("pointerenter", () => this.hover(col));
        rect.addEventListener("pointermove", () => this.cursor !== col && this.hover(col));
        rect.addEventListener("pointerdown", (e) => {
          this.pointerType = e.pointerType;
        });
        rect.addEventListener("click", () => {
          // a touch first shows the landing, a second touch on the same column plays
          if (this.pointerType === "touch" && this.armed !== col) {
            this.hover(col);
            this.armed = col;
            return;
          }
          this.hover(col);
          this.playCursor();
        });
        hits.append(rect);
        if (move) {
          hits.append(s("path", { d: `M${x + SIZE / 2 - 5} ${-PAD.top + 1} h10 l-5 6 z`, class: "col-marker", "pointer-events": "none" }));
        }
      }
      svg.append(hits);
      if (this.cursor != null) this.hover(this.cursor);
    } else {
      this.cursor = null;
    }
    this.classList.toggle("can-play", legal.length > 0);
  }

  piece(move, player, geo, { last = false, ghost = false, label = "", win = new Set() } = {}) {
    const r = pieceRect(move, geo);
    const g = s("g", { class: `piece p${player} ${last ? "last" : ""} ${ghost ? "ghost" : ""}`, "data-move": move, role: ghost ? null : "img", "aria-label": label || null });
    g.append(s("rect", { x: r.x + 2, y: r.y + 2, width: r.w - 4, height: r.h - 4, rx: 6, class: "body" }));
    const p = parseMove(move);
    // the seam between the piece's two squares, and one mark per square
    const cells = p.dir === "h" ? [[p.col, p.row], [p.col + 1, p.row]] : [[p.col, p.row], [p.col, p.row + 1]];
    if (p.dir === "h") g.append(s("line", { x1: r.x + SIZE, x2: r.x + SIZE, y1: r.y + 8, y2: r.y + SIZE - 8, class: "seam" }));
    else g.append(s("line", { y1: r.y + SIZE, y2: r.y + SIZE, x1: r.x + 8, x2: r.x + SIZE - 8, class: "seam" }));
    for (const [col, row] of cells) {
      const o = cellOrigin(col, row, geo);
      const cx = o.x + SIZE / 2;
      const cy = o.y + SIZE / 2;
      const name = `${LETTERS[col]}${row}`;
      if (player === 0) g.append(s("circle", { cx, cy, r: 7, class: "mark-ring" }));
      else g.append(s("rect", { x: cx - 6, y: cy - 6, width: 12, height: 12, rx: 1, class: "mark-square", transform: `rotate(45 ${cx} ${cy})` }));
      if (win.has(name)) g.append(s("circle", { cx, cy, r: 15, class: "win-ring" }));
    }
    if (last) g.append(s("rect", { x: r.x - 1, y: r.y - 1, width: r.w + 2, height: r.h + 2, rx: 8, class: "last-outline" }));
    return g;
  }

  winLine(cells, geo) {
    const points = cells
      .map(parseCell)
      .map((c) => cellOrigin(c.col, c.row, geo))
      .map((o) => [o.x + SIZE / 2, o.y + SIZE / 2])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const [a, b] = [points[0], points[points.length - 1]];
    return s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "win-line", "aria-hidden": "true" });
  }

  // the page points at a move (the move list, an analysis): its piece drawn as a ghost
  highlight(move) {
    if (!this.preview || !this.geo || !this.view) return;
    clear(this.preview);
    if (!move) return;
    const obs = this.view.state.observation;
    const player = obs.pieces.find((p) => p.move === move)?.player ?? obs.to_move ?? 0;
    this.preview.append(this.piece(move, player, this.geo, { ghost: true }));
  }

  hover(col) {
    if (!this.preview) return;
    clear(this.preview);
    this.cursor = col;
    if (col == null || !this.legal?.length) return;
    const move = previewMove(this.legal, col, this.orient);
    const { t, state } = this.view;
    if (!move) {
      this.live.textContent = t("kwinty.no_landing", { col: LETTERS[col], dir: t(`kwinty.dir_${this.orient}`) });
      return;
    }
    const player = state.observation.to_move ?? this.view.seat ?? 0;
    this.preview.append(this.piece(move, player, this.geo, { ghost: true }));
    // the two cells the piece would cover, in words (its notation is not for people)
    const p = parseMove(move);
    const cells = p.dir === "h" ? `${LETTERS[p.col]}${p.row}–${LETTERS[p.col + 1]}${p.row}` : `${LETTERS[p.col]}${p.row}–${LETTERS[p.col]}${p.row + 1}`;
    const said = t("kwinty.preview", { cells, dir: t(`kwinty.dir_${this.orient}`) });
    this.live.textContent = said;
    this.wall.setAttribute("aria-label", said);
  }

  playCursor() {
    this.armed = null;
    if (this.cursor == null) return;
    const move = previewMove(this.legal, this.cursor, this.orient);
    if (!move) return;
    this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat: this.view.seat, move } }));
    clear(this.preview);
  }

  onKey(e) {
    if (!this.legal?.length) return;
    const { first, last, flip } = this.geo;
    const step = (delta) => {
      let col = this.cursor ?? Math.floor((first + last) / 2) - delta;
      for (let i = 0; i <= last - first; i += 1) {
        col += delta;
        if (col < first) col = last;
        if (col > last) col = first;
        if (previewMove(this.legal, col, this.orient)) break;
      }
      this.hover(col);
    };
    if (e.key === "r" || e.key === "R" || e.key === " ") {
      e.preventDefault();
      this.rotate();
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      step(flip ? 1 : -1);
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      step(flip ? -1 : 1);
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (this.cursor == null) step(1);
      else this.playCursor();
    }
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, KwintyBoard);
