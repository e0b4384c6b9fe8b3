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

from tablier.server.fair_queue import ANONYMOUS, Charge, FairLimits, FairQueue, Priority, charged

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


# how much lower a worker's scheduling priority is than the server's: a busy machine
# answers sockets and requests first, and thinks with what is left
WORKER_NICENESS = 5


def _start_worker(parent: int) -> None:
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)
    _die_with_parent(parent)


Think = Callable[[str, dict[str, Any], str, int, dict[str, Any], int], str]


class ComputerPool:
    """Worker processes, each started lazily; a broken or stopped one is replaced.

    Each worker runs one request at a time, handed out by a `FairQueue` (the most
    urgent kind of work first, requesters in turn), so the think-time limit counts a
    request's own computing, not its wait. A request that overruns its time, or that
    nobody waits for any more, has its worker stopped: the worker is free again.
    """

    def __init__(
        self,
        workers: int | None = None,
        think_fn: Think = think,
        limits: FairLimits | None = None,
    ) -> None:
        self.workers = workers or max(1, min(4, (os.cpu_count() or 2)))
        self.think_fn = think_fn
        # one single-process executor per worker: one can be stopped alone
        self._pools: list[ProcessPoolExecutor | None] = [None] * self.workers
        self.queue = FairQueue(self.workers, limits or FairLimits.from_env())
        self.stopped = 0  # workers stopped mid-request (over time, or nobody waiting)

    def _executor(self, worker: int) -> ProcessPoolExecutor:
        pool = self._pools[worker]
        if pool is None:
            # spawn: forking a process that runs an event loop and threads is unsafe
            pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
            self._pools[worker] = pool
        return pool

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
        charged to `fair_queue.charged`, TimeoutError after `limit` seconds of work,
        `Busy` when the requester already has its share waiting."""
        who = charged.get() or Charge(ANONYMOUS, Priority.MOVE)
        worker = await self.queue.acquire(who.requester, who.priority)
        try:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self._executor(worker), fn, *args)
            # a stopped worker's request fails later, for nobody: say nothing of it
            future.add_done_callback(lambda f: f.cancelled() or f.exception())
            try:
                return await asyncio.wait_for(asyncio.shield(future), limit)
            except BrokenProcessPool:
                log.warning("a computer worker broke; starting a new one")
                self._stop(worker)
                raise
            except BaseException:
                if not future.done():
                    # over its time, or its asker is gone: the worker is needed elsewhere
                    self.stopped += 1
                    self._stop(worker)
                raise
        finally:
            self.queue.release(who.requester, worker)

    def _stop(self, worker: int) -> None:
        pool = self._pools[worker]
        self._pools[worker] = None
        if pool is not None:
            # a worker still thinking would finish its decision for nobody: stop it now
            processes = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                with contextlib.suppress(Exception):
                    process.terminate()

    def shutdown(self) -> None:
        for worker in range(self.workers):
            self._stop(worker)
