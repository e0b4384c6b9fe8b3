"""Computer seats think in a process pool so the event loop never waits for them."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from typing import Any

log = logging.getLogger("tablier.server")


@cache
def _game(game_id: str, options_key: tuple[tuple[str, Any], ...]) -> Any:
    import tablier

    return tablier.load(game_id, **dict(options_key))


def think(
    game_id: str,
    options: dict[str, Any],
    level: str,
    seed: int,
    observation: dict[str, Any],
    seat: int,
) -> str:
    """Run in a worker: rebuild the game and let the named player choose."""
    game = _game(game_id, tuple(sorted(options.items(), key=lambda kv: kv[0])))
    player = _player_for(game_id, level, game, seed, observation, seat)
    return str(player.choose(observation, seat))


# Players whose search keeps its tree from move to move (`hard`, `expert`), kept by the
# worker so that a game's next decision, if it lands here, starts from that tree. A
# player is taken again only when the position follows its last one (`continues`).
KEPT_PLAYERS = 6
_kept: OrderedDict[int, tuple[str, str, Any]] = OrderedDict()


def _player_for(
    game_id: str, level: str, game: Any, seed: int, observation: dict[str, Any], seat: int
) -> Any:
    import tablier.ai  # registers every player name, levels included

    for key, (gid, lvl, player) in reversed(_kept.items()):
        if gid == game_id and lvl == level and player.continues(observation, seat):
            _kept.move_to_end(key)
            return player
    player = tablier.ai.make_player(level, game, seed)
    if getattr(getattr(player, "settings", None), "reuse", False):
        _kept[id(player)] = (game_id, level, player)
        while len(_kept) > KEPT_PLAYERS:
            _kept.popitem(last=False)
    return player


def _die_with_parent(parent: int) -> None:
    """Worker start-up: a worker never outlives the server, even one killed with -9."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL("libc.so.6", use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: killed when the parent dies
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        # the portable way too: a worker whose parent changed was orphaned
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


Think = Callable[[str, dict[str, Any], str, int, dict[str, Any], int], str]


class ComputerPool:
    """A lazily started process pool; a broken pool is replaced on the next request.

    At most one decision per worker is submitted at a time, so the think-time limit
    counts a decision's own computing, not its wait in the queue.
    """

    def __init__(self, workers: int | None = None, think_fn: Think = think) -> None:
        self.workers = workers or max(1, min(4, (os.cpu_count() or 2)))
        self.think_fn = think_fn
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(self.workers)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: forking a process that runs an event loop and threads is unsafe
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_die_with_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

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
        """The move the player `level` chooses; TimeoutError after `limit` seconds."""
        move: str = await self.run(
            self.think_fn, game_id, options, level, seed, observation, seat, limit=limit
        )
        return move

    async def run(self, fn: Callable[..., Any], *args: Any, limit: float) -> Any:
        """Any other work for a worker (a position to analyse), under the same rules:
        one task per worker at a time, TimeoutError after `limit` seconds."""
        loop = asyncio.get_running_loop()
        await self._slots.acquire()
        try:
            future = loop.run_in_executor(self._executor(), fn, *args)
        except BaseException:
            self._slots.release()
            raise
        future.add_done_callback(lambda _: self._slots.release())
        try:
            return await asyncio.wait_for(asyncio.shield(future), limit)
        except BrokenProcessPool:
            log.warning("the computer-player pool broke; starting a new one")
            self._pool = None
            raise

    def shutdown(self) -> None:
        if self._pool is not None:
            # a worker still thinking would finish its decision for nobody: stop it now
            workers = list(getattr(self._pool, "_processes", {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers:
                with contextlib.suppress(Exception):
                    worker.terminate()
            self._pool = None
