// <profile-chip>: the header's word on who is playing. A guest sees "Invité · Choisir un
// nom"; a signed-in player sees their name. Either way it opens the account page (/?me).

import { clear, h } from "./dom.js";
import { me, onProfileChange, rememberContext, sharedContext } from "./me.js";

class ProfileChip extends HTMLElement {
  connectedCallback() {
    this.stop = onProfileChange((profile) => this.draw(profile));
    this.draw(undefined);
    me().then((profile) => this.draw(profile));
  }

  disconnectedCallback() {
    this.stop?.();
  }

  draw(profile) {
    const ctx = this.ctx ?? sharedContext();
    if (!ctx) return;
    const { t } = ctx;
    const open = (e) => {
      e.preventDefault();
      ctx.navigate("/?me");
    };
    let link;
    if (profile === undefined) {
      // not known yet: an empty chip of the same size, so the header does not jump
      link = h("a", { class: "profile-chip profile-chip-wait", href: "/?me", "aria-hidden": "true", tabindex: "-1" }, "…");
    } else if (profile) {
      link = h(
        "a",
        { class: "profile-chip profile-chip-named", href: "/?me", onclick: open, title: t("profile.chip.open"), "data-profile": profile.id },
        h("span", { class: "profile-chip-dot", "aria-hidden": "true" }, profile.name.slice(0, 1).toUpperCase()),
        h("span", { class: "profile-chip-name" }, profile.name),
      );
    } else {
      link = h(
        "a",
        { class: "profile-chip profile-chip-guest", href: "/?me", onclick: open },
        h("span", { class: "profile-chip-guest-word" }, t("profile.chip.guest")),
        h("span", { class: "profile-chip-sep", "aria-hidden": "true" }, " · "),
        h("span", { class: "profile-chip-choose" }, t("profile.chip.choose")),
      );
    }
    clear(this).append(link);
  }
}

if (!customElements.get("profile-chip")) customElements.define("profile-chip", ProfileChip);

/** A chip bound to the app's context (its translator and navigation). */
export function profileChip(ctx) {
  rememberContext(ctx);
  const chip = document.createElement("profile-chip");
  chip.ctx = ctx;
  return chip;
}
