"""What a player's message does to a room, wherever the socket that carried it is held."""

from __future__ import annotations

import logging

import sqlalchemy as sa

from tablier.server.connection import Connection
from tablier.server.protocol import (
    BadMessage,
    Hello,
    MoveMessage,
    Ping,
    Rematch,
    Resign,
    parse_client_message,
)
from tablier.server.rooms import Room
from tablier.server.storage import StorageUnavailable

log = logging.getLogger("tablier.server")


async def handle(room: Room, conn: Connection, text: str) -> None:
    ref: str | int | None = None
    try:
        message = parse_client_message(text)
        ref = getattr(message, "ref", None)
        if isinstance(message, Ping):
            conn.push({"type": "pong", "ref": ref})
            return
        if isinstance(message, Hello):
            raise BadMessage("already_hello", "hello was already received on this connection")
        assert isinstance(message, MoveMessage | Resign | Rematch)
        if conn.spectator:
            raise BadMessage("spectator", "a spectator cannot act")
        if message.seat not in conn.seats:
            raise BadMessage(
                "not_your_seat",
                f"this connection plays seat {', '.join(map(str, sorted(conn.seats)))}, "
                f"not seat {message.seat}",
            )
        if isinstance(message, MoveMessage):
            await room.play(message.seat, message.move, conn, ref)
        elif isinstance(message, Resign):
            await room.resign(message.seat, conn, ref)
        else:
            await room.ask_rematch(message.seat, conn, ref)
    except BadMessage as exc:
        conn.push(exc.to_message(ref))
    except (StorageUnavailable, sa.exc.OperationalError) as exc:
        # nothing was changed (rooms write before they change): the socket stays open
        log.error("room %s: an action could not be saved: %s", room.id, exc)
        conn.push(storage_error(ref, "the server cannot save anything right now; nothing changed"))


def storage_error(ref: str | int | None, message: str) -> dict[str, object]:
    return {"type": "error", "ref": ref, "code": "storage_unavailable", "message": message}
