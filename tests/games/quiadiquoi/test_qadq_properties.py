"""Random games: they end, replay exactly, refuse bad moves unchanged, keep secrets."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from qadq_helpers import make, put_front

import tablier
from tablier.games.quiadiquoi.state import QuiAdiQuoiState

OPTION_SETS = [
    {},
    {"reader_confirms": True, "answer_seconds": 20},
    {"packs": "mixed", "difficulty": "all"},
    {"packs": "separate", "die": False},
    {"challenge": True, "die_faces": "steal_card,magic,steal_token"},
    {"prep_rounds": 2, "cards_to_win": 4, "die_faces": "imposed,clues,blank"},
]


def chosen_move(state: QuiAdiQuoiState, player: int, rng: random.Random) -> str:
    """A random legal move; text moves are right about half the time."""
    move = rng.choice(state.legal_moves(player))
    question = state.table.question
    if move == "answer:<text>":
        assert question is not None and question.card is not None
        card = state.deck.card(question.card)
        right = card.author if question.face == "blue" else card.quote
        text = rng.choice([right, right.lower(), "Victor Hugo", "je ne sais pas", ""])
        return f"answer:{text}"
    if move == "recite:<text>":
        heard = [state.deck.card(c).quote for c in state.table.heard]
        return "recite:" + rng.choice([*heard, "une phrase inventée"])
    if move == "name:<author>|<quote>":
        card = state.deck.card(rng.choice(state.deck.cards).id)
        return f"name:{card.author}|{card.quote}"
    return str(move)


def snapshot(state: QuiAdiQuoiState) -> str:
    views = {str(p): state.observation(p) for p in [None, *range(state.num_players)]}
    return json.dumps([views, state.current_players()], sort_keys=True, default=str)


def hidden_answer(state: QuiAdiQuoiState) -> str | None:
    q = state.table.question
    if q is None:
        return None
    card = state.deck.card(q.card)
    return card.author if q.face == "blue" else card.quote


def run_game(seed: int, n: int, options: dict, max_moves: int = 6000) -> QuiAdiQuoiState:
    rng = random.Random(seed)
    state = make(n, seed=seed, **options)
    public_before: dict[int, str] = {}
    for _ in range(max_moves):
        awaited = state.current_players()
        if not awaited:
            break
        player = rng.choice(awaited)
        answer = hidden_answer(state)
        said = [
            a["text"] or "" for a in (state.table.question.answers if state.table.question else [])
        ]
        if state.table.verdict is not None:
            said.append(state.table.verdict.text)
        if answer is not None and not any(answer in text for text in said):
            # nobody but the reader sees a pending answer they had not heard before
            for viewer in [None, *range(n)]:
                if viewer == state.table.reader:
                    continue
                text = json.dumps(state.observation(viewer), ensure_ascii=False)
                if answer not in public_before.get(viewer if viewer is not None else -1, ""):
                    assert answer not in text, (viewer, answer)
                assert "answer" not in state.observation(viewer)["question"]
            reader_view = state.observation(state.table.reader)["question"]
            assert reader_view["answer"] == answer
        elif answer is None:
            for viewer in [None, *range(n)]:
                key = viewer if viewer is not None else -1
                public_before[key] = json.dumps(state.observation(viewer), ensure_ascii=False)
        state.apply(player, chosen_move(state, player, rng))
    return state


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(3, 6),
    options=st.sampled_from(OPTION_SETS),
)
def test_random_games_end_and_replay(seed: int, n: int, options: dict) -> None:
    state = run_game(seed, n, options)
    assert state.is_terminal()
    returns = state.returns()
    assert len(returns) == n and max(returns) >= 0
    record = json.loads(json.dumps(state.record()))
    again = tablier.replay(record)
    assert snapshot(again) == snapshot(state)
    assert state.render_text().strip()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), options=st.sampled_from(OPTION_SETS))
def test_refused_moves_change_nothing(seed: int, options: dict) -> None:
    rng = random.Random(seed)
    state = make(3, seed=seed, **options)
    junk = ["", "take 4", "take", "accept", "claim", "discard histoire", "steal zz", "recite"]
    for _ in range(150):
        awaited = state.current_players()
        if not awaited:
            break
        player = rng.choice(awaited)
        before = snapshot(state)
        legal = state.legal_moves(player)
        for bad in [*junk, "answer:x" if "answer:<text>" not in legal else "recite:x"]:
            if bad in legal:
                continue
            with pytest.raises(tablier.IllegalMove) as info:
                state.apply(player, bad)
            assert str(info.value).strip()
        others = [p for p in range(3) if p not in awaited]
        if others:
            with pytest.raises(tablier.IllegalMove, match="turn"):
                state.apply(others[0], "take 1")
        assert snapshot(state) == before
        state.apply(player, chosen_move(state, player, rng))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(3, 6))
def test_sampled_states_agree_with_the_observation(seed: int, n: int) -> None:
    rng = random.Random(seed)
    state = make(n, seed=seed, reader_confirms=True)
    game = state.game
    for _ in range(120):
        awaited = state.current_players()
        if not awaited:
            break
        for seat in range(n):
            obs = json.loads(json.dumps(state.observation(seat)))
            guess = game.state_from_observation(obs, seat, random.Random(seed))
            assert guess.current_players() == awaited
            assert guess.legal_moves(seat) == state.legal_moves(seat)
            assert [c["count"] for c in guess.observation(seat)["sabot"]] == [
                c["count"] for c in obs["sabot"]
            ]
        player = rng.choice(awaited)
        state.apply(player, chosen_move(state, player, rng))


def test_the_random_player_can_play_from_observations() -> None:
    from tablier.ai.players import RandomPlayer

    state = make(4, seed=3)
    players = [RandomPlayer(state.game, seed=s) for s in range(4)]
    for _ in range(400):
        awaited = state.current_players()
        if not awaited:
            break
        seat = awaited[0]
        move = players[seat].choose(state.observation(seat), seat)
        state.apply(seat, move.replace("<text>", "Voltaire").replace("<author>|<quote>", "a|b"))
    assert state.history


def test_pack_order_is_never_observed() -> None:
    state = make(3)
    hidden = [slot[0] for slots in state.table.comps for slot in slots[1:]]
    for viewer in [None, 0, 1, 2]:
        text = json.dumps(state.observation(viewer))
        assert not [card_id for card_id in hidden if f'"{card_id}"' in text]


def test_question_card_hidden_from_all_but_the_reader() -> None:
    state = make(3)
    put_front(state, 1, "p04")
    state.apply(0, "take 1")
    for viewer in [None, 0, 1]:
        obs = state.observation(viewer)
        assert obs["question"]["shown"] == "L'enfer, c'est les autres."
        assert "card" not in obs["question"]
        assert obs["public"]["question"]["card"] is None
        assert "Sartre" not in json.dumps(obs, ensure_ascii=False)
    reader = state.observation(2)["question"]
    assert reader["answer"] == "Jean-Paul Sartre" and reader["card"] == "p04"
    assert "Jean-Paul Sartre" in state.render_text(2)
    assert "Jean-Paul Sartre" not in state.render_text(0)
    assert "Jean-Paul Sartre" not in state.render_text()


def test_clone_is_independent() -> None:
    state = make(3)
    twin = state.clone()
    twin.apply(0, "take 1")
    assert state.table.phase == "choose" and twin.table.phase == "answer"
    assert state.history == []
