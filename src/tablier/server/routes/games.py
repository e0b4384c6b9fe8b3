"""The games this server offers: their descriptions, pictures, rules pages and the web
files a game's own package ships."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, PlainTextResponse, Response

from tablier.core import registry
from tablier.core.rules_pages import rules_text
from tablier.server.routes.errors import ApiError
from tablier.server.seats import draws_lots
from tablier.server.web_manifest import served_file, web_urls
from tablier.tutorials import lessons as tutorial_lessons

log = logging.getLogger("tablier.server")

router = APIRouter(tags=["games"])


def describe(game_id: str) -> dict[str, Any]:
    """A game as the lobby reads it: its own description and what this server adds."""
    game_cls = registry.game_class(game_id)
    # the files its web manifest declares, by kind, at the URLs the client imports
    urls = web_urls(game_id)
    return {
        **game_cls.describe(),
        "draws_lots": draws_lots(game_cls),
        "web_urls": urls,
        # the game has its own board element (else the generic board draws it)
        "board": "board" in urls,
        "art": f"/api/games/{game_id}/art.svg" if game_cls.art() is not None else None,
        # a shared screen and the players' phones (the "host" file draws the screen)
        "party": "host" in urls,
        # a guided first game ("Apprendre en jouant") the lobby offers newcomers
        "tutorial": bool(tutorial_lessons(game_id)),
    }


def _known(game_id: str) -> None:
    if game_id not in registry.game_ids():
        raise ApiError(404, f"unknown game {game_id!r}", known=registry.game_ids())


@router.get("/api/games", summary="Every game with its options")
async def list_games() -> list[dict[str, Any]]:
    described = []
    for game_id in registry.game_ids():
        try:
            described.append(describe(game_id))
        except Exception:
            # one broken game package must not hide the others
            log.exception("game %s cannot be loaded", game_id)
    return described


@router.get("/api/games/{game_id}", summary="One game and its options")
async def get_game(game_id: str) -> dict[str, Any]:
    _known(game_id)
    return describe(game_id)


@router.get("/api/games/{game_id}/art.svg", summary="The game's picture")
async def get_art(game_id: str) -> Response:
    _known(game_id)
    picture = registry.game_class(game_id).art()
    if picture is None:
        raise ApiError(404, f"{game_id!r} has no picture")
    return Response(
        picture,
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=3600"},
    )


@router.get("/games/{game_id}/web/{path:path}", summary="A file of the game's own web folder")
async def get_web_file(game_id: str, path: str) -> Response:
    _known(game_id)
    found = served_file(game_id, path)
    if found is None:
        raise ApiError(404, f"{game_id!r} ships no web file {path!r}")
    # browsers refuse ES modules served with another type
    kind = "text/javascript" if found.suffix in (".js", ".mjs") else None
    return FileResponse(found, media_type=kind, headers={"Cache-Control": "no-cache"})


@router.get(
    "/api/games/{game_id}/rules",
    summary="The rules page as Markdown",
    response_class=PlainTextResponse,
)
async def get_rules(game_id: str, lang: str = "fr") -> Response:
    _known(game_id)
    try:
        text = rules_text(game_id, lang)
    except ValueError as exc:
        raise ApiError(400, str(exc)) from None
    except FileNotFoundError:
        raise ApiError(404, f"no rules page for {game_id!r} in {lang!r} yet") from None
    return Response(text, media_type="text/markdown; charset=utf-8")
