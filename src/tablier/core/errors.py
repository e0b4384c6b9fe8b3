"""Errors shared by every game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablier.core.messages import WORDS, Message


class IllegalMove(ValueError):
    """A move refused by a game's rules; it says why in plain words.

    It carries a stable `code` and its `params` (see `core/messages.py`);
    `text(lang)` says it in French or English and `str(exc)` is the English text.
    A refused move never changes the state it was offered to.
    """

    def __init__(self, reason: Message | str) -> None:
        if isinstance(reason, str):
            # a bare sentence (small test games): it has no translation of its own
            reason = WORDS.message("refusal.plain", text=reason)
        self.reason = reason
        super().__init__(reason.text("en"))

    @property
    def code(self) -> str:
        return self.reason.code

    @property
    def params(self) -> Mapping[str, Any]:
        return self.reason.params

    def text(self, lang: str = "en") -> str:
        return self.reason.text(lang)

    def to_json(self) -> dict[str, Any]:
        return self.reason.to_json()
