"""What every terminal command of Tablier shares, the games' own commands included.

The language (`--lang`, else TABLIER_LANG, else French), the `--lang`/`--quiet`
options, one-line errors on stderr and progress bars. They live in core, not in the
`tablier` command line, so that a game's commands (a deck checker, solo puzzles) use
them while depending on core only; `tablier.cli` builds on them.
"""

from __future__ import annotations

from tablier.core.terminal.errors import ERR, fail
from tablier.core.terminal.invocation import PerRun
from tablier.core.terminal.lang import help_lang, lang, lang_in_argv, set_lang
from tablier.core.terminal.options import LangOption, QuietOption
from tablier.core.terminal.progress import progress_bar, quiet, set_quiet, working

__all__ = [
    "ERR",
    "LangOption",
    "PerRun",
    "QuietOption",
    "fail",
    "help_lang",
    "lang",
    "lang_in_argv",
    "progress_bar",
    "quiet",
    "set_lang",
    "set_quiet",
    "working",
]
