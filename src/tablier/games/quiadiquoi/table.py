"""The typed data of a QuiAdiQuoi position (what `state.table` holds).

Every field is plain data (lists, dicts, strings, ints and the small records below) so
that `to_public` can hand it to observations and `Table.from_public` can rebuild it
for the computer players (`restore.py`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

from tablier.core.messages import Message
from tablier.games.quiadiquoi.deck import CATEGORIES
from tablier.games.quiadiquoi.phases import Phase

if TYPE_CHECKING:
    from tablier.games.quiadiquoi.question import Question, Verdict
    from tablier.games.quiadiquoi.tournament import Tournament

TOKENS_PER_CATEGORY = 12
PEBBLES = 10
BLUE, BORDEAUX = "blue", "bordeaux"


def flip(face: str) -> str:
    return BORDEAUX if face == BLUE else BLUE


class Slot(NamedTuple):
    """A card in the sabot and the face it shows forward."""

    card: str
    face: str


class Summary(TypedDict):
    """What the last question (or a named card) showed everyone."""

    card: str
    category: str
    face: str
    quote: str
    author: str
    source: str
    anecdote: str | None
    winner: int | None
    kind: str


@dataclass
class Table:
    num_players: int
    comps: list[list[Slot]] = field(default_factory=lambda: [[], [], []])  # front first
    out: list[str] = field(default_factory=list)  # set aside (mixed/separate packs)
    tokens: list[dict[str, int]] = field(default_factory=list)
    cup: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 12))
    pebbles: list[int] = field(default_factory=list)
    cup_pebbles: int = PEBBLES
    cards: list[list[str]] = field(default_factory=list)
    heard: list[str] = field(default_factory=list)  # cards whose quotation was read aloud
    turn: int = -1
    principal: int = 0
    reader: int = 0
    die: str | None = None
    phase: Phase = Phase.START
    question: Question | None = None
    verdict: Verdict | None = None
    tournament: Tournament | None = None
    tournaments: int = 0
    cards_won: int = 0
    passes: int = 0
    winner: int | None = None
    end: str | None = None
    last: Summary | None = None
    events: list[Message] = field(default_factory=list)  # the public log, newest last

    @classmethod
    def new(cls, num_players: int) -> Table:
        n = num_players
        return cls(
            num_players=n,
            tokens=[dict.fromkeys(CATEGORIES, 0) for _ in range(n)],
            cup=dict.fromkeys(CATEGORIES, TOKENS_PER_CATEGORY),
            pebbles=[0] * n,
            cards=[[] for _ in range(n)],
            principal=n - 1,
            reader=n - 2,
        )

    def to_public(self) -> dict[str, Any]:
        """The data as JSON-ready dicts (the observation's `public`, before hiding)."""
        data: dict[str, Any] = {}
        for item in dataclasses.fields(self):
            if item.name == "num_players":
                continue
            value = getattr(self, item.name)
            if item.name == "events":
                value = [event.text("en") for event in value]
            elif item.name == "comps":
                value = [[list(slot) for slot in slots] for slots in value]
            elif dataclasses.is_dataclass(value) and not isinstance(value, type):
                value = dataclasses.asdict(value)
            elif item.name == "phase":
                value = str(value)
            data[item.name] = _copy(value)
        return data

    @classmethod
    def from_public(cls, num_players: int, data: dict[str, Any]) -> Table:
        from tablier.games.quiadiquoi.events import EVENTS
        from tablier.games.quiadiquoi.question import Question, Verdict
        from tablier.games.quiadiquoi.tournament import Tournament

        values = dict(data)
        values["comps"] = [[Slot(*slot) for slot in slots] for slots in data["comps"]]
        values["phase"] = Phase(data["phase"])
        if data.get("question") is not None:
            values["question"] = Question(**data["question"])
        if data.get("verdict") is not None:
            values["verdict"] = Verdict(**data["verdict"])
        if data.get("tournament") is not None:
            values["tournament"] = Tournament(**data["tournament"])
        values["events"] = [EVENTS.message("event.said", text=t) for t in data["events"]]
        known = {item.name for item in dataclasses.fields(cls)}
        return cls(num_players=num_players, **{k: v for k, v in values.items() if k in known})


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value
