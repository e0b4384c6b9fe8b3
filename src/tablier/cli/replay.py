"""`tablier replay`: step through a saved game, or print it whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

import tablier
from tablier.cli.texts import helptext, say
from tablier.core.records import Replayable
from tablier.core.terminal.errors import fail
from tablier.core.terminal.lang import lang as current_lang
from tablier.core.terminal.options import LangOption

console = Console(highlight=False)


def replay(
    file: Annotated[Path, typer.Argument(help=helptext("help.record"), show_default=False)],
    show_all: Annotated[bool, typer.Option("--all", help=helptext("help.all"))] = False,
    at: Annotated[
        int | None, typer.Option("--at", help=helptext("help.at"), show_default=False)
    ] = None,
    lang: LangOption = None,
) -> None:
    """Replay a record (help text: `help.replay` in texts.py)."""
    try:
        record = tablier.load_record(file)
        final = tablier.replay(record)
    except FileNotFoundError:
        fail(say("no_file", path=file))
    except OSError as exc:
        fail(say("bad_record", path=file, why=exc.strerror or exc))
    except ValueError as exc:
        fail(say("bad_record", path=file, why=exc))
    moves = record["moves"]
    if at is not None:
        show_position(record, max(0, min(at, len(moves))))
        return
    index = 0
    while True:
        show_position(record, index)
        if index >= len(moves):
            break
        if show_all:
            index += 1
            continue
        try:
            answer = input(say("replay.prompt")).strip().lower()
        except EOFError:
            break
        if answer == "q":
            break
        index = max(0, index - 1) if answer == "b" else index + 1
    outcome = final.outcome()
    if outcome is not None:
        text = (
            f"{json.dumps(outcome['returns'])} — {final.game.outcome_text(outcome, current_lang())}"
        )
        console.print(say("replay.result", text=text), markup=False)


def show_position(record: Replayable, index: int) -> None:
    state = tablier.replay(record, upto=index)
    moves = record["moves"]
    title = say("replay.after", i=index, n=len(moves))
    if index:
        player, move = moves[index - 1]
        name = state.game.seat_name(player, current_lang())
        title += " — " + say("replay.played", name=name, move=move)
    console.rule(title)
    console.print(state.render_text(lang=current_lang()), markup=False)
