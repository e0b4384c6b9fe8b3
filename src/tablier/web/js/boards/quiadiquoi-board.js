// <quiadiquoi-board>: a player's controller. On a phone joined to one seat it shows
// only that seat's view and the decision it must take now (a compartment, a token to
// pay with, an answer, a claim, a recitation, a discard); the reader's phone shows the
// answer and the anecdote to read. On one shared device the page's hand-over screen
// passes it from player to player.

import { clear, h, linkStyles } from "../dom.js";
import { CATEGORIES, TEMPLATES, chooseOptions, concreteMoves, coveredCategories, discardOptions, findCard, offers } from "./quiadiquoi.js";

export const TAG = "quiadiquoi-board";
linkStyles(new URL("./quiadiquoi-board.css", import.meta.url));

export const DIE_ICONS = { blank: "·", magic: "✦", clues: "③", imposed: "☝", steal_token: "⇄", steal_card: "♠" };
const RESULT_ICONS = { right: "✓", wrong: "✗", abstain: "—", timeout: "⏱" };

export function catChip(t, category, count = null, extra = "") {
  return h(
    "span",
    { class: `qq-cat qq-cat-${category} ${extra}`, title: t(`quiadiquoi.cat.${category}`) },
    h("span", { class: "qq-cat-letter", "aria-hidden": "true" }, t(`quiadiquoi.cat_letter.${category}`)),
    count == null ? t(`quiadiquoi.cat.${category}`) : h("span", { class: "qq-cat-n" }, h("span", { class: "sr-only" }, `${t(`quiadiquoi.cat.${category}`)} `), String(count)),
  );
}

export function dieBadge(t, die, { large = false } = {}) {
  if (!die) return null;
  return h(
    "div",
    { class: `qq-die ${large ? "qq-die-large" : ""}`, "data-die": die },
    h("span", { class: "qq-die-face", "aria-hidden": "true" }, DIE_ICONS[die] ?? "?"),
    h("span", { class: "qq-die-text" }, h("strong", {}, t(`quiadiquoi.die.${die}`)), h("small", {}, t(`quiadiquoi.die_help.${die}`))),
  );
}

/** The card being asked: the face shown to everyone and the clues read so far. */
export function questionCard(t, q, { names, reader = false, large = false } = {}) {
  const blue = q.face === "blue";
  const shown = blue ? `« ${q.shown} »` : q.shown;
  const clues = reader && q.all_clues ? q.all_clues : q.clues;
  return h(
    "article",
    { class: `qq-card face-${q.face} ${large ? "qq-card-large" : ""}`, "data-face": q.face },
    h(
      "header",
      { class: "qq-card-head" },
      catChip(t, q.category),
      h("span", { class: "qq-card-ask" }, t(blue ? "quiadiquoi.asks_author" : "quiadiquoi.asks_quote")),
      q.kind === "steal" ? h("span", { class: "qq-tag" }, t("quiadiquoi.steal_attempt", { name: names?.[q.owner] ?? "" })) : null,
    ),
    h("p", { class: "qq-shown" }, shown),
    h(
      "ol",
      { class: "qq-clues", "aria-label": t("quiadiquoi.clues") },
      clues.map((clue, i) =>
        h("li", { class: i < q.clues.length ? "qq-clue-open" : "qq-clue-next", "data-n": i + 1 }, h("span", { class: "qq-clue-n" }, t("quiadiquoi.clue_n", { n: i + 1 })), " ", clue),
      ),
    ),
  );
}

export function answersList(t, q, names) {
  if (!q.answers.length) return null;
  return h(
    "ul",
    { class: "qq-answers", "aria-label": t("quiadiquoi.answers") },
    q.answers.map((a) =>
      h(
        "li",
        { class: `qq-answer qq-${a.result}` },
        h("span", { class: "qq-answer-icon", "aria-hidden": "true" }, RESULT_ICONS[a.result] ?? "?"),
        h("strong", {}, names[a.seat] ?? ""),
        a.respeak ? h("span", { class: "qq-tag" }, t("quiadiquoi.respoke")) : null,
        " ",
        a.text != null ? h("q", {}, a.text) : h("em", {}, t(`quiadiquoi.result.${a.result}`)),
        a.text != null ? h("span", { class: "sr-only" }, t(`quiadiquoi.result.${a.result}`)) : null,
      ),
    ),
  );
}

/** The answer of the last question, its anecdote and who took what. */
export function lastCard(t, last, names, { large = false } = {}) {
  if (!last) return null;
  const winner = last.winner == null ? t("quiadiquoi.nobody_found") : t(`quiadiquoi.won_${last.kind === "steal" ? "steal" : last.face}`, { name: names[last.winner] ?? "" });
  return h(
    "article",
    { class: `qq-last ${large ? "qq-last-large" : ""} ${last.winner == null ? "qq-last-none" : "qq-last-won"}`, "data-card": last.card },
    h("header", { class: "qq-card-head" }, catChip(t, last.category), h("span", { class: "qq-card-ask" }, t("quiadiquoi.the_answer"))),
    h("blockquote", { class: "qq-quote" }, `« ${last.quote} »`),
    h("p", { class: "qq-author" }, "— ", h("strong", {}, last.author), last.source ? h("small", {}, ` · ${last.source}`) : null),
    h("p", { class: "qq-winner" }, winner),
    last.anecdote ? h("p", { class: "qq-anecdote" }, h("strong", {}, t("quiadiquoi.anecdote")), " ", last.anecdote) : null,
  );
}

export function tournamentPanel(t, obs, names, { large = false } = {}) {
  const tour = obs.tournament;
  if (!tour) return null;
  const attempt = tour.attempt;
  return h(
    "section",
    { class: `qq-tournament ${large ? "qq-tournament-large" : ""}` },
    h("h3", {}, t("quiadiquoi.tournament_n", { n: tour.number })),
    h("p", { class: "qq-help" }, obs.phase === "discard" ? t("quiadiquoi.tournament_discards") : t("quiadiquoi.tournament_help")),
    attempt && attempt.result !== "right" && attempt.text != null
      ? h("p", { class: "qq-refused", role: "status" }, t(`quiadiquoi.recite_${attempt.result}`, { name: names[attempt.seat] ?? "", text: attempt.text }))
      : null,
    // a count, not a list: remembering which were recited is the players' task
    tour.recited.length ? h("p", { class: "qq-recited" }, t("quiadiquoi.recited_count", { n: tour.recited.length })) : null,
    h(
      "div",
      { class: "qq-pebbles" },
      obs.players.map((p, seat) =>
        h(
          "span",
          { class: `qq-pebble-row ${seat === tour.current ? "qq-current" : ""}` },
          h("span", { class: "qq-pebble-name" }, names[seat] ?? ""),
          h("span", { class: "qq-pebble-stones", "aria-label": t("quiadiquoi.pebbles", { n: p.pebbles }) }, "●".repeat(p.pebbles) || "·"),
          tour.owed?.[seat] ? h("span", { class: "qq-tag" }, t("quiadiquoi.owes", { n: tour.owed[seat] })) : null,
        ),
      ),
    ),
  );
}

/** One player's holdings: tokens per category, cards won, pebbles. */
export function holdings(t, player, { goal = null } = {}) {
  return h(
    "div",
    { class: "qq-holdings" },
    h("div", { class: "qq-tokens", "aria-label": t("quiadiquoi.tokens") }, CATEGORIES.map((c) => catChip(t, c, player.tokens[c], player.tokens[c] ? "" : "qq-zero"))),
    h(
      "div",
      { class: "qq-cards", "aria-label": t("quiadiquoi.cards") },
      player.cards.length
        ? player.cards.map((c) => h("span", { class: `qq-won qq-cat-${c.category}`, title: t(`quiadiquoi.cat.${c.category}`), "data-card": c.id }, h("span", { class: "qq-cat-letter", "aria-hidden": "true" }, t(`quiadiquoi.cat_letter.${c.category}`)), c.author))
        : h("span", { class: "qq-none" }, t("quiadiquoi.no_cards")),
      // the goal counts cards of different categories, as the rules do
      goal != null ? h("span", { class: "qq-goal" }, t("party.goal_categories", { n: coveredCategories(player).size }), goal > 3 ? ` · ${t("party.goal_cards", { n: player.cards.length, goal })}` : "") : null,
      player.pebbles ? h("span", { class: "qq-stones" }, t("quiadiquoi.pebbles", { n: player.pebbles })) : null,
    ),
  );
}

export function sabotView(t, obs, { onPick = null, options = null, selected = null, large = false } = {}) {
  return h(
    "div",
    { class: `qq-sabot ${large ? "qq-sabot-large" : ""}`, role: onPick ? "group" : null, "aria-label": t("quiadiquoi.sabot") },
    obs.sabot.map((comp, i) => {
      const n = i + 1;
      const moves = options?.[n] ?? [];
      const closed = obs.preparation && n === 3;
      const front = comp.front;
      const body = [
        h("span", { class: "qq-comp-n", "aria-label": t("quiadiquoi.comp_n", { n }) }, h("span", { "aria-hidden": "true" }, t("quiadiquoi.comp_short", { n }))),
        front ? h("span", { class: `qq-comp-front face-${front.face}` }, catChip(t, front.category), h("small", {}, t(`quiadiquoi.face_${front.face}`))) : h("span", { class: "qq-comp-empty" }, t("quiadiquoi.empty")),
        h("span", { class: "qq-comp-count" }, t("quiadiquoi.cards_left", { n: comp.count })),
        closed ? h("small", { class: "qq-comp-closed" }, t("quiadiquoi.closed_prep")) : front?.face === "bordeaux" ? h("small", { class: "qq-comp-price" }, t("quiadiquoi.price", { cat: t(`quiadiquoi.cat.${front.category}`) })) : null,
      ];
      if (!onPick) return h("div", { class: `qq-comp ${front ? `face-${front.face}` : "qq-comp-void"}`, "data-comp": n }, body);
      return h(
        "button",
        {
          type: "button",
          class: `qq-comp ${front ? `face-${front.face}` : "qq-comp-void"} ${selected === n ? "qq-selected" : ""}`,
          "data-comp": n,
          "aria-pressed": String(selected === n),
          disabled: !moves.length,
          onclick: () => onPick(n),
        },
        body,
      );
    }),
  );
}

class QuiAdiQuoiBoard extends HTMLElement {
  constructor() {
    super();
    this.canFlip = false;
    this.picked = null; // the compartment tapped, until its payment is chosen
    this.pickedKey = null;
  }

  playerFacts({ t, state, seat }) {
    const player = state.observation?.players?.[seat];
    if (!player) return [];
    const facts = [t("quiadiquoi.fact_cards", { n: player.cards.length })];
    if (player.pebbles) facts.push(t("quiadiquoi.pebbles", { n: player.pebbles }));
    const obs = state.observation;
    if (obs.reader === seat && obs.phase !== "over" && !obs.tournament) facts.push(t("quiadiquoi.role_reader"));
    return facts;
  }

  // the move list in words; while the game goes on the server sends spoken moves without
  // their words ("answer:…"): the table heard them once, nobody keeps a written list
  moveText({ t, move, names }) {
    const [kind, ...rest] = String(move).split(":");
    const words = rest.join(":");
    const hidden = words === "…";
    if (["answer", "recite", "name"].includes(kind) && rest.length) {
      if (hidden) return t(`quiadiquoi.mv.${kind}_hidden`);
      return t(`quiadiquoi.mv.${kind}`, { text: kind === "name" ? words.replace("|", " — ") : words });
    }
    const take = /^take (\d)(?: (with|from) (\S+))?$/.exec(move);
    if (take) {
      if (take[2] === "with") return t("quiadiquoi.mv.take_with", { comp: take[1], cat: t(`quiadiquoi.cat.${take[3]}`) });
      if (take[2] === "from") return t("quiadiquoi.mv.take_from", { comp: take[1], name: names?.[Number(take[3])] ?? "" });
      return t("quiadiquoi.mv.take", { comp: take[1] });
    }
    // a card or a token given up or aimed at: the words say what, not its code
    const card = /^(discard|return|steal|send) (\S+)$/.exec(move);
    if (card) return t(`quiadiquoi.mv.${card[1]}`, { cat: card[1] === "discard" ? t(`quiadiquoi.cat.${card[2]}`) : "" });
    const simple = ["abstain", "claim", "pass", "accept", "refuse", "timeout", "clue", "stop"];
    return simple.includes(move) ? t(`quiadiquoi.mv.${move}`) : null;
  }

  statusText({ t, state, seat }) {
    return this.view ? waitingText(t, state.observation, this.view.names, seat) : null;
  }

  render(view) {
    this.view = view;
    const { t, state, seat, names } = view;
    const obs = state.observation;
    // keep what is being typed across the re-renders the other players' moves cause
    const drafts = [...this.querySelectorAll("input[data-draft]")].map((input) => ({
      key: input.dataset.draft,
      value: input.value,
      focused: document.activeElement === input,
    }));
    clear(this);
    this.className = "qq-board";
    if (view.hidden || !obs) {
      this.append(h("p", { class: "qq-hidden" }, t("quiadiquoi.hidden")));
      return;
    }
    const me = seat == null ? null : obs.players[seat];
    if (me) {
      const roles = [];
      if (obs.reader === seat && obs.phase !== "over" && !obs.tournament) roles.push(t("quiadiquoi.role_reader"));
      if (obs.principal === seat && obs.phase !== "over" && !obs.tournament) roles.push(t("quiadiquoi.role_principal"));
      this.append(
        h(
          "section",
          { class: "qq-me", "aria-label": t("quiadiquoi.my_game") },
          h("div", { class: "qq-me-head" }, h("strong", {}, names[seat] ?? ""), roles.map((r) => h("span", { class: "qq-role" }, r))),
          holdings(t, me, { goal: obs.cards_to_win?.[seat] }),
        ),
      );
    }
    const act = h("section", { class: "qq-act", "aria-label": t("quiadiquoi.decision") });
    this.append(act);
    this.drawAct(act, view, obs);
    this.drawStage(view, obs);
    for (const draft of drafts) {
      const again = this.querySelector(`input[data-draft="${draft.key}"]`);
      if (again) {
        again.value = draft.value;
        if (draft.focused) again.focus();
      }
    }
  }

  send(move) {
    this.dispatchEvent(new CustomEvent("play-move", { bubbles: true, detail: { seat: this.view.seat, move } }));
  }

  drawAct(act, view, obs) {
    const { t, state, seat, names, canPlay } = view;
    const legal = canPlay ? state.legal_moves : [];
    if (obs.phase === "over") {
      const winner = state.outcome?.winner;
      act.append(h("p", { class: "qq-big qq-over" }, winner == null ? t("quiadiquoi.over_no_winner") : winner === seat ? t("quiadiquoi.you_win") : t("quiadiquoi.winner_is", { name: names[winner] ?? "" })));
      return;
    }
    if (!legal.length) {
      this.buzzed = null;
      act.classList.add("qq-waiting");
      act.append(h("p", { class: "qq-wait" }, h("span", { class: "qq-spinner", "aria-hidden": "true" }), waitingText(t, obs, names, seat)));
      if (obs.phase === "choose" && obs.die && obs.principal !== seat) act.append(dieBadge(t, obs.die));
      return;
    }
    act.classList.add("qq-yours");
    // a phone in a pocket: a buzz when a decision becomes this player's
    const turnKey = `${state.move_count}`;
    if (!this.buzzed && navigator.vibrate && document.visibilityState === "visible") navigator.vibrate(180);
    this.buzzed = turnKey;
    const phase = obs.phase;
    if (phase === "choose") this.drawChoose(act, view, obs, legal);
    else if (phase === "answer" || phase === "respeak") this.drawAnswer(act, view, obs, legal);
    else if (phase === "verdict") this.drawVerdict(act, view, obs, legal);
    else if (phase === "claims") {
      act.append(
        h("p", { class: "qq-prompt" }, t("quiadiquoi.prompt_claims")),
        h("div", { class: "qq-buttons" }, [
          h("button", { type: "button", class: "btn btn-primary qq-huge", "data-move": "claim", onclick: () => this.send("claim") }, t("quiadiquoi.claim")),
          h("button", { type: "button", class: "btn", "data-move": "pass", onclick: () => this.send("pass") }, t("quiadiquoi.no_claim")),
        ]),
      );
    } else if (phase === "challenge") {
      act.append(
        h("p", { class: "qq-prompt" }, t("quiadiquoi.prompt_challenge")),
        h("div", { class: "qq-buttons" }, [
          h("button", { type: "button", class: "btn btn-primary", "data-move": "clue", onclick: () => this.send("clue") }, t("quiadiquoi.more_clue")),
          h("button", { type: "button", class: "btn", "data-move": "stop", onclick: () => this.send("stop") }, t("quiadiquoi.stop")),
        ]),
      );
    } else if (phase === "recite") {
      act.append(h("p", { class: "qq-prompt" }, t("quiadiquoi.prompt_recite")));
      act.append(this.textForm(t, "recite", obs, legal, t("quiadiquoi.recite_label"), t("quiadiquoi.recite_send"), "pass", t("quiadiquoi.take_pebble")));
    } else if (phase === "discard") {
      act.append(
        h("p", { class: "qq-prompt" }, t("quiadiquoi.prompt_discard")),
        h(
          "div",
          { class: "qq-buttons qq-column" },
          discardOptions(legal).map((d) => {
            if (d.kind === "token") {
              return h("button", { type: "button", class: "btn qq-pay", "data-move": d.move, onclick: () => this.send(d.move) }, catChip(t, d.what), t("quiadiquoi.discard_token", { cat: t(`quiadiquoi.cat.${d.what}`) }));
            }
            const card = findCard(obs, d.what);
            return h("button", { type: "button", class: "btn qq-pay", "data-move": d.move, onclick: () => this.send(d.move) }, card ? catChip(t, card.category) : null, t("quiadiquoi.return_card", { author: card?.author ?? d.what }));
          }),
        ),
      );
    } else {
      // a phase this board does not draw yet: its moves said in words, the notation kept as a tooltip
      act.append(h("div", { class: "qq-buttons" }, concreteMoves(legal).map((m) => h("button", { type: "button", class: "btn", "data-move": m, title: m, onclick: () => this.send(m) }, this.moveText({ t, move: m, names }) ?? m))));
    }
  }

  drawChoose(act, view, obs, legal) {
    const { t, names } = view;
    const options = chooseOptions(legal);
    const key = `${obs.turn}`;
    if (this.pickedKey !== key) {
      this.picked = null;
      this.pickedKey = key;
    }
    act.append(h("p", { class: "qq-prompt" }, t(obs.die === "imposed" && obs.reader === view.seat ? "quiadiquoi.prompt_choose_imposed" : "quiadiquoi.prompt_choose")));
    if (obs.die) act.append(dieBadge(t, obs.die));
    act.append(
      sabotView(t, obs, {
        options: options.comps,
        selected: this.picked,
        onPick: (n) => {
          this.picked = n;
          this.render(this.view);
        },
      }),
    );
    if (this.picked) {
      const ways = options.comps[this.picked] ?? [];
      const front = obs.sabot[this.picked - 1]?.front;
      act.append(
        h(
          "div",
          { class: "qq-buttons qq-column qq-ways" },
          ways.map((w) => {
            let label;
            if (w.pay === "magic") label = [catChip(t, w.category), t("quiadiquoi.pay_magic", { cat: t(`quiadiquoi.cat.${w.category}`) })];
            else if (w.pay === "stolen") label = [front ? catChip(t, front.category) : null, t("quiadiquoi.pay_stolen", { name: names[w.from] ?? "" })];
            else if (front?.face === "bordeaux") label = [catChip(t, front.category), t("quiadiquoi.pay_own", { cat: t(`quiadiquoi.cat.${front.category}`) })];
            else label = [t("quiadiquoi.draw_free", { n: this.picked })];
            return h("button", { type: "button", class: "btn btn-primary qq-pay", "data-move": w.move, onclick: () => this.send(w.move) }, label);
          }),
        ),
      );
    }
    if (options.cards.length) {
      act.append(
        h(
          "section",
          { class: "qq-steal" },
          h("h3", {}, t("quiadiquoi.stolen_card_title")),
          options.cards.map((c) => {
            const card = findCard(obs, c.card);
            return h(
              "div",
              { class: "qq-steal-row", "data-card": c.card },
              h("span", { class: "qq-steal-card" }, card ? catChip(t, card.category) : null, h("strong", {}, card?.author ?? c.card), h("small", {}, t("quiadiquoi.held_by", { name: names[card?.seat] ?? "" }))),
              c.steal ? h("button", { type: "button", class: "btn btn-small btn-primary", "data-move": c.steal, onclick: () => this.send(c.steal) }, t("quiadiquoi.steal")) : null,
              c.send ? h("button", { type: "button", class: "btn btn-small", "data-move": c.send, onclick: () => this.send(c.send) }, t("quiadiquoi.send")) : null,
            );
          }),
        ),
      );
    }
    if (options.name) {
      const author = h("input", { name: "author", autocomplete: "off", "data-draft": `name-a-${key}`, placeholder: t("quiadiquoi.name_author") });
      const words = h("input", { name: "quote", autocomplete: "off", "data-draft": `name-q-${key}`, placeholder: t("quiadiquoi.name_quote") });
      act.append(
        h(
          "form",
          {
            class: "qq-name",
            onsubmit: (e) => {
              e.preventDefault();
              if (author.value.trim() && words.value.trim()) this.send(`name:${author.value.trim()}|${words.value.trim()}`);
            },
          },
          h("h3", {}, t("quiadiquoi.name_title")),
          h("p", { class: "qq-help" }, t("quiadiquoi.name_help")),
          author,
          words,
          h("button", { type: "submit", class: "btn" }, t("quiadiquoi.name_send")),
        ),
      );
    }
    if (options.pass) act.append(h("button", { type: "button", class: "btn", "data-move": "pass", onclick: () => this.send("pass") }, t("quiadiquoi.pass_turn")));
  }

  drawAnswer(act, view, obs, legal) {
    const { t } = view;
    act.append(h("p", { class: "qq-prompt" }, t(obs.phase === "respeak" ? "quiadiquoi.prompt_respeak" : obs.question.asks === "author" ? "quiadiquoi.prompt_author" : "quiadiquoi.prompt_quote")));
    if (offers(legal, TEMPLATES.answer)) {
      const form = this.textForm(t, "answer", obs, legal, t(obs.question.asks === "author" ? "quiadiquoi.answer_author" : "quiadiquoi.answer_quote"), t("quiadiquoi.answer_send"), "abstain", t("quiadiquoi.abstain"));
      act.append(form);
      // the cheat sheet, for the players who asked for it: a tap puts the author in the field
      const sheet = this.cheatSheet ?? obs.cheat_sheet;
      if (obs.question.asks === "author" && sheet?.length) {
        const field = form.querySelector("input");
        act.append(
          h(
            "details",
            { class: "qq-cheat", open: true },
            h("summary", {}, t("party.cheat_list")),
            h("div", { class: "qq-cheat-list" }, sheet.map((name) => h("button", { type: "button", class: "qq-cheat-name", "data-author": name, onclick: () => { field.value = name; } }, name))),
          ),
        );
      }
    }
  }

  /** A text move (answer:, recite:) with its field, and the other way out (abstain, pass). */
  textForm(t, verb, obs, legal, label, sendLabel, other, otherLabel) {
    const key = `${verb}-${obs.turn}-${obs.question?.clues.length ?? 0}-${obs.tournament?.recited.length ?? 0}`;
    const input = h("input", { name: verb, id: `qq-${verb}`, autocomplete: "off", autocapitalize: "sentences", enterkeyhint: "send", "data-draft": key, placeholder: label });
    return h(
      "form",
      {
        class: "qq-text",
        onsubmit: (e) => {
          e.preventDefault();
          const text = input.value.trim();
          if (text) this.send(`${verb}:${text}`);
        },
      },
      h("label", { for: `qq-${verb}`, class: "sr-only" }, label),
      input,
      h(
        "div",
        { class: "qq-buttons" },
        h("button", { type: "submit", class: "btn btn-primary", "data-action": verb }, sendLabel),
        legal.includes(other) ? h("button", { type: "button", class: "btn", "data-move": other, onclick: () => this.send(other) }, otherLabel) : null,
      ),
    );
  }

  drawVerdict(act, view, obs, legal) {
    const { t, names } = view;
    const v = obs.verdict;
    const q = obs.question;
    const why = v.reason ? (v.reason.text?.[view.lang] ?? v.reason.text?.fr ?? "") : "";
    act.append(
      h("p", { class: "qq-prompt" }, t("quiadiquoi.prompt_verdict", { name: names[v.seat] ?? "" })),
      h("blockquote", { class: "qq-given" }, v.text),
      h("p", { class: "qq-expected" }, t("quiadiquoi.expected"), " ", h("strong", {}, q.answer ?? "")),
      h("p", { class: `qq-proposed qq-proposed-${v.proposed}`, hidden: !v.proposed }, v.proposed ? t(`quiadiquoi.proposed_${v.proposed}`) : ""),
      // why the check proposes so ("un autre mot : *fesse* au lieu de *messe*"); the reader decides
      h("p", { class: "qq-reason", hidden: !why }, why.split("*").map((part, i) => (i % 2 ? h("em", {}, part) : part))),
      h(
        "div",
        { class: "qq-buttons" },
        ["accept", "refuse"].filter((m) => legal.includes(m)).map((m) =>
          h("button", { type: "button", class: `btn qq-huge ${m === "accept" ? "qq-accept" : "qq-refuse"} ${v.proposed === (m === "accept" ? "right" : "wrong") ? "qq-suggested" : ""}`, "data-move": m, onclick: () => this.send(m) }, m === "accept" ? "✓ " : "✗ ", t(`quiadiquoi.${m}`)),
        ),
      ),
    );
  }

  /** The card on the table: the question, the tournament, or the last answer. */
  drawStage(view, obs) {
    const { t, seat, names } = view;
    const stage = h("section", { class: "qq-stage" });
    const q = obs.question;
    const reader = seat != null && seat === obs.reader;
    if (q) {
      if (reader && q.answer != null) {
        stage.append(
          h(
            "div",
            { class: "qq-reader" },
            h("p", { class: "qq-help" }, t("quiadiquoi.reader_help")),
            h("p", { class: "qq-secret" }, t("quiadiquoi.secret_answer"), " ", h("strong", {}, q.answer)),
            q.anecdote ? h("p", { class: "qq-anecdote" }, h("strong", {}, t("quiadiquoi.anecdote")), " ", q.anecdote) : null,
            q.source ? h("p", { class: "qq-help" }, q.source) : null,
          ),
        );
      }
      stage.append(...[questionCard(t, q, { names, reader }), answersList(t, q, names)].filter(Boolean));
    } else if (obs.tournament) {
      stage.append(tournamentPanel(t, obs, names));
    } else if (obs.last) {
      stage.append(lastCard(t, obs.last, names));
    }
    // the question comes before the answer field; a decision about it comes first
    if (!stage.childNodes.length) stage.hidden = true;
    if (["answer", "respeak", "recite"].includes(obs.phase) && view.canPlay) this.querySelector(".qq-act").before(stage);
    else this.querySelector(".qq-act").after(stage);
    const others = obs.players.map((p, i) => [p, i]).filter(([, i]) => i !== seat);
    this.append(
      h(
        "details",
        { class: "qq-table", open: seat == null ? true : null },
        h("summary", {}, t("quiadiquoi.table")),
        view.canPlay && obs.phase === "choose" ? null : sabotView(t, obs),
        h("ul", { class: "qq-others" }, others.map(([p, i]) => h("li", {}, h("strong", {}, names[i] ?? ""), holdings(t, p)))),
        h("p", { class: "qq-help" }, t("quiadiquoi.cup", { h: obs.cup.histoire, l: obs.cup.litterature, p: obs.cup.penseurs, stones: obs.cup_pebbles })),
      ),
    );
  }
}

/** What the table is waiting for, said from one seat's point of view. */
export function waitingText(t, obs, names, seat) {
  if (!obs) return "";
  const name = (i) => (i === seat ? t("quiadiquoi.you") : names?.[i] ?? t("quiadiquoi.player_n", { n: i + 1 }));
  switch (obs.phase) {
    case "choose":
      return t("quiadiquoi.wait_choose", { name: name(obs.die === "imposed" ? obs.reader : obs.principal) });
    case "answer":
    case "respeak":
      return t("quiadiquoi.wait_answer", { name: name(obs.question?.current) });
    case "verdict":
      return t("quiadiquoi.wait_verdict", { name: name(obs.reader) });
    case "claims":
      return t("quiadiquoi.wait_claims");
    case "challenge":
      return t("quiadiquoi.wait_challenge", { name: name(obs.principal) });
    case "recite":
      return t("quiadiquoi.wait_recite", { name: name(obs.tournament?.current) });
    case "discard":
      return t("quiadiquoi.wait_discard", { name: name(obs.tournament?.current) });
    default:
      return "";
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, QuiAdiQuoiBoard);
