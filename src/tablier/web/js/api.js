// The REST side of the server (docs/protocol.md).

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

async function request(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { Accept: "application/json", ...(options.body ? { "Content-Type": "application/json" } : {}) },
  });
  const type = response.headers.get("content-type") ?? "";
  const body = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new ApiError(response.status, typeof body === "object" ? body : { error: body });
  return body;
}

export const api = {
  games: () => request("/api/games"),
  rules: (game, lang) => request(`/api/games/${encodeURIComponent(game)}/rules?lang=${lang}`),
  createRoom: (body) => request("/api/rooms", { method: "POST", body: JSON.stringify(body) }),
  room: (room) => request(`/api/rooms/${encodeURIComponent(room)}`),
  join: (room, body) =>
    request(`/api/rooms/${encodeURIComponent(room)}/join`, { method: "POST", body: JSON.stringify(body) }),
  record: (room, n) => request(`/api/rooms/${encodeURIComponent(room)}/games/${n}/record`),
  views: (room, n, seat = null) =>
    request(`/api/rooms/${encodeURIComponent(room)}/games/${n}/views${seat == null ? "" : `?seat=${seat}`}`),
  recordUrl: (room, n) => `/api/rooms/${encodeURIComponent(room)}/games/${n}/record`,
  preview: (body) => request("/api/preview", { method: "POST", body: JSON.stringify(body) }),
  study: (game) => request(`/api/games/${encodeURIComponent(game)}/study`),
  playerGames: (id) => request(`/api/players/${encodeURIComponent(id)}/games?limit=30`),
};
