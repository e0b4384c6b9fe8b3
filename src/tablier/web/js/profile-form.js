// <profile-form>: "choose a name to play online", the one step a guest takes to become
// a player. Any view may embed it; it says a refusal in words under the field and, once
// the name is taken, calls its `done(profile)` (the header chip follows by itself).

import { clear, h } from "./dom.js";
import { profiles, refusal, sharedContext } from "./me.js";

let counter = 0;

class ProfileForm extends HTMLElement {
  connectedCallback() {
    this.draw();
  }

  draw() {
    const ctx = this.ctx ?? sharedContext();
    if (!ctx) return;
    const { t } = ctx;
    const id = `profile-name-${++counter}`;
    const input = h("input", {
      id,
      name: "name",
      maxlength: 40,
      autocomplete: "nickname",
      required: true,
      enterkeyhint: "go",
      value: this.kept ?? "",
      "data-role": "profile-name",
    });
    const error = h("p", { class: "form-error", role: "alert" });
    const submit = h("button", { type: "submit", class: "btn btn-primary", "data-action": "create-profile" }, t("profile.form.create"));
    const form = h(
      "form",
      {
        class: "profile-form",
        onsubmit: async (e) => {
          e.preventDefault();
          this.kept = input.value;
          if (!input.value.trim()) {
            error.textContent = t("profile.errors.name_empty");
            return;
          }
          submit.disabled = true;
          try {
            const profile = await profiles.create(input.value);
            this.done?.(profile);
          } catch (err) {
            error.textContent = refusal(t, err);
            input.focus();
          } finally {
            submit.disabled = false;
          }
        },
      },
      this.hasAttribute("no-title") ? null : h("h2", {}, t("profile.form.title")),
      h("p", { class: "help" }, t("profile.form.text")),
      h("label", { for: id }, t("profile.form.label")),
      h("div", { class: "profile-form-row" }, input, submit),
      error,
    );
    clear(this).append(form);
  }

  relabel() {
    this.draw();
  }
}

if (!customElements.get("profile-form")) customElements.define("profile-form", ProfileForm);

/** A name chooser bound to `ctx`; `done(profile)` runs once the profile exists. */
export function profileForm(ctx, { done, title = true } = {}) {
  const form = document.createElement("profile-form");
  form.ctx = ctx;
  form.done = done;
  if (!title) form.setAttribute("no-title", "");
  return form;
}
