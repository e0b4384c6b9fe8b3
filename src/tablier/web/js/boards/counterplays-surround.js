// Counterplays' surround puzzle (`/?puzzle=counterplays:surround`): one black tile lies
// on the table; surround it with as few white tiles as you can, then close the white
// group in with black tiles. Every tile lies flat (level 1), rule d) set aside. The
// server checks each tile and compares with the solver's minimum.

import { clear, h } from "../dom.js";
import { GAME, drawFrame, frame, oneAtATime, post, tool } from "./counterplays-puzzle-kit.js";
import { createBoard } from "./registry.js";

const NAME = "surround";
const LETTERS = [..."COUNTERPLAYS"];

export async function mount(main, ctx) {
  await ctx.gameList();
  const game = ctx.describe(GAME) ?? { id: GAME, name: "Counterplays", board: true };
  await ctx.useBoardMessages(game);
  const board = await createBoard(game);
  const picker = h("select", { id: "surround-letter", onchange: () => { letter = picker.value; whites = []; blacks = []; note = ""; refresh(); } }, LETTERS.map((l) => h("option", { value: l, selected: l === "O" }, l)));
  const label = h("label", { for: "surround-letter" });
  const choose = h("p", { class: "field field-line puzzle-letter" }, label, picker);
  const parts = frame(main, board, [choose]);
  let letter = "O";
  let whites = [];
  let blacks = [];
  let current = null;
  let note = "";
  const runner = oneAtATime(ctx, () => draw());
  const body = () => ({ letter, whites, blacks });

  async function refresh() {
    try {
      current = await post(`/api/puzzles/${NAME}/position`, body());
    } catch (err) {
      if (blacks.length) blacks = blacks.slice(0, -1);
      else whites = whites.slice(0, -1);
      ctx.toast(err.body?.message?.text?.[ctx.lang] ?? err.message, "error");
      current = await post(`/api/puzzles/${NAME}/position`, body());
    }
    draw();
  }


  const lay = (move) => {
    if (current?.surrounded) blacks = [...blacks, move];
    else whites = [...whites, move];
  };

  board.addEventListener("play-move", (e) => {
    note = "";
    lay(e.detail.move);
    refresh();
  });

  const hint = () =>
    runner.act(async () => {
      const answer = await post(`/api/puzzles/${NAME}/hint`, body());
      if (answer.move) {
        lay(answer.move);
        note = ctx.t("counterplays.puzzle.surround_hinted", { letter: answer.move[0] });
        await refresh();
      } else note = ctx.t(answer.gave_up ? "counterplays.puzzle.surround_gave_up" : "counterplays.puzzle.surround_dead_end");
    });

  const solve = () =>
    runner.act(async () => {
      const answer = await post(`/api/puzzles/${NAME}/solution`, body());
      whites = answer.whites;
      blacks = answer.blacks;
      note = ctx.t(`counterplays.puzzle.follow_up_${answer.follow_up}`);
      await refresh();
    });

  function undo() {
    if (blacks.length) blacks = blacks.slice(0, -1);
    else whites = whites.slice(0, -1);
    note = "";
    refresh();
  }

  function statusText() {
    const { t } = ctx;
    if (!current) return "";
    const p = { letter, n: current.whites, m: current.blacks, min: current.minimum, open: current.open };
    if (current.closed) return t("counterplays.puzzle.surround_closed", p);
    if (current.surrounded) {
      const verdict = current.whites <= current.minimum ? t("counterplays.puzzle.surround_minimal", p) : t("counterplays.puzzle.surround_more", p);
      return `${verdict} ${t("counterplays.puzzle.surround_part2", p)}`;
    }
    return t("counterplays.puzzle.surround_part1", p);
  }

  function draw() {
    const { t } = ctx;
    drawFrame(parts, ctx, game, NAME);
    label.textContent = t("counterplays.puzzle.surround_letter");
    picker.disabled = runner.busy;
    parts.why.hidden = true;
    const done = Boolean(current?.closed);
    const good = done || Boolean(current?.surrounded && current.whites <= current.minimum);
    parts.status.className = `banner${good ? " banner-win" : ""}`;
    parts.status.textContent = [statusText(), note].filter(Boolean).join(" ");
    const laid = whites.length + blacks.length;
    clear(parts.tools).append(
      tool("hint", t("counterplays.puzzle.hint"), hint, { disabled: runner.busy || done, primary: true }),
      tool("undo", t("counterplays.puzzle.undo"), undo, { disabled: runner.busy || !laid }),
      tool("restart", t("counterplays.puzzle.restart"), () => { whites = []; blacks = []; note = ""; refresh(); }, { disabled: runner.busy || !laid }),
      tool("solution", t("counterplays.puzzle.show_solution"), solve, { disabled: runner.busy, ghost: true }),
    );
    if (!current) return;
    const seat = current.seat;
    board.render({
      t,
      lang: ctx.lang,
      state: { observation: current.observation, legal_moves: current.legal_moves, awaited: done ? [] : [seat], moves: [], move_count: laid, terminal: done, outcome: null },
      seat,
      mine: [seat],
      hidden: false,
      canPlay: !done && !runner.busy && current.legal_moves.length > 0,
      flip: false,
      names: [t("counterplays.puzzle.colour_0"), t("counterplays.puzzle.colour_1")],
      game,
    });
  }

  await refresh();
  return { relabel: draw };
}
