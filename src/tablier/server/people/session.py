"""Who is asking: the profile a request's session cookie holds.

The cookie carries a random token; the database keeps only its SHA-256 (a copy of the
sessions table signs nobody in). Every process reads the same table, so a session made
through one process is known to all of them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from fastapi import HTTPException, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from sqlalchemy.engine import Connection

from tablier.server.people import profiles as store
from tablier.server.seats import new_token
from tablier.server.storage import Storage

COOKIE = "tablier_session"
# a year: a profile without a password lives in this cookie, it should not vanish soon
COOKIE_AGE = 365 * 24 * 3600
# how stale a session's "last used" may get before a request writes it again
_TOUCH_EVERY = 3600.0


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    has_password: bool


class PeopleError(HTTPException):
    """A refusal answered as {"error", "code", ...} JSON (a code the page words)."""

    def __init__(self, status: int, error: str, code: str, **extra: Any) -> None:
        super().__init__(status, {"error": error, "code": code, **extra})


class ProfileNeeded(PeopleError):
    """401 for a route that needs a profile."""

    def __init__(self) -> None:
        super().__init__(401, "choose a name (a profile) first", "profile_needed")


async def people_error_answer(_request: Request, exc: Exception) -> JSONResponse:
    """The app's handler for PeopleError (its detail is already the JSON body)."""
    assert isinstance(exc, HTTPException)
    return JSONResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)


def storage_of(conn: Request | WebSocket) -> Storage:
    storage: Storage = conn.app.state.manager.storage
    return storage


def session_token(conn: Request | WebSocket) -> str | None:
    token = conn.cookies.get(COOKIE)
    # tokens are 32 url-safe characters; anything else is not ours
    if not token or len(token) > 100:
        return None
    return token


async def current_profile(conn: Request | WebSocket) -> Profile | None:
    """The signed-in profile, or None (anonymous play stays the default)."""
    token = session_token(conn)
    if token is None:
        return None
    storage = storage_of(conn)

    def read() -> dict[str, Any] | None:
        with storage.engine.connect() as c:
            return store.session_profile(c, token)

    found = await asyncio.to_thread(read)
    if found is None:
        return None
    moment = store.now()
    if moment - found["used_at"] > _TOUCH_EVERY:
        profile_id = found["id"]

        def touch(c: Connection) -> None:
            store.touch_session(c, token, profile_id, moment)

        await storage.write(touch)
    return Profile(id=found["id"], name=found["name"], has_password=found["has_password"])


async def require_profile(request: Request) -> Profile:
    """The signed-in profile, or 401 with code "profile_needed"."""
    profile = await current_profile(request)
    if profile is None:
        raise ProfileNeeded()
    return profile


def profile_names(engine_conn: Connection, ids: Any) -> dict[str, str | None]:
    """Names of profile ids (None for a deleted profile); ids never seen are left out."""
    return store.names_of(engine_conn, ids)


# ------------------------------------------------------------------ the cookie
def _secure(request: Request) -> bool:
    return request.url.scheme == "https"


def set_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_AGE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=_secure(request),
    )


def clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(request))


async def start_session(request: Request, response: Response, profile_id: str) -> None:
    """Sign this browser in as `profile_id`, ending the session it held before."""
    token = new_token()
    old = session_token(request)
    moment = store.now()

    def write(c: Connection) -> None:
        if old is not None:
            store.drop_session(c, old)
        store.add_session(c, token, profile_id, moment)

    await storage_of(request).write(write)
    set_cookie(request, response, token)


async def end_session(request: Request, response: Response) -> None:
    token = session_token(request)
    if token is not None:

        def write(c: Connection) -> None:
            store.drop_session(c, token)

        await storage_of(request).write(write)
    clear_cookie(request, response)
