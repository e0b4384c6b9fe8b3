"""Why a Kwinty move is refused, in French and English.

The rules are checked one placement at a time by `KwintyState._violation`, which names
the first rule a placement breaks with one of the codes below; `explain` turns that code
into a message with the figures of the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.core.messages import Catalogue, Message, seat_colour
from tablier.games.kwinty.geometry import HEIGHT, LETTERS
from tablier.games.kwinty.notation import notation

if TYPE_CHECKING:
    from tablier.games.kwinty.state import KwintyState

# the rules a placement may break, in the order they are checked
FIRST_AT_I1 = "first"
CENTRE = "centre"
OVERHANG = "overhang"
NOT_ON_TOP = "not-on-top"
TOO_HIGH = "too-high"
OFF_FRAME = "off-frame"
NO_TOUCH = "no-touch"
TOO_WIDE = "too-wide"
SHORT_FACES = "short-faces"

REFUSALS = Catalogue(
    "kwinty",
    {
        "refusal.not_notation": {
            "fr": "{move!r} n'est pas un coup de Kwinty : écrivez la case en bas à gauche puis "
            "h ou v, comme e1v ou c3h, ou pass",
            "en": "{move!r} is not a Kwinty move: write the lower-left cell and h or v, "
            "like e1v or c3h, or pass",
        },
        "refusal.pass": {
            "fr": "on ne passe que lorsqu'aucune pièce ne peut être posée ; {example} est possible",
            "en": "you may pass only when no piece can be placed; {example} is possible",
        },
        "refusal.first": {
            "fr": "la première pièce de Kwinty a sa case en bas à gauche en i1 : jouez i1h ou i1v",
            "en": "the first piece of Kwinty has its lower-left cell at i1: play i1h or i1v",
        },
        "refusal.centre": {
            "fr": "{move} : la première pièce de Blanc ne peut pas couvrir la case centrale e1",
            "en": "{move}: White's first piece may not cover the centre square e1",
        },
        "refusal.off_frame": {
            "fr": "{move} : la pièce sortirait du plateau, dont les colonnes vont de a à {last}",
            "en": "{move}: the piece would leave the board, whose columns are a to {last}",
        },
        "refusal.overhang": {
            "fr": "{move} : une pièce horizontale doit reposer entièrement, or les colonnes "
            "{col} et {next_col} ont {height} et {next_height} de haut",
            "en": "{move}: a horizontal piece must rest entirely, but columns {col} and "
            "{next_col} are {height} and {next_height} high",
        },
        "refusal.not_level": {
            "fr": "{move} : les colonnes {col} et {next_col} ne sont pas à la même hauteur",
            "en": "{move}: columns {col} and {next_col} are not level",
        },
        "refusal.hanging": {
            "fr": "{move} : une pièce doit reposer entièrement ; la colonne {col} a {height} de "
            "haut, une pièce s'y pose donc à la rangée {row}",
            "en": "{move}: a piece must rest entirely; column {col} is {height} high, "
            "so a piece there goes at row {row}",
        },
        "refusal.taken": {
            "fr": "{move} : cette case est prise ; la colonne {col} a {height} de haut",
            "en": "{move}: that cell is taken; column {col} is {height} high",
        },
        "refusal.too_high": {
            "fr": "{move} : le mur ne peut pas dépasser {rows} rangées de haut",
            "en": "{move}: the wall may not be more than {rows} rows high",
        },
        "refusal.too_wide": {
            "fr": "{move} : le mur ne peut pas dépasser {columns} colonnes de large",
            "en": "{move}: the wall may not be more than {columns} columns wide",
        },
        "refusal.no_touch": {
            "fr": "{move} : chaque nouvelle pièce doit toucher une pièce déjà posée",
            "en": "{move}: every new piece must touch a piece already placed",
        },
        "refusal.short_faces": {
            "fr": "{move} : deux pièces de {colour} ne peuvent pas se toucher petit côté contre "
            "petit côté (bout à bout, ou une verticale debout sur une verticale)",
            "en": "{move}: two {colour} pieces may not touch short face to short face "
            "(end to end, or a vertical standing on a vertical)",
        },
        "refusal.short_faces_strict": {
            "fr": "{move} : un petit côté ne peut toucher aucune pièce de {colour} (option "
            "short_faces=strict), et cette pièce {kind} en toucherait une",
            "en": "{move}: a short face may not touch a {colour} piece "
            "(option short_faces=strict), and this {kind} piece would",
        },
        "horizontal": {"fr": "horizontale", "en": "horizontal"},
        "vertical": {"fr": "verticale", "en": "vertical"},
    },
)


def explain(
    state: KwintyState, problem: str, player: int, col: int, row: int, orient: str
) -> Message:
    """The message for the first rule (`problem`) the placement breaks."""
    move = notation(col, row, orient)
    letter = LETTERS[col]
    heights = state.heights
    say = REFUSALS.message
    if problem == FIRST_AT_I1:
        return say("refusal.first")
    if problem == CENTRE:
        return say("refusal.centre", move=move)
    if problem == OFF_FRAME:
        return say("refusal.off_frame", move=move, last=LETTERS[state.width - 1])
    if problem == OVERHANG:
        return say(
            "refusal.overhang",
            move=move,
            col=letter,
            next_col=LETTERS[col + 1],
            height=heights[col],
            next_height=heights[col + 1],
        )
    if problem == NOT_ON_TOP:
        h = heights[col]
        if orient == "h" and heights[col] != heights[col + 1]:
            return say("refusal.not_level", move=move, col=letter, next_col=LETTERS[col + 1])
        if row > h + 1:
            return say("refusal.hanging", move=move, col=letter, height=h, row=h + 1)
        return say("refusal.taken", move=move, col=letter, height=h)
    if problem == TOO_HIGH:
        return say("refusal.too_high", move=move, rows=HEIGHT)
    if problem == TOO_WIDE:
        return say("refusal.too_wide", move=move, columns=state.max_span)
    if problem == NO_TOUCH:
        return say("refusal.no_touch", move=move)
    colour = seat_colour(player)
    if state.strict:
        kind = say("horizontal" if orient == "h" else "vertical")
        return say("refusal.short_faces_strict", move=move, colour=colour, kind=kind)
    return say("refusal.short_faces", move=move, colour=colour)
