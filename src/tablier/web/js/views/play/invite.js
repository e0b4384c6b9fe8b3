// The invite panel: a link to copy for each free seat, while a friend is awaited.

import { h } from "../../dom.js";

function copyRow(view, link) {
  const { t } = view.ctx;
  const input = h("input", { class: "invite-link", readonly: true, value: link, "aria-label": t("play.invite_link") });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      input.select();
      document.execCommand?.("copy");
    }
    view.ctx.toast(t("play.copied"));
  };
  return h("div", { class: "copy-row" }, input, h("button", { type: "button", class: "btn btn-small btn-primary", "data-action": "copy", onclick: copy }, t("play.copy")));
}

/** The panel, or null when no seat is free (or we only watch). */
export function invitePanel(view) {
  const { ctx, model, room } = view;
  const { t } = ctx;
  const free = model.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat);
  if (!free.length || model.spectator) return null;
  const invite = ctx.store.room(room)?.invite ?? {};
  return h(
    "section",
    { class: "panel invite" },
    h("h2", {}, t("play.invite_title")),
    h("p", {}, t("play.invite_text")),
    free.map((s) => copyRow(view, invite[String(s)] ?? `${location.origin}/?room=${room}&join=${s}`)),
  );
}
