// The name a friend gives before taking a seat by an invite link (or a room's free
// seat): both players see it beside the board, so it is asked for, never assumed. The
// name given last time is offered again; the server checks it and says why it refuses.

import { clear, h } from "../dom.js";

const REFUSALS = new Set(["name_empty", "name_long", "name_control", "name_reserved"]);

/**
 * Ask for a name in `box` and call `take(name)`; the returned promise settles with
 * take's answer once a name is accepted. A refusal is said under the field, in words.
 */
export function askSeatName(box, ctx, { game, take, watchHref }) {
  return new Promise((resolve) => {
    let shown = "";
    const draw = () => {
      const { t } = ctx;
      const input = h("input", { id: "seat-name", name: "name", value: shown || (ctx.store.name() ?? ""), maxlength: 40, autocomplete: "nickname", required: true, enterkeyhint: "go" });
      const error = h("p", { class: "form-error", role: "alert" });
      const form = h(
        "form",
        {
          class: "notice seat-name-form",
          "data-role": "seat-name",
          onsubmit: async (e) => {
            e.preventDefault();
            const name = input.value.trim();
            shown = input.value;
            if (!name) {
              error.textContent = t("play.name_empty");
              return;
            }
            try {
              const answer = await take(name);
              ctx.store.setName(name);
              resolve(answer);
            } catch (err) {
              const code = err.body?.code;
              error.textContent = REFUSALS.has(code) ? t(`play.${code}`) : t("play.join_failed", { why: err.message });
            }
          },
        },
        h("h1", {}, t("play.name_title", { game: game.name })),
        h("p", {}, t("play.name_text")),
        h("label", { for: "seat-name" }, t("play.name_label")),
        input,
        error,
        h(
          "div",
          { class: "card-buttons" },
          h("button", { type: "submit", class: "btn btn-primary", "data-action": "join" }, t("play.name_go")),
          watchHref ? h("a", { class: "btn btn-ghost", href: watchHref }, t("play.watch")) : null,
        ),
      );
      clear(box).append(form);
      input.focus();
    };
    draw();
    box.relabel = draw;
  });
}

/**
 * The step before taking a seat by link: a signed-in player sits down under their
 * profile's name without being asked; a guest gives a name for a casual game, or chooses
 * one (a profile, `<profile-form>`) for a rated game, whose seats the server binds to
 * profiles. Settles with take's answer; rejects if a signed-in player's seat is refused.
 */
export async function seatStep(box, ctx, { game, rated, take, watchHref }) {
  const { me } = await import("../me.js");
  const profile = await me();
  if (profile) return take(profile.name);
  if (!rated) return askSeatName(box, ctx, { game, take, watchHref });
  const { profileForm } = await import("../profile-form.js");
  return new Promise((resolve) => {
    const error = h("p", { class: "form-error", role: "alert" });
    const sit = async (chosen) => {
      try {
        resolve(await take(chosen.name));
      } catch (err) {
        error.textContent = ctx.t("play.join_failed", { why: err.message });
      }
    };
    const form = profileForm(ctx, { title: false, done: sit });
    const draw = () => {
      const { t } = ctx;
      clear(box).append(
        h(
          "section",
          { class: "notice seat-name-form", "data-role": "rated-seat" },
          h("h1", {}, t("rated.join_title", { game: game.name })),
          h("p", {}, t("rated.join_text")),
          form,
          error,
          watchHref ? h("div", { class: "card-buttons" }, h("a", { class: "btn btn-ghost", href: watchHref }, t("play.watch"))) : null,
        ),
      );
    };
    draw();
    box.relabel = () => {
      draw();
      form.relabel();
    };
  });
}
