// Counterplays' solo tiling puzzles (`/?puzzle=counterplays:rhombus`, `…:triangle`), played
// with the game's own board: the server checks each position and gives its legal
// placements, a hint (the next tile of a tiling) or a whole solution.

import { clear, h } from "../dom.js";
import { GAME, NAMES, drawFrame, frame, oneAtATime, post, tool } from "./counterplays-puzzle-kit.js";
import { createBoard } from "./registry.js";

const TILINGS = ["rhombus", "triangle"];
// the puzzles with rules of their own have their own page module
const OWN_PAGES = { level6: "./counterplays-stack.js", surround: "./counterplays-surround.js" };

export async function mount(main, ctx, params) {
  // `/?puzzle=counterplays:<name>` (the page is found by the game's id before the colon)
  const asked = (params.get("puzzle") ?? "").split(":").pop();
  const name = NAMES.includes(asked) ? asked : TILINGS[0];
  if (OWN_PAGES[name]) return (await import(OWN_PAGES[name])).mount(main, ctx);
  await ctx.gameList();
  const game = ctx.describe(GAME) ?? { id: GAME, name: "Counterplays", board: true };
  await ctx.useBoardMessages(game);
  const board = await createBoard(game);
  let tiles = [];
  let current = null;
  let note = "";
  const runner = oneAtATime(ctx, () => draw());

  const elements = frame(main, board);

  const say = (key, p) => {
    note = ctx.t(key, p);
    draw();
  };

  async function refresh() {
    try {
      current = await post(`/api/puzzles/${name}/position`, { tiles });
    } catch (err) {
      // a refused tile (it should not happen: only legal placements are offered)
      tiles.pop();
      ctx.toast(err.body?.message?.text?.[ctx.lang] ?? err.message, "error");
      current = await post(`/api/puzzles/${name}/position`, { tiles });
    }
    draw();
  }


  board.addEventListener("play-move", (e) => {
    note = "";
    tiles = [...tiles, e.detail.move];
    refresh();
  });

  const hint = () =>
    runner.act(async () => {
      const answer = await post(`/api/puzzles/${name}/hint`, { tiles });
      if (answer.move) {
        tiles = [...tiles, answer.move];
        note = ctx.t("counterplays.puzzle.hinted", { letter: answer.move[0] });
        await refresh();
      } else if (answer.obstacle) say("counterplays.puzzle.no_tiling");
      else say(answer.gave_up ? "counterplays.puzzle.gave_up" : "counterplays.puzzle.dead_end");
    });

  const solve = () =>
    runner.act(async () => {
      const answer = await post(`/api/puzzles/${name}/solution`, { tiles });
      if (!answer.tiles) {
        say(answer.gave_up ? "counterplays.puzzle.gave_up" : "counterplays.puzzle.no_tiling");
        return;
      }
      tiles = answer.tiles;
      note = answer.kept ? ctx.t("counterplays.puzzle.shown", { n: answer.kept }) : ctx.t("counterplays.puzzle.shown_fresh");
      await refresh();
    });

  function draw() {
    const { t } = ctx;
    drawFrame(elements, ctx, game, name);
    const obs = current?.observation;
    const obstacle = obs?.obstacle;
    clear(elements.why);
    elements.why.hidden = !obstacle;
    if (obstacle) {
      elements.why.append(
        h("strong", {}, t("counterplays.puzzle.impossible")),
        " ",
        obstacle.reason === "area" ? t("counterplays.puzzle.why_area", { area: obstacle.area, needed: obstacle.needed }) : t("counterplays.puzzle.why_colour", { ups: obstacle.ups, downs: obstacle.downs }),
      );
    }
    const laid = obs?.tiles.length ?? 0;
    const solved = Boolean(obs?.solved);
    elements.status.className = `banner${solved ? " banner-win" : ""}`;
    elements.status.textContent = solved ? t("counterplays.puzzle.solved") : note || t("counterplays.puzzle.progress", { n: laid });
    if (solved && note) elements.status.textContent = `${t("counterplays.puzzle.solved")} ${note}`;
    clear(elements.tools).append(
      tool("hint", t("counterplays.puzzle.hint"), hint, { disabled: runner.busy || solved || Boolean(obstacle), primary: true }),
      tool("undo", t("counterplays.puzzle.undo"), () => { tiles = tiles.slice(0, -1); note = ""; refresh(); }, { disabled: runner.busy || !laid }),
      tool("restart", t("counterplays.puzzle.restart"), () => { tiles = []; note = ""; refresh(); }, { disabled: runner.busy || !laid }),
      tool("solution", t("counterplays.puzzle.show_solution"), solve, { disabled: runner.busy || solved || Boolean(obstacle), ghost: true }),
    );
    if (!current) return;
    board.render({
      t,
      lang: ctx.lang,
      state: { observation: obs, legal_moves: current.legal_moves, awaited: [0], moves: [], move_count: laid, terminal: solved, outcome: null },
      seat: 0,
      mine: [0],
      hidden: false,
      canPlay: !solved && !runner.busy && current.legal_moves.length > 0,
      flip: false,
      names: [t("counterplays.puzzle.you")],
      game,
    });
  }

  await refresh();
  return { relabel: draw };
}
