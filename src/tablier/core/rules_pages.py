"""The project's rules pages (`docs/rules/<game>.<lang>.md`), shipped in the package."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

LANGS = ("fr", "en")


def rules_text(game_id: str, lang: str = "fr") -> str:
    """The Markdown rules page of `game_id` in `lang` (fr or en)."""
    if lang not in LANGS:
        raise ValueError(f"language {lang!r} is not available; choose one of: {', '.join(LANGS)}")
    name = f"{game_id}.{lang}.md"
    packaged = resources.files("tablier").joinpath("rules", name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    # a source checkout (editable install) keeps the pages in docs/rules
    source = Path(__file__).resolve().parents[3] / "docs" / "rules" / name
    if source.is_file():
        return source.read_text(encoding="utf-8")
    raise FileNotFoundError(f"no rules page for {game_id!r} in {lang!r}")
