"""The latest balance study of each game (written by `tablier study` under the studies
directory, `studies/<game>/` by default), for the web client's study page."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from tablier.core import registry
from tablier.core.game import Game
from tablier.core.messages import LANGS, WORDS, Catalogue

TEXTS = Catalogue(
    "studies",
    {
        "none": {
            "fr": "Personne n'a encore mesuré l'équilibre de {game} : il n'y a pas d'étude "
            "à montrer pour l'instant.",
            "en": "Nobody has measured the balance of {game} yet: there is no study to "
            "show for now.",
        },
        "base": {"fr": "Règles de base", "en": "Base rules"},
        "variant": {"fr": "{option} : {value}", "en": "{option}: {value}"},
    },
)

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
    game = registry.game_class(game_id)
    if not figures.is_file():
        return JSONResponse(
            {
                "error": f"no study of {game_id} yet: run `tablier study {game_id}`",
                # for people: what the page says, in both languages
                "message": TEXTS.texts("none", game=game.name),
            },
            status_code=404,
        )
    data: dict[str, Any] = json.loads(figures.read_text(encoding="utf-8"))
    data["report"] = (folder / "report.html").is_file()
    studies = data.get("studies", [])
    data["words"] = {
        "labels": {
            str(st.get("label")): _variant_words(game, str(st.get("label"))) for st in studies
        },
        "reasons": {
            str(reason): _reason_words(game, str(reason))
            for st in studies
            for reason in st.get("reasons", {})
        },
    }
    return data


def _variant_words(game: type[Game], label: str) -> dict[str, str]:
    """A study's variant (`base`, `exhaustion=draw`) as people name it."""
    if label == "base":
        return TEXTS.texts("base")
    name, _, value = label.partition("=")
    spec = next((s for s in game.option_specs if s.name == name), None)
    if spec is None:
        return {lang: label for lang in LANGS}
    try:
        parsed = spec.parse(value)
    except ValueError:
        parsed = value
    return {
        lang: TEXTS.text(
            "variant",
            lang,
            option=spec.label.get(lang) or name,
            value=spec.value_label(parsed, lang),
        )
        for lang in LANGS
    }


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "…"


def _reason_words(game: type[Game], reason: str) -> dict[str, str]:
    """How games ended (`line`, `exhausted`), in words, without a game's own figures."""
    try:
        # most reasons read well without figures (Qui'win's say how the verdict fell)
        instance = registry.load(game.id)
        return {lang: instance.outcome_text({"reason": reason}, lang) for lang in LANGS}
    except Exception:
        # a reason whose words need one game's figures: said below without them
        pass
    key = f"outcome.{reason}"
    for catalogue in (game.outcome_messages, WORDS):
        entry: Mapping[str, Any] | None = catalogue.entries.get(key) if catalogue else None
        if entry is None:
            continue
        said = {}
        for lang in LANGS:
            template = entry.get(lang) or entry["fr"]
            if isinstance(template, Mapping):
                template = template["other"]
            text = str(template).format_map(_Blank())
            # figures of one game ("(…–…)") mean nothing over a thousand games
            text = re.sub(r"\s*\([^()]*…[^()]*\)", "", text)
            text = re.sub(r"\s*[:,]\s*[^:,]*….*$", "", text)
            said[lang] = re.sub(r"\s*…\s*", " ", text).strip()
        return said
    return {lang: reason for lang in LANGS}


@router.get("/api/games/{game_id}/study/report.html", summary="The latest study's report")
async def study_report(game_id: str, request: Request) -> Response:
    folder = _folder(request, game_id)
    page = folder / "report.html" if folder is not None else None
    if page is None or not page.is_file():
        return JSONResponse({"error": "no report"}, status_code=404)
    return Response(page.read_text(encoding="utf-8"), media_type="text/html; charset=utf-8")
