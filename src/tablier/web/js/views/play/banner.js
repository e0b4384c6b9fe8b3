// The lines above the board: whose turn or the result, a refusal, a notice (a new game,
// a hint, a void deal to look at) and the last move in words.

import { clear, h } from "../../dom.js";
import { actingSeat, resultFor } from "../../protocol.js";
import { outcomeText } from "../names.js";

function statusLine(view, state, seat) {
  const { ctx, model, board } = view;
  const { t } = ctx;
  if (!state) return t("play.loading");
  const list = view.names();
  if (state.terminal) return outcomeText(t, state.outcome, (i) => list[i]);
  const acting = actingSeat(model);
  if (acting != null) {
    return model.mySeats.length > 1 ? t("play.turn_of", { name: list[acting] }) : t("play.your_turn");
  }
  const own = board.statusText?.({ t, state, seat });
  if (own) return own;
  const waiting = state.awaited.map((i) => list[i]).join(", ");
  return waiting ? t("play.waiting_for", { names: waiting }) : "";
}

/** The banner says whose turn it is, or the result in the colour of the seat's outcome. */
export function drawBanner(view, state, seat) {
  const banner = view.elements.banner;
  banner.textContent = statusLine(view, state, seat);
  banner.className = `banner ${state?.terminal ? `banner-over banner-${resultFor(state.outcome, seat) ?? "neutral"}` : actingSeat(view.model) != null ? "banner-turn" : ""}`;
}

/** The refusal and the notice; `held`: a void deal kept on screen until looked at. */
export function drawNotice(view, held) {
  const { elements } = view;
  elements.error.textContent = view.errorText;
  clear(elements.notice).append(view.noticeText);
  if (held) {
    elements.notice.append(
      " ",
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small btn-primary",
          "data-action": "new-deal",
          onclick: () => {
            view.voidSeen = view.model.gameNumber;
            view.draw();
          },
        },
        view.ctx.t("play.see_new_deal"),
      ),
    );
  }
  elements.notice.hidden = !view.noticeText && !held;
}

/** What was just played, in words: a newcomer sees the computer's move said. */
export function drawLastMove(view, state) {
  const { ctx, elements } = view;
  const last = (state?.moves ?? []).length - 1;
  const lastWords = last >= 0 && !view.params.get("party") ? state.words?.[last]?.[ctx.lang] : null;
  elements.lastMove.textContent = lastWords ? ctx.t("play.last_move", { name: view.names()[state.moves[last][0]] ?? "", words: lastWords }) : "";
  elements.lastMove.hidden = !lastWords;
}

