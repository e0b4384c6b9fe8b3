"""What every lobby route needs: the lobbies, the lobby a code names, who is the host,
and the lobby as the phones and the TV see it."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from tablier.core import registry
from tablier.server.party_code import normal_code, plausible_code
from tablier.server.party_context import base_url, count_miss, fail, lookup_refused, manager
from tablier.server.party_lobby_model import AVATARS, COLOURS, Lobby
from tablier.server.party_lobby_store import Lobbies
from tablier.server.seats import hash_token


def lobbies(request: Request) -> Lobbies:
    found: Lobbies | None = getattr(request.app.state, "lobbies", None)
    if found is None:
        found = Lobbies(manager(request).storage.engine)
        request.app.state.lobbies = found
    return found


def limits(game: str) -> tuple[int, int]:
    """How few and how many players the game takes."""
    cls = registry.game_class(game)
    return cls.min_players, cls.max_players


def public_status(request: Request, lobby: Lobby) -> dict[str, Any]:
    """The lobby as anyone with its code sees it (never a secret nor the join token)."""
    low, high = limits(lobby.game)
    return {
        "code": lobby.code,
        "game": lobby.game,
        "options": lobby.options,
        "guests": [g.public() for g in lobby.guests],
        "min_players": low,
        "max_players": high,
        "room": lobby.room,
        "paused": lobby.paused,
        "join_url": f"{base_url(request)}/j/{lobby.code}",
        "qr": f"/api/party/lobbies/{lobby.code}/qr.svg",
        "colours": list(COLOURS),
        "avatars": list(AVATARS),
    }


def is_host(lobby: Lobby, token: str) -> bool:
    return secrets.compare_digest(lobby.host_hash, hash_token(token))


def only_host() -> JSONResponse:
    return fail(403, "only the host may do that", code="forbidden")


def check_options(game: str, options: dict[str, Any]) -> str | None:
    """Why the game refuses these options, or None."""
    try:
        registry.game_class(game)(**options)
    except (ValueError, TypeError, KeyError) as exc:
        return str(exc)
    return None


async def lobby_or_404(request: Request, code: str) -> Lobby | JSONResponse:
    """The lobby a code names; a 404 counts against the address's lookups (429 past them)."""
    refused = lookup_refused(request)
    if refused is not None:
        return refused
    lobby = await lobbies(request).get(code) if plausible_code(code) else None
    if lobby is None:
        count_miss(request)
        return fail(404, f"no party has the code {normal_code(code)[:8]!r}", code="unknown_code")
    return lobby


async def hosted_lobby(request: Request, code: str, token: str) -> Lobby | JSONResponse:
    """The lobby a code names, for its host only: a 404 (counted as a miss) or a 403."""
    lobby = await lobby_or_404(request, code)
    if isinstance(lobby, JSONResponse):
        return lobby
    if not is_host(lobby, token):
        return only_host()
    return lobby
