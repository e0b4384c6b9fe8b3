// One device, several players with hidden pieces: before the next player's view is
// shown, a "pass the device" screen covers everything private until that player is ready.
// Loaded by page.js the first time a game needs it.

import { clear, h } from "../../dom.js";

export function drawOverlay(view) {
  const { ctx, game, elements } = view;
  const { t } = ctx;
  const overlay = elements.overlay;
  if (view.handOverTo == null) {
    overlay.hidden = true;
    clear(overlay);
    return;
  }
  const list = view.names();
  const appearing = overlay.hidden || overlay.contains(document.activeElement);
  overlay.hidden = false;
  const ready = () => {
    view.shownSeat = view.handOverTo;
    view.handOverTo = null;
    view.draw();
  };
  clear(overlay).append(
    h(
      "div",
      { class: "handover", role: "dialog", "aria-modal": "true", "aria-labelledby": "handover-title" },
      h("div", { class: "handover-icon", "aria-hidden": "true" }, "⇆"),
      h("h2", { id: "handover-title" }, t("play.handover_title", { name: list[view.handOverTo] })),
      // a game may say what stays hidden in its own words (QuiAdiQuoi has no pieces)
      h("p", {}, t.has(`${game.id}.handover_text`) ? t(`${game.id}.handover_text`) : t("play.handover_text")),
      h("button", { type: "button", class: "btn btn-primary", "data-action": "handover", onclick: ready }, t("play.handover_ready", { name: list[view.handOverTo] })),
    ),
  );
  if (appearing) overlay.querySelector("button").focus();
}
