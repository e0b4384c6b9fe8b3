"""What each seat may see of a QuiAdiQuoi position, as data and as text.

Hidden at the table, hence here: the card of a question still being asked (its id and
its answer) except to the reader who holds it, the reader's proposed verdict, and the
order and hidden faces of the packs. Only each compartment's size and the colour and
category of the face showing at its front are public. Everything read aloud is public.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from tablier.games.quiadiquoi.deck import CATEGORIES

if TYPE_CHECKING:
    from tablier.games.quiadiquoi.state import QuiAdiQuoiState

CATEGORY_LABELS = {"histoire": "Histoire", "litterature": "Littérature", "penseurs": "Penseurs"}
DIE_LABELS = {
    None: "-",
    "blank": "blank face",
    "magic": "jeton magique (pay with any token)",
    "clues": "3 indices (three clues at once)",
    "imposed": "choix imposé (the reader chooses)",
    "steal_token": "jeton volé (pay with another's token)",
    "steal_card": "carte volée (act on an opponent's card)",
}


def sabot_view(state: QuiAdiQuoiState) -> list[dict[str, Any]]:
    view = []
    for slots in state.g["comps"]:
        front = None
        if slots:
            card_id, face = slots[0]
            front = {"face": face, "category": state.card(card_id).category}
        view.append({"count": len(slots), "front": front})
    return view


def card_view(state: QuiAdiQuoiState, card_id: str) -> dict[str, str]:
    card = state.card(card_id)
    return {"id": card_id, "category": card.category, "author": card.author}


def sees_card(state: QuiAdiQuoiState, viewer: int | None) -> bool:
    """The reader holds the question's card; a steal names a card already public."""
    q = state.g["question"]
    if q is None:
        return False
    return q["kind"] == "steal" or (viewer is not None and viewer == state.g["reader"])


def question_view(state: QuiAdiQuoiState, viewer: int | None) -> dict[str, Any] | None:
    q = state.g["question"]
    if q is None:
        return None
    card = state.card(q["card"])
    blue = q["face"] == "blue"
    clues = card.author_clues if blue else card.quote_clues
    view: dict[str, Any] = {
        "category": q["category"],
        "face": q["face"],
        "comp": q["comp"],
        "kind": q["kind"],
        "owner": q["owner"] if q["kind"] == "steal" else None,
        "asks": "author" if blue else "quote",
        "shown": card.quote if blue else card.author,
        "clues": list(clues[: q["clue"]]),
        "current": q["current"],
        "answers": copy.deepcopy(q["answers"]),
        "pending": list(q["pending"]),
        "claimants": list(q["claimants"]),
        "window": q["window"],
        "respeak_eligible": state.respeak_eligible(),
    }
    if sees_card(state, viewer):
        view["card"] = q["card"]
    if viewer is not None and viewer == state.g["reader"]:
        view["answer"] = card.author if blue else card.quote
        view["all_clues"] = list(clues)
        view["source"] = card.source
        view["anecdote"] = card.anecdote
    return view


def public_data(state: QuiAdiQuoiState, viewer: int | None) -> dict[str, Any]:
    """The raw game data with its hidden parts removed (what `restore` starts from)."""
    data = copy.deepcopy(state.g)
    data["comps"] = sabot_view(state)
    if data["question"] is not None and not sees_card(state, viewer):
        data["question"]["card"] = None
    if data["verdict"] is not None and viewer != state.g["reader"]:
        data["verdict"]["proposed"] = None
    return data


def observe(state: QuiAdiQuoiState, viewer: int | None) -> dict[str, Any]:
    g = state.g
    obs = state.base_observation(viewer)
    verdict = None
    if g["verdict"] is not None:
        verdict = {"seat": g["verdict"]["seat"], "text": g["verdict"]["text"]}
        if viewer is not None and viewer == g["reader"]:
            verdict["proposed"] = "right" if g["verdict"]["proposed"] else "wrong"
    tournament = None
    if g["tournament"] is not None:
        t = g["tournament"]
        tournament = {
            "number": t["number"],
            "current": t["current"],
            "recited": [{"id": c, "quote": state.card(c).quote} for c in t["recited"]],
            "round_pebbles": list(t["round_pebbles"]),
            "attempt": copy.deepcopy(t["attempt"]),
            "owed": list(t["owed"]),
        }
    obs.update(
        {
            "phase": g["phase"],
            "turn": g["turn"],
            "reader": g["reader"],
            "principal": g["principal"],
            "preparation": state.prep(),
            "die": g["die"],
            "sabot": sabot_view(state),
            "cup": dict(g["cup"]),
            "cup_pebbles": g["cup_pebbles"],
            "players": [
                {
                    "tokens": dict(g["tokens"][p]),
                    "cards": [card_view(state, c) for c in g["cards"][p]],
                    "pebbles": g["pebbles"][p],
                }
                for p in range(state.n)
            ],
            "heard": [
                {
                    "id": c,
                    "category": state.card(c).category,
                    "author": state.card(c).author,
                    "quote": state.card(c).quote,
                }
                for c in g["heard"]
            ],
            "question": question_view(state, viewer),
            "verdict": verdict,
            "tournament": tournament,
            "tournaments_held": g["tournaments"],
            "last": copy.deepcopy(g["last"]),
            "events": list(g["events"]),
            "cards_to_win": [state.cards_to_win(p) for p in range(state.n)],
            "cheat_sheet": list(state.game.authors) if state.opt("cheat_sheet") else None,
            "public": public_data(state, viewer),
        }
    )
    return obs


# ---------------------------------------------------------------------------- text
def _tokens_text(tokens: dict[str, int]) -> str:
    return " ".join(f"{CATEGORY_LABELS[c][:4]} {tokens[c]}" for c in CATEGORIES)


def _prompt(state: QuiAdiQuoiState) -> str:
    g = state.g
    phase = g["phase"]
    awaited = state.current_players()
    who = ", ".join(f"player {p}" for p in awaited)
    if phase == "choose":
        return f"{who}: choose a compartment (take N) — or another action the die allows"
    if phase == "answer":
        return f"{who}: answer with answer:<text>, or abstain"
    if phase == "respeak":
        return f"{who}: you claimed to speak again — answer:<text>"
    if phase == "verdict":
        return f"{who} (reader): accept or refuse the answer"
    if phase == "claims":
        return f"{who}: claim to speak again, or pass"
    if phase == "challenge":
        return f"{who}: take another clue (clue) or stop"
    if phase == "recite":
        return f"{who}: recite a quotation heard in this game (recite:<text>), or pass"
    if phase == "discard":
        return f"{who}: discard a token (or return a card if you have none)"
    return ""


def render(state: QuiAdiQuoiState, viewer: int | None = None) -> str:
    g = state.g
    n = state.n
    lines: list[str] = []
    title = f"QuiAdiQuoi — turn {g['turn'] + 1}"
    if state.prep():
        title += " (preparation round)"
    lines.append(title)
    lines.append(
        f"reader: player {g['reader']}   principal: player {g['principal']}   "
        f"die: {DIE_LABELS.get(g['die'], g['die'])}"
    )
    for number, comp in enumerate(sabot_view(state), start=1):
        front = comp["front"]
        if front is None:
            lines.append(f"compartment {number}: empty")
        else:
            label = CATEGORY_LABELS[front["category"]]
            lines.append(
                f"compartment {number}: {comp['count']} cards, front {front['face']} {label}"
            )
    lines.append(
        f"cup: {_tokens_text(g['cup'])}   pebbles {g['cup_pebbles']}   "
        f"tournaments held: {g['tournaments']}"
    )
    for p in range(n):
        mark = " (you)" if p == viewer else ""
        cards = ", ".join(
            f"{c} {CATEGORY_LABELS[state.card(c).category]} ({state.card(c).author})"
            for c in g["cards"][p]
        )
        pebbles = f"   pebbles {g['pebbles'][p]}" if g["pebbles"][p] else ""
        lines.append(
            f"  player {p}{mark}: tokens {_tokens_text(g['tokens'][p])}   "
            f"cards: {cards or '-'}{pebbles}"
        )
    view = question_view(state, viewer)
    if view is not None:
        asks = "who said it?" if view["asks"] == "author" else "what did this author say?"
        where = f"compartment {view['comp']}" if view["comp"] else "a stolen card"
        lines.append(
            f"question ({view['face']} face, {CATEGORY_LABELS[view['category']]}, {where}): {asks}"
        )
        lines.append(f"  « {view['shown']} »")
        for number, clue in enumerate(view["clues"], start=1):
            lines.append(f"  clue {number}: {clue}")
        for answer in view["answers"]:
            extra = " (speaking again)" if answer["respeak"] else ""
            said = answer["result"]
            if answer["text"] is not None:
                said = f"« {answer['text']} » — {said}"
            lines.append(f"  player {answer['seat']}{extra}: {said}")
        if g["verdict"] is not None:
            lines.append(f"  player {g['verdict']['seat']} says « {g['verdict']['text']} »")
            if viewer == g["reader"]:
                proposed = "right" if g["verdict"]["proposed"] else "wrong"
                lines.append(f"  the automatic check finds it {proposed}")
        if view["asks"] == "author" and state.opt("cheat_sheet"):
            lines.append("  cheat sheet: " + ", ".join(state.game.authors))
        if "answer" in view:
            lines.append(f"  answer (only the reader sees it): {view['answer']}")
    if g["tournament"] is not None:
        t = g["tournament"]
        lines.append(f"tournament {t['number']}: quotations recited so far: {len(t['recited'])}")
        for card_id in t["recited"]:
            lines.append(f"  « {state.card(card_id).quote} »")
        if g["phase"] == "discard":
            owed = [f"player {p} owes {t['owed'][p]}" for p in range(n) if t["owed"][p]]
            lines.append("  discards: " + ", ".join(owed))
        attempt = t["attempt"]
        if attempt is not None and attempt["result"] in ("already", "unknown"):
            why = "already recited" if attempt["result"] == "already" else "not recognised"
            lines.append(f"  player {attempt['seat']}: « {attempt['text']} » — {why}, try again")
    if g["last"] is not None and g["question"] is None:
        last = g["last"]
        lines.append(f"last card: « {last['quote']} » — {last['author']}")
        if last["anecdote"]:
            lines.append(f"  {last['anecdote']}")
    for event in g["events"][-3:]:
        lines.append(f"· {event}")
    if state.is_terminal():
        outcome = state.outcome() or {}
        if g["winner"] is not None:
            lines.append(f"game over: player {g['winner']} wins with three categories")
        else:
            lines.append(f"game over ({outcome.get('reason')}): returns {outcome.get('returns')}")
    else:
        lines.append(_prompt(state))
    return "\n".join(lines)
