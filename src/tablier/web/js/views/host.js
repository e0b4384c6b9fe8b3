// The host screen of a party (`/?host=<room>`): the shared screen everyone sees, a
// spectator of the room. It shows the room code and the QR code of the join address
// until every seat is taken, then the game drawn large by the game's host view
// (the "host" file of its web manifest, when it declares one), else its board as a
// spectator. A voice (the browser's speech synthesis, nothing fetched) reads aloud
// what the host view says to read. `/?host` alone creates a party room first.

import { clear, h, linkStyles } from "../dom.js";
import { pick } from "../i18n.js";
import { emptyModel, reduce, RoomConnection, socketUrl, stateFor } from "../protocol.js";
import { createBoard } from "../boards/registry.js";
import { formatClock } from "./play.js";
import { seatName } from "./names.js";
import { lobbyApi, partyKeys, toggleFullscreen } from "./party-look.js";

linkStyles(new URL("../../host.css", import.meta.url));

const KEY_VOICE = "tablier.voice";
// drawn, not an emoji: a TV browser may have no emoji font
const SPEAKER = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path class="waves" d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

async function partyRequest(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { Accept: "application/json", ...(options.body ? { "Content-Type": "application/json" } : {}) },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(body.error ?? `HTTP ${response.status}`), { body, status: response.status });
  return body;
}

export const party = {
  room: (room) => partyRequest(`/api/party/rooms/${encodeURIComponent(room)}`),
  code: (code) => partyRequest(`/api/party/codes/${encodeURIComponent(code)}`),
  join: (code, body) => partyRequest(`/api/party/codes/${encodeURIComponent(code)}/join`, { method: "POST", body: JSON.stringify(body) }),
  upload: (body) => partyRequest("/api/party/uploads", { method: "POST", body: JSON.stringify(body) }),
};

/** The voice: French by default, the person's choice of voice kept in the browser. */
class Voice {
  constructor(store, lang) {
    this.store = store;
    this.lang = lang;
    const saved = store.get(KEY_VOICE, {}) ?? {};
    this.on = saved.on !== false;
    this.name = saved.name ?? null;
    this.synth = globalThis.speechSynthesis ?? null;
  }

  get available() {
    return Boolean(this.synth);
  }

  voices() {
    if (!this.synth) return [];
    const all = this.synth.getVoices();
    const mine = all.filter((v) => v.lang?.toLowerCase().startsWith(this.lang));
    return mine.length ? mine : all;
  }

  save() {
    this.store.set(KEY_VOICE, { on: this.on, name: this.name });
  }

  say(lines) {
    if (!this.on || !this.synth || !lines.length) return;
    const voice = this.voices().find((v) => v.name === this.name) ?? this.voices()[0] ?? null;
    for (const line of lines) {
      const utterance = new SpeechSynthesisUtterance(line);
      utterance.lang = this.lang === "fr" ? "fr-FR" : "en-GB";
      if (voice) utterance.voice = voice;
      utterance.rate = 0.95;
      this.synth.speak(utterance);
    }
  }

  stop() {
    this.synth?.cancel();
  }
}

const KEY_SOUNDS = "tablier.sounds";
// short tones made on the spot (nothing fetched): [frequency Hz, start s, length s]
const TONES = {
  clue: [[660, 0, 0.12]],
  right: [[523, 0, 0.14], [784, 0.13, 0.22]],
  wrong: [[220, 0, 0.3]],
  fanfare: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.3]],
  victory: [[523, 0, 0.15], [659, 0.15, 0.15], [784, 0.3, 0.15], [1047, 0.45, 0.45]],
};

/** Sound effects: off unless the TV turns them on. */
class Sounds {
  constructor(store) {
    this.store = store;
    this.on = store.get(KEY_SOUNDS, false) === true;
    this.audio = null;
  }

  toggle() {
    this.on = !this.on;
    this.store.set(KEY_SOUNDS, this.on);
  }

  play(names) {
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!this.on || !names.length || !Context) return;
    this.audio ??= new Context();
    const now = this.audio.currentTime;
    for (const name of names) {
      for (const [frequency, start, length] of TONES[name] ?? []) {
        const osc = this.audio.createOscillator();
        const gain = this.audio.createGain();
        osc.frequency.value = frequency;
        gain.gain.setValueAtTime(0.18, now + start);
        gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
        osc.connect(gain).connect(this.audio.destination);
        osc.start(now + start);
        osc.stop(now + start + length);
      }
    }
  }
}

export async function mount(main, ctx, params) {
  main.classList.add("host-main");
  const room = params.get("host");
  const code = params.get("party");
  if (!room && code) return (await import("./host-lobby.js")).mountLobby(main, ctx, code);
  if (!room && !params.has("create")) {
    // a game made for a party night: its waiting room opens at once
    const games = await ctx.gameList();
    const chosen = games.find((g) => g.party && g.id === params.get("game")) ?? games.find((g) => g.party);
    if (chosen) {
      const opened = await lobbyApi.open(chosen.id);
      partyKeys.setHost(ctx.store, opened.code, opened.host_token);
      history.replaceState(null, "", `/?host&party=${encodeURIComponent(opened.code)}`);
      return (await import("./host-lobby.js")).mountLobby(main, ctx, opened.code);
    }
  }
  if (!room) return mountCreate(main, ctx, params);
  const { t } = ctx;
  if (code) document.body.classList.add("party-tv");
  let status;
  let info;
  try {
    [status, info] = await Promise.all([ctx.api.room(room), party.room(room)]);
  } catch (err) {
    main.append(h("section", { class: "notice" }, h("h1", {}, t("play.no_room")), h("p", {}, err.message)));
    return {};
  }
  await ctx.gameList();
  const game = ctx.describe(status.game) ?? { id: status.game, name: status.game };
  await ctx.useBoardMessages(game);
  let hostModule = null;
  // the shared screen's drawing, when the game's web manifest declares one
  if (info.host_view && game.web_urls?.host) hostModule = await import(game.web_urls.host);
  const board = hostModule ? document.createElement(hostModule.TAG) : await createBoard(game);

  const voice = new Voice(ctx.store, ctx.lang);
  const effects = new Sounds(ctx.store);
  let model = emptyModel();
  let showJoin = true;
  // the party's waiting room, once started: who each seat is, the pause, who left
  let lobby = null;
  const hostToken = code ? partyKeys.host(ctx.store, code) : null;
  let lastObs = null;
  let clockAnchor = null;

  const elements = {
    join: h("section", { class: "host-join" }),
    bar: h("header", { class: "host-bar" }),
    waiting: h("div", { class: "host-waiting", role: "status", hidden: true }),
    game: h("div", { class: "host-game" }, board),
  };
  const root = h("section", { class: `host ${code ? "host-party" : ""}`, "data-game": game.id }, elements.bar, elements.waiting, elements.join, elements.game);
  main.append(root);

  const seats = () => (model.seats?.length ? model.seats : status.seats);
  const guestAt = (seat) => lobby?.guests?.find((g) => g.seat === seat && !g.open) ?? null;
  const names = () => seats().map((_, i) => seatName(ctx.t, game, seats(), i));
  const looks = () => seats().map((_, i) => guestAt(i));
  const freeSeats = () => seats().filter((s) => s.kind === "human" && !s.taken);

  function drawBar() {
    const { t } = ctx;
    const voices = voice.voices();
    const partyButtons = code
      ? [
          h("button", { type: "button", class: "btn btn-small", "data-action": "fullscreen", onclick: () => toggleFullscreen() }, t("party.fullscreen")),
          hostToken
            ? h(
                "button",
                {
                  type: "button",
                  class: "btn btn-small",
                  "data-action": "pause",
                  "aria-pressed": String(Boolean(lobby?.paused)),
                  onclick: async () => {
                    lobby = await lobbyApi.pause(code, hostToken, !lobby?.paused).catch(() => lobby);
                    draw();
                  },
                },
                lobby?.paused ? `▶ ${t("party.resume")}` : `❚❚ ${t("party.pause")}`,
              )
            : null,
          h("button", { type: "button", class: "btn btn-small", "data-action": "sounds", "aria-pressed": String(effects.on), onclick: () => { effects.toggle(); drawBar(); } }, effects.on ? t("party.sounds_on") : t("party.sounds_off")),
        ]
      : [];
    const parts = [
      h("h1", { class: "host-title" }, game.name),
      ...partyButtons,
      // at a party the code is the button that shows the join panel again (a newcomer)
      code ? null : h("span", { class: "host-code-small", title: t("host.code") }, t("host.code"), " ", h("strong", { "data-code": info.code }, info.code)),
      h(
        "button",
        { type: "button", class: "btn btn-small", "data-action": "show-join", "aria-pressed": String(showJoin), onclick: () => { showJoin = !showJoin; draw(); } },
        code ? [t("host.code"), " ", h("strong", { "data-code": info.code }, info.code)] : showJoin ? t("host.hide_join") : t("host.show_join"),
      ),
      voice.available
        ? h(
            "span",
            { class: "host-voice" },
            h(
              "button",
              {
                type: "button",
                class: "btn btn-small",
                "data-action": "voice",
                "aria-pressed": String(voice.on),
                onclick: () => {
                  voice.on = !voice.on;
                  if (!voice.on) voice.stop();
                  voice.save();
                  drawBar();
                },
              },
              h("span", { class: `host-speaker ${voice.on ? "" : "host-muted"}`, html: SPEAKER }),
              voice.on ? t("host.voice_on") : t("host.voice_off"),
            ),
            voices.length
              ? h(
                  "select",
                  {
                    "aria-label": t("host.voice_choice"),
                    "data-action": "voice-choice",
                    onchange: (e) => {
                      voice.name = e.target.value;
                      voice.save();
                      voice.say([t("host.voice_sample")]);
                    },
                  },
                  voices.map((v) => h("option", { value: v.name, selected: v.name === voice.name ? true : null }, `${v.name} (${v.lang})`)),
                )
              : null,
          )
        : h("span", { class: "help" }, t("host.no_voice")),
    ];
    // Element.append writes a null as the text "null": leave the absent parts out
    clear(elements.bar).append(...parts.filter(Boolean));
  }

  function drawJoin() {
    const { t } = ctx;
    const list = names();
    elements.join.hidden = !showJoin;
    if (!showJoin) return;
    clear(elements.join).append(
      h(
        "div",
        { class: "host-join-text" },
        h("p", { class: "host-join-lead" }, t("host.join_lead")),
        h("p", { class: "host-url" }, info.join_url.replace(/^https?:\/\//, "").replace(/\/j\/.*$/, ""), h("span", {}, "/j/"), h("strong", {}, info.code)),
        h("p", { class: "host-code", "aria-label": t("host.code") }, [...info.code].map((c) => h("span", {}, c))),
        info.join_token ? h("p", { class: "host-key", "data-key": info.join_token }, t("party.join_key", { key: info.join_token })) : null,
        h(
          "ul",
          { class: "host-seats" },
          seats().map((s, i) =>
            h("li", { class: s.taken ? "host-seat-taken" : "host-seat-free", "data-seat": i }, s.taken ? "✓ " : "… ", s.taken ? list[i] : t("host.seat_free", { n: i + 1 })),
          ),
        ),
        freeSeats().length ? h("p", { class: "help" }, t("host.waiting_players", { n: freeSeats().length })) : h("p", { class: "host-ready" }, t("host.all_in")),
      ),
      h("img", { class: "host-qr", src: info.qr, alt: t("host.qr_alt", { url: info.join_url }), width: 280, height: 280 }),
    );
  }

  function clockFor(state) {
    if (!state?.clocks || !clockAnchor) return null;
    const seat = (state.clocks.running ?? [])[0];
    const left = state.clocks.remaining?.[seat];
    if (seat == null || left == null) return null;
    const now = Math.max(0, left - (performance.now() - clockAnchor) / 1000);
    // the part of the answer time left, for the TV's ring
    const total = Number(status.options?.answer_seconds) || null;
    return { text: formatClock(now), low: now <= 5, fraction: total ? Math.min(1, now / total) : 1 };
  }

  function drawWaiting(state) {
    const { t } = ctx;
    clear(elements.waiting);
    const gone = (lobby?.guests ?? []).filter((g) => g.left && g.seat != null);
    const absent = state && !state.terminal ? (state.awaited ?? []).filter((s) => seats()[s]?.kind === "human" && !seats()[s]?.connected) : [];
    elements.waiting.hidden = !(lobby?.paused || absent.length || gone.length);
    if (lobby?.paused) elements.waiting.append(h("p", { class: "host-paused" }, "❚❚ ", t("party.paused")));
    if (absent.length) elements.waiting.append(h("p", { class: "host-absent", "data-absent": absent.join(",") }, t("party.waiting_for", { names: absent.map((s) => names()[s]).join(", ") })));
    for (const guest of gone) {
      elements.waiting.append(
        h(
          "p",
          { class: "host-left", "data-seat": guest.seat },
          guest.open ? t("party.seat_open", { name: guest.name, code }) : t("party.left", { name: guest.name }),
          hostToken && !guest.open
            ? h("button", { type: "button", class: "btn btn-small", "data-action": "open-seat", onclick: async () => { lobby = await lobbyApi.open_seat(code, guest.id, hostToken).catch(() => lobby); showJoin = true; draw(); } }, t("party.open_seat"))
            : null,
        ),
      );
    }
  }

  function draw() {
    drawBar();
    drawJoin();
    const state = stateFor(model, null);
    drawWaiting(state);
    if (!state) return;
    board.render({ t: ctx.t, lang: ctx.lang, state, seat: null, mine: [], hidden: false, canPlay: false, flip: false, names: names(), looks: looks(), game, clock: clockFor(state), paused: Boolean(lobby?.paused) });
  }

  const ticker = setInterval(() => {
    const node = root.querySelector("[data-clock]");
    const clock = clockFor(stateFor(model, null));
    if (node && clock) {
      const text = node.querySelector("[data-clock-text]") ?? node;
      text.textContent = clock.text;
      node.style.setProperty("--p", String(clock.fraction));
      node.classList.toggle("qh-clock-low", clock.low);
    }
  }, 250);

  const conn = new RoomConnection({
    url: socketUrl(location, room),
    watch: true,
    onMessage: (msg) => {
      const hadFree = freeSeats().length > 0;
      model = reduce(model, msg);
      if (msg.type === "state") {
        clockAnchor = msg.clocks && !msg.terminal ? performance.now() : null;
        // once the last phone has joined, the game takes the screen
        if (hadFree && !freeSeats().length) showJoin = false;
        if (hostModule?.speech) voice.say(hostModule.speech(ctx.t, lastObs, msg.observation, names()));
        if (hostModule?.sounds) effects.play(hostModule.sounds(lastObs, msg.observation));
        lastObs = msg.observation;
      }
      if (msg.type === "presence" && hadFree && !freeSeats().length) showJoin = false;
      if (msg.type !== "pong") draw();
    },
  });
  if (!freeSeats().length) showJoin = false;
  let lobbyPoll = null;
  if (code) {
    const refresh = async () => {
      try {
        const next = await lobbyApi.status(code);
        const changed = JSON.stringify(next) !== JSON.stringify(lobby);
        lobby = next;
        if (changed) draw();
      } catch {
        // the server is away for a moment: keep what the screen shows
      }
    };
    await refresh();
    lobbyPoll = setInterval(refresh, 2000);
  }
  // the join token changes now and then: the link, QR code and digits shown follow it
  const tokenPoll = setInterval(async () => {
    const next = await party.room(room).catch(() => null);
    if (next && next.join_token !== info.join_token) {
      info = next;
      draw();
    }
  }, 30000);
  conn.open();
  draw();
  // voices arrive late in some browsers
  if (voice.available) globalThis.speechSynthesis.addEventListener?.("voiceschanged", drawBar);

  return {
    relabel: () => draw(),
    destroy: () => {
      clearInterval(ticker);
      if (lobbyPoll) clearInterval(lobbyPoll);
      clearInterval(tokenPoll);
      document.body.classList.remove("party-tv");
      voice.stop();
      conn.close();
    },
  };
}

/** `/?host`: choose the game, the number of players and, if the game takes one, a file of your own; then host the room. */
async function mountCreate(main, ctx, params) {
  const games = (await ctx.gameList()).filter((g) => g.max_players >= 3);
  const wanted = params.get("game");
  let upload = null; // the server's answer for a checked upload
  const form = h("form", { class: "host-create panel" });
  main.append(h("section", { class: "host" }, form));

  // a game played around one screen is the natural first choice (its default opponent)
  const partyGame = (games.find((g) => g.default_opponent === "local") ?? games[0])?.id;

  function draw() {
    const { t } = ctx;
    const select = h("select", { name: "game", id: "host-game", onchange: () => { upload = null; draw(); } }, games.map((g) => h("option", { value: g.id, selected: g.id === (form.gameId ?? wanted ?? partyGame) ? true : null }, g.name)));
    form.gameId = select.value || games[0]?.id;
    const chosen = games.find((g) => g.id === form.gameId) ?? games[0];
    const players = h("input", { type: "number", name: "players", id: "host-players", min: chosen.min_players, max: chosen.max_players, value: Math.max(chosen.min_players, Math.min(chosen.max_players, chosen.default_players ?? chosen.min_players)) });
    const computers = h("input", { type: "number", name: "computers", id: "host-computers", min: 0, max: chosen.max_players - 1, value: 0 });
    // an option of the game that takes a text uploaded for this room (a upload of cards...)
    const uploadable = (chosen.options ?? []).find((o) => o.upload);
    const hasUpload = Boolean(uploadable);
    const problems = h("ul", { class: "upload-problems", role: "alert" });
    const uploadNote = h("p", { class: "help", "data-upload": "" }, upload ? t("host.upload_ok", { name: upload.name }) : t("host.upload_help"));
    const file = h("input", {
      type: "file",
      accept: ".toml,.csv,text/csv",
      id: "host-upload",
      onchange: async () => {
        const picked = file.files?.[0];
        clear(problems);
        if (!picked) return;
        const format = picked.name.toLowerCase().endsWith(".csv") ? "csv" : "toml";
        try {
          upload = await party.upload({ game: chosen.id, option: uploadable.name, text: await picked.text(), format, name: picked.name.replace(/\.\w+$/, "") });
          uploadNote.textContent = t("host.upload_ok", { name: upload.name });
        } catch (err) {
          upload = null;
          uploadNote.textContent = t("host.upload_bad");
          for (const p of err.body?.problems ?? [{ problem: err.message }]) {
            problems.append(h("li", {}, p.line ? t("host.upload_line", { n: p.line }) : "", p.field ? h("code", {}, p.field) : "", " ", p.problem));
          }
          // the server tells the first problems only, and how many more there are
          const more = err.body?.more_text;
          if (more) problems.append(h("li", { class: "upload-more" }, more[ctx.lang] ?? more.fr));
        }
      },
    });
    const error = h("p", { class: "form-error", role: "alert" });
    clear(form).append(
      h("h1", {}, t("host.create_title")),
      h("p", {}, t("host.create_text")),
      h("label", { class: "field-line", for: "host-game" }, t("host.game"), select),
      h("label", { class: "field-line", for: "host-players" }, t("host.players"), players),
      h("label", { class: "field-line", for: "host-computers" }, t("host.computers"), computers),
      hasUpload ? h("div", { class: "field-line" }, h("label", { for: "host-upload" }, pick(uploadable.label, ctx.lang) || uploadable.name), h("div", {}, file, uploadNote, problems)) : null,
      error,
      h("div", { class: "button-row" }, h("button", { type: "submit", class: "btn btn-primary", "data-action": "create-party" }, t("host.create"))),
    );
    form.onsubmit = async (e) => {
      e.preventDefault();
      const n = Number(players.value);
      const bots = Math.min(Number(computers.value) || 0, n - 1);
      const seats = Array.from({ length: n }, (_, i) => (i >= n - bots ? { kind: "computer", level: "random" } : { kind: "human" }));
      try {
        const created = await ctx.api.createRoom({ game: chosen.id, players: n, seats, seating: "as_listed", player_id: ctx.store.playerId(), options: upload ? { [upload.option]: upload.value } : {} });
        ctx.navigate(`/?host=${encodeURIComponent(created.room)}`, { replace: true });
      } catch (err) {
        error.textContent = err.message;
      }
    };
  }
  draw();
  return { relabel: draw };
}
