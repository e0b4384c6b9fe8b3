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
    # WebSocket messages paced per requester, all its sockets together (server/pacing.py);
    # a load benchmark or a test server raises them for its robot clients
    rate_burst: int = RATE_BURST
    rate_per_second: float = RATE_PER_SECOND
    # plain HTTP requests paced per address (server/http_pacing.py): a page load's burst,
    # then a steady rate; past `http_waiting` requests waiting, a 429
    http_burst: int = 200
    http_per_second: float = 30.0
    http_waiting: int = 64
    # games started (rematches, new deals) per requester in any hour: anonymous, profile
    games_per_hour: int = 120
    profile_games_per_hour: int = 600
    # bytes of moves a person's sockets store per requester in any hour (server/
    # bytes_quota.py): anonymous, profile
    move_bytes_per_hour: int = 4 * 1024 * 1024
    profile_move_bytes_per_hour: int = 16 * 1024 * 1024
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
    # fair shares (server/limits.py): one address holds at most this many rooms in memory
    rooms_per_client: int = 250
    # uploads (a deck...) from one address in any hour: how many and how many bytes
    uploads_per_hour: int = 20
    upload_bytes_per_hour: int = 4 * 1024 * 1024
    # an upload no room took is forgotten after this long
    upload_ttl_seconds: float = 3600.0
    # a deck check runs in a worker process for at most this long
    upload_check_seconds: float = 5.0
    # party code lookups that name no room, per address per minute
    code_misses_per_minute: int = 20
    # a party join token (in the TV's link and QR code) opens seats for this long
    join_token_seconds: float = 900.0
    # connections: idle keep-alive, unfinished request headers, WebSocket pings, and the
    # most connections and requests the process serves at once (more: a 503; 0: as many
    # as the process's file limit leaves room for)
    keep_alive_seconds: float = 5.0
    header_seconds: float = 10.0
    ws_ping_seconds: float = 20.0
    max_connections: int = 0
    # uvicorn's HTTP parser: "auto" (httptools where installed, else h11) or "h11"
    http_parser: str = "auto"
    # reverse proxies whose X-Forwarded-For is believed (addresses or networks); empty:
    # the peer's address is the client's
    trusted_proxies: tuple[str, ...] = ()

    @classmethod
    def from_env(cls) -> Settings:
        def number(name: str, default: float) -> float:
            raw = os.environ.get(name)
            return float(raw) if raw else default

        def either(name: str, older: str, default: float) -> float:
            return number(name, number(older, default))

        workers = os.environ.get("TABLIER_AI_WORKERS")
        return cls(
            ai_delay=number("TABLIER_AI_DELAY", cls.ai_delay),
            ai_think_limit=number("TABLIER_AI_THINK_LIMIT", cls.ai_think_limit),
            ai_workers=int(workers) if workers else None,
            hello_timeout=number("TABLIER_HELLO_TIMEOUT", cls.hello_timeout),
            # TABLIER_RATE_*: the names these had when they counted per socket
            rate_burst=int(
                either("TABLIER_WS_MESSAGES_BURST", "TABLIER_RATE_BURST", cls.rate_burst)
            ),
            rate_per_second=either(
                "TABLIER_WS_MESSAGES_PER_SECOND", "TABLIER_RATE_PER_SECOND", cls.rate_per_second
            ),
            http_burst=int(number("TABLIER_HTTP_BURST", cls.http_burst)),
            http_per_second=number("TABLIER_HTTP_PER_SECOND", cls.http_per_second),
            http_waiting=int(number("TABLIER_HTTP_WAITING", cls.http_waiting)),
            games_per_hour=int(number("TABLIER_GAMES_PER_HOUR", cls.games_per_hour)),
            profile_games_per_hour=int(
                number("TABLIER_PROFILE_GAMES_PER_HOUR", cls.profile_games_per_hour)
            ),
            move_bytes_per_hour=int(number("TABLIER_MOVE_BYTES_PER_HOUR", cls.move_bytes_per_hour)),
            profile_move_bytes_per_hour=int(
                number("TABLIER_PROFILE_MOVE_BYTES_PER_HOUR", cls.profile_move_bytes_per_hour)
            ),
            max_body=int(number("TABLIER_MAX_BODY", cls.max_body)),
            max_option_text=int(number("TABLIER_MAX_OPTION_TEXT", cls.max_option_text)),
            rooms_per_minute=int(number("TABLIER_ROOMS_PER_MINUTE", cls.rooms_per_minute)),
            max_rooms=int(number("TABLIER_MAX_ROOMS", cls.max_rooms)),
            sockets_per_client=int(number("TABLIER_SOCKETS_PER_CLIENT", cls.sockets_per_client)),
            room_idle_seconds=number("TABLIER_ROOM_IDLE_SECONDS", cls.room_idle_seconds),
            studies_dir=os.environ.get("TABLIER_STUDIES", cls.studies_dir),
            redis_url=os.environ.get("TABLIER_REDIS_URL") or None,
            rooms_per_client=int(number("TABLIER_ROOMS_PER_CLIENT", cls.rooms_per_client)),
            uploads_per_hour=int(number("TABLIER_UPLOADS_PER_HOUR", cls.uploads_per_hour)),
            upload_bytes_per_hour=int(
                number("TABLIER_UPLOAD_BYTES_PER_HOUR", cls.upload_bytes_per_hour)
            ),
            upload_ttl_seconds=number("TABLIER_UPLOAD_TTL_SECONDS", cls.upload_ttl_seconds),
            upload_check_seconds=number("TABLIER_UPLOAD_CHECK_SECONDS", cls.upload_check_seconds),
            code_misses_per_minute=int(
                number("TABLIER_CODE_MISSES_PER_MINUTE", cls.code_misses_per_minute)
            ),
            join_token_seconds=number("TABLIER_JOIN_TOKEN_SECONDS", cls.join_token_seconds),
            keep_alive_seconds=number("TABLIER_KEEP_ALIVE_SECONDS", cls.keep_alive_seconds),
            header_seconds=number("TABLIER_HEADER_SECONDS", cls.header_seconds),
            ws_ping_seconds=number("TABLIER_WS_PING_SECONDS", cls.ws_ping_seconds),
            max_connections=int(number("TABLIER_MAX_CONNECTIONS", cls.max_connections)),
            http_parser=os.environ.get("TABLIER_HTTP_PARSER", cls.http_parser),
            trusted_proxies=tuple(
                part.strip()
                for part in os.environ.get("TABLIER_TRUSTED_PROXIES", "").split(",")
                if part.strip()
            ),
        )
