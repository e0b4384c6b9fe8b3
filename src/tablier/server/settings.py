"""The server's tunable behaviour, read from TABLIER_* environment variables."""

from __future__ import annotations

import os
from dataclasses import dataclass

from tablier.server.protocol import RATE_BURST, RATE_PER_SECOND


@dataclass
class Settings:
    """Tunable behaviour; `from_env` reads TABLIER_* variables (used by tests)."""

    ai_delay: float = 0.8  # a computer's move is shown no sooner, so people can follow
    ai_think_limit: float = 15.0
    ai_workers: int | None = None
    hello_timeout: float = 15.0
    send_queue: int = 512
    # the protocol's defaults; a load benchmark may raise them for its robot clients
    rate_burst: int = RATE_BURST
    rate_per_second: float = RATE_PER_SECOND
    # what one anonymous visitor may ask (see server/limits.py)
    max_body: int = 64 * 1024
    max_option_text: int = 200
    rooms_per_minute: int = 30
    max_rooms: int = 5000
    sockets_per_client: int = 64
    # a room nobody is connected to leaves memory after this long (the database keeps it)
    room_idle_seconds: float = 600.0
    # where `tablier study` writes its reports, one folder per game
    studies_dir: str = "studies"
    # several server processes on one PostgreSQL database coordinate through Redis
    redis_url: str | None = None

    @classmethod
    def from_env(cls) -> Settings:
        def number(name: str, default: float) -> float:
            raw = os.environ.get(name)
            return float(raw) if raw else default

        workers = os.environ.get("TABLIER_AI_WORKERS")
        return cls(
            ai_delay=number("TABLIER_AI_DELAY", cls.ai_delay),
            ai_think_limit=number("TABLIER_AI_THINK_LIMIT", cls.ai_think_limit),
            ai_workers=int(workers) if workers else None,
            hello_timeout=number("TABLIER_HELLO_TIMEOUT", cls.hello_timeout),
            rate_burst=int(number("TABLIER_RATE_BURST", cls.rate_burst)),
            rate_per_second=number("TABLIER_RATE_PER_SECOND", cls.rate_per_second),
            max_body=int(number("TABLIER_MAX_BODY", cls.max_body)),
            max_option_text=int(number("TABLIER_MAX_OPTION_TEXT", cls.max_option_text)),
            rooms_per_minute=int(number("TABLIER_ROOMS_PER_MINUTE", cls.rooms_per_minute)),
            max_rooms=int(number("TABLIER_MAX_ROOMS", cls.max_rooms)),
            sockets_per_client=int(number("TABLIER_SOCKETS_PER_CLIENT", cls.sockets_per_client)),
            room_idle_seconds=number("TABLIER_ROOM_IDLE_SECONDS", cls.room_idle_seconds),
            studies_dir=os.environ.get("TABLIER_STUDIES", cls.studies_dir),
            redis_url=os.environ.get("TABLIER_REDIS_URL") or None,
        )
