// A phone shows a part of the page at a time: when the player must decide, the board's
// decision (its choices, its tray...) comes on screen, and at the end the result does,
// once each, so that a player who scrolls away to look is left there.

/** Returns `bringIntoView(state, myTurn)`, called after each drawing on a narrow screen. */
export function phoneScroller(view) {
  let broughtIntoView = null; // the turn (or the end) last brought on screen
  return (state, myTurn) => {
    const key = state.terminal ? `end/${state.game_number}` : myTurn ? `turn/${state.game_number}/${state.move_count}` : null;
    if (key == null || key === broughtIntoView) return;
    broughtIntoView = key;
    let left = null; // where this bringing left the page: another place means the player scrolled
    const show = () => {
      if (broughtIntoView !== key || (left != null && scrollY !== left)) return;
      const target = state.terminal ? view.elements.banner : view.board.decision?.();
      if (!target?.isConnected) return;
      const box = target.getBoundingClientRect();
      // the sticky header covers the page's top (the page's scroll padding says how much)
      const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      if (box.top < covered || box.bottom > innerHeight) target.scrollIntoView({ block: box.height > innerHeight || state.terminal ? "start" : "nearest" });
      left = scrollY;
    };
    requestAnimationFrame(show);
    // once more when a board's own styles, linked on its first drawing, have laid it out
    setTimeout(show, 700);
  };
}
