"""A Qui'win position: simultaneous steps, action windows, measurements."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tablier.core.errors import IllegalMove
from tablier.core.messages import Message
from tablier.core.move import Move
from tablier.core.state import State
from tablier.games.quiwin import observation
from tablier.games.quiwin import verdict as vd
from tablier.games.quiwin.outcome import QuiwinOutcome
from tablier.games.quiwin.refusals import REFUSALS, action_problem
from tablier.games.quiwin.render import render_board
from tablier.games.quiwin.rules import rules_of, shuffled
from tablier.games.quiwin.tiles import (
    MIXED_COLOURS,
    RED,
    TILE_COUNTS,
    colour,
    hidden_form,
    length,
    normalise_code,
)
from tablier.games.quiwin.words import describe

if TYPE_CHECKING:
    from tablier.core.game import Game

CHANGE, TRANSFER, PASS = "change", "transfer", "pass"
PAWNS = (CHANGE, TRANSFER)
# event keys whose values are tile ids, shown to each viewer as he may see them
TILE_KEYS = ("tiles", "removed", "drawn", "tile", "received")
SEAT_NAMES = ("White", "Black")
# what a history entry records of the phase it was played in
PHASE_KINDS = {"commit": "commit", "actions": "declare", "swap": "swap"}
# the moves as Move objects made once: legal_moves hands out these same ones
_TILE_MOVES = {code: Move(code) for code in TILE_COUNTS}
_PASS_MOVE = Move(PASS)
_PAWN_MOVES = {pawn: Move(pawn) for pawn in PAWNS}
_SWAP_MOVES = {n: Move(f"swap {n}") for n in range(1, 31)}
_LENGTHS = {code: length(code) for code in TILE_COUNTS}
# the words of an action window, each to itself (a canonical text is read at once)
_ACTION_WORDS = {word: word for word in (PASS, *PAWNS)}


class QuiwinState(State):
    """Tiles are numbered 0..29 internally; only their codes ever leave the state.

    `known[t]` is a bit mask of the players who know tile t's exact code (its owner
    from the moment it reaches his hand or row, and the player who transferred it).
    """

    def __init__(
        self,
        game: Game,
        seed: int,
        deal: tuple[list[list[str]], list[str]] | None = None,
        coins: list[int] | None = None,
    ) -> None:
        setup: dict[str, Any] = {}
        if deal is not None:
            setup["deal"] = {"hands": [list(h) for h in deal[0]], "bag": list(deal[1])}
        if coins:
            setup["coins"] = list(coins)
        super().__init__(game, seed, 2, setup)
        self.rules = rules = rules_of(game.options)
        size = rules.hand_size
        if deal is None:
            order = shuffled(self.rng, rules.all_tiles)
            deal = ([order[:size], order[size : 2 * size]], order[2 * size :])
        codes = [*deal[0][0], *deal[0][1], *deal[1]]
        self.codes = codes
        self.hands = [list(range(size)), list(range(size, 2 * size))]
        self.bag = list(range(2 * size, len(codes)))
        # each hand is known to its owner (bit p), the bag to nobody
        self.known = [1] * size + [2] * size + [0] * (len(codes) - 2 * size)
        self.rows: list[list[int]] = [[], []]
        self.step = 0
        self.phase = "commit"
        self.pending: list[int | None] = [None, None]
        self.eligible = [False, False]
        self.declared: list[str | None] = [None, None]
        self.used: list[str | None] = [None, None]
        self.swap_pending: tuple[int, int] | None = None  # (transferring player, slot)
        self.aside: list[dict[str, Any]] = []
        self.measures: list[dict[str, Any]] = []
        self.leader: int | None = None
        self.verdict: vd.Verdict | None = None
        self.events: list[dict[str, Any]] = []
        # results of coin tosses imposed in advance (sampled positions, studies)
        self.coins = list(coins or [])
        # per history entry: (kind, step) so public_history knows what may be shown
        self.entry_info: list[tuple[str, int]] = []

    # ------------------------------------------------------------------ contract
    def current_players(self) -> list[int]:
        if self.phase == "commit":
            first, second = self.pending
            if first is None:
                return [0, 1] if second is None else [0]
            return [1] if second is None else []
        if self.phase == "actions":
            return [p for p in (0, 1) if self.eligible[p] and self.declared[p] is None]
        if self.phase == "swap":
            assert self.swap_pending is not None
            return [1 - self.swap_pending[0]]
        return []

    def awaits(self, player: int) -> bool:
        phase = self.phase
        if phase == "commit":
            return self.pending[player] is None
        if phase == "actions":
            return self.eligible[player] and self.declared[player] is None
        if phase == "swap":
            assert self.swap_pending is not None
            return player == 1 - self.swap_pending[0]
        return False

    def legal_moves(self, player: int) -> list[Move]:
        if player not in (0, 1) or not self.awaits(player):
            return []
        phase = self.phase
        if phase == "commit":
            codes = self.codes.__getitem__
            return list(map(_TILE_MOVES.__getitem__, sorted(set(map(codes, self.hands[player])))))
        if phase == "actions":
            moves = [_PASS_MOVE]
            moves += [_PAWN_MOVES[pawn] for pawn in PAWNS if self._may_use(player, pawn)]
            return moves
        return [_SWAP_MOVES.get(n) or Move(f"swap {n}") for n in self._swappable(player)]

    def _apply(self, player: int, move: str) -> str:
        if self.phase == "commit":
            return self._commit(player, move)
        if self.phase == "actions":
            return self._declare(player, move)
        return self._swap(player, move)

    def apply(self, player: int, move: Move | str) -> None:
        kind, step = PHASE_KINDS.get(self.phase, ""), self.step
        if (player == 0 or player == 1) and type(player) is int and self.awaits(player):
            # what `State.apply` checks first holds: play it without asking again
            text = move if isinstance(move, str) else str(move)
            self.history.append((player, self._apply(player, text)))
        else:
            super().apply(player, move)
        self.entry_info.append((kind, step))

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        if self.verdict is None:
            return [0.0, 0.0]
        return self.verdict.returns()

    def outcome(self) -> QuiwinOutcome | None:
        if self.verdict is None:
            return None
        return self.verdict.outcome()

    def clone(self) -> QuiwinState:
        twin = object.__new__(QuiwinState)
        twin.__dict__.update(self.__dict__)
        # a bare generator given the state: seeding a new one from the OS would be wasted
        twin.rng = random.Random.__new__(random.Random)
        twin.rng.setstate(self.rng.getstate())
        twin.setup = dict(self.setup)
        twin.history = list(self.history)
        twin.hands = [list(h) for h in self.hands]
        twin.bag = list(self.bag)
        twin.known = list(self.known)
        twin.rows = [list(r) for r in self.rows]
        twin.pending = list(self.pending)
        twin.eligible = list(self.eligible)
        twin.declared = list(self.declared)
        twin.used = list(self.used)
        twin.aside = list(self.aside)
        twin.measures = list(self.measures)
        twin.events = list(self.events)
        twin.coins = list(self.coins)
        twin.entry_info = list(self.entry_info)
        return twin

    # ------------------------------------------------------------------ helpers
    @property
    def palier(self) -> int:
        paliers = self.rules.step_paliers
        return paliers[min(self.step, len(paliers) - 1)]

    def palier_slots(self) -> range:
        start = self.rules.palier_starts[self.palier]
        return range(start, self.step + 1)

    def is_red(self, tile: int) -> bool:
        return colour(self.codes[tile]) == RED

    def pawn_owner(self, pawn: str) -> int | None:
        for p in (0, 1):
            if self.used[p] == pawn:
                return p
        return None

    def _may_use(self, player: int, pawn: str) -> bool:
        """Whether `player` may use `pawn` now: `_action_problem` is None, without words."""
        used = self.used
        if used[player] is not None or used[0] == pawn or used[1] == pawn:
            return False
        codes, step, other = self.codes, self.step, 1 - player
        if pawn == CHANGE:
            return codes[self.rows[other][step]][0] != RED
        if codes[self.rows[player][step]][0] == RED:
            return False
        theirs = self.rows[other]
        for s in self.palier_slots():  # noqa: SIM110 - quicker than any() over a generator
            if codes[theirs[s]][0] != RED:
                return True
        return False

    def _swappable(self, player: int) -> list[int]:
        start = self.rules.palier_starts[self.palier]
        return [s - start + 1 for s in self.palier_slots() if not self.is_red(self.rows[player][s])]

    def _draw(self, player: int) -> int:
        tile = self.bag.pop(0)
        self.known[tile] |= 1 << player
        return tile

    def _coin(self) -> int:
        if self.coins:
            return self.coins.pop(0)
        return self.rng.randrange(2)

    # ------------------------------------------------------------------ steps
    def _commit(self, player: int, move: str) -> str:
        code = move if move in _TILE_MOVES else normalise_code(move)
        if code is None:
            choices = [str(m) for m in self.legal_moves(player)]
            raise REFUSALS.refuse(
                "refusal.not_a_tile", move=move, step=self.step + 1, choices=", ".join(choices)
            )
        codes = self.codes
        for tile in self.hands[player]:
            if codes[tile] == code:
                break
        else:
            raise REFUSALS.refuse("refusal.not_in_hand", player=player, code=code)
        self.pending[player] = tile
        self.hands[player].remove(tile)
        if None not in self.pending:
            self._reveal()
        return code

    def _reveal(self) -> None:
        first, second = self.pending
        assert first is not None and second is not None  # both committed
        tiles = [first, second]
        self.rows[0].append(first)
        self.rows[1].append(second)
        self.pending = [None, None]
        self.events.append({"type": "reveal", "step": self.step + 1, "tiles": tiles})
        self._open_window()

    def _open_window(self) -> None:
        self.declared = [None, None]
        may_use = self._may_use
        self.eligible = [
            may_use(0, CHANGE) or may_use(0, TRANSFER),
            may_use(1, CHANGE) or may_use(1, TRANSFER),
        ]
        self.phase = "actions"
        if not any(self.eligible):
            self._close_window()

    # ------------------------------------------------------------------ actions
    def _declare(self, player: int, move: str) -> str:
        word = _ACTION_WORDS.get(move) or move.strip().lower()
        if word not in _ACTION_WORDS:
            choices = ", ".join(str(m) for m in self.legal_moves(player))
            raise REFUSALS.refuse(
                "refusal.not_an_action", move=move, step=self.step + 1, choices=choices
            )
        if word != PASS and not self._may_use(player, word):
            problem = action_problem(self, player, word)
            assert problem is not None
            raise IllegalMove(problem)
        self.declared[player] = word
        if not self.current_players():
            self._resolve_window()
        return word

    def _resolve_window(self) -> None:
        declared = list(self.declared)
        self.events.append({"type": "declare", "step": self.step + 1, "declared": declared})
        wanted = [(p, d) for p, d in enumerate(declared) if d in PAWNS]
        order: list[tuple[int, str]] = []
        if len(wanted) == 2 and wanted[0][1] == wanted[1][1]:
            pawn = wanted[0][1]
            winner = self._coin()
            self.events.append({"type": "coin", "pawn": pawn, "winner": winner})
            self.events.append({"type": "lapse", "player": 1 - winner, "pawn": pawn})
            order = [(winner, pawn)]
        else:
            # different pawns: the change goes first
            order = sorted(wanted, key=lambda pd: PAWNS.index(pd[1]))
        for player, pawn in order:
            if not self._may_use(player, pawn):
                self.events.append({"type": "lapse", "player": player, "pawn": pawn})
                continue
            if pawn == CHANGE:
                self._do_change(player)
            else:
                self.used[player] = TRANSFER
                self.swap_pending = (player, self.step)
                self.phase = "swap"
                self.events.append(
                    {
                        "type": "transfer",
                        "player": player,
                        "slot": self.step - self.rules.palier_starts[self.palier] + 1,
                        "tile": self.rows[player][self.step],
                    }
                )
                # the transfer is the last action of a window: wait for the swap
                return
        self._close_window()

    def _do_change(self, player: int) -> None:
        other = 1 - player
        removed = self.rows[other][self.step]
        drawn = self._draw(other)
        self.rows[other][self.step] = drawn
        self.used[player] = CHANGE
        self.aside.append({"from": other, "tile": removed, "action": CHANGE, "step": self.step})
        self.events.append(
            {
                "type": "change",
                "player": player,
                "target": other,
                "slot": self.step - self.rules.palier_starts[self.palier] + 1,
                "removed": removed,
                "drawn": drawn,
            }
        )

    def _swap(self, player: int, move: str) -> str:
        parts = move.strip().lower().split()
        choices = self._swappable(player)
        if len(parts) != 2 or parts[0] != "swap" or not parts[1].isdigit():
            hint = ", ".join(f"swap {n}" for n in choices)
            raise REFUSALS.refuse("refusal.not_a_swap", move=move, choices=hint)
        n = int(parts[1])
        if n not in choices:
            size = len(self.palier_slots())
            if not 1 <= n <= size:
                raise REFUSALS.refuse("refusal.no_such_slot", n=n, size=size)
            raise REFUSALS.refuse("refusal.swap_red", n=n)
        assert self.swap_pending is not None
        giver, slot = self.swap_pending
        target = self.rules.palier_starts[self.palier] + n - 1
        given = self.rows[giver][slot]
        removed = self.rows[player][target]
        self.rows[player][target] = given
        self.known[given] |= 1 << player
        drawn = self._draw(giver)
        self.rows[giver][slot] = drawn
        self.aside.append({"from": player, "tile": removed, "action": "swap", "step": self.step})
        self.events.append(
            {
                "type": "swap",
                "player": player,
                "slot": n,
                "removed": removed,
                "received": given,
                "drawn": drawn,
            }
        )
        self.swap_pending = None
        self._close_window()
        return f"swap {n}"

    def _close_window(self) -> None:
        self.declared = [None, None]
        self.eligible = [False, False]
        if self.step in self.rules.palier_ends:
            self._measure()
        self.step += 1
        self.phase = "over" if self.verdict is not None else "commit"

    def _measure(self) -> None:
        palier = self.palier
        # the whole block of paliers played so far is measured, never one palier alone
        code_of, length_of = self.codes.__getitem__, _LENGTHS.__getitem__
        lengths = [sum(map(length_of, map(code_of, self.rows[p]))) for p in (0, 1)]
        winner = vd.palier_winner(palier, lengths)
        entry = {"palier": palier + 1, "lengths": lengths, "winner": winner}
        self.measures.append(entry)
        self.events.append({"type": "measure", **entry})
        if palier < 2:
            self.leader = vd.leader_after(palier, winner, self.leader)
            return
        start, size = self.rules.palier_starts[1], self.rules.palier_sizes[1]
        middle = [
            [length(self.codes[t]) for t in self.rows[p][start : start + size]] for p in (0, 1)
        ]
        self.verdict = vd.final_verdict(winner, self.leader, middle)

    # ------------------------------------------------------------------ what is seen
    def sees_code(self, tile: int, viewer: int | None) -> bool:
        """Whether `viewer` may know the exact code of a tile on the table."""
        code = self.codes[tile]
        if self.phase == "over" or self.game.options["open_lengths"]:
            return True
        if colour(code) not in MIXED_COLOURS:
            return True
        return viewer is not None and bool(self.known[tile] >> viewer & 1)

    def shown(self, tile: int, viewer: int | None, everything: bool = False) -> str:
        code = self.codes[tile]
        return code if everything or self.sees_code(tile, viewer) else hidden_form(code)

    def pawns(self) -> list[str] | None:
        if self.verdict is not None:
            return vd.pawns_for(self.verdict.winner)
        if not self.measures:
            return None
        return vd.pawns_for(self.leader)

    def public_history(self, viewer: int | None = None) -> list[list[Any]]:
        """Moves as `viewer` sees them: the opponent's tiles only once revealed.

        Commitments and declarations stay out of sight until their step or window is
        resolved; a revealed tile appears as the viewer sees it on the table.
        """
        out: list[list[Any]] = []
        steps_revealed = sum(1 for e in self.events if e["type"] == "reveal")
        windows_done = {e["step"] - 1 for e in self.events if e["type"] == "declare"}
        for (player, move), (kind, step) in zip(self.history, self.entry_info, strict=True):
            if player == viewer or kind == "swap":
                out.append([player, move])
            elif kind == "commit":
                if step < steps_revealed:
                    tile = self._revealed_tile(player, step)
                    out.append([player, self.shown(tile, viewer)])
            elif step in windows_done:
                out.append([player, move])
        return out

    def describe_move(self, player: int, move: str, viewer: int | None = None) -> Message | None:
        # a tile or an action chosen is secret from the others until it is revealed
        return describe(move) if viewer == player or move.startswith("swap ") else None

    def move_words(self, viewer: int | None = None) -> list[Message | None]:
        """Each entry of `public_history(viewer)` in words, from the entry alone."""
        return [describe(str(move)) for _player, move in self.public_history(viewer)]

    def _revealed_tile(self, player: int, step: int) -> int:
        tile: int = [e for e in self.events if e["type"] == "reveal"][step]["tiles"][player]
        return tile

    def shown_event(
        self, event: dict[str, Any], viewer: int | None, everything: bool = False
    ) -> dict[str, Any]:
        out = dict(event)
        for key in TILE_KEYS:
            if key in out:
                value = out[key]
                if isinstance(value, list):
                    out[key] = [self.shown(t, viewer, everything) for t in value]
                else:
                    out[key] = self.shown(value, viewer, everything)
        return out

    def observation(self, player: int | None = None) -> dict[str, Any]:
        return observation.observe(self, player)

    def open_observation(self, player: int | None = None) -> dict[str, Any]:
        # a finished game's replay: both hands, pending choices and every length shown
        return observation.observe(self, player, everything=True)

    def render_text(self, viewer: int | None = None, lang: str = "fr") -> str:
        return render_board(self.observation(viewer), lang)
