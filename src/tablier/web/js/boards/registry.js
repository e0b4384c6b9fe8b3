// Which element draws a game. A game with its own look declares its board file in its
// web manifest, and the server gives the file's address in the game's description
// (`web_urls.board`: under /js/boards/ for the built-in games, under /games/<id>/web/
// for a game shipping its own files); every other game is drawn by the generic board.
// Play and replay pages both ask here, so a board is registered once and the pages
// never name a game.

const modules = new Map();

/** The board module's address: the declared one, else the generic board's. */
export function boardModule(game) {
  return game?.web_urls?.board ?? new URL("./generic-board.js", import.meta.url).href;
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
