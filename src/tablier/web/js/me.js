// Who this browser is: the profile its session cookie holds (or none, a guest).
// One cached answer for the whole page; every change (a name chosen, a sign-in, a
// sign-out) goes through here so that the header chip and the views agree.

import { ApiError } from "./api.js";

let cached = null;
const listeners = new Set();
// the app's context (translator, navigation), for elements placed without one
let shared = null;

async function call(path, method = "GET", body = undefined) {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("content-type") ?? "";
  const answer = type.includes("json") ? await response.json() : { error: await response.text() };
  if (!response.ok) throw new ApiError(response.status, answer);
  return answer;
}

/** The signed-in profile ({id, name, has_password, passkeys}) or null; asked once. */
export async function me({ fresh = false } = {}) {
  if (fresh || !cached) {
    cached = call("/api/me").then((answer) => answer.profile ?? null).catch(() => {
      cached = null;
      return null;
    });
  }
  return cached;
}

/** Call `cb(profile)` whenever the profile changes; returns the way to stop. */
export function onProfileChange(cb) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

// the other tabs of this site hear of a change too (the cookie is theirs as well)
const channel = globalThis.BroadcastChannel ? new BroadcastChannel("tablier-profile") : null;
channel?.addEventListener("message", (event) => tell(event.data ?? null));

function tell(profile) {
  cached = Promise.resolve(profile);
  for (const cb of [...listeners]) cb(profile);
}

function settle(profile) {
  tell(profile ?? null);
  channel?.postMessage(profile ?? null);
  return profile ?? null;
}

export function rememberContext(ctx) {
  shared = ctx;
}

export function sharedContext() {
  return shared;
}

// ------------------------------------------------------------------ what a visitor does
export const profiles = {
  create: async (name) => settle((await call("/api/profiles", "POST", { name })).profile),
  rename: async (name) => settle((await call("/api/me", "PATCH", { name })).profile),
  setPassword: async (password, current) =>
    settle((await call("/api/me/password", "POST", current ? { password, current } : { password })).profile),
  signIn: async (name, password) => settle((await call("/api/sessions/password", "POST", { name, password })).profile),
  signOut: async () => settle((await call("/api/sessions/current", "DELETE")).profile),
  remove: async () => settle((await call("/api/me", "DELETE")).profile),
  /** The profile's passkeys: [{id, created_at}], newest first. */
  passkeys: async () => (await call("/api/me/passkeys")).passkeys,
  removePasskey: async (id) => settle((await call(`/api/me/passkeys/${encodeURIComponent(id)}`, "DELETE")).profile),

  /** Register a passkey for the signed-in profile (the browser asks the person). */
  async addPasskey() {
    const asked = await call("/api/me/passkeys/options", "POST");
    const credential = await navigator.credentials.create({ publicKey: creationOptions(asked.options) });
    const answer = await call("/api/me/passkeys", "POST", {
      challenge_id: asked.challenge_id,
      credential: credentialJson(credential),
    });
    return settle(answer.profile);
  },

  /** Sign in with a passkey this device (or a phone nearby) holds; a name is optional. */
  async signInWithPasskey(name = "") {
    const asked = await call("/api/sessions/passkey/options", "POST", name ? { name } : {});
    const credential = await navigator.credentials.get({ publicKey: requestOptions(asked.options) });
    const answer = await call("/api/sessions/passkey", "POST", {
      challenge_id: asked.challenge_id,
      credential: credentialJson(credential),
    });
    return settle(answer.profile);
  },
};

/** Whether this browser can use passkeys here (they need https, or localhost). */
export function passkeysPossible() {
  return Boolean(globalThis.isSecureContext && globalThis.PublicKeyCredential && navigator.credentials);
}

// ------------------------------------------------------------------ WebAuthn's JSON
// Recent browsers read and write WebAuthn's JSON themselves; the rest get the same by hand.
const fromB64 = (text) => {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
  return Uint8Array.from(bytes, (c) => c.charCodeAt(0));
};
const toB64 = (buffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function creationOptions(options) {
  if (PublicKeyCredential.parseCreationOptionsFromJSON) return PublicKeyCredential.parseCreationOptionsFromJSON(options);
  return {
    ...options,
    challenge: fromB64(options.challenge),
    user: { ...options.user, id: fromB64(options.user.id) },
    excludeCredentials: (options.excludeCredentials ?? []).map((c) => ({ ...c, id: fromB64(c.id) })),
  };
}

function requestOptions(options) {
  if (PublicKeyCredential.parseRequestOptionsFromJSON) return PublicKeyCredential.parseRequestOptionsFromJSON(options);
  return {
    ...options,
    challenge: fromB64(options.challenge),
    allowCredentials: (options.allowCredentials ?? []).map((c) => ({ ...c, id: fromB64(c.id) })),
  };
}

function credentialJson(credential) {
  if (typeof credential.toJSON === "function") return credential.toJSON();
  const r = credential.response;
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64(r.attestationObject);
    response.transports = r.getTransports ? r.getTransports() : [];
  } else {
    response.authenticatorData = toB64(r.authenticatorData);
    response.signature = toB64(r.signature);
    if (r.userHandle) response.userHandle = toB64(r.userHandle);
  }
  return {
    id: credential.id,
    rawId: toB64(credential.rawId),
    type: credential.type,
    response,
    clientExtensionResults: credential.getClientExtensionResults?.() ?? {},
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
  };
}

// ------------------------------------------------------------------ refusals in words
const CODES = new Set([
  "name_empty", "name_long", "name_control", "name_reserved", "name_taken", "too_many", "signed_in",
  "profile_needed", "password_short", "password_long", "password_wrong", "sign_in_failed",
  "passkey_expired", "passkey_refused", "passkey_unknown", "passkey_known", "passkeys_full", "bad_text",
]);

/** A refusal (a server answer, a browser's WebAuthn error) in the reader's words. */
export function refusal(t, err) {
  const code = err?.body?.code;
  if (CODES.has(code)) return t(`profile.errors.${code}`);
  if (err?.name === "NotAllowedError" || err?.name === "AbortError") return t("profile.errors.passkey_cancelled");
  if (err?.name === "InvalidStateError") return t("profile.errors.passkey_known");
  if (err?.name === "SecurityError" || err?.name === "NotSupportedError") return t("profile.errors.passkey_unavailable");
  return t("profile.errors.other", { why: err?.message ?? String(err) });
}
