"""`tablier study`: a balance report for a game (and variants of it), in French by default."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskID, TextColumn, TimeRemainingColumn

from tablier.core.messages import Catalogue
from tablier.core.options import OptionError
from tablier.core.registry import game_class, game_ids, load
from tablier.core.terminal.errors import fail
from tablier.core.terminal.lang import lang as chosen_lang
from tablier.study.compare import Difference, compare_first_seat
from tablier.study.figures import Figures, figures_of
from tablier.study.play import StudySpec, move_cap, run_study
from tablier.study.report import write_report
from tablier.study.skill import SkillStep, skill_trace
from tablier.study.words import player_words, seat_words, variant_words

TEXTS = Catalogue(
    "study.cli",
    {
        "unknown_game": {
            "fr": "jeu inconnu {game} ; les jeux : {known}",
            "en": "unknown game {game}; the games: {known}",
        },
        "bad_pair": {
            "fr": "{text} : écrivez nom=valeur",
            "en": "{text}: write name=value",
        },
        "playing": {"fr": "{label} : {n} parties", "en": "{label}: {n} games"},
        "speed": {
            "fr": "{label} : {n} parties en {seconds} s ({rate} parties/s)",
            "en": "{label}: {n} games in {seconds} s ({rate} games/s)",
        },
        "seat": {
            "fr": "  {seat} ({player}) gagne {rate} % [{low}, {high}]",
            "en": "  {seat} ({player}) wins {rate}% [{low}, {high}]",
        },
        "seats": {
            "fr": "{game} se joue à {low}–{high} : {given} joueur(s) donné(s) "
            "(--players a,b,c ou --seats N)",
            "en": "{game} is played by {low}–{high}: {given} player(s) given "
            "(--players a,b,c or --seats N)",
        },
        "bad_player": {
            "fr": "joueur inconnu pour {game} : {name} ; joueurs possibles : {known}",
            "en": "no player {name} for {game}; the players: {known}",
        },
        "two_seats": {
            "fr": "la trace d'habileté se mesure à deux sièges seulement",
            "en": "the skill trace is measured with two seats only",
        },
        "truncated": {
            "fr": "  {count} partie(s) arrêtée(s) au plafond de {cap} coups",
            "en": "  {count} game(s) stopped at the {cap}-move cap",
        },
        "skill": {
            "fr": "trace d'habileté : {stronger} contre {weaker} marque {rate} % [{low}, {high}]",
            "en": "skill trace: {stronger} against {weaker} scores {rate}% [{low}, {high}]",
        },
        "written": {
            "fr": "Rapport : {page}\nChiffres : {data}",
            "en": "Report: {page}\nFigures: {data}",
        },
    },
)


def _pairs(items: list[str], game: str, lang: str) -> dict[str, Any]:
    cls = game_class(game)
    parsed: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            fail(TEXTS.text("bad_pair", lang, text=item))
        try:
            parsed[name] = cls.parse_option(name, value)
        except OptionError as exc:
            fail(exc.text(lang))
    return parsed


def _seat_players(game: str, players: str | None, seats: int | None, lang: str) -> tuple[str, ...]:
    """One player per seat: the names given, one name repeated over `--seats`, or
    random players at the game's usual count."""
    cls = game_class(game)
    names = tuple(p.strip() for p in (players or "random").split(",") if p.strip())
    if seats is not None and len(names) == 1:
        names = names * seats
    elif players is None:
        names = ("random",) * (cls.default_players or cls.min_players)
    if not cls.min_players <= len(names) <= cls.max_players or (
        seats is not None and seats != len(names)
    ):
        fail(
            TEXTS.text(
                "seats",
                lang,
                game=cls.name,
                low=cls.min_players,
                high=cls.max_players,
                given=seats if seats is not None else len(names),
            )
        )
    return names


def _check_players(game: str, options: dict[str, Any], names: tuple[str, ...], lang: str) -> None:
    from tablier.ai.players import player_names

    instance = load(game, **options)
    known = player_names(instance)
    for name in names:
        if name not in known:
            fail(
                TEXTS.text(
                    "bad_player", lang, game=instance.name, name=name, known=", ".join(known)
                )
            )


def study(
    game: Annotated[str, typer.Argument(help="le jeu / the game")],
    option: Annotated[list[str] | None, typer.Option("-o", "--option", help="k=v")] = None,
    vs: Annotated[
        list[str] | None,
        typer.Option("--vs", help="une variante à comparer / a variant to compare: k=v"),
    ] = None,
    players: Annotated[
        str | None, typer.Option("--players", help="un joueur par siège / one per seat: a,b")
    ] = None,
    seats: Annotated[
        int | None, typer.Option("--seats", min=1, max=16, help="sièges / seats")
    ] = None,
    max_moves: Annotated[
        int | None,
        typer.Option("--max-moves", min=1, help="plafond de coups (défaut : celui du jeu)"),
    ] = None,
    skill: Annotated[
        str | None,
        typer.Option("--skill", help="trace d'habileté / skill trace: random,easy,medium"),
    ] = None,
    skill_games: Annotated[int, typer.Option("--skill-games", min=2)] = 40,
    games: Annotated[int, typer.Option("--games", min=1, max=1_000_000)] = 200,
    jobs: Annotated[int, typer.Option("--jobs", min=1, max=256)] = 1,
    ray: Annotated[
        str | None, typer.Option("--ray", help="adresse d'un cluster Ray, ou local")
    ] = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help="dossier / folder (studies/<jeu>)")
    ] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="fr | en")] = None,
) -> None:
    """Étude d'équilibre : avantage du premier joueur, longueur, fins de partie, variantes."""
    # also `tablier --lang en study ...` (the option given before the sub-command)
    lang = lang or chosen_lang()
    if game not in game_ids():
        fail(TEXTS.text("unknown_game", lang, game=game, known=", ".join(game_ids())))
    base = _pairs(option or [], game, lang)
    names = _seat_players(game, players, seats, lang)
    _check_players(game, base, names, lang)
    levels = tuple(p.strip() for p in (skill or "").split(",") if p.strip())
    if levels:
        if len(names) != 2:
            fail(TEXTS.text("two_seats", lang))
        _check_players(game, base, levels, lang)
    cap = max_moves or move_cap(load(game, **base))
    variants = [("base", base)] + [
        (item, {**base, **_pairs([item], game, lang)}) for item in (vs or [])
    ]
    run = _Study(game, base, names, games, seed, cap, lang)
    results = _play_variants(run, variants, jobs, ray)
    _say_seats(run, results)
    differences = _differences(run, results)
    steps = skill_trace(game, base, levels, skill_games, seed, jobs, cap) if levels else []
    _say_skill(run, steps)
    # by default where the server's study page looks: studies/<game>/
    page, data = write_report(out or Path("studies") / game, results, differences, lang, steps)
    typer.echo(TEXTS.text("written", lang, page=page, data=data))


@dataclass(frozen=True)
class _Study:
    """What every variant of one `tablier study` run shares."""

    game: str
    base: dict[str, Any]
    names: tuple[str, ...]
    games: int
    seed: int
    cap: int
    lang: str

    def words(self, label: str, options: dict[str, Any], lang: str | None = None) -> str:
        return variant_words(self.game, label, options, self.base, lang or self.lang)


def _play_variants(
    study: _Study, variants: list[tuple[str, dict[str, Any]]], jobs: int, ray: str | None
) -> list[tuple[str, Figures]]:
    """Plays every variant in turn, a progress bar each, and says how fast it went."""
    console = Console(stderr=True, highlight=False)
    results: list[tuple[str, Figures]] = []
    n, lang = study.games, study.lang
    columns = (BarColumn(), TextColumn("{task.completed}/{task.total}"), TimeRemainingColumn())
    with Progress(
        TextColumn("{task.description}"), *columns, console=console, transient=True
    ) as bar:
        for label, options in variants:
            said = study.words(label, options)
            spec = StudySpec(study.game, study.names, n, options, study.seed, study.cap)
            task = bar.add_task(TEXTS.text("playing", lang, label=said, n=n), total=n)
            started = time.perf_counter()

            def advance(done: int, total: int, task: TaskID = task) -> None:
                bar.update(task, completed=done)

            facts = run_study(spec, jobs=jobs, ray_address=ray, progress=advance)
            elapsed = time.perf_counter() - started
            rate = _rate(n / elapsed)
            speed = TEXTS.text("speed", lang, label=said, n=n, seconds=f"{elapsed:.1f}", rate=rate)
            console.print(speed)
            figures = figures_of(
                study.game, options, study.names, facts, seed=study.seed, max_moves=study.cap
            )
            results.append((label, figures))
    return results


def _say_seats(study: _Study, results: list[tuple[str, Figures]]) -> None:
    lang = study.lang
    for label, figures in results:
        typer.echo(study.words(label, figures.options))
        for seat, share in enumerate(figures.wins):
            typer.echo(
                TEXTS.text(
                    "seat",
                    lang,
                    seat=seat_words(study.game, seat, lang),
                    player=player_words(study.game, study.names[seat], lang),
                    rate=f"{share.rate * 100:.1f}",
                    low=f"{share.low * 100:.1f}",
                    high=f"{share.high * 100:.1f}",
                )
            )
        if figures.truncated.count:
            count = figures.truncated.count
            typer.echo(TEXTS.text("truncated", lang, count=count, cap=study.cap))


def _differences(study: _Study, results: list[tuple[str, Figures]]) -> list[Difference]:
    """Each variant against the base, said in both languages for the report."""
    differences = []
    for label, figures in results[1:]:
        difference = compare_first_seat(results[0][1], figures, "base", label)
        difference.label_words = {
            lang: [study.words("base", study.base, lang), study.words(label, figures.options, lang)]
            for lang in ("fr", "en")
        }
        differences.append(difference)
        typer.echo(difference.verdict(study.lang))
    return differences


def _say_skill(study: _Study, steps: Sequence[SkillStep]) -> None:
    lang = study.lang
    for step in steps:
        typer.echo(
            TEXTS.text(
                "skill",
                lang,
                stronger=player_words(study.game, step.stronger, lang),
                weaker=player_words(study.game, step.weaker, lang),
                rate=f"{step.score * 100:.1f}",
                low=f"{step.low * 100:.1f}",
                high=f"{step.high * 100:.1f}",
            )
        )


def _rate(per_second: float) -> str:
    """Games per second, with a decimal where a whole number would say 0 or 1."""
    return f"{per_second:.0f}" if per_second >= 10 else f"{per_second:.1f}"
