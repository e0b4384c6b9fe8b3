"""A computer seat's turn: the pool thinks, the room waits a moment so a person can
follow, then plays the move (or a fallback when the computer fails)."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from typing import TYPE_CHECKING

from tablier.core.game import Game
from tablier.server import timers
from tablier.server.fair_queue import Priority, charge
from tablier.server.protocol import BadMessage

if TYPE_CHECKING:
    from tablier.server.rooms import Room

log = logging.getLogger("tablier.server")


def fallback_move(game: Game, legal: list[str]) -> str | None:
    """A legal move to play for a computer that failed: any complete move, else the
    game's timeout move, else None (the seat then loses)."""
    concrete = [m for m in legal if not game.is_template(m) and m != game.timeout_move]
    if concrete:
        return random.choice(concrete)
    if game.timeout_move is not None and game.timeout_move in legal:
        return game.timeout_move
    return None


async def take_turn(room: Room, seat: int) -> None:
    loop = asyncio.get_running_loop()
    settings = room.settings
    try:
        number, count = room.number, len(room.state.history)
        observation = room.state.observation(seat)
        level = room.seats[seat].level or "random"
        started = loop.time()
        try:
            # nobody waits for a game of computers only: it goes after people's work
            kind = Priority.SHOW if room.computers_only() else Priority.MOVE
            with charge(room.charged_to(), kind):
                move: str | None = await room.pool.choose(
                    game_id=room.game_id,
                    options=room.options,
                    level=level,
                    seed=secrets.randbits(32),
                    observation=observation,
                    seat=seat,
                    limit=settings.ai_think_limit,
                )
        except Exception as exc:
            log.warning("room %s seat %s: computer failed (%r)", room.id, seat, exc)
            move = None
        wait = settings.ai_delay - (loop.time() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        async with room.lock:
            if number != room.number or room.over or seat not in room.awaited():
                return
            # a party game waiting for a phone or paused: the computer waits as well (it
            # is woken again when the game goes on)
            if timers.held(room):
                return
            # someone else moved meanwhile (a simultaneous step): check it still fits
            moved = count != len(room.state.history)
            if moved and move not in {str(m) for m in room.state.legal_moves(seat)}:
                move = None
            try:
                if move is None:
                    raise BadMessage("illegal_move", "no move")
                await room.commit(seat, move)
            except BadMessage:
                legal = [str(m) for m in room.state.legal_moves(seat)]
                fallback = fallback_move(room.game, legal)
                if fallback is None:
                    await room.end(seat, "computer_failed")
                else:
                    await room.commit(seat, fallback)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("room %s seat %s: computer turn failed", room.id, seat)
    finally:
        room.thinking.discard(seat)
    room.after_change()
