// <generic-board>: any game, as its observation's fields and a list of legal moves.

import { clear, h } from "../dom.js";

export const TAG = "generic-board";
const BASE = new Set(["game", "options", "num_players", "viewer", "awaited", "moves", "terminal", "returns", "outcome"]);

function show(value) {
  if (value == null) return "—";
  if (typeof value !== "object") return String(value);
  const text = JSON.stringify(value);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
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
    this.append(
      h("p", { class: "help" }, t("generic.note")),
      h("dl", { class: "obs" }, fields.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, h("code", {}, show(v)))])),
    );
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
                onclick: () => this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat, move } })),
              },
              move,
            ),
          ),
        ),
      );
    }
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, GenericBoard);
