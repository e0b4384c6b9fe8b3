// <turris-board>: the tower in SVG, turnable and seen from above, with ghosts of the
// legal placements, the bonus choices, and the five scored views beside it.

import { clear, h, linkStyles, s } from "../dom.js";
import {
  angleFor,
  cellName,
  cellXY,
  CELLS,
  cubesOf,
  facesInFront,
  lastPiece,
  paintOrder,
  parseMove,
  placementsByCell,
  projector,
  SIDES,
} from "./turris.js";

export const TAG = "turris-board";
linkStyles(new URL("./turris-board.css", import.meta.url));

const TURN_MS = 380;
const VIEWS = ["A", "B", "C", "D", "roof"];

/** The cube a view shows at (row, col): {f, r, z} (see games/turris/views.py). */
function cubeSeen(name, view, row, col, heights) {
  const depth = view.depth?.[row]?.[col] ?? 0;
  const level = Number(view.row_labels?.[row]);
  if (name === "A") return { f: col, r: depth, z: level };
  if (name === "B") return { f: 2 - depth, r: col, z: level };
  if (name === "C") return { f: 2 - col, r: 2 - depth, z: level };
  if (name === "D") return { f: depth, r: 2 - col, z: level };
  const cell = cellName(col, 2 - row);
  return { f: col, r: 2 - row, z: heights?.[cell] ?? 0 };
}

class TurrisBoard extends HTMLElement {
  constructor() {
    super();
    this.canFlip = false;
    this.turn = 0;
    this.angle = angleFor(0);
    this.tilt = 0.5;
    this.fromAbove = false;
    this.selected = null; // the column whose placements are offered
    this.option = 0; // which of them the ghost shows
    this.hover = null;
    this.removing = false;
    this.highlighted = null; // a piece pointed at in the move list
    this.suggested = null; // a move to play that the page points at: {kind, cells} or {removal: id}
    this.view = null;
    this.addEventListener("keydown", (e) => this.onKey(e));
  }

  // ------------------------------------------------------------ the page's hooks
  playerFacts({ t, state, seat }) {
    const supply = state.observation?.supply;
    const totals = state.observation?.totals;
    const facts = [];
    if (Array.isArray(supply)) facts.push(t("turris.supply", { n: supply[seat] }));
    if (Array.isArray(totals)) facts.push(t("turris.points", { n: totals[seat] }));
    return facts;
  }

  statusText({ t, state, seat }) {
    const obs = state.observation ?? {};
    if (!state.terminal && obs.phase === "bonus" && seat != null && obs.to_move === seat && state.legal_moves?.length) {
      return t("turris.bonus_status");
    }
    return null;
  }

  /** The move list points at a move: light its piece on the tower. */
  highlight(move) {
    const obs = this.view?.state?.observation;
    const p = move ? parseMove(move) : null;
    let id = null;
    if (p && obs && (p.kind === "V" || p.kind === "H")) {
      const same = (obs.pieces ?? []).filter((piece) => piece.kind === p.kind && piece.cells.join() === [...p.cells].sort().join());
      id = same.length ? same[same.length - 1].id : null;
    }
    this.highlighted = id;
    // a placement not on the tower yet is a move to play (a hint): drawn as its ghost
    this.suggested = id == null && p && (p.kind === "V" || p.kind === "H") ? this.suggestionOf(move) : null;
    if (this.view) this.drawTower();
  }

  /** The page points at a move to play here (the engine's, in an analysis): the piece to
   * place drawn as a dashed ghost, or the piece to remove outlined. */
  suggest(move) {
    this.highlighted = null;
    this.suggested = move ? this.suggestionOf(move) : null;
    if (this.view) this.drawTower();
  }

  suggestionOf(move) {
    const p = parseMove(move);
    if (p && (p.kind === "V" || p.kind === "H")) return { kind: p.kind, cells: p.cells, move: String(move) };
    if (p?.kind !== "x") return null;
    const obs = this.view?.state?.observation ?? {};
    const offered = (obs.removal?.removable ?? []).find((r) => r.move === String(move));
    const { f, r } = cellXY(p.cell);
    const cube = cubesOf(obs.pieces).find((c) => c.f === f && c.r === r && c.z === p.level);
    const id = offered?.id ?? cube?.piece ?? null;
    return id == null ? null : { removal: id, move: String(move) };
  }

  // ------------------------------------------------------------ drawing
  /** What a phone brings on screen at the player's turn: the bonus, else the plan and its choices. */
  decision() {
    return this.querySelector(".tr-bonus") ?? this.querySelector(".tr-under");
  }

  render(view) {
    const previous = this.view?.state;
    this.view = view;
    const obs = view.state.observation;
    if (previous && previous.move_count !== view.state.move_count) {
      this.selected = null;
      this.option = 0;
      this.removing = false;
    }
    if (!this.tower) this.build();
    const legal = view.canPlay ? view.state.legal_moves.map(String) : [];
    this.byCell = placementsByCell(legal);
    this.removable = new Map((obs.removal?.removable ?? []).map((r) => [r.id, r.move]));
    this.blocked = new Map((obs.removal?.blocked ?? []).map((b) => [b.id, b.reason]));
    if (this.selected && !this.byCell[this.selected]?.length) this.selected = null;
    this.drawTools();
    this.drawTower();
    this.drawPad();
    this.drawChoices(legal);
    this.drawScores();
  }

  /** The base seen from above (face A at the bottom): every column, even one hidden
   * behind the tower, can be chosen here; each shows its height. */
  drawPad() {
    const { t } = this.view;
    const obs = this.view.state.observation;
    const pad = this.pad;
    const C = 30;
    pad.setAttribute("aria-label", t("turris.pad_label"));
    clear(pad);
    for (const [face, x, y] of [["A", 45, 102], ["B", 102, 49], ["C", 45, -6], ["D", -10, 49]]) {
      pad.append(s("text", { x, y, class: "tr-pad-face" }, face));
    }
    for (const cell of CELLS) {
      const { f, r } = cellXY(cell);
      const x = f * C;
      const y = (2 - r) * C;
      const height = obs.heights?.[cell] ?? 0;
      const owners = obs.columns?.[cell] ?? [];
      const topOwner = owners.length ? owners[owners.length - 1] : null;
      const options = this.byCell?.[cell] ?? [];
      const g = s("g", {
        class: `tr-pad-cell ${options.length ? "playable" : ""} ${this.selected === cell ? "selected" : ""} ${topOwner != null ? `p${topOwner}` : "empty"}`,
        "data-cell": cell,
        role: "button",
        "aria-label": t("turris.column_label", { cell, n: height, k: options.length }),
      });
      g.append(s("rect", { x: x + 1, y: y + 1, width: C - 2, height: C - 2, rx: 4, class: "pad-body" }));
      g.append(s("text", { x: x + C / 2, y: y + C / 2 + 5, class: "pad-height" }, height ? String(height) : "·"));
      g.addEventListener("pointerenter", () => {
        this.hover = cell;
        this.drawTower();
      });
      g.addEventListener("click", () => this.pickColumn(cell));
      pad.append(g);
    }
  }

  build() {
    const { t } = this.view;
    this.tools = h("div", { class: "board-tools tr-tools" });
    this.tower = s("svg", { class: "tr-tower", role: "group", tabindex: "0" });
    this.tower.addEventListener("pointerleave", () => {
      this.hover = null;
      this.drawTower();
    });
    this.pad = s("svg", { class: "tr-pad", viewBox: "-16 -16 122 122", role: "group" });
    this.choices = h("div", { class: "tr-choices" });
    this.scores = h("section", { class: "tr-scores", "aria-label": t("turris.views_label") });
    this.live = h("p", { class: "sr-only", "aria-live": "polite" });
    this.append(
      h("div", { class: "tr-stage" }, this.tools, this.tower, h("div", { class: "tr-under" }, this.pad, this.choices)),
      this.scores,
      this.live,
    );
  }

  drawTools() {
    const { t } = this.view;
    const [left, right] = facesInFront(this.turn);
    clear(this.tools).append(
      h("button", { type: "button", class: "btn btn-small", "data-action": "turn-left", "aria-label": t("turris.turn_left"), title: t("turris.turn_left"), onclick: () => this.turnBy(-1) }, "↺"),
      h("span", { class: "tr-front", "aria-live": "polite" }, t("turris.in_front", { left, right })),
      h("button", { type: "button", class: "btn btn-small", "data-action": "turn-right", "aria-label": t("turris.turn_right"), title: t("turris.turn_right"), onclick: () => this.turnBy(1) }, "↻"),
      h(
        "button",
        { type: "button", class: "btn btn-small", "data-action": "above", "aria-pressed": String(this.fromAbove), onclick: () => this.toggleAbove() },
        t(this.fromAbove ? "turris.from_side" : "turris.from_above"),
      ),
    );
  }

  /** Animate the angle and tilt towards the chosen turn and point of view. */
  animateTo(angle, tilt) {
    const from = { angle: this.angle, tilt: this.tilt };
    const start = performance.now();
    cancelAnimationFrame(this.frame);
    const step = (now) => {
      const k = Math.min(1, (now - start) / TURN_MS);
      const ease = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      this.angle = from.angle + (angle - from.angle) * ease;
      this.tilt = from.tilt + (tilt - from.tilt) * ease;
      this.drawTower();
      if (k < 1) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  turnBy(delta) {
    this.turn += delta;
    this.animateTo(angleFor(this.turn), this.tilt);
    this.drawTools();
    const [left, right] = facesInFront(this.turn);
    this.live.textContent = this.view.t("turris.in_front", { left, right });
  }

  toggleAbove() {
    this.fromAbove = !this.fromAbove;
    this.animateTo(this.angle, this.fromAbove ? 1 : 0.5);
    this.drawTools();
  }

  /** The move the ghost shows: the selected column's chosen option, else the hovered column's first. */
  ghostMove() {
    if (this.removing) return null;
    const cell = this.selected ?? this.hover;
    const options = cell ? this.byCell?.[cell] ?? [] : [];
    if (!options.length) return null;
    const index = cell === this.selected ? this.option % options.length : 0;
    return options[index];
  }

  drawTower() {
    const { t, names } = this.view;
    const obs = this.view.state.observation;
    const heights = obs.heights ?? {};
    const proj = projector({ angle: this.angle, tilt: this.tilt });
    const cubes = cubesOf(obs.pieces);
    const at = new Map(cubes.map((c) => [`${c.f},${c.r},${c.z}`, c]));
    // the frame grows with the tower, with room for a piece standing on top
    const top = Math.max(2, ...cubes.map((c) => c.z)) + 2;
    const last = lastPiece(obs.pieces);
    const bonus = new Set(obs.bonus_pieces ?? []);
    const lit = this.view.state.terminal ? this.winningCubes(obs) : new Set();
    const pointer = this.ghostMove();
    // the player's own choice first; else the move the page suggests
    const ghost = pointer ?? (this.suggested?.cells ? this.suggested : null);
    const ghostCubes = [];
    if (ghost) {
      const base = Math.max(...ghost.cells.map((c) => heights[c] ?? 0));
      const mark = pointer ? {} : { suggested: true };
      if (ghost.kind === "V") ghostCubes.push({ ...cellXY(ghost.cells[0]), z: base + 1, ...mark }, { ...cellXY(ghost.cells[0]), z: base + 2, ...mark });
      else for (const c of ghost.cells) ghostCubes.push({ ...cellXY(c), z: base + 1, ...mark });
    }
    const forbidden = (obs.forbidden ?? []).flatMap((list, player) => list.map(([cell, z]) => ({ ...cellXY(cell), z, player })));

    // the frame: every corner of the tower's box, projected
    const corners = [];
    for (const [x, y] of [[0, 0], [3, 0], [3, 3], [0, 3]]) for (const z of [0, top]) corners.push(proj.point(x, y, z));
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    const pad = 30;
    const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
    const svg = this.tower;
    svg.setAttribute("viewBox", box.map((v) => v.toFixed(1)).join(" "));
    svg.setAttribute("aria-label", t("turris.tower_label", { n: (obs.pieces ?? []).length }));
    svg.classList.toggle("can-play", Boolean(this.view.canPlay));
    clear(svg);

    const poly = (points, attrs) => s("polygon", { points: points.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), ...attrs });
    // the felt base and the face letters
    svg.append(poly([proj.point(0, 0, 0), proj.point(3, 0, 0), proj.point(3, 3, 0), proj.point(0, 3, 0)], { class: "tr-felt" }));
    for (const cell of CELLS) {
      const { f, r } = cellXY(cell);
      svg.append(poly([proj.point(f, r, 0), proj.point(f + 1, r, 0), proj.point(f + 1, r + 1, 0), proj.point(f, r + 1, 0)], { class: "tr-base" }));
    }
    const faceAt = { A: [1.5, -0.55], B: [3.55, 1.5], C: [1.5, 3.55], D: [-0.55, 1.5] };
    for (const [face, [x, y]] of Object.entries(faceAt)) {
      const [px, py] = proj.point(x, y, 0);
      svg.append(s("text", { x: px, y: py + 5, class: "tr-face-letter" }, face));
    }

    // everything that stands, in painting order; hit areas on top of each column
    const items = [
      ...cubes.map((c) => ({ ...c, type: "cube" })),
      ...ghostCubes.map((c) => ({ ...c, type: "ghost" })),
      ...forbidden.filter((c) => !at.has(`${c.f},${c.r},${c.z}`)).map((c) => ({ ...c, type: "forbidden" })),
      ...CELLS.map((cell) => ({ ...cellXY(cell), z: (heights[cell] ?? 0) + 0.01, cell, type: "hit" })),
    ];
    for (const item of paintOrder(proj, items)) {
      if (item.type === "hit") svg.append(this.hitArea(proj, poly, item, heights));
      else svg.append(this.cubeShape(proj, poly, item, at, { last, bonus, lit, names, t }));
    }
  }

  hitArea(proj, poly, item, heights) {
    const { t } = this.view;
    const cell = item.cell;
    const z = heights[cell] ?? 0;
    const { f, r } = item;
    const options = this.byCell?.[cell] ?? [];
    const area = poly([proj.point(f, r, z), proj.point(f + 1, r, z), proj.point(f + 1, r + 1, z), proj.point(f, r + 1, z)], {
      class: `tr-hit ${options.length ? "playable" : ""} ${this.selected === cell ? "selected" : ""}`,
      "data-cell": cell,
      "aria-label": t("turris.column_label", { cell, n: z, k: options.length }),
    });
    area.addEventListener("pointerenter", () => {
      if (this.hover !== cell) {
        this.hover = cell;
        this.drawTower();
      }
    });
    area.addEventListener("click", () => this.pickColumn(cell));
    return area;
  }

  cubeShape(proj, poly, cube, at, { last, bonus, lit, names, t }) {
    const { f, r, z } = cube;
    const same = (df, dr, dz) => {
      const other = at.get(`${f + df},${r + dr},${z + dz}`);
      return cube.type === "cube" && other && other.piece === cube.piece;
    };
    const occupied = (df, dr, dz) => cube.type === "cube" && at.has(`${f + df},${r + dr},${z + dz}`);
    const classes = ["tr-cube", cube.type];
    if (cube.type === "cube") {
      classes.push(`p${cube.owner}`);
      if (cube.piece === last) classes.push("last");
      if (bonus.has(cube.piece)) classes.push("bonus");
      if (lit.has(`${f},${r},${z}`)) classes.push("lit");
      if (cube.piece === this.highlighted) classes.push("pointed");
      if (this.suggested?.removal != null && cube.piece === this.suggested.removal) classes.push("to-remove");
      if (this.removing && this.removable.has(cube.piece)) classes.push("removable");
      if (this.removing && this.blocked.has(cube.piece)) classes.push("blocked");
    } else if (cube.type === "forbidden") classes.push(`for-p${cube.player}`);
    else if (cube.suggested) classes.push("suggested");
    const g = s("g", { class: classes.join(" "), "data-piece": cube.piece ?? "" });
    const edges = [];
    // the sides that face the viewer, unless another cube stands against them
    SIDES.forEach((side, k) => {
      const [nx, ny] = side.n;
      if (!proj.facing(nx, ny) || occupied(nx, ny, 0)) return;
      const a = [f + side.a[0], r + side.a[1]];
      const b = [f + side.b[0], r + side.b[1]];
      const pts = [proj.point(a[0], a[1], z - 1), proj.point(b[0], b[1], z - 1), proj.point(b[0], b[1], z), proj.point(a[0], a[1], z)];
      g.append(poly(pts, { class: `face side s${k} ${Math.abs(nx) ? "sx" : "sy"}` }));
      // the seams between two cubes of one piece are not the piece's outline
      if (!same(0, 0, -1)) edges.push([pts[0], pts[1]]);
      if (!same(0, 0, 1)) edges.push([pts[3], pts[2]]);
      const [tx, ty] = [side.b[0] - side.a[0], side.b[1] - side.a[1]];
      if (!same(-tx, -ty, 0)) edges.push([pts[0], pts[3]]);
      if (!same(tx, ty, 0)) edges.push([pts[1], pts[2]]);
    });
    if (!occupied(0, 0, 1)) {
      const pts = [proj.point(f, r, z), proj.point(f + 1, r, z), proj.point(f + 1, r + 1, z), proj.point(f, r + 1, z)];
      g.append(poly(pts, { class: "face top" }));
      if (!same(0, -1, 0)) edges.push([pts[0], pts[1]]);
      if (!same(1, 0, 0)) edges.push([pts[1], pts[2]]);
      if (!same(0, 1, 0)) edges.push([pts[2], pts[3]]);
      if (!same(-1, 0, 0)) edges.push([pts[3], pts[0]]);
      if (cube.type === "cube") {
        // a mark besides the colour: a ring for White, a diamond for Black, a star for a bonus
        const [cx, cy] = proj.point(f + 0.5, r + 0.5, z);
        const k = 7 * (1 + (this.tilt - 0.5));
        if (cube.owner === 0) g.append(s("ellipse", { cx, cy, rx: k, ry: k * this.tilt * 1.2, class: "mark" }));
        else g.append(s("path", { d: `M${cx} ${cy - k * this.tilt} L${cx + k} ${cy} L${cx} ${cy + k * this.tilt} L${cx - k} ${cy} Z`, class: "mark" }));
      }
    }
    g.append(s("path", { d: edges.map(([a, b]) => `M${a[0].toFixed(1)} ${a[1].toFixed(1)}L${b[0].toFixed(1)} ${b[1].toFixed(1)}`).join(""), class: "outline" }));
    if (cube.type === "cube") {
      const who = names?.[cube.owner] ?? "";
      let tip = t("turris.cube_label", { name: who, cell: cellName(f, r), z });
      if (bonus.has(cube.piece)) tip += ` — ${t("turris.bonus_piece")}`;
      if (this.removing && this.blocked.has(cube.piece)) tip += ` — ${t("turris.not_removable", { why: this.pickText(this.blocked.get(cube.piece)) })}`;
      g.append(s("title", {}, tip));
      g.addEventListener("click", () => {
        if (this.removing && this.removable.has(cube.piece)) this.play(this.removable.get(cube.piece));
        else if (!this.removing) this.pickColumn(cellName(f, r));
      });
    } else if (cube.type === "forbidden") {
      g.append(s("title", {}, t("turris.forbidden", { name: names?.[cube.player] ?? "" })));
    }
    return g;
  }

  pickText(texts) {
    if (!texts) return "";
    return texts[this.view.lang] ?? texts.fr ?? "";
  }

  /** Cubes of the largest regions of the winner (or of both players in a draw). */
  winningCubes(obs) {
    const lit = new Set();
    const returns = this.view.state.outcome?.returns ?? obs.returns ?? [];
    const best = Math.max(...returns);
    const winners = returns.map((v, p) => (v === best ? p : null)).filter((p) => p != null);
    for (const name of VIEWS) {
      const view = obs.views?.[name];
      if (!view) continue;
      for (const p of winners) {
        for (const [row, col] of view.regions?.[p] ?? []) {
          const c = cubeSeen(name, view, row, col, obs.heights);
          lit.add(`${c.f},${c.r},${c.z}`);
        }
      }
    }
    return lit;
  }

  // ------------------------------------------------------------ choosing a move
  pickColumn(cell) {
    if (!this.view?.canPlay) return;
    const options = this.byCell?.[cell] ?? [];
    const { t } = this.view;
    if (!options.length) {
      this.live.textContent = t("turris.no_placement", { cell });
      return;
    }
    if (this.selected === cell) {
      // a second click on the chosen column places what its ghost shows
      this.play(options[this.option % options.length].move);
      return;
    }
    this.selected = cell;
    this.option = 0;
    this.live.textContent = t("turris.column_choices", { cell, k: options.length });
    this.drawTower();
    this.drawPad();
    this.drawChoices(this.view.state.legal_moves.map(String));
  }

  optionLabel(option) {
    const { t } = this.view;
    if (option.kind === "V") return t("turris.vertical", { cell: option.cells[0] });
    return t("turris.horizontal", { cell: this.selected ?? option.cells[0], other: option.other });
  }

  drawChoices(legal) {
    const { t } = this.view;
    const obs = this.view.state.observation;
    clear(this.choices);
    if (!this.view.canPlay) return;
    if (legal.includes("pass")) {
      this.choices.append(
        h("p", { class: "help" }, t("turris.must_pass")),
        h("button", { type: "button", class: "btn btn-primary", "data-move": "pass", onclick: () => this.play("pass") }, t("turris.pass")),
      );
      return;
    }
    if (obs.phase === "bonus") {
      const canRemove = this.removable.size > 0;
      this.choices.append(
        h(
          "div",
          { class: "tr-bonus", role: "group", "aria-label": t("turris.bonus_title") },
          h("strong", {}, "★ ", t("turris.bonus_title")),
          h("p", {}, t(this.removing ? "turris.bonus_remove_help" : "turris.bonus_help")),
          h(
            "div",
            { class: "button-row" },
            h("button", { type: "button", class: `btn btn-small ${this.removing ? "" : "btn-primary"}`, "data-action": "bonus-place", "aria-pressed": String(!this.removing), onclick: () => { this.removing = false; this.render(this.view); } }, t("turris.bonus_place")),
            h("button", { type: "button", class: `btn btn-small ${this.removing ? "btn-primary" : ""}`, "data-action": "bonus-remove", disabled: !canRemove, "aria-pressed": String(this.removing), title: canRemove ? "" : t("turris.nothing_removable"), onclick: () => { this.removing = !this.removing; this.selected = null; this.render(this.view); } }, t("turris.bonus_remove", { n: this.removable.size })),
            h("button", { type: "button", class: "btn btn-small", "data-move": "skip", onclick: () => this.play("skip") }, t("turris.bonus_skip")),
          ),
          this.removing
            ? h(
                "ul",
                { class: "tr-removals" },
                [...this.removable].map(([id, move]) =>
                  h("li", {}, h("button", { type: "button", class: "btn btn-small btn-danger", "data-move": move, onmouseenter: () => this.highlightPiece(id), onmouseleave: () => this.highlightPiece(null), onclick: () => this.play(move) }, t("turris.remove_piece", { piece: this.pieceName(id) }))),
                ),
                [...this.blocked].map(([id, reason]) => h("li", { class: "blocked-why" }, t("turris.piece_kept", { piece: this.pieceName(id), why: this.pickText(reason) }))),
              )
            : null,
        ),
      );
      if (this.removing) return;
    }
    if (!this.selected) {
      this.choices.append(h("p", { class: "help" }, h("span", { class: "hint-mouse" }, t("turris.hint")), h("span", { class: "hint-touch" }, t("turris.hint_touch"))));
      return;
    }
    const options = this.byCell[this.selected] ?? [];
    this.choices.append(
      h("p", { class: "tr-col" }, t("turris.column_title", { cell: this.selected })),
      h(
        "div",
        { class: "button-row tr-options" },
        options.map((option, i) =>
          h(
            "button",
            {
              type: "button",
              class: `btn btn-small ${i === this.option % options.length ? "btn-primary" : ""}`,
              "data-move": option.move,
              onmouseenter: () => { this.option = i; this.drawTower(); },
              onfocus: () => { this.option = i; this.drawTower(); },
              onclick: () => this.play(option.move),
            },
            option.kind === "V" ? "▮ " : "▬ ",
            this.optionLabel(option),
          ),
        ),
        h("button", { type: "button", class: "btn btn-small btn-ghost", onclick: () => { this.selected = null; this.render(this.view); } }, t("turris.cancel")),
      ),
    );
  }

  // a piece in words ("couchée en c2–c3, niveau 4"), never its notation
  pieceName(id) {
    const { t } = this.view;
    const piece = (this.view.state.observation.pieces ?? []).find((p) => p.id === id);
    if (!piece) return "";
    if (piece.kind === "V") return t("turris.piece_upright", { cell: piece.cells[0], level: piece.level, top: piece.level + 1 });
    return t("turris.piece_flat", { cells: piece.cells.join("–"), level: piece.level });
  }

  highlightPiece(id) {
    this.highlighted = id;
    this.drawTower();
  }

  play(move) {
    if (!this.view?.canPlay) return;
    this.selected = null;
    this.removing = false;
    this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat: this.view.seat, move } }));
  }

  onKey(e) {
    if (!this.view?.canPlay || e.target !== this.tower) return;
    const cell = this.selected ?? this.hover ?? "b2";
    let { f, r } = cellXY(cell);
    const keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (keys[e.key]) {
      f = Math.max(0, Math.min(2, f + keys[e.key][0]));
      r = Math.max(0, Math.min(2, r + keys[e.key][1]));
      const next = cellName(f, r);
      this.selected = next;
      this.option = 0;
      const options = this.byCell[next] ?? [];
      this.live.textContent = options.length
        ? `${this.view.t("turris.column_choices", { cell: next, k: options.length })} ${this.optionLabel(options[0])}`
        : this.view.t("turris.no_placement", { cell: next });
      this.render(this.view);
    } else if (e.key === " " || e.key === "o" || e.key === "O" || e.key === "v" || e.key === "h") {
      const options = this.byCell[cell] ?? [];
      if (!options.length) return;
      this.selected = cell;
      if (e.key === "v") this.option = Math.max(0, options.findIndex((o) => o.kind === "V"));
      else this.option = (this.option + 1) % options.length;
      this.live.textContent = this.optionLabel(options[this.option % options.length]);
      this.render(this.view);
    } else if (e.key === "Enter") {
      const ghost = this.ghostMove();
      if (ghost) this.play(ghost.move);
    } else if (e.key === "[" || e.key === "]") this.turnBy(e.key === "]" ? 1 : -1);
    else return;
    e.preventDefault();
  }

  // ------------------------------------------------------------ the scored views
  drawScores() {
    const { t, names } = this.view;
    const obs = this.view.state.observation;
    clear(this.scores);
    const totals = obs.totals ?? [0, 0];
    this.scores.append(
      h(
        "h3",
        {},
        t("turris.views_title"),
        " ",
        h("small", { class: "tr-totals" }, names.map((n, p) => [h("span", { class: `mark mark-${p} mark-small`, "aria-hidden": "true" }), ` ${n} `, h("strong", {}, String(totals[p] ?? 0)), "  "])),
      ),
      h("div", { class: "tr-views" }, VIEWS.map((name) => (obs.views?.[name] ? this.viewFigure(name, obs.views[name]) : null))),
    );
    if (this.view.state.terminal) this.scores.append(this.finalTable(obs));
  }

  viewFigure(name, view) {
    const { t, names } = this.view;
    const CELL = 18;
    const rows = Math.max(view.cells.length, 1);
    const cols = 3;
    const inRegion = new Set((view.regions ?? []).flatMap((cells, p) => cells.map(([row, col]) => `${p}:${row},${col}`)));
    const svg = s("svg", { viewBox: `-14 -2 ${cols * CELL + 18} ${rows * CELL + 16}`, class: "tr-view", role: "img", "aria-label": t("turris.view_label", { name: this.viewName(name), a: view.points?.[0] ?? 0, b: view.points?.[1] ?? 0 }) });
    view.cells.forEach((row, ri) => {
      svg.append(s("text", { x: -7, y: ri * CELL + CELL / 2 + 3, class: "coord" }, view.row_labels?.[ri] ?? ""));
      row.forEach((owner, ci) => {
        const x = ci * CELL;
        const y = ri * CELL;
        if (owner == null) {
          svg.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 2, class: "gv-empty" }));
          return;
        }
        const region = inRegion.has(`${owner}:${ri},${ci}`);
        const far = (view.depth?.[ri]?.[ci] ?? 0) > 0;
        const g = s("g", { class: `gv p${owner} ${far ? "behind" : ""} ${region ? "region" : ""}` });
        g.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 2, class: "body" }));
        if (owner === 0) g.append(s("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 3.5, class: "mark-ring" }));
        else g.append(s("rect", { x: x + CELL / 2 - 3, y: y + CELL / 2 - 3, width: 6, height: 6, class: "mark-square", transform: `rotate(45 ${x + CELL / 2} ${y + CELL / 2})` }));
        svg.append(g);
      });
    });
    (view.column_labels ?? []).forEach((label, ci) => svg.append(s("text", { x: ci * CELL + CELL / 2, y: rows * CELL + 11, class: "coord" }, label)));
    return h(
      "figure",
      { class: "tr-view-figure", "data-view": name },
      svg,
      h(
        "figcaption",
        {},
        h("strong", {}, this.viewName(name)),
        h(
          "small",
          { class: "tr-view-points" },
          names.map((n, p) => h("span", { title: n }, h("span", { class: `mark mark-${p} mark-small`, "aria-hidden": "true" }), ` ${view.points?.[p] ?? 0}`)),
        ),
      ),
    );
  }

  viewName(name) {
    return name === "roof" ? this.view.t("turris.roof") : this.view.t("turris.face", { name });
  }

  finalTable(obs) {
    const { t, names } = this.view;
    return h(
      "table",
      { class: "tr-final" },
      h("caption", {}, t("turris.final_title")),
      // short headings (A…D, roof) so that the table fits a phone
      h("thead", {}, h("tr", {}, h("th", {}, ""), VIEWS.map((v) => h("th", { title: this.viewName(v) }, v === "roof" ? t("turris.roof") : v)), h("th", {}, t("turris.total")))),
      h(
        "tbody",
        {},
        names.map((name, p) =>
          h(
            "tr",
            { "data-seat": p },
            h("th", {}, h("span", { class: `mark mark-${p} mark-small`, "aria-hidden": "true" }), ` ${name}`),
            VIEWS.map((v) => h("td", {}, String(obs.views?.[v]?.points?.[p] ?? 0))),
            h("td", { class: "total" }, String(obs.totals?.[p] ?? 0)),
          ),
        ),
      ),
    );
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, TurrisBoard);
