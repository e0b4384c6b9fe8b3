"""Party rooms: a short code per room, the QR code of its join link, uploaded texts.

A party game is played with one shared screen (the host page, a spectator) and each
player's phone as that player's seat. The phones join with a short human code
(`GET /j/<CODE>` or the join page) instead of a long invite link; the host page shows
the code and a QR code of the join address. A seat is taken with the code *and* the
room's join token (four digits, changed every `join_token_seconds`): the TV's link and
QR code carry it and the TV shows it under the code, so a code guessed from afar opens
nothing. Lookups of codes that name no party are counted per address (`MissBudget`),
and a code is given back once its room has ended. A text uploaded for a room (a deck of
cards, say) is checked by the game (`Option.upload`, see core/uploads.py), kept in the
database and given to one room, whose game reads it back as `room:<id>`.

The pieces, one module each:

- party_tables: the party's own tables (codes, uploads, lobbies), next to the storage's;
- party_code: the codes, drawn, normalised and given back;
- party_token: the join token and the TV's link carrying it;
- party_qr: QR codes;
- party_store: a room's code and the kept uploads;
- party_context: what the routes find on the application, and their refusals;
- party_rooms: the routes of a coded room;
- party_upload: the upload route, and the kept uploads as a source of option values;
- party_lobby: the waiting room before a game exists (its own modules).

This module gathers the routes into one router and keeps the names others import.
"""

from __future__ import annotations

from fastapi import APIRouter

from tablier.server.party_code import (
    CODE_GRACE_SECONDS,
    CODE_LENGTH,
    CODE_LETTERS,
    CodesExhausted,
    code_taken,
    free_ended_codes,
    new_code,
    normal_code,
    plausible_code,
)
from tablier.server.party_context import count_miss, lookup_refused
from tablier.server.party_qr import qr_svg
from tablier.server.party_rooms import WEB_BOARDS, JoinByCode, has_host_view, rooms_router
from tablier.server.party_store import PartyStore
from tablier.server.party_tables import metadata, party_codes, party_uploads
from tablier.server.party_token import code_secret, join_details, join_token, join_token_ok
from tablier.server.party_upload import (
    MAX_UPLOAD_BYTES,
    MAX_UPLOAD_NAME,
    ROOM_SOURCE,
    UploadBody,
    room_source,
    upload_router,
)

__all__ = [
    "CODE_GRACE_SECONDS",
    "CODE_LENGTH",
    "CODE_LETTERS",
    "MAX_UPLOAD_BYTES",
    "MAX_UPLOAD_NAME",
    "ROOM_SOURCE",
    "WEB_BOARDS",
    "CodesExhausted",
    "JoinByCode",
    "PartyStore",
    "UploadBody",
    "code_secret",
    "code_taken",
    "count_miss",
    "free_ended_codes",
    "has_host_view",
    "join_details",
    "join_token",
    "join_token_ok",
    "lookup_refused",
    "metadata",
    "new_code",
    "normal_code",
    "party_codes",
    "party_uploads",
    "plausible_code",
    "qr_svg",
    "room_source",
    "router",
]

# no tags here: each part's router tags its routes "party" (tags would repeat)
router = APIRouter()
router.include_router(rooms_router)
router.include_router(upload_router)
