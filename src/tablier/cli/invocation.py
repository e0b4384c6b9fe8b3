"""Moved to `tablier.core.terminal.invocation` (games' commands use it too); kept for
old importers."""

from tablier.core.terminal.invocation import PerRun, T

__all__ = ["PerRun", "T"]
