"""Passkeys (WebAuthn, by py_webauthn): secure a profile and sign it in on another device.

Each ceremony is two requests: options (a challenge kept in `webauthn_challenges`, used
once, for five minutes) and the browser's answer, verified against that challenge, the
host name the page was served from (the relying party) and the page's origin. Passkeys
are discoverable credentials, so a fresh browser signs in without typing a name.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy.engine import Connection
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from tablier.server.people import profiles as store
from tablier.server.people.profiles_api import (
    check_text,
    limit,
    profile_json,
    signed_in_answer,
    store_key,
)
from tablier.server.people.session import PeopleError, require_profile, storage_of
from tablier.server.people.tables import passkeys, profiles, webauthn_challenges

router = APIRouter(tags=["profiles"])

RP_NAME = "Tablier"
CHALLENGE_LIFE = 300.0
MAX_PASSKEYS = 10


class AnswerBody(BaseModel):
    challenge_id: str = Field(max_length=64)
    # the browser's PublicKeyCredential as JSON (its toJSON())
    credential: dict[str, Any]


class SignInOptionsBody(BaseModel):
    # optional: without it the browser offers every passkey it holds for this site
    name: str | None = Field(None, max_length=1000)


def relying_party(request: Request) -> tuple[str, str]:
    """(rp id, origin): the host name the page came from and its origin."""
    host = request.url.hostname or "localhost"
    return host, f"{request.url.scheme}://{request.url.netloc}"


async def _keep_challenge(
    request: Request, challenge: bytes, purpose: str, profile_id: str | None
) -> str:
    challenge_id = secrets.token_hex(16)
    moment = store.now()

    def write(conn: Connection) -> None:
        # forget the ceremonies nobody finished
        conn.execute(webauthn_challenges.delete().where(webauthn_challenges.c.expires_at < moment))
        conn.execute(
            webauthn_challenges.insert().values(
                id=challenge_id,
                challenge=challenge,
                profile_id=profile_id,
                purpose=purpose,
                expires_at=moment + CHALLENGE_LIFE,
            )
        )

    await storage_of(request).write(write)
    return challenge_id


async def _take_challenge(
    request: Request, challenge_id: str, purpose: str, profile_id: str | None
) -> bytes:
    """The challenge issued under this id, consumed: a second use finds nothing."""
    moment = store.now()
    taken: list[bytes] = []

    def write(conn: Connection) -> None:
        row = conn.execute(
            sa.select(webauthn_challenges).where(webauthn_challenges.c.id == challenge_id)
        ).first()
        if row is None:
            return
        gone = conn.execute(
            webauthn_challenges.delete().where(webauthn_challenges.c.id == challenge_id)
        )
        if (
            gone.rowcount == 1
            and row.purpose == purpose
            and row.profile_id == profile_id
            and row.expires_at >= moment
        ):
            taken.append(bytes(row.challenge))

    await storage_of(request).write(write)
    if not taken:
        raise PeopleError(
            400, "this passkey request has expired or was used: try again", "passkey_expired"
        )
    return taken[0]


def _credential_json(credential: dict[str, Any]) -> str:
    check_text(json.dumps(credential, ensure_ascii=False)[:100_000])
    return json.dumps(credential)


# ------------------------------------------------------------------ registration
@router.post("/api/me/passkeys/options")
async def registration_options(request: Request) -> dict[str, Any]:
    profile = await require_profile(request)
    storage = storage_of(request)

    def read() -> list[str]:
        with storage.engine.connect() as conn:
            return [
                str(row.credential_id)
                for row in conn.execute(
                    sa.select(passkeys.c.credential_id).where(passkeys.c.profile_id == profile.id)
                )
            ]

    known = await asyncio.to_thread(read)
    if len(known) >= MAX_PASSKEYS:
        raise PeopleError(400, f"a profile holds at most {MAX_PASSKEYS} passkeys", "passkeys_full")
    rp_id, _origin = relying_party(request)
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name=RP_NAME,
        user_id=profile.id.encode(),
        user_name=profile.name,
        user_display_name=profile.name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=_b64_bytes(cid)) for cid in known],
    )
    challenge_id = await _keep_challenge(request, options.challenge, "register", profile.id)
    return {"challenge_id": challenge_id, "options": json.loads(options_to_json(options))}


@router.post("/api/me/passkeys", status_code=201)
async def register_passkey(request: Request, body: AnswerBody) -> dict[str, Any]:
    profile = await require_profile(request)
    challenge = await _take_challenge(request, body.challenge_id, "register", profile.id)
    rp_id, origin = relying_party(request)
    try:
        verified = verify_registration_response(
            credential=_credential_json(body.credential),
            expected_challenge=challenge,
            expected_rp_id=rp_id,
            expected_origin=origin,
        )
    except (InvalidRegistrationResponse, ValueError, KeyError, TypeError) as exc:
        raise PeopleError(400, f"the passkey was not accepted: {exc}", "passkey_refused") from None
    credential_id = bytes_to_base64url(verified.credential_id)
    moment = store.now()

    def write(conn: Connection) -> None:
        exists = conn.execute(
            sa.select(passkeys.c.credential_id).where(passkeys.c.credential_id == credential_id)
        ).first()
        if exists is not None:
            raise PeopleError(400, "this passkey is registered already", "passkey_known")
        conn.execute(
            passkeys.insert().values(
                credential_id=credential_id,
                profile_id=profile.id,
                public_key=verified.credential_public_key,
                sign_count=verified.sign_count,
                created_at=moment,
            )
        )

    await storage_of(request).write(write)
    return {"profile": await profile_json(request, profile)}


@router.get("/api/me/passkeys")
async def list_passkeys(request: Request) -> dict[str, Any]:
    """The signed-in profile's passkeys, newest first (their ids and when added)."""
    profile = await require_profile(request)
    storage = storage_of(request)

    def read() -> list[dict[str, Any]]:
        with storage.engine.connect() as conn:
            rows = conn.execute(
                sa.select(passkeys.c.credential_id, passkeys.c.created_at)
                .where(passkeys.c.profile_id == profile.id)
                .order_by(passkeys.c.created_at.desc())
            )
            return [{"id": str(r.credential_id), "created_at": float(r.created_at)} for r in rows]

    return {"passkeys": await asyncio.to_thread(read)}


@router.delete("/api/me/passkeys/{credential_id}")
async def remove_passkey(request: Request, credential_id: str) -> dict[str, Any]:
    """Forget a passkey (a lost phone): it signs nobody in any more."""
    profile = await require_profile(request)
    removed: list[int] = []

    def write(conn: Connection) -> None:
        gone = conn.execute(
            passkeys.delete().where(
                passkeys.c.credential_id == credential_id, passkeys.c.profile_id == profile.id
            )
        )
        removed.append(gone.rowcount)

    await storage_of(request).write(write)
    if removed != [1]:
        raise PeopleError(404, "this profile has no such passkey", "passkey_unknown")
    return {"profile": await profile_json(request, profile)}


# ------------------------------------------------------------------ signing in
@router.post("/api/sessions/passkey/options")
async def sign_in_options(
    request: Request, body: SignInOptionsBody | None = None
) -> dict[str, Any]:
    limit(request, "sign_in_rate")
    allow: list[PublicKeyCredentialDescriptor] = []
    if body is not None and body.name:
        check_text(body.name)
        key = store_key(body.name)
        storage = storage_of(request)

        def read() -> list[str]:
            with storage.engine.connect() as conn:
                return [
                    str(row.credential_id)
                    for row in conn.execute(
                        sa.select(passkeys.c.credential_id)
                        .select_from(passkeys.join(profiles))
                        .where(profiles.c.name_key == key)
                    )
                ]

        # an unknown name gets the same answer as a name without passkeys: the browser
        # then finds none, and nobody learns which names exist
        allow = [
            PublicKeyCredentialDescriptor(id=_b64_bytes(cid))
            for cid in (await asyncio.to_thread(read) if key else [])
        ]
    rp_id, _origin = relying_party(request)
    options = generate_authentication_options(
        rp_id=rp_id,
        allow_credentials=allow,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    challenge_id = await _keep_challenge(request, options.challenge, "sign_in", None)
    return {"challenge_id": challenge_id, "options": json.loads(options_to_json(options))}


@router.post("/api/sessions/passkey")
async def sign_in_with_passkey(request: Request, body: AnswerBody) -> JSONResponse:
    limit(request, "sign_in_rate")
    challenge = await _take_challenge(request, body.challenge_id, "sign_in", None)
    credential_id = body.credential.get("id")
    refused = PeopleError(401, "this passkey does not open a profile here", "passkey_unknown")
    if not isinstance(credential_id, str) or len(credential_id) > 1024:
        raise refused
    storage = storage_of(request)

    def read() -> Any:
        with storage.engine.connect() as conn:
            return conn.execute(
                sa.select(passkeys).where(passkeys.c.credential_id == credential_id)
            ).first()

    row = await asyncio.to_thread(read)
    if row is None:
        raise refused
    rp_id, origin = relying_party(request)
    try:
        verified = verify_authentication_response(
            credential=_credential_json(body.credential),
            expected_challenge=challenge,
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=bytes(row.public_key),
            credential_current_sign_count=int(row.sign_count),
        )
    except (InvalidAuthenticationResponse, ValueError, KeyError, TypeError):
        raise refused from None
    profile_id = str(row.profile_id)

    def write(conn: Connection) -> None:
        conn.execute(
            passkeys.update()
            .where(passkeys.c.credential_id == credential_id)
            .values(sign_count=verified.new_sign_count)
        )

    await storage.write(write)
    return await signed_in_answer(request, profile_id)


def _b64_bytes(text: str) -> bytes:
    from webauthn import base64url_to_bytes

    return base64url_to_bytes(text)
