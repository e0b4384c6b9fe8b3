"""The WebSocket endpoint: hello, then validated messages, limits and polite cut-offs."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import sqlalchemy as sa
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from tablier.server.connection import Connection
from tablier.server.handling import handle, storage_error
from tablier.server.manager import RoomManager
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


class _RateLimiter:
    """A token bucket: `burst` messages at once, refilled at `per_second`."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst, self.per_second = burst, per_second
        self.tokens = float(burst)
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


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
    room: Room | None = None
    link: Link | None = None
    try:
        try:
            text = await asyncio.wait_for(_receive_text(ws, conn), settings.hello_timeout)
        except TimeoutError:
            conn.close(1008, "no hello received in time")
            return
        if text is None:
            return
        try:
            hello = parse_client_message(text)
        except BadMessage as exc:
            conn.push({"type": "error", "code": exc.code, "message": exc.message})
            conn.close(1008, "the first message must be a valid hello")
            return
        if not isinstance(hello, Hello):
            conn.push({"type": "error", "code": "hello_first", "message": "send hello first"})
            conn.close(1008, "the first message must be hello")
            return
        if hello.v != PROTOCOL_VERSION:
            conn.push(
                {
                    "type": "error",
                    "code": "unsupported_version",
                    "message": f"this server speaks protocol version {PROTOCOL_VERSION}",
                }
            )
            conn.close(4400, f"unsupported protocol version {hello.v}")
            return
        try:
            room = await manager.get_room(room_id)
        except (StorageUnavailable, sa.exc.OperationalError):
            log.error("room %s could not be loaded: the database fails", room_id)
            conn.push(storage_error(None, "this room cannot be loaded right now"))
            conn.close(1013, "the database is unavailable: try again later")
            return
        if room is None:
            conn.close(4404, f"no room {room_id!r}")
            return
        if room.remote_owner is not None and manager.relays is not None:
            # another process plays this room: carry the frames both ways
            link = manager.relays.open_link(room_id, room.remote_owner, hello.tokens, conn)
            room = None
        else:
            seats = room.seats_for_tokens(hello.tokens)
            if seats is None:
                conn.close(4403, "unknown seat token for this room")
                return
            conn.seats = seats
            conn.spectator = not seats
            room.attach(conn)
        limiter = _RateLimiter(settings.rate_burst, settings.rate_per_second)
        while not conn.closed:
            text = await _receive_text(ws, conn)
            if text is None:
                break
            if not limiter.allow():
                conn.close(
                    1008, f"too many messages: at most {settings.rate_per_second:g} per second"
                )
                break
            if not text:
                continue
            if link is None:
                assert room is not None
                await handle(room, conn, text)
            elif link.room is None:
                link.forward(text)
            else:  # the owner died and this process took the room over
                await handle(link.room, conn, text)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("connection to room %s failed", room_id)
        conn.close(1011, "server error")
    finally:
        conn.stop_aside()  # a hint asked for by a socket now gone is for nobody
        if link is not None and manager.relays is not None:
            manager.relays.close_link(link)
        elif room is not None:
            room.detach(conn)
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
