// The TV's waiting room of a party (`/?host&party=CODE`): the code, a big QR code and the
// join link; the guests appear with their colour and avatar as their phones join; the
// options and each guest's cheat sheet are set here; Commencer starts the game once
// enough are in. Nothing is timed here: the game does not exist yet.

import { clear, h } from "../dom.js";
import { avatar, guestName, lobbyApi, partyKeys, toggleFullscreen } from "./party-look.js";
import { party } from "./host.js";

// the options a party chooses before starting, with the values offered on the TV
const CHOICES = [
  { name: "cards_to_win", values: [3, 4, 5] },
  { name: "die", values: [true, false] },
  { name: "prep_rounds", values: [1, 2] },
  { name: "answer_seconds", values: [20, 30, 60, null] },
  { name: "difficulty", values: ["base", "all"] },
  { name: "deck", values: ["base-fr", "test-fr"] },
];

export async function mountLobby(main, ctx, code) {
  document.body.classList.add("party-tv");
  const { store } = ctx;
  const token = partyKeys.host(store, code);
  // the host's view carries the join token (the QR code's link and the digits shown)
  const look = () => (token ? lobbyApi.host(code, token) : lobbyApi.status(code));
  let status;
  try {
    status = await look();
  } catch (err) {
    main.append(h("section", { class: "notice" }, h("h1", {}, ctx.t("join.unknown_code")), h("p", {}, err.message)));
    return { destroy: () => document.body.classList.remove("party-tv") };
  }
  await ctx.gameList();
  const game = ctx.describe(status.game) ?? { id: status.game, name: status.game, options: [] };
  const root = h("section", { class: "party-lobby", "data-code": code });
  main.append(root);
  let problem = "";
  let busy = false;
  let shown = "";

  const optionValue = (name) => status.options[name] ?? game.options?.find((o) => o.name === name)?.default;

  // taps come faster than answers: each waits for the one before, none is lost
  let queue = Promise.resolve();
  /** A deck the server refused: its first problem, and how many more there are. */
  function refusedUpload(body) {
    const first = body.problems[0] ?? {};
    const where = first.line ? `${ctx.t("host.upload_line", { n: first.line })} ` : "";
    const field = first.field ? `${first.field} : ` : "";
    const more = body.more_text ? ` ${body.more_text[ctx.lang] ?? body.more_text.fr}` : "";
    return `${ctx.t("host.upload_bad")} ${where}${field}${first.problem ?? ""}${more}`;
  }

  function act(work) {
    queue = queue.then(async () => {
      busy = true;
      problem = "";
      try {
        const answer = await work();
        if (answer?.code) status = answer;
        if (answer?.room) follow(answer);
      } catch (err) {
        problem = err.body?.code === "players" ? ctx.t("party.need_players", { min: status.min_players, max: status.max_players })
          : err.body?.code === "upload_quota" ? ctx.t("party.upload_quota")
          : err.body?.problems ? refusedUpload(err.body)
          : err.message;
      } finally {
        busy = false;
        draw();
      }
    });
    return queue;
  }

  function valueLabel(name, value) {
    const { t } = ctx;
    if (value === null) return t("party.opt.no_clock");
    if (typeof value === "boolean") return t(value ? "party.opt.with" : "party.opt.without");
    if (name === "answer_seconds") return t("party.opt.seconds", { n: value });
    if (t.has(`party.opt.${name}_${value}`)) return t(`party.opt.${name}_${value}`);
    return String(value);
  }

  function optionsPanel() {
    const { t } = ctx;
    const rows = CHOICES.map(({ name, values }) => {
      const current = optionValue(name);
      return h(
        "div",
        { class: "party-option", "data-option": name },
        h("span", { class: "party-option-label" }, t(`party.opt.${name}`)),
        h(
          "span",
          { class: "party-segments", role: "group", "aria-label": t(`party.opt.${name}`) },
          values.map((value) =>
            h(
              "button",
              {
                type: "button",
                class: "party-segment",
                "aria-pressed": String(current === value),
                "data-value": String(value),
                disabled: !token,
                onclick: () => act(() => lobbyApi.options(code, token, { ...status.options, [name]: value })),
              },
              valueLabel(name, value),
            ),
          ),
        ),
      );
    });
    // a deck of one's own, checked by the server and kept for this party
    const deck = String(optionValue("deck") ?? "");
    const file = h("input", {
      type: "file",
      accept: ".toml,.csv,text/csv",
      id: "party-upload",
      class: "party-file",
      onchange: () =>
        act(async () => {
          const picked = file.files?.[0];
          if (!picked) return null;
          const format = picked.name.toLowerCase().endsWith(".csv") ? "csv" : "toml";
          const upload = await party.upload({ game: game.id, option: "deck", text: await picked.text(), format, name: picked.name.replace(/\.\w+$/, "") });
          return lobbyApi.options(code, token, { ...status.options, deck: upload.value });
        }),
    });
    rows.push(
      h(
        "div",
        { class: "party-option" },
        h("span", { class: "party-option-label" }, t("party.opt.own_deck")),
        h("label", { class: "party-segment party-upload", for: "party-upload", "aria-pressed": String(deck.startsWith("room:")) }, deck.startsWith("room:") ? t("party.opt.own_deck_ok") : t("party.opt.own_deck_pick")),
        file,
      ),
    );
    return h("section", { class: "party-options", "aria-label": t("party.options") }, h("h2", {}, t("party.options")), rows);
  }

  function guestTile(guest) {
    const { t } = ctx;
    return h(
      "li",
      { class: `party-guest party-guest-${guest.kind}`, "data-guest": guest.id, style: `--c: var(--party-${guest.colour})` },
      avatar(guest, { size: "2.2em" }),
      h("span", { class: "party-guest-name" }, guestName(t, guest)),
      guest.kind === "human"
        ? h(
            "button",
            {
              type: "button",
              class: "party-chip",
              "data-action": "cheat",
              "aria-pressed": String(guest.cheat),
              disabled: !token,
              onclick: () => act(() => lobbyApi.change(code, guest.id, { token, cheat: !guest.cheat })),
            },
            guest.cheat ? t("party.cheat_on") : t("party.cheat_off"),
          )
        : null,
      token
        ? h("button", { type: "button", class: "party-chip party-remove", "data-action": "remove", "aria-label": t("party.remove", { name: guest.name }), onclick: () => act(() => lobbyApi.leave(code, guest.id, token)) }, "✕")
        : null,
    );
  }

  function draw() {
    const { t } = ctx;
    const guests = status.guests.filter((g) => !g.left);
    const ready = guests.length >= status.min_players && guests.length <= status.max_players;
    const short = Math.max(0, status.min_players - guests.length);
    const address = status.join_url.replace(/^https?:\/\//, "");
    clear(root).append(
      h(
        "header",
        { class: "party-bar" },
        h("h1", { class: "party-title" }, t("party.title", { game: game.name })),
        h("button", { type: "button", class: "party-chip", "data-action": "fullscreen", onclick: () => toggleFullscreen() }, t("party.fullscreen")),
      ),
      h(
        "div",
        { class: "party-columns" },
        h(
          "section",
          { class: "party-join" },
          h("p", { class: "party-lead" }, t("party.join_lead")),
          h("img", { class: "party-qr", src: status.qr, alt: t("host.qr_alt", { url: status.join_url }) }),
          h("p", { class: "party-url" }, address.replace(/\/j\/.*$/, ""), h("span", {}, "/j/"), h("strong", {}, status.code)),
          h("p", { class: "party-code", "aria-label": t("host.code"), "data-code": status.code }, [...status.code].map((c) => h("span", {}, c))),
          status.join_token ? h("p", { class: "party-key", "data-key": status.join_token }, t("party.join_key", { key: status.join_token })) : null,
        ),
        h(
          "section",
          { class: "party-side" },
          h("h2", {}, t("party.guests", { n: guests.length, max: status.max_players })),
          guests.length ? h("ol", { class: "party-guests" }, guests.map(guestTile)) : h("p", { class: "party-empty" }, t("party.nobody_yet")),
          token && guests.length < status.max_players
            ? h("button", { type: "button", class: "party-chip", "data-action": "add-computer", onclick: () => act(() => lobbyApi.computer(code, token, "medium")) }, "+ ", t("party.add_computer"))
            : null,
          h("div", { class: "party-go" },
            problem ? h("p", { class: "party-problem", role: "alert" }, problem) : null,
            h(
              "button",
              { type: "button", class: "party-start", "data-action": "start", disabled: !ready || !token, onclick: () => act(() => lobbyApi.start(code, token)) },
              t("party.start"),
            ),
            h("p", { class: "party-hint" }, ready ? t("party.ready", { n: guests.length }) : t("party.waiting_more", { n: short })),
          ),
        ),
        h("section", { class: "party-side party-settings" }, optionsPanel()),
      ),
    );
  }

  function follow(next) {
    status = next;
    if (status.room) {
      ctx.navigate(`/?host=${encodeURIComponent(status.room)}&party=${encodeURIComponent(code)}`, { replace: true });
      return true;
    }
    const seen = JSON.stringify(status);
    if (seen !== shown && !busy) {
      shown = seen;
      draw();
    }
    return false;
  }

  draw();
  let stopped = false;
  const poll = setInterval(async () => {
    if (stopped || busy) return;
    try {
      if (follow(await look())) stopped = true;
    } catch {
      // the server is away for a moment: the screen keeps what it shows
    }
  }, 1000);
  return {
    relabel: draw,
    destroy: () => {
      stopped = true;
      clearInterval(poll);
      document.body.classList.remove("party-tv");
    },
  };
}

/** `/?host` for a party game: open a waiting room at once and show it. */
export async function openLobby(ctx, gameId) {
  const opened = await lobbyApi.open(gameId);
  partyKeys.setHost(ctx.store, opened.code, opened.host_token);
  ctx.navigate(`/?host&party=${encodeURIComponent(opened.code)}`, { replace: true });
}
