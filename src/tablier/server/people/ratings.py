"""Ratings of profiles: Glicko-2 for two-player games, OpenSkill for QuiAdiQuoi.

Both are computed by their libraries (`glicko2`, `openskill`), never by a formula of
ours. Each rated game is its own Glicko-2 rating period: the players' ratings before the
game are the only input, so a result is rated the same whichever finishes first.

A game counts when its room is in `rated_rooms` (decided when the room is created) and
every seat of that game was held by a live profile, each a different one. The finish
hook registered here runs inside the transaction that stores the game's end, so a result
and its rating changes are stored together or not at all; `rating_events` is unique per
(profile, room, game), and a game already rated is never rated again.

See docs/ratings.md for the parameters and why they were chosen.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

import glicko2
import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.engine import Connection

from tablier.core.outcome import Outcome
from tablier.core.registry import game_class, game_ids
from tablier.server import storage
from tablier.server.people.tables import profiles, rated_rooms, rating_events, ratings

log = logging.getLogger("tablier.server.ratings")

GLICKO = "glicko2"
OPENSKILL = "openskill"

# a new player, as the glicko2 library itself starts one
GLICKO_START = (1500.0, 350.0, 0.06)

# OpenSkill's Plackett-Luce model with its defaults (mu 25, sigma 25/3, beta sigma/2,
# tau mu/300) multiplied by 60, so QuiAdiQuoi ratings read on the same scale as the
# Glicko-2 ones (1500 for a newcomer); the model is scale-free, so this changes nothing
# but the unit
OPENSKILL_SCALE = 60.0
OPENSKILL_MODEL = PlackettLuce(
    mu=25.0 * OPENSKILL_SCALE,
    sigma=25.0 / 3.0 * OPENSKILL_SCALE,
    beta=25.0 / 6.0 * OPENSKILL_SCALE,
    tau=25.0 / 300.0 * OPENSKILL_SCALE,
)

# the options that make another game of the same box are each game's declared
# `rated_apart` fact: a key is the game id alone, else "game:value" (a choice) or
# "game:option" (a switch turned on), parts in the declared order. Other options (a
# clock, the short faces' rule, Turris's chained bonus, QuiAdiQuoi's deck or die) keep
# the game's rating: they change details, not the skill it measures.


def _system(game_id: str) -> str:
    return GLICKO if game_class(game_id).max_players == 2 else OPENSKILL


def rating_key(game_id: str, options: Mapping[str, Any]) -> str:
    """The rating a game counts for: "kwinty", or "kwinty:kwintie" where the variant
    changes the game. Options left out take their defaults."""
    parts = [game_id]
    specs = {spec.name: spec for spec in game_class(game_id).option_specs}
    for name in game_class(game_id).rated_apart:
        spec = specs[name]
        value = options.get(name, spec.default)
        if value == spec.default:
            continue
        parts.append(name if spec.kind is bool else str(value))
    return ":".join(parts)


def game_of_key(key: str) -> str:
    return key.partition(":")[0]


@cache
def known_keys() -> tuple[str, ...]:
    """Every rating key of every game, the plain game first."""
    keys: list[str] = []
    for game_id in game_ids():
        specs = {spec.name: spec for spec in game_class(game_id).option_specs}
        names = game_class(game_id).rated_apart
        values: list[tuple[Any, ...]] = [specs[name].choices or (False, True) for name in names]
        for combo in product(*values):
            key = rating_key(game_id, dict(zip(names, combo, strict=True)))
            if key not in keys:
                keys.append(key)
    return tuple(keys)


def key_options(key: str) -> dict[str, Any]:
    """The options that make this rating key's game (the rest take their defaults)."""
    game_id, *parts = key.split(":")
    specs = {spec.name: spec for spec in game_class(game_id).option_specs}
    options: dict[str, Any] = {}
    for name in game_class(game_id).rated_apart:
        spec = specs[name]
        if spec.kind is bool and name in parts:
            options[name] = True
        elif spec.choices is not None:
            chosen = [c for c in spec.choices if str(c) in parts]
            if chosen:
                options[name] = chosen[0]
    return options


def key_label(key: str) -> dict[str, str]:
    """The rating key for people, per language: "Kwinty", "Kwinty · Kwintie (plateau…)"."""
    game_id = game_of_key(key)
    cls = game_class(game_id)
    labels = {"fr": cls.name, "en": cls.name}
    specs = {spec.name: spec for spec in cls.option_specs}
    for name, value in key_options(key).items():
        spec = specs[name]
        for lang in labels:
            if spec.kind is bool:
                word = spec.label.get(lang, name)
            else:
                # "Kwintie (plateau de 9 cases)": the name without its explanation
                word = spec.value_labels.get(str(value), {}).get(lang, str(value))
                word = word.split(" (")[0]
                if name != "variant":
                    # "But : le niveau 1", an option's value told with its name
                    colon = " : " if lang == "fr" else ": "
                    word = spec.label.get(lang, name) + colon + word[:1].lower() + word[1:]
            labels[lang] += f" · {word}"
    return labels


def system_of_key(key: str) -> str:
    return _system(game_of_key(key))


def start_of(key: str) -> tuple[float, float]:
    """A newcomer's (rating, deviation) for this key."""
    if system_of_key(key) == OPENSKILL:
        return float(OPENSKILL_MODEL.mu), float(OPENSKILL_MODEL.sigma)
    return GLICKO_START[0], GLICKO_START[1]


# ------------------------------------------------------------------ reading
def rating_of(conn: Connection, profile_id: str, key: str) -> dict[str, Any] | None:
    """The profile's rating for `key` ({"rating", "rd", "games", ...}), None if unrated."""
    row = (
        conn.execute(
            sa.select(ratings).where(ratings.c.profile_id == profile_id, ratings.c.key == key)
        )
        .mappings()
        .first()
    )
    if row is None:
        return None
    return {
        "rating": float(row["rating"]),
        "rd": float(row["rd"]),
        "volatility": row["volatility"],
        "system": row["system"],
        "games": int(row["games"]),
        "wins": int(row["wins"]),
        "losses": int(row["losses"]),
        "draws": int(row["draws"]),
        "updated_at": float(row["updated_at"]),
    }


def current_rating(conn: Connection, profile_id: str, key: str) -> float:
    """The profile's rating for `key`, a newcomer's (1500) when it has none."""
    found = rating_of(conn, profile_id, key)
    return found["rating"] if found is not None else start_of(key)[0]


# ------------------------------------------------------------------ the finish hook
@dataclass
class _Standing:
    profile_id: str
    rating: float
    rd: float
    volatility: float | None
    games: int
    wins: int
    losses: int
    draws: int
    exists: bool


def _standing(conn: Connection, profile_id: str, key: str) -> _Standing:
    # FOR UPDATE (PostgreSQL): two processes finishing games of one player rate in turn
    row = (
        conn.execute(
            sa.select(ratings)
            .where(ratings.c.profile_id == profile_id, ratings.c.key == key)
            .with_for_update()
        )
        .mappings()
        .first()
    )
    if row is None:
        rating, rd = start_of(key)
        volatility = GLICKO_START[2] if system_of_key(key) == GLICKO else None
        return _Standing(profile_id, rating, rd, volatility, 0, 0, 0, 0, exists=False)
    return _Standing(
        profile_id,
        float(row["rating"]),
        float(row["rd"]),
        row["volatility"],
        int(row["games"]),
        int(row["wins"]),
        int(row["losses"]),
        int(row["draws"]),
        exists=True,
    )


def glicko_after(
    own: tuple[float, float, float], other: tuple[float, float], score: float
) -> tuple[float, float, float]:
    """(rating, rd, volatility) after one game scored `score` (1, 0.5, 0) against `other`."""
    player = glicko2.Player(rating=own[0], rd=own[1], vol=own[2])
    player.update_player([other[0]], [other[1]], [score])
    return float(player.rating), float(player.rd), float(player.vol)


def openskill_after(
    standings: Sequence[tuple[float, float]], ranks: Sequence[float]
) -> list[tuple[float, float]]:
    """(mu, sigma) of each player after a game ranked `ranks` (lower is better, ties equal)."""
    teams = [[OPENSKILL_MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in standings]
    rated = OPENSKILL_MODEL.rate(teams, ranks=list(ranks))
    return [(float(team[0].mu), float(team[0].sigma)) for team in rated]


def _scores(returns: Sequence[float]) -> list[float]:
    """Each seat's share of the points against the others: 1 a win, 0.5 a tie."""
    scores = []
    for i, mine in enumerate(returns):
        others = [r for j, r in enumerate(returns) if j != i]
        points = sum(1.0 if mine > r else 0.5 if mine == r else 0.0 for r in others)
        scores.append(points / len(others))
    return scores


def _tally(returns: Sequence[float], seat: int) -> str:
    """win (ahead of everyone), draw (tied for first) or loss."""
    mine, best = returns[seat], max(returns)
    if mine < best:
        return "losses"
    ahead = all(mine > r for i, r in enumerate(returns) if i != seat)
    return "wins" if ahead else "draws"


def _rated_seats(conn: Connection, room_id: str, number: int) -> list[str] | None:
    """The profile of each seat of game `number`, None unless every seat holds a distinct
    live profile."""
    rows = conn.execute(
        sa.select(storage.game_seats.c.seat, storage.game_seats.c.kind, profiles.c.id)
        .select_from(
            storage.game_seats.outerjoin(
                profiles,
                (profiles.c.id == storage.game_seats.c.player_id) & profiles.c.deleted_at.is_(None),
            )
        )
        .where(storage.game_seats.c.room_id == room_id, storage.game_seats.c.number == number)
        .order_by(storage.game_seats.c.seat)
    ).all()
    ids = [r.id for r in rows]
    if len(ids) < 2 or any(r.kind != "human" or r.id is None for r in rows):
        return None
    if len(set(ids)) != len(ids):
        return None
    return [str(i) for i in ids]


def _rated_game(
    conn: Connection, room_id: str, number: int, result: Mapping[str, Any]
) -> tuple[str, list[str], list[float]] | None:
    """(rating key, profile of each seat, returns) of a game that counts, else None."""
    key = conn.execute(
        sa.select(rated_rooms.c.key).where(rated_rooms.c.room_id == room_id)
    ).scalar()
    if key is None:
        return None
    # a void deal (dealt again at once) is not a result
    if result.get("reason") in game_class(game_of_key(key)).new_deal_reasons:
        return None
    already = conn.execute(
        sa.select(rating_events.c.id)
        .where(rating_events.c.room_id == room_id, rating_events.c.number == number)
        .limit(1)
    ).first()
    if already is not None:
        return None
    players = _rated_seats(conn, room_id, number)
    returns = result.get("returns")
    if players is None or not isinstance(returns, list) or len(returns) != len(players):
        return None
    return str(key), players, [float(r) for r in returns]


def _after(
    system: str, before: list[_Standing], values: list[float]
) -> list[tuple[float, float, float | None]] | None:
    """(rating, rd, volatility) of each seat after the game; None if it cannot be rated."""
    if system != GLICKO:
        new = openskill_after([(s.rating, s.rd) for s in before], [-r for r in values])
        return [(mu, sigma, None) for mu, sigma in new]
    if len(before) != 2:
        return None
    scores = _scores(values)
    after: list[tuple[float, float, float | None]] = []
    for seat, own in enumerate(before):
        other = before[1 - seat]
        after.append(
            glicko_after(
                (own.rating, own.rd, own.volatility or GLICKO_START[2]),
                (other.rating, other.rd),
                scores[seat],
            )
        )
    return after


def _store(
    conn: Connection,
    key: str,
    where: tuple[str, int],
    values: list[float],
    before: list[_Standing],
    after: list[tuple[float, float, float | None]],
) -> None:
    """Write each seat's new rating and its event for game `where` (room, number)."""
    system, scores, now = system_of_key(key), _scores(values), time.time()
    for seat, (own, (rating, rd, volatility)) in enumerate(zip(before, after, strict=True)):
        counts = {"wins": own.wins, "losses": own.losses, "draws": own.draws}
        counts[_tally(values, seat)] += 1
        row = {
            "system": system,
            "rating": rating,
            "rd": rd,
            "volatility": volatility,
            "games": own.games + 1,
            **counts,
            "updated_at": now,
        }
        if own.exists:
            conn.execute(
                ratings.update()
                .where(ratings.c.profile_id == own.profile_id, ratings.c.key == key)
                .values(**row)
            )
        else:
            conn.execute(ratings.insert().values(profile_id=own.profile_id, key=key, **row))
        conn.execute(
            rating_events.insert().values(
                profile_id=own.profile_id,
                key=key,
                room_id=where[0],
                number=where[1],
                score=scores[seat],
                before=own.rating,
                after=rating,
                rd_after=rd,
                opponents=[
                    {"id": other.profile_id, "rating": other.rating, "rd": other.rd}
                    for other in before
                    if other is not own
                ],
                at=now,
            )
        )


def rate_game(conn: Connection, room_id: str, number: int, result: Mapping[str, Any]) -> bool:
    """Rate game `number` of the room if it counts; True when ratings were written."""
    rated = _rated_game(conn, room_id, number, result)
    if rated is None:
        return False
    key, players, values = rated
    before = [_standing(conn, pid, key) for pid in players]
    after = _after(system_of_key(key), before, values)
    if after is None:
        return False
    _store(conn, key, (room_id, number), values, before, after)
    return True


def finish_hook(conn: Connection, room_id: str, number: int, result: Outcome) -> None:
    """`storage.finish_hooks` entry: rate the game in a savepoint, never raising, so a
    failure here cannot lose the game's result."""
    try:
        with conn.begin_nested():
            rate_game(conn, room_id, number, result)
    except Exception:
        log.exception("rating game %s of room %s failed", number, room_id)


def register() -> None:
    if finish_hook not in storage.finish_hooks:
        storage.finish_hooks.append(finish_hook)


register()


def profiles_rated(conn: Connection, ids: Iterable[str], key: str) -> dict[str, float]:
    """Current ratings of several profiles for `key` (newcomers at the start value)."""
    wanted = list(ids)
    found = dict(
        conn.execute(
            sa.select(ratings.c.profile_id, ratings.c.rating).where(
                ratings.c.key == key, ratings.c.profile_id.in_(wanted)
            )
        ).all()
    )
    start = start_of(key)[0]
    return {pid: float(found.get(pid, start)) for pid in wanted}
