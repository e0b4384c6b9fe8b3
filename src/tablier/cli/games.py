"""`tablier games`: the games, their player counts and their options."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

import tablier
from tablier.cli.texts import say
from tablier.core.terminal.options import LangOption

console = Console(highlight=False)


def option_line(opt: dict[str, object]) -> str:
    choices = opt["choices"]
    if isinstance(choices, list | tuple) and choices:
        values = [opt["default"], *(c for c in choices if c != opt["default"])]
        return f"{opt['name']}: {' | '.join(map(str, values))}"
    return f"{opt['name']}: {opt['default']} ({opt['kind']})"


def games(lang: LangOption = None) -> None:
    """List the games (help text: `help.games` in texts.py)."""
    table = Table(title=say("games.title"))
    table.add_column(say("games.game"), style="bold")
    table.add_column(say("games.players"))
    table.add_column(say("games.options"))
    for game_id in tablier.game_ids():
        info = tablier.game_class(game_id).describe()
        options = [option_line(opt) for opt in info["options"]]
        players = f"{info['min_players']}–{info['max_players']}"
        if info["min_players"] == info["max_players"]:
            players = str(info["min_players"])
        table.add_row(f"{game_id}\n{info['name']}", players, "\n".join(options) or "—")
    console.print(table)
