"""Rematches where the loser begins the next game: the server reseats the players.

In-process rooms with a throwaway game whose class sets `loser_starts_next`, so wins,
draws and resignations can be chosen move by move.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
import sqlalchemy as sa

from tablier.core import registry
from tablier.core.errors import IllegalMove
from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.state import State
from tablier.server.manager import RoomManager, SeatRequest
from tablier.server.rooms import Room
from tablier.server.settings import Settings
from tablier.server.storage import Storage, game_seats


class DuelState(State):
    """Players alternate; `win` wins, `draw` ends level, `step` passes the turn."""

    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.result: list[float] | None = None

    def current_players(self) -> list[int]:
        return [] if self.result else [len(self.history) % self.num_players]

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self.current_players():
            return []
        return [Move("draw"), Move("step"), Move("win")]

    def _apply(self, player: int, move: str) -> str:
        if move not in self.legal_moves(player):
            raise IllegalMove(f"{move!r} is not a move of this game")
        if move == "win":
            self.result = [1.0 if p == player else -1.0 for p in range(self.num_players)]
        elif move == "draw":
            self.result = [0.0] * self.num_players
        return move

    def is_terminal(self) -> bool:
        return self.result is not None

    def returns(self) -> list[float]:
        return list(self.result or [0.0] * self.num_players)

    def outcome(self) -> dict[str, Any] | None:
        return {"returns": self.returns(), "reason": "end"} if self.result else None

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return self.base_observation(player)

    def render_text(self, viewer: int | None = None) -> str:
        return f"{len(self.history)} moves"


class LoserStartsGame(Game):
    id = "duel"
    name = "Duel"
    max_players = 3
    loser_starts_next: ClassVar[bool] = True

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        return DuelState(self, seed, num_players)


class SameSeatsGame(LoserStartsGame):
    id = "duel_same"
    loser_starts_next: ClassVar[bool] = False


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    real_class, real_ids = registry.game_class, registry.game_ids
    toys: dict[str, type[Game]] = {"duel": LoserStartsGame, "duel_same": SameSeatsGame}

    def game_class(game_id: str) -> type[Game]:
        return toys.get(game_id) or real_class(game_id)

    monkeypatch.setattr(registry, "game_class", game_class)
    monkeypatch.setattr(registry, "game_ids", lambda: [*real_ids(), *toys])
    yield


def _manager(db: Path) -> RoomManager:
    return RoomManager(Storage(f"sqlite:///{db}"), Settings(ai_delay=0))


async def _room(
    manager: RoomManager, game: str = "duel", players: int = 2
) -> tuple[Room, dict[int, str]]:
    """A room whose seat k is held by player `p<k>` named `N<k>`, each with a token."""
    created = await manager.create(
        game, {}, players, [SeatRequest("human", mine=True)], False, None, "p0"
    )
    room = created.room
    tokens = dict(created.tokens)
    for seat in range(1, players):
        taken, token = await manager.join(room, seat, f"p{seat}", f"N{seat}")
        tokens[taken] = token
    return room, tokens


async def _rematch(room: Room) -> None:
    for seat in range(room.num_players):
        await room.ask_rematch(seat)


def _holders(room: Room, tokens: dict[int, str]) -> dict[int, int]:
    """For each first-game seat, the seat its holder's token opens now."""
    found = {}
    for first_seat, token in tokens.items():
        seats = room.seats_for_tokens([token])
        assert seats is not None and len(seats) == 1
        found[first_seat] = seats.pop()
    return found


async def _close(manager: RoomManager) -> None:
    await manager.shutdown()
    manager.storage.close()


def test_when_seat_0_wins_the_loser_sits_in_seat_0_next(toy_registry: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room, tokens = await _room(manager)
        await room.play(0, "win")
        await _rematch(room)
        assert room.number == 2 and not room.over
        assert _holders(room, tokens) == {0: 1, 1: 0}
        assert [s.player_id for s in room.seats] == ["p1", "p0"]
        assert room.seats[0].name == "N1"
        # the engine starts with seat 0: the loser is the one awaited
        assert room.awaited() == [0]
        # every game keeps its own seating
        assert [(g["number"], g["seat"]) for g in manager.storage.player_games("p1", 10)] == [
            (2, 0),
            (1, 1),
        ]
        assert [(g["number"], g["seat"]) for g in manager.storage.player_games("p0", 10)] == [
            (2, 1),
            (1, 0),
        ]
        await _close(manager)

    asyncio.run(scenario())


def test_reseating_survives_a_restart(toy_registry: None, tmp_path: Path) -> None:
    db = tmp_path / "t.db"

    async def before() -> tuple[str, dict[int, str]]:
        manager = _manager(db)
        room, tokens = await _room(manager)
        await room.play(0, "step")
        await room.play(1, "step")
        await room.play(0, "win")
        await _rematch(room)
        await room.play(0, "step")  # the loser, now seat 0, opens game 2
        await _close(manager)
        return room.id, tokens

    room_id, tokens = asyncio.run(before())

    async def after() -> None:
        manager = _manager(db)
        assert await manager.recover() == 1
        room = manager.rooms[room_id]
        assert room.number == 2 and room.state.history == [(0, "step")]
        assert _holders(room, tokens) == {0: 1, 1: 0}
        assert [s.player_id for s in room.seats] == ["p1", "p0"]
        await _close(manager)

    asyncio.run(after())


def test_when_the_last_seat_wins_the_loser_already_sits_in_seat_0(
    toy_registry: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room, tokens = await _room(manager)
        await room.play(0, "step")
        await room.play(1, "win")
        await _rematch(room)
        assert room.number == 2 and _holders(room, tokens) == {0: 0, 1: 1}
        await _close(manager)

    asyncio.run(scenario())


def test_a_draw_keeps_the_seats(toy_registry: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room, tokens = await _room(manager)
        await room.play(0, "draw")
        await _rematch(room)
        assert room.number == 2 and _holders(room, tokens) == {0: 0, 1: 1}
        assert [s.player_id for s in room.seats] == ["p0", "p1"]
        await _close(manager)

    asyncio.run(scenario())


def test_the_resigning_seat_begins_the_next_game(toy_registry: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room, tokens = await _room(manager)
        await room.play(0, "step")
        await room.resign(1)
        await _rematch(room)
        assert room.number == 2 and _holders(room, tokens) == {0: 1, 1: 0}
        # White resigns game 2: its holder (first seat 1) keeps seat 0
        await room.resign(0)
        await _rematch(room)
        assert room.number == 3 and _holders(room, tokens) == {0: 1, 1: 0}
        await _close(manager)

    asyncio.run(scenario())


def test_with_more_players_the_loser_moves_first_and_the_others_keep_their_order(
    toy_registry: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room, tokens = await _room(manager, players=3)
        await room.play(0, "step")
        await room.resign(2)  # seat 2 loses alone; the others draw
        await _rematch(room)
        assert _holders(room, tokens) == {2: 0, 0: 1, 1: 2}
        await _close(manager)

    asyncio.run(scenario())


def test_games_without_the_rule_keep_the_seats(toy_registry: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room, tokens = await _room(manager, game="duel_same")
        await room.play(0, "win")
        await _rematch(room)
        assert room.number == 2 and _holders(room, tokens) == {0: 0, 1: 1}
        await _close(manager)

    asyncio.run(scenario())


def test_games_stored_before_per_game_seats_get_them_on_start(
    toy_registry: None, tmp_path: Path
) -> None:
    db = tmp_path / "t.db"

    async def older() -> None:
        manager = _manager(db)
        await _room(manager)
        await _close(manager)
        # a database written before the per-game seats existed
        with manager.storage.engine.begin() as conn:
            conn.execute(game_seats.delete())
        manager.storage.engine.dispose()

    asyncio.run(older())
    storage = Storage(f"sqlite:///{db}")
    try:
        assert [(g["number"], g["seat"]) for g in storage.player_games("p1", 10)] == [(1, 1)]
        with storage.engine.connect() as conn:
            assert conn.execute(sa.select(sa.func.count()).select_from(game_seats)).scalar() == 2
    finally:
        storage.close()
