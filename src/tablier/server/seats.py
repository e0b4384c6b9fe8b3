"""Seats: who plays them, their secret tokens, and where the rules draw lots for them."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from tablier.core.game import Game


def draws_lots(game_cls: type[Game]) -> bool:
    """Whether the rules draw lots for the first player (the server shuffles seats)."""
    return game_cls.draws_lots


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits


@dataclass
class Seat:
    seat: int
    kind: str  # "human" or "computer"
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    player_id: str | None = None

    def public(self, connected: bool) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "taken": self.kind == "computer" or self.token_hash is not None,
            "connected": connected,
        }
