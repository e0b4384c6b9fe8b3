"""A QuiAdiQuoi position as text for a terminal, in French or English.

`render(state, viewer, lang)` shows what `viewer` may see (see observation.py); the
outcome texts (`outcome.<reason>`) are the game's `outcome_messages`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablier.core.messages import Catalogue, check_lang
from tablier.games.quiadiquoi.deck import CATEGORIES
from tablier.games.quiadiquoi.events import CATEGORY_NAMES
from tablier.games.quiadiquoi.observation import question_view, sabot_view
from tablier.games.quiadiquoi.phases import Phase

if TYPE_CHECKING:
    from tablier.games.quiadiquoi.state import QuiAdiQuoiState

TEXTS = Catalogue(
    "quiadiquoi.render",
    {
        "title": {"fr": "QuiAdiQuoi — tour {turn}", "en": "QuiAdiQuoi — turn {turn}"},
        "title_prep": {
            "fr": "QuiAdiQuoi — tour {turn} (tour de préparation)",
            "en": "QuiAdiQuoi — turn {turn} (preparation round)",
        },
        "roles": {
            "fr": "lecteur : joueur {reader}   principal : joueur {principal}   dé : {die}",
            "en": "reader: player {reader}   principal: player {principal}   die: {die}",
        },
        "die.none": {"fr": "-", "en": "-"},
        "die.blank": {"fr": "face blanche", "en": "blank face"},
        "die.magic": {
            "fr": "jeton magique (payer avec un autre jeton)",
            "en": "jeton magique (pay with another token)",
        },
        "die.clues": {
            "fr": "3 indices (trois indices d'un coup)",
            "en": "3 indices (three clues at once)",
        },
        "die.imposed": {
            "fr": "choix imposé (le lecteur choisit)",
            "en": "choix imposé (the reader chooses)",
        },
        "die.steal_token": {
            "fr": "jeton volé (payer avec le jeton d'un autre)",
            "en": "jeton volé (pay with another's token)",
        },
        "die.steal_card": {
            "fr": "carte volée (agir sur la carte d'un adversaire)",
            "en": "carte volée (act on an opponent's card)",
        },
        "comp.empty": {"fr": "compartiment {n} : vide", "en": "compartment {n}: empty"},
        "comp.front": {
            "fr": "compartiment {n} : {count} cartes, devant {face} {category}",
            "en": "compartment {n}: {count} cards, front {face} {category}",
        },
        "face.blue": {"fr": "bleue", "en": "blue"},
        "face.bordeaux": {"fr": "bordeaux", "en": "bordeaux"},
        "cup": {
            "fr": "coupelle : {tokens}   galets {pebbles}   tournois joués : {held}",
            "en": "cup: {tokens}   pebbles {pebbles}   tournaments held: {held}",
        },
        "player": {
            "fr": "  joueur {p}{mark} : jetons {tokens}   cartes : {cards}{pebbles}",
            "en": "  player {p}{mark}: tokens {tokens}   cards: {cards}{pebbles}",
        },
        "you": {"fr": " (vous)", "en": " (you)"},
        "pebbles": {"fr": "   galets {n}", "en": "   pebbles {n}"},
        "asks.author": {"fr": "qui l'a dit ?", "en": "who said it?"},
        "asks.quote": {"fr": "qu'a dit cet auteur ?", "en": "what did this author say?"},
        "where.comp": {"fr": "compartiment {n}", "en": "compartment {n}"},
        "where.steal": {"fr": "une carte volée", "en": "a stolen card"},
        "question": {
            "fr": "question (face {face}, {category}, {where}) : {asks}",
            "en": "question ({face} face, {category}, {where}): {asks}",
        },
        "clue": {"fr": "  indice {n} : {clue}", "en": "  clue {n}: {clue}"},
        "answer": {"fr": "  joueur {seat}{extra} : {said}", "en": "  player {seat}{extra}: {said}"},
        "again": {"fr": " (reprend la parole)", "en": " (speaking again)"},
        "result.right": {"fr": "juste", "en": "right"},
        "result.wrong": {"fr": "faux", "en": "wrong"},
        "result.abstain": {"fr": "s'abstient", "en": "abstain"},
        "result.timeout": {"fr": "temps écoulé", "en": "timeout"},
        "says": {
            "fr": "  le joueur {seat} dit « {text} »",
            "en": "  player {seat} says « {text} »",
        },
        "check": {
            "fr": "  la vérification automatique la trouve {proposed}",
            "en": "  the automatic check finds it {proposed}",
        },
        "check_why": {
            "fr": "  la vérification automatique la trouve {proposed} : {reason}",
            "en": "  the automatic check finds it {proposed}: {reason}",
        },
        "cheat_sheet": {"fr": "  anti-sèche : {authors}", "en": "  cheat sheet: {authors}"},
        "reader_answer": {
            "fr": "  réponse (vue du seul lecteur) : {answer}",
            "en": "  answer (only the reader sees it): {answer}",
        },
        "tournament": {
            "fr": "tournoi {number} : citations récitées jusqu'ici : {n}",
            "en": "tournament {number}: quotations recited so far: {n}",
        },
        "discards": {"fr": "  défausses : {owed}", "en": "  discards: {owed}"},
        "owes": {"fr": "joueur {p} doit {n}", "en": "player {p} owes {n}"},
        "attempt.already": {
            "fr": "  joueur {seat} : « {text} » — déjà récitée, essayez encore",
            "en": "  player {seat}: « {text} » — already recited, try again",
        },
        "attempt.unknown": {
            "fr": "  joueur {seat} : « {text} » — pas reconnue, essayez encore",
            "en": "  player {seat}: « {text} » — not recognised, try again",
        },
        "last": {
            "fr": "dernière carte : « {quote} » — {author}",
            "en": "last card: « {quote} » — {author}",
        },
        "over": {"fr": "partie finie : {why}", "en": "game over: {why}"},
        "outcome.cards": {
            "fr": "le joueur {winner} gagne en réunissant les trois catégories",
            "en": "player {winner} wins with three categories",
        },
        "outcome.exhausted": {
            "fr": "les cartes sont épuisées : le plus de cartes, puis de jetons, l'emporte",
            "en": "the cards have run out: most cards, then most tokens, wins",
        },
        "outcome.stalled": {
            "fr": "personne n'a pu tirer de carte pendant deux tours entiers",
            "en": "nobody could draw a card for two whole rounds",
        },
        "prompt.choose": {
            "fr": "{who} : choisissez un compartiment (take N) — ou une autre action permise "
            "par le dé",
            "en": "{who}: choose a compartment (take N) — or another action the die allows",
        },
        "prompt.answer": {
            "fr": "{who} : répondez avec answer:<texte>, ou abstenez-vous (abstain)",
            "en": "{who}: answer with answer:<text>, or abstain",
        },
        "prompt.respeak": {
            "fr": "{who} : vous reprenez la parole — answer:<texte>",
            "en": "{who}: you claimed to speak again — answer:<text>",
        },
        "prompt.verdict": {
            "fr": "{who} (lecteur) : acceptez (accept) ou refusez (refuse) la réponse",
            "en": "{who} (reader): accept or refuse the answer",
        },
        "prompt.claims": {
            "fr": "{who} : réclamez la parole (claim), ou passez (pass)",
            "en": "{who}: claim to speak again, or pass",
        },
        "prompt.challenge": {
            "fr": "{who} : un autre indice (clue) ou on s'arrête (stop)",
            "en": "{who}: take another clue (clue) or stop",
        },
        "prompt.recite": {
            "fr": "{who} : récitez une citation entendue dans la partie (recite:<texte>), "
            "ou passez (pass)",
            "en": "{who}: recite a quotation heard in this game (recite:<text>), or pass",
        },
        "prompt.discard": {
            "fr": "{who} : défaussez un jeton (ou rendez une carte si vous n'en avez plus)",
            "en": "{who}: discard a token (or return a card if you have none)",
        },
        "who": {"fr": "joueur {p}", "en": "player {p}"},
    },
)


def _seat(seat: int | None) -> int | None:
    """A seat as people count them: from 1 (the engine counts from 0)."""
    return None if seat is None else seat + 1


def _category(category: str, lang: str) -> str:
    return CATEGORY_NAMES[category][lang]


def _tokens_text(tokens: dict[str, int], lang: str) -> str:
    return " ".join(f"{_category(c, lang)[:4]} {tokens[c]}" for c in CATEGORIES)


def render(state: QuiAdiQuoiState, viewer: int | None = None, lang: str = "fr") -> str:
    lang = check_lang(lang)
    t = state.table

    def say(key: str, **params: Any) -> str:
        return TEXTS.text(key, lang, **params)

    lines: list[str] = [say("title_prep" if state.prep() else "title", turn=t.turn + 1)]
    die = say(f"die.{t.die}") if t.die else say("die.none")
    lines.append(say("roles", reader=t.reader + 1, principal=t.principal + 1, die=die))
    for number, comp in enumerate(sabot_view(state), start=1):
        front = comp["front"]
        if front is None:
            lines.append(say("comp.empty", n=number))
        else:
            lines.append(
                say(
                    "comp.front",
                    n=number,
                    count=comp["count"],
                    face=say(f"face.{front['face']}"),
                    category=_category(front["category"], lang),
                )
            )
    lines.append(
        say(
            "cup",
            tokens=_tokens_text(t.cup, lang),
            pebbles=t.cup_pebbles,
            held=t.tournaments,
        )
    )
    for p in range(state.n):
        cards = ", ".join(
            f"{c} {_category(state.card(c).category, lang)} ({state.card(c).author})"
            for c in t.cards[p]
        )
        lines.append(
            say(
                "player",
                p=p + 1,
                mark=say("you") if p == viewer else "",
                tokens=_tokens_text(t.tokens[p], lang),
                cards=cards or "-",
                pebbles=say("pebbles", n=t.pebbles[p]) if t.pebbles[p] else "",
            )
        )
    lines += _question_lines(state, viewer, lang)
    lines += _tournament_lines(state, lang)
    if t.last is not None and t.question is None:
        lines.append(say("last", quote=t.last["quote"], author=t.last["author"]))
        if t.last["anecdote"]:
            lines.append(f"  {t.last['anecdote']}")
    for entry in t.events[-3:]:
        lines.append(f"· {entry.text(lang)}")
    if state.is_terminal():
        lines.append(say("over", why=say(f"outcome.{t.end}", winner=_seat(t.winner))))
    else:
        who = ", ".join(say("who", p=p + 1) for p in state.current_players())
        if f"prompt.{t.phase.value}" in TEXTS.entries:
            lines.append(say(f"prompt.{t.phase.value}", who=who))
    return "\n".join(lines)


def _question_lines(state: QuiAdiQuoiState, viewer: int | None, lang: str) -> list[str]:
    t = state.table
    view = question_view(state, viewer)
    if view is None:
        return []

    def say(key: str, **params: Any) -> str:
        return TEXTS.text(key, lang, **params)

    where = say("where.comp", n=view["comp"]) if view["comp"] else say("where.steal")
    lines = [
        say(
            "question",
            face=say(f"face.{view['face']}"),
            category=_category(view["category"], lang),
            where=where,
            asks=say(f"asks.{view['asks']}"),
        ),
        f"  « {view['shown']} »",
    ]
    for number, clue in enumerate(view["clues"], start=1):
        lines.append(say("clue", n=number, clue=clue))
    for answer in view["answers"]:
        said = say(f"result.{answer['result']}")
        if answer["text"] is not None:
            said = f"« {answer['text']} » — {said}"
        extra = say("again") if answer["respeak"] else ""
        lines.append(say("answer", seat=answer["seat"] + 1, extra=extra, said=said))
    if t.verdict is not None:
        lines.append(say("says", seat=t.verdict.seat + 1, text=t.verdict.text))
        if viewer == t.reader:
            proposed = say("result.right" if t.verdict.proposed else "result.wrong")
            reason = t.verdict.reason
            if reason is None:
                lines.append(say("check", proposed=proposed))
            else:
                lines.append(say("check_why", proposed=proposed, reason=reason["text"]))
    if view["asks"] == "author" and state.opt("cheat_sheet"):
        lines.append(say("cheat_sheet", authors=", ".join(state.game.authors)))
    if "answer" in view:
        lines.append(say("reader_answer", answer=view["answer"]))
    return lines


def _tournament_lines(state: QuiAdiQuoiState, lang: str) -> list[str]:
    t = state.table
    tour = t.tournament
    if tour is None:
        return []

    def say(key: str, **params: Any) -> str:
        return TEXTS.text(key, lang, **params)

    lines = [say("tournament", number=tour.number, n=len(tour.recited))]
    for card_id in tour.recited:
        lines.append(f"  « {state.card(card_id).quote} »")
    if t.phase == Phase.DISCARD:
        owed = [say("owes", p=p + 1, n=tour.owed[p]) for p in range(state.n) if tour.owed[p]]
        lines.append(say("discards", owed=", ".join(owed)))
    attempt = tour.attempt
    if attempt is not None and attempt["result"] in ("already", "unknown"):
        lines.append(
            say(f"attempt.{attempt['result']}", seat=attempt["seat"] + 1, text=attempt["text"])
        )
    return lines
