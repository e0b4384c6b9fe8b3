"""Declared game options: defaults, allowed values and validation."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablier.core.messages import Catalogue, Message
from tablier.core.uploads import is_reference

TEXTS = Catalogue(
    "options",
    {
        "bad_value": {
            "fr": "l'option {name!r} ne peut pas valoir {value}; valeurs permises : {allowed}",
            "en": "option {name!r} cannot be {value}; allowed: {allowed}",
        },
        "unknown": {
            "fr": "option {name!r} inconnue pour {game}; options permises : {allowed}",
            "en": "unknown option {name!r} for {game}; allowed options: {allowed}",
        },
        "not_a_resource": {
            "fr": "l'option {name!r} nomme une ressource livrée : {allowed}, pas {value}",
            "en": "option {name!r} names a shipped resource: {allowed}, not {value}",
        },
        "none": {"fr": "aucune", "en": "none"},
    },
)


class OptionError(ValueError):
    """A bad option name or value; `text(lang)` says it in French or English."""

    def __init__(self, reason: Message) -> None:
        self.reason = reason
        super().__init__(reason.text("en"))

    def text(self, lang: str = "en") -> str:
        return self.reason.text(lang)


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
    # the option's name for people, per language
    label: Mapping[str, str] = field(default_factory=dict)
    # for an option that names a shipped resource (a deck, say): the names shipped.
    # The server accepts only these; a local program may also give a file path.
    resources: Callable[[], Sequence[str]] | None = None
    # for an option that may also name a text uploaded for one room (see core/uploads.py):
    # "module:function" checking such a text
    upload: str | None = None
    # each value for people: str(value) -> {"fr": label, "en": label}; a nullable
    # option's None is the key "none" ("Sans chrono")
    value_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # each value's one-line explanation, keyed like `value_labels`
    value_help: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # a text option holding a comma-separated selection of these parts (the die's
    # faces): the pages offer one checkbox per part, labelled by `value_labels`
    parts: tuple[str, ...] | None = None

    def resource_names(self) -> list[str]:
        return list(self.resources()) if self.resources is not None else []

    def check_resource(self, value: Any) -> None:
        """OptionError unless `value` is one of the declared resource names."""
        names = self.resource_names()
        if self.upload is not None and is_reference(value):
            return
        if self.resources is not None and value not in names:
            raise OptionError(
                TEXTS.message(
                    "not_a_resource", name=self.name, value=repr(value), allowed=", ".join(names)
                )
            )

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
        shown = repr(value)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        return OptionError(
            TEXTS.message("bad_value", name=self.name, value=shown, allowed=self.allowed_text())
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
            "label": dict(self.label),
            "resources": self.resource_names() if self.resources is not None else None,
            "upload": self.upload is not None,
            "value_labels": {k: dict(v) for k, v in self.value_labels.items()},
            "value_help": {k: dict(v) for k, v in self.value_help.items()},
            "parts": list(self.parts) if self.parts is not None else None,
        }

    def value_label(self, value: Any, lang: str = "fr") -> str:
        """A value as people read it: its label, else the value itself."""
        key = "none" if value is None else str(value)
        texts = self.value_labels.get(key)
        if texts:
            return texts.get(lang) or texts.get("fr") or key
        if self.parts is not None and isinstance(value, str):
            return ", ".join(self.value_label(part, lang) for part in value.split(",") if part)
        return key


def resolve_options(
    game_id: str, specs: Iterable[Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Validate `given` against `specs` and return every option with defaults filled in."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        allowed: Any = ", ".join(by_name) or TEXTS.message("none")
        raise OptionError(TEXTS.message("unknown", name=unknown[0], game=game_id, allowed=allowed))
    resolved: dict[str, Any] = {}
    for name, spec in by_name.items():
        resolved[name] = spec.validate(given[name]) if name in given else spec.default
    return resolved
