"""The problems' HTTP endpoints: no solution before a try, the verdict, the refutation of a
wrong move, the problem of the day, and Glicko-2 updates."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tablier
from tablier.puzzles import store
from tablier.server.app import create_app

SECRET = ("key", "line", "refutations", "outcomes")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("problems") / "server.db"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        yield c


def _shipped(game: str) -> dict[str, Any]:
    pool = store.problems(game)
    assert pool, f"no {game} problem ships"
    return pool[len(pool) // 2]


def _leaks(body: Any) -> bool:
    text = repr(body)
    return any(f"'{name}'" in text for name in SECRET)


def test_the_list_counts_every_game_and_hides_the_answers(client: TestClient) -> None:
    body = client.get("/api/problems").json()
    assert set(body["counts"]) == {"kwinty", "turris", "counterplays"}
    assert len(body["problems"]) == sum(body["counts"].values())
    assert not _leaks(body)
    one = client.get("/api/problems", params={"game": "turris"}).json()
    assert {p["game"] for p in one["problems"]} == {"turris"}
    assert client.get("/api/problems", params={"game": "quiwin"}).status_code == 404


@pytest.mark.parametrize("game", ["kwinty", "turris", "counterplays"])
def test_a_problem_is_its_position_for_the_board_without_its_solution(
    client: TestClient, game: str
) -> None:
    problem = _shipped(game)
    body = client.get(f"/api/problems/{problem['id']}").json()
    assert not _leaks(body)
    state = store.position(problem)
    assert body["state"]["observation"] == state.observation(problem["seat"])
    assert sorted(body["state"]["legal_moves"]) == sorted(
        str(m) for m in state.legal_moves(problem["seat"])
    )
    assert body["state"]["awaited"] == [problem["seat"]]
    assert problem["key"] in body["state"]["legal_moves"]


@pytest.mark.parametrize("game", ["kwinty", "turris", "counterplays"])
def test_the_key_move_solves_it_and_the_line_ends_in_a_win(client: TestClient, game: str) -> None:
    problem = _shipped(game)
    body = client.post(f"/api/problems/{problem['id']}/try", json={"move": problem["key"]}).json()
    assert body["solved"] is True and body["refutation"] == []
    line = body["solution"]
    assert line[0]["move"] == problem["key"]
    assert all(step["words"]["fr"] and step["words"]["en"] for step in line)
    end = line[-1]["state"]
    assert end["terminal"] is True and end["outcome"]["returns"][problem["seat"]] > 0


@pytest.mark.parametrize("game", ["kwinty", "turris", "counterplays"])
def test_a_wrong_move_is_refuted_by_the_engine(client: TestClient, game: str) -> None:
    problem = _shipped(game)
    wrong = next(iter(problem["refutations"]))
    body = client.post(f"/api/problems/{problem['id']}/try", json={"move": wrong}).json()
    assert body["solved"] is False
    assert body["played"]["move"] == wrong
    assert body["outcome"] in (-1, 0, 1)
    # the refutation is played on from the wrong move: replaying it reaches the shown state
    state = store.position(problem)
    state.apply(problem["seat"], wrong)
    for step in body["refutation"]:
        state.apply(step["player"], step["move"])
    shown = body["refutation"][-1]["state"] if body["refutation"] else body["played"]["state"]
    assert shown["move_count"] == len(state.history)
    # the solution comes with the verdict, so the player can see it after a miss
    assert body["solution"][0]["move"] == problem["key"]


def test_an_illegal_move_is_refused_in_words(client: TestClient) -> None:
    problem = _shipped("kwinty")
    answer = client.post(f"/api/problems/{problem['id']}/try", json={"move": "zz99"})
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] and body["message"]["fr"] and body["message"]["en"]
    assert client.post("/api/problems/nope-1/try", json={"move": "a1h"}).status_code == 404
    assert client.get("/api/problems/nope-1").status_code == 404


def test_the_daily_problem_is_the_same_all_day_and_changes_with_the_day(client: TestClient) -> None:
    day = datetime.date(2026, 11, 27)
    first = client.get("/api/problems/daily", params={"date": day.isoformat()}).json()
    again = client.get("/api/problems/daily", params={"date": day.isoformat()}).json()
    assert first["id"] == again["id"] and not _leaks(first)
    days = [(day + datetime.timedelta(d)).isoformat() for d in range(3)]
    week = {client.get("/api/problems/daily", params={"date": d}).json()["game"] for d in days}
    # three days, three games
    assert week == {"kwinty", "turris", "counterplays"}
    asked = client.get("/api/problems/daily", params={"date": day.isoformat(), "game": "turris"})
    assert asked.json()["game"] == "turris"


def test_glicko2_moves_the_player_up_on_a_solve_and_down_on_a_miss(client: TestClient) -> None:
    problem = _shipped("turris")
    start = {"rating": 1500, "rd": 200, "vol": 0.06}
    won = client.post(f"/api/problems/{problem['id']}/result", json={"solved": True, **start})
    lost = client.post(f"/api/problems/{problem['id']}/result", json={"solved": False, **start})
    up, down = won.json(), lost.json()
    assert up["player"]["rating"] > 1500 > down["player"]["rating"]
    assert up["player"]["rd"] < 200 and down["player"]["rd"] < 200
    # the problem moves the other way
    assert up["problem"]["rating"] < problem["rating"] < down["problem"]["rating"]
    bad = client.post(f"/api/problems/{problem['id']}/result", json={"solved": True, "rd": -3})
    assert bad.status_code == 422


def test_every_shipped_problem_replays_to_its_position() -> None:
    for game in store.GAMES:
        for problem in store.problems(game):
            state = tablier.replay({**problem, "moves": problem["moves"]})
            assert state.current_players() == [problem["seat"]]
