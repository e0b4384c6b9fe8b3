"""Tournament triggers, recitations, pebbles, the end-of-tournament discards, victory."""

from __future__ import annotations

from qadq_helpers import give, make, play, put_front, set_turn, tokens

from tablier.games.quiadiquoi.table import PEBBLES, Slot


def win_card(state, player: int, card_id: str, quote: str) -> None:
    """`player` (the principal) pays for and answers the bordeaux face of `card_id`."""
    category = state.deck.card(card_id).category
    set_turn(state, player, "blank")
    put_front(state, 3, card_id, "bordeaux")
    if state.table.tokens[player][category] == 0:
        tokens(state, player, **{category: 1})
    play(state, (player, "take 3"), (player, f"answer:{quote}"))


# --------------------------------------------------------------------- triggers
def test_first_card_won_triggers_the_first_tournament() -> None:
    state = make(4)
    win_card(state, 1, "p01", "Je pense, donc je suis.")
    assert state.table.phase == "recite"
    assert state.table.tournament.number == 1
    assert state.current_players() == [2]  # the player after the winner


def test_no_tournament_before_any_card_is_won() -> None:
    state = make(3)
    put_front(state, 1, "l01")
    play(state, (0, "take 1"), (0, "answer:Voltaire"))
    assert state.table.phase == "choose"


def end_tournament_quickly(state) -> None:
    """Everyone passes for a round; then every discard is the first offered."""
    while state.table.phase in ("recite", "discard"):
        p = state.current_players()[0]
        state.apply(p, state.legal_moves(p)[0])


def test_first_player_with_two_cards_triggers_the_second() -> None:
    state = make(3)
    win_card(state, 0, "p01", "Je pense donc je suis")
    end_tournament_quickly(state)
    win_card(state, 1, "h01", "L'État, c'est moi")  # one card each: no tournament
    assert state.table.phase == "choose"
    win_card(state, 1, "l01", "Il faut cultiver notre jardin")
    assert state.table.phase == "recite"
    assert state.table.tournament.number == 2
    assert state.current_players() == [2]


def test_two_players_with_two_cards_trigger_the_third() -> None:
    state = make(3)
    state.table.tournaments = 2
    state.table.cards_won = 3
    give(state, 0, "h01", "h02")
    give(state, 2, "l01")
    win_card(state, 2, "l02", "Rodrigue, as-tu du cœur ?")
    assert state.table.tournament.number == 3
    assert state.current_players() == [0]


def test_no_fourth_tournament() -> None:
    state = make(3)
    state.table.tournaments = 3
    state.table.cards_won = 3
    give(state, 0, "h01", "h02")
    give(state, 2, "l01", "h04")
    win_card(state, 1, "l02", "Rodrigue, as-tu du cœur ?")
    assert state.table.phase == "choose"


# ------------------------------------------------------------------ recitations
def tournament(n: int = 3, heard: tuple[str, ...] = ("p01", "l01", "h01")):
    state = make(n)
    win_card(state, n - 1, "p01", "Je pense, donc je suis.")
    for card_id in heard:
        if card_id not in state.table.heard:
            state.table.heard.append(card_id)
    assert state.current_players() == [0]
    return state


def test_recite_a_heard_quotation() -> None:
    state = tournament()
    state.apply(0, "recite:il faut cultiver notre jardin")
    assert state.table.tournament.recited == ["l01"]
    assert state.current_players() == [1]


def test_quotations_shown_but_not_yet_asked_count() -> None:
    state = tournament(heard=())
    put_front(state, 1, "h02")
    state.table.heard.append("h02")  # shown on a blue face, phrase never asked
    state.apply(0, "recite:Paris vaut bien une messe")
    assert state.table.tournament.recited == ["h02"]


def test_a_quotation_never_read_does_not_count() -> None:
    state = tournament(heard=())
    state.apply(0, "recite:Que sais-je ?")
    assert state.table.tournament.attempt["result"] == "unknown"
    assert state.current_players() == [0]  # he may try again


def test_a_quotation_already_recited_does_not_count() -> None:
    state = tournament()
    state.apply(0, "recite:Je pense donc je suis")
    state.apply(1, "recite:je pense, donc je suis")
    assert state.table.tournament.attempt["result"] == "already"
    assert state.current_players() == [1]
    state.apply(1, "recite:L'État c'est moi")
    assert state.table.tournament.recited == ["p01", "h01"]


def test_a_truncated_recitation_does_not_count() -> None:
    state = tournament()
    state.apply(0, "recite:Il faut cultiver")
    assert state.table.tournament.recited == []


def test_failing_takes_a_pebble_and_passes_the_turn() -> None:
    state = tournament()
    state.apply(0, "pass")
    assert state.table.pebbles[0] == 1
    assert state.table.cup_pebbles == PEBBLES - 1
    assert state.current_players() == [1]


def test_timeout_takes_a_pebble_too() -> None:
    state = make(3, answer_seconds=20)
    win_card(state, 2, "p01", "Je pense, donc je suis.")
    assert "timeout" in state.legal_moves(0)
    state.apply(0, "timeout")
    assert state.table.pebbles[0] == 1


def test_tournament_ends_when_everyone_takes_a_pebble_in_one_round() -> None:
    state = tournament()
    play(state, (0, "pass"), (1, "recite:Je pense donc je suis"), (2, "pass"))
    assert state.table.phase == "recite"  # player 1 recited: the round did not end it
    play(state, (0, "pass"), (1, "pass"))
    assert state.table.phase == "recite"
    state.apply(2, "pass")
    # pebbles 2, 1, 2 less one each: players 0 and 2 owe one token; player 0 has
    # nothing to give, player 2 has no token and returns his card
    assert state.table.phase == "discard"
    assert state.current_players() == [2]
    assert state.legal_moves(2) == ["return p01"]


def test_a_round_is_counted_from_the_first_reciter() -> None:
    # players 1, 2 then 0 fail in a row, but across two rounds: no end
    state = tournament()
    play(state, (0, "recite:Je pense donc je suis"), (1, "pass"), (2, "pass"))
    play(state, (0, "pass"))
    assert state.table.phase == "recite"


def test_tournament_ends_at_once_when_the_pebbles_run_out() -> None:
    state = tournament()
    state.table.cup_pebbles = 1
    state.apply(0, "pass")
    assert state.table.tournament is None
    assert state.table.phase == "choose"
    assert state.table.cup_pebbles == PEBBLES


# -------------------------------------------------------------------- discards
def finished_tournament(pebbles: list[int], toks: list[dict[str, int]], last: int | None):
    state = tournament()
    for seat, count in enumerate(pebbles):
        state.table.pebbles[seat] = count
    state.table.cup_pebbles = PEBBLES - sum(pebbles)
    for seat, counts in enumerate(toks):
        tokens(state, seat, **counts)
    state.table.tournament.last_success = last
    state._end_tournament()
    return state


def test_one_or_two_pebbles_cost_one_token() -> None:
    state = finished_tournament([2, 3, 1], [{"histoire": 2}, {}, {}], None)
    # player 0 kept one pebble after giving one back: one token
    assert state.current_players() == [0]
    assert state.legal_moves(0) == ["discard histoire"]
    state.apply(0, "discard histoire")
    assert state.table.tokens[0]["histoire"] == 1
    # player 1 kept 2 pebbles but has nothing to give; player 2 kept none
    assert state.table.phase == "choose"


def test_more_than_two_pebbles_cost_two_tokens() -> None:
    state = finished_tournament([4, 1, 1], [{"histoire": 1, "penseurs": 2}, {}, {}], None)
    assert state.current_players() == [0]
    state.apply(0, "discard histoire")
    assert state.current_players() == [0]
    assert state.legal_moves(0) == ["discard penseurs"]
    state.apply(0, "discard penseurs")
    assert state.table.tokens[0] == {"histoire": 0, "litterature": 0, "penseurs": 1}


def test_pebbles_go_back_to_the_cup() -> None:
    state = finished_tournament([1, 1, 1], [{}, {}, {}], None)
    assert state.table.pebbles == [0, 0, 0]
    assert state.table.cup_pebbles == PEBBLES
    assert state.table.phase == "choose"


def test_a_player_without_tokens_returns_a_card_instead() -> None:
    state = make(3)
    win_card(state, 2, "p01", "Je pense, donc je suis.")
    give(state, 1, "h01")
    state.table.pebbles[1] = 2
    state.table.cup_pebbles = PEBBLES - 2
    state.table.tournament.last_success = None
    state._end_tournament()
    assert state.current_players() == [1]
    assert state.legal_moves(1) == ["return h01"]
    state.apply(1, "return h01")
    assert state.table.cards[1] == []
    assert state.table.comps[2][-1] == ("h01", "bordeaux")


def test_a_player_with_nothing_to_give_is_skipped() -> None:
    state = finished_tournament([0, 5, 0], [{}, {}, {}], None)
    assert state.table.phase == "choose"


def test_last_successful_reciter_draws_a_token() -> None:
    state = tournament()
    play(state, (0, "pass"), (1, "recite:Il faut cultiver notre jardin"), (2, "pass"))
    play(state, (0, "pass"), (1, "pass"), (2, "pass"))
    while state.table.phase == "discard":
        p = state.current_players()[0]
        state.apply(p, state.legal_moves(p)[0])
    assert sum(state.table.tokens[1].values()) == 1
    assert sum(state.table.tokens[0].values()) == 0


def test_after_the_third_tournament_everyone_draws_a_token() -> None:
    state = tournament()
    state.table.tournament.number = 3
    play(state, (0, "pass"), (1, "pass"), (2, "pass"))
    while state.table.phase == "discard":
        p = state.current_players()[0]
        state.apply(p, state.legal_moves(p)[0])
    assert [sum(t.values()) for t in state.table.tokens] == [1, 1, 1]
    assert state.table.tournaments == 3


def test_play_resumes_with_the_next_principal() -> None:
    state = tournament()
    play(state, (0, "pass"), (1, "pass"), (2, "pass"))
    assert state.table.phase == "choose"
    assert state.table.principal == 0  # the winner was principal 2


# ---------------------------------------------------------------------- victory
def test_three_cards_of_three_categories_win() -> None:
    state = make(3)
    state.table.tournaments = 3
    give(state, 0, "h01", "l01")
    win_card(state, 0, "p01", "Je pense donc je suis")
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0, -1.0]
    assert state.outcome()["reason"] == "cards"
    assert state.current_players() == []


def test_three_cards_of_two_categories_do_not_win() -> None:
    state = make(3)
    state.table.tournaments = 3
    give(state, 0, "h01", "h02")
    win_card(state, 0, "p01", "Je pense donc je suis")
    assert not state.is_terminal()


def test_cards_to_win_option_needs_more_cards() -> None:
    state = make(3, cards_to_win=4)
    state.table.tournaments = 3
    give(state, 0, "h01", "l01")
    win_card(state, 0, "p01", "Je pense donc je suis")
    assert not state.is_terminal()
    win_card(state, 0, "p02", "Le cœur a ses raisons que la raison ne connaît point")
    assert state.is_terminal() and state.table.winner == 0


def test_victory_is_checked_before_a_tournament() -> None:
    state = make(3)
    state.table.tournaments = 1
    give(state, 1, "h01", "l01")
    win_card(state, 1, "p01", "Je pense donc je suis")
    assert state.is_terminal()


def test_returns_are_zero_until_the_end() -> None:
    state = make(3)
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.outcome() is None


# ------------------------------------------------------------------- stalemates
def test_the_game_stops_when_nobody_can_draw_for_two_rounds() -> None:
    state = make(3, die=False)
    set_turn(state, 0, None)
    state.table.comps = [[], [], [Slot("h01", "bordeaux")]]
    give(state, 2, "l01")
    for _ in range(6):
        p = state.current_players()[0]
        assert state.legal_moves(p) == ["pass"]
        state.apply(p, "pass")
    assert state.is_terminal()
    assert state.outcome()["reason"] == "stalled"
    assert state.returns() == [-1.0, -1.0, 1.0]


def test_the_game_stops_when_the_sabot_is_empty() -> None:
    state = make(3, packs="mixed", die=False)
    set_turn(state, 0, None)
    state.table.comps = [[Slot("h01", "blue")], [], []]
    play(state, (0, "take 1"), (0, "abstain"), (1, "abstain"), (0, "abstain"), (1, "abstain"))
    assert state.table.out == ["h01"]
    assert state.is_terminal() and state.outcome()["reason"] == "exhausted"
    assert state.returns() == [0.0, 0.0, 0.0]


def test_a_card_taken_by_naming_it_can_trigger_a_tournament() -> None:
    state = make(4)
    state.table.tournaments = 1
    state.table.cards_won = 1
    give(state, 1, "h01")
    give(state, 3, "l01")
    set_turn(state, 1, "steal_card")
    state.apply(1, "name:Voltaire|Il faut cultiver notre jardin")
    assert state.table.cards[1] == ["h01", "l01"]
    assert state.table.tournament.number == 2
    assert state.current_players() == [2]
