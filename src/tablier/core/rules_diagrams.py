"""Diagrams in the rules pages: a fenced block ```` ```diagram <game> ```` holding a small
JSON example position (options and moves), drawn by the game's own board on the web and
as the game's text picture on a terminal."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from tablier.core.registry import load
from tablier.core.state import State

# the opening fence names the game: ```diagram kwinty
FENCE = re.compile(r"^```diagram[ \t]+([\w-]+)[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
# an example is a few moves: a diagram never replays a whole long game
MAX_MOVES = 80
KEYS = {"options", "moves", "seed", "players", "highlight", "flip", "show"}


@dataclass(frozen=True)
class Diagram:
    """One example position: the game, how to reach it, and what the board points at."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[Any] = field(default_factory=list)
    seed: int = 1
    players: int | None = None
    highlight: str | None = None


def parse_diagram(game: str, spec: dict[str, Any]) -> Diagram:
    """A diagram from its JSON spec; ValueError for anything a diagram cannot hold."""
    if not isinstance(spec, dict):
        raise ValueError("a diagram is a JSON object")
    unknown = set(spec) - KEYS
    if unknown:
        raise ValueError(f"unknown diagram keys: {', '.join(sorted(unknown))}")
    moves = spec.get("moves", [])
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise ValueError(f"a diagram's moves are a list of at most {MAX_MOVES}")
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("a diagram's options are a JSON object")
    seed = spec.get("seed", 1)
    players = spec.get("players")
    highlight = spec.get("highlight")
    if not isinstance(seed, int) or not (players is None or isinstance(players, int)):
        raise ValueError("a diagram's seed and players are whole numbers")
    if highlight is not None and not isinstance(highlight, str):
        raise ValueError("a diagram's highlight is a move")
    return Diagram(game, options, moves, seed, players, highlight=highlight)


def diagrams(markdown: str) -> list[Diagram]:
    """Every diagram block of a rules page, in order (ValueError for a malformed one)."""
    found = []
    for match in FENCE.finditer(markdown):
        try:
            spec = json.loads(match.group(2))
        except json.JSONDecodeError as exc:
            raise ValueError(f"diagram {match.group(1)}: not JSON ({exc.msg})") from None
        found.append(parse_diagram(match.group(1), spec))
    return found


def position(diagram: Diagram) -> State:
    """The diagram's position, every move checked by the engine (IllegalMove if one is
    not legal). A move is its notation when one player is awaited, else [player, move]."""
    game = load(diagram.game, **diagram.options)
    state = game.new_state(seed=diagram.seed, num_players=diagram.players)
    for entry in diagram.moves:
        if isinstance(entry, list) and len(entry) == 2:
            player, move = int(entry[0]), str(entry[1])
        else:
            awaited = state.current_players()
            if len(awaited) != 1:
                raise ValueError(f"say who plays {entry!r}: {len(awaited)} players are awaited")
            player, move = awaited[0], str(entry)
        state.apply(player, move)
    return state


def as_text(markdown: str, lang: str = "fr") -> str:
    """The page for a terminal: each diagram becomes its position's text picture."""

    def picture(match: re.Match[str]) -> str:
        try:
            state = position(parse_diagram(match.group(1), json.loads(match.group(2))))
        except (ValueError, TypeError, KeyError):  # a broken example must not hide the page
            return ""
        return "```text\n" + state.render_text(None, lang).rstrip("\n") + "\n```"

    return FENCE.sub(picture, markdown)
