// <trio-board>: Trio's squares as buttons, the game's own board shipped in its own
// package (the server serves this folder at /games/trio/web/). A click on a square the
// seat may mark sends that square as the move; the server says what is legal.

export const TAG = "trio-board";
const MARKS = ["✕", "◯"];
const STYLES = new URL("./trio-board.css", import.meta.url).href;

if (!document.querySelector(`link[href="${STYLES}"]`)) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: STYLES }));
}

class TrioBoard extends HTMLElement {
  constructor() {
    super();
    this.canFlip = false;
  }

  render({ t, state, seat, canPlay, names }) {
    const { size, board } = state.observation;
    const legal = new Set(canPlay ? state.legal_moves : []);
    const grid = document.createElement("div");
    grid.className = "trio-grid";
    grid.style.setProperty("--trio-size", size);
    // the first row at the bottom, as the notation counts them
    for (let row = size - 1; row >= 0; row -= 1) {
      for (let column = 0; column < size; column += 1) {
        grid.append(this.square(t, String.fromCharCode(97 + column) + (row + 1), board[row][column], legal, seat, names));
      }
    }
    this.replaceChildren(grid);
  }

  square(t, square, mark, legal, seat, names) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "trio-square";
    button.dataset.square = square;
    button.textContent = mark == null ? "" : MARKS[mark];
    const label = mark == null ? t("trio.empty", { square }) : t("trio.marked", { square, name: names?.[mark] ?? MARKS[mark] });
    button.setAttribute("aria-label", label);
    button.title = label;
    button.disabled = !legal.has(square);
    button.addEventListener("click", () => {
      this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat, move: square } }));
    });
    return button;
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, TrioBoard);
