// Inline pictures of the games for the lobby (drawn here, nothing fetched).

// [column, row, direction, player] for a small wall holding a line of five light squares
const WALL = [
  [0, 1, "h", 1], [2, 1, "h", 0], [4, 1, "v", 1], [5, 1, "h", 0],
  [0, 2, "v", 0], [1, 2, "h", 1], [3, 2, "v", 0], [5, 2, "v", 1], [6, 2, "v", 0],
  [1, 3, "h", 0], [4, 3, "v", 0], [5, 4, "h", 1], [0, 4, "h", 1], [2, 4, "v", 1], [3, 4, "v", 0],
];

function kwintyArt() {
  const c = 15;
  const x0 = 28;
  const base = 90;
  const rect = ([col, row, dir, player]) => {
    const w = dir === "h" ? 2 * c : c;
    const hgt = dir === "v" ? 2 * c : c;
    const x = x0 + col * c;
    const y = base - (row - 1) * c - hgt;
    const fill = player ? "#3a3029" : "#fbf6ea";
    return `<rect x="${x + 1}" y="${y + 1}" width="${w - 2}" height="${hgt - 2}" rx="3" fill="${fill}"/>`;
  };
  const rings = [0, 1, 2, 3, 4]
    .map((col) => `<circle cx="${x0 + col * c + c / 2}" cy="${base - 2.5 * c}" r="5.5" fill="none" stroke="#e0a526" stroke-width="2.2"/>`)
    .join("");
  return `<svg viewBox="0 0 160 100" aria-hidden="true">
  <rect width="160" height="100" rx="10" fill="#e9dcc3"/>
  <g stroke="#2b2118" stroke-width="1.5">${WALL.map(rect).join("")}</g>
  ${rings}
  <line x1="${x0 + c / 2}" y1="${base - 2.5 * c}" x2="${x0 + 4.5 * c}" y2="${base - 2.5 * c}" stroke="#c8553d" stroke-width="3" stroke-linecap="round" opacity=".8"/>
  <rect x="${x0 - 8}" y="${base}" width="${7 * c + 16}" height="4" rx="2" fill="#8a6f4d"/>
</svg>`;
}

const ART = {
  kwinty: kwintyArt(),
  quiwin: `<svg viewBox="0 0 160 100" aria-hidden="true">
  <rect width="160" height="100" rx="10" fill="#e4e7dc"/>
  <g stroke="#2b2118" stroke-width="1.4">
    <rect x="14" y="22" width="22" height="18" rx="3" fill="#4f9d69"/>
    <rect x="38" y="22" width="24" height="18" rx="3" fill="#e9c46a"/>
    <rect x="66" y="22" width="25" height="18" rx="3" fill="#f08c3a"/>
    <rect x="93" y="22" width="24" height="18" rx="3" fill="#3f7cc4"/>
    <rect x="121" y="22" width="23" height="18" rx="3" fill="#c8473d"/>
    <rect x="14" y="52" width="24" height="18" rx="3" fill="#3f7cc4"/>
    <rect x="40" y="52" width="23" height="18" rx="3" fill="#e9c46a"/>
    <rect x="66" y="52" width="22" height="18" rx="3" fill="#4f9d69"/>
    <rect x="90" y="52" width="25" height="18" rx="3" fill="#f08c3a"/>
    <rect x="119" y="52" width="24" height="18" rx="3" fill="#e9c46a"/>
  </g>
  <path d="M64 16 V76 M119 16 V76" stroke="#6b5b4b" stroke-dasharray="3 3"/>
  <g fill="#2b2118"><rect x="12" y="82" width="134" height="2"/>
  <rect x="12" y="78" width="1.5" height="8"/><rect x="64" y="78" width="1.5" height="8"/><rect x="119" y="78" width="1.5" height="8"/><rect x="145" y="78" width="1.5" height="8"/></g>
</svg>`,
  turris: `<svg viewBox="0 0 160 100" aria-hidden="true">
  <rect width="160" height="100" rx="10" fill="#dfe3ea"/>
  <g stroke="#2b2118" stroke-width="1.4">
    <path d="M80 18 L112 34 L80 50 L48 34 Z" fill="#fbf6ea"/>
    <path d="M48 34 L80 50 L80 88 L48 72 Z" fill="#3a3029"/>
    <path d="M112 34 L80 50 L80 88 L112 72 Z" fill="#c9c2b4"/>
    <path d="M48 47 L80 63 L112 47 M48 60 L80 76 L112 60 M59 40 V78 M69 45 V83 M91 45 V83 M101 40 V78" fill="none" stroke="#8a8174"/>
  </g>
</svg>`,
  counterplays: `<svg viewBox="0 0 160 100" aria-hidden="true">
  <rect width="160" height="100" rx="10" fill="#e8e0ea"/>
  <g stroke="#2b2118" stroke-width="1.4">
    <path d="M40 80 L60 45 L80 80 Z M60 45 L80 80 L100 45 Z M80 80 L100 45 L120 80 Z" fill="#fbf6ea"/>
    <path d="M60 45 L80 10 L100 45 Z M80 10 L100 45 L120 10 Z" fill="#3a3029"/>
    <path d="M100 45 L120 10 L140 45 Z" fill="#3a3029"/>
  </g>
</svg>`,
  quiadiquoi: `<svg viewBox="0 0 160 100" aria-hidden="true">
  <rect width="160" height="100" rx="10" fill="#f0e2d6"/>
  <path d="M30 20 H130 a10 10 0 0 1 10 10 V62 a10 10 0 0 1 -10 10 H70 L50 88 L54 72 H30 a10 10 0 0 1 -10 -10 V30 a10 10 0 0 1 10 -10 Z" fill="#fbf6ea" stroke="#2b2118" stroke-width="1.6"/>
  <text x="80" y="58" text-anchor="middle" font-family="Georgia, serif" font-size="34" fill="#c8553d">« ? »</text>
</svg>`,
};

const FALLBACK = `<svg viewBox="0 0 160 100" aria-hidden="true"><rect width="160" height="100" rx="10" fill="#e9dcc3"/>
<circle cx="80" cy="50" r="22" fill="#fbf6ea" stroke="#2b2118" stroke-width="2"/></svg>`;

export function gameArt(id) {
  return ART[id] ?? FALLBACK;
}

export const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true" width="28" height="28">
<rect x="2" y="2" width="28" height="28" rx="6" fill="#2f5d62"/>
<rect x="7" y="18" width="12" height="6" rx="1.5" fill="#fbf6ea"/><rect x="19" y="12" width="6" height="12" rx="1.5" fill="#e9c46a"/>
<rect x="7" y="12" width="6" height="6" rx="1.5" fill="#e9c46a"/></svg>`;
