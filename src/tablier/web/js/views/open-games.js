// "Parties ouvertes": the lobby page's live list of challenges, partie rapide, games to watch.
// Everything live comes from /ws/open-games (docs/lobby.md); the page never polls the list.

import { clear, h } from "../dom.js";
import { pick } from "../i18n.js";
import { valueLabel } from "../options.js";
import { CLOCKS } from "./lobby.js";

let current = null; // the mounted section's socket and timers (one lobby page at a time)

export async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(data.error ?? `HTTP ${response.status}`), { code: data.code, status: response.status });
  return data;
}

async function signedIn() {
  try {
    const mod = await import("../me.js");
    return await mod.me();
  } catch {
    const data = await call("GET", "/api/me").catch(() => ({ profile: null }));
    return data.profile ?? null;
  }
}

/** Why a request was refused, in the page's words (the server's code picks the text). */
export function refusal(ctx, err) {
  const key = `open.errors.${err.code}`;
  const text = err.code ? ctx.t(key) : key;
  return text !== key ? text : ctx.t("open.errors.other", { why: err.message });
}

export function twoPlayerGames(ctx) {
  return (ctx.games ?? []).filter((g) => g.min_players <= 2 && g.max_players >= 2);
}

export function clockWords(ctx, clock) {
  if (!clock) return ctx.t("open.no_clock");
  const named = Object.entries(CLOCKS).find(([, c]) => c && c.mode === clock.mode && c.seconds === clock.seconds && (c.increment ?? 0) === (clock.increment ?? 0));
  if (named) return ctx.t(`create.clock_${named[0]}`);
  if (clock.mode === "move") return ctx.t("open.clock_move", { s: clock.seconds });
  return ctx.t("open.clock_total", { min: Math.round(clock.seconds / 60), s: clock.increment ?? 0 });
}

function optionWords(ctx, game, options) {
  if (!game) return "";
  return game.options
    .filter((o) => o.name in options && JSON.stringify(options[o.name]) !== JSON.stringify(o.default))
    .map((o) => `${pick(o.label, ctx.lang) || o.name} : ${valueLabel(o, options[o.name], ctx.lang)}`)
    .join(" · ");
}

function challengeItem(ctx, c, me, onAccept, onCancel) {
  const { t } = ctx;
  const game = ctx.describe(c.game);
  const own = me && c.profile.id === me.id;
  const range = c.min_rating != null || c.max_rating != null
    ? t("open.range", { min: c.min_rating != null ? Math.round(c.min_rating) : "…", max: c.max_rating != null ? Math.round(c.max_rating) : "…" })
    : null;
  const variant = optionWords(ctx, game, c.options ?? {});
  return h(
    "li",
    { class: `open-challenge${own ? " open-own" : ""}`, "data-challenge": c.id, "data-game": c.game },
    h(
      "span",
      { class: "open-who" },
      h("a", { href: `/?player=${encodeURIComponent(c.profile.id)}`, class: "open-name" }, c.profile.name),
      h("span", { class: "open-rating", title: t("open.rating_title") }, String(c.rating)),
    ),
    h(
      "span",
      { class: "open-what" },
      h("strong", {}, game?.name ?? c.game),
      variant ? h("small", {}, variant) : null,
      h("small", {}, [clockWords(ctx, c.clock), c.rated ? t("open.rated") : t("open.casual"), range].filter(Boolean).join(" · ")),
    ),
    own
      ? h("button", { class: "btn btn-small", "data-action": "cancel", onclick: () => onCancel(c) }, t("open.cancel"))
      : h("button", { class: "btn btn-small btn-primary", "data-action": "accept", onclick: () => onAccept(c) }, t("open.accept")),
  );
}

/** Close the live list's socket (the lobby page is left). */
export function closeOpenGames() {
  if (!current) return;
  current.closed = true;
  current.socket?.close();
  clearTimeout(current.retry);
  clearInterval(current.quickTimer);
  current.unlisten?.();
  current = null;
}

/** The "Parties ouvertes" section; it fills itself and stays live. */
export function openGames(ctx) {
  closeOpenGames();
  const { t } = ctx;
  const state = { closed: false, socket: null, retry: null, quickTimer: null, last: null, me: null, quick: null, forms: null, unlisten: null };
  current = state;
  const who = h("div", { class: "open-me" });
  const counts = h("p", { class: "open-counts", "aria-live": "polite" });
  const list = h("ul", { class: "open-list", "aria-live": "polite" });
  const live = h("ul", { class: "open-live" });
  const quickBox = h("div", { class: "open-quick" });
  const section = h(
    "section",
    { id: "open-games", class: "open-games", "aria-labelledby": "open-title" },
    h("h2", { id: "open-title" }, t("open.title")),
    counts,
    who,
    h("h3", {}, t("open.challenges")),
    list,
    h("h3", {}, t("open.live")),
    live,
  );

  const go = (room) => ctx.navigate(`/?room=${encodeURIComponent(room)}`);
  const accept = async (c) => {
    try {
      const answer = await call("POST", `/api/challenges/${encodeURIComponent(c.id)}/accept`);
      ctx.store.saveSeats(answer.room, c.game, [{ seat: answer.seat, token: answer.token }]);
      go(answer.room);
    } catch (err) {
      ctx.toast(refusal(ctx, err), "error");
    }
  };
  const cancel = async (c) => {
    try {
      await call("DELETE", `/api/challenges/${encodeURIComponent(c.id)}`);
    } catch (err) {
      ctx.toast(refusal(ctx, err), "error");
    }
  };

  const drawList = () => {
    const snap = state.last;
    if (!snap) return;
    const waiting = Object.values(snap.quick ?? {}).reduce((a, b) => a + b, 0);
    counts.textContent = [
      t("open.online", { n: snap.counts.online }),
      t("open.in_play", { n: snap.counts.in_play }),
      waiting ? t("open.quick_waiting", { n: waiting }) : null,
    ].filter(Boolean).join(" · ");
    clear(list);
    if (!snap.challenges.length) list.append(h("li", { class: "empty" }, t("open.none")));
    for (const c of snap.challenges) list.append(challengeItem(ctx, c, state.me, accept, cancel));
    clear(live);
    if (!snap.live.length) live.append(h("li", { class: "empty" }, t("open.no_live")));
    for (const g of snap.live) {
      live.append(
        h(
          "li",
          { class: "open-live-game", "data-room": g.room },
          h("span", { class: "open-what" }, h("strong", {}, g.players.map((p) => p.name).join(" — ")), h("small", {}, ctx.describe(g.game)?.name ?? g.game)),
          h("a", { class: "btn btn-small", href: g.href, onclick: (e) => { e.preventDefault(); ctx.navigate(g.href); } }, t("open.watch")),
        ),
      );
    }
  };

  const quickStop = async () => {
    clearInterval(state.quickTimer);
    state.quickTimer = null;
    state.quick = null;
    await call("DELETE", "/api/quick").catch(() => null);
    drawMe();
  };
  const quickAsk = async (game) => {
    try {
      const answer = await call("POST", "/api/quick", { game });
      if (answer.status === "paired") {
        clearInterval(state.quickTimer);
        ctx.store.saveSeats(answer.room, game, [{ seat: answer.seat, token: answer.token }]);
        go(answer.room);
        return;
      }
      if (!state.quick) {
        state.quick = game;
        // the window of ratings widens as one waits: ask again now and then
        state.quickTimer = setInterval(() => { if (state.quick) quickAsk(state.quick); }, 15000);
        drawMe();
      }
    } catch (err) {
      ctx.toast(refusal(ctx, err), "error");
    }
  };

  // the dialog's code is fetched when first wanted: the lobby's first load stays small
  const openPost = async () => {
    const { postDialog } = await import("./open-games-post.js");
    const dialog = postDialog(ctx);
    document.body.append(dialog);
    dialog.showModal();
  };

  const drawMe = () => {
    clear(who);
    clear(quickBox);
    if (!state.me) {
      // the profiles' own name chooser; a link to the account page where it is missing
      const form = state.forms?.profileForm
        ? state.forms.profileForm(ctx, { title: false })
        : h("a", { class: "btn btn-primary", href: "/?me" }, t("open.choose_name"));
      who.append(h("p", { class: "open-signin" }, t("open.signed_out")), form);
      return;
    }
    const games = twoPlayerGames(ctx);
    const quickGame = h("select", { id: "open-quick-game", "aria-label": t("open.game") }, games.map((g) => h("option", { value: g.id, selected: g.id === (state.quick ?? "kwinty") }, g.name)));
    quickBox.append(
      ...(state.quick
        ? [h("span", { class: "open-searching", role: "status" }, t("open.quick_searching", { game: ctx.describe(state.quick)?.name ?? state.quick })), h("button", { class: "btn btn-small", "data-action": "quick-stop", onclick: quickStop }, t("open.quick_stop"))]
        : [quickGame, h("button", { class: "btn", "data-action": "quick", onclick: () => quickAsk(quickGame.value) }, t("open.quick"))]),
    );
    who.append(
      h("p", { class: "open-as" }, t("open.playing_as", { name: state.me.name })),
      h(
        "div",
        { class: "open-actions" },
        h("button", { class: "btn btn-primary", "data-action": "post", onclick: openPost }, t("open.post")),
        quickBox,
      ),
    );
  };

  const connect = () => {
    if (state.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/open-games`);
    state.socket = socket;
    socket.addEventListener("message", (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      if (msg.type === "lobby") {
        state.last = msg;
        drawList();
      } else if (msg.type === "challenge_accepted") {
        // someone took our challenge: to the game at once (play.js claims our seat)
        state.quick = null;
        go(msg.room);
      }
    });
    socket.addEventListener("close", () => {
      if (state.closed || current !== state) return;
      state.retry = setTimeout(connect, 2000);
    });
  };

  const start = async () => {
    state.forms = await import("../profile-form.js").catch(() => null);
    state.me = await signedIn();
    if (state.closed) return;
    drawMe();
    connect();
  };
  // signing in or out on this page: the socket is opened again as the new profile
  import("../me.js")
    .then((mod) => {
      const stop = mod.onProfileChange?.(async () => {
        if (state.closed || current !== state) return;
        state.me = await signedIn();
        drawMe();
        drawList();
        state.socket?.close();
      });
      if (state.closed) stop?.();
      else state.unlisten = stop;
    })
    .catch(() => null);
  start();
  section.relabel = () => { drawMe(); drawList(); };
  return section;
}
