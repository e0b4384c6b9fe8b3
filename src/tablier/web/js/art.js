// Pictures for the lobby: each game's own (games/<id>/art.svg, served by the server),
// a neutral one for a game without, and the logo.

const FALLBACK = `<svg viewBox="0 0 160 100" aria-hidden="true"><rect width="160" height="100" rx="10" fill="#e9dcc3"/>
<circle cx="80" cy="50" r="22" fill="#fbf6ea" stroke="#2b2118" stroke-width="2"/></svg>`;

/** The game's picture as markup (an image the server serves, or the neutral one). */
export function gameArt(game) {
  if (!game?.art) return FALLBACK;
  return `<img src="${encodeURI(game.art)}" alt="" width="160" height="100" decoding="async">`;
}

export const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true" width="28" height="28">
<rect x="2" y="2" width="28" height="28" rx="6" fill="#2f5d62"/>
<rect x="7" y="18" width="12" height="6" rx="1.5" fill="#fbf6ea"/><rect x="19" y="12" width="6" height="12" rx="1.5" fill="#e9c46a"/>
<rect x="7" y="12" width="6" height="6" rx="1.5" fill="#e9c46a"/></svg>`;
