// <generic-board>: a game without a board of its own, as its observation's fields and a
// list of legal moves. It draws nothing particular to any game.

import { clear, h } from "../dom.js";

export const TAG = "generic-board";
const BASE = new Set(["game", "options", "num_players", "viewer", "awaited", "moves", "terminal", "returns", "outcome"]);

function show(value) {
  if (value == null) return h("code", {}, "—");
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (text.length <= 90) return h("code", {}, text);
  // long structures stay folded so the moves remain in sight
  return h("details", {}, h("summary", {}, h("code", {}, `${text.slice(0, 70)}…`)), h("code", {}, text));
}

class GenericBoard extends HTMLElement {
  constructor() {
    super();
    this.canFlip = false;
  }

  render(view) {
    const { t, state, canPlay, seat } = view;
    const obs = state.observation;
    clear(this);
    const fields = Object.entries(obs).filter(([k]) => !BASE.has(k));
    this.append(h("p", { class: "help" }, t("generic.note")));
    if (canPlay) {
      this.append(
        h("h3", {}, t("generic.moves", { n: state.legal_moves.length })),
        h(
          "div",
          { class: "generic-moves" },
          state.legal_moves.slice(0, 300).map((move) =>
            h(
              "button",
              {
                type: "button",
                class: "btn btn-small",
                "data-move": move,
                onclick: () => {
                  // a text move (answer:<text>) is a template: fill it in by hand first
                  const input = document.getElementById("notation");
                  if (/<[^>]+>/.test(move) && input) {
                    input.value = move.replace(/<[^>]+>/, "");
                    input.focus();
                    return;
                  }
                  this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat, move } }));
                },
              },
              move,
            ),
          ),
        ),
      );
    }
    this.append(h("dl", { class: "obs" }, fields.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, show(v))])));
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, GenericBoard);
