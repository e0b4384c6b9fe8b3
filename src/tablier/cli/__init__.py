"""The `tablier` command: play, read rules, replay, serve, study — French by default.

Each sub-command lives in its own module, listed by `root.py` and imported only when it
runs; games add their own sub-commands as entry points (group `tablier.commands`). The
language is `--lang`, else TABLIER_LANG, else French; errors are one line on stderr with
an exit code other than 0 (`tablier.core.terminal`, shared with the games' commands).

The app is built on first use rather than on import, so that importing a helper of
this package (`tablier.cli.checks`...) does not build the whole command line.
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
