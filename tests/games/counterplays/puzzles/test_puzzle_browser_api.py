"""The tiling puzzles over HTTP: positions checked, legal placements, hints, solutions."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tablier.games.counterplays.puzzles import positions, regions
from tablier.games.counterplays.puzzles.tiling import placements
from tablier.games.counterplays.shapes import BY_LETTER
from tablier.server.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("puzzles") / "p.db"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        yield c


def cells_of(move: str) -> set[tuple[int, int]]:
    return {(int(a), int(b)) for a, b in (p.split(",") for p in move[2:].split(";"))}


def test_puzzles_are_listed_and_the_triangle_cannot_be_tiled(client: TestClient) -> None:
    listed = {p["name"]: p for p in client.get("/api/puzzles").json()}
    assert listed["rhombus"]["cells"] == 72 and listed["rhombus"]["obstacle"] is None
    triangle = listed["triangle"]["obstacle"]
    # no triangle has 72 triangles: n² is never 72
    assert triangle["reason"] == "area" and triangle["needed"] == 72
    assert triangle["area"] == listed["triangle"]["cells"] == len(regions.triangle(8))
    assert client.post("/api/puzzles/triangle/hint", json={"tiles": []}).json()["move"] is None


def test_a_position_gives_the_legal_placements_inside_the_free_region(client: TestClient) -> None:
    start = client.post("/api/puzzles/rhombus/position", json={"tiles": []}).json()
    rhombus = regions.rhombus(6)
    assert {tuple(c) for c in start["observation"]["region"]} == rhombus
    o_moves = [m for m in start["legal_moves"] if m.startswith("O:")]
    assert len(o_moves) == len(placements(BY_LETTER["O"][0], rhombus))
    first = o_moves[0]
    after = client.post("/api/puzzles/rhombus/position", json={"tiles": [first]}).json()
    taken = cells_of(first)
    assert not any(m.startswith("O:") for m in after["legal_moves"])
    assert all(not (cells_of(m) & taken) and cells_of(m) <= rhombus for m in after["legal_moves"])
    assert after["observation"]["tiles_left"][0] == list("CUNTERPLAYS")
    assert len(after["observation"]["cells"]) == 6


@pytest.mark.parametrize(
    ("tiles", "code"),
    [
        (["O:1,0;2,0;3,0;1,1;2,1;3,1", "O:5,0;6,0;7,0;5,1;6,1;7,1"], "refusal.twice"),
        (["O:-3,0;-2,0;-1,0;-3,1;-2,1;-1,1"], "refusal.outside"),
        (["O:1,0;2,0;3,0;1,1;2,1;3,1", "E:2,0;3,0;4,0;2,1;3,1;4,1"], "refusal.overlap"),
        (["hello"], "refusal.not_notation"),
    ],
)
def test_bad_positions_are_refused_with_a_code(
    client: TestClient, tiles: list[str], code: str
) -> None:
    answer = client.post("/api/puzzles/rhombus/position", json={"tiles": tiles})
    assert answer.status_code == 422
    body = answer.json()
    assert body["error"] and body["message"]["code"].endswith(code)
    assert body["message"]["text"]["fr"] != body["message"]["text"]["en"]
    assert client.post("/api/puzzles/nowhere/position", json={"tiles": []}).status_code == 404


def test_hints_lead_to_a_whole_tiling(client: TestClient) -> None:
    laid: list[str] = []
    for _ in range(12):
        answer = client.post("/api/puzzles/rhombus/hint", json={"tiles": laid}).json()
        assert answer["move"] is not None
        laid.append(answer["move"])
        check = client.post("/api/puzzles/rhombus/position", json={"tiles": laid})
        assert check.status_code == 200
    final = check.json()["observation"]
    assert final["solved"] and check.json()["legal_moves"] == []
    covered = [tuple(c) for t in final["tiles"] for c in t["cells"]]
    assert sorted(covered) == sorted(regions.rhombus(6))


def test_a_solution_keeps_the_tiles_laid_when_it_can(client: TestClient) -> None:
    whole = positions.solution("rhombus")
    assert whole is not None
    kept = positions.write(*whole[3])
    answer = client.post("/api/puzzles/rhombus/solution", json={"tiles": [kept]}).json()
    assert answer["kept"] == 1 and answer["tiles"][0] == kept and len(answer["tiles"]) == 12
    covered = [c for move in answer["tiles"] for c in cells_of(move)]
    assert sorted(covered) == sorted(regions.rhombus(6))


# ------------------------------------------------------------------ level 6
def test_level6_replays_moves_through_the_engine_and_refuses_a_bad_one(
    client: TestClient,
) -> None:
    start = client.post("/api/puzzles/level6/position", json={"moves": []}).json()
    assert start["seat"] == 0 and start["top_level"] == 0 and start["target"] == 6
    first = start["legal_moves"][0]
    after = client.post("/api/puzzles/level6/position", json={"moves": [first]}).json()
    assert after["seat"] == 1 and len(after["observation"]["tiles"]) == 1
    # the same tile twice is refused with the engine's words, in a JSON 4xx
    again = client.post("/api/puzzles/level6/position", json={"moves": [first, first]})
    assert again.status_code == 422
    assert again.json()["error"] and again.json()["message"]["code"]
    too_long = client.post("/api/puzzles/level6/position", json={"moves": [first] * 25})
    assert too_long.status_code == 422


def test_level6_hint_and_solution_reach_level_6(client: TestClient) -> None:
    hint = client.post("/api/puzzles/level6/hint", json={"moves": []}).json()
    assert hint["move"] is not None
    shown = client.post("/api/puzzles/level6/solution", json={"moves": [hint["move"]]}).json()
    assert shown["moves"][0] == hint["move"] and shown["kept"] == 1
    end = client.post("/api/puzzles/level6/position", json={"moves": shown["moves"]}).json()
    assert end["solved"] and end["top_level"] >= 6


# ------------------------------------------------------------------ surround
def test_surround_offers_only_tiles_touching_the_black_one(client: TestClient) -> None:
    from tablier.games.counterplays.puzzles.surround import black_tile, ring

    start = client.post("/api/puzzles/surround/position", json={"letter": "O"}).json()
    assert start["minimum"] == 3 and not start["surrounded"] and start["seat"] == 0
    around = ring(black_tile("O"))
    for move in start["legal_moves"][:50]:
        cells = [tuple(int(v) for v in c.split(",")) for c in move.split(":")[1].split(";")]
        assert set(cells) & around and not set(cells) & set(black_tile("O"))


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"letter": "Z"}, "refusal.no_letter"),
        ({"letter": "O", "whites": ["C:41,0;42,0;41,1;42,1;42,2;43,2"]}, "refusal.not_touching"),
        (
            {"letter": "O", "blacks": ["C:41,0;42,0;41,1;42,1;42,2;43,2"]},
            "refusal.not_surrounded_yet",
        ),
    ],
)
def test_surround_refusals_say_why(client: TestClient, body: dict, code: str) -> None:
    answer = client.post("/api/puzzles/surround/position", json=body)
    assert answer.status_code == 422
    assert answer.json()["message"]["code"].endswith(code)


def test_surround_hints_close_the_puzzle(client: TestClient) -> None:
    body: dict = {"letter": "R", "whites": [], "blacks": []}
    for _ in range(24):
        now = client.post("/api/puzzles/surround/position", json=body).json()
        if now["closed"]:
            break
        hint = client.post("/api/puzzles/surround/hint", json=body).json()
        assert hint["move"] is not None
        body["blacks" if now["surrounded"] else "whites"].append(hint["move"])
    assert now["closed"] and len(body["whites"]) == now["minimum"]
    solved = client.post("/api/puzzles/surround/solution", json={"letter": "R"}).json()
    assert solved["follow_up"] in ("found", "impossible", "unknown")
    check = client.post("/api/puzzles/surround/position", json={"letter": "R", **solved})
    assert check.status_code == 200
