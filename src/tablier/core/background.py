"""Long searches that a game's own web routes ask the server to run for them.

A game may bring HTTP routes (`Game.http_routes`: Counterplays' tiling puzzles) whose
answers need a bounded search. Where that search runs and whom it is charged to is the
server's business (its computer pool, one fair queue per requester); the game only
asks, through this function, so that a game package depends on core and never on the
server. The server installs its runner on the application's state at startup.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

# the name of the runner on the web application's state (`app.state.<STATE_NAME>`)
STATE_NAME = "background_search"


class Runner(Protocol):
    def __call__(self, request: Any, fn: Callable[..., T], *args: Any) -> Awaitable[T]: ...


async def background_search(request: Any, fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` run by the server that received `request`, charged to its sender."""
    runner: Runner | None = getattr(request.app.state, STATE_NAME, None)
    if runner is None:
        # a wiring fault of the server, not something a player can cause
        raise RuntimeError(f"the web application has no {STATE_NAME} (app.state)")
    return await runner(request, fn, *args)
