"""A game's three declarations, kept in step with the class attributes named like their fields.

A game declares `facts = RuleFacts(...)`, `presentation = Presentation(...)` and
`hooks = Hooks(...)`; the platform has always read single attributes (`GAME.min_players`,
`GAME.pitch`, `GAME.named_players`), and games written before the declarations set those
one by one. Both must hold, whichever way a game is written and whenever a value is set
(a variant built at run time, a test's monkeypatch), so the two views never disagree.
"""

from __future__ import annotations

from abc import ABCMeta
from dataclasses import fields, replace
from typing import Any

from tablier.core.facts import Presentation, RuleFacts
from tablier.core.hooks import Hooks

DECLARATIONS: tuple[tuple[str, type[Any]], ...] = (
    ("facts", RuleFacts),
    ("presentation", Presentation),
    ("hooks", Hooks),
)
_KIND: dict[str, type[Any]] = dict(DECLARATIONS)
# a field's name -> the declaration holding it
_HOLDER: dict[str, str] = {
    spec.name: attribute for attribute, kind in DECLARATIONS for spec in fields(kind)
}


def _game_name(cls: type) -> str:
    return str(getattr(cls, "id", cls.__name__))


def _spread(cls: type, attribute: str, declared: Any) -> None:
    kind = _KIND[attribute]
    if not isinstance(declared, kind):
        raise TypeError(f"{cls.__name__}.{attribute} must be a {kind.__name__}")
    if isinstance(declared, Hooks):
        declared.check_form(_game_name(cls))
    type.__setattr__(cls, attribute, declared)
    for spec in fields(kind):
        type.__setattr__(cls, spec.name, getattr(declared, spec.name))


def settle(cls: type) -> None:
    """At a game class's creation: its declarations from its own body, else built from
    the attributes it sets or inherits (so a subclass may change a single field)."""
    own = vars(cls)
    for attribute, kind in DECLARATIONS:
        names = [spec.name for spec in fields(kind)]
        if attribute in own:
            loose = [name for name in names if name in own]
            if loose:
                raise TypeError(
                    f"{cls.__name__} sets {', '.join(loose)} beside {attribute}: "
                    f"declare them in its {kind.__name__}"
                )
            declared = own[attribute]
        else:
            try:
                declared = kind(**{name: getattr(cls, name) for name in names})
            except ValueError as exc:
                raise ValueError(f"game {_game_name(cls)!r}: {exc}") from exc
        _spread(cls, attribute, declared)


class DeclaredMeta(ABCMeta):
    """Setting a field's attribute rebuilds its declaration; setting a declaration
    spreads its fields."""

    def __setattr__(cls, name: str, value: Any) -> None:
        if name in _KIND:
            _spread(cls, name, value)
        elif name in _HOLDER:
            attribute = _HOLDER[name]
            _spread(cls, attribute, replace(getattr(cls, attribute), **{name: value}))
        else:
            super().__setattr__(name, value)
