"""HTTP: a player's page (ratings, history, strongest wins, recent games) and leaderboards.

Everything here is public: what anyone watching the games could know. A deleted profile
keeps its games and ratings but loses its name (`name` is null: the page says "joueur
supprimé"). Refusals are {"error", "code"} JSON.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from sqlalchemy.engine import Connection

from tablier.core.registry import game_class, game_ids
from tablier.server import storage as st
from tablier.server.people import ratings as rt
from tablier.server.people.computer_ratings import computer_levels
from tablier.server.people.tables import profiles, rating_events, ratings

router = APIRouter(tags=["players"])

# who stands on a leaderboard: a rated game in the last ACTIVE_DAYS, and a deviation
# small enough that the rating means something (Glicko-2: about eight games against
# newcomers, fewer against settled players; OpenSkill: about five games of four)
ACTIVE_DAYS = 90
RD_LIMIT = {rt.GLICKO: 150.0, rt.OPENSKILL: 470.0}
LEADERBOARD_SIZE = 100
RECENT_GAMES = 10
STRONGEST_WINS = 5


def _not_found(message: str, code: str) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=404)


def _replay(room_id: str, number: int) -> str:
    return f"/?room={room_id}&replay={number}"


def _names(conn: Connection, ids: Iterable[str]) -> dict[str, str | None]:
    wanted = sorted({i for i in ids if i})
    found: dict[str, str | None] = {}
    for start in range(0, len(wanted), 500):
        part = wanted[start : start + 500]
        for row in conn.execute(
            sa.select(profiles.c.id, profiles.c.name, profiles.c.deleted_at).where(
                profiles.c.id.in_(part)
            )
        ):
            found[str(row.id)] = None if row.deleted_at is not None else row.name
    return found


def _history(events: list[dict[str, Any]]) -> list[dict[str, float]]:
    """The rating after each rated game, starting from the rating before the first."""
    if not events:
        return []
    points = [{"at": events[0]["at"], "rating": round(events[0]["before"], 1)}]
    points += [{"at": e["at"], "rating": round(e["after"], 1)} for e in events]
    return points


def _strongest_wins(events: list[dict[str, Any]], names: dict[str, str | None]) -> list[Any]:
    wins = [e for e in events if e["score"] >= 1.0 and e["opponents"]]
    wins.sort(key=lambda e: max(o["rating"] for o in e["opponents"]), reverse=True)
    shown = []
    for event in wins[:STRONGEST_WINS]:
        best = max(event["opponents"], key=lambda o: o["rating"])
        shown.append(
            {
                "opponent": {"id": best["id"], "name": names.get(best["id"])},
                "opponent_rating": round(best["rating"], 1),
                "room": event["room_id"],
                "number": event["number"],
                "at": event["at"],
                "replay": _replay(event["room_id"], event["number"]),
            }
        )
    return shown


def _recent_games(conn: Connection, player_id: str, limit: int) -> list[dict[str, Any]]:
    """The player's most recent games (any room, rated or not), newest first."""
    mine = (
        sa.select(
            st.game_seats.c.room_id,
            st.game_seats.c.number,
            st.game_seats.c.seat,
            st.rooms.c.game,
            st.rooms.c.options,
            st.games.c.finished,
            st.games.c.result,
            st.games.c.started_at,
            st.games.c.finished_at,
        )
        .select_from(
            st.game_seats.join(st.rooms, st.rooms.c.id == st.game_seats.c.room_id).join(
                st.games,
                (st.games.c.room_id == st.game_seats.c.room_id)
                & (st.games.c.number == st.game_seats.c.number),
            )
        )
        .where(st.game_seats.c.player_id == player_id)
        .order_by(st.games.c.started_at.desc())
        .limit(limit)
    )
    return [dict(r) for r in conn.execute(mine).mappings()]


def _seats_of(conn: Connection, games: list[dict[str, Any]]) -> dict[tuple[str, int], list[Any]]:
    rooms_wanted = sorted({g["room_id"] for g in games})
    seats: dict[tuple[str, int], list[Any]] = {}
    for start in range(0, len(rooms_wanted), 500):
        part = rooms_wanted[start : start + 500]
        rows = conn.execute(
            sa.select(st.game_seats)
            .where(st.game_seats.c.room_id.in_(part))
            .order_by(st.game_seats.c.seat)
        ).mappings()
        for row in rows:
            seats.setdefault((row["room_id"], row["number"]), []).append(dict(row))
    return seats


def _outcome(result: dict[str, Any] | None, seat: int) -> str | None:
    returns = (result or {}).get("returns")
    if not isinstance(returns, list) or not 0 <= seat < len(returns):
        return None
    mine, best = returns[seat], max(returns)
    if mine < best:
        return "loss"
    return "win" if all(mine > r for i, r in enumerate(returns) if i != seat) else "draw"


def _safe_key(game: str, options: dict[str, Any]) -> str:
    try:
        return rt.rating_key(game, options or {})
    except (KeyError, ValueError):
        return game


def _opponents(
    game: dict[str, Any], seats: list[dict[str, Any]], names: dict[str, str | None]
) -> list[dict[str, Any]]:
    opponents = []
    for seat in seats:
        if seat["seat"] == game["seat"]:
            continue
        holder = seat["player_id"]
        opponents.append(
            {
                "seat": seat["seat"],
                "kind": seat["kind"],
                "level": seat["level"],
                # a profile's current name (None once deleted), else the seat's name
                "id": holder if holder in names else None,
                "name": names[holder] if holder in names else seat["name"],
                "deleted": holder in names and names[holder] is None,
            }
        )
    return opponents


def _recent_entry(
    game: dict[str, Any], opponents: list[dict[str, Any]], delta: float | None
) -> dict[str, Any]:
    """One line of a card's recent games; `delta` is the rating change if it was rated."""
    finished = bool(game["finished"])
    return {
        "room": game["room_id"],
        "number": game["number"],
        "seat": game["seat"],
        "finished": finished,
        "outcome": _outcome(game["result"], game["seat"]) if finished else None,
        "rated": delta is not None,
        "rating_change": None if delta is None else round(delta, 1),
        "at": game["finished_at"] or game["started_at"],
        "opponents": opponents,
        "link": _replay(game["room_id"], game["number"])
        if finished
        else f"/?room={game['room_id']}&watch=1",
    }


def _card(
    key: str,
    row: dict[str, Any] | None,
    key_events: list[dict[str, Any]],
    names: dict[str, str | None],
    recent: list[dict[str, Any]],
) -> dict[str, Any]:
    """One rating of the page: a game (and its variant) with its figures, or None
    figures where only unrated games were played."""
    return {
        "key": key,
        "game": rt.game_of_key(key),
        "label": rt.key_label(key) if rt.game_of_key(key) in game_ids() else None,
        "system": row["system"] if row else rt.system_of_key(key),
        "rating": None if row is None else round(row["rating"], 1),
        "rd": None if row is None else round(row["rd"], 1),
        # too uncertain yet for the leaderboard
        "provisional": row is None or row["rd"] >= RD_LIMIT[row["system"]],
        "games": 0 if row is None else row["games"],
        "wins": 0 if row is None else row["wins"],
        "losses": 0 if row is None else row["losses"],
        "draws": 0 if row is None else row["draws"],
        "history": _history(key_events),
        "strongest_wins": _strongest_wins(key_events, names),
        "recent_games": recent,
        "computer": computer_levels(key),
    }


def _events(conn: Connection, player_id: str) -> list[dict[str, Any]]:
    return [
        dict(e)
        for e in conn.execute(
            sa.select(rating_events)
            .where(rating_events.c.profile_id == player_id)
            .order_by(rating_events.c.at, rating_events.c.id)
        ).mappings()
    ]


def player_page(conn: Connection, player_id: str) -> dict[str, Any] | None:
    profile = conn.execute(sa.select(profiles).where(profiles.c.id == player_id)).mappings().first()
    if profile is None:
        return None
    rating_rows = {
        r["key"]: dict(r)
        for r in conn.execute(sa.select(ratings).where(ratings.c.profile_id == player_id))
        .mappings()
        .all()
    }
    events = _events(conn, player_id)
    recent = _recent_games(conn, player_id, 200)
    seats = _seats_of(conn, recent)
    rated_delta = {(e["room_id"], e["number"]): e["after"] - e["before"] for e in events}
    ids = {o["id"] for e in events for o in e["opponents"]}
    ids |= {s["player_id"] for ss in seats.values() for s in ss if s["player_id"]}
    names = _names(conn, ids)

    per_key: dict[str, list[dict[str, Any]]] = {}
    for game in recent:
        shown = per_key.setdefault(_safe_key(game["game"], game["options"]), [])
        if len(shown) < RECENT_GAMES:
            where = (game["room_id"], game["number"])
            opponents = _opponents(game, seats.get(where, []), names)
            shown.append(_recent_entry(game, opponents, rated_delta.get(where)))

    keys = list(rating_rows) + [k for k in per_key if k not in rating_rows]
    cards = [
        _card(
            key,
            rating_rows.get(key),
            [e for e in events if e["key"] == key],
            names,
            per_key.get(key, []),
        )
        for key in keys
    ]
    # the most played first
    cards.sort(key=lambda c: (-c["games"], -len(c["recent_games"])))
    deleted = profile["deleted_at"] is not None
    return {
        "id": player_id,
        "name": None if deleted else profile["name"],
        "deleted": deleted,
        "since": profile["created_at"],
        "ratings": cards,
    }


def leaderboard(conn: Connection, key: str, now: float) -> dict[str, Any]:
    system = rt.system_of_key(key)
    limit = RD_LIMIT[system]
    rows = conn.execute(
        sa.select(ratings, profiles.c.name)
        .select_from(ratings.join(profiles, profiles.c.id == ratings.c.profile_id))
        .where(
            ratings.c.key == key,
            profiles.c.deleted_at.is_(None),
            ratings.c.rd < limit,
            ratings.c.updated_at >= now - ACTIVE_DAYS * 86400,
        )
        .order_by(ratings.c.rating.desc(), ratings.c.games.desc())
        .limit(LEADERBOARD_SIZE)
    ).mappings()
    players = [
        {
            "rank": rank,
            "id": row["profile_id"],
            "name": row["name"],
            "rating": round(row["rating"], 1),
            "rd": round(row["rd"], 1),
            "games": row["games"],
            "wins": row["wins"],
            "losses": row["losses"],
            "draws": row["draws"],
        }
        for rank, row in enumerate(rows, start=1)
    ]
    return {
        "key": key,
        "game": rt.game_of_key(key),
        "label": rt.key_label(key),
        "system": system,
        "active_days": ACTIVE_DAYS,
        "rd_limit": limit,
        "players": players,
        "computer": computer_levels(key),
    }


def leaderboard_keys(conn: Connection) -> list[dict[str, Any]]:
    """Every rating key, the lobby's order of games, with how many profiles are rated."""
    counts: dict[str, int] = {
        str(key): int(count)
        for key, count in conn.execute(
            sa.select(ratings.c.key, sa.func.count())
            .select_from(ratings.join(profiles, profiles.c.id == ratings.c.profile_id))
            .where(profiles.c.deleted_at.is_(None))
            .group_by(ratings.c.key)
        ).all()
    }
    ranked = sorted(game_ids(), key=lambda g: (game_class(g).rank, g))
    keys = rt.known_keys()
    return [
        {
            "key": key,
            "game": rt.game_of_key(key),
            "label": rt.key_label(key),
            "variant": key != rt.game_of_key(key),
            "rated_players": counts.get(key, 0),
        }
        for game in ranked
        for key in keys
        if rt.game_of_key(key) == game
    ]


def _engine(request: Request) -> sa.engine.Engine:
    engine: sa.engine.Engine = request.app.state.manager.storage.engine
    return engine


@router.get("/api/players/{player_id}", summary="A player's page: ratings, history, games")
async def get_player(player_id: str, request: Request) -> Any:
    if len(player_id) > 32:
        return _not_found(f"no player {player_id[:32]!r}…", "unknown_player")

    def read() -> dict[str, Any] | None:
        with _engine(request).connect() as conn:
            return player_page(conn, player_id)

    page = await asyncio.to_thread(read)
    if page is None:
        return _not_found(f"no player {player_id!r}", "unknown_player")
    return page


@router.get("/api/leaderboards", summary="The leaderboards: one per game and variant")
async def list_leaderboards(request: Request) -> list[dict[str, Any]]:
    def read() -> list[dict[str, Any]]:
        with _engine(request).connect() as conn:
            return leaderboard_keys(conn)

    return await asyncio.to_thread(read)


@router.get("/api/leaderboards/{key}", summary="The active rated players of a game")
async def get_leaderboard(
    key: str, request: Request, size: int = Query(LEADERBOARD_SIZE, ge=1, le=LEADERBOARD_SIZE)
) -> Any:
    if key not in rt.known_keys():
        return _not_found(f"no leaderboard {key[:80]!r}", "unknown_game")

    def read() -> dict[str, Any]:
        with _engine(request).connect() as conn:
            board = leaderboard(conn, key, time.time())
        board["players"] = board["players"][:size]
        return board

    return await asyncio.to_thread(read)
