"""QuiAdiQuoi's moves in words: taking a question, answering, judging, abstaining;
what was said stays unsaid in the list until the end, as on the table."""

from __future__ import annotations

import tablier
from tablier.games.quiadiquoi.words import describe


def said(entry: str) -> tuple[str, str]:
    words = describe(entry)
    assert words is not None
    return words.text("fr"), words.text("en")


def test_every_kind_of_move() -> None:
    assert said("take 1") == (
        "prend la question du compartiment 1",
        "takes the question of compartment 1",
    )
    assert said("take 2 with penseurs")[0].endswith("jeton Penseurs (jeton magique)")
    assert said("take 3 from 1")[0].endswith("avec un jeton pris à Joueur 2")
    assert said("answer:Charles de Gaulle") == (
        "répond « Charles de Gaulle »",
        "answers “Charles de Gaulle”",
    )
    assert said("answer:…") == ("répond", "answers")
    assert said("recite:…")[0] == "récite une citation"
    assert said("name:Hugo|Demain, dès l'aube")[0] == "nomme « Hugo — Demain, dès l'aube »"
    assert said("accept") == ("valide la réponse", "accepts the answer")
    assert said("refuse")[0] == "refuse la réponse"
    assert said("abstain") == ("s'abstient", "abstains")
    for simple in ("claim", "pass", "timeout", "clue", "stop"):
        assert said(simple)[0]
    assert said("discard histoire")[0] == "défausse un jeton Histoire"
    assert said("steal c12")[0] == "tente de voler une carte"
    assert "c12" not in said("send c12")[0]
    assert said("return c3")[0] == "rend une carte"
    assert describe("take") is None and describe("blah") is None


def test_an_answer_is_not_written_in_the_list_while_the_game_goes_on() -> None:
    state = tablier.load("quiadiquoi").new_state(seed=1, num_players=3)
    state.apply(0, "take 1")
    answer = "answer:Jules César"
    state.apply(0, answer)
    for viewer in (None, 0, 1, 2):
        texts = [w.text("fr") for w in state.move_words(viewer) if w]
        assert texts[:2] == ["prend la question du compartiment 1", "répond"]
        assert not any("César" in t for t in texts)
