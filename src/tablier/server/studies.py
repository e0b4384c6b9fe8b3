"""The latest balance study of each game (written by `tablier study` under the studies
directory, `studies/<game>/` by default), for the web client's study page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from tablier.core import registry

router = APIRouter(tags=["games"])


def _folder(request: Request, game_id: str) -> Path | None:
    # only registered ids name a folder: a request never chooses a path
    if game_id not in registry.game_ids():
        return None
    return Path(request.app.state.studies_dir) / game_id


@router.get("/api/games/{game_id}/study", summary="The latest balance study's figures")
async def study_figures(game_id: str, request: Request) -> Any:
    folder = _folder(request, game_id)
    if folder is None:
        return JSONResponse({"error": f"unknown game {game_id!r}"}, status_code=404)
    figures = folder / "figures.json"
    if not figures.is_file():
        return JSONResponse(
            {"error": f"no study of {game_id} yet: run `tablier study {game_id}`"}, status_code=404
        )
    data: dict[str, Any] = json.loads(figures.read_text(encoding="utf-8"))
    data["report"] = (folder / "report.html").is_file()
    return data


@router.get("/api/games/{game_id}/study/report.html", summary="The latest study's report")
async def study_report(game_id: str, request: Request) -> Response:
    folder = _folder(request, game_id)
    page = folder / "report.html" if folder is not None else None
    if page is None or not page.is_file():
        return JSONResponse({"error": "no report"}, status_code=404)
    return Response(page.read_text(encoding="utf-8"), media_type="text/html; charset=utf-8")
