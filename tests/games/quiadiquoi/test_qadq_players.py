"""The quiz guests (the levels of QuiAdiQuoi): they answer from the face shown and the
clues read, never from the reader's card; they judge honestly; they recite what was said."""

from __future__ import annotations

import collections

import pytest
from qadq_helpers import give, make, play, put_front, set_turn, tokens
from test_qadq_tournaments import tournament

from tablier.ai.players import make_player
from tablier.games.quiadiquoi.players import QuizPlayer


def guest(state, level: str = "expert", seed: int = 1) -> QuizPlayer:
    player = make_player(level, state.game, seed)
    assert isinstance(player, QuizPlayer)
    return player


@pytest.mark.parametrize("level", ["easy", "facile", "medium", "moyen", "hard", "expert"])
def test_every_level_is_a_quiz_guest(level: str) -> None:
    assert isinstance(make_player(level, make(3).game, 0), QuizPlayer)


def test_it_finds_the_author_from_the_quotation_shown() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 1, "l01")
    state.apply(0, "take 1")
    moves = collections.Counter(
        guest(state, seed=s).choose(state.observation(0), 0) for s in range(40)
    )
    right = f"answer:{state.deck.card('l01').author}"
    assert moves[right] > 25  # an expert remembers most cards
    assert set(moves) <= {right, "abstain"} | {m for m in moves if m.startswith("answer:")}


def test_it_never_reads_the_readers_card() -> None:
    """The same public view gives the same answers whatever card the reader holds."""
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 1, "l01")
    state.apply(0, "take 1")
    view = state.observation(0)
    assert "answer" not in view["question"] and "card" not in view["question"]
    answers = {guest(state, seed=s).choose(view, 0) for s in range(30)}
    assert f"answer:{state.deck.card('l01').author}" in answers


def test_a_turned_card_is_answered_with_its_words() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 3, "l01", "bordeaux")
    tokens(state, 0, litterature=1)
    move = guest(state).choose(state.observation(0), 0)
    assert move == "take 3"  # the turned card, paid with the token: it wins a card
    state.apply(0, move)
    answers = {guest(state, seed=s).choose(state.observation(0), 0) for s in range(30)}
    assert f"answer:{state.deck.card('l01').quote}" in answers
    assert answers <= {f"answer:{state.deck.card('l01').quote}", "abstain"}


def test_the_reader_judges_as_the_engine_proposes() -> None:
    state = make(3, reader_confirms=True)
    set_turn(state, 0, "blank")
    put_front(state, 1, "l01")
    play(state, (0, "take 1"), (0, f"answer:{state.deck.card('l01').author}"))
    reader = state.table.reader
    assert state.current_players() == [reader]
    assert guest(state, "easy").choose(state.observation(reader), reader) == "accept"


def test_it_recites_a_quotation_still_on_the_table_and_never_times_out() -> None:
    state = tournament()
    give(state, 1, "l01")
    seen = set()
    for seed in range(20):
        move = guest(state, "expert", seed).choose(state.observation(0), 0)
        assert move != "timeout" and "<" not in move
        seen.add(move)
    quotes = {f"recite:{state.deck.card(c).quote}" for p in state.table.cards for c in p}
    assert seen & quotes


def test_whole_games_end_and_stronger_guests_win_more() -> None:
    game = make(3).game
    wins = 0
    for seed in range(12):
        state = game.new_state(seed=seed, num_players=3)
        seats = [
            make_player("expert" if i == seed % 3 else "easy", game, seed * 3 + i) for i in range(3)
        ]
        while not state.is_terminal():
            p = state.current_players()[0]
            state.apply(p, seats[p].choose(state.observation(p), p))
        wins += state.returns()[seed % 3] == 1.0
    assert wins >= 7  # far above the 4 of three equal guests
