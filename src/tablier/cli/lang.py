"""The command line's language: `--lang`, else TABLIER_LANG, else French."""

from __future__ import annotations

from tablier.core.messages import check_lang, env_lang

_chosen: list[str] = []


def set_lang(lang: str | None) -> None:
    _chosen[:] = [check_lang(lang) if lang else env_lang()]


def lang() -> str:
    return _chosen[0] if _chosen else env_lang()
