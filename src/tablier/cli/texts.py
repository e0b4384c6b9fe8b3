"""Every sentence of the command line, in French and English."""

from __future__ import annotations

from typing import Any

from tablier.cli.lang import lang
from tablier.core.messages import Catalogue

TEXTS = Catalogue(
    "cli",
    {
        "games.title": {"fr": "Les jeux de Tablier", "en": "Tablier games"},
        "games.game": {"fr": "jeu", "en": "game"},
        "games.players": {"fr": "joueurs", "en": "players"},
        "games.options": {"fr": "options (par défaut d'abord)", "en": "options (default first)"},
        "option.format": {
            "fr": "l'option {text!r} s'écrit clé=valeur",
            "en": "option {text!r} should be written key=value",
        },
        "seat.range": {
            "fr": "--seat doit être entre 0 et {last}",
            "en": "--seat must be between 0 and {last}",
        },
        "computer.plays": {
            "fr": "{name} (ordinateur) joue {move}",
            "en": "{name} (computer) plays {move}",
        },
        "plays": {"fr": "{name} joue {move}", "en": "{name} plays {move}"},
        "hand_over": {
            "fr": "Passez le terminal à {name}, puis appuyez sur Entrée.",
            "en": "Pass the terminal to {name}, then press Enter.",
        },
        "prompt": {
            "fr": "{name}, votre coup (numéro, notation, ? liste, q quitter) : ",
            "en": "{name}, your move (number, notation, ? list, q quit): ",
        },
        "refused": {"fr": "Refusé : {why}", "en": "Refused: {why}"},
        "number": {
            "fr": "Choisissez un numéro entre 1 et {n}.",
            "en": "Choose a number between 1 and {n}.",
        },
        "stopped": {"fr": "Partie arrêtée avant la fin.", "en": "Game stopped before its end."},
        "won": {
            "fr": "Partie terminée : {name} gagne — {why}.",
            "en": "Game over: {name} wins — {why}.",
        },
        "draw": {"fr": "Partie terminée : égalité — {why}.", "en": "Game over: a draw — {why}."},
        "saved": {"fr": "Partie enregistrée dans {path}", "en": "Record saved to {path}"},
        "replay.prompt": {
            "fr": "[Entrée] suivant, b retour, q quitter > ",
            "en": "[Enter] next, b back, q quit > ",
        },
        "replay.after": {"fr": "après le coup {i}/{n}", "en": "after move {i}/{n}"},
        "replay.played": {"fr": "{name} a joué {move}", "en": "{name} played {move}"},
        "replay.result": {"fr": "Résultat : {text}", "en": "Result: {text}"},
        "missing_extra": {
            "fr": '{what} demande une dépendance optionnelle : pip install "tablier[{extra}]"',
            "en": '{what} needs an optional dependency: pip install "tablier[{extra}]"',
        },
        "unknown_game": {
            "fr": "jeu inconnu {game!r} ; les jeux : {known}",
            "en": "unknown game {game!r}; the games: {known}",
        },
        "port": {
            "fr": "--port doit être un port entre 1 et 65535, pas {port}",
            "en": "--port must be a port between 1 and 65535, not {port}",
        },
        "version": {"fr": "tablier {version}", "en": "tablier {version}"},
    },
)


def say(key: str, **params: Any) -> str:
    return TEXTS.text(key, lang(), **params)
