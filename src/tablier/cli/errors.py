"""Moved to `tablier.core.terminal.errors` (games' commands use it too); kept for old
importers."""

from tablier.core.terminal.errors import ERR, fail

__all__ = ["ERR", "fail"]
