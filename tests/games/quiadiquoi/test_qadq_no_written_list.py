"""No written list of the quotations said: the move list keeps the kind of a spoken move
and drops its words until the game is over; a tournament's recitations are counted, not
written (the tournaments test memory)."""

from __future__ import annotations

import json

from qadq_helpers import give, make, play, put_front, set_turn, tokens
from test_qadq_tournaments import tournament

from tablier.games.quiadiquoi.phases import Phase
from tablier.games.quiadiquoi.state import spoken_kind

VIEWERS = (None, 0, 1, 2)


def seen(state, viewer) -> str:
    return json.dumps(state.observation(viewer), ensure_ascii=False)


def test_an_answer_keeps_its_kind_but_not_its_words_in_the_move_list() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 1, "l01")
    play(state, (0, "take 1"), (0, "answer:Molière"))
    for viewer in (None, 0, 1, 2):
        moves = state.observation(viewer)["moves"]
        assert moves[-1] == [0, "answer:…"]
        assert "Molière" not in json.dumps(moves, ensure_ascii=False)
    assert state.history[-1] == (0, "answer:Molière")  # the record keeps the words


def test_recitations_leave_no_written_trace_while_the_game_goes_on() -> None:
    state = tournament()
    state.apply(0, "recite:il faut cultiver notre jardin")
    state.apply(1, "recite:L'État, c'est moi")
    for viewer in VIEWERS:
        obs = state.observation(viewer)
        assert [0, "recite:…"] in obs["moves"] and [1, "recite:…"] in obs["moves"]
        assert obs["tournament"]["recited"] == [{"id": "l01"}, {"id": "h01"}]
        # the attempt just said aloud is the only place the words may stand
        text = seen(state, viewer).replace(obs["tournament"]["attempt"]["text"], "")
        assert "jardin" not in text and "L'État, c'est moi" not in text
    assert obs["heard"] is None


def test_a_quotation_named_to_steal_is_not_kept_in_writing() -> None:
    state = make(3)
    give(state, 1, "l01")
    set_turn(state, 0, "steal_card")
    state.apply(0, "name:Voltaire|Il faut cultiver notre jardin")
    for viewer in (None, 0, 1, 2):
        assert state.observation(viewer)["moves"][-1] == [0, "name:…"]
    assert spoken_kind("take 1 with histoire") == "take 1 with histoire"
    assert spoken_kind("abstain") == "abstain"


def test_the_whole_list_is_shown_once_the_game_is_over() -> None:
    state = make(3)
    set_turn(state, 0, "blank")
    put_front(state, 1, "l01")
    tokens(state, 0, litterature=1)
    play(state, (0, "take 1"), (0, "answer:Voltaire"))
    assert state.public_history(None)[-1] == [0, "answer:…"]
    # as the game ends one (turn.py): the phase and its reason together
    state.table.end = "stalled"
    state.table.phase = Phase.OVER
    assert state.is_terminal()
    for viewer in (None, 0, 1, 2):
        assert state.observation(viewer)["moves"][-1] == [0, "answer:Voltaire"]
