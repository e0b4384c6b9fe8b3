// How a party guest looks: the colour and the avatar chosen on the phone, drawn (not
// emoji: a TV browser may have no emoji font), and the calls the party pages share.

import { h } from "../dom.js";

export const COLOUR_HEX = { rouge: "#c8553d", bleu: "#2f6fb0", vert: "#3d8b4f", jaune: "#d9a21b", violet: "#7d4fa3", orange: "#e07a1f" };

const SHAPES = {
  rond: '<circle cx="50" cy="50" r="34"/>',
  etoile: '<path d="M50 12l10.6 24.2 26.3 2.4-19.9 17.4 5.9 25.8L50 68.3 27.1 81.8 33 56 13.1 38.6l26.3-2.4z"/>',
  triangle: '<path d="M50 14l38 68H12z"/>',
  carre: '<rect x="18" y="18" width="64" height="64" rx="8"/>',
  coeur: '<path d="M50 84S14 60 14 36a18 18 0 0 1 36-4 18 18 0 0 1 36 4c0 24-36 48-36 48z"/>',
  losange: '<path d="M50 10l36 40-36 40-36-40z"/>',
};

/** The avatar: a white shape on the guest's colour. */
export function avatar(guest, { size = "1em" } = {}) {
  const colour = COLOUR_HEX[guest?.colour] ?? "#6d5f50";
  const shape = SHAPES[guest?.avatar] ?? SHAPES.rond;
  return h("span", {
    class: "party-avatar",
    "aria-hidden": "true",
    style: `--c:${colour};width:${size};height:${size}`,
    html: `<svg viewBox="0 0 100 100" width="100%" height="100%"><circle cx="50" cy="50" r="50" fill="${colour}"/><g fill="#fff" transform="translate(15 15) scale(.7)">${shape}</g></svg>`,
  });
}

/** A guest's name as people read it: computers say what they are and their level. */
export function guestName(t, guest) {
  if (!guest) return "";
  if (guest.kind === "computer") return t("party.computer_name", { name: guest.name, level: t(`levels.${guest.level}`) });
  return guest.name;
}

async function call(path, body) {
  const response = await fetch(path, {
    method: body ? "POST" : "GET",
    headers: { Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(answer.error ?? `HTTP ${response.status}`), { body: answer, status: response.status });
  return answer;
}

const base = (code) => `/api/party/lobbies/${encodeURIComponent(code)}`;

export const lobbyApi = {
  open: (game, options = {}) => call("/api/party/lobbies", { game, options }),
  status: (code) => call(base(code)),
  // the TV's view: with the join token its link, QR code and digits carry
  host: (code, token) => call(`${base(code)}/host`, { token }),
  me: (code, token) => call(`${base(code)}/me`, { token }),
  join: (code, name, joinToken) => call(`${base(code)}/guests`, { name, join_token: joinToken || null }),
  change: (code, guest, body) => call(`${base(code)}/guests/${guest}`, body),
  leave: (code, guest, token) => call(`${base(code)}/guests/${guest}/leave`, { token }),
  open_seat: (code, guest, token) => call(`${base(code)}/guests/${guest}/open`, { token }),
  options: (code, token, options) => call(`${base(code)}/options`, { token, options }),
  computer: (code, token, level) => call(`${base(code)}/computers`, { token, level }),
  start: (code, token) => call(`${base(code)}/start`, { token }),
  pause: (code, token, paused) => call(`${base(code)}/pause`, { token, paused }),
};

/** What this browser holds for a party: the host's token on the TV, a guest's on a phone. */
export const partyKeys = {
  host: (store, code) => store.get(`tablier.party.host.${code}`),
  setHost: (store, code, token) => store.set(`tablier.party.host.${code}`, token),
  guest: (store, code) => store.get(`tablier.party.guest.${code}`),
  setGuest: (store, code, value) => store.set(`tablier.party.guest.${code}`, value),
};

/** Fullscreen on and off (the TV's button). */
export function toggleFullscreen() {
  if (document.fullscreenElement) return document.exitFullscreen?.();
  return document.documentElement.requestFullscreen?.().catch(() => {});
}
