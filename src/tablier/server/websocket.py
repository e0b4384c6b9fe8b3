"""The WebSocket endpoint: hello, then validated messages, paced, and polite cut-offs."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

import sqlalchemy as sa
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from tablier.server.connection import Connection
from tablier.server.handling import handle, storage_error
from tablier.server.manager import RoomManager
from tablier.server.pacing import MessagePacer
from tablier.server.protocol import (
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
    BadMessage,
    Hello,
    parse_client_message,
)
from tablier.server.relay import Link
from tablier.server.rooms import Room
from tablier.server.settings import Settings
from tablier.server.storage import StorageUnavailable

log = logging.getLogger("tablier.server")


@dataclass
class _Joined:
    """Where a socket's messages go: a room played here, or a link to its owner."""

    room: Room | None = None
    link: Link | None = None


def pacer_of(ws: WebSocket, settings: Settings) -> MessagePacer:
    """The application's pacer (one per server: every socket of a requester shares it)."""
    state = ws.app.state
    pacer: MessagePacer | None = getattr(state, "ws_pacer", None)
    if pacer is None:
        pacer = MessagePacer(settings.rate_burst, settings.rate_per_second)
        state.ws_pacer = pacer
    return pacer


async def _receive_text(ws: WebSocket, conn: Connection) -> str | None:
    """The next text frame; None once the client is gone or has been cut off."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > MAX_FRAME_BYTES:
            conn.close(1009, f"message too big: the limit is {MAX_FRAME_BYTES} bytes")
            return None
        conn.push({"type": "error", "code": "bad_json", "message": "send text frames (JSON)"})
        return ""
    if len(text) > MAX_FRAME_BYTES or len(text.encode("utf-8")) > MAX_FRAME_BYTES:
        conn.close(1009, f"message too big: the limit is {MAX_FRAME_BYTES} bytes")
        return None
    return text


async def _hello(ws: WebSocket, conn: Connection, settings: Settings) -> Hello | None:
    """The first message, a valid hello in this protocol's version; None: cut off."""
    try:
        text = await asyncio.wait_for(_receive_text(ws, conn), settings.hello_timeout)
    except TimeoutError:
        conn.close(1008, "no hello received in time")
        return None
    if text is None:
        return None
    try:
        hello = parse_client_message(text)
    except BadMessage as exc:
        conn.push({"type": "error", "code": exc.code, "message": exc.message})
        conn.close(1008, "the first message must be a valid hello")
        return None
    if not isinstance(hello, Hello):
        conn.push({"type": "error", "code": "hello_first", "message": "send hello first"})
        conn.close(1008, "the first message must be hello")
        return None
    if hello.v != PROTOCOL_VERSION:
        said = f"this server speaks protocol version {PROTOCOL_VERSION}"
        conn.push({"type": "error", "code": "unsupported_version", "message": said})
        conn.close(4400, f"unsupported protocol version {hello.v}")
        return None
    return hello


async def _join(
    conn: Connection, room_id: str, manager: RoomManager, hello: Hello, joined: _Joined
) -> bool:
    """Seat the socket in its room, or link it to the process that plays the room."""
    try:
        room = await manager.get_room(room_id)
    except (StorageUnavailable, sa.exc.OperationalError):
        log.error("room %s could not be loaded: the database fails", room_id)
        conn.push(storage_error(None, "this room cannot be loaded right now"))
        conn.close(1013, "the database is unavailable: try again later")
        return False
    if room is None:
        conn.close(4404, f"no room {room_id!r}")
        return False
    if room.remote_owner is not None and manager.relays is not None:
        # another process plays this room: carry the frames both ways
        joined.link = manager.relays.open_link(room_id, room.remote_owner, hello.tokens, conn)
        return True
    seats = room.seats_for_tokens(hello.tokens)
    if seats is None:
        conn.close(4403, "unknown seat token for this room")
        return False
    conn.seats = seats
    conn.spectator = not seats
    room.attach(conn)
    joined.room = room
    return True


async def _read(
    ws: WebSocket, conn: Connection, joined: _Joined, pacer: MessagePacer, who: str
) -> None:
    """Each message in turn, once the requester's pace allows it (see server/pacing.py)."""
    while not conn.closed:
        text = await _receive_text(ws, conn)
        if text is None:
            break
        # the next frame is not read meanwhile: a flood waits in the client's buffers
        await pacer.take(who)
        if not text or conn.closed:
            continue
        link = joined.link
        if link is None:
            assert joined.room is not None
            await handle(joined.room, conn, text)
        elif link.room is None:
            link.forward(text)
        else:  # the owner died and this process took the room over
            await handle(link.room, conn, text)


async def serve_socket(
    ws: WebSocket,
    room_id: str,
    manager: RoomManager,
    settings: Settings,
    requester: str | None = None,
) -> None:
    conn = Connection(ws, settings.send_queue)
    if requester is not None:
        conn.requester = requester
    who = requester or f"address:{ws.client.host if ws.client else '?'}"
    joined = _Joined()
    try:
        hello = await _hello(ws, conn, settings)
        if hello is not None and await _join(conn, room_id, manager, hello, joined):
            await _read(ws, conn, joined, pacer_of(ws, settings), who)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("connection to room %s failed", room_id)
        conn.close(1011, "server error")
    finally:
        await _leave(ws, conn, joined, manager)


async def _leave(ws: WebSocket, conn: Connection, joined: _Joined, manager: RoomManager) -> None:
    conn.stop_aside()  # a hint asked for by a socket now gone is for nobody
    if joined.link is not None and manager.relays is not None:
        manager.relays.close_link(joined.link)
    elif joined.room is not None:
        joined.room.detach(conn)
    if not conn.closed:
        conn.closed = True
        conn.writer.cancel()
    else:
        # let the writer flush the goodbye (error + close frame)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(conn.writer), 5)
    if ws.application_state == WebSocketState.CONNECTED and conn.close_code is None:
        with contextlib.suppress(Exception):
            await ws.close(1000)
