"""The server's routes as assembled by create_app (src/tablier/server/routes/): each
area's router is served, and the steps of making a room refuse what they should
without a running server."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest
from fastapi import APIRouter
from fastapi.routing import APIRoute, APIWebSocketRoute

import tablier.server.routes as routes_package
from tablier.server.app import create_app
from tablier.server.routes.bodies import CreateRoom
from tablier.server.routes.checks import checked_options
from tablier.server.routes.errors import ApiError
from tablier.server.routes.new_room import seat_requests


def _route_modules() -> list[ModuleType]:
    names = [info.name for info in pkgutil.iter_modules(routes_package.__path__)]
    modules = [importlib.import_module(f"tablier.server.routes.{name}") for name in names]
    return [module for module in modules if isinstance(getattr(module, "router", None), APIRouter)]


def test_every_areas_router_is_served_by_the_app(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'routes.db'}")
    paths = app.openapi()["paths"]
    modules = _route_modules()
    # the areas this package holds: a rename that hides one would make the loop vacuous
    assert {m.__name__.rsplit(".", 1)[1] for m in modules} >= {"games", "rooms", "records"}
    checked = 0
    for module in modules:
        router: APIRouter = module.router
        for route in router.routes:
            if isinstance(route, APIRoute):
                # the document names a path parameter without its converter ({path:path})
                documented = re.sub(r"\{(\w+):\w+\}", r"{\1}", route.path)
                for method in route.methods or ():
                    assert method.lower() in paths.get(documented, {}), (module, route.path)
                checked += 1
            elif isinstance(route, APIWebSocketRoute):
                # a socket is not in the OpenAPI document: the app must know its address
                assert app.url_path_for(route.name, room_id="r") == route.path.format(room_id="r")
                checked += 1
    assert checked >= 12


def _body(seats: list[dict[str, object]]) -> CreateRoom:
    # as the route reads a request's JSON
    return CreateRoom.model_validate({"game": "turris", "seats": seats})


def test_a_computer_seat_cannot_be_the_creators() -> None:
    body = _body([{"kind": "computer", "mine": True}])
    with pytest.raises(ApiError) as caught:
        seat_requests(body, checked_options("turris", {}))
    assert caught.value.status == 400 and "cannot be yours" in caught.value.message


def test_a_computer_level_the_game_lacks_is_refused_with_the_known_levels() -> None:
    body = _body([{"kind": "computer", "level": "grandmaster"}])
    with pytest.raises(ApiError) as caught:
        seat_requests(body, checked_options("turris", {}))
    assert caught.value.status == 400
    assert "random" in caught.value.extra["known"]


def test_seats_keep_their_order_and_a_computer_plays_at_random_by_default() -> None:
    body = _body([{"kind": "human", "mine": True}, {"kind": "computer"}])
    requests = seat_requests(body, checked_options("turris", {}))
    assert [(r.kind, r.level, r.mine) for r in requests] == [
        ("human", None, True),
        ("computer", "random", False),
    ]


def test_an_unknown_game_and_a_path_as_option_are_refused() -> None:
    with pytest.raises(ApiError) as unknown:
        checked_options("chess", {})
    assert unknown.value.status == 400 and "turris" in unknown.value.extra["known"]
    with pytest.raises(ApiError) as path:
        checked_options("turris", {"deck": "../../etc/passwd"})
    assert path.value.status == 400 and "file paths" in path.value.message


def test_what_browsers_fetch_travels_compressed(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    with TestClient(create_app(f"sqlite:///{tmp_path / 'gzip.db'}")) as client:
        games = client.get("/api/games", headers={"Accept-Encoding": "gzip"})
        script = client.get("/js/app.js", headers={"Accept-Encoding": "gzip"})
        plain = client.get("/api/games", headers={"Accept-Encoding": "identity"})
    assert games.headers.get("content-encoding") == "gzip"
    assert script.headers.get("content-encoding") == "gzip"
    # a client that asks for none gets the same list uncompressed
    assert "content-encoding" not in plain.headers
    assert games.json() == plain.json()
