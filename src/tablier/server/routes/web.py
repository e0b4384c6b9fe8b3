"""The web client's files, served at the root."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from tablier.server.web_manifest import declares

WEB_DIR = Path(__file__).resolve().parent.parent.parent / "web"


def board_file(game_id: str, kind: str) -> bool:
    """Whether the game's web manifest declares a file of this kind (board, host...)."""
    return declares(game_id, kind)


def mount_web_client(app: FastAPI) -> None:
    """Mounted last: every path no route claims is looked up among the web files."""
    if not WEB_DIR.is_dir():
        return
    # browsers refuse ES modules served with another type; some systems lack these
    for suffix, kind in ((".js", "text/javascript"), (".mjs", "text/javascript")):
        mimetypes.add_type(kind, suffix)
    app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
