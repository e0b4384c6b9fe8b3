"""HTTP routes of profiles: choose a name, rename, secure with a password, sign in and out.

A visitor gets a profile by choosing a name: no e-mail, no password. The profile lives in
the session cookie until they secure it (a password here, a passkey in `passkeys`) so
that another device can sign in as them. Refusals are {"error", "code"} JSON.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy.engine import Connection

from tablier.server.limits import RoomRate, unicode_problem
from tablier.server.people import profiles as store
from tablier.server.people.names import clean_profile_name
from tablier.server.people.session import (
    PeopleError,
    Profile,
    current_profile,
    end_session,
    people_error_answer,
    require_profile,
    start_session,
    storage_of,
)
from tablier.server.seat_names import BadSeatName

router = APIRouter(tags=["profiles"])

MIN_PASSWORD = 8
MAX_PASSWORD = 256
_hasher = PasswordHasher()
# verified when the name is unknown, so that a wrong name takes as long as a wrong password
_DUMMY_HASH = _hasher.hash("not a password anyone has")


class NameBody(BaseModel):
    # the 40-character limit is told by clean_seat_name, with a code the page words
    name: str = Field(max_length=1000)


class PasswordBody(BaseModel):
    password: str = Field(max_length=4000)
    # asked when the profile already has one: a borrowed cookie cannot lock the owner out
    current: str | None = Field(None, max_length=4000)


class SignInBody(BaseModel):
    name: str = Field(max_length=1000)
    password: str = Field(max_length=4000)


def install(app: FastAPI) -> None:
    """Add the profile routes, their refusals' JSON shape and their rate limits."""
    app.state.profile_rate = RoomRate(_per_minute("TABLIER_PROFILES_PER_MINUTE", 10))
    app.state.sign_in_rate = RoomRate(_per_minute("TABLIER_SIGN_INS_PER_MINUTE", 10))
    app.add_exception_handler(PeopleError, people_error_answer)
    from tablier.server.people.passkeys import router as passkeys_router

    app.include_router(router)
    app.include_router(passkeys_router)


def _per_minute(variable: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(variable, default)))
    except ValueError:
        return default


def client_of(request: Request) -> str:
    return request.client.host if request.client else "?"


def limit(request: Request, which: str) -> None:
    """429 when this address made too many profiles or sign-in attempts this minute."""
    rate: RoomRate = getattr(request.app.state, which)
    if not rate.allow(client_of(request)):
        raise PeopleError(
            429,
            f"too many attempts from this address; at most {rate.per_minute} a minute",
            "too_many",
        )


def check_text(*values: str) -> None:
    for value in values:
        if unicode_problem(value) is not None:
            raise PeopleError(400, "the text is not valid Unicode", "bad_text")


def checked_name(raw: str) -> tuple[str, str]:
    try:
        return clean_profile_name(raw)
    except BadSeatName as exc:
        raise PeopleError(400, str(exc), exc.code) from None


def name_taken(name: str) -> PeopleError:
    return PeopleError(400, f"the name {name!r} is taken", "name_taken")


async def write_name(request: Request, op: Callable[[Connection], None], name: str) -> None:
    """Run a write that gives a name; a name taken meanwhile is a 400, not a crash."""
    try:
        await storage_of(request).write(op)
    except (store.NameTaken, sa.exc.IntegrityError):
        # two visitors taking the same name at once: the unique key refuses the second
        raise name_taken(name) from None


async def refuse_taken(request: Request, name: str, key: str, mine: str | None) -> None:
    """400 when another profile holds the name (the write checks again, for a race)."""
    storage = storage_of(request)

    def read() -> str | None:
        with storage.engine.connect() as conn:
            return store.name_owner(conn, key)

    owner = await asyncio.to_thread(read)
    if owner is not None and owner != mine:
        raise name_taken(name)


async def profile_json(request: Request, profile: Profile) -> dict[str, Any]:
    storage = storage_of(request)

    def read() -> int:
        with storage.engine.connect() as conn:
            return store.passkey_count(conn, profile.id)

    count = await asyncio.to_thread(read)
    return {
        "id": profile.id,
        "name": profile.name,
        "has_password": profile.has_password,
        "passkeys": count,
    }


async def signed_in_answer(request: Request, profile_id: str, status: int = 200) -> JSONResponse:
    """Answer with the profile and a fresh session cookie for it."""
    storage = storage_of(request)

    def read() -> dict[str, Any] | None:
        with storage.engine.connect() as conn:
            row = store.profile_row(conn, profile_id)
            if row is None:
                return None
            return {**row, "passkeys": store.passkey_count(conn, profile_id)}

    answer = JSONResponse({"profile": await asyncio.to_thread(read)}, status_code=status)
    await start_session(request, answer, profile_id)
    return answer


# ------------------------------------------------------------------ routes
@router.post("/api/profiles", status_code=201)
async def create_profile(request: Request, body: NameBody) -> JSONResponse:
    if await current_profile(request) is not None:
        raise PeopleError(409, "this browser is signed in already: sign out first", "signed_in")
    name, key = checked_name(body.name)
    limit(request, "profile_rate")
    await refuse_taken(request, name, key, None)
    profile_id = store.new_profile_id()
    moment = store.now()

    def write(conn: Connection) -> None:
        store.create_profile(conn, profile_id, name, key, moment)

    await write_name(request, write, name)
    return await signed_in_answer(request, profile_id, status=201)


@router.get("/api/me")
async def get_me(request: Request) -> dict[str, Any]:
    profile = await current_profile(request)
    return {"profile": None if profile is None else await profile_json(request, profile)}


@router.patch("/api/me")
async def rename(request: Request, body: NameBody) -> dict[str, Any]:
    profile = await require_profile(request)
    name, key = checked_name(body.name)
    await refuse_taken(request, name, key, profile.id)

    def write(conn: Connection) -> None:
        store.rename_profile(conn, profile.id, name, key)

    await write_name(request, write, name)
    renamed = Profile(id=profile.id, name=name, has_password=profile.has_password)
    return {"profile": await profile_json(request, renamed)}


@router.delete("/api/me")
async def delete_me(request: Request) -> Response:
    profile = await require_profile(request)
    moment = store.now()

    def write(conn: Connection) -> None:
        store.delete_profile(conn, profile.id, moment)

    await storage_of(request).write(write)
    answer = JSONResponse({"profile": None, "deleted": profile.id})
    await end_session(request, answer)
    return answer


@router.post("/api/me/password")
async def set_password(request: Request, body: PasswordBody) -> dict[str, Any]:
    profile = await require_profile(request)
    check_text(body.password, body.current or "")
    if len(body.password) < MIN_PASSWORD:
        raise PeopleError(
            400, f"a password is at least {MIN_PASSWORD} characters", "password_short"
        )
    if len(body.password) > MAX_PASSWORD:
        raise PeopleError(400, f"a password is at most {MAX_PASSWORD} characters", "password_long")
    storage = storage_of(request)
    if profile.has_password:

        def read() -> str | None:
            with storage.engine.connect() as conn:
                row = store.profile_row(conn, profile.id, with_hash=True)
                return None if row is None else row.get("password_hash")

        old_hash = await asyncio.to_thread(read)
        if not body.current or not old_hash or not await _verify(old_hash, body.current):
            raise PeopleError(401, "the current password is wrong", "password_wrong")
    new_hash = await asyncio.to_thread(_hasher.hash, body.password)

    def write(conn: Connection) -> None:
        store.set_password_hash(conn, profile.id, new_hash)

    await storage.write(write)
    secured = Profile(id=profile.id, name=profile.name, has_password=True)
    return {"profile": await profile_json(request, secured)}


async def _verify(password_hash: str, password: str) -> bool:
    def check() -> bool:
        try:
            return bool(_hasher.verify(password_hash, password))
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(check)


@router.post("/api/sessions/password")
async def sign_in_with_password(request: Request, body: SignInBody) -> JSONResponse:
    limit(request, "sign_in_rate")
    check_text(body.name, body.password)
    storage = storage_of(request)
    key = store_key(body.name)

    def read() -> tuple[str, str] | None:
        with storage.engine.connect() as conn:
            return store.password_hash_of(conn, key) if key else None

    found = await asyncio.to_thread(read)
    # the same work and the same answer whether the name is unknown or the password wrong
    ok = await _verify(found[1] if found else _DUMMY_HASH, body.password)
    if found is None or not ok:
        raise PeopleError(401, "this name and password do not match", "sign_in_failed")
    profile_id, password_hash = found
    if _hasher.check_needs_rehash(password_hash):
        fresh = await asyncio.to_thread(_hasher.hash, body.password)

        def rehash(conn: Connection) -> None:
            store.set_password_hash(conn, profile_id, fresh)

        await storage.write(rehash)
    return await signed_in_answer(request, profile_id)


def store_key(raw: str) -> str | None:
    """The folded name someone typed to sign in, or None when it cannot be a name."""
    try:
        return clean_profile_name(raw)[1]
    except BadSeatName:
        return None


@router.delete("/api/sessions/current")
async def sign_out(request: Request) -> Response:
    answer = JSONResponse({"profile": None})
    await end_session(request, answer)
    return answer
