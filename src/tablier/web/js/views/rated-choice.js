// "Amicale / Classée" in the create dialog, for a game with friends by link. A rated game
// counts for the ratings, so every player sits under a profile: the choice is offered to
// a signed-in player; a guest is told why and may choose a name here without leaving the
// dialog. Loaded when the dialog opens, so the lobby's first load does not carry it.

import { clear, h } from "../dom.js";
import { me, onProfileChange } from "../me.js";

/**
 * The choice, drawn into `slot` (the dialog hides the slot unless the game is with
 * friends online); `nameField` is the dialog's name field, hidden for a rated game: the
 * profile's name is the one the others see. Returns `{ rated(), sync(), stop() }`.
 */
export async function ratedChoice(slot, ctx, { nameField, nameInput }) {
  let profile = await me();
  let rated = false;
  let choosing = false;
  const sync = () => {
    nameField.hidden = Boolean(profile) && rated && !slot.hidden;
  };
  const draw = () => {
    const { t } = ctx;
    const radio = (value) =>
      h(
        "label",
        { class: "choice", style: "flex:1 1 12em" },
        h("input", {
          type: "radio",
          name: "rated",
          value,
          checked: (value === "rated") === rated,
          disabled: !profile,
          style: "flex:none",
          onchange: () => { rated = value === "rated"; sync(); },
        }),
        h("span", { class: "choice-text" }, h("strong", {}, t(`rated.${value}`)), h("small", {}, t(`rated.${value}_help`))),
      );
    let below;
    if (profile) {
      below = h("p", { class: "help", "data-role": "rated-name" }, t("rated.as_name", { name: profile.name }));
      if (!nameInput.value) nameInput.value = profile.name;
    } else if (choosing) {
      below = h("div", { "data-role": "rated-profile" });
      import("../profile-form.js").then(({ profileForm }) => below.append(profileForm(ctx, { title: false })));
    } else {
      const choose = () => {
        choosing = true;
        draw();
      };
      below = h(
        "p",
        { class: "help", "data-role": "rated-signed-out" },
        t("rated.signed_out"),
        " ",
        h("button", { type: "button", class: "btn btn-small", "data-action": "rated-choose-name", onclick: choose }, t("rated.choose_name")),
      );
    }
    clear(slot).append(
      h(
        "fieldset",
        { class: "rated-choice", "data-signed-in": profile ? "yes" : "no" },
        h("legend", {}, t("rated.legend")),
        h("div", { style: "display:flex;flex-wrap:wrap;gap:8px" }, radio("casual"), radio("rated")),
        below,
      ),
    );
    sync();
  };
  // a name chosen here (or a sign-in in another tab) turns the choice on at once; one
  // chosen here to play rated leaves "Classée" chosen
  const stop = onProfileChange((next) => {
    profile = next;
    rated = Boolean(next) && (rated || choosing);
    choosing = false;
    draw();
  });
  draw();
  slot.relabel = draw;
  return { rated: () => Boolean(profile) && rated && !slot.hidden, sync, stop };
}
