"""A lobby and its guests, as kept (whole, as JSON) and as shown to phones and the TV."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from tablier.server.seats import hash_token

COLOURS = ("rouge", "bleu", "vert", "jaune", "violet", "orange")
AVATARS = ("rond", "etoile", "triangle", "carre", "coeur", "losange")
# computer guests are told apart by a first name (French names, any language reads them)
COMPUTER_NAMES = ("Camille", "Dominique", "Sacha", "Alix", "Maxime", "Claude")
LEVELS = ("random", "easy", "medium", "hard")


@dataclass
class Guest:
    id: str
    name: str
    colour: str
    avatar: str
    kind: str = "human"  # "human" or "computer"
    level: str | None = None
    cheat: bool = False
    token_hash: str | None = None
    seat: int | None = None
    left: bool = False
    # after a leave, the host may open the seat to a newcomer's phone
    open: bool = False

    def public(self) -> dict[str, Any]:
        """The guest as everyone sees it; listed by hand so that a field added later
        (a secret, say) is not shown until someone chooses to."""
        return {
            "id": self.id,
            "name": self.name,
            "colour": self.colour,
            "avatar": self.avatar,
            "kind": self.kind,
            "level": self.level,
            "cheat": self.cheat,
            "seat": self.seat,
            "left": self.left,
            "open": self.open,
        }


@dataclass
class Lobby:
    code: str
    game: str
    host_hash: str
    options: dict[str, Any] = field(default_factory=dict)
    guests: list[Guest] = field(default_factory=list)
    room: str | None = None
    paused: bool = False

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Lobby:
        raw = json.loads(text)
        raw["guests"] = [Guest(**g) for g in raw.get("guests", [])]
        return cls(**raw)

    def guest_by_token(self, token: str | None) -> Guest | None:
        if not token:
            return None
        wanted = hash_token(token)
        return next((g for g in self.guests if g.token_hash == wanted), None)

    def guest(self, guest_id: str) -> Guest | None:
        return next((g for g in self.guests if g.id == guest_id), None)

    def present(self) -> list[Guest]:
        return [g for g in self.guests if not g.left]

    def first_free(self, palette: tuple[str, ...], attr: str) -> str:
        """The first colour (or avatar) no present guest wears; a repeat once all are worn."""
        used = {getattr(g, attr) for g in self.present()}
        return next((c for c in palette if c not in used), palette[len(self.guests) % len(palette)])
