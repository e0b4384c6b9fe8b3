"""What the lobby's routes accept: each body names its fields and refuses others."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class OpenBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field("quiadiquoi", min_length=1, max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    # the digits the TV shows under the code (its link and QR code carry them)
    join_token: str | None = Field(None, max_length=8)


class GuestChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=80)
    colour: str | None = None
    avatar: str | None = None
    cheat: bool | None = None
    name: str | None = Field(None, min_length=1, max_length=40)


class HostAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=80)


class OptionsBody(HostAction):
    options: dict[str, Any]


class ComputerBody(HostAction):
    level: str = "medium"


class PauseBody(HostAction):
    paused: bool


class TokenBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=80)
