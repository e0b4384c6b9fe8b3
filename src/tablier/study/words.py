"""How the report names things for people: the game, its variants and options, the
players, the seats and the ways games end, in French or English, never by identifier."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tablier.core import registry
from tablier.core.game import Game
from tablier.core.messages import WORDS, Message, placeholders

BASE = {"fr": "Règles de base", "en": "Base rules"}
TRUNCATED = {
    "fr": "arrêtée au plafond de {cap} coups",
    "en": "stopped at the {cap}-move cap",
}
YES_NO = {"fr": {True: "oui", False: "non"}, "en": {True: "yes", False: "no"}}
# the platform's players (a game's own are in its `player_labels`)
PLAYERS: Mapping[str, Mapping[str, str]] = {
    "random": {"fr": "hasard", "en": "random"},
    "greedy": {"fr": "glouton", "en": "greedy"},
    "easy": {"fr": "facile", "en": "easy"},
    "facile": {"fr": "facile", "en": "easy"},
    "medium": {"fr": "moyen", "en": "medium"},
    "moyen": {"fr": "moyen", "en": "medium"},
    "hard": {"fr": "difficile", "en": "hard"},
    "difficile": {"fr": "difficile", "en": "hard"},
    "expert": {"fr": "expert", "en": "expert"},
    "alphabeta": {"fr": "alpha-bêta", "en": "alpha-beta"},
}


def game_class(game_id: str) -> type[Game] | None:
    try:
        return registry.game_class(game_id)
    except ValueError:
        return None


def game_name(game_id: str) -> str:
    cls = game_class(game_id)
    return cls.name if cls is not None else game_id


def option_words(game_id: str, name: str, value: Any, lang: str) -> str:
    """`goal=lowest` as « Objectif : le plus bas »."""
    cls = game_class(game_id)
    spec = next((s for s in cls.option_specs if s.name == name), None) if cls else None
    if spec is None:
        return f"{name} : {value}" if lang == "fr" else f"{name}: {value}"
    label = spec.label.get(lang) or spec.label.get("fr") or name
    shown = spec.value_label(value, lang)
    if isinstance(value, bool) and shown == str(value):
        # a yes/no option without labels of its own
        shown = YES_NO[lang][value]
    return f"{label} : {shown}" if lang == "fr" else f"{label}: {shown}"


def variant_words(
    game_id: str, label: str, options: Mapping[str, Any], base: Mapping[str, Any], lang: str
) -> str:
    """A study's row: the base rules (with the study's `-o` options), or the options a
    variant changes, in words."""
    cls = game_class(game_id)
    defaults = {s.name: s.default for s in cls.option_specs} if cls else {}
    if label == "base":
        changed = {k: v for k, v in options.items() if defaults.get(k, v) != v or k not in defaults}
        said = BASE[lang] if lang in BASE else BASE["fr"]
        if changed:
            said += (
                " ("
                + ", ".join(option_words(game_id, k, v, lang) for k, v in changed.items())
                + ")"
            )
        return said
    changed = {k: v for k, v in options.items() if base.get(k) != v}
    if not changed:
        return label
    return ", ".join(option_words(game_id, k, v, lang) for k, v in changed.items())


def player_words(game_id: str, name: str, lang: str) -> str:
    cls = game_class(game_id)
    own = cls.player_labels.get(name) if cls else None
    texts = own or PLAYERS.get(name)
    if texts:
        return texts.get(lang) or texts.get("fr") or name
    return name


def seat_words(game_id: str, seat: int, lang: str) -> str:
    cls = game_class(game_id)
    if cls is None:
        return WORDS.text("seat", lang, n=seat + 1)
    return cls.seat_name(seat, lang)


def _without_figures(text: str) -> str:
    # figures of one game ("(…–…)", "la … tuile") mean nothing over many games
    text = re.sub(r"\s*\([^()]*…[^()]*\)", "", text)
    text = re.sub(r"\s*[:,]\s*[^:,]*….*$", "", text)
    return re.sub(r"\s*…\s*", " ", text).strip()


def reason_words(
    game_id: str,
    reason: str,
    lang: str,
    cap: int = 0,
    example: Mapping[str, Any] | None = None,
) -> str:
    """How games ended, in words, without one game's own figures. `example` is the
    outcome of one game that ended so: its message, each figure blanked out."""
    if reason == "truncated":
        return TRUNCATED[lang].format(cap=cap)
    cls = game_class(game_id)
    if cls is None:
        return reason
    try:
        message = registry.load(game_id).outcome_message(example or {"reason": reason})
    except Exception:  # a game whose words need figures it was not given
        message = WORDS.message("outcome.other", reason=reason)
    namespace, _, key = message.code.rpartition(":")
    names = set(message.params)
    for catalogue in (cls.outcome_messages, WORDS):
        # the template's own placeholders, for a message built without its figures
        if catalogue is not None and catalogue.namespace == namespace and key in catalogue.entries:
            for template in catalogue.entries[key].values():
                names |= placeholders(template)
    blank = Message(message.code, {name: "…" for name in names})
    try:
        return _without_figures(blank.text(lang))
    except (KeyError, IndexError, ValueError):
        return reason


def fact_words(game_id: str, key: str, lang: str) -> str | None:
    """A game's own measure in words, where the game names it (`study_fact_labels`);
    None otherwise (the report then leaves it to figures.json)."""
    cls = game_class(game_id)
    labels: Mapping[str, Mapping[str, str]] = getattr(cls, "study_fact_labels", {}) or {}
    texts = labels.get(key)
    return (texts.get(lang) or texts.get("fr")) if texts else None
