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
from tablier.core.options import OptionError
from tablier.core.rules_diagrams import MAX_MOVES, Diagram, position
from tablier.server.limits import short, unicode_problem
from tablier.server.outcomes import told_outcome

router = APIRouter(tags=["games"])

# an example's options are few and short, like a room's
MAX_OPTIONS = 16
MAX_OPTION_TEXT = 200


class PreviewBody(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    moves: list[str | list[Any]] = Field(default_factory=list, max_length=MAX_MOVES)
    seed: int = 1
    players: int | None = Field(default=None, ge=1, le=12)


def _refuse(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


def _options_problem(game_id: str, options: dict[str, Any]) -> JSONResponse | None:
    """Options a remote client may send: short values, shipped resources named only by
    their declared names (the server never opens a path a client chose)."""
    if len(options) > MAX_OPTIONS:
        return _refuse(400, "too many options")
    for key, value in options.items():
        if not isinstance(value, str | int | float | bool | None):
            return _refuse(400, f"option {short(key)}: a value is text, a number or a boolean")
        if isinstance(value, str) and (
            len(value) > MAX_OPTION_TEXT or "/" in value or "\\" in value or value.startswith(".")
        ):
            return _refuse(400, f"option {short(key)}: not a value the server accepts")
    for spec in registry.game_class(game_id).option_specs:
        if spec.resources is not None and spec.name in options:
            try:
                spec.check_resource(options[spec.name])
            except OptionError as exc:
                return _refuse(400, exc.text("en"), text=exc.reason.texts())
    return None


@router.post("/api/preview", summary="An example position, as a spectator sees it")
async def preview(body: PreviewBody) -> Any:
    if body.game not in registry.game_ids():
        return _refuse(404, f"unknown game {body.game!r}")
    where = unicode_problem(body.model_dump())
    if where is not None:
        return _refuse(400, f"{where.lstrip('.')}: the text is not valid Unicode")
    problem = _options_problem(body.game, body.options)
    if problem is not None:
        return problem
    diagram = Diagram(body.game, body.options, body.moves, body.seed, body.players)
    try:
        state = position(diagram)
    except IllegalMove as exc:
        # the engine's reason, in both languages, for whoever wrote the example
        return _refuse(400, str(exc), text={lang: exc.text(lang) for lang in LANGS})
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
