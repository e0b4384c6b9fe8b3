// "Play by notation": a move typed as text, for keyboard users and those who know it.

import { h } from "../../dom.js";
import { actingSeat } from "../../protocol.js";

export function notationForm(view, seat) {
  const { ctx, game } = view;
  const { t } = ctx;
  const input = h("input", {
    name: "move",
    autocomplete: "off",
    spellcheck: "false",
    id: "notation",
    placeholder: t.has(`${game.id}.notation_placeholder`) ? t(`${game.id}.notation_placeholder`) : t("play.notation_placeholder"),
  });
  const submit = (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const model = view.model;
    const who = actingSeat(model) ?? seat ?? model.mySeats[0];
    view.play(who, text);
    input.value = "";
  };
  return h(
    "form",
    { class: "panel notation", onsubmit: submit },
    h("label", { for: "notation" }, t("play.notation")),
    h("div", { class: "copy-row" }, input, h("button", { type: "submit", class: "btn btn-small" }, t("play.send"))),
  );
}
