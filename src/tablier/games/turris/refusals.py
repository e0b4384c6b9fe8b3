"""Why a move is refused: each rule checked on its own, in plain words.

These checks are written independently of the fast move generator in `state.py`
(rule e) in particular is worked out here by simulating the tower after the move), so
tests can check that the two agree on every move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.core.messages import Catalogue, Message
from tablier.games.turris.geometry import CELLS, CENTRE, NEIGHBOURS, Piece, cubes
from tablier.games.turris.notation import PAIR_INDEX, Parsed

if TYPE_CHECKING:
    from tablier.games.turris.state import TurrisState

REFUSALS = Catalogue(
    "turris",
    {
        "refusal.refused": {
            "fr": "{move!r} est refusé : {reason}",
            "en": "{move!r} is refused: {reason}",
        },
        "refusal.not_legal": {
            "fr": "ce n'est pas un coup permis maintenant",
            "en": "it is not a legal move now",
        },
        "refusal.not_notation": {
            "fr": "ce n'est pas la notation de Turris : écrivez une pièce verticale Vb2, une "
            "horizontale Ha1b1, un retrait de bonus xa1@3, ou skip / pass",
            "en": "not Turris notation: write a vertical piece as Vb2, a horizontal one as "
            "Ha1b1, a bonus removal as xa1@3, or skip / pass",
        },
        "refusal.pass_in_bonus": {
            "fr": "pendant un bonus, choisissez une pose, un retrait ou skip, pas pass",
            "en": "during a bonus choose a placement, a removal or skip, not pass",
        },
        "refusal.pass": {
            "fr": "on ne passe que si l'on n'a aucune pose permise",
            "en": "you may pass only when you have no legal placement",
        },
        "refusal.skip": {
            "fr": "skip ne sert qu'à renoncer au bonus du centre, et vous n'avez pas de bonus",
            "en": "skip only declines a centre bonus, and you have no bonus now",
        },
        "refusal.rule_e": {
            "fr": "il y aurait un cube au niveau {top} alors que le niveau {lowest} n'est pas "
            "fini : aucun cube ne peut dépasser de plus de deux niveaux le plus bas niveau "
            "inachevé",
            "en": "there would be a cube at level {top} while level {lowest} is unfinished: "
            "no cube may be more than two levels above the lowest unfinished level",
        },
        "refusal.remove_no_bonus": {
            "fr": "on ne retire une pièce qu'en bonus, après avoir joué au centre b2",
            "en": "a piece may be removed only as the bonus for playing on the centre b2",
        },
        "refusal.no_cube": {
            "fr": "il n'y a pas de cube en {cell} au niveau {level}",
            "en": "there is no cube at {cell} level {level}",
        },
        "refusal.remove_own": {
            "fr": "on ne peut retirer qu'une pièce de l'adversaire",
            "en": "you may remove only one of your opponent's pieces",
        },
        "refusal.remove_last": {
            "fr": "la dernière pièce posée par l'adversaire ne peut pas être retirée",
            "en": "the piece your opponent placed last may not be removed",
        },
        "refusal.remove_covered": {
            "fr": "une autre pièce repose dessus",
            "en": "another piece rests on it",
        },
        "refusal.no_supply": {
            "fr": "vous n'avez plus de pièce à poser",
            "en": "you have no pieces left to place",
        },
        "refusal.not_adjacent": {
            "fr": "les deux cases d'une pièce horizontale doivent être côte à côte",
            "en": "the two cells of a horizontal piece must be side by side",
        },
        "refusal.rule_b": {
            "fr": "{a} a {height_a} de haut et {b} a {height_b} : une pièce doit reposer "
            "entièrement sur le sol ou sur des cubes",
            "en": "{a} is {height_a} high and {b} is {height_b} high: a piece must rest "
            "entirely on the ground or on cubes",
        },
        "refusal.rule_d_ground": {
            "fr": "une pièce horizontale doit faire le pont entre deux pièces, donc pas "
            "reposer sur le sol",
            "en": "a horizontal piece must bridge two pieces, so not lie on the ground",
        },
        "refusal.rule_d_same": {
            "fr": "une pièce horizontale doit faire le pont entre deux pièces différentes",
            "en": "a horizontal piece must bridge two different pieces",
        },
        "refusal.rule_a": {
            "fr": "chaque nouvelle pièce doit toucher une pièce déjà dans la tour",
            "en": "every new piece must touch a piece already in the tower",
        },
        "refusal.rule_c": {
            "fr": "une pièce verticale doit toucher une autre pièce par l'un de ses grands "
            "côtés",
            "en": "a vertical piece must touch another piece along one of its long sides",
        },
        "refusal.rule_f": {
            "fr": "le centre b2 du niveau {level} ne peut être rempli qu'une fois une autre "
            "case de ce niveau occupée",
            "en": "the centre b2 of level {level} may be filled only once another cell of "
            "that level holds a cube",
        },
        "refusal.freed": {
            "fr": "{cell} niveau {level} a été libéré par un retrait : votre prochaine pose "
            "ne peut pas l'occuper",
            "en": "{cell} level {level} was freed by a removal: your next placement may not "
            "fill it",
        },
    },
)
say = REFUSALS.message


def refusal(state: TurrisState, player: int, parsed: Parsed) -> Message | None:
    """Why the awaited `player` may not play the move `parsed` now; None if he may."""
    kind, cells, level = parsed
    if kind == "":
        return say("refusal.not_notation")
    if kind == "pass":
        if state.in_bonus:
            return say("refusal.pass_in_bonus")
        if state.has_placement(player):
            return say("refusal.pass")
        return None
    if kind == "skip":
        return None if state.in_bonus else say("refusal.skip")
    if kind == "x":
        return _removal(state, player, cells[0], level)
    return _placement(state, player, kind == "V", cells)


def _rule_e(
    state: TurrisState, removed: list[tuple[int, int]], added: list[tuple[int, int]]
) -> Message | None:
    """Rule e) on the tower as it would be after removing and adding these cubes."""
    counts = state.level_count[:]
    heights = state.heights[:]
    for c, z in removed:
        counts[z] -= 1
        heights[c] = min(heights[c], z - 1)
    for c, z in added:
        counts[z] += 1
        heights[c] = max(heights[c], z)
    lowest = 1
    while counts[lowest] == 9:
        lowest += 1
    top = max(heights)
    if top <= lowest + 2:
        return None
    return say("refusal.rule_e", top=top, lowest=lowest)


def _removal(state: TurrisState, player: int, cell: int, level: int) -> Message | None:
    if not state.in_bonus:
        return say("refusal.remove_no_bonus")
    piece_id = state.piece_at(cell, level)
    if piece_id < 0:
        return say("refusal.no_cube", cell=CELLS[cell], level=level)
    piece = state.pieces[piece_id]
    assert piece is not None
    owner = piece[0]
    if owner == player:
        return say("refusal.remove_own")
    if piece_id == state.last_placed[owner]:
        return say("refusal.remove_last")
    own = cubes(piece)
    for c, z in own:
        above = state.piece_at(c, z + 1)
        if above >= 0 and above != piece_id:
            return say("refusal.remove_covered")
    return _rule_e(state, own, [])


def _placement(
    state: TurrisState, player: int, vertical: bool, cells: tuple[int, ...]
) -> Message | None:
    if state.supply[player] == 0:
        return say("refusal.no_supply")
    heights = state.heights
    if not vertical:
        a, b = cells
        if (a, b) not in PAIR_INDEX:
            return say("refusal.not_adjacent")
        if heights[a] != heights[b]:
            return say(
                "refusal.rule_b", a=CELLS[a], height_a=heights[a], b=CELLS[b], height_b=heights[b]
            )
        if heights[a] == 0:
            return say("refusal.rule_d_ground")
        if state.piece_at(a, heights[a]) == state.piece_at(b, heights[b]):
            return say("refusal.rule_d_same")
    z = heights[cells[0]] + 1
    piece: Piece = (player, vertical, cells, z)
    new = cubes(piece)
    broken = _rule_e(state, [], new)
    if broken:
        return broken
    if vertical and state.pieces:
        c = cells[0]
        beside = [(n, lz) for n in NEIGHBOURS[c] for _c, lz in new]
        if z == 1 and not any(state.piece_at(n, lz) >= 0 for n, lz in beside):
            return say("refusal.rule_a")
        if not any(state.piece_at(n, lz) >= 0 for n, lz in beside):
            return say("refusal.rule_c")
    for c, lz in new:
        if c == CENTRE and not any(state.piece_at(o, lz) >= 0 for o in range(9) if o != CENTRE):
            return say("refusal.rule_f", level=lz)
    forbidden = state.forbidden[player]
    for c, lz in new:
        if (c, lz) in forbidden:
            return say("refusal.freed", cell=CELLS[c], level=lz)
    return None
