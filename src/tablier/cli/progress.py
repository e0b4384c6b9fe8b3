"""Moved to `tablier.core.terminal.progress` (games' commands use it too); kept for old
importers."""

from tablier.core.terminal.progress import progress_bar, quiet, set_quiet, working

__all__ = ["progress_bar", "quiet", "set_quiet", "working"]
