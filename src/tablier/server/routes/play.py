"""The WebSocket a seat or a spectator plays and watches a room on, and the schema of
its protocol (docs/protocol.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from fastapi import APIRouter, WebSocket

from tablier.server.fair_compute import requester_key
from tablier.server.protocol import protocol_schema
from tablier.server.routes.state import socket_manager
from tablier.server.settings import Settings
from tablier.server.websocket import serve_socket

router = APIRouter()


@router.get("/api/protocol/schema", tags=["server"], summary="The WebSocket protocol schema")
async def schema() -> dict[str, Any]:
    return protocol_schema()


@router.websocket("/ws/rooms/{room_id}")
async def play_socket(ws: WebSocket, room_id: str) -> None:
    settings: Settings = ws.app.state.settings
    # the open sockets of each address, kept by create_app for this application
    sockets: Counter[str] = ws.app.state.sockets
    client = ws.client.host if ws.client else "?"
    await ws.accept()
    if sockets[client] >= settings.sockets_per_client:
        # one address cannot hold every connection the server can take
        await ws.close(1013, f"at most {settings.sockets_per_client} connections an address")
        return
    sockets[client] += 1
    try:
        requester = await requester_key(ws)
        await serve_socket(ws, room_id, socket_manager(ws), settings, requester)
    finally:
        sockets[client] -= 1
        if not sockets[client]:
            del sockets[client]
