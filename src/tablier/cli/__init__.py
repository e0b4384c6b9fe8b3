"""The `tablier` command: play, read rules, replay, serve, study — French by default.

Each sub-command lives in its own module (`root.py` mounts them); games add their own
sub-commands through `Game.cli_commands` (a deck checker, solo puzzles...). The language
is `--lang`, else TABLIER_LANG, else French; errors are one line on stderr with an exit
code other than 0.

The app is built on first use rather than on import: a game's command module imports
the shared helpers here (language, texts, errors), and must not find itself being
mounted half-loaded.
"""

from __future__ import annotations

from typing import Any


def main() -> None:
    from tablier.cli.root import app

    app()


def __getattr__(name: str) -> Any:
    if name == "app":
        from tablier.cli.root import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["app", "main"]
