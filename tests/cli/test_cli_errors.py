"""Every mistake is one line on stderr, in the chosen language, with an exit code ≠ 0;
stdout stays empty so that a script can tell results from complaints."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import tablier

# the `tablier_run` fixture (conftest.py): tablier_run(*args, stdin=, env=, timeout=)
Run = Callable[..., subprocess.CompletedProcess[str]]


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode != 0
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "chess"], "jeu inconnu 'chess' ; les jeux : counterplays, kwinty"),
        (["rules", "chess"], "jeu inconnu 'chess'"),
        (["arena", "chess"], "jeu inconnu 'chess'"),
        (["play", "kwinty", "--vs", "nobody"], "joueur inconnu 'nobody' ; pour kwinty : human,"),
        (["play", "kwinty", "--vs", "rule-of-thumb"], "'rule-of-thumb' ne sait pas jouer à kwinty"),
        (["play", "kwinty", "-o", "variant=giant"], "valeurs permises : 'kwinty', 'kwintie'"),
        (["play", "kwinty", "-o", "colour=red"], "option 'colour' inconnue pour kwinty"),
        (["play", "kwinty", "-o", "variant"], "l'option 'variant' s'écrit clé=valeur"),
        (["play", "kwinty", "--players", "3"], "kwinty se joue à 2 joueurs, pas 3"),
        (["play", "kwinty", "--seat", "2"], "--seat doit être entre 0 et 1"),
        (["--lang", "de", "games"], "langue inconnue 'de' ; langues : fr, en"),
        (["replay", "nowhere.tablier.json"], "pas de fichier nowhere.tablier.json"),
    ],
)
def test_mistakes_are_one_french_line_on_stderr(
    tablier_run: Run, args: list[str], said: str
) -> None:
    assert said in one_line(tablier_run(*args))


def test_mistakes_in_english_on_request(tablier_run: Run) -> None:
    line = one_line(tablier_run("play", "kwinty", "--vs", "nobody", "--lang", "en"))
    assert line.startswith("unknown player 'nobody'; for kwinty: human, random")
    line = one_line(tablier_run("play", "chess", env={"TABLIER_LANG": "en"}))
    assert line.startswith("unknown game 'chess'; the games: ")


@pytest.mark.parametrize("port", ["0", "65536", "-5"])
def test_serve_refuses_a_port_outside_1_to_65535(tablier_run: Run, port: str) -> None:
    line = one_line(tablier_run("serve", "--port", port, timeout=60))
    assert line == f"--port doit être un port entre 1 et 65535, pas {port}"


@pytest.mark.parametrize("url", ["postgresql://h:port/x", "nosuchdb://h/x"])
def test_serve_refuses_an_unreadable_database_url(tablier_run: Run, url: str) -> None:
    line = one_line(tablier_run("serve", "--db", url, timeout=60))
    assert line.startswith(f"--db : « {url} » n'est ni une URL de base")


def test_serve_takes_a_plain_path_as_a_sqlite_file(tmp_path: Path) -> None:
    from tablier.cli.serve import database_url

    assert database_url(str(tmp_path / "mine.db")) == f"sqlite:///{tmp_path / 'mine.db'}"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    assert database_url(None) is None


def test_version_on_stdout(tablier_run: Run) -> None:
    done = tablier_run("--version")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == f"tablier {tablier.__version__}\n"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_missing_optional_extra_is_one_line_naming_it(lang: str) -> None:
    # OpenSpiel made unimportable, as on a machine without the research extra
    code = (
        "import sys; sys.modules['pyspiel'] = None; sys.modules['open_spiel'] = None\n"
        f"sys.argv = ['tablier', '--lang', '{lang}', 'play', 'kwinty', '--vs', "
        "'openspiel-mcts']\nfrom tablier.cli import main\nmain()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    expected = {
        "fr": 'openspiel-mcts demande une dépendance optionnelle : pip install "tablier[research]"',
        "en": 'openspiel-mcts needs an optional dependency: pip install "tablier[research]"',
    }
    assert one_line(done) == expected[lang]
    assert done.returncode == 2


def test_the_arena_names_a_missing_extra_too() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None; sys.modules['open_spiel'] = None\n"
        "sys.argv = ['tablier', 'arena', 'kwinty', '-p', 'openspiel-mcts,random', '-n', '1']\n"
        "from tablier.cli import main\nmain()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert 'pip install "tablier[research]"' in one_line(done)


def test_the_console_script_is_installed() -> None:
    script = Path(sys.executable).with_name("tablier")
    if not script.exists():
        pytest.skip("no console script next to this interpreter")
    done = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == f"tablier {tablier.__version__}"
