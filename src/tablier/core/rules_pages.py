"""The rules pages: the project's (`docs/rules/<game>.<lang>.md`, shipped in the package),
and a game package's own (`rules.<lang>.md` beside its `Game` class, like `art.svg`)."""

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
    own = _beside_the_game(game_id, f"rules.{lang}.md")
    if own is not None:
        return own
    raise FileNotFoundError(f"no rules page for {game_id!r} in {lang!r}")


def _beside_the_game(game_id: str, name: str) -> str | None:
    # only games without a page in the project get here: importing one costs nothing
    # to the five, and a game installed as its own package keeps its pages with it
    from tablier.core.registry import game_class

    try:
        cls = game_class(game_id)
    except ValueError:
        return None
    package = cls.__module__.rpartition(".")[0] or cls.__module__
    page = resources.files(package).joinpath(name)
    return page.read_text(encoding="utf-8") if page.is_file() else None
