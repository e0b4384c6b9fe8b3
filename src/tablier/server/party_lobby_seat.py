"""A started game's seat changes phones: the host opened it, a newcomer takes it."""

from __future__ import annotations

from fastapi import Request

from tablier.server.party_context import manager
from tablier.server.party_lobby_model import Guest, Lobby
from tablier.server.seats import hash_token
from tablier.server.storage import Storage


async def give_seat(request: Request, lobby: Lobby, guest: Guest, name: str, token: str) -> None:
    """A newcomer takes a started game's seat: the old phone's token stops working."""
    rooms = manager(request)
    room = await rooms.get_room(lobby.room or "")
    assert room is not None and guest.seat is not None
    token_hash = hash_token(token)
    async with room.lock:
        await rooms.storage.write(
            Storage.op_take_seat(room.id, room.number, guest.seat, token_hash, None, name)
        )
        room.seats[guest.seat].token_hash = token_hash
        room.seats[guest.seat].name = name
        for conn in list(room.connections):
            if guest.seat in conn.seats:
                conn.close(4003, "this seat was given to another phone")
    guest.name, guest.token_hash = name, token_hash
    guest.open = guest.left = False
    room._presence()
    room.broadcast()
    room.after_change()
