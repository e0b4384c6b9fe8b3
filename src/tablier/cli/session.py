"""Interactive play in a terminal, through the contract only, in the chosen language."""

from __future__ import annotations

import re
from pathlib import Path

from rich.console import Console

import tablier
from tablier.ai import make_player
from tablier.ai.players import Player
from tablier.cli.texts import say
from tablier.core.game import Game
from tablier.core.state import State
from tablier.core.terminal.lang import lang

TEMPLATE = re.compile(r"<[^>]+>")
LIST_LIMIT = 40


class PlaySession:
    """One game at a terminal: humans type moves, computer seats choose theirs."""

    def __init__(
        self,
        game: Game,
        vs: str = "human",
        seat: int = 0,
        players: int | None = None,
        seed: int | None = None,
        save: Path | None = None,
        console: Console | None = None,
    ) -> None:
        self.game = game
        self.console = console or Console(highlight=False)
        self.state: State = game.new_state(seed=seed, num_players=players)
        n = self.state.num_players
        if not 0 <= seat < n:
            raise ValueError(say("seat.range", last=n - 1))
        self.computers: dict[int, Player] = {}
        if vs != "human":
            for other in range(n):
                if other != seat:
                    # a game seed makes the computers repeatable too; without one they vary
                    player_seed = None if seed is None else seed * 7 + other
                    self.computers[other] = make_player(vs, game, seed=player_seed)
        self.humans = [p for p in range(n) if p not in self.computers]
        self.save = save
        self.last_viewer: int | None = None

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(text, style=style, markup=False)

    def name(self, player: int) -> str:
        return self.game.seat_name(player, lang())

    def run(self) -> State:
        state = self.state
        try:
            while not state.is_terminal():
                for player in list(state.current_players()):
                    if player not in state.current_players():
                        continue
                    if player in self.computers:
                        move = self.computers[player].choose(state.observation(player), player)
                        state.apply(player, move)
                        if not self.game.hidden_information:
                            self.say(
                                say("computer.plays", name=self.name(player), move=move), "cyan"
                            )
                    elif not self.ask(player):
                        self.finish(aborted=True)
                        return state
        except KeyboardInterrupt:
            self.finish(aborted=True)
            return state
        self.finish(aborted=False)
        return state

    def viewer_for(self, player: int) -> int | None:
        return player if self.game.hidden_information else None

    def hand_over(self, player: int) -> bool:
        """Hide the last player's view before another person looks at the screen."""
        if not self.game.hidden_information or len(self.humans) < 2:
            return True
        if self.last_viewer in (None, player):
            self.last_viewer = player
            return True
        self.console.clear()
        self.say(say("hand_over", name=self.name(player)), "bold")
        try:
            input()
        except EOFError:
            return False
        self.console.clear()
        self.last_viewer = player
        return True

    def ask(self, player: int) -> bool:
        """Prompt `player` until he plays a legal move. False when input ends or he quits."""
        if not self.hand_over(player):
            return False
        state = self.state
        self.say(state.render_text(self.viewer_for(player), lang=lang()))
        moves = [str(m) for m in state.legal_moves(player)]
        if len(moves) <= LIST_LIMIT:
            self.list_moves(moves)
        while True:
            try:
                text = input(say("prompt", name=self.name(player)))
            except EOFError:
                return False
            text = text.strip()
            if text in ("q", "quit"):
                return False
            if text in ("?", "list", "help"):
                self.list_moves(moves)
                continue
            if not text:
                continue
            move = self.resolve(text, moves)
            if move is None:
                continue
            try:
                state.apply(player, move)
            except tablier.IllegalMove as exc:
                self.say(say("refused", why=exc.text(lang())), "red")
                continue
            if not self.game.hidden_information:
                self.say(say("plays", name=self.name(player), move=move), "green")
            return True

    def resolve(self, text: str, moves: list[str]) -> str | None:
        """A number picks from the list (asking the text of a template); else the text."""
        if text.isdigit():
            index = int(text) - 1
            if not 0 <= index < len(moves):
                self.say(say("number", n=len(moves)), "red")
                return None
            move = moves[index]
            # a template such as name:<author>|<quote>: ask for each blank in turn
            while (blank := TEMPLATE.search(move)) is not None:
                try:
                    filling = input(f"{blank.group(0)}: ")
                except EOFError:
                    return None
                move = move[: blank.start()] + filling.strip() + move[blank.end() :]
            return move
        return text

    def list_moves(self, moves: list[str]) -> None:
        width = max((len(m) for m in moves), default=0) + 6
        per_line = max(1, 96 // width)
        cells = [f"{i + 1:>3}. {m}".ljust(width) for i, m in enumerate(moves)]
        for start in range(0, len(cells), per_line):
            self.say("".join(cells[start : start + per_line]).rstrip())

    def finish(self, aborted: bool) -> None:
        state = self.state
        self.say(state.render_text(None, lang=lang()))
        outcome = state.outcome()
        if aborted:
            self.say(say("stopped"), "yellow")
        elif outcome is not None:
            returns = outcome["returns"]
            best = max(returns)
            winners = [p for p, r in enumerate(returns) if r == best and r > 0]
            why = self.game.outcome_text(outcome, lang())
            if winners:
                names = ", ".join(self.name(p) for p in winners)
                self.say(say("won", name=names, why=why), "bold green")
            else:
                self.say(say("draw", why=why), "bold")
        if self.save is not None:
            path = tablier.save_record(state.record(), self.save)
            self.say(say("saved", path=path))
