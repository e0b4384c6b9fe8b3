"""Texts in French and English: a stable code with parameters, rendered per language.

Everything the engines say to people (refusals, outcomes, events, text pictures) is a
`Message`: a code such as `<game>:refusal.<key>` and JSON-ready parameters. Its
words come from a `Catalogue` of templates, one per game (and one for the platform),
so the server can send the code and the parameters and every client shows the text in
its own language. French is the default everywhere.

A template is a `str.format` string over the parameters, or a plural form
`{"one": ..., "other": ...}` chosen by the parameter `n`. A parameter may itself be a
`Message`, or a mapping of language to text (e.g. a colour: `{"fr": "Blanc", "en":
"White"}`); either is rendered in the language asked for.
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

LANGS: tuple[str, ...] = ("fr", "en")
DEFAULT_LANG = "fr"

Template = str | Mapping[str, str]
# one entry of a catalogue: language -> template
Entry = Mapping[str, Template]

_CATALOGUES: dict[str, Catalogue] = {}


def check_lang(lang: str | None) -> str:
    """`lang` if it is a supported language; None means the default (French)."""
    if lang is None:
        return DEFAULT_LANG
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
    return lang


def env_lang() -> str:
    """The language asked for by TABLIER_LANG, else French."""
    wanted = os.environ.get("TABLIER_LANG", "").strip().lower()[:2]
    return wanted if wanted in LANGS else DEFAULT_LANG


def pick(texts: Mapping[str, str], lang: str) -> str:
    """The text of `texts` in `lang`, else French, else any."""
    if lang in texts:
        return texts[lang]
    if DEFAULT_LANG in texts:
        return texts[DEFAULT_LANG]
    return next(iter(texts.values()), "")


def _render_param(value: Any, lang: str) -> Any:
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, Mapping) and value and set(value) <= set(LANGS):
        return pick(value, lang)
    if isinstance(value, list | tuple):
        items = [str(_render_param(v, lang)) for v in value]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + WORDS.text("and", lang) + items[-1]
    return value


def _json_param(value: Any) -> Any:
    if isinstance(value, Message):
        return value.texts()
    if isinstance(value, list | tuple):
        return [_json_param(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _json_param(v) for k, v in value.items()}
    return value


def fill(template: Template, params: Mapping[str, Any], lang: str) -> str:
    """Render one template with its parameters in `lang`."""
    if isinstance(template, Mapping):
        n = params.get("n")
        template = template["one"] if isinstance(n, int) and abs(n) == 1 else template["other"]
    values = {k: _render_param(v, lang) for k, v in params.items()}
    return template.format(**values)


def placeholders(template: Template) -> set[str]:
    """The parameter names a template uses."""
    texts = template.values() if isinstance(template, Mapping) else [template]
    names: set[str] = set()
    for text in texts:
        for _literal, name, _spec, _conv in string.Formatter().parse(text):
            if name:
                names.add(name.split(".")[0].split("[")[0])
    return names


@dataclass(frozen=True)
class Message:
    """A code and its parameters; `text(lang)` says it in words."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        namespace, _, key = self.code.rpartition(":")
        catalogue = _CATALOGUES.get(namespace)
        entry = catalogue.entries.get(key) if catalogue is not None else None
        if entry is None:
            # a code nobody wrote words for: say what is known rather than nothing
            shown = ", ".join(f"{k}={_render_param(v, lang)}" for k, v in self.params.items())
            return f"{self.code}({shown})" if shown else self.code
        template = entry.get(lang) or entry[DEFAULT_LANG]
        return fill(template, self.params, lang)

    def texts(self) -> dict[str, str]:
        return {lang: self.text(lang) for lang in LANGS}

    def to_json(self) -> dict[str, Any]:
        """What the protocol sends: the code, JSON parameters and the text per language."""
        return {"code": self.code, "params": _json_param(dict(self.params)), "text": self.texts()}

    def __str__(self) -> str:
        return self.text("en")


class Catalogue:
    """The templates of one namespace (a game, or a part of the platform).

    Codes are written `<namespace>:<key>`; a catalogue registers itself when it is
    built, so any `Message` can find its words.
    """

    def __init__(self, namespace: str, entries: Mapping[str, Entry]) -> None:
        self.namespace = namespace
        self.entries: dict[str, Entry] = dict(entries)
        _CATALOGUES[namespace] = self

    def code(self, key: str) -> str:
        return f"{self.namespace}:{key}"

    def message(self, key: str, /, **params: Any) -> Message:
        if key not in self.entries:
            raise KeyError(f"{self.namespace} has no message {key!r}")
        return Message(self.code(key), params)

    def text(self, key: str, lang: str, /, **params: Any) -> str:
        return self.message(key, **params).text(lang)

    def texts(self, key: str, /, **params: Any) -> dict[str, str]:
        return self.message(key, **params).texts()

    def refuse(self, key: str, /, **params: Any) -> Any:
        """The IllegalMove for refusal `key` (raise it)."""
        from tablier.core.errors import IllegalMove

        return IllegalMove(self.message(key, **params))

    def problems(self) -> list[str]:
        """Entries missing a language, or whose languages use different parameters."""
        found = []
        for key, entry in self.entries.items():
            missing = [lang for lang in LANGS if not entry.get(lang)]
            if missing:
                found.append(f"{self.code(key)}: no text in {', '.join(missing)}")
                continue
            names = {lang: placeholders(entry[lang]) for lang in LANGS}
            if len({frozenset(n) for n in names.values()}) > 1:
                found.append(f"{self.code(key)}: the languages use different parameters {names}")
        return found


def catalogues() -> dict[str, Catalogue]:
    """Every catalogue built so far, by namespace."""
    return dict(_CATALOGUES)


def catalogue(namespace: str) -> Catalogue | None:
    return _CATALOGUES.get(namespace)


# words every game may use in its messages
WORDS = Catalogue(
    "core",
    {
        "white": {"fr": "Blanc", "en": "White"},
        "black": {"fr": "Noir", "en": "Black"},
        "player": {"fr": "le joueur {n}", "en": "player {n}"},
        "refusal.player_type": {
            "fr": "le joueur doit être un numéro de place, pas {given}",
            "en": "player must be a seat number, not {given}",
        },
        "refusal.no_such_player": {
            "fr": "il n'y a pas de joueur {player} : les places vont de 0 à {last}",
            "en": "there is no player {player}: seats are 0 to {last}",
        },
        "refusal.game_over": {
            "fr": "la partie est finie : plus aucun coup n'est accepté",
            "en": "the game is over: no more moves are accepted",
        },
        "refusal.not_awaited": {
            "fr": "ce n'est pas au joueur {player} de jouer : la partie attend {awaited}",
            "en": "it is not player {player}'s turn: the game is waiting for {awaited}",
        },
        "refusal.plain": {"fr": "{text}", "en": "{text}"},
        "and": {"fr": " et ", "en": " and "},
        "seat": {"fr": "Joueur {n}", "en": "Player {n}"},
        "outcome.resign": {"fr": "abandon de {seat_name}", "en": "{seat_name} resigned"},
        "outcome.time": {
            "fr": "{seat_name} n'a plus de temps",
            "en": "{seat_name} ran out of time",
        },
        "outcome.computer_failed": {
            "fr": "l'ordinateur n'a pas pu jouer",
            "en": "the computer could not play",
        },
        "outcome.end": {"fr": "fin de partie", "en": "end of the game"},
        "outcome.other": {"fr": "fin de partie ({reason})", "en": "end of the game ({reason})"},
    },
)


# the seats of the two-player games: player 0 is White, player 1 Black
WHITE_BLACK: Mapping[str, tuple[str, ...]] = {"fr": ("Blanc", "Noir"), "en": ("White", "Black")}


def seat_colour(seat: int) -> Message:
    """White for seat 0, Black for seat 1 (the two-player games' colours)."""
    return WORDS.message("white" if seat == 0 else "black")


def player_word(seat: int) -> Message:
    return WORDS.message("player", n=seat)
