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
