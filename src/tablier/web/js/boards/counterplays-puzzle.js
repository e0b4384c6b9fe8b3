// `/?puzzle=counterplays:rhombus`: a solo puzzle played by hand on the Counterplays board,
// with the solver as a hint and as a whole solution. The server checks every position.

import { clear, h } from "../dom.js";
import { TAG } from "./counterplays-board.js";

const BASE = "/api/games/counterplays/puzzles";

async function post(path, moves) {
  const response = await fetch(`${BASE}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ moves }),
  });
  const body = await response.json();
  if (!response.ok) throw Object.assign(new Error(body.error ?? response.statusText), { status: response.status });
  return body;
}

export async function mount(main, ctx, params) {
  const name = (params.get("puzzle") ?? "").split(":")[1] || "rhombus";
  await ctx.gameList();
  const game = ctx.describe("counterplays") ?? { id: "counterplays", board: true };
  await ctx.useBoardMessages(game);
  const board = document.createElement(TAG);
  let moves = [];
  let state = null;
  let note = "";
  const root = h("section", { class: "play puzzle", "data-puzzle": name });
  const status = h("div", { class: "banner", role: "status", "aria-live": "polite" });
  const tools = h("div", { class: "button-row puzzle-tools" });
  main.append(root);
  root.append(h("div", { class: "play-title" }, h("h1", {}, ctx.t(`counterplays.puzzle.${name}.title`))), h("p", { class: "help" }, ctx.t(`counterplays.puzzle.${name}.goal`)), status, tools, h("div", { class: "board-wrap" }, board));

  async function refresh() {
    try {
      state = await post(`${name}/state`, moves);
    } catch (err) {
      note = err.message;
      moves = moves.slice(0, -1);
      state = await post(`${name}/state`, moves);
    }
    draw();
  }

  function draw() {
    const { t } = ctx;
    // the position, readable by a person's tools (and the browser tests) as notation
    root.dataset.moves = JSON.stringify(moves);
    const solved = state?.solved;
    status.textContent = note || (solved ? t("counterplays.puzzle.solved") : t("counterplays.puzzle.left", { n: 12 - moves.length }));
    status.className = `banner ${solved ? "banner-over banner-win" : "banner-turn"}`;
    const act = (action, label, fn, disabled = false) => h("button", { type: "button", class: "btn btn-small", "data-action": action, disabled, onclick: fn }, label);
    clear(tools).append(
      act("hint", t("counterplays.puzzle.hint"), async () => {
        try {
          const { move } = await post(`${name}/hint`, moves);
          note = t("counterplays.puzzle.hinted", { move: move.split(":")[0] });
          if (move) moves = [...moves, move];
        } catch (err) {
          note = err.message;
        }
        await refresh();
      }, solved),
      act("solution", t("counterplays.puzzle.solution"), async () => {
        try {
          const answer = await post(`${name}/solution`, moves);
          moves = [...moves, ...answer.moves];
          note = "";
        } catch (err) {
          note = err.message;
        }
        await refresh();
      }, solved),
      act("undo", t("counterplays.puzzle.undo"), async () => { moves = moves.slice(0, -1); note = ""; await refresh(); }, !moves.length),
      act("restart", t("counterplays.puzzle.restart"), async () => { moves = []; note = ""; await refresh(); }, !moves.length),
    );
    if (!state) return;
    board.render({
      t,
      lang: ctx.lang,
      solo: true,
      state: { observation: state.observation, legal_moves: solved ? [] : state.legal_moves, awaited: [0], moves: moves.map((m) => [0, m]), move_count: moves.length, terminal: false, outcome: null },
      seat: 0,
      mine: [0],
      hidden: false,
      canPlay: !solved,
      flip: false,
      names: [t("counterplays.puzzle.you")],
      game,
    });
  }

  board.addEventListener("play-move", async (e) => {
    note = "";
    moves = [...moves, e.detail.move];
    await refresh();
  });
  await refresh();
  return { relabel: draw };
}
