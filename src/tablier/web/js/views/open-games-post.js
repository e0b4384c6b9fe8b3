// "Proposer une partie": the dialog that posts a challenge (game, options, clock, rated or
// not, a rating range). Loaded when first opened; the live list shows the result.

import { clear, h } from "../dom.js";
import { CLOCKS, optionControl, readOptions } from "./lobby.js";
import { call, refusal, twoPlayerGames } from "./open-games.js";

export function postDialog(ctx) {
  const { t } = ctx;
  const games = twoPlayerGames(ctx);
  const dialog = h("dialog", { class: "create open-dialog", "aria-labelledby": "open-post-title" });
  const optionsBox = h("div", { class: "open-options" });
  const gameSelect = h("select", { id: "open-game", name: "game" }, games.map((g) => h("option", { value: g.id, selected: g.id === "kwinty" }, g.name)));
  const drawOptions = () => {
    const game = ctx.describe(gameSelect.value);
    clear(optionsBox);
    if (game?.options.length) optionsBox.append(h("details", { class: "variants" }, h("summary", {}, t("create.options")), game.options.map((o) => optionControl(game, o, ctx))));
  };
  gameSelect.addEventListener("change", drawOptions);
  const form = h(
    "form",
    { method: "dialog", class: "create-form" },
    h("h2", { id: "open-post-title" }, t("open.post_title")),
    h("div", { class: "field field-line" }, h("label", { for: "open-game" }, t("open.game")), gameSelect),
    optionsBox,
    h(
      "div",
      { class: "field field-line" },
      h("label", { for: "open-clock" }, t("create.clock")),
      h("select", { id: "open-clock", name: "clock" }, Object.keys(CLOCKS).map((k) => h("option", { value: k, selected: k === "rapid" }, t(`create.clock_${k}`)))),
    ),
    h(
      "fieldset",
      { class: "opponents" },
      h("legend", {}, t("open.kind")),
      [["rated", t("open.rated"), t("open.rated_help")], ["casual", t("open.casual"), t("open.casual_help")]].map(([value, label, help]) =>
        h("label", { class: "choice" }, h("input", { type: "radio", name: "kind", value, checked: value === "rated" }), h("span", { class: "choice-text" }, h("strong", {}, label), h("small", {}, help))),
      ),
    ),
    h(
      "div",
      { class: "field field-line" },
      h("label", { for: "open-min" }, t("open.range_label")),
      h(
        "span",
        { class: "open-range-inputs" },
        h("input", { id: "open-min", name: "min", type: "number", inputmode: "numeric", min: 0, max: 4000, step: 50, placeholder: t("open.range_min"), "aria-label": t("open.range_min") }),
        h("input", { id: "open-max", name: "max", type: "number", inputmode: "numeric", min: 0, max: 4000, step: 50, placeholder: t("open.range_max"), "aria-label": t("open.range_max") }),
      ),
      h("p", { class: "help" }, t("open.range_help")),
    ),
    h("p", { class: "form-error", role: "alert" }),
    h(
      "div",
      { class: "dialog-buttons" },
      h("button", { type: "button", class: "btn btn-ghost", onclick: () => dialog.close() }, t("common.cancel")),
      h("button", { type: "submit", class: "btn btn-primary", value: "post" }, t("open.post_submit")),
    ),
  );
  drawOptions();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const errorBox = form.querySelector(".form-error");
    errorBox.textContent = "";
    const game = ctx.describe(gameSelect.value);
    const clock = CLOCKS[form.elements.namedItem("clock").value];
    const min = form.elements.namedItem("min").value;
    const max = form.elements.namedItem("max").value;
    const body = {
      game: game.id,
      options: readOptions(form, game),
      rated: form.elements.namedItem("kind").value === "rated",
      ...(clock ? { clock: { ...clock } } : {}),
      ...(min !== "" ? { min_rating: Number(min) } : {}),
      ...(max !== "" ? { max_rating: Number(max) } : {}),
    };
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await call("POST", "/api/challenges", body);
      dialog.close();
    } catch (err) {
      errorBox.textContent = refusal(ctx, err);
    } finally {
      button.disabled = false;
    }
  });
  dialog.append(form);
  dialog.addEventListener("close", () => dialog.remove());
  return dialog;
}
