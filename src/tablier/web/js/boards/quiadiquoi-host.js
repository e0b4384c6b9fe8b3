// <quiadiquoi-host>: the shared screen of a QuiAdiQuoi party (a laptop or a TV), drawn
// from the spectator's view only: the card being asked and its clues, whose turn and
// the answer clock, the sabot, each player's tokens, cards and pebbles, the die and its
// power, tournaments, each verdict with its anecdote, and the victory. `speech` says
// what the voice reads aloud after a change.

import { clear, h } from "../dom.js";
import { answersList, catChip, dieBadge, lastCard, questionCard, sabotView, waitingText } from "./quiadiquoi-board.js";
import { CATEGORIES, coveredCategories, cues } from "./quiadiquoi.js";
import { avatar } from "../views/party-look.js";

export const TAG = "quiadiquoi-host";

// a part the screen has nothing for (no die yet, no answer yet) is simply left out
const add = (parent, ...nodes) => parent.append(...nodes.filter(Boolean));

/** The sentences the voice reads after the view changed from `before` to `after`. */
export function speech(t, before, after, names) {
  const name = (i) => names[i] ?? t("quiadiquoi.player_n", { n: i + 1 });
  const lines = [];
  for (const cue of cues(before, after)) {
    switch (cue.kind) {
      case "verdict": {
        const last = cue.last;
        lines.push(
          last.winner == null
            ? t("quiadiquoi.say_nobody", { quote: last.quote, author: last.author })
            : t("quiadiquoi.say_right", { name: name(last.winner), quote: last.quote, author: last.author }),
        );
        if (last.anecdote) lines.push(last.anecdote);
        break;
      }
      case "die":
        lines.push(t("quiadiquoi.say_die", { name: name(cue.seat), die: t(`quiadiquoi.die.${cue.die}`) }));
        break;
      case "question": {
        const q = cue.question;
        lines.push(
          q.face === "blue"
            ? t("quiadiquoi.say_question_author", { name: name(q.current), quote: q.shown })
            : t("quiadiquoi.say_question_quote", { name: name(q.current), author: q.shown }),
        );
        break;
      }
      case "clue":
        lines.push(t("quiadiquoi.say_clue", { n: cue.n, clue: cue.clue }));
        break;
      case "answer":
        if (cue.answer.result === "wrong") lines.push(t("quiadiquoi.say_wrong", { name: name(cue.answer.seat) }));
        break;
      case "tournament":
        lines.push(t("quiadiquoi.say_tournament", { n: cue.number, name: name(cue.seat) }));
        break;
      case "recited":
        lines.push(`« ${cue.quote} »`);
        break;
      case "over":
        break;
      default:
        break;
    }
  }
  return lines;
}

/** A player as the TV names them: their avatar (party nights) and name. */
function who(view, seat, extra = null) {
  const look = view.looks?.[seat];
  return h("span", { class: "qh-name", "data-seat": seat }, look ? avatar(look, { size: "1.3em" }) : null, h("strong", {}, view.names[seat] ?? ""), extra);
}

/** The goal as the rules count it: cards of different categories. */
function goalText(t, player, goal) {
  const cats = coveredCategories(player).size;
  const text = t("party.goal_categories", { n: cats });
  return goal && goal > 3 ? `${text} · ${t("party.goal_cards", { n: player.cards.length, goal })}` : text;
}

/** The answer clock as a ring; host.js turns it as the seconds go. */
function ring(clock) {
  if (!clock) return null;
  return h(
    "div",
    { class: `qh-ring ${clock.low ? "qh-clock-low" : ""}`, "data-clock": "", style: `--p:${clock.fraction ?? 1}` },
    h("span", { class: "qh-ring-text", "data-clock-text": "" }, clock.text),
  );
}

/** The sound effects after a change (host.js plays them when the TV turns them on). */
export function sounds(before, after) {
  const out = [];
  for (const cue of cues(before, after)) {
    if (cue.kind === "clue" && cue.n > 1) out.push("clue");
    else if (cue.kind === "verdict") out.push(cue.last.winner == null ? "wrong" : "right");
    else if (cue.kind === "answer" && cue.answer.result === "wrong") out.push("wrong");
    else if (cue.kind === "tournament") out.push("fanfare");
    else if (cue.kind === "over") out.push("victory");
  }
  return out;
}

class QuiAdiQuoiHost extends HTMLElement {
  constructor() {
    super();
    this.seenClues = { key: null, n: 0 };
    this.seenLast = undefined;
  }

  render(view) {
    const { t, state, names } = view;
    const obs = state.observation;
    clear(this);
    this.className = "qh";
    if (!obs) return;
    const over = obs.phase === "over";
    const winner = state.outcome?.winner;
    const stage = h("section", { class: `qh-stage qh-phase-${obs.tournament ? "tournament" : obs.phase}`, "aria-live": "polite" });
    if (over) {
      const champion = winner == null ? null : obs.players[winner];
      add(
        stage,
        h(
          "div",
          { class: "qh-victory" },
          h("div", { class: "qh-trophy", "aria-hidden": "true" }, "★"),
          h("h2", {}, winner == null ? t("quiadiquoi.over_no_winner") : t("quiadiquoi.winner_is", { name: names[winner] ?? "" })),
          winner != null && view.looks?.[winner] ? avatar(view.looks[winner], { size: "11vh" }) : null,
          // the three categories that won: one card of each, the others counted
          champion ? this.winningCards(t, champion) : null,
        ),
      );
    } else if (obs.question) {
      const q = obs.question;
      const key = `${obs.turn}|${q.shown}|${q.kind}`;
      const before = this.seenClues.key === key ? this.seenClues.n : 0;
      this.seenClues = { key, n: q.clues.length };
      const card = questionCard(t, q, { names, large: true });
      card.querySelectorAll(".qq-clue-open").forEach((li, i) => {
        if (i >= before) li.classList.add("qh-clue-new");
      });
      add(
        stage,
        h("div", { class: "qh-top" }, h("p", { class: "qh-who" }, waitingText(t, obs, names, null)), ring(view.clock)),
        card,
        answersList(t, q, names),
      );
      if (obs.phase === "claims") add(stage, h("p", { class: "qh-claims" }, t("quiadiquoi.host_claims", { names: q.pending.map((s) => names[s]).join(", ") })));
    } else if (obs.tournament) {
      add(stage, h("div", { class: "qh-top" }, h("p", { class: "qh-who" }, waitingText(t, obs, names, null)), ring(view.clock)), this.tournament(view, obs));
    } else {
      add(
        stage,
        h("div", { class: "qh-top" }, h("p", { class: "qh-who" }, waitingText(t, obs, names, null)), ring(view.clock)),
        obs.die ? dieBadge(t, obs.die, { large: true }) : obs.preparation ? h("p", { class: "qh-prep" }, t("quiadiquoi.preparation")) : null,
        obs.last ? lastCard(t, obs.last, names, { large: true }) : h("p", { class: "qh-intro" }, t("quiadiquoi.host_intro")),
        sabotView(t, obs, { large: true }),
      );
    }
    const many = obs.players.length > 4;
    const side = h(
      "aside",
      { class: `qh-side ${many ? "qh-many" : ""}` },
      h(
        "ol",
        { class: "qh-players" },
        obs.players.map((p, seat) => {
          const look = view.looks?.[seat];
          return h(
            "li",
            { class: `qh-player ${state.awaited.includes(seat) ? "qh-awaited" : ""} ${winner === seat ? "qh-winner" : ""}`, "data-seat": seat, style: look ? `--c: var(--party-${look.colour})` : null },
            h(
              "div",
              { class: "qh-player-head" },
              who(view, seat),
              !over && !obs.tournament && obs.reader === seat ? h("span", { class: "qq-role" }, t("quiadiquoi.role_reader")) : null,
              !over && !obs.tournament && obs.principal === seat ? h("span", { class: "qq-role qq-role-main" }, t("quiadiquoi.role_principal")) : null,
            ),
            h(
              "div",
              { class: "qh-player-line" },
              CATEGORIES.map((c) => catChip(t, c, p.tokens[c], p.tokens[c] ? "" : "qq-zero")),
              p.pebbles ? h("span", { class: "qh-pebbles", "aria-label": t("quiadiquoi.pebbles", { n: p.pebbles }) }, "●".repeat(p.pebbles)) : null,
            ),
            h(
              "div",
              { class: "qh-player-line qh-player-cards" },
              p.cards.map((c) => h("span", { class: `qh-card-chip qq-cat-${c.category}`, "data-card": c.id, title: c.author }, h("span", { class: "qq-cat-letter", "aria-hidden": "true" }, t(`quiadiquoi.cat_letter.${c.category}`)))),
              h("span", { class: "qh-goal" }, goalText(t, p, obs.cards_to_win?.[seat])),
            ),
          );
        }),
      ),
    );
    this.append(stage, side);
    if (view.paused) this.append(h("div", { class: "qh-pause" }, "❚❚ ", t("party.paused")));
    this.flyWonCard(obs);
  }

  winningCards(t, champion) {
    const shown = CATEGORIES.map((cat) => champion.cards.find((c) => c.category === cat)).filter(Boolean);
    const more = champion.cards.length - shown.length;
    return h(
      "div",
      { class: "qh-victory-hand" },
      h("ul", { class: "qh-victory-cards" }, shown.map((c) => h("li", { class: `qh-victory-card qq-cat-${c.category}`, "data-card": c.id }, catChip(t, c.category), h("strong", {}, c.author)))),
      more > 0 ? h("p", { class: "qh-victory-more" }, t("party.more_cards", { n: more })) : null,
    );
  }

  /** The tournament: who recites, how many were recited, everyone's pebbles; then the discards. */
  tournament(view, obs) {
    const { t, names } = view;
    const tour = obs.tournament;
    const attempt = tour.attempt;
    const discarding = obs.phase === "discard";
    return h(
      "section",
      { class: "qh-tournament" },
      h("h2", {}, t("quiadiquoi.tournament_n", { n: tour.number })),
      h("p", { class: "qh-tournament-help" }, discarding ? t("quiadiquoi.tournament_discards") : t("quiadiquoi.tournament_help")),
      attempt && attempt.result !== "right" && attempt.text != null ? h("p", { class: "qq-refused", role: "status" }, t(`quiadiquoi.recite_${attempt.result}`, { name: names[attempt.seat] ?? "", text: attempt.text })) : null,
      tour.recited.length ? h("p", { class: "qh-recited" }, t("quiadiquoi.recited_count", { n: tour.recited.length })) : null,
      h(
        "ul",
        { class: "qh-pebble-rows" },
        obs.players.map((p, seat) =>
          h(
            "li",
            { class: `qh-pebble-row ${seat === tour.current ? "qh-current" : ""}`, "data-seat": seat },
            who(view, seat),
            h("span", { class: "qh-stones", "aria-label": t("quiadiquoi.pebbles", { n: p.pebbles }) }, "●".repeat(p.pebbles) || "·"),
            tour.owed?.[seat] ? h("span", { class: "qh-owes" }, t("quiadiquoi.owes", { n: tour.owed[seat] })) : null,
          ),
        ),
      ),
    );
  }

  /** A card just won flies from the middle of the screen to its new owner. */
  flyWonCard(obs) {
    const key = obs.last ? `${obs.last.card}|${obs.last.winner}|${obs.turn}` : null;
    const first = this.seenLast === undefined;
    const changed = key !== this.seenLast;
    this.seenLast = key;
    if (first || !changed || obs.last?.winner == null || obs.last.face !== "bordeaux") return;
    const target = this.querySelector(`.qh-player[data-seat="${obs.last.winner}"] .qh-player-cards`);
    const from = this.querySelector(".qh-stage .qq-last") ?? this.querySelector(".qh-stage");
    if (!target || !from || !this.isConnected || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const a = from.getBoundingClientRect();
    const b = target.getBoundingClientRect();
    const flyer = h("div", { class: `qh-flyer qq-cat-${obs.last.category}`, "aria-hidden": "true" }, obs.last.author);
    document.body.append(flyer);
    const x0 = a.left + a.width / 2;
    const y0 = a.top + a.height / 2;
    flyer
      .animate(
        [
          { transform: `translate(${x0}px, ${y0}px) translate(-50%, -50%) scale(1.4)`, opacity: 1 },
          { transform: `translate(${b.left + 40}px, ${b.top + b.height / 2}px) translate(-50%, -50%) scale(.4)`, opacity: 0.2 },
        ],
        { duration: 1400, easing: "cubic-bezier(.5,0,.3,1)" },
      )
      .finished.then(() => flyer.remove(), () => flyer.remove());
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, QuiAdiQuoiHost);
