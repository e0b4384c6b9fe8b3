"""The JSON bodies the REST routes accept; an unknown field is refused."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Body):
    kind: Literal["human", "computer"] = "human"
    level: str | None = Field(None, description="computer level, e.g. random, easy, hard")
    name: str | None = Field(None, max_length=40)
    mine: bool = Field(False, description="the creator takes this seat (several: same screen)")


class ClockSpec(_Body):
    mode: Literal["total", "move"] = Field(
        description="total: seconds per seat for the game; move: seconds per decision"
    )
    seconds: float = Field(gt=0, le=86400)
    increment: float = Field(0, ge=0, le=3600)


class CreateRoom(_Body):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: int | None = Field(None, ge=1, le=16)
    seats: list[SeatSpec] = Field(default_factory=list, max_length=16)
    seating: Literal["random", "as_listed"] | None = Field(
        None, description="random by default where the rules draw lots (the game's `draws_lots`)"
    )
    clock: ClockSpec | None = None
    player_id: str | None = Field(None, min_length=1, max_length=80)
    rated: bool = Field(False, description="counts for the ratings: every seat a signed-in person")


class JoinSeat(_Body):
    seat: int | None = Field(None, ge=0, le=15)
    player_id: str | None = Field(None, min_length=1, max_length=80)
    # the 40-character limit is told by clean_seat_name, with a code the page words
    name: str | None = Field(None, max_length=200)
