// Counterplays' level-6 puzzle (`/?puzzle=counterplays:level6`): one person lays both
// colours in turn, White first, every move a legal move of the real game (rule d
// included), and tries to lift a tile to level 6. The server replays the moves through
// the engine; a hint or a solution comes from the beam-search solver.

import { clear } from "../dom.js";
import { GAME, drawFrame, frame, oneAtATime, post, tool } from "./counterplays-puzzle-kit.js";
import { createBoard } from "./registry.js";

const NAME = "level6";

export async function mount(main, ctx) {
  await ctx.gameList();
  const game = ctx.describe(GAME) ?? { id: GAME, name: "Counterplays", board: true };
  await ctx.useBoardMessages(game);
  const board = await createBoard(game);
  const parts = frame(main, board);
  let moves = [];
  let current = null;
  let note = "";
  const runner = oneAtATime(ctx, () => draw());

  async function refresh() {
    try {
      current = await post(`/api/puzzles/${NAME}/position`, { moves });
    } catch (err) {
      moves = moves.slice(0, -1);
      ctx.toast(err.body?.message?.text?.[ctx.lang] ?? err.message, "error");
      current = await post(`/api/puzzles/${NAME}/position`, { moves });
    }
    draw();
  }


  board.addEventListener("play-move", (e) => {
    note = "";
    moves = [...moves, e.detail.move];
    refresh();
  });

  const hint = () =>
    runner.act(async () => {
      note = ctx.t("counterplays.puzzle.searching");
      draw();
      const answer = await post(`/api/puzzles/${NAME}/hint`, { moves });
      if (answer.move) {
        moves = [...moves, answer.move];
        note = ctx.t("counterplays.puzzle.stack_hinted", { letter: answer.move[0] });
        await refresh();
      } else note = ctx.t(answer.gave_up ? "counterplays.puzzle.stack_no_line" : "counterplays.puzzle.stack_dead_end");
    });

  const solve = () =>
    runner.act(async () => {
      note = ctx.t("counterplays.puzzle.searching");
      draw();
      const answer = await post(`/api/puzzles/${NAME}/solution`, { moves });
      if (!answer.moves) {
        note = ctx.t("counterplays.puzzle.stack_no_line");
        return;
      }
      moves = answer.moves;
      note = answer.kept ? ctx.t("counterplays.puzzle.stack_shown", { n: answer.kept }) : ctx.t("counterplays.puzzle.stack_shown_fresh");
      await refresh();
    });

  function statusText() {
    const { t } = ctx;
    if (!current) return "";
    const colour = t(`counterplays.puzzle.colour_${current.seat ?? 0}`);
    if (current.solved) return t("counterplays.puzzle.stack_solved", { n: moves.length });
    if (current.over) return t("counterplays.puzzle.stack_over", { level: current.top_level });
    return t("counterplays.puzzle.stack_progress", { level: current.top_level, target: current.target, colour });
  }

  function draw() {
    const { t } = ctx;
    drawFrame(parts, ctx, game, NAME);
    parts.why.hidden = true;
    const solved = Boolean(current?.solved);
    parts.status.className = `banner${solved ? " banner-win" : ""}`;
    parts.status.textContent = [statusText(), note].filter(Boolean).join(" ");
    const finished = solved || Boolean(current?.over);
    clear(parts.tools).append(
      tool("hint", t("counterplays.puzzle.hint"), hint, { disabled: runner.busy || finished, primary: true }),
      tool("undo", t("counterplays.puzzle.undo"), () => { moves = moves.slice(0, -1); note = ""; refresh(); }, { disabled: runner.busy || !moves.length }),
      tool("restart", t("counterplays.puzzle.restart"), () => { moves = []; note = ""; refresh(); }, { disabled: runner.busy || !moves.length }),
      tool("solution", t("counterplays.puzzle.show_solution"), solve, { disabled: runner.busy || solved, ghost: true }),
    );
    if (!current) return;
    const seat = current.seat ?? 0;
    board.render({
      t,
      lang: ctx.lang,
      state: { observation: current.observation, legal_moves: current.legal_moves, awaited: finished ? [] : [seat], moves: [], move_count: moves.length, terminal: finished, outcome: null },
      seat,
      mine: [0, 1],
      hidden: false,
      canPlay: !finished && !runner.busy && current.legal_moves.length > 0,
      flip: false,
      names: [t("counterplays.puzzle.colour_0"), t("counterplays.puzzle.colour_1")],
      game,
    });
  }

  await refresh();
  return { relabel: draw };
}
