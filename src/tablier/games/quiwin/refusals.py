"""Why a Qui'win move is refused, in French and English."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablier.core.messages import Catalogue, Message

if TYPE_CHECKING:
    from tablier.games.quiwin.state import QuiwinState

REFUSALS = Catalogue(
    "quiwin",
    {
        "refusal.not_a_tile": {
            "fr": "{move!r} n'est pas une tuile : l'étape {step} demande le code d'une tuile "
            "de votre main, par exemple {choices}",
            "en": "{move!r} is not a tile: step {step} needs a tile code from your hand, "
            "such as {choices}",
        },
        "refusal.not_in_hand": {
            "fr": "le joueur {player} n'a pas de tuile {code} en main",
            "en": "player {player} has no {code} tile in hand",
        },
        "refusal.not_an_action": {
            "fr": "{move!r} n'est pas une action : après l'étape {step}, jouez {choices}",
            "en": "{move!r} is not an action: after step {step} play {choices}",
        },
        "refusal.action_used": {
            "fr": "le joueur {player} a déjà utilisé son action ({pawn})",
            "en": "player {player} has already used his action ({pawn})",
        },
        "refusal.pawn_locked": {
            "fr": "le pion {pawn} est bloqué : le joueur {owner} l'a utilisé",
            "en": "the {pawn} pawn is locked: player {owner} has used it",
        },
        "refusal.change_red": {
            "fr": "changement impossible : la dernière tuile adverse de ce palier est rouge",
            "en": "a change is impossible: the opponent's last tile of this palier is red",
        },
        "refusal.transfer_own_red": {
            "fr": "transfert impossible : votre dernière tuile de ce palier est rouge",
            "en": "a transfer is impossible: your last tile of this palier is red",
        },
        "refusal.transfer_all_red": {
            "fr": "transfert impossible : l'adversaire n'a que des tuiles rouges dans ce palier",
            "en": "a transfer is impossible: the opponent has only red tiles in this palier",
        },
        "refusal.not_a_swap": {
            "fr": "{move!r} n'est pas un échange : choisissez laquelle de vos tuiles de ce "
            "palier quitte le jeu pour la tuile transférée ({choices})",
            "en": "{move!r} is not a swap: choose which of your tiles of this palier leaves "
            "the game for the transferred one ({choices})",
        },
        "refusal.no_such_slot": {
            "fr": "il n'y a pas de tuile {n} dans ce palier : il en compte {size} pour l'instant",
            "en": "there is no tile {n} in this palier: it holds {size} so far",
        },
        "refusal.swap_red": {
            "fr": "la tuile {n} de ce palier est rouge : une tuile rouge ne s'échange pas",
            "en": "tile {n} of this palier is red: red tiles cannot be swapped",
        },
    },
)


def action_problem(state: QuiwinState, player: int, pawn: str) -> Message | None:
    """Why `player` may not use `pawn` now (None when he may)."""
    other = 1 - player
    say = REFUSALS.message
    if state.used[player] is not None:
        return say("refusal.action_used", player=player, pawn=state.used[player])
    owner = state.pawn_owner(pawn)
    if owner is not None:
        return say("refusal.pawn_locked", pawn=pawn, owner=owner)
    if pawn == "change":
        if state.is_red(state.rows[other][state.step]):
            return say("refusal.change_red")
        return None
    if state.is_red(state.rows[player][state.step]):
        return say("refusal.transfer_own_red")
    if not any(not state.is_red(state.rows[other][s]) for s in state.palier_slots()):
        return say("refusal.transfer_all_red")
    return None
