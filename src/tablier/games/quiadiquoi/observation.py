"""What each seat may see of a QuiAdiQuoi position (`state.observation(seat)`).

Hidden at the table, hence here: the card of a question still being asked (its id and
its answer) except to the reader who holds it, the reader's proposed verdict and its
reason, and the order and hidden faces of the packs. Only each compartment's size and
the colour and category of the face showing at its front are public. Everything read
aloud is public. Every field is described in docs/quiadiquoi-observation.md.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from tablier.games.quiadiquoi.table import BLUE

if TYPE_CHECKING:
    from tablier.games.quiadiquoi.state import QuiAdiQuoiState


def sabot_view(state: QuiAdiQuoiState) -> list[dict[str, Any]]:
    view = []
    for slots in state.table.comps:
        front = None
        if slots:
            front = {"face": slots[0].face, "category": state.card(slots[0].card).category}
        view.append({"count": len(slots), "front": front})
    return view


def card_view(state: QuiAdiQuoiState, card_id: str) -> dict[str, str]:
    card = state.card(card_id)
    return {"id": card_id, "category": card.category, "author": card.author}


def sees_card(state: QuiAdiQuoiState, viewer: int | None) -> bool:
    """The reader holds the question's card; a steal names a card already public."""
    q = state.table.question
    if q is None:
        return False
    return q.kind == "steal" or (viewer is not None and viewer == state.table.reader)


def question_view(state: QuiAdiQuoiState, viewer: int | None) -> dict[str, Any] | None:
    q = state.table.question
    if q is None or q.card is None:
        return None
    card = state.card(q.card)
    blue = q.face == BLUE
    clues = card.author_clues if blue else card.quote_clues
    view: dict[str, Any] = {
        "category": q.category,
        "face": q.face,
        "comp": q.comp,
        "kind": q.kind,
        "owner": q.owner if q.kind == "steal" else None,
        "asks": "author" if blue else "quote",
        "shown": card.quote if blue else card.author,
        "clues": list(clues[: q.clue]),
        "current": q.current,
        "answers": copy.deepcopy(q.answers),
        "pending": list(q.pending),
        "claimants": list(q.claimants),
        "window": q.window,
        "respeak_eligible": state.respeak_eligible(),
    }
    if sees_card(state, viewer):
        view["card"] = q.card
    if viewer is not None and viewer == state.table.reader:
        view["answer"] = card.author if blue else card.quote
        view["all_clues"] = list(clues)
        view["source"] = card.source
        view["anecdote"] = card.anecdote
    return view


def heard_view(state: QuiAdiQuoiState) -> list[dict[str, str]]:
    return [
        {
            "id": c,
            "category": state.card(c).category,
            "author": state.card(c).author,
            "quote": state.card(c).quote,
        }
        for c in state.table.heard
    ]


def public_data(state: QuiAdiQuoiState, viewer: int | None) -> dict[str, Any]:
    """The game data with its hidden parts removed (what `restore` starts from)."""
    data = state.table.to_public()
    data["comps"] = sabot_view(state)
    if not state.is_terminal():
        data["heard"] = None  # see `heard` in `observe`
    if data["question"] is not None and not sees_card(state, viewer):
        data["question"]["card"] = None
    if data["verdict"] is not None and viewer != state.table.reader:
        data["verdict"]["proposed"] = None
        data["verdict"]["reason"] = None  # it may name the expected words
    return data


def tournament_view(state: QuiAdiQuoiState) -> dict[str, Any] | None:
    tour = state.table.tournament
    if tour is None:
        return None
    return {
        "number": tour.number,
        "current": tour.current,
        # ids only, no words: remembering which quotations were
        # already recited this round is part of the challenge
        "recited": [{"id": c} for c in tour.recited],
        "round_pebbles": list(tour.round_pebbles),
        "attempt": copy.deepcopy(tour.attempt),
        "owed": list(tour.owed),
    }


def observe(state: QuiAdiQuoiState, viewer: int | None) -> dict[str, Any]:
    t = state.table
    obs = state.base_observation(viewer)
    verdict = None
    if t.verdict is not None:
        verdict = {"seat": t.verdict.seat, "text": t.verdict.text}
        if viewer is not None and viewer == t.reader:
            verdict["proposed"] = "right" if t.verdict.proposed else "wrong"
            # why: "faute de frappe sur *contemplent*" (it may quote the answer: reader only)
            verdict["reason"] = copy.deepcopy(t.verdict.reason)
    obs.update(
        {
            "phase": t.phase.value,
            "turn": t.turn,
            "reader": t.reader,
            "principal": t.principal,
            "preparation": state.prep(),
            "die": t.die,
            "sabot": sabot_view(state),
            "cup": dict(t.cup),
            "cup_pebbles": t.cup_pebbles,
            "players": [
                {
                    "tokens": dict(t.tokens[p]),
                    "cards": [card_view(state, c) for c in t.cards[p]],
                    "pebbles": t.pebbles[p],
                }
                for p in range(state.n)
            ],
            # reciting from memory is the tournaments' point: the written list of the
            # quotations heard is shown only once the game is over
            "heard": heard_view(state) if state.is_terminal() else None,
            "heard_count": len(t.heard),
            "question": question_view(state, viewer),
            "verdict": verdict,
            "tournament": tournament_view(state),
            "tournaments_held": t.tournaments,
            "last": copy.deepcopy(t.last),
            "events": [e.text("en") for e in t.events],
            "event_messages": [e.to_json() for e in t.events],
            "cards_to_win": [state.cards_to_win(p) for p in range(state.n)],
            "cheat_sheet": list(state.game.authors) if state.opt("cheat_sheet") else None,
            "public": public_data(state, viewer),
        }
    )
    return obs
