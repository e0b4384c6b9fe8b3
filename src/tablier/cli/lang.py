"""Moved to `tablier.core.terminal.lang` (games' commands use it too); kept for old
importers."""

from tablier.core.terminal.lang import help_lang, lang, lang_in_argv, set_lang

__all__ = ["help_lang", "lang", "lang_in_argv", "set_lang"]
