// What the browser remembers: the player id, the language, and each room's seat tokens.

const KEY_PLAYER = "tablier.player";
const KEY_LANG = "tablier.lang";
const KEY_ROOMS = "tablier.rooms";
const KEY_NAME = "tablier.name";

function randomId() {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class Store {
  constructor(storage) {
    this.storage = storage;
  }

  get(key, fallback = null) {
    try {
      const raw = this.storage.getItem(key);
      return raw == null ? fallback : JSON.parse(raw);
    } catch {
      return fallback;
    }
  }

  set(key, value) {
    try {
      this.storage.setItem(key, JSON.stringify(value));
    } catch {
      // private browsing or a full storage: the page still works for this visit
    }
  }

  playerId() {
    let id = this.get(KEY_PLAYER);
    if (typeof id !== "string" || !id) {
      id = randomId();
      this.set(KEY_PLAYER, id);
    }
    return id;
  }

  lang() {
    return this.get(KEY_LANG);
  }

  setLang(lang) {
    this.set(KEY_LANG, lang);
  }

  name() {
    return this.get(KEY_NAME, "");
  }

  setName(name) {
    this.set(KEY_NAME, name);
  }

  rooms() {
    const rooms = this.get(KEY_ROOMS, {});
    return rooms && typeof rooms === "object" ? rooms : {};
  }

  room(id) {
    return this.rooms()[id] ?? null;
  }

  /** Remember seats of a room (merged with the ones already known). */
  saveSeats(roomId, game, seats, extra = {}) {
    const rooms = this.rooms();
    const known = rooms[roomId] ?? { game, seats: [], created: Date.now() };
    const bySeat = new Map(known.seats.map((s) => [s.seat, s]));
    for (const s of seats) bySeat.set(s.seat, { seat: s.seat, token: s.token });
    rooms[roomId] = { ...known, ...extra, game, seats: [...bySeat.values()].sort((a, b) => a.seat - b.seat) };
    this.set(KEY_ROOMS, rooms);
    return rooms[roomId];
  }

  /**
   * Follow the seats the server gives us (a rematch may reseat the players): with one
   * token, its seat is the one the welcome names. Returns the room as now remembered.
   */
  reseat(roomId, seats) {
    const known = this.room(roomId);
    if (!known || known.seats.length !== 1 || seats.length !== 1 || known.seats[0].seat === seats[0]) return known;
    const rooms = this.rooms();
    rooms[roomId] = { ...known, seats: [{ seat: seats[0], token: known.seats[0].token }] };
    this.set(KEY_ROOMS, rooms);
    return rooms[roomId];
  }

  forgetRoom(roomId) {
    const rooms = this.rooms();
    delete rooms[roomId];
    this.set(KEY_ROOMS, rooms);
  }

  tokens(roomId) {
    return (this.room(roomId)?.seats ?? []).map((s) => s.token);
  }
}
