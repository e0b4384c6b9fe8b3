// Home page: the games, creating a game, my games.

import { gameArt } from "../art.js";
import { clear, h } from "../dom.js";
import { pick } from "../i18n.js";
import { valueLabel } from "../options.js";
import { resultFor, seatsInGame } from "../protocol.js";
import { learned } from "./tutorial.js";
import { dailyProblem } from "./daily-problem.js";
import { closeOpenGames, openGames } from "./open-games.js";

const ICON_PLAYERS = `<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="9" cy="8" r="3.5"/><path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6"/><circle cx="17" cy="9" r="2.5"/><path d="M17 14c2.6 0 4.5 1.8 4.5 4.5"/></svg>`;
const ICON_CLOCK = `<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/></svg>`;

export const CLOCKS = {
  none: null,
  blitz: { mode: "total", seconds: 300, increment: 5 },
  rapid: { mode: "total", seconds: 600, increment: 10 },
  move: { mode: "move", seconds: 30 },
};

export const LEVELS = ["easy", "medium", "hard", "expert", "random"];

function playerCount(game, t) {
  return game.min_players === game.max_players
    ? t("lobby.players", { n: game.min_players })
    : t("lobby.players_range", { min: game.min_players, max: game.max_players });
}

function duration(game, t) {
  const [a, b] = game.duration_minutes ?? [];
  return a ? t("lobby.minutes", { min: a, max: b ?? a }) : "";
}

// a number with − and + buttons around it (a stepper), and "none" as a checkbox when allowed
function stepper(option, id, lang) {
  const input = h("input", { type: "number", id, name: option.name, value: option.default ?? option.minimum ?? "", min: option.minimum ?? undefined, max: option.maximum ?? undefined, inputmode: "numeric" });
  const step = (by) => () => {
    const next = (Number(input.value) || 0) + by;
    const low = option.minimum ?? -Infinity;
    const high = option.maximum ?? Infinity;
    input.value = String(Math.min(high, Math.max(low, next)));
  };
  const row = h(
    "span",
    { class: "stepper" },
    h("button", { type: "button", class: "btn btn-small", "aria-label": "−", onclick: step(-1) }, "−"),
    input,
    h("button", { type: "button", class: "btn btn-small", "aria-label": "+", onclick: step(1) }, "+"),
  );
  if (!option.nullable) return row;
  const none = h("input", { type: "checkbox", id: `${id}-none`, "data-none": option.name, checked: option.default == null });
  const sync = () => {
    input.disabled = none.checked;
    row.querySelectorAll("button").forEach((b) => { b.disabled = none.checked; });
  };
  none.addEventListener("change", sync);
  sync();
  return h("span", { class: "stepper-row" }, row, h("label", { class: "inline-check" }, none, " ", valueLabel(option, null, lang)));
}

export function optionControl(game, option, ctx) {
  const { lang } = ctx;
  const id = `opt-${game.id}-${option.name}`;
  const label = pick(option.label, lang) || option.name;
  const help = pick(option.help, lang);
  const explain = (value) => pick(option.value_help?.[String(value)] ?? {}, lang);
  if (option.parts) {
    // a selection among named parts (the die's faces): one checkbox each
    const chosen = new Set(String(option.default ?? "").split(",").filter(Boolean));
    return h(
      "fieldset",
      { class: "field field-parts", "data-parts": option.name },
      h("legend", {}, label),
      help ? h("p", { class: "help" }, help) : null,
      option.parts.map((part) =>
        h(
          "label",
          { class: "choice choice-part", title: explain(part) || null },
          h("input", { type: "checkbox", name: `${option.name}.${part}`, value: part, checked: chosen.has(part) }),
          h("span", { class: "choice-text" }, h("strong", {}, valueLabel(option, part, lang)), explain(part) ? h("small", {}, explain(part)) : null),
        ),
      ),
    );
  }
  let control;
  let note = null;
  if (option.kind === "bool") {
    control = h("input", { type: "checkbox", id, name: option.name, checked: option.default === true });
  } else if (option.resources?.length) {
    // a shipped resource (a deck): one of the names the server accepts, by its label
    control = h(
      "select",
      { id, name: option.name },
      option.resources.map((r) => h("option", { value: r, selected: r === option.default }, valueLabel(option, r, lang))),
    );
  } else if (option.choices) {
    // each value by its label; the chosen one's explanation under the list
    note = h("p", { class: "help value-help", id: `${id}-value` }, explain(option.default));
    control = h(
      "select",
      { id, name: option.name, "aria-describedby": `${id}-value`, onchange: (e) => { note.textContent = explain(e.target.value); } },
      option.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(option.default), title: explain(c) || null }, valueLabel(option, c, lang))),
    );
  } else if (option.kind === "int") {
    control = stepper(option, id, lang);
  } else {
    control = h("input", { type: "text", id, name: option.name, value: option.default ?? "" });
  }
  return h(
    "div",
    { class: `field field-${option.kind === "bool" ? "check" : "line"}` },
    option.kind === "bool" ? [control, h("label", { for: id }, label)] : [h("label", { for: id }, label), control],
    help ? h("p", { class: "help", id: `${id}-help` }, help) : null,
    note && Object.keys(option.value_help ?? {}).length ? note : null,
  );
}

export function readOptions(form, game) {
  const options = {};
  for (const option of game.options) {
    let value;
    if (option.parts) {
      value = option.parts.filter((part) => form.elements.namedItem(`${option.name}.${part}`)?.checked).join(",");
    } else {
      const el = form.elements.namedItem(option.name);
      if (!el) continue;
      if (option.kind === "bool") value = el.checked;
      else if (option.kind === "int") value = el.disabled || el.value === "" ? null : Number(el.value);
      else value = el.value;
    }
    if (JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
  }
  return options;
}

const RATED_REFUSALS = ["profile_needed", "rated_needs_people"];

const COMPUTER_NAMES = ["Camille", "Dominique", "Sacha", "Alix", "Maxime", "Claude"];

/** The body of POST /api/rooms for the choices of the form. */
export function roomRequest({ game, options, opponent, level, players, first, name, playerId, clock = "none" }) {
  const me = { kind: "human", mine: true, ...(name ? { name } : {}) };
  const count = players ?? game.min_players;
  let seats;
  if (opponent === "local") seats = Array.from({ length: count }, () => ({ kind: "human", mine: true }));
  else if (opponent === "computer")
    // several computers at one table are told apart by a first name ("Ordinateur Camille (moyen)")
    seats = [me, ...Array.from({ length: count - 1 }, (_, i) => ({ kind: "computer", level, ...(count > 2 ? { name: COMPUTER_NAMES[i] } : {}) }))];
  else seats = [me, ...Array.from({ length: count - 1 }, () => ({ kind: "human" }))];
  const body = { game: game.id, options, players: count, seats, player_id: playerId };
  if (CLOCKS[clock]) body.clock = { ...CLOCKS[clock] };
  if (count === 2 && opponent !== "local" && first !== "lots") {
    body.seating = "as_listed";
    if (first === "other") body.seats = [seats[1], seats[0]];
  }
  return body;
}

function createDialog(game, ctx) {
  const { t, store } = ctx;
  const dialog = h("dialog", { class: "create", "aria-labelledby": "create-title" });
  const levelSelect = h(
    "select",
    { name: "level", id: "level" },
    LEVELS.map((l) => h("option", { value: l, selected: l === "medium" }, t(`levels.${l}`))),
  );
  const range = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) range.push(n);
  // newcomers want to try against the computer first
  const opponents = [
    ["computer", t("create.computer"), t("create.computer_help")],
    ["online", t("create.online"), t("create.online_help")],
    ["local", t("create.local"), t("create.local_help")],
  ];
  // with friends online: "Amicale / Classée" (views/rated-choice.js, loaded now)
  const ratedSlot = h("div", { class: "rated-slot", hidden: true });
  const nameInput = h("input", { id: "name", name: "name", maxlength: 40, autocomplete: "nickname", value: store.name(), placeholder: t("create.name_placeholder") });
  const nameField = h("div", { class: "field field-line" }, h("label", { for: "name" }, t("create.name")), nameInput);
  let rated = null;
  const form = h(
    "form",
    { method: "dialog", class: "create-form" },
    h("h2", { id: "create-title" }, h("span", { class: "create-art", html: gameArt(game) }), t("create.title", { game: game.name })),
    h(
      "fieldset",
      { class: "opponents" },
      h("legend", {}, t("create.opponent")),
      opponents.map(([value, label, help], i) =>
        h(
          "label",
          { class: "choice" },
          h("input", { type: "radio", name: "opponent", value, checked: value === (game.default_opponent ?? "computer") }),
          h("span", { class: "choice-text" }, h("strong", {}, label), h("small", {}, help)),
        ),
      ),
      h("div", { class: "field field-line level-field" }, h("label", { for: "level" }, t("create.level")), levelSelect),
    ),
    ratedSlot,
    range.length > 1
      ? h(
          "div",
          { class: "field field-line" },
          h("label", { for: "players" }, t("create.players")),
          h("select", { id: "players", name: "players" }, range.map((n) => h("option", { value: n }, String(n)))),
        )
      : null,
    game.max_players === 2
      ? h(
          "div",
          { class: "field field-line" },
          h("label", { for: "first" }, t("create.first")),
          h(
            "select",
            { id: "first", name: "first" },
            ["lots", "me", "other"].map((v) => h("option", { value: v, selected: v === (game.draws_lots ? "lots" : "me") }, t(`create.first_${v}`))),
          ),
        )
      : null,
    h(
      "div",
      { class: "field field-line" },
      h("label", { for: "clock" }, t("create.clock")),
      h("select", { id: "clock", name: "clock" }, Object.keys(CLOCKS).map((k) => h("option", { value: k }, t(`create.clock_${k}`)))),
    ),
    nameField,
    game.options.length
      ? h("details", { class: "variants", open: game.options.length <= 3 }, h("summary", {}, t("create.options")), game.options.map((o) => optionControl(game, o, ctx)))
      : null,
    h("p", { class: "form-error", role: "alert" }),
    h(
      "div",
      { class: "dialog-buttons" },
      h("button", { type: "button", class: "btn btn-ghost", onclick: () => dialog.close() }, t("common.cancel")),
      h("button", { type: "submit", class: "btn btn-primary", value: "create" }, t("create.start")),
    ),
  );
  const syncLevel = () => {
    const computer = form.elements.namedItem("opponent").value === "computer";
    form.querySelector(".level-field").hidden = !computer;
    ratedSlot.hidden = form.elements.namedItem("opponent").value !== "online";
    rated?.sync();
  };
  form.addEventListener("change", syncLevel);
  syncLevel();
  import("./rated-choice.js")
    .then((mod) => mod.ratedChoice(ratedSlot, ctx, { nameField, nameInput }))
    .then((choice) => {
      rated = choice;
      if (!dialog.isConnected) choice.stop();
      syncLevel();
    })
    .catch(() => null);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const errorBox = form.querySelector(".form-error");
    errorBox.textContent = "";
    const name = form.elements.namedItem("name").value.trim();
    store.setName(name);
    const body = roomRequest({
      game,
      options: readOptions(form, game),
      opponent: form.elements.namedItem("opponent").value,
      level: levelSelect.value,
      players: range.length > 1 ? Number(form.elements.namedItem("players").value) : game.min_players,
      first: form.elements.namedItem("first")?.value ?? "lots",
      clock: form.elements.namedItem("clock").value,
      name,
      playerId: store.playerId(),
    });
    if (rated?.rated()) body.rated = true;
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const room = await ctx.api.createRoom(body);
      store.saveSeats(room.room, game.id, room.my_seats, { invite: room.links?.invite ?? null });
      dialog.close();
      ctx.navigate(`/?room=${encodeURIComponent(room.room)}`);
    } catch (err) {
      const code = err.body?.code;
      errorBox.textContent = RATED_REFUSALS.includes(code) ? t(`rated.errors.${code}`) : t("create.failed", { why: err.message });
    } finally {
      button.disabled = false;
    }
  });
  dialog.append(form);
  dialog.addEventListener("close", () => {
    rated?.stop();
    dialog.remove();
  });
  return dialog;
}

function gameCard(game, ctx) {
  const { t, lang } = ctx;
  return h(
    "article",
    { class: "game-card", "data-game": game.id },
    h("div", { class: "game-art", html: gameArt(game) }),
    h(
      "div",
      { class: "game-body" },
      h("h3", {}, game.name),
      h("p", { class: "pitch" }, pick(game.pitch, lang)),
      h(
        "p",
        { class: "facts" },
        h("span", { class: "fact", html: ICON_PLAYERS }, playerCount(game, t)),
        h("span", { class: "fact", html: ICON_CLOCK }, duration(game, t)),
      ),
      // a game for a party night leads with it: a shared screen and everyone's phone
      game.party
        ? h(
            "a",
            {
              class: "btn btn-primary",
              "data-action": "party",
              style: "display:flex;flex-direction:column;align-items:flex-start;gap:2px;margin:4px 0 10px;text-align:left;line-height:1.25",
              href: `/?host&game=${game.id}`,
              onclick: (e) => {
                e.preventDefault();
                ctx.navigate(`/?host&game=${game.id}`);
              },
            },
            h("strong", {}, t("party.lobby_lead")),
            h("small", {}, t("party.lobby_lead_help")),
          )
        : null,
      h(
        "div",
        { class: "card-buttons" },
        h(
          "button",
          {
            type: "button",
            class: `btn ${game.party ? "" : "btn-primary"}`,
            "data-action": "create",
            title: game.party ? t("party.other_ways") : null,
            onclick: () => openCreate(game, ctx),
          },
          game.party ? t("party.other_ways") : t("lobby.play"),
        ),
        h(
          "a",
          {
            class: "btn btn-ghost",
            href: `/?rules=${game.id}`,
            onclick: (e) => {
              e.preventDefault();
              ctx.navigate(`/?rules=${game.id}`);
            },
          },
          t("lobby.rules"),
        ),
        // a first-time visitor of the game is pointed at its guided first game
        game.tutorial
          ? h(
              "a",
              {
                class: `btn ${learned(ctx.store, game.id) ? "btn-ghost" : "btn-learn-new"}`,
                "data-action": "learn",
                href: `/?learn=${game.id}`,
                title: learned(ctx.store, game.id) ? t("tutorial.lobby_done") : t("tutorial.lobby_new"),
                style: learned(ctx.store, game.id) ? null : "border:2px solid var(--accent);background:var(--accent-soft);font-weight:600",
                onclick: (e) => {
                  e.preventDefault();
                  ctx.navigate(`/?learn=${game.id}`);
                },
              },
              learned(ctx.store, game.id) ? "✓ " : "★ ",
              t("tutorial.lobby_button"),
            )
          : null,
      ),
    ),
  );
}

async function myGames(ctx, box) {
  const { t, store, api } = ctx;
  const rooms = store.rooms();
  const ids = Object.keys(rooms);
  clear(box);
  if (!ids.length) {
    box.append(h("p", { class: "empty" }, t("lobby.no_games")));
    return;
  }
  let remote = [];
  try {
    remote = await api.playerGames(store.playerId());
  } catch {
    remote = [];
  }
  const statuses = await Promise.all(
    ids.map((id) => api.room(id).then((s) => [id, s]).catch(() => [id, null])),
  );
  const live = [];
  const done = [];
  for (const [id, status] of statuses.sort((a, b) => (rooms[b[0]].created ?? 0) - (rooms[a[0]].created ?? 0))) {
    if (!status) continue;
    // the server knows the seat of each game (a rematch may reseat); the stored one is a fallback
    const mine = seatsInGame(remote, id, status.game_number) ?? rooms[id].seats.map((s) => s.seat);
    const game = ctx.describe(status.game);
    const row = {
      id,
      status,
      name: game?.name ?? status.game,
      yourTurn: !status.finished && status.awaited.some((a) => mine.includes(a)),
      result: status.finished ? resultFor(status.outcome, mine.length === 1 ? mine[0] : null) : null,
    };
    (status.finished ? done : live).push(row);
  }
  // finished games of earlier rounds in the same rooms, as the server lists them
  const earlier = remote.filter((g) => g.finished && !done.some((d) => d.id === g.room && d.status.game_number === g.game_number));
  const go = (url) => (e) => {
    e.preventDefault();
    ctx.navigate(url);
  };
  const item = (row) =>
    h(
      "li",
      { class: "my-game", "data-room": row.id },
      h("span", { class: "my-game-art", html: gameArt(ctx.describe(row.status.game)) }),
      h(
        "span",
        { class: "my-game-text" },
        h("strong", {}, row.name),
        h(
          "small",
          {},
          row.status.finished
            ? row.result
              ? t(`result.${row.result}`)
              : t("lobby.finished")
            : row.yourTurn
              ? t("lobby.your_turn")
              : row.status.seats.some((seat) => seat.kind === "human" && !seat.taken)
                ? t("lobby.waiting_join")
                : t("lobby.in_progress", { n: row.status.move_count }),
        ),
      ),
      row.status.finished
        ? h("a", { class: "btn btn-small", href: `/?room=${row.id}&replay=${row.status.game_number}`, onclick: go(`/?room=${row.id}&replay=${row.status.game_number}`) }, t("lobby.replay"))
        : h("a", { class: `btn btn-small ${row.yourTurn ? "btn-primary" : ""}`, href: `/?room=${row.id}`, onclick: go(`/?room=${row.id}`) }, t("lobby.resume")),
    );
  if (live.length) box.append(h("h3", {}, t("lobby.unfinished")), h("ul", { class: "my-games" }, live.map(item)));
  if (done.length || earlier.length) {
    box.append(
      h("h3", {}, t("lobby.finished_games")),
      h(
        "ul",
        { class: "my-games" },
        done.map(item),
        earlier.map((g) =>
          h(
            "li",
            { class: "my-game" },
            h("span", { class: "my-game-art", html: gameArt(ctx.describe(g.game)) }),
            h("span", { class: "my-game-text" }, h("strong", {}, ctx.describe(g.game)?.name ?? g.game), h("small", {}, t("lobby.game_n", { n: g.game_number }), resultFor(g.outcome, g.seat) ? ` — ${t(`result.${resultFor(g.outcome, g.seat)}`)}` : "")),
            h("a", { class: "btn btn-small", href: `/?room=${g.room}&replay=${g.game_number}`, onclick: go(`/?room=${g.room}&replay=${g.game_number}`) }, t("lobby.replay")),
          ),
        ),
      ),
    );
  }
  if (!live.length && !done.length && !earlier.length) box.append(h("p", { class: "empty" }, t("lobby.no_games")));
}

// The "Classements" entry, drawn here: importing the leaderboard view (and the player
// page it uses) would weigh on the lobby's first load; the link loads them when used.
function leaderboardsEntry(ctx) {
  const { t } = ctx;
  const url = "/?leaderboard=kwinty";
  const go = (e) => {
    if (e.button === 0 && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      ctx.navigate(url);
    }
  };
  return h(
    "section",
    { class: "boards-entry", "aria-labelledby": "boards-entry-title" },
    h("h2", { id: "boards-entry-title" }, t("leaderboard.entry_title")),
    h("p", { class: "help" }, t("leaderboard.entry_help")),
    h("a", { class: "btn", href: url, onclick: go }, t("leaderboard.entry_link")),
  );
}

function openCreate(game, ctx) {
  const dialog = createDialog(game, ctx);
  document.body.append(dialog);
  dialog.showModal();
}

export async function mount(main, ctx, params) {
  main.classList.add("lobby");
  const games = await ctx.gameList();
  const grid = h("div", { class: "game-grid" });
  const mine = h("div", { class: "my-games-box" });
  const draw = () => {
    const { t } = ctx;
    clear(main);
    main.append(
      h(
        "section",
        { class: "hero" },
        h("h1", {}, t("lobby.title")),
        h("p", {}, t("lobby.subtitle")),
      ),
      h("section", { id: "games", "aria-labelledby": "games-title" }, h("h2", { id: "games-title" }, t("lobby.games")), grid),
      openGames(ctx),
      dailyProblem(ctx),
      leaderboardsEntry(ctx),
      h("section", { id: "my-games", class: "my-games-section", "aria-labelledby": "my-title" }, h("h2", { id: "my-title" }, t("lobby.my_games")), mine),
    );
    clear(grid);
    // the games' own rank: the featured ones first
    const sorted = [...games].sort((a, b) => (a.rank ?? 50) - (b.rank ?? 50));
    for (const game of sorted) grid.append(gameCard(game, ctx));
    myGames(ctx, mine);
  };
  draw();
  // the rules pages link here to start a game at once
  const wanted = games.find((g) => g.id === params?.get("create"));
  if (wanted) openCreate(wanted, ctx);
  return {
    relabel: draw,
    destroy: () => {
      document.querySelector("dialog.create")?.close();
      closeOpenGames();
    },
  };
}
