"""Rooms in-process, with a throwaway game: new deals, clocks, storage failures, recovery."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from server_helpers import slow_think

from tablier.core import registry
from tablier.core.errors import IllegalMove
from tablier.core.game import Game
from tablier.core.move import Move
from tablier.core.options import Option
from tablier.core.state import State
from tablier.server.clocks import Clock
from tablier.server.computer import ComputerPool
from tablier.server.manager import RoomManager, SeatRequest
from tablier.server.protocol import BadMessage
from tablier.server.settings import Settings
from tablier.server.storage import Storage


class CountState(State):
    """Players alternate; `step` counts, `end` wins, `void` voids the deal."""

    def __init__(self, game: Game, seed: int, num_players: int) -> None:
        super().__init__(game, seed, num_players)
        self.steps = 0
        self.ended: str | None = None
        self.winner: int | None = None

    def current_players(self) -> list[int]:
        return [] if self.ended else [len(self.history) % self.num_players]

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self.current_players():
            return []
        moves = ["end", "step", "void"] if self.game.options["moves"] == "all" else ["step"]
        if self.game.options["with_timeout"]:
            moves.append("timeout")
        return [Move(m) for m in moves]

    def _apply(self, player: int, move: str) -> str:
        if move not in self.legal_moves(player):
            raise IllegalMove(f"{move!r} is not a move of this game")
        if move == "end":
            self.ended, self.winner = "end", player
        elif move == "void":
            self.ended = "void"
        else:
            self.steps += 1
        return move

    def is_terminal(self) -> bool:
        return self.ended is not None

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.num_players
        return [1.0 if p == self.winner else -1.0 for p in range(self.num_players)]

    def outcome(self) -> dict[str, Any] | None:
        if not self.ended:
            return None
        return {"returns": self.returns(), "reason": self.ended}

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return {**self.base_observation(player), "steps": self.steps}

    def render_text(self, viewer: int | None = None) -> str:
        return f"steps: {self.steps}"


class CountGame(Game):
    id = "count"
    name = "Count"
    max_players = 4
    new_deal_reasons: ClassVar[frozenset[str]] = frozenset({"void"})
    timeout_move: ClassVar[str | None] = "timeout"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("with_timeout", False, kind=bool),
        Option("moves", "all", choices=("all", "step")),
        Option("answer_seconds", None, kind=int, minimum=1, nullable=True),
    )

    def decision_seconds(self) -> float | None:
        seconds = self.options["answer_seconds"]
        return None if seconds is None else float(seconds)

    def _new_state(self, seed: int, num_players: int, **setup: Any) -> State:
        return CountState(self, seed, num_players)


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    real_class, real_ids = registry.game_class, registry.game_ids

    def game_class(game_id: str) -> type[Game]:
        return CountGame if game_id == "count" else real_class(game_id)

    monkeypatch.setattr(registry, "game_class", game_class)
    monkeypatch.setattr(registry, "game_ids", lambda: [*real_ids(), "count"])
    yield


def _manager(db: Path) -> RoomManager:
    return RoomManager(Storage(f"sqlite:///{db}"), Settings(ai_delay=0))


async def _two_humans(manager: RoomManager, **kwargs: Any) -> Any:
    created = await manager.create(
        "count",
        kwargs.pop("options", {}),
        None,
        [SeatRequest("human", mine=True), SeatRequest("human", mine=True)],
        False,
        kwargs.pop("clock", None),
        None,
    )
    return created.room


async def _until(condition: Any, timeout: float = 30.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "the condition never came true"
        await asyncio.sleep(0.01)


def test_a_void_deal_starts_a_new_game_in_the_same_room(toy_registry: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room = await _two_humans(manager)
        await room.play(0, "step")
        await room.play(1, "void")
        assert room.number == 2 and not room.over
        assert room.previous_result == {"returns": [0.0, 0.0], "reason": "void"}
        assert room.state.history == []
        stored = manager.storage.load_room(room.id)
        assert stored is not None and stored.current is not None
        assert stored.current.number == 2
        assert stored.previous_result is not None and stored.previous_result["reason"] == "void"
        first = manager.storage.load_game(room.id, 1)
        assert first is not None and first[1].finished
        assert first[1].moves == [(0, "step"), (1, "void")]
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_a_void_deal_past_the_hourly_share_stays_over_until_the_hour_allows(
    toy_registry: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        manager = RoomManager(
            Storage(f"sqlite:///{tmp_path / 't.db'}"), Settings(ai_delay=0, games_per_hour=1)
        )
        room = await _two_humans(manager)
        # the first new deal is the one game of the share (the room's first game was
        # charged by the route that created it, not here)
        await room.play(0, "void")
        assert room.number == 2 and not room.over
        # the second is refused: the void game stays over, nothing new is stored
        await room.play(0, "void")
        assert room.number == 2 and room.over
        assert room.result is not None and room.result["reason"] == "void"
        stored = manager.storage.load_room(room.id)
        assert stored is not None and stored.current is not None and stored.current.number == 2
        with pytest.raises(BadMessage) as over:
            await room.play(1, "step")
        assert over.value.code == "game_over"
        # a rematch is refused the same way while the hour does not allow it
        await room.ask_rematch(0)
        with pytest.raises(BadMessage) as refused:
            await room.ask_rematch(1)
        assert refused.value.code == "too_many_games"
        assert room.number == 2 and room.over
        # once the share's window has passed, the rematch deals again
        room.games_quota.period = 0.001
        await asyncio.sleep(0.01)
        await room.ask_rematch(0)
        await room.ask_rematch(1)
        assert room.number == 3 and not room.over
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_an_ordinary_end_waits_for_a_rematch(toy_registry: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room = await _two_humans(manager)
        await room.play(0, "end")
        assert room.over and room.number == 1
        with pytest.raises(BadMessage) as refused:
            await room.play(1, "step")
        assert refused.value.code == "game_over"
        await room.ask_rematch(0)
        assert room.over and room.rematch == {0}
        await room.ask_rematch(1)
        assert room.number == 2 and not room.over and room.rematch == set()
        await room.play(0, "end")
        # a finished room nobody watches leaves memory and comes back from the database
        manager.forget(room)
        assert room.id not in manager.rooms
        again = await manager.get_room(room.id)
        assert again is not None and again is not room
        assert again.number == 2 and again.over and again.result == room.result
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_refused_moves_change_nothing(
    toy_registry: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room = await _two_humans(manager, clock={"mode": "total", "seconds": 600})
        with pytest.raises(BadMessage) as wrong_turn:
            await room.play(1, "step")
        assert wrong_turn.value.code == "not_awaited"
        # the page shows the reason in its language, seats counted from 1
        said = wrong_turn.value.reason
        assert said is not None and said["code"] == "core:refusal.not_awaited"
        assert said["text"]["fr"] == "ce n'est pas au joueur 2 de jouer : la partie attend Joueur 1"
        assert said["text"]["en"] == "it is not player 2's turn: the game is waiting for Player 1"
        with pytest.raises(BadMessage) as illegal:
            await room.play(0, "jump")
        assert illegal.value.code == "illegal_move" and "jump" in illegal.value.message
        assert room.state.history == []

        # an engine that breaks on a move leaves the position as it was
        def crash(_player: int, _move: str) -> str:
            room.state.steps = 99
            raise KeyError("bug")

        with monkeypatch.context() as patch:
            patch.setattr(room.state, "_apply", crash)
            with pytest.raises(BadMessage) as broke:
                await room.play(0, "step")
        assert broke.value.code == "server_error"
        assert room.state.history == [] and room.state.steps == 0

        # a move the database cannot store is withdrawn: nobody is told, nothing changes
        async def broken(_op: Any) -> None:
            raise OSError("disk full")

        with monkeypatch.context() as patch:
            patch.setattr(manager.storage, "write", broken)
            with pytest.raises(BadMessage) as failed:
                await room.play(0, "step")
        assert failed.value.code == "server_error"
        assert room.state.history == [] and room.state.current_players() == [0]
        assert room.clock is not None and sorted(room.clock.since) == [0]  # still thinking
        await room.play(0, "step")
        assert room.state.history == [(0, "step")]
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_a_move_clock_plays_the_timeout_move_where_the_game_has_one(
    toy_registry: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room = await _two_humans(
            manager, options={"with_timeout": True}, clock={"mode": "move", "seconds": 0.2}
        )
        await _until(lambda: len(room.state.history) >= 2)
        # nobody moved: each seat's time ran out in turn and the engine's timeout was played
        assert room.state.history[:2] == [(0, "timeout"), (1, "timeout")]
        assert not room.over
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_without_a_timeout_move_the_seat_out_of_time_loses(
    toy_registry: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room = await _two_humans(manager, clock={"mode": "total", "seconds": 0.3})
        await room.play(0, "step")
        await _until(lambda: room.over)
        assert room.result == {"returns": [1.0, -1.0], "reason": "time", "seat": 1}
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_answer_seconds_option_limits_decisions_offering_timeout(
    toy_registry: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        room = await _two_humans(manager, options={"with_timeout": True, "answer_seconds": 1})
        assert room.clock is not None and room.clock.mode is None
        view = room.clocks_view()
        assert view is not None and view["mode"] == "answer" and view["running"] == [0]
        await _until(lambda: len(room.state.history) >= 1)
        assert room.state.history[0] == (0, "timeout")
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_restart_rebuilds_unfinished_games_by_replay(toy_registry: None, tmp_path: Path) -> None:
    db = tmp_path / "t.db"

    async def before() -> tuple[str, str]:
        manager = _manager(db)
        playing = await _two_humans(manager, clock={"mode": "total", "seconds": 100})
        for seat in (0, 1, 0):
            await playing.play(seat, "step")
        finished = await _two_humans(manager)
        await finished.play(0, "end")
        await manager.shutdown()
        manager.storage.close()
        return playing.id, finished.id

    playing_id, finished_id = asyncio.run(before())

    async def after() -> None:
        manager = _manager(db)
        assert await manager.recover() == 1
        assert set(manager.rooms) == {playing_id}
        room = manager.rooms[playing_id]
        assert room.state.history == [(0, "step"), (1, "step"), (0, "step")]
        assert room.state.current_players() == [1]
        assert room.clock is not None and all(0 < r <= 100 for r in room.clock.remaining)
        # a finished room is loaded on demand, still finished
        done = await manager.get_room(finished_id)
        assert done is not None and done.over and done.result is not None
        await room.play(1, "step")
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(after())


def test_joining_seats(toy_registry: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        created = await manager.create(
            "count", {}, 3, [SeatRequest("human", mine=True)], False, None, "p1"
        )
        room = created.room
        assert room.num_players == 3 and list(created.tokens) == [0]
        seat, token = await manager.join(room, None, "p2", "Bea")
        assert seat == 1 and len(token) >= 32
        assert room.seats_for_tokens([token]) == {1}
        with pytest.raises(LookupError):
            await manager.join(room, 1, None, None)
        with pytest.raises(ValueError):
            await manager.join(room, 7, None, None)
        assert room.seats_for_tokens(["forged"]) is None
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_clock_accounting() -> None:
    clock = Clock.build({"mode": "total", "seconds": 60, "increment": 2}, CountGame(), 2)
    assert clock is not None
    clock.update(None, [0], now=100.0)
    assert clock.deadlines({0: ["a"]}) == {0: 160.0}
    clock.update(0, [1], now=110.0)  # seat 0 thought 10 s, gains the increment
    assert clock.remaining == [52.0, 60.0]
    assert clock.deadlines({1: ["a"]}) == {1: 170.0}
    view = clock.view({1: ["a"]}, now=115.0)
    assert view["running"] == [1] and view["remaining"] == [52.0, 55.0]
    # simultaneous decisions: both clocks run
    clock.update(1, [0, 1], now=120.0)
    assert sorted(clock.deadlines({0: [], 1: []})) == [0, 1]
    assert Clock.build(None, CountGame(), 2) is None
    # the game's declared timeout move and per-decision seconds make an answer clock
    answer = Clock.build(None, CountGame(answer_seconds=20), 2)
    assert answer is not None
    answer.update(None, [0], now=0.0)
    assert answer.deadlines({0: ["timeout", "pass"]}) == {0: 20.0}
    assert answer.deadlines({0: ["pass"]}) == {}


class FakePool(ComputerPool):
    """Stands for the process pool: always answers `answer` at once."""

    def __init__(self, answer: str) -> None:
        super().__init__(1)
        self.answer = answer
        self.calls: list[tuple[Any, ...]] = []

    async def choose(
        self,
        *,
        game_id: str,
        options: dict[str, Any],
        level: str,
        seed: int,
        observation: dict[str, Any],
        seat: int,
        limit: float,
    ) -> str:
        self.calls.append((game_id, options, level, seed, observation, seat))
        return self.answer

    def shutdown(self) -> None:
        pass


async def _against_computer(manager: RoomManager) -> Any:
    created = await manager.create(
        "count",
        {"moves": "step"},
        None,
        [SeatRequest("computer", level="random"), SeatRequest("human", mine=True)],
        False,
        None,
        None,
    )
    return created.room


def test_a_computer_that_thinks_too_long_still_plays_a_legal_move(
    toy_registry: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        manager = RoomManager(
            Storage(f"sqlite:///{tmp_path / 't.db'}"), Settings(ai_delay=0, ai_think_limit=0.3)
        )
        # a real worker process whose player thinks far longer than allowed
        manager.pool = ComputerPool(1, think_fn=slow_think)
        room = await _against_computer(manager)
        await _until(lambda: len(room.state.history) >= 1)
        assert room.state.history == [(0, "step")]
        # played by the server's fallback because the time was up, not after an error
        assert any("TimeoutError" in r.getMessage() for r in caplog.records)
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_an_illegal_computer_answer_is_replaced_by_a_legal_move(
    toy_registry: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        pool = FakePool("jump")
        manager.pool = pool
        room = await _against_computer(manager)
        await _until(lambda: len(room.state.history) >= 1)
        assert room.state.history == [(0, "step")]
        # it was asked with its own seat's observation, nothing more
        game_id, _options, level, _seed, observation, seat = pool.calls[0]
        assert (game_id, level, seat) == ("count", "random", 0)
        assert observation == room.game.new_state(seed=0).observation(0)
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_computer_moves_are_shown_after_the_minimum_delay(
    toy_registry: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        manager = RoomManager(Storage(f"sqlite:///{tmp_path / 't.db'}"), Settings(ai_delay=0.3))
        manager.pool = FakePool("step")
        started = asyncio.get_running_loop().time()
        room = await _against_computer(manager)
        await _until(lambda: len(room.state.history) >= 1)
        # a lower bound only: however slow the machine, the move never comes sooner
        assert asyncio.get_running_loop().time() - started >= 0.3
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_a_void_quiwin_deal_is_dealt_again_in_the_same_room(tmp_path: Path) -> None:
    """The real engine: equal rows down to the last tile of palier 2 void the deal."""
    from collections import Counter

    import tablier
    from tablier.games.quiwin.tiles import TILE_COUNTS

    row0 = ["J23", "J23", "O23", "B24", "O25", "V22", "J23", "V22"]
    row1 = ["O23", "J23", "O23", "B24", "O25", "V22", "V22", "J23"]
    rest = Counter(TILE_COUNTS)
    rest.subtract(Counter(row0 + row1))
    deal = {"hands": [row0, row1], "bag": sorted(rest.elements())}

    async def scenario() -> None:
        manager = _manager(tmp_path / "t.db")
        created = await manager.create(
            "quiwin",
            {},
            None,
            [SeatRequest("human", mine=True), SeatRequest("human", mine=True)],
            False,
            None,
            None,
            setup={"deal": deal},
        )
        room = created.room
        for tile0, tile1 in zip(row0, row1, strict=True):
            await room.play(0, tile0)
            await room.play(1, tile1)

            def in_window() -> bool:
                quiwin: Any = room.state
                return room.number == 1 and quiwin.phase == "actions"

            while in_window():
                for seat in room.state.current_players():
                    await room.play(seat, "pass")
        assert room.number == 2 and not room.over
        assert room.previous_result is not None and room.previous_result["reason"] == "void"
        stored = manager.storage.load_game(room.id, 1)
        assert stored is not None and stored[1].finished and stored[1].setup == {"deal": deal}
        record = {
            "game": "quiwin",
            "options": room.options,
            "seed": stored[1].seed,
            "num_players": 2,
            "setup": stored[1].setup,
            "moves": [[p, m] for p, m in stored[1].moves],
        }
        outcome = tablier.replay(record).outcome()
        assert outcome is not None and outcome["reason"] == "void"
        second = manager.storage.load_game(room.id, 2)
        assert second is not None and second[1].setup == {} and not second[1].finished
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())


def test_idle_rooms_leave_memory_and_come_back_from_the_database(
    toy_registry: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        manager = RoomManager(
            Storage(f"sqlite:///{tmp_path / 't.db'}"), Settings(ai_delay=0, room_idle_seconds=60)
        )
        idle = await _two_humans(manager)
        await idle.play(0, "step")
        busy = await _two_humans(manager)
        busy.last_active += 120  # something just happened there
        later = time.monotonic() + 61
        assert manager.sweep(now=later) == 1
        assert idle.id not in manager.rooms and busy.id in manager.rooms
        # nothing is lost: the next request rebuilds it from its record
        again = await manager.get_room(idle.id)
        assert again is not None and again.state.history == [(0, "step")]
        assert manager.sweep(now=time.monotonic()) == 0
        await manager.shutdown()
        manager.storage.close()

    asyncio.run(scenario())
