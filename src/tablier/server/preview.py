"""`POST /api/preview`: an example position (a game, its options, a few moves) as a
spectator sees it, for the diagrams of the rules pages. Nothing is stored."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from tablier.core import registry
from tablier.core.errors import IllegalMove
from tablier.core.messages import LANGS
from tablier.core.rules_diagrams import MAX_MOVES, Diagram, position
from tablier.server.outcomes import told_outcome

router = APIRouter(tags=["games"])


class PreviewBody(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    moves: list[str | list[Any]] = Field(default_factory=list, max_length=MAX_MOVES)
    seed: int = 1
    players: int | None = Field(default=None, ge=1, le=12)
    setup: dict[str, Any] = Field(default_factory=dict)


def _refuse(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


@router.post("/api/preview", summary="An example position, as a spectator sees it")
async def preview(body: PreviewBody) -> Any:
    if body.game not in registry.game_ids():
        return _refuse(404, f"unknown game {body.game!r}")
    diagram = Diagram(body.game, body.options, body.moves, body.seed, body.players, body.setup)
    try:
        state = position(diagram)
    except IllegalMove as exc:
        # the engine's reason, in both languages, for whoever wrote the example
        return JSONResponse(
            {"error": str(exc), "text": {lang: exc.text(lang) for lang in LANGS}},
            status_code=400,
        )
    except (ValueError, TypeError) as exc:
        return _refuse(400, str(exc))
    over = state.is_terminal()
    return {
        "type": "state",
        "seat": None,
        "observation": state.observation(None),
        "legal_moves": [],
        "awaited": state.current_players(),
        "moves": state.public_history(None),
        "move_count": len(state.history),
        "terminal": over,
        "outcome": told_outcome(state.game, state.outcome()) if over else None,
        "rematch": [],
    }
