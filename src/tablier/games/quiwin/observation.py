"""What each seat sees of a Qui'win position.

The opponent's hand, the bag's order and a commitment not yet revealed never appear.
Placed tiles show as `O?` (colour only) when their length is hidden from the viewer
(orange and red tiles of the opponent, unless the option `open_lengths` is on or the
game is over). Fields beyond the shared ones: `phase` ("commit", "actions", "swap",
"over"), `step` and `palier` (1-based), `palier_sizes`, `hand` (own seat only),
`hand_sizes`, `my_commitment`, `my_declaration`, `rows`, `set_aside`,
`measurements`, `standing` (`leader`, `pawns`), `action_pawns`, `pending_transfer`,
`bag_size` and `events` (reveals, declarations, coins, lapses, changes, transfers,
swaps and measurements, with tiles shown as the viewer may see them).

`observe(..., everything=True)` is a finished game's replay (`open_observation`): the
game is over, so every tile shows its code and the fields `hands`, `commitments` and
`declarations` give both players' hands and pending choices at that point; `moves` is
then the whole history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablier.games.quiwin.state import QuiwinState

PAWNS = ("change", "transfer")


def observe(state: QuiwinState, player: int | None, everything: bool = False) -> dict[str, Any]:
    viewer = player
    obs = state.base_observation(viewer)
    seat = viewer if viewer in (0, 1) else None
    mine = None if seat is None else state.pending[seat]

    def shown(tile: int) -> str:
        return state.codes[tile] if everything else state.shown(tile, viewer)

    obs.update(
        {
            "phase": state.phase,
            "step": None if state.phase == "over" else state.step + 1,
            "palier": None if state.phase == "over" else state.palier + 1,
            "palier_sizes": list(state.rules.palier_sizes),
            "hand": None if seat is None else sorted(state.codes[t] for t in state.hands[seat]),
            "hand_sizes": [len(state.hands[p]) + (state.pending[p] is not None) for p in (0, 1)],
            "my_commitment": None if mine is None else state.codes[mine],
            "my_declaration": None if seat is None else state.declared[seat],
            "rows": [[shown(t) for t in state.rows[p]] for p in (0, 1)],
            "set_aside": [
                {
                    "from": a["from"],
                    "tile": shown(a["tile"]),
                    "action": a["action"],
                    "step": a["step"] + 1,
                }
                for a in state.aside
            ],
            "measurements": [dict(m) for m in state.measures],
            "standing": {"leader": state.leader, "pawns": state.pawns()},
            "action_pawns": {pawn: state.pawn_owner(pawn) for pawn in PAWNS},
            "pending_transfer": None
            if state.swap_pending is None
            else {
                "player": state.swap_pending[0],
                "tile": shown(state.rows[state.swap_pending[0]][state.step]),
            },
            "bag_size": len(state.bag),
            "events": [state.shown_event(e, viewer, everything) for e in state.events],
        }
    )
    if everything:
        obs["moves"] = [[p, m] for p, m in state.history]
        obs["hands"] = [sorted(state.codes[t] for t in state.hands[p]) for p in (0, 1)]
        obs["commitments"] = [None if t is None else state.codes[t] for t in state.pending]
        obs["declarations"] = list(state.declared)
    return obs
