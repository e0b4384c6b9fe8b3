// The play page: one room, its connection, the board and everything around it.

import { clear, h } from "../dom.js";
import {
  actingSeat,
  emptyModel,
  heldVoidDeal,
  isReseat,
  needsHandOver,
  reduce,
  hintMessage,
  rematchMessage,
  resignMessage,
  resultFor,
  RoomConnection,
  socketUrl,
  stateFor,
  viewSeat,
} from "../protocol.js";
import { createBoard } from "../boards/registry.js";
import { valueLabel } from "../options.js";
import { pick } from "../i18n.js";
import { outcomeText, seatColour, seatName } from "./names.js";
import { seatStep } from "./seat-name.js";


/** Seconds as m:ss (h:mm:ss beyond an hour). */
export function formatClock(seconds) {
  const total = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

function freeHumanSeats(status) {
  return status.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat);
}

async function joinSeat(ctx, room, seat, name = ctx.store.name()) {
  const { store, api } = ctx;
  const body = { player_id: store.playerId() };
  if (seat != null) body.seat = seat;
  if (name) body.name = name;
  const answer = await api.join(room, body);
  store.saveSeats(room, null, [{ seat: answer.seat, token: answer.token }]);
  return answer;
}

function seated(ctx, room, game) {
  ctx.store.saveSeats(room, game.id, []);
  ctx.navigate(`/?room=${encodeURIComponent(room)}`, { replace: true });
}

// a signed-in player's seat refused: said, then the room as a spectator; a profile that
// already holds a seat of this rated game gets back to it (the room claims it)
function notSeated(ctx, room, err) {
  if (err?.body?.code !== "already_seated") ctx.toast(ctx.t("play.join_failed", { why: err.message }), "error");
  ctx.navigate(`/?room=${encodeURIComponent(room)}`, { replace: true });
}

export async function mount(main, ctx, params) {
  const { api, store } = ctx;
  const room = params.get("room");
  main.classList.add("play-page");
  let status;
  try {
    status = await api.room(room);
  } catch (err) {
    main.append(h("section", { class: "notice" }, h("h1", {}, ctx.t("play.no_room")), h("p", {}, err.message)));
    return {};
  }
  await ctx.gameList();
  const game = ctx.describe(status.game) ?? { id: status.game, name: status.game, hidden_information: false };
  // an invite link: take that seat (unless it is already ours), then drop the parameter
  if (params.has("join")) {
    const wanted = Number(params.get("join"));
    const mine = store.room(room)?.seats.some((s) => s.seat === wanted);
    const seatAsked = Number.isInteger(wanted) ? wanted : null;
    if (!mine && freeHumanSeats(status).some((s) => seatAsked == null || s === seatAsked)) {
      // the friend says the name both players will see before sitting down
      const box = h("section", { class: "play seat-name-page", "data-game": game.id });
      main.append(box);
      seatStep(box, ctx, {
        game,
        rated: status.rated,
        take: (name) => joinSeat(ctx, room, seatAsked, name),
        watchHref: `/?room=${encodeURIComponent(room)}&watch=1`,
      }).then(() => seated(ctx, room, game), (err) => notSeated(ctx, room, err));
      return { relabel: () => box.relabel?.() };
    }
    if (!mine) {
      try {
        await joinSeat(ctx, room, Number.isInteger(wanted) ? wanted : null);
      } catch (err) {
        ctx.toast(ctx.t("play.join_failed", { why: err.message }), "error");
      }
    }
    history.replaceState(null, "", `/?room=${encodeURIComponent(room)}`);
  }
  if (!store.tokens(room).length && !params.has("watch")) {
    // a seat of one's profile (an accepted challenge, another device): a fresh token for it
    const claimed = await fetch(`/api/rooms/${encodeURIComponent(room)}/claim`, { method: "POST", headers: { Accept: "application/json" } }).catch(() => null);
    if (claimed?.ok) {
      const answer = await claimed.json();
      store.saveSeats(room, game.id, [{ seat: answer.seat, token: answer.token }]);
    }
  }
  const known = store.room(room);
  if (known && !known.game) store.saveSeats(room, game.id, []);
  const tokens = store.tokens(room);
  const watch = params.has("watch") || !tokens.length;

  const root = h("section", { class: "play", "data-game": game.id });
  main.append(root);
  if (!tokens.length && !params.has("watch") && freeHumanSeats(status).length) {
    // somebody opened the room's address without a seat: offer the free seat
    const offer = () => {
      const { t } = ctx;
      clear(root).append(
        h(
          "div",
          { class: "notice join-offer" },
          h("h1", {}, t("play.join_title", { game: game.name })),
          h("p", {}, t("play.join_text")),
          h(
            "div",
            { class: "card-buttons" },
            h(
              "button",
              {
                class: "btn btn-primary",
                "data-action": "join",
                onclick: () =>
                  seatStep(root, ctx, { game, rated: status.rated, take: (name) => joinSeat(ctx, room, null, name), watchHref: `/?room=${encodeURIComponent(room)}&watch=1` }).then(
                    () => seated(ctx, room, game),
                    (err) => notSeated(ctx, room, err),
                  ),
              },
              t("play.join"),
            ),
            h("a", { class: "btn btn-ghost", href: `/?room=${room}&watch=1` }, t("play.watch")),
          ),
        ),
      );
    };
    offer();
    return { relabel: () => (root.relabel ? root.relabel() : offer()) };
  }

  await ctx.useBoardMessages(game);
  const board = await createBoard(game);
  let model = emptyModel();
  let shownSeat = null;
  let handOverTo = null;
  let connection = "connecting";
  let flip = false;
  let errorText = "";
  let noticeText = "";
  let hint = null; // the engine's suggestion {move, move_count}, against the computer
  let lastGameNumber = null;
  let reseated = false; // a welcome moved us to other seats: say so with the new game
  let voidSeen = null; // the game number whose void deal the player has looked at
  let broughtIntoView = null; // the turn (or the end) last brought on screen

  const onMove = (seat, move) => {
    errorText = "";
    if (conn.move(seat, move) == null) {
      errorText = ctx.t("play.offline");
      draw();
    }
  };
  board.addEventListener("play-move", (e) => onMove(e.detail.seat, e.detail.move));

  const elements = {
    title: h("div", { class: "play-title" }),
    players: h("div", { class: "players", "aria-label": "" }),
    banner: h("div", { class: "banner", role: "status", "aria-live": "polite" }),
    error: h("div", { class: "play-error", role: "alert" }),
    notice: h("div", { class: "play-notice", role: "status" }),
    // what was just played, in words: a newcomer sees the computer's move said
    lastMove: h("p", { class: "last-move", "aria-live": "polite", hidden: true }),
    boardWrap: h("div", { class: "board-wrap" }, board),
    side: h("aside", { class: "side" }),
    overlay: h("div", { class: "overlay", hidden: true }),
  };
  root.append(
    elements.title,
    elements.players,
    elements.banner,
    elements.notice,
    elements.error,
    elements.lastMove,
    h("div", { class: "play-grid" }, elements.boardWrap, elements.side),
    elements.overlay,
  );

  const seatsOf = () => (model.seats?.length ? model.seats : status.seats) ?? [];
  const names = () => {
    const seats = model.seats?.length ? model.seats : status.seats;
    return seats.map((_, i) => seatName(ctx.t, game, seats, i));
  };

  function currentSeat() {
    const next = viewSeat(model, shownSeat);
    if (handOverTo != null) return shownSeat;
    if (shownSeat == null || next === shownSeat || !needsHandOver(model, shownSeat, next)) {
      shownSeat = next;
      return next;
    }
    handOverTo = next;
    return shownSeat;
  }

  function drawTitle() {
    const { t } = ctx;
    // options chosen away from their default (a variant, a rule) show as chips
    const chosen = (game.options ?? []).filter((o) => o.choices && status.options?.[o.name] != null && status.options[o.name] !== o.default);
    clear(elements.title).append(
      ...[
      h(
        "h1",
        {},
        game.name,
        chosen.map((o) => h("span", { class: "chip", title: pick(o.label, ctx.lang) || o.name }, valueLabel(o, status.options[o.name], ctx.lang))),
        // a rated game says so: its result moves the players' ratings
        status.rated ? h("span", { class: "chip", "data-role": "rated-chip", title: t("rated.rated_help") }, t("rated.chip")) : null,
      ),
      // "online" matters when someone else plays from elsewhere (or we only watch); a
      // game on this device alone, or against the computer, shows only a lost connection
      (connection !== "open" || model.spectator || seatsOf().some((s) => s.kind === "human" && !model.mySeats.includes(s.seat))) && h(
        "span",
        { class: `conn conn-${connection}`, title: t(`play.conn_${connection}`) },
        h("span", { class: "dot", "aria-hidden": "true" }),
        t(`play.conn_${connection}`),
      ),
      model.spectator ? h("span", { class: "chip chip-watch" }, t("play.spectator")) : null,
      ].filter(Boolean),
    );
  }

  function drawPlayers(state) {
    const { t } = ctx;
    const list = names();
    const awaited = state?.awaited ?? [];
    clear(elements.players).setAttribute("aria-label", t("play.players"));
    list.forEach((name, seat) => {
      const info = model.seats?.[seat] ?? {};
      // what the board wants said about each player (pieces left, tiles in hand...)
      const extra = state && board.playerFacts ? board.playerFacts({ t, state, seat }) : [];
      elements.players.append(
        h(
          "div",
          {
            class: `player seat-${seat} ${awaited.includes(seat) ? "to-move" : ""} ${model.mySeats.includes(seat) ? "mine" : ""}`,
            "data-seat": seat,
          },
          h("span", { class: `mark mark-${seat}`, "aria-hidden": "true" }),
          h(
            "span",
            { class: "player-text" },
            h("strong", {}, name),
            h(
              "small",
              {},
              [
                // the colour only when the name does not already say it
                name === seatColour(t, game, seat) ? null : seatColour(t, game, seat),
                model.mySeats.includes(seat) && model.mySeats.length === 1 ? t("play.you") : null,
                info.kind === "human" && info.taken === false ? t("play.seat_free") : null,
                ...extra,
              ]
                .filter(Boolean)
                .join(" · "),
            ),
          ),
          info.kind === "human" && !state?.terminal
            ? h("span", { class: `presence ${info.connected ? "on" : "off"}`, title: info.connected ? t("play.online") : t("play.away") })
            : null,
          awaited.includes(seat)
            ? info.kind === "computer"
              ? h("span", { class: "turn-flag thinking" }, t("play.thinking"))
              : h("span", { class: "turn-flag" }, t("play.to_move"))
            : null,
          state?.clocks && state.clocks.remaining?.[seat] != null
            ? h("span", { class: `clock ${state.clocks.running?.includes(seat) ? "running" : ""}`, "data-seat": seat, "aria-label": t("play.clock_label") }, formatClock(state.clocks.remaining[seat]))
            : null,
        ),
      );
    });
  }

  // the clocks count down locally between two states from the server
  let clockAnchor = null;
  const ticker = setInterval(() => {
    if (!clockAnchor) return;
    const elapsed = (performance.now() - clockAnchor.at) / 1000;
    for (const seat of clockAnchor.clocks.running ?? []) {
      const node = elements.players.querySelector(`.clock[data-seat="${seat}"]`);
      const left = clockAnchor.clocks.remaining?.[seat];
      if (node && left != null) node.textContent = formatClock(Math.max(0, left - elapsed));
    }
  }, 250);

  function statusLine(state, seat) {
    const { t } = ctx;
    if (!state) return t("play.loading");
    const list = names();
    if (state.terminal) return outcomeText(t, state.outcome, (i) => list[i]);
    const acting = actingSeat(model);
    if (acting != null) {
      return model.mySeats.length > 1 ? t("play.turn_of", { name: list[acting] }) : t("play.your_turn");
    }
    const own = board.statusText?.({ t, state, seat });
    if (own) return own;
    const waiting = state.awaited.map((i) => list[i]).join(", ");
    return waiting ? t("play.waiting_for", { names: waiting }) : "";
  }

  function drawSide(state, seat) {
    const { t } = ctx;
    clear(elements.side);
    const free = model.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat);
    if (free.length && !model.spectator) {
      const invite = store.room(room)?.invite ?? {};
      elements.side.append(
        h(
          "section",
          { class: "panel invite" },
          h("h2", {}, t("play.invite_title")),
          h("p", {}, t("play.invite_text")),
          free.map((s) => {
            const link = invite[String(s)] ?? `${location.origin}/?room=${room}&join=${s}`;
            const input = h("input", { class: "invite-link", readonly: true, value: link, "aria-label": t("play.invite_link") });
            return h(
              "div",
              { class: "copy-row" },
              input,
              h(
                "button",
                {
                  type: "button",
                  class: "btn btn-small btn-primary",
                  "data-action": "copy",
                  onclick: async () => {
                    try {
                      await navigator.clipboard.writeText(link);
                    } catch {
                      input.select();
                      document.execCommand?.("copy");
                    }
                    ctx.toast(t("play.copied"));
                  },
                },
                t("play.copy"),
              ),
            );
          }),
        ),
      );
    }
    const buttons = [];
    buttons.push(h("a", { class: "btn btn-small btn-ghost", href: `/?rules=${game.id}`, target: "_blank", rel: "noopener" }, t("play.rules")));
    if (board.canFlip) {
      buttons.push(
        h("button", { type: "button", class: "btn btn-small", "data-action": "flip", "aria-pressed": String(flip), onclick: () => { flip = !flip; draw(); } }, "⇄ ", t("play.flip")),
      );
    }
    // alone against the computer, a player may ask the engine for a move (never a quiz)
    const others = (state?.seats ?? []).filter((s) => !model.mySeats.includes(s.seat));
    const practice = others.length > 0 && others.every((s) => s.kind === "computer") && !(game.text_move_templates ?? []).length;
    const hintSeat = actingSeat(model);
    if (state && !state.terminal && practice && hintSeat != null && !model.spectator) {
      buttons.push(
        h("button", { type: "button", class: "btn btn-small", "data-action": "hint", title: t("play.hint_help"), onclick: () => conn.send(hintMessage(hintSeat)) }, "✦ ", t("play.hint")),
      );
    }
    if (state && !state.terminal && model.mySeats.length && !model.spectator) {
      buttons.push(
        h(
          "button",
          {
            type: "button",
            class: "btn btn-small btn-danger",
            "data-action": "resign",
            onclick: () => {
              const who = seat ?? model.mySeats[0];
              if (confirm(t("play.resign_confirm"))) conn.send(resignMessage(who));
            },
          },
          t("play.resign"),
        ),
      );
    }
    if (state?.terminal) {
      buttons.push(
        h("a", { class: "btn btn-small", href: api.recordUrl(room, state.game_number), download: "", "data-action": "download" }, "⤓ ", t("play.download")),
        h("a", { class: "btn btn-small", href: `/?room=${room}&replay=${state.game_number}`, "data-action": "replay", onclick: (e) => { e.preventDefault(); ctx.navigate(`/?room=${room}&replay=${state.game_number}`); } }, "▶ ", t("play.replay")),
      );
      if (model.mySeats.length && !model.spectator && state.game_number === model.gameNumber) {
        const voted = model.mySeats.every((s) => state.rematch.includes(s));
        buttons.push(
          h(
            "button",
            { type: "button", class: "btn btn-small btn-primary", "data-action": "rematch", disabled: voted, onclick: () => model.mySeats.forEach((s) => conn.send(rematchMessage(s))) },
            voted ? t("play.rematch_waiting") : t("play.rematch"),
          ),
        );
      }
    }
    if (buttons.length) elements.side.append(h("section", { class: "panel actions" }, h("div", { class: "button-row" }, buttons)));
    elements.side.append(movesPanel(state));
    if (!model.spectator && state && !state.terminal) elements.side.append(notationForm(seat));
  }

  // the server says each move in words ({fr, en}); a board may have its own words, else
  // the notation is shown. The notation stays in the tooltip for those who want it
  function spokenMove(player, move, said) {
    const words = said?.[ctx.lang] ?? said?.fr ?? board.moveText?.({ t: ctx.t, move, player, names: names() });
    return words ? h("span", { class: "mv-words", title: move }, words) : h("code", { title: move }, move);
  }

  function movesPanel(state) {
    const { t } = ctx;
    const list = names();
    const moves = state?.moves ?? [];
    // a board may light the piece a move placed when the move is pointed at
    const point = (move) => () => board.highlight?.(move);
    const items = moves.map(([player, move], i) =>
      h(
        "li",
        { class: `mv seat-${player}`, value: i + 1, tabindex: board.highlight ? "0" : null, onmouseenter: point(move), onmouseleave: point(null), onfocus: point(move), onblur: point(null) },
        h("span", { class: `mark mark-${player} mark-small`, "aria-hidden": "true" }),
        h("span", { class: "sr-only" }, `${list[player]}: `),
        spokenMove(player, move, state?.words?.[i]),
      ),
    );
    // short notations sit several to a line, long ones (and moves in words) one a line
    const short = !board.moveText && !state?.words?.some(Boolean) && moves.every(([, move]) => String(move).length <= 10);
    const box = h("ol", { class: `moves ${short ? "moves-short" : ""}`, "aria-label": t("play.moves") }, items);
    const panel = h("section", { class: "panel moves-panel" }, h("h2", {}, t("play.moves"), " ", h("small", {}, `(${moves.length})`)), moves.length ? box : h("p", { class: "empty" }, t("play.no_moves")));
    requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
    return panel;
  }

  function notationForm(seat) {
    const { t } = ctx;
    const input = h("input", { name: "move", autocomplete: "off", spellcheck: "false", id: "notation", placeholder: t.has(`${game.id}.notation_placeholder`) ? t(`${game.id}.notation_placeholder`) : t("play.notation_placeholder") });
    return h(
      "form",
      {
        class: "panel notation",
        onsubmit: (e) => {
          e.preventDefault();
          const text = input.value.trim();
          if (!text) return;
          const who = actingSeat(model) ?? seat ?? model.mySeats[0];
          onMove(who, text);
          input.value = "";
        },
      },
      h("label", { for: "notation" }, t("play.notation")),
      h("div", { class: "copy-row" }, input, h("button", { type: "submit", class: "btn btn-small" }, t("play.send"))),
    );
  }

  function drawOverlay() {
    const { t } = ctx;
    const overlay = elements.overlay;
    if (handOverTo == null) {
      overlay.hidden = true;
      clear(overlay);
      return;
    }
    const list = names();
    const appearing = overlay.hidden || overlay.contains(document.activeElement);
    overlay.hidden = false;
    clear(overlay).append(
      h(
        "div",
        { class: "handover", role: "dialog", "aria-modal": "true", "aria-labelledby": "handover-title" },
        h("div", { class: "handover-icon", "aria-hidden": "true" }, "⇆"),
        h("h2", { id: "handover-title" }, t("play.handover_title", { name: list[handOverTo] })),
        // a game may say what stays hidden in its own words (QuiAdiQuoi has no pieces)
        h("p", {}, t.has(`${game.id}.handover_text`) ? t(`${game.id}.handover_text`) : t("play.handover_text")),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-primary",
            "data-action": "handover",
            onclick: () => {
              shownSeat = handOverTo;
              handOverTo = null;
              draw();
            },
          },
          t("play.handover_ready", { name: list[handOverTo] }),
        ),
      ),
    );
    if (appearing) overlay.querySelector("button").focus();
  }

  function draw() {
    const seat = currentSeat();
    const held = heldVoidDeal(model, seat, voidSeen === model.gameNumber);
    const state = held ?? stateFor(model, seat);
    drawTitle();
    drawPlayers(state);
    elements.banner.textContent = statusLine(state, seat);
    elements.banner.className = `banner ${state?.terminal ? `banner-over banner-${resultFor(state.outcome, seat) ?? "neutral"}` : actingSeat(model) != null ? "banner-turn" : ""}`;
    elements.error.textContent = errorText;
    clear(elements.notice).append(noticeText);
    if (held) {
      elements.notice.append(
        " ",
        h(
          "button",
          { type: "button", class: "btn btn-small btn-primary", "data-action": "new-deal", onclick: () => { voidSeen = model.gameNumber; draw(); } },
          ctx.t("play.see_new_deal"),
        ),
      );
    }
    elements.notice.hidden = !noticeText && !held;
    const last = (state?.moves ?? []).length - 1;
    const lastWords = last >= 0 && !params.get("party") ? state.words?.[last]?.[ctx.lang] : null;
    elements.lastMove.textContent = lastWords ? ctx.t("play.last_move", { name: names()[state.moves[last][0]] ?? "", words: lastWords }) : "";
    elements.lastMove.hidden = !lastWords;
    const handingOver = handOverTo != null;
    // while the device changes hands nothing seat-specific stays in the page, not even
    // hidden: the board is taken out (it keeps its own state) and the side is emptied
    if (handingOver) elements.boardWrap.replaceChildren();
    else if (board.parentNode !== elements.boardWrap) elements.boardWrap.append(board);
    if (state && !handingOver) {
      board.render({
        t: ctx.t,
        lang: ctx.lang,
        state,
        seat,
        mine: model.mySeats,
        hidden: handOverTo != null,
        canPlay: !held && handOverTo == null && seat != null && state.legal_moves.length > 0,
        flip,
        names: names(),
        game,
      });
      // the engine's suggestion stays drawn while the position is the one it was for
      const shown = hint && hint.move_count === state.move_count ? hint.move : null;
      board.highlight?.(shown);
    }
    if (handingOver) clear(elements.side);
    else drawSide(state, seat);
    drawOverlay();
    bringIntoView(state, !held && !handingOver && seat != null && actingSeat(model) != null);
    // the tab's title tells a player whose tab is in the background that it is his turn
    const myTurn = !held && actingSeat(model) != null;
    document.title = myTurn ? `● ${ctx.t("play.title_turn")} — ${game.name}` : `${game.name} — Tablier`;
  }

  // a phone shows a part of the page at a time: when the player must decide, the board's
  // decision (its choices, its tray...) comes on screen, and at the end the result does,
  // once each, so that a player who scrolls away to look is left there
  const narrow = matchMedia("(max-width: 760px)");
  function bringIntoView(state, myTurn) {
    if (!state || !narrow.matches) return;
    const key = state.terminal ? `end/${state.game_number}` : myTurn ? `turn/${state.game_number}/${state.move_count}` : null;
    if (key == null || key === broughtIntoView) return;
    broughtIntoView = key;
    let left = null; // where this bringing left the page: another place means the player scrolled
    const show = () => {
      if (broughtIntoView !== key || (left != null && scrollY !== left)) return;
      const target = state.terminal ? elements.banner : board.decision?.();
      if (!target?.isConnected) return;
      const box = target.getBoundingClientRect();
      // the sticky header covers the page's top (the page's scroll padding says how much)
      const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      if (box.top < covered || box.bottom > innerHeight) target.scrollIntoView({ block: box.height > innerHeight || state.terminal ? "start" : "nearest" });
      left = scrollY;
    };
    requestAnimationFrame(show);
    // once more when a board's own styles, linked on its first drawing, have laid it out
    setTimeout(show, 700);
  }

  const conn = new RoomConnection({
    url: socketUrl(location, room),
    tokens,
    watch,
    onMessage: (msg) => {
      // the server may reseat us for a rematch (the loser begins): its word is the seat
      if (isReseat(model, msg)) reseated = true;
      model = reduce(model, msg);
      if (msg.type === "welcome" && !msg.spectator) store.reseat(room, msg.seats);
      if (msg.type === "error") {
        // a refused move's reason comes in both languages: show the interface's; some
        // refusals are said by their code (play.refused_code.*)
        const said = `play.refused_code.${msg.code}`;
        const why = msg.reason ? pick(msg.reason.text, ctx.lang) : ctx.t.has?.(said) ? ctx.t(said) : msg.message;
        errorText = ctx.t("play.refused", { why });
        ctx.toast(errorText, "error");
      } else if (msg.type === "hint") {
        hint = { move: msg.move, move_count: msg.move_count };
        const words = msg.words?.[ctx.lang];
        noticeText = words ? ctx.t("play.hint_words", { words }) : ctx.t("play.hint_given", { move: msg.move });
      } else if (msg.type === "accepted") {
        errorText = "";
        noticeText = "";
      } else if (msg.type === "state") {
        clockAnchor = msg.clocks && !msg.terminal ? { at: performance.now(), clocks: msg.clocks } : null;
        if (lastGameNumber != null && msg.game_number > lastGameNumber) {
          noticeText = model.newDeal ? ctx.t("play.new_deal") : ctx.t("play.new_game", { n: msg.game_number });
          if (reseated) noticeText = `${noticeText} ${ctx.t("play.reseated")}`;
          reseated = false;
          ctx.toast(noticeText);
        }
        lastGameNumber = msg.game_number;
      }
      if (msg.type !== "pong") draw();
    },
    onStatus: (value, event) => {
      connection = value;
      if (value === "closed" && event?.code === 4403) {
        // tokens from another server or database: forget them and offer to watch
        store.forgetRoom(room);
        errorText = ctx.t("play.token_refused");
      } else if (value === "closed") errorText = ctx.t("play.closed", { why: event?.reason || event?.code });
      drawTitle();
      if (value === "closed") draw();
    },
  });
  conn.open();
  drawTitle();
  elements.banner.textContent = ctx.t("play.loading");
  // a phone at a party night: a controller, see party-phone.js
  const partyDone = params.get("party") ? (await import("./party-phone.js")).controller(main, ctx, params.get("party"), room, board) : null;

  return {
    relabel: () => draw(),
    destroy: () => {
      partyDone?.();
      document.title = ctx.t("app.title");
      clearInterval(ticker);
      conn.close();
    },
  };
}
