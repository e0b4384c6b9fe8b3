"""Refusals as JSON: every error the server answers has an "error" text, never a
plain-text page or a traceback."""

from __future__ import annotations

import logging
from typing import Any

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tablier.server.storage import StorageUnavailable

log = logging.getLogger("tablier.server")


class ApiError(Exception):
    """A refusal a route raises: its status, its text and any further JSON fields."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


def error_answer(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


def install_error_answers(app: FastAPI) -> None:
    """The JSON answer of each kind of failure a request may meet."""

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
        # never a plain-text traceback: the log keeps it, the client gets JSON
        log.exception("unexpected error", exc_info=exc)
        return error_answer(500, "the server failed on this request")

    @app.exception_handler(StorageUnavailable)
    async def _storage_down(_request: Request, exc: StorageUnavailable) -> JSONResponse:
        return error_answer(
            503, f"the server cannot save anything right now: {exc}", code="storage"
        )

    @app.exception_handler(sa.exc.OperationalError)
    async def _storage_failed(_request: Request, exc: sa.exc.OperationalError) -> JSONResponse:
        log.error("database read failed: %s", exc.orig)
        return error_answer(503, "the server's database cannot be read right now", code="storage")

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return error_answer(exc.status, exc.message, **exc.extra)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error_answer(exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        details = [
            {"field": ".".join(str(p) for p in err["loc"]), "problem": err["msg"]}
            for err in exc.errors()
        ]
        summary = "; ".join(f"{d['field']}: {d['problem']}" for d in details)
        return error_answer(422, f"invalid request: {summary}", details=details)
