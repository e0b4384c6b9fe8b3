"""What a client sends for a new room (its text, its options) checked before any game
is built; the open-games lobby checks its challenges with the same functions."""

from __future__ import annotations

from typing import Any

from tablier.core import registry
from tablier.core.options import OptionError
from tablier.server.limits import short, unicode_problem
from tablier.server.routes.errors import ApiError

MAX_OPTIONS = 32
MAX_OPTION_NAME = 40


def check_text(body: dict[str, Any], max_option_text: int, options: dict[str, Any]) -> None:
    """Text a client sends must be valid Unicode, and option values short."""
    where = unicode_problem(body)
    if where is not None:
        raise ApiError(400, f"{where.lstrip('.')}: the text is not valid Unicode")
    if len(options) > MAX_OPTIONS:
        raise ApiError(400, "too many options")
    for key, value in options.items():
        if len(key) > MAX_OPTION_NAME or (isinstance(value, str) and len(value) > max_option_text):
            raise ApiError(
                400,
                f"option {short(key)}: option values are limited to {max_option_text} characters",
            )
        if not isinstance(value, str | int | float | bool | None):
            raise ApiError(400, f"option {short(key)}: a value is text, a number or a boolean")


def check_resources(game_id: str, options: dict[str, Any]) -> None:
    """An option naming a shipped resource (a deck...) takes only a declared name: the
    server never opens a path a remote client chose."""
    for spec in registry.game_class(game_id).option_specs:
        if spec.resources is None or spec.name not in options:
            continue
        try:
            spec.check_resource(options[spec.name])
        except OptionError as exc:
            raise ApiError(400, exc.text("en"), option=spec.name, text=exc.reason.texts()) from None
    for key, value in options.items():
        # and no option value that looks like a path, resource or not
        if isinstance(value, str) and ("/" in value or "\\" in value or value.startswith(".")):
            raise ApiError(400, f"option {key!r}: file paths are not accepted by the server")


def load_options(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """Options as JSON values; text values are also parsed as on the command line."""
    game_cls = registry.game_class(game_id)
    try:
        return dict(game_cls(**options).options)
    except ValueError as first:
        parsed = {}
        for key, value in options.items():
            try:
                parsed[key] = game_cls.parse_option(key, value) if isinstance(value, str) else value
            except ValueError:
                raise first from None
        return dict(game_cls(**parsed).options)


def known_game(game_id: str) -> None:
    """A body naming a game this server lacks is refused (400), with the known games."""
    if game_id not in registry.game_ids():
        raise ApiError(400, f"unknown game {game_id!r}", known=registry.game_ids())


def checked_options(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """A known game's options, resources checked, as the game reads them."""
    known_game(game_id)
    check_resources(game_id, options)
    try:
        return load_options(game_id, options)
    except OptionError as exc:
        raise ApiError(400, exc.text("en"), text=exc.reason.texts()) from None
    except ValueError as exc:
        raise ApiError(400, str(exc)) from None
