"""A game's web manifest read by the server: addresses by kind, its own folder served,
malformed declarations refused, nothing outside the folder handed out."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from tablier.core import registry
from tablier.server.party_rooms import has_host_view
from tablier.server.web_manifest import declares, served_file, web_files, web_urls


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An importable package `wm_sample` with a web/ folder, and a file beside it."""
    root = tmp_path / "wm_sample"
    (root / "web" / "parts").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "secret.py").write_text("KEY = 1\n")
    (root / "web" / "sample-board.js").write_text('export const TAG = "kwinty-board";\n')
    (root / "web" / "parts" / "helper.js").write_text("export const x = 1;\n")
    (root / "web" / ".hidden.js").write_text("")
    (root / "web" / "out.js").symlink_to(root / "secret.py")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    return root


def test_the_built_in_games_keep_their_addresses() -> None:
    assert web_urls("kwinty") == {
        "board": "/js/boards/kwinty-board.js",
        "messages": "/i18n/boards/kwinty.{lang}.json",
    }
    assert web_urls("quiadiquoi")["host"] == "/js/boards/quiadiquoi-host.js"
    assert web_urls("counterplays")["puzzle"] == "/js/boards/counterplays-puzzle.js"
    assert has_host_view("quiadiquoi") and declares("quiadiquoi", "host")
    assert not has_host_view("kwinty") and not declares("kwinty", "puzzle")
    # a built-in game has no web folder of its own to serve
    assert served_file("kwinty", "js/boards/kwinty-board.js") is None


def test_a_declared_kind_is_all_that_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    # a file lying where the old naming convention pointed is not enough
    monkeypatch.setattr(registry.game_class("quiadiquoi"), "web_assets", {})
    assert not has_host_view("quiadiquoi") and web_urls("quiadiquoi") == {}


def test_a_package_folder_is_served_below_the_game_url(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        registry.game_class("kwinty"), "web_assets", {"board": "wm_sample:web/sample-board.js"}
    )
    assert web_urls("kwinty") == {"board": "/games/kwinty/web/sample-board.js"}
    assert web_files("kwinty")["board"].file == package / "web" / "sample-board.js"
    assert served_file("kwinty", "sample-board.js") == (package / "web" / "sample-board.js")
    assert served_file("kwinty", "parts/helper.js") is not None
    for outside in ("../secret.py", "parts/../../secret.py", "/etc/passwd", ".hidden.js",
                    "out.js", "parts", "missing.js", ""):  # fmt: skip
        assert served_file("kwinty", outside) is None, outside


@pytest.mark.parametrize(
    "assets",
    [
        {"board": "../web/js/boards/kwinty-board.js"},
        {"board": "/js/boards/kwinty-board.js"},
        {"board": "js/.secret/board.js"},
        # the package's own folder would hand out its modules
        {"board": "wm_sample:sample-board.js"},
        {"board": "wm_sample:web/sample-board.js", "host": "wm_sample:other/host.js"},
        {"board": "wm_nowhere:web/board.js"},
    ],
)
def test_a_malformed_manifest_is_refused_naming_the_game(
    package: Path, monkeypatch: pytest.MonkeyPatch, assets: dict[str, str]
) -> None:
    monkeypatch.setattr(registry.game_class("kwinty"), "web_assets", assets)
    with pytest.raises(ValueError, match="kwinty"):
        web_urls("kwinty")
