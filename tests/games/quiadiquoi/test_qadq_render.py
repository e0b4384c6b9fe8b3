"""The terminal picture of a QuiAdiQuoi position speaks the rules' words (galets) and
counts seats from 1, as people and every other screen do."""

from __future__ import annotations

from qadq_helpers import make, put_front, set_turn, tokens

from tablier.games.quiadiquoi.phases import Phase
from tablier.games.quiadiquoi.render import render


def test_pebbles_are_galets_and_seats_count_from_one() -> None:
    state = make(3)
    set_turn(state, principal=0)  # the engine's seat 0 chooses, seat 2 reads
    state.table.pebbles[1] = 2
    french = render(state, viewer=0, lang="fr")
    assert "cailloux" not in french
    assert "galets" in french and "   galets 2" in french
    assert "lecteur : joueur 3   principal : joueur 1" in french
    lines = french.splitlines()
    assert [line.split(" :")[0].strip() for line in lines if line.startswith("  joueur ")] == [
        "joueur 1 (vous)",
        "joueur 2",
        "joueur 3",
    ]
    assert "joueur 0" not in french
    assert lines[-1].startswith("joueur 1 : choisissez un compartiment")
    english = render(state, viewer=0, lang="en")
    assert "reader: player 3   principal: player 1" in english
    assert "player 0" not in english and "   pebbles 2" in english


def test_the_answer_and_the_winner_are_numbered_from_one() -> None:
    state = make(3)
    set_turn(state, principal=0)
    put_front(state, 1, "h02", "bordeaux")
    tokens(state, 0, histoire=1)  # what the bordeaux face costs
    state.apply(0, "take 1")
    state.apply(0, "answer:Paris vaut bien une fesse")
    said = render(state, viewer=2, lang="fr").splitlines()
    assert "  joueur 1 : « Paris vaut bien une fesse » — faux" in said
    assert "  joueur 3 (vous) : jetons Hist 0 Litt 0 Pens 0   cartes : -" in said
    assert said[-1].startswith("joueur 2 : répondez")  # the next seat, counted from 1


def test_the_end_names_the_winner_as_people_count() -> None:
    state = make(3)
    state.table.end = "cards"
    state.table.phase = Phase.OVER
    state.table.winner = 0
    text = render(state, lang="fr")
    assert "partie finie : le joueur 1 gagne en réunissant les trois catégories" in text
    assert "player 1 wins" in render(state, lang="en")
