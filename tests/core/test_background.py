"""A game's web routes ask the server for searches through core, never the server."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from tablier.core.background import STATE_NAME, background_search


def _request(**state: Any) -> Any:
    return SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace(**state)))


def test_the_search_runs_in_the_runner_the_server_installed() -> None:
    asked: list[tuple[Any, tuple[Any, ...]]] = []

    async def runner(request: Any, fn: Any, *args: Any) -> Any:
        asked.append((request, args))
        return fn(*args)

    request = _request(**{STATE_NAME: runner})
    assert asyncio.run(background_search(request, pow, 2, 10)) == 1024
    assert asked == [(request, (2, 10))]


def test_a_server_without_a_runner_is_a_wiring_fault() -> None:
    with pytest.raises(RuntimeError, match=STATE_NAME):
        asyncio.run(background_search(_request(), pow, 2, 10))


def test_the_tablier_server_installs_its_runner() -> None:
    from tablier.server.app import create_app

    app = create_app(db_url="sqlite://")
    assert callable(getattr(app.state, STATE_NAME))
