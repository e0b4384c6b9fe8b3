// The diagrams of a rules page: each ```diagram <game>``` block holds an example position
// (options and moves, docs/rules); the server replays it (POST /api/preview) and the
// game's own board draws it, read-only, with the look of a real game.

import { createBoard } from "./boards/registry.js";
import { h } from "./dom.js";
import { seatColour } from "./views/names.js";

/** The example of one block: its JSON, or null when it cannot be read. */
export function readSpec(code) {
  try {
    const spec = JSON.parse(code.textContent);
    return spec && typeof spec === "object" && !Array.isArray(spec) ? spec : null;
  } catch {
    return null;
  }
}

/** Draw one block in place; a block that cannot be drawn says so in words. */
async function drawOne(code, ctx, describe) {
  const pre = code.closest("pre") ?? code;
  const gameId = code.dataset.info;
  const spec = readSpec(code);
  const game = describe(gameId);
  const figure = h("figure", { class: "rules-diagram", "data-game": gameId ?? "" });
  if (spec?.show) figure.dataset.show = spec.show;
  pre.replaceWith(figure);
  if (!spec || !game) {
    figure.append(h("p", { class: "empty rules-diagram-missing" }, ctx.t("rules.diagram_missing")));
    return;
  }
  try {
    const state = await ctx.api.preview({
      game: gameId,
      options: spec.options ?? {},
      moves: spec.moves ?? [],
      seed: spec.seed ?? 1,
      players: spec.players ?? null,
    });
    const board = await createBoard(game);
    // nothing on a diagram is for clicking: it is a picture of a position (a board may
    // set its own classes, so the frame is a wrapper of ours)
    figure.append(h("div", { class: "rules-board", inert: true }, board));
    const players = state.observation?.num_players ?? 2;
    const names = Array.from({ length: players }, (_, i) => seatColour(ctx.t, game, i));
    board.render({
      t: ctx.t,
      lang: ctx.lang,
      state: { ...state, room: null, game_number: 1 },
      seat: null,
      mine: [],
      canPlay: false,
      flip: Boolean(spec.flip),
      names,
      game,
    });
    if (spec.highlight) board.highlight?.(spec.highlight);
  } catch (err) {
    figure.replaceChildren(h("p", { class: "empty rules-diagram-missing" }, ctx.t("rules.diagram_missing")));
    console.warn("rules diagram", gameId, err);
  }
}

/** Draw every diagram block under `root`, all at once, once the boards' words are in. */
export async function drawDiagrams(root, ctx, describe) {
  const blocks = [...root.querySelectorAll("code.language-diagram")];
  // one game at a time: a second call for a game returns before its words are loaded
  for (const id of new Set(blocks.map((code) => code.dataset.info))) {
    const game = describe(id);
    if (game) await ctx.useBoardMessages(game);
  }
  await Promise.all(blocks.map((code) => drawOne(code, ctx, describe)));
}
