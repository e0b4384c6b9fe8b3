"""Texts a person uploads for one room (a deck of cards, say), read by the game.

An option declares `upload="module:function"`: the function reads `(text, fmt, name)` and
returns a short summary (JSON), or raises `UploadError` listing every problem as
`{line, field, problem, ...}`. The server keeps an accepted text and the option then
names it `<source>:<id>` (the server registers the source `room`); the game reads the text
back with `fetch`, so a restarted server rebuilds the very same game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tablier.core.hooks import resolve


class UploadError(ValueError):
    """An uploaded text the game cannot use; `problems` says where and why."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p.get("problem", p)) for p in problems))


@dataclass(frozen=True)
class Upload:
    text: str
    fmt: str
    name: str


_SOURCES: dict[str, Callable[[str], Upload | None]] = {}


def register_source(prefix: str, fetcher: Callable[[str], Upload | None]) -> None:
    """Where option values `<prefix>:<id>` are read from (the server's kept uploads)."""
    _SOURCES[prefix] = fetcher


def is_reference(value: Any) -> bool:
    if not isinstance(value, str) or ":" not in value:
        return False
    prefix, _, ident = value.partition(":")
    return prefix in _SOURCES and bool(ident) and ident.replace("-", "").replace("_", "").isalnum()


def fetch(value: Any) -> Upload | None:
    """The uploaded text an option value names, or None when it names no upload."""
    if not is_reference(value):
        return None
    prefix, _, ident = value.partition(":")
    found = _SOURCES[prefix](ident)
    if found is None:
        raise ValueError(f"{value!r}: no such upload")
    return found


def check(
    target: str, text: str, fmt: str, name: str, *, game: str = ""
) -> dict[str, Any]:
    """Run an option's upload checker ("module:function") on a text."""
    checker: Callable[[str, str, str], dict[str, Any]] = resolve(
        target, game=game, hook="upload checker"
    )
    return checker(text, fmt, name)
