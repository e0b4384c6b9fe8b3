// Which element draws a game. A game with its own look has `js/boards/<id>-board.js`
// (the server says so in the game's description: `board: true`); every other game is
// drawn by the generic board. Play and replay pages both ask here, so a board is
// registered once and the pages never name a game.

const modules = new Map();

/** The board module's address, relative to this file. */
export function boardModule(game) {
  return game?.board ? `./${game.id}-board.js` : "./generic-board.js";
}

/** The board module of a game (loaded once). */
export function loadBoard(game) {
  const url = boardModule(game);
  if (!modules.has(url)) modules.set(url, import(url));
  return modules.get(url);
}

/** A new board element for a game. */
export async function createBoard(game) {
  const module = await loadBoard(game);
  return document.createElement(module.TAG);
}
