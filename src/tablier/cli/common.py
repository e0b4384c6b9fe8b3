"""Moved to `tablier.core.terminal.options` (games' commands use it too); kept for old
importers."""

from tablier.core.terminal.options import LangOption, QuietOption

__all__ = ["LangOption", "QuietOption"]
