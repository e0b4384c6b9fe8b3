// <quiadiquoi-host>: the shared screen of a QuiAdiQuoi party (a laptop or a TV), drawn
// from the spectator's view only: the card being asked and its clues, whose turn and
// the answer clock, the sabot, each player's tokens, cards and pebbles, the die and its
// power, tournaments, each verdict with its anecdote, and the victory. `speech` says
// what the voice reads aloud after a change.

import { clear, h } from "../dom.js";
import { answersList, catChip, dieBadge, holdings, lastCard, questionCard, sabotView, tournamentPanel, waitingText } from "./quiadiquoi-board.js";
import { cues } from "./quiadiquoi.js";

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

class QuiAdiQuoiHost extends HTMLElement {
  render(view) {
    const { t, state, names } = view;
    const obs = state.observation;
    clear(this);
    this.className = "qh";
    if (!obs) return;
    const over = obs.phase === "over";
    const winner = state.outcome?.winner;
    const stage = h("section", { class: "qh-stage", "aria-live": "polite" });
    if (over) {
      add(stage, 
        h(
          "div",
          { class: "qh-victory" },
          h("div", { class: "qh-trophy", "aria-hidden": "true" }, "★"),
          h("h2", {}, winner == null ? t("quiadiquoi.over_no_winner") : t("quiadiquoi.winner_is", { name: names[winner] ?? "" })),
          winner != null ? h("div", { class: "qh-victory-cards" }, holdings(t, obs.players[winner])) : null,
          obs.last ? lastCard(t, obs.last, names) : null,
        ),
      );
    } else if (obs.question) {
      const q = obs.question;
      add(stage, 
        h("p", { class: "qh-who" }, waitingText(t, obs, names, null), view.clock ? h("span", { class: `qh-clock ${view.clock.low ? "qh-clock-low" : ""}`, "data-clock": "" }, view.clock.text) : null),
        questionCard(t, q, { names, large: true }),
        answersList(t, q, names),
      );
      if (obs.phase === "claims") add(stage, h("p", { class: "qh-claims" }, t("quiadiquoi.host_claims", { names: q.pending.map((s) => names[s]).join(", ") })));
    } else if (obs.tournament) {
      add(stage, h("p", { class: "qh-who" }, waitingText(t, obs, names, null)), tournamentPanel(t, obs, names, { large: true }));
    } else {
      add(stage, 
        h("p", { class: "qh-who" }, waitingText(t, obs, names, null)),
        obs.die ? dieBadge(t, obs.die, { large: true }) : obs.preparation ? h("p", { class: "qh-prep" }, t("quiadiquoi.preparation")) : null,
        obs.last ? lastCard(t, obs.last, names, { large: true }) : h("p", { class: "qh-intro" }, t("quiadiquoi.host_intro")),
      );
    }
    const side = h(
      "aside",
      { class: "qh-side" },
      h(
        "ol",
        { class: "qh-players" },
        obs.players.map((p, seat) =>
          h(
            "li",
            { class: `qh-player ${state.awaited.includes(seat) ? "qh-awaited" : ""} ${winner === seat ? "qh-winner" : ""}`, "data-seat": seat },
            h(
              "div",
              { class: "qh-player-head" },
              h("strong", {}, names[seat] ?? ""),
              !over && !obs.tournament && obs.reader === seat ? h("span", { class: "qq-role" }, t("quiadiquoi.role_reader")) : null,
              !over && !obs.tournament && obs.principal === seat ? h("span", { class: "qq-role qq-role-main" }, t("quiadiquoi.role_principal")) : null,
            ),
            holdings(t, p, { goal: obs.cards_to_win?.[seat] }),
          ),
        ),
      ),
      h("div", { class: "qh-sabot" }, h("h3", {}, t("quiadiquoi.sabot")), sabotView(t, obs)),
      obs.die && obs.question ? dieBadge(t, obs.die) : null,
      h(
        "p",
        { class: "qh-meta" },
        obs.preparation ? t("quiadiquoi.preparation") : t("quiadiquoi.turn_n", { n: obs.turn + 1 }),
        " · ",
        t("quiadiquoi.tournaments_held", { n: obs.tournaments_held }),
        " · ",
        catChip(t, "histoire", obs.cup.histoire),
        catChip(t, "litterature", obs.cup.litterature),
        catChip(t, "penseurs", obs.cup.penseurs),
      ),
    );
    this.append(stage, side);
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, QuiAdiQuoiHost);
