// The join page of a party (`/?join-code` or `/?join-code=CODE`, where `/j/CODE`
// leads): a phone gives the room code and a name. A party's waiting room keeps the phone
// here, to pick a colour, an avatar and the cheat sheet, until the game starts; then the
// phone becomes its seat's controller on the play page. No account: the phone's secret
// stays in the browser, so a phone that slept or reloaded comes back to its seat. An
// older party room (a room with a code) is joined at once.

import { clear, h, linkStyles } from "../dom.js";
import { party } from "./host.js";
import { avatar, COLOUR_HEX, guestName, lobbyApi, partyKeys } from "./party-look.js";

function playUrl(room, code) {
  return `/?room=${encodeURIComponent(room)}&party=${encodeURIComponent(code)}`;
}

export async function mount(main, ctx, params) {
  main.classList.add("join-main");
  const given = (params.get("join-code") ?? "").toUpperCase();
  // the join token the TV's link carries; typed by hand (the digits under the code) otherwise
  const linked = (params.get("t") ?? "").replace(/\D/g, "");
  const box = h("section", { class: "join-box panel" });
  main.append(box);
  let known = null; // the room the typed code names
  let stop = () => {};

  async function lookUp(code) {
    try {
      known = await party.code(code);
    } catch {
      known = null;
    }
    return known;
  }

  /** Into the game: the phone's party secret is its seat's token. */
  function enter(code, room, seat, token, game) {
    ctx.store.saveSeats(room, game, [{ seat, token }]);
    ctx.navigate(playUrl(room, code), { replace: true });
  }

  if (given) {
    const mine = partyKeys.guest(ctx.store, given);
    const lobby = await lobbyApi.status(given).catch(() => null);
    if (lobby && mine) {
      const me = await lobbyApi.me(given, mine.token).catch(() => null);
      if (me?.room && me.me.seat != null) {
        enter(given, me.room, me.me.seat, mine.token, me.game);
        return {};
      }
      if (me) return waitingRoom(given, mine, me);
    }
    if (!lobby) {
      // this phone already holds a seat there (it slept, or the page was reloaded): go back
      // (the code's lookup never tells the room: the phone remembers it from its join)
      const room = ctx.store.get(`tablier.party.room.${given}`);
      if (room && ctx.store.tokens(room).length) {
        ctx.navigate(`/?room=${encodeURIComponent(room)}`, { replace: true });
        return {};
      }
      await lookUp(given);
    }
  }

  /** The phone in the waiting room: its look, the cheat sheet, Commencer if it is first. */
  function waitingRoom(code, mine, first) {
    let status = first;
    let busy = false;
    main.classList.add("party-phone-wait");
    // a phone at a party: no site chrome, as in the game
    document.body.classList.add("party-phone");
    linkStyles(new URL("../../host.css", import.meta.url));
    // taps come faster than answers: each waits for the one before, none is lost
    let queue = Promise.resolve();
    const change = (body) => {
      queue = queue.then(async () => {
        busy = true;
        try {
          await lobbyApi.change(code, mine.guest, { token: mine.token, ...body });
          status = await lobbyApi.me(code, mine.token);
        } catch (err) {
          ctx.toast(err.message, "error");
        } finally {
          busy = false;
          draw();
        }
      });
      return queue;
    };
    function draw() {
      const { t } = ctx;
      const me = status.me;
      const guests = status.guests.filter((g) => !g.left);
      const firstHuman = guests.find((g) => g.kind === "human");
      const ready = guests.length >= status.min_players;
      clear(box).append(
        h(
          "div",
          { class: "party-wait" },
          h("div", { class: "party-me" }, avatar(me, { size: "72px" }), h("h1", { class: "party-hello" }, t("party.hello", { name: me.name }))),
          h("p", { class: "party-phone-lead" }, t("party.look_at_tv")),
          h("h2", {}, t("party.your_colour")),
          h(
            "div",
            { class: "party-picks", role: "group", "aria-label": t("party.your_colour") },
            status.colours.map((c) =>
              h("button", { type: "button", class: "party-pick", "data-colour": c, "aria-pressed": String(me.colour === c), "aria-label": t(`party.colour.${c}`), style: `--c:${COLOUR_HEX[c]}`, onclick: () => change({ colour: c }) }),
            ),
          ),
          h("h2", {}, t("party.your_avatar")),
          h(
            "div",
            { class: "party-picks", role: "group", "aria-label": t("party.your_avatar") },
            status.avatars.map((a) =>
              h("button", { type: "button", class: "party-pick party-pick-shape", "data-avatar": a, "aria-pressed": String(me.avatar === a), "aria-label": t(`party.avatar.${a}`), onclick: () => change({ avatar: a }) }, avatar({ colour: me.colour, avatar: a }, { size: "44px" })),
            ),
          ),
          h(
            "button",
            { type: "button", class: "party-toggle", "data-action": "cheat", "aria-pressed": String(me.cheat), onclick: () => change({ cheat: !me.cheat }) },
            h("span", { class: "party-toggle-box", "aria-hidden": "true" }, me.cheat ? "✓" : ""),
            h("span", {}, h("strong", {}, t("party.cheat_title")), h("small", {}, t("party.cheat_help"))),
          ),
          h("h2", {}, t("party.guests", { n: guests.length, max: status.max_players })),
          h("ul", { class: "party-phone-guests" }, guests.map((g) => h("li", {}, avatar(g, { size: "32px" }), h("span", {}, guestName(t, g))))),
          firstHuman?.id === me.id
            ? h(
                "button",
                {
                  type: "button",
                  class: "btn btn-primary party-phone-start",
                  "data-action": "start",
                  disabled: !ready,
                  onclick: async () => {
                    try {
                      status = { ...status, ...(await lobbyApi.start(code, mine.token)) };
                      follow();
                    } catch (err) {
                      ctx.toast(err.message, "error");
                    }
                  },
                },
                t("party.start"),
              )
            : null,
          h("p", { class: "party-hint" }, ready ? t("party.wait_start") : t("party.waiting_more", { n: status.min_players - guests.length })),
          h(
            "details",
            { class: "party-menu" },
            h("summary", {}, t("party.menu")),
            h(
              "button",
              {
                type: "button",
                class: "btn btn-danger",
                "data-action": "leave",
                onclick: async () => {
                  if (!confirm(t("party.leave_confirm"))) return;
                  await lobbyApi.leave(code, mine.guest, mine.token).catch(() => null);
                  partyKeys.setGuest(ctx.store, code, null);
                  stop();
                  ctx.navigate("/", { replace: true });
                },
              },
              t("party.leave"),
            ),
          ),
        ),
      );
    }
    function follow() {
      if (status.room && status.me?.seat != null) {
        stop();
        enter(code, status.room, status.me.seat, mine.token, status.game);
        return true;
      }
      return false;
    }
    let shown = "";
    const poll = setInterval(async () => {
      if (busy) return;
      try {
        status = await lobbyApi.me(code, mine.token);
      } catch {
        return;
      }
      if (follow()) return;
      const seen = JSON.stringify(status);
      if (seen !== shown) {
        shown = seen;
        draw();
      }
    }, 1000);
    stop = () => {
      clearInterval(poll);
      document.body.classList.remove("party-phone");
    };
    draw();
    return { relabel: draw, destroy: () => stop() };
  }

  function draw() {
    const { t } = ctx;
    const code = h("input", { name: "code", id: "join-code", class: "join-code-input", value: given, maxlength: 8, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", required: true, inputmode: "text" });
    const name = h("input", { name: "name", id: "join-name", value: ctx.store.name() ?? "", maxlength: 40, autocomplete: "nickname", required: true });
    const key = h("input", { name: "key", id: "join-key", class: "join-key-input", value: linked, maxlength: 4, autocomplete: "off", inputmode: "numeric", pattern: "[0-9]{4}", required: true });
    const error = h("p", { class: "form-error", role: "alert" });
    const facts = h("p", { class: "help join-facts" }, known ? t("join.room_facts", { game: ctx.describe(known.game)?.name ?? known.game, n: known.free_seats.length }) : "");
    const form = h(
      "form",
      {
        class: "join-form",
        onsubmit: async (e) => {
          e.preventDefault();
          error.textContent = "";
          const wanted = code.value.replace(/[\s-]+/g, "").toUpperCase();
          const who = name.value.trim();
          const joinToken = key.value.replace(/\D/g, "");
          if (!wanted || !who) return;
          const lobby = await lobbyApi.status(wanted).catch(() => null);
          try {
            if (lobby) {
              const joined = await lobbyApi.join(wanted, who, joinToken);
              ctx.store.setName(who);
              const mine = { guest: joined.guest, token: joined.token };
              partyKeys.setGuest(ctx.store, wanted, mine);
              if (joined.room) {
                enter(wanted, joined.room, joined.seat, joined.token, lobby.game);
                return;
              }
              history.replaceState(null, "", `/?join-code=${wanted}`);
              const view = waitingRoom(wanted, mine, await lobbyApi.me(wanted, joined.token));
              destroyWaiting = view.destroy;
              return;
            }
            const joined = await party.join(wanted, { name: who, player_id: ctx.store.playerId(), join_token: joinToken || null });
            ctx.store.setName(who);
            ctx.store.saveSeats(joined.room, joined.game, [{ seat: joined.seat, token: joined.token }]);
            ctx.store.set(`tablier.party.room.${wanted}`, joined.room);
            ctx.navigate(`/?room=${encodeURIComponent(joined.room)}`, { replace: true });
          } catch (err) {
            const why = err.body?.code;
            error.textContent =
              why === "unknown_code" ? t("join.unknown_code")
              : why === "room_full" || why === "full" ? t("join.room_full")
              : why === "started" ? t("party.already_started")
              : why === "bad_join_token" ? t("join.bad_key")
              : why === "too_many_codes" ? t("join.too_many")
              : err.message;
          }
        },
      },
      h("h1", {}, t("join.title")),
      h("label", { for: "join-code" }, t("join.code")),
      code,
      facts,
      // from the TV's link or QR code the digits are known already: nothing to type
      linked ? null : h("label", { for: "join-key" }, t("join.key")),
      linked ? null : key,
      h("label", { for: "join-name" }, t("join.name")),
      name,
      error,
      h("button", { type: "submit", class: "btn btn-primary join-go", "data-action": "join-code" }, t("join.go")),
    );
    clear(box).append(form);
    (given ? name : code).focus();
  }
  let destroyWaiting = () => {};
  await ctx.gameList();
  draw();
  return { relabel: draw, destroy: () => destroyWaiting() };
}
