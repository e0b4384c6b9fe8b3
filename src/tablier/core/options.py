"""Declared game options: defaults, allowed values and validation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    """One option a game accepts.

    Either `choices` lists the allowed values, or `kind` is `bool`/`int` (with an
    optional inclusive range) and any value of that kind is allowed.
    `help` maps a language code (`fr`, `en`) to a one-line explanation.
    """

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    kind: type = str
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    help: Mapping[str, str] = field(default_factory=dict)

    def allowed_text(self) -> str:
        if self.choices is not None:
            text = ", ".join(repr(c) for c in self.choices)
        elif self.kind is bool:
            text = "True, False"
        elif self.kind is int:
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            text = f"an integer {lo}..{hi}".rstrip(".") if (lo or hi) else "an integer"
        else:
            text = f"a {self.kind.__name__}"
        return text + (" or None" if self.nullable else "")

    def validate(self, value: Any) -> Any:
        if value is None and self.nullable:
            return None
        if self.choices is not None:
            # type check first so that True is never taken for 1
            for choice in self.choices:
                if type(choice) is type(value) and choice == value:
                    return choice
            raise self._bad(value)
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            raise self._bad(value)
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._bad(value)
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise self._bad(value)
            return value
        if not isinstance(value, self.kind):
            raise self._bad(value)
        return value

    def parse(self, text: str) -> Any:
        """Turn command-line text (`-o key=value`) into a value, then validate it."""
        raw = text.strip()
        if self.nullable and raw.lower() in ("none", "null", "off"):
            return None
        if self.kind is bool or (self.choices and isinstance(self.choices[0], bool)):
            lowered = raw.lower()
            if lowered in ("true", "yes", "on", "1", "oui"):
                return self.validate(True)
            if lowered in ("false", "no", "off", "0", "non"):
                return self.validate(False)
            raise self._bad(raw)
        if self.kind is int or (self.choices and isinstance(self.choices[0], int)):
            try:
                return self.validate(int(raw))
            except ValueError:
                raise self._bad(raw) from None
        return self.validate(raw)

    def _bad(self, value: Any) -> ValueError:
        return ValueError(
            f"option {self.name!r} cannot be {value!r}; allowed: {self.allowed_text()}"
        )

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices) if self.choices is not None else None,
            "kind": self.kind.__name__,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "nullable": self.nullable,
            "help": dict(self.help),
        }


def resolve_options(
    game_id: str, specs: Iterable[Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Validate `given` against `specs` and return every option with defaults filled in."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        allowed = ", ".join(by_name) or "none"
        raise ValueError(f"unknown option {unknown[0]!r} for {game_id}; allowed options: {allowed}")
    resolved: dict[str, Any] = {}
    for name, spec in by_name.items():
        resolved[name] = spec.validate(given[name]) if name in given else spec.default
    return resolved
