"""What the party routes find on the application: its objects, made on first use, and
the answers they share (a refusal as JSON, the lookup budget of an address)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import Request
from fastapi.responses import JSONResponse

from tablier.server.limits import MissBudget, client_of
from tablier.server.manager import RoomManager
from tablier.server.party_store import PartyStore
from tablier.server.settings import Settings

T = TypeVar("T")


def fail(status: int, message: str, **extra: Any) -> JSONResponse:
    """A refusal: the English message, and a `code` (and details) the client words."""
    return JSONResponse({"error": message, **extra}, status_code=status)


def manager(request: Request) -> RoomManager:
    found: RoomManager = request.app.state.manager
    return found


def settings(request: Request) -> Settings:
    found: Settings | None = getattr(request.app.state, "settings", None)
    if found is None:
        found = Settings.from_env()
        request.app.state.settings = found
    return found


def app_state(request: Request, name: str, make: Callable[[Settings], T]) -> T:
    """One object per application, made on first use (a limiter, the upload workers)."""
    found: T | None = getattr(request.app.state, name, None)
    if found is None:
        found = make(settings(request))
        setattr(request.app.state, name, found)
    return found


def store(request: Request) -> PartyStore:
    found: PartyStore | None = getattr(request.app.state, "party", None)
    if found is None:
        found = PartyStore(manager(request).storage.engine)
        request.app.state.party = found
    return found


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _misses(request: Request) -> MissBudget:
    return app_state(request, "code_misses", lambda s: MissBudget(s.code_misses_per_minute))


def lookup_refused(request: Request) -> JSONResponse | None:
    """A 429 once this address has looked up too many codes naming no party."""
    if _misses(request).allowed(client_of(request)):
        return None
    return fail(
        429,
        "too many party codes that name nothing from this address: wait a minute",
        code="too_many_codes",
    )


def count_miss(request: Request) -> None:
    _misses(request).missed(client_of(request))
