"""The study page speaks to people: a missing study is said in French and English, and
the variants and endings of a study come with their names in both languages."""

from __future__ import annotations

from pathlib import Path

from server_helpers import ServerProcess

from tablier.study import StudySpec, figures_of, run_study
from tablier.study.report import write_report


def test_variants_and_endings_have_words_and_a_missing_study_is_said(tmp_path: Path) -> None:
    base = StudySpec("kwinty", ("random", "random"), 12, seed=3)
    draw = StudySpec("kwinty", ("random", "random"), 12, {"exhaustion": "draw"}, seed=3)
    results = [
        ("base", figures_of("kwinty", {}, base.players, run_study(base))),
        ("exhaustion=draw", figures_of("kwinty", draw.options, draw.players, run_study(draw))),
    ]
    write_report(tmp_path / "studies" / "kwinty", results)
    server = ServerProcess(
        tmp_path / "t.db",
        tmp_path / "server.log",
        env={"TABLIER_STUDIES": str(tmp_path / "studies")},
    ).start()
    try:
        body = server.get("/api/games/kwinty/study").json()
        labels = body["words"]["labels"]
        assert labels["base"] == {"fr": "Règles de base", "en": "Base rules"}
        assert labels["exhaustion=draw"]["fr"] == "Si personne n'aligne cinq : Partie nulle"
        assert labels["exhaustion=draw"]["en"] == "If nobody makes five: A draw"
        reasons = {r for st in body["studies"] for r in st["reasons"]}
        assert reasons and set(body["words"]["reasons"]) == reasons
        for reason, words in body["words"]["reasons"].items():
            assert words["fr"] and words["en"] and words["fr"] != reason
            assert "{" not in words["fr"] and "…" not in words["fr"]
        missing = server.get("/api/games/turris/study")
        assert missing.status_code == 404
        message = missing.json()["message"]
        assert message["fr"].startswith("Personne n'a encore mesuré l'équilibre de Turris")
        assert message["en"].startswith("Nobody has measured the balance of Turris")
        assert "tablier" not in message["fr"] and "`" not in message["en"]
    finally:
        server.stop()
