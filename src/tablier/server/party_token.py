"""The join token: four digits that, with the code, open a party's seats.

The TV shows them under the code and its link and QR code carry them; they change every
`join_token_seconds`, so a code read from afar or guessed opens nothing for long. They
are derived (HMAC) from a secret only the server and the TV's side hold.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Any

from fastapi import Request

from tablier.server.party_context import base_url, settings


def join_token(secret: str, period: float, now: float | None = None, back: int = 0) -> str:
    """The four digits that open a party's seats during one period (`back`: an earlier
    one), derived from a secret only the server and the TV's side know."""
    window = int((time.time() if now is None else now) // period) - back
    digest = hmac.new(secret.encode(), f"join:{window}".encode(), hashlib.sha256).digest()
    return f"{int.from_bytes(digest[:4], 'big') % 10000:04d}"


def join_token_ok(secret: str, given: str | None, period: float, now: float | None = None) -> bool:
    """The token of this period or the one before (so a token lives one to two periods)."""
    if not given:
        return False
    return any(
        hmac.compare_digest(join_token(secret, period, now, back), given.strip()) for back in (0, 1)
    )


async def code_secret(request: Request, code: str, room_id: str | None) -> str | None:
    """What a code's join token is derived from: its lobby's host secret (kept hashed,
    never sent), else the room's id (only the host page and seated phones know it)."""
    lobbies = getattr(request.app.state, "lobbies", None)
    lobby = None if lobbies is None else await lobbies.get(code)
    if lobby is not None:
        return str(lobby.host_hash)
    return room_id


def join_details(request: Request, code: str, secret: str) -> dict[str, Any]:
    """The TV's side of a code: its join token, and the link and QR code carrying it."""
    period = settings(request).join_token_seconds
    token = join_token(secret, period)
    return {
        "join_token": token,
        "join_url": f"{base_url(request)}/j/{code}?t={token}",
        # the QR code changes with the token: a new address, so no cache keeps the old one
        "join_token_period": int(time.time() // period),
    }
