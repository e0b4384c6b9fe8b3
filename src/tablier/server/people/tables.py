"""The tables of the people layer, on the storage's metadata (one schema, one migration history).

Times are Unix seconds (floats), as in the rest of the storage. Only hashes of secrets are
kept: a session cookie's token, never the token itself.
"""

from __future__ import annotations

import sqlalchemy as sa

from tablier.server.storage import metadata

profiles = sa.Table(
    "profiles",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    # NULL once the profile is deleted: its games stay, shown under "joueur supprimé"
    sa.Column("name", sa.String(40), nullable=True),
    # the name folded (case, accents, spaces): two profiles cannot look alike
    sa.Column("name_key", sa.String(80), nullable=True, unique=True),
    sa.Column("password_hash", sa.String(255), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("seen_at", sa.Float, nullable=False),
    sa.Column("deleted_at", sa.Float, nullable=True),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column(
        "profile_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=False, index=True
    ),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("used_at", sa.Float, nullable=False),
)

passkeys = sa.Table(
    "passkeys",
    metadata,
    # base64url of the credential id the authenticator chose
    sa.Column("credential_id", sa.String(1024), primary_key=True),
    sa.Column(
        "profile_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=False, index=True
    ),
    sa.Column("public_key", sa.LargeBinary, nullable=False),
    sa.Column("sign_count", sa.BigInteger, nullable=False, default=0),
    sa.Column("created_at", sa.Float, nullable=False),
)

# a pending WebAuthn ceremony: the challenge the server issued, used once
webauthn_challenges = sa.Table(
    "webauthn_challenges",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("challenge", sa.LargeBinary, nullable=False),
    sa.Column("profile_id", sa.String(32), nullable=True),
    sa.Column("purpose", sa.String(16), nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)

# one rating per profile and rating key: a game id, or "game:variant" where the variant
# changes the game; Glicko-2 fields for two-player games, OpenSkill's mu/sigma for
# QuiAdiQuoi (rating = mu, rd = sigma, volatility unused)
ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("profile_id", sa.String(32), sa.ForeignKey("profiles.id"), primary_key=True),
    sa.Column("key", sa.String(80), primary_key=True),
    sa.Column("system", sa.String(16), nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=True),
    sa.Column("games", sa.Integer, nullable=False, default=0),
    sa.Column("wins", sa.Integer, nullable=False, default=0),
    sa.Column("losses", sa.Integer, nullable=False, default=0),
    sa.Column("draws", sa.Integer, nullable=False, default=0),
    sa.Column("updated_at", sa.Float, nullable=False),
)

# every rated result, per profile: the rating history and the "strongest wins"; unique per
# game so that a finish applied twice (a retried write) rates once
rating_events = sa.Table(
    "rating_events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "profile_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=False, index=True
    ),
    sa.Column("key", sa.String(80), nullable=False),
    sa.Column("room_id", sa.String(32), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("before", sa.Float, nullable=False),
    sa.Column("after", sa.Float, nullable=False),
    sa.Column("rd_after", sa.Float, nullable=False),
    # the opponent (a profile id) and their rating before the game; several in QuiAdiQuoi
    sa.Column("opponents", sa.JSON, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("profile_id", "room_id", "number", name="uq_rating_event_game"),
)

# rooms whose games count for ratings (decided when the room is created, never after)
rated_rooms = sa.Table(
    "rated_rooms",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("key", sa.String(80), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

# the open-games lobby: a challenge waits for someone to accept it, once
challenges = sa.Table(
    "challenges",
    metadata,
    sa.Column("id", sa.String(16), primary_key=True),
    sa.Column(
        "profile_id", sa.String(32), sa.ForeignKey("profiles.id"), nullable=False, index=True
    ),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("clock", sa.JSON, nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("min_rating", sa.Float, nullable=True),
    sa.Column("max_rating", sa.Float, nullable=True),
    # posted by "partie rapide": paired automatically, not listed for one-click accept
    sa.Column("quick", sa.Boolean, nullable=False, default=False),
    # open, accepted, cancelled or expired
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Column("accepted_by", sa.String(32), nullable=True),
    sa.Column("room_id", sa.String(32), nullable=True),
)
