// What sits above the board: the title (the game, its chosen options, rated or not, the
// connection), the banner (whose turn or the result), a refusal, a notice (a new game, a
// hint, a void deal to look at) and the last move in words.

import { clear, h } from "../../dom.js";
import { valueLabel } from "../../options.js";
import { pick } from "../../i18n.js";
import { actingSeat, resultFor } from "../../protocol.js";
import { outcomeText } from "../names.js";

export function drawTitle(view) {
  const { ctx, game, status, model, connection } = view;
  const { t } = ctx;
  // options chosen away from their default (a variant, a rule) show as chips
  const chosen = (game.options ?? []).filter((o) => o.choices && status.options?.[o.name] != null && status.options[o.name] !== o.default);
  clear(view.elements.title).append(
    ...[
      h(
        "h1",
        {},
        game.name,
        chosen.map((o) => h("span", { class: "chip", title: pick(o.label, ctx.lang) || o.name }, valueLabel(o, status.options[o.name], ctx.lang))),
        // a rated game says so: its result moves the players' ratings
        status.rated ? h("span", { class: "chip", "data-role": "rated-chip", title: t("rated.rated_help") }, t("rated.chip")) : null,
      ),
      // "online" matters when someone else plays from elsewhere (or we only watch); a
      // game on this device alone, or against the computer, shows only a lost connection
      (connection !== "open" || model.spectator || view.seatsOf().some((s) => s.kind === "human" && !model.mySeats.includes(s.seat))) &&
        h(
          "span",
          { class: `conn conn-${connection}`, title: t(`play.conn_${connection}`) },
          h("span", { class: "dot", "aria-hidden": "true" }),
          t(`play.conn_${connection}`),
        ),
      model.spectator ? h("span", { class: "chip chip-watch" }, t("play.spectator")) : null,
    ].filter(Boolean),
  );
}

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

