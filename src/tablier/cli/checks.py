"""What the command line names — a game, its options, a computer player — checked, so
that a mistake is one line in the chosen language listing what would be valid."""

from __future__ import annotations

from typing import Any

import tablier
from tablier.ai.players import MissingExtra, make_player, player_names
from tablier.cli.texts import say
from tablier.core.game import Game
from tablier.core.options import OptionError
from tablier.core.terminal.errors import fail
from tablier.core.terminal.lang import lang

HUMAN = "human"


def game_cls(game_id: str) -> type[Game]:
    if game_id not in tablier.game_ids():
        fail(say("unknown_game", game=game_id, known=", ".join(tablier.game_ids())))
    return tablier.game_class(game_id)


def parse_options(cls: type[Game], texts: list[str]) -> dict[str, Any]:
    """`key=value` texts → typed options (ValueError, in the chosen language, if wrong)."""
    options: dict[str, Any] = {}
    for text in texts:
        if "=" not in text:
            raise ValueError(say("option.format", text=text))
        key, value = text.split("=", 1)
        try:
            options[key.strip()] = cls.parse_option(key.strip(), value)
        except OptionError as exc:
            raise ValueError(exc.text(lang())) from None
    return options


def load_game(game_id: str, option_texts: list[str]) -> Game:
    """The game with its options, or one line on stderr and exit."""
    cls = game_cls(game_id)
    try:
        options = parse_options(cls, option_texts)
        return cls(**options)
    except OptionError as exc:
        fail(exc.text(lang()))
    except ValueError as exc:
        fail(str(exc))


def check_players_count(game: Game, count: int) -> None:
    if not game.min_players <= count <= game.max_players:
        key = "players.exact" if game.min_players == game.max_players else "players.range"
        fail(say(key, game=game.id, low=game.min_players, high=game.max_players, n=count))


def check_player(name: str, game: Game, allow_human: bool = False) -> None:
    """Fail unless `name` is a computer player able to play `game` here."""
    if allow_human and name == HUMAN:
        return
    usable = [HUMAN] if allow_human else []
    usable += player_names(game)
    if name not in player_names():
        fail(say("unknown_player", name=name, game=game.id, known=", ".join(usable)))
    try:
        make_player(name, game, seed=0)
    except MissingExtra as exc:
        fail(say("missing_extra", what=name, extra=exc.extra))
    except (ValueError, RuntimeError):
        fail(say("cannot_play", name=name, game=game.id, known=", ".join(usable)))
