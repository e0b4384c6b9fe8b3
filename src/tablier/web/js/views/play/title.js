// The title above the board: the game, its chosen options, rated or not, the connection.

import { clear, h } from "../../dom.js";
import { valueLabel } from "../../options.js";
import { pick } from "../../i18n.js";

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
