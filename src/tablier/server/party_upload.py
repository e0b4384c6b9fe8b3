"""A text uploaded for a room (a deck of cards, say): checked by its game, kept, and
read back by the room's game as the option value `room:<id>`.

The checks run in worker processes with a deadline (`UploadChecks`), each address has a
quota (count and bytes an hour), and a refusal lists the first problems and a count,
never a list as large as the text.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tablier.core import registry, uploads
from tablier.core.options import Option
from tablier.server.limits import UploadQuota, client_of
from tablier.server.party_context import app_state, fail, settings, store
from tablier.server.party_store import PartyStore
from tablier.server.upload_checks import CheckTimeout, UploadChecks, more_words

MAX_UPLOAD_BYTES = 512 * 1024
# the name column's length (PostgreSQL refuses longer text)
MAX_UPLOAD_NAME = 120
# option values naming a kept upload: room:<id>
ROOM_SOURCE = "room"

upload_router = APIRouter(tags=["party"])


class UploadBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=40)
    # the option the text is for; by default the game's only option taking uploads
    option: str | None = Field(None, max_length=40)
    text: str = Field(min_length=1, max_length=MAX_UPLOAD_BYTES)
    format: Literal["toml", "csv"] = "toml"
    name: str = Field("upload", min_length=1, max_length=120)


def _quota(request: Request) -> UploadQuota:
    return app_state(
        request, "upload_quota", lambda s: UploadQuota(s.uploads_per_hour, s.upload_bytes_per_hour)
    )


def _option_for(body: UploadBody) -> Option | JSONResponse:
    """The game's option the text is for, or why there is none."""
    if body.game not in registry.game_ids():
        return fail(400, f"unknown game {body.game!r}", code="unknown_game")
    specs = [o for o in registry.game_class(body.game).option_specs if o.upload is not None]
    if body.option is not None:
        specs = [o for o in specs if o.name == body.option]
    if not specs:
        return fail(400, f"{body.game!r} takes no uploaded text here", code="no_uploads")
    return specs[0]


async def _checked(
    request: Request, spec: Option, body: UploadBody
) -> dict[str, Any] | JSONResponse:
    """The game's summary of the text, or the refusal to send."""
    assert spec.upload is not None
    limit = settings(request).upload_check_seconds
    checks = app_state(
        request, "upload_checks", lambda s: UploadChecks(seconds=s.upload_check_seconds)
    )
    try:
        answer = await checks.check(spec.upload, body.text, body.format, body.name)
    except CheckTimeout:
        return fail(400, f"the text takes too long to check (over {limit:g} s)", code="too_slow")
    if "refused" in answer:
        return fail(400, answer["refused"], code="unreadable")
    if "problems" in answer:
        return _refused_upload(answer["problems"], answer["count"])
    summary: dict[str, Any] = answer["summary"]
    return summary


@upload_router.post(
    "/api/party/uploads",
    summary="Check and keep a text for a room",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": UploadBody.model_json_schema()}},
        }
    },
)
async def upload(request: Request) -> Any:
    quota = _quota(request)
    # an address past its quota is refused before its 512 KB are even parsed
    refusal = quota.used_up(client_of(request))
    if refusal is not None:
        return fail(429, refusal, code="upload_quota")
    try:
        body = UploadBody.model_validate_json(await request.body())
    except ValidationError as exc:
        raise RequestValidationError(exc.errors(include_input=False)) from None
    spec = _option_for(body)
    if isinstance(spec, JSONResponse):
        return spec
    refusal = quota.refusal(client_of(request), len(body.text.encode("utf-8", "replace")))
    if refusal is not None:
        return fail(429, refusal, code="upload_quota")
    kept = store(request)
    # uploads no room took are forgotten after a while: storage does not grow with them
    await asyncio.to_thread(kept.expire_uploads, settings(request).upload_ttl_seconds)
    summary = await _checked(request, spec, body)
    if isinstance(summary, JSONResponse):
        return summary
    name = str(summary.get("name", body.name))
    if len(name) > MAX_UPLOAD_NAME:
        return fail(
            400,
            f"the name is limited to {MAX_UPLOAD_NAME} characters",
            code="name_too_long",
            problems=[{"line": None, "field": "name", "problem": "too long"}],
        )
    upload_id = await asyncio.to_thread(kept.add_upload, body.game, name, body.format, body.text)
    return {"id": upload_id, "option": spec.name, "value": f"{ROOM_SOURCE}:{upload_id}", **summary}


def _refused_upload(problems: list[dict[str, Any]], count: int) -> JSONResponse:
    """The first problems and how many more: never a list as large as the text."""
    more = count - len(problems)
    # a text past the parsers' bounds (a huge cell, deep nesting) is a bad request
    status = 400 if any(p.get("limit") for p in problems) else 422
    first = problems[0].get("problem", "") if problems else ""
    extra: dict[str, Any] = {"problems": problems, "count": count, "more": more}
    if more:
        extra["more_text"] = more_words(more)
    return fail(
        status,
        f"{count} problem{'s' if count != 1 else ''} in the text; the first: {first}"[:400],
        code="bad_upload",
        **extra,
    )


def room_source(kept: PartyStore) -> Callable[[str], uploads.Upload | None]:
    """The kept uploads as a source of option values `room:<id>`."""

    def fetch(upload_id: str) -> uploads.Upload | None:
        row = kept.upload(upload_id)
        if row is None:
            return None
        return uploads.Upload(text=row["text"], fmt=row["format"], name=row["name"])

    return fetch
