"""The waiting room of a party night, before its game exists.

The shared screen (the TV) opens a lobby: a code, its QR code, the options. Phones join
it with a name, pick a colour and an avatar, and ask for the cheat sheet if they want
it; the TV may add computer guests. Nothing is timed and no game exists until someone
presses Commencer: only then is the room created, with one seat per guest, in an order
drawn by lot. Each phone's lobby secret becomes its seat's token, so a phone that slept
or reloaded takes its seat back with what it already holds.

After the start the lobby stays the party's control desk: pause and resume, a guest who
leaves, and a newcomer who takes the seat the host opened for them.

The pieces, one module each:

- party_lobby_model: a lobby and its guests, and the palettes they pick from;
- party_lobby_store: the lobbies in memory, written through to their table;
- party_lobby_bodies: what the routes accept;
- party_lobby_context: what every lobby route needs (the lobby a code names, the host);
- party_lobby_entry: opening, looking up and joining a lobby;
- party_lobby_guests: a guest's changes, its leaving, a seat opened;
- party_lobby_seat: a started game's seat taken by a newcomer's phone;
- party_lobby_setup: the host's options and computer guests, before the start;
- party_lobby_game: the start (the lobby becomes a room), pause and resume.

This module gathers their routes into one router and keeps the names others import.
"""

from __future__ import annotations

from fastapi import APIRouter

from tablier.server.party_lobby_bodies import (
    ComputerBody,
    GuestChange,
    HostAction,
    JoinBody,
    OpenBody,
    OptionsBody,
    PauseBody,
    TokenBody,
)
from tablier.server.party_lobby_entry import entry_router
from tablier.server.party_lobby_game import game_router
from tablier.server.party_lobby_guests import guests_router
from tablier.server.party_lobby_model import (
    AVATARS,
    COLOURS,
    COMPUTER_NAMES,
    LEVELS,
    Guest,
    Lobby,
)
from tablier.server.party_lobby_setup import setup_router
from tablier.server.party_lobby_store import Lobbies
from tablier.server.party_tables import party_lobbies

__all__ = [
    "AVATARS",
    "COLOURS",
    "COMPUTER_NAMES",
    "LEVELS",
    "ComputerBody",
    "Guest",
    "GuestChange",
    "HostAction",
    "JoinBody",
    "Lobbies",
    "Lobby",
    "OpenBody",
    "OptionsBody",
    "PauseBody",
    "TokenBody",
    "lobby_router",
    "party_lobbies",
]

# no tags here: each part's router tags its routes "party" (tags would repeat)
lobby_router = APIRouter()
for part in (entry_router, guests_router, setup_router, game_router):
    lobby_router.include_router(part)
