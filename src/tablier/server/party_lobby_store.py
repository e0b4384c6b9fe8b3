"""The lobbies, kept in memory and written through to their table."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tablier.server import schema, timers
from tablier.server.party_code import free_code, normal_code
from tablier.server.party_lobby_model import Lobby
from tablier.server.party_tables import party_lobbies
from tablier.server.seats import hash_token, new_token


class Lobbies:
    """The lobbies, kept in memory and written through to their table."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        schema.upgrade(engine)  # a no-op after the storage's own upgrade
        self.cache: dict[str, Lobby] = {}
        # one change at a time to a lobby's guests (joins, the start)
        self.lock = asyncio.Lock()
        # the games of started lobbies are party games: their clocks wait for phones
        with engine.begin() as conn:
            for row in conn.execute(
                sa.select(party_lobbies.c.data).where(party_lobbies.c.room_id.is_not(None))
            ):
                lobby = Lobby.from_json(row.data)
                if lobby.room:
                    timers.hold_party(lobby.room, paused=lobby.paused)

    def _load(self, code: str) -> Lobby | None:
        with self.engine.begin() as conn:
            text = conn.execute(
                sa.select(party_lobbies.c.data).where(party_lobbies.c.code == code)
            ).scalar()
        return None if text is None else Lobby.from_json(str(text))

    async def get(self, code: str) -> Lobby | None:
        code = normal_code(code)
        if code not in self.cache:
            found = await asyncio.to_thread(self._load, code)
            if found is None:
                return None
            self.cache[code] = found
        return self.cache[code]

    def _save(self, lobby: Lobby, insert: bool) -> None:
        with self.engine.begin() as conn:
            if insert:
                conn.execute(
                    party_lobbies.insert().values(
                        code=lobby.code,
                        game=lobby.game,
                        data=lobby.to_json(),
                        room_id=lobby.room,
                        created_at=time.time(),
                    )
                )
            else:
                conn.execute(
                    party_lobbies.update()
                    .where(party_lobbies.c.code == lobby.code)
                    .values(data=lobby.to_json(), room_id=lobby.room)
                )

    async def save(self, lobby: Lobby) -> None:
        await asyncio.to_thread(self._save, lobby, False)

    def _free_code(self) -> str:
        with self.engine.begin() as conn:
            return free_code(conn)

    async def open(self, game: str, options: dict[str, Any]) -> tuple[Lobby, str]:
        """A new lobby and its host's secret (sent once, kept only hashed)."""
        host_token = new_token()
        async with self.lock:
            code = await asyncio.to_thread(self._free_code)
            lobby = Lobby(code=code, game=game, host_hash=hash_token(host_token), options=options)
            await asyncio.to_thread(self._save, lobby, True)
            self.cache[code] = lobby
        return lobby, host_token
