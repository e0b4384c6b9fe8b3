"""A game's web files, read from the manifest it declares (`hooks.web_assets`).

The manifest maps a kind to one file: "board" (the element drawing the game), "host"
(the shared screen of a party), "puzzle" (the solo puzzles page), "messages" (the
board's own words, `{lang}` standing for the language). A path is one of two forms:

- "js/boards/kwinty-board.js": a file of Tablier's own web client, served where it lies
  (its URL is the path under the root, so the built-in games' addresses never change);
- "tablier_trio:web/trio-board.js": a file inside a game's own distribution, in a folder
  of its package ("web" here). That folder is the game's web folder, served at
  /games/<id>/web/ so that a board may import its siblings by relative URL; nothing
  outside it is served, and a game's own files lie in that one folder.

Nothing here looks for a file by its name: a kind the manifest does not declare is absent.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path, PurePosixPath

from tablier.core import registry

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
# the kinds of file a manifest may declare, each read by the client
KINDS = ("board", "host", "puzzle", "messages")
# the URL under which a game's own web folder is served
GAME_WEB = "/games/{game}/web/"


@dataclass(frozen=True)
class WebFile:
    """One declared file: the URL the client imports and the file the server holds."""

    kind: str
    url: str
    file: Path


def _safe_parts(path: str, game_id: str, kind: str) -> tuple[str, ...]:
    """The path's parts, or ValueError for an absolute path, `..` or a hidden name."""
    parts = PurePosixPath(path).parts
    if (
        not parts
        or path.startswith("/")
        or any(p in ("", ".", "..") or p.startswith(".") for p in parts)
    ):
        raise ValueError(
            f"game {game_id!r}: web_assets[{kind}] = {path!r} is not a plain relative path"
        )
    return parts


def _package_folder(package: str, folder: str, game_id: str) -> Path:
    """The folder `folder` of an importable package, on disk."""
    try:
        root = resources.files(package)
    except (ImportError, TypeError) as exc:
        raise ValueError(
            f"game {game_id!r}: web package {package!r} cannot be found: {exc}"
        ) from exc
    if not isinstance(root, Path):
        # a zipped package: its files have no path the server could send
        raise ValueError(f"game {game_id!r}: web package {package!r} is not a folder on disk")
    return root / folder


def game_web_folder(game_id: str) -> Path | None:
    """The folder a game's own package ships its web files in; None for none declared."""
    folders = {_declared(game_id, kind, path)[1] for kind, path in _manifest(game_id).items()}
    folders.discard(None)
    if len(folders) > 1:
        raise ValueError(f"game {game_id!r}: its own web files lie in more than one folder")
    return folders.pop() if folders else None


def _manifest(game_id: str) -> dict[str, str]:
    return dict(registry.game_class(game_id).web_assets)


def _declared(game_id: str, kind: str, path: str) -> tuple[WebFile, Path | None]:
    """One manifest entry resolved, with the game's own web folder holding it (if any)."""
    package, colon, inside = path.rpartition(":")
    if not colon:
        parts = _safe_parts(path, game_id, kind)
        return WebFile(kind, "/" + "/".join(parts), WEB_DIR.joinpath(*parts)), None
    parts = _safe_parts(inside, game_id, kind)
    if len(parts) < 2:
        # the package's own folder would expose its Python modules
        raise ValueError(f"game {game_id!r}: web_assets[{kind}] = {path!r} names no folder")
    folder = _package_folder(package, parts[0], game_id)
    url = GAME_WEB.format(game=game_id) + "/".join(parts[1:])
    return WebFile(kind, url, folder.joinpath(*parts[1:])), folder


def web_files(game_id: str) -> dict[str, WebFile]:
    """Every file a game's manifest declares, by kind (ValueError for a malformed one)."""
    game_web_folder(game_id)  # one folder at most
    return {kind: _declared(game_id, kind, path)[0] for kind, path in _manifest(game_id).items()}


def web_urls(game_id: str) -> dict[str, str]:
    """The URL of each declared file, by kind: what the client imports."""
    return {kind: found.url for kind, found in web_files(game_id).items()}


def declares(game_id: str, kind: str) -> bool:
    """Whether the game's manifest names a file of this kind (board, host, puzzle...)."""
    return kind in registry.game_class(game_id).web_assets


def served_file(game_id: str, path: str) -> Path | None:
    """The file at `path` under the game's own web folder; None unless it is a plain
    file there (no `..`, no hidden name, no link leading out)."""
    folder = game_web_folder(game_id)
    if folder is None:
        return None
    try:
        parts = _safe_parts(path, game_id, "served")
    except ValueError:
        return None
    found = folder.joinpath(*parts).resolve()
    if not found.is_relative_to(folder.resolve()) or not found.is_file():
        return None
    return found
