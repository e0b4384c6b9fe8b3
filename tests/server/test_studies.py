"""The study page's data: the latest `tablier study` of a game, served read-only."""

from __future__ import annotations

from pathlib import Path

from server_helpers import ServerProcess

from tablier.study import StudySpec, figures_of, run_study
from tablier.study.report import write_report


def test_the_latest_study_is_served_and_nothing_else(tmp_path: Path) -> None:
    spec = StudySpec("kwinty", ("random", "random"), 20, seed=3)
    figures = figures_of("kwinty", {}, spec.players, run_study(spec))
    write_report(tmp_path / "studies" / "kwinty", [("base", figures)])
    server = ServerProcess(
        tmp_path / "t.db",
        tmp_path / "server.log",
        env={"TABLIER_STUDIES": str(tmp_path / "studies")},
    ).start()
    try:
        data = server.get("/api/games/kwinty/study")
        assert data.status_code == 200
        body = data.json()
        assert body["report"] is True
        assert body["studies"][0]["games"] == 20
        assert (
            sum(w["count"] for w in body["studies"][0]["wins"])
            + body["studies"][0]["draws"]["count"]
            == 20
        )
        page = server.get("/api/games/kwinty/study/report.html")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "<svg" in page.text
        # a game not studied yet, an unknown game, a path: JSON 404s
        for path in (
            "/api/games/turris/study",
            "/api/games/nope/study",
            "/api/games/..%2F..%2Fetc/study",
        ):
            answer = server.get(path)
            assert answer.status_code == 404 and answer.json()["error"]
    finally:
        server.stop()
