"""The WebSocket protocol: every message a client may send or receive, as pydantic models.

`docs/protocol.md` explains the conversation; `GET /api/protocol/schema` publishes the
JSON Schema generated from these models, so the two cannot drift apart silently.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

PROTOCOL_VERSION = 1
# a frame larger than this is refused and the connection closed (code 1009)
MAX_FRAME_BYTES = 16 * 1024
# one requester's sockets together may send this many messages in a burst, then
# RATE_PER_SECOND; past that the server reads their next frames later (server/pacing.py)
RATE_BURST = 40
RATE_PER_SECOND = 20.0
MAX_MOVE_CHARS = 2000
Ref = Annotated[str | int | None, Field(default=None, description="echoed in the answer")]
Seat = Annotated[int, Field(ge=0, le=63)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ----------------------------------------------------------------- client → server
class Hello(_Message):
    """First message on a connection: which seats it speaks for, or that it watches."""

    type: Literal["hello"]
    v: int = Field(PROTOCOL_VERSION, description="protocol version the client speaks")
    tokens: list[Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        default_factory=list, max_length=8
    )
    watch: bool = False
    ref: Ref = None


class MoveMessage(_Message):
    """Play `move` (its notation, or a text move such as `answer:Hugo`) for `seat`."""

    type: Literal["move"]
    seat: Seat
    move: Annotated[str, Field(min_length=1, max_length=MAX_MOVE_CHARS)]
    ref: Ref = None


class Resign(_Message):
    type: Literal["resign"]
    seat: Seat
    ref: Ref = None


class Rematch(_Message):
    """Ask for a new game in the same room once the game is over."""

    type: Literal["rematch"]
    seat: Seat
    ref: Ref = None


class Ping(_Message):
    type: Literal["ping"]
    ref: Ref = None


class HintRequest(_Message):
    """Ask the engine for a move for `seat` (games against the computer only)."""

    type: Literal["hint"]
    seat: Seat
    ref: Ref = None


ClientMessage = Annotated[
    Hello | MoveMessage | Resign | Rematch | Ping | HintRequest, Field(discriminator="type")
]
CLIENT_TYPES = ("hello", "move", "resign", "rematch", "ping", "hint")
_client_adapter: TypeAdapter[Any] = TypeAdapter(ClientMessage)


# ----------------------------------------------------------------- server → client
class SeatInfo(_Message):
    """What everyone may know about a seat."""

    seat: int
    kind: Literal["human", "computer"]
    level: str | None = None
    name: str | None = None
    taken: bool = Field(description="a person holds this seat's token (always true for computers)")
    connected: bool = False


class Clocks(_Message):
    """Remaining seconds per seat at the moment the message was sent.

    The seats in `running` are thinking now: their clock counts down from `remaining`.
    """

    mode: Literal["total", "move", "answer"]
    remaining: list[float | None]
    running: list[int]
    increment: float = 0


class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    v: int = PROTOCOL_VERSION
    room: str
    game: dict[str, Any] = Field(description="Game.describe() of the room's game")
    options: dict[str, Any]
    num_players: int
    seats: list[int] = Field(description="the seats this connection plays (empty: spectator)")
    spectator: bool
    limits: dict[str, Any]


class StateMessage(_Message):
    """The position as `seat` may see it (`seat` null: a spectator's view)."""

    type: Literal["state"] = "state"
    room: str
    game_number: int = Field(description="1 for the room's first game, +1 per rematch/new deal")
    seat: int | None
    observation: dict[str, Any]
    legal_moves: list[str] = Field(description="moves `seat` may send now ([] if not awaited)")
    awaited: list[int]
    moves: list[list[Any]] = Field(description="public_history(seat): [[player, notation], ...]")
    words: list[dict[str, str] | None] = Field(
        default_factory=list,
        description="the same moves in words, {fr, en} each (None: notation only)",
    )
    move_count: int = Field(description="accepted moves so far in this game (all seats)")
    terminal: bool
    outcome: dict[str, Any] | None
    clocks: Clocks | None
    seats: list[SeatInfo]
    rematch: list[int] = Field(description="seats that asked for a rematch")
    previous_outcome: dict[str, Any] | None = Field(
        None, description="outcome of the room's previous game (e.g. a void deal)"
    )


class Accepted(_Message):
    """Sent to the connection that played a move once it is stored."""

    type: Literal["accepted"] = "accepted"
    ref: str | int | None
    seat: int
    move: str
    game_number: int
    move_count: int


class Ack(_Message):
    """Answers a resign or rematch message once it is taken into account."""

    type: Literal["ack"] = "ack"
    ref: str | int | None
    action: Literal["resign", "rematch"]
    seat: int


class Presence(_Message):
    type: Literal["presence"] = "presence"
    seats: list[SeatInfo]


class ErrorMessage(_Message):
    type: Literal["error"] = "error"
    code: str
    message: str
    ref: str | int | None = None
    # for a refused move: the engine's reason, {code, params, text: {fr, en}}
    reason: dict[str, Any] | None = None


class Pong(_Message):
    type: Literal["pong"] = "pong"
    ref: str | int | None = None


class Hint(_Message):
    """The engine's suggestion for `seat` in the position `move_count`."""

    type: Literal["hint"] = "hint"
    seat: int
    move: str
    words: dict[str, str] | None = Field(default=None, description="the move in words, {fr, en}")
    move_count: int
    ref: str | int | None = None


ServerMessage = Annotated[
    Welcome | StateMessage | Accepted | Ack | Presence | ErrorMessage | Pong | Hint,
    Field(discriminator="type"),
]

ERROR_CODES = {
    "bad_json": "the frame is not JSON text",
    "bad_message": "the message does not match the schema (the message says which field)",
    "unknown_type": "the message type is not one the protocol knows",
    "hello_first": "the first message must be hello",
    "already_hello": "hello was already sent on this connection",
    "unsupported_version": "the server does not speak that protocol version",
    "not_your_seat": "this connection does not hold that seat",
    "not_awaited": "that seat's decision is not awaited now",
    "illegal_move": "the game's rules refuse the move (the message says why)",
    "game_over": "the game is over",
    "game_not_over": "a rematch is possible only after the game ends",
    "spectator": "spectators cannot act",
    "no_hint": "hints are for a player against the computer, when it is his turn",
    "busy": "the computer has as much work from this address or profile as it may take "
    "(or could not answer in time): try again a little later",
    "server_error": "the move could not be stored; nothing changed, try again",
    "storage_unavailable": "the database cannot take writes (gone, read-only, failing): "
    "nothing changed; reads go on",
    "too_many_games": "this address or profile has started as many games this hour as it "
    "may (rematches, new deals): nothing changed, the socket stays open",
    "storage_quota": "this address or profile has stored as many bytes of moves this hour as "
    "it may: the move is not played, the socket stays open",
}

# WebSocket close codes used by the server (4000-4999 are application codes)
CLOSE_CODES = {
    1001: "the server is shutting down",
    1008: "policy violation: no valid hello in time",
    1009: "message too big",
    1011: "server error",
    1013: "try again later: too many connections from one address, or the database is down",
    4400: "unsupported protocol version",
    4403: "unknown seat token",
    4404: "no such room",
    4408: "the client does not read its messages (send queue full)",
}


class BadMessage(Exception):
    """A client message that cannot be accepted; `code` is one of ERROR_CODES."""

    def __init__(
        self,
        code: str,
        message: str,
        ref: str | int | None = None,
        *,
        reason: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref
        # a refused move's reason as the engine gave it: {code, params, text: {fr, en}}
        self.reason = reason

    def to_message(self, ref: str | int | None = None) -> dict[str, Any]:
        """The `error` message telling the client."""
        message: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        message["ref"] = ref if ref is not None else self.ref
        if self.reason is not None:
            message["reason"] = self.reason
        return message


def parse_client_message(text: str) -> Hello | MoveMessage | Resign | Rematch | Ping:
    """Decode and validate one client frame, or raise BadMessage saying why."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        # ValueError covers bad JSON and integers too long to convert
        raise BadMessage("bad_json", f"the message is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BadMessage("bad_message", "a message is a JSON object with a 'type' field")
    # echo a usable ref even in the answer to an invalid message
    raw_ref = data.get("ref")
    ref = raw_ref if isinstance(raw_ref, str | int) and not isinstance(raw_ref, bool) else None
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise BadMessage(
            "unknown_type",
            f"unknown message type {kind!r}; known types: {', '.join(CLIENT_TYPES)}",
            ref,
        )
    try:
        return _client_adapter.validate_python(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'][1:]) or 'message'}: {err['msg']}"
            for err in exc.errors()
        )
        raise BadMessage("bad_message", f"invalid {kind} message: {problems}", ref) from None


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema of both directions, with the limits and codes clients rely on."""
    return {
        "version": PROTOCOL_VERSION,
        "client_to_server": TypeAdapter(ClientMessage).json_schema(),
        "server_to_client": TypeAdapter(ServerMessage).json_schema(),
        "limits": limits(),
        "error_codes": ERROR_CODES,
        "close_codes": {str(k): v for k, v in CLOSE_CODES.items()},
    }


def limits(burst: int = RATE_BURST, per_second: float = RATE_PER_SECOND) -> dict[str, Any]:
    return {
        "max_frame_bytes": MAX_FRAME_BYTES,
        "rate_burst": burst,
        "rate_per_second": per_second,
        "max_move_chars": MAX_MOVE_CHARS,
    }
