"""What a player's message does to a room, wherever the socket that carried it is held."""

from __future__ import annotations

import logging

import sqlalchemy as sa

from tablier.server.connection import Connection
from tablier.server.fair_queue import Busy, Priority, charge
from tablier.server.protocol import (
    BadMessage,
    Hello,
    HintRequest,
    MoveMessage,
    Ping,
    Rematch,
    Resign,
    parse_client_message,
)
from tablier.server.rooms import Room
from tablier.server.storage import StorageUnavailable

log = logging.getLogger("tablier.server")


async def handle(room: Room, conn: Connection, text: str) -> None:
    ref: str | int | None = None
    try:
        message = parse_client_message(text)
        ref = getattr(message, "ref", None)
        if isinstance(message, Ping):
            conn.push({"type": "pong", "ref": ref})
            return
        if isinstance(message, Hello):
            raise BadMessage("already_hello", "hello was already received on this connection")
        assert isinstance(message, MoveMessage | Resign | Rematch | HintRequest)
        if conn.spectator:
            raise BadMessage("spectator", "a spectator cannot act")
        if message.seat not in conn.seats:
            raise BadMessage(
                "not_your_seat",
                f"this connection plays seat {', '.join(map(str, sorted(conn.seats)))}, "
                f"not seat {message.seat}",
            )
        if isinstance(message, MoveMessage):
            await room.play(message.seat, message.move, conn, ref)
        elif isinstance(message, HintRequest):
            # aside: the socket's next messages are read meanwhile, and its leaving
            # cancels the hint (server/fair_compute.py)
            conn.run_aside(_hint_aside(room, message.seat, conn, ref))
        elif isinstance(message, Resign):
            await room.resign(message.seat, conn, ref)
        else:
            await room.ask_rematch(message.seat, conn, ref)
    except BadMessage as exc:
        conn.push(exc.to_message(ref))
    except (StorageUnavailable, sa.exc.OperationalError) as exc:
        # nothing was changed (rooms write before they change): the socket stays open
        log.error("room %s: an action could not be saved: %s", room.id, exc)
        conn.push(storage_error(ref, "the server cannot save anything right now; nothing changed"))


async def _hint_aside(room: Room, seat: int, conn: Connection, ref: str | int | None) -> None:
    try:
        await give_hint(room, seat, conn, ref)
    except BadMessage as exc:
        conn.push(exc.to_message(ref))
    except Busy as exc:
        conn.push(BadMessage("busy", exc.message).to_message(ref))
    except TimeoutError:
        conn.push(BadMessage("busy", "the computer could not answer in time").to_message(ref))
    except Exception:
        log.exception("room %s: a hint failed", room.id)
        conn.push(BadMessage("server_error", "the hint failed; try again").to_message(ref))


# the level that suggests moves: quick, and good enough to teach
HINT_LEVEL = "medium"


async def give_hint(room: Room, seat: int, conn: Connection, ref: str | int | None) -> None:
    """The engine's move for `seat`, when a person plays alone against the computer: in a
    game between people a hint would be help from outside the table."""
    others = [s for s in room.seats if s.seat not in conn.seats]
    if not others or any(s.kind != "computer" for s in others):
        raise BadMessage("no_hint", "hints are given only in a game against the computer")
    if room.game.text_move_templates:
        raise BadMessage("no_hint", "a quiz gives no hints: the answers are the game")
    if room.over or seat not in room.awaited():
        raise BadMessage("no_hint", "a hint is given when it is that seat's turn")
    count = len(room.state.history)
    # the position the hint is for: another seat may move meanwhile (Qui'win's are
    # simultaneous), and the words must describe the move from here
    position = room.state.clone()
    with charge(conn.requester, Priority.HINT):
        move = await room.pool.choose(
            game_id=room.game_id,
            options=room.options,
            level=HINT_LEVEL,
            seed=count,
            observation=room.state.observation(seat),
            seat=seat,
            limit=room.settings.ai_think_limit,
        )
    said = position.describe_move(seat, move, seat)
    words = said.texts() if said is not None else None
    hint = {"type": "hint", "seat": seat, "move": move, "words": words, "move_count": count}
    conn.push({**hint, "ref": ref})


def storage_error(ref: str | int | None, message: str) -> dict[str, object]:
    return {"type": "error", "ref": ref, "code": "storage_unavailable", "message": message}
