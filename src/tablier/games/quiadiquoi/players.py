"""Computer guests for QuiAdiQuoi: quiz players who know part of the deck.

A search over moves is no use in a quiz: what wins is knowing who said what. These
players read only their seat's observation and the deck (a public book any guest may
have read); their level is how much of it they remember, and more clues help them
recall. They never hold the reader's card: a question's answer is found, like a person
would, from the face shown and the clues read aloud. As readers they judge honestly,
and in a tournament they recite what is still on the table (the cards won, the last
question), which they surely heard.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tablier.core.game import Game
from tablier.games.quiadiquoi.deck import Card, Deck

# (share of the deck known with no clue, extra share per clue read)
RECALL: dict[str, tuple[float, float]] = {
    "easy": (0.15, 0.08),
    "medium": (0.35, 0.1),
    "hard": (0.6, 0.1),
    "expert": (0.85, 0.05),
}


class QuizPlayer:
    """Answers the cards it recalls, abstains (or guesses) on the others."""

    def __init__(self, game: Game, seed: int | None, name: str) -> None:
        self.game = game
        self.name = name
        self.deck: Deck = game.deck  # type: ignore[attr-defined]
        self.base, self.per_clue = RECALL[name]
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------ deciding
    def choose(self, observation: dict[str, Any], seat: int) -> str:
        state = self.game.state_from_observation(observation, seat, self.rng)
        legal = [str(m) for m in state.legal_moves(seat)]
        if not legal:
            raise ValueError(f"player {seat} has no move to choose in this position")
        phase = observation["phase"]
        move = None
        if phase == "choose":
            move = self._draw(observation, legal)
        elif phase in ("answer", "respeak"):
            move = self._answer(observation)
        elif phase == "verdict":
            proposed = (observation.get("verdict") or {}).get("proposed")
            move = "accept" if proposed == "right" else "refuse"
        elif phase == "claims":
            move = "claim" if self._recall(observation) else "pass"
        elif phase == "challenge":
            move = "stop" if self._recall(observation) else "clue"
        elif phase == "recite":
            move = self._recite(observation)
        if move is not None and (move in legal or _fills(move, legal)):
            return move
        return self._fallback(legal)

    def _fallback(self, legal: list[str]) -> str:
        concrete = [m for m in legal if not self.game.is_template(m) and m != "timeout"]
        return concrete[0] if concrete else legal[0]

    def _draw(self, obs: dict[str, Any], legal: list[str]) -> str | None:
        """A turned card (won outright) when it can pay, else an unturned one."""
        takes = [m for m in legal if m.startswith("take ")]
        if not takes:
            return self._name_a_card(obs) if "name:<author>|<quote>" in legal else None

        def rank(move: str) -> tuple[int, int]:
            front = obs["sabot"][int(move.split()[1]) - 1]["front"] or {}
            # plain payments first: a stolen or magic token is kept for when it is needed
            return (0 if front.get("face") == "bordeaux" else 1, len(move.split()))

        return min(takes, key=rank)

    def _name_a_card(self, obs: dict[str, Any]) -> str | None:
        held = [c["id"] for p in obs["players"] for c in p["cards"]]
        mine = {c["id"] for c in obs["players"][obs["viewer"]]["cards"]}
        targets = [c for c in held if c not in mine]
        if not targets:
            return None
        card = self.deck.card(self.rng.choice(targets))
        return f"name:{card.author}|{card.quote}"

    def _answer(self, obs: dict[str, Any]) -> str:
        card = self._recall(obs)
        q = obs["question"]
        if card is not None:
            return "answer:" + (card.author if q["asks"] == "author" else card.quote)
        if q["asks"] == "author" and self.rng.random() < 0.4:
            # a guess from the authors of the category, as people do
            pool = sorted({c.author for c in self.deck.cards if c.category == q["category"]})
            return "answer:" + self.rng.choice(pool)
        return "abstain"

    def _recall(self, obs: dict[str, Any]) -> Card | None:
        """The question's card, if this player remembers it with the clues read so far."""
        q = obs.get("question")
        if q is None:
            return None
        candidates = self._candidates(q)
        if not candidates:
            return None
        chance = self.base + self.per_clue * len(q["clues"])
        return self.rng.choice(candidates) if self.rng.random() < chance else None

    def _candidates(self, q: dict[str, Any]) -> list[Card]:
        clues = list(q["clues"])
        if q["asks"] == "author":
            return [c for c in self.deck.cards if c.quote == q["shown"]]
        return [
            c
            for c in self.deck.cards
            if c.author == q["shown"] and list(c.quote_clues[: len(clues)]) == clues
        ]

    def _recite(self, obs: dict[str, Any]) -> str:
        tour = obs["tournament"]
        done = {entry["id"] for entry in tour["recited"]}
        on_table = [c["id"] for p in obs["players"] for c in p["cards"]]
        said = [c for c in on_table if c not in done]
        if said and self.rng.random() < self.base + 0.3:
            return "recite:" + self.deck.card(self.rng.choice(said)).quote
        last = obs.get("last") or {}
        if last.get("card") and last["card"] not in done and last.get("quote"):
            return "recite:" + str(last["quote"])
        return "pass"


def _fills(move: str, legal: list[str]) -> bool:
    """Whether `move` completes one of the legal templates (`answer:<text>`...)."""
    kind = move.partition(":")[0]
    return any(m.startswith(f"{kind}:<") for m in legal)


def _factory(name: str) -> Callable[[Game, int | None], QuizPlayer]:
    def make(game: Game, seed: int | None = None) -> QuizPlayer:
        return QuizPlayer(game, seed, name)

    return make


easy_player = _factory("easy")
medium_player = _factory("medium")
hard_player = _factory("hard")
expert_player = _factory("expert")
