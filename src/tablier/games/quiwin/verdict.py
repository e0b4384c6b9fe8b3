"""Measuring the row after each palier, the standing, and the final verdict."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tablier.games.quiwin.outcome import QuiwinOutcome

# number of steps (tiles per player) of paliers 1, 2 and 3
PALIER_SIZES = (2, 4, 2)
PALIER_STARTS = (0, 2, 6)
STEPS = sum(PALIER_SIZES)


def palier_of(step: int) -> int:
    """The palier (0, 1 or 2) a 0-based step belongs to."""
    for index in (2, 1, 0):
        if step >= PALIER_STARTS[index]:
            return index
    raise ValueError(f"no palier holds step {step}")


def is_palier_end(step: int) -> bool:
    palier = palier_of(step)
    return step == PALIER_STARTS[palier] + PALIER_SIZES[palier] - 1


def palier_winner(palier: int, lengths: Sequence[int]) -> int | None:
    """Who wins a palier's measurement: shorter in paliers 1 and 3, longer in 2."""
    a, b = lengths
    if a == b:
        return None
    shorter = 0 if a < b else 1
    return shorter if palier in (0, 2) else 1 - shorter


def leader_after(palier: int, winner: int | None, leader: int | None) -> int | None:
    """The leader once paliers 1 or 2 are measured."""
    if palier == 0:
        return winner
    if palier == 1:
        if winner is None:
            return leader
        if leader is None:
            return winner
        return leader if winner == leader else None
    raise ValueError("palier 3 decides the game: use final_verdict")


def pawns_for(leader: int | None) -> list[str]:
    """The position pawns: down for the player ahead, up behind, right when level."""
    if leader is None:
        return ["right", "right"]
    return ["down" if p == leader else "up" for p in (0, 1)]


@dataclass(frozen=True)
class Verdict:
    winner: int | None
    reason: str  # "palier3", "tiebreak" or "void"
    tiebreak_tile: int | None = None

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    def text(self) -> dict[str, str]:
        # imported here: the picture module's words depend on nothing of the verdict
        from tablier.games.quiwin.render import outcome_message

        return outcome_message(self.reason, self.tiebreak_tile).texts()

    def outcome(self) -> QuiwinOutcome:
        out: QuiwinOutcome = {
            "returns": self.returns(),
            "reason": self.reason,
            "winner": self.winner,
            "result": "replay" if self.reason == "void" else "win",
            "text": self.text(),
        }
        if self.tiebreak_tile is not None:
            out["tiebreak_tile"] = self.tiebreak_tile
        return out


def final_verdict(
    winner3: int | None, leader: int | None, palier2_lengths: Sequence[Sequence[int]]
) -> Verdict:
    """The game's result once palier 3 is measured.

    A leader must win palier 3 himself; with nobody leading, palier 3's winner takes
    the game. Otherwise the palier-2 tiles decide from the last one back, the shorter
    tile winning; if they are all equal the deal is void.
    """
    if leader is not None and winner3 == leader:
        return Verdict(leader, "palier3")
    if leader is None and winner3 is not None:
        return Verdict(winner3, "palier3")
    rows = palier2_lengths
    for index in range(len(rows[0]) - 1, -1, -1):
        a, b = rows[0][index], rows[1][index]
        if a != b:
            return Verdict(0 if a < b else 1, "tiebreak", index + 1)
    return Verdict(None, "void")
