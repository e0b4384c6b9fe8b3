// The account page (/?me): a guest chooses a name or signs in with a profile secured
// elsewhere; a player renames, secures the profile (password, passkey), signs out or
// deletes it. Nothing here is needed to play: anonymous play stays the default.

import { clear, h } from "../dom.js";
import { me, onProfileChange, passkeysPossible, profiles, refusal } from "../me.js";
import { profileForm } from "../profile-form.js";

// a key drawn here (no emoji font is sure to be there)
const KEY_ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  '<circle cx="8" cy="15" r="4"/><path d="M10.8 12.2 20 3M16 7l3 3M14 9l2 2"/></svg>';

/** "mot de passe, 2 clés d'accès": what secures the profile, in words. */
function securedBy(t, profile) {
  const parts = [];
  if (profile.has_password) parts.push(t("account.status.password"));
  if (profile.passkeys > 0) parts.push(t("account.passkey.count", { n: profile.passkeys }));
  return parts.join(", ");
}

export async function mount(main, ctx) {
  main.classList.add("account-page");
  let profile = await me();
  // which inline confirmation is open: "sign-out" or "delete"
  let confirming = null;

  const stop = onProfileChange((next) => {
    profile = next;
    confirming = null;
    draw();
  });

  /** A form whose submit runs `action`; a refusal is said in its error line. */
  function actionForm(attrs, children, action) {
    const error = h("p", { class: "form-error", role: "alert" });
    const form = h(
      "form",
      {
        ...attrs,
        onsubmit: async (e) => {
          e.preventDefault();
          error.textContent = "";
          const buttons = form.querySelectorAll("button");
          buttons.forEach((b) => { b.disabled = true; });
          try {
            await action(form);
          } catch (err) {
            error.textContent = refusal(ctx.t, err);
          } finally {
            buttons.forEach((b) => { b.disabled = false; });
          }
        },
      },
      children,
      error,
    );
    return form;
  }

  function field(id, label, attrs) {
    return [h("label", { for: id }, label), h("input", { id, name: id, ...attrs })];
  }

  function passkeyButton(label, action, attrs = {}) {
    const error = h("p", { class: "form-error", role: "alert" });
    const button = h(
      "button",
      {
        type: "button",
        class: "btn",
        ...attrs,
        onclick: async () => {
          error.textContent = "";
          if (!passkeysPossible()) {
            error.textContent = ctx.t("profile.errors.passkey_unavailable");
            return;
          }
          button.disabled = true;
          try {
            await action();
          } catch (err) {
            error.textContent = refusal(ctx.t, err);
          } finally {
            button.disabled = false;
          }
        },
      },
      h("span", { class: "account-key-icon", "aria-hidden": "true", html: KEY_ICON }),
      label,
    );
    return h("div", { class: "account-passkey" }, button, error);
  }

  function drawGuest(t) {
    const signIn = actionForm(
      { class: "account-form", "data-role": "sign-in" },
      [
        field("signin-name", t("account.signin.name"), { autocomplete: "username", maxlength: 40, required: true }),
        field("signin-password", t("account.signin.password"), { type: "password", autocomplete: "current-password", required: true }),
        h("div", { class: "card-buttons" }, h("button", { type: "submit", class: "btn btn-primary", "data-action": "sign-in" }, t("account.signin.go"))),
      ],
      async (form) => {
        await profiles.signIn(form.elements["signin-name"].value, form.elements["signin-password"].value);
        ctx.toast(t("account.signed_in"));
      },
    );
    return [
      h("h1", {}, t("account.guest_title")),
      h("p", { class: "account-lead" }, t("account.guest_lead")),
      h("section", { class: "account-card" }, profileForm(ctx, { done: () => ctx.toast(t("account.created")) })),
      h(
        "section",
        { class: "account-card", "aria-labelledby": "signin-title" },
        h("h2", { id: "signin-title" }, t("account.signin.title")),
        h("p", { class: "help" }, t("account.signin.text")),
        signIn,
        h("p", { class: "account-or" }, t("account.signin.or")),
        passkeyButton(
          t("account.passkey.sign_in"),
          async () => {
            await profiles.signInWithPasskey(signIn.elements["signin-name"].value.trim());
            ctx.toast(t("account.signed_in"));
          },
          { "data-action": "passkey-sign-in" },
        ),
      ),
    ];
  }

  function drawPlayer(t) {
    const secured = profile.has_password || profile.passkeys > 0;
    const rename = actionForm(
      { class: "account-form account-inline", "data-role": "rename" },
      [
        field("rename-name", t("account.name.label"), { value: profile.name, maxlength: 40, autocomplete: "nickname", required: true }),
        h("button", { type: "submit", class: "btn", "data-action": "rename" }, t("account.name.go")),
      ],
      async (form) => {
        await profiles.rename(form.elements["rename-name"].value);
        ctx.toast(t("account.renamed"));
      },
    );
    const password = actionForm(
      { class: "account-form", "data-role": "password" },
      [
        // the name, for the browser's password manager to store with the password
        h("input", { type: "text", name: "username", value: profile.name, autocomplete: "username", hidden: true, readonly: true }),
        profile.has_password
          ? field("password-current", t("account.password.current"), { type: "password", autocomplete: "current-password", required: true })
          : null,
        field("password-new", t(profile.has_password ? "account.password.new" : "account.password.label"), {
          type: "password",
          autocomplete: "new-password",
          minlength: 8,
          required: true,
        }),
        h("p", { class: "help" }, t("account.password.help")),
        h(
          "div",
          { class: "card-buttons" },
          h("button", { type: "submit", class: "btn btn-primary", "data-action": "set-password" }, t(profile.has_password ? "account.password.change" : "account.password.go")),
        ),
      ],
      async (form) => {
        await profiles.setPassword(form.elements["password-new"].value, form.elements["password-current"]?.value);
        ctx.toast(t("account.password.saved"));
      },
    );

    const signOutRow = confirming === "sign-out"
      ? h(
          "div",
          { class: "account-confirm", role: "group" },
          h("p", {}, t("account.sign_out.unsecured")),
          h(
            "div",
            { class: "card-buttons" },
            h("button", { type: "button", class: "btn btn-danger", "data-action": "sign-out-confirm", onclick: signOut }, t("account.sign_out.anyway")),
            h("button", { type: "button", class: "btn btn-ghost", onclick: () => { confirming = null; draw(); } }, t("account.cancel")),
          ),
        )
      : h(
          "button",
          {
            type: "button",
            class: "btn",
            "data-action": "sign-out",
            onclick: () => {
              if (secured) signOut();
              else {
                confirming = "sign-out";
                draw();
              }
            },
          },
          t("account.sign_out.go"),
        );

    const deleteRow = confirming === "delete"
      ? h(
          "div",
          { class: "account-confirm", role: "group" },
          h("p", {}, t("account.delete.sure", { name: profile.name })),
          h(
            "div",
            { class: "card-buttons" },
            h("button", { type: "button", class: "btn account-danger-solid", "data-action": "delete-confirm", onclick: remove }, t("account.delete.confirm")),
            h("button", { type: "button", class: "btn btn-ghost", onclick: () => { confirming = null; draw(); } }, t("account.cancel")),
          ),
        )
      : h("button", { type: "button", class: "btn btn-danger", "data-action": "delete", onclick: () => { confirming = "delete"; draw(); } }, t("account.delete.go"));

    return [
      h("p", { class: "account-kicker" }, t("account.title")),
      h("h1", { class: "account-name", "data-role": "account-name" }, profile.name),
      h(
        "p",
        { class: "account-links" },
        h("a", { href: `/?player=${encodeURIComponent(profile.id)}`, onclick: (e) => { e.preventDefault(); ctx.navigate(`/?player=${encodeURIComponent(profile.id)}`); } }, t("account.player_page")),
      ),
      h(
        "p",
        { class: `account-status ${secured ? "account-secured" : "account-unsecured"}`, "data-role": "account-status" },
        secured ? t("account.status.secured", { how: securedBy(t, profile) }) : t("account.status.unsecured"),
      ),
      h(
        "section",
        { class: "account-card", "aria-labelledby": "name-title" },
        h("h2", { id: "name-title" }, t("account.name.title")),
        h("p", { class: "help" }, t("account.name.text")),
        rename,
      ),
      h(
        "section",
        { class: "account-card", "aria-labelledby": "secure-title" },
        h("h2", { id: "secure-title" }, t("account.secure.title")),
        h("p", { class: "help" }, t("account.secure.text")),
        h("h3", {}, t("account.password.title")),
        h("p", { class: "account-fact", "data-role": "password-state" }, t(profile.has_password ? "account.password.has" : "account.password.none")),
        password,
        h("h3", {}, t("account.passkey.title")),
        h("p", { class: "account-fact", "data-role": "passkey-state" }, profile.passkeys ? t("account.passkey.count", { n: profile.passkeys }) : t("account.passkey.none")),
        keyList(t),
        h("p", { class: "help" }, t("account.passkey.text")),
        passkeyButton(
          t("account.passkey.add"),
          async () => {
            await profiles.addPasskey();
            ctx.toast(t("account.passkey.added"));
          },
          { "data-action": "add-passkey" },
        ),
      ),
      h(
        "section",
        { class: "account-card", "aria-labelledby": "leave-title" },
        h("h2", { id: "leave-title" }, t("account.leave.title")),
        h("p", { class: "help" }, t("account.sign_out.text")),
        signOutRow,
        h("p", { class: "help account-delete-help" }, t("account.delete.text")),
        deleteRow,
      ),
    ];
  }

  /** The passkeys, each with the day it was added and a way to remove it (a lost phone). */
  function keyList(t) {
    const list = h("ul", { class: "account-keys", "data-role": "passkeys" });
    if (!profile.passkeys) return list;
    const day = new Intl.DateTimeFormat(ctx.lang, { day: "numeric", month: "long", year: "numeric" });
    profiles.passkeys().then((keys) => {
      for (const key of keys) {
        const date = day.format(new Date(key.created_at * 1000));
        list.append(
          h(
            "li",
            {},
            h("span", {}, t("account.passkey.added_on", { date })),
            h(
              "button",
              {
                type: "button",
                class: "btn btn-small btn-ghost",
                "data-action": "remove-passkey",
                "aria-label": t("account.passkey.remove_label", { date }),
                onclick: async () => {
                  try {
                    await profiles.removePasskey(key.id);
                    ctx.toast(t("account.passkey.removed"));
                  } catch (err) {
                    ctx.toast(refusal(t, err), "error");
                  }
                },
              },
              t("account.passkey.remove"),
            ),
          ),
        );
      }
    }).catch((err) => ctx.toast(refusal(t, err), "error"));
    return list;
  }

  async function signOut() {
    try {
      await profiles.signOut();
      ctx.toast(ctx.t("account.signed_out"));
    } catch (err) {
      ctx.toast(refusal(ctx.t, err), "error");
    }
  }

  async function remove() {
    try {
      await profiles.remove();
      ctx.toast(ctx.t("account.deleted"));
    } catch (err) {
      ctx.toast(refusal(ctx.t, err), "error");
    }
  }

  function draw() {
    const { t } = ctx;
    document.title = `${t("account.title")} · Tablier`;
    clear(main).append(h("div", { class: "account", "data-view": "account" }, profile ? drawPlayer(t) : drawGuest(t)));
  }

  draw();
  return { relabel: draw, destroy: stop };
}
