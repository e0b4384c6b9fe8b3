"""Every option and every value of it has a name for people in French and English, and
a one-line explanation: the create dialog never shows an identifier such as `lines4`."""

from __future__ import annotations

import pytest

from tablier.core import registry
from tablier.core.messages import LANGS
from tablier.core.options import Option

OPTIONS = [
    pytest.param(spec, id=f"{game_id}.{spec.name}")
    for game_id in registry.game_ids()
    for spec in registry.game_class(game_id).option_specs
]


@pytest.mark.parametrize("spec", OPTIONS)
def test_each_option_has_a_label_and_an_explanation(spec: Option) -> None:
    for lang in LANGS:
        assert spec.label.get(lang), f"{spec.name}: no label in {lang}"
        assert spec.help.get(lang), f"{spec.name}: no explanation in {lang}"


@pytest.mark.parametrize("spec", OPTIONS)
def test_each_value_offered_is_labelled_in_both_languages(spec: Option) -> None:
    values = [str(c) for c in spec.choices or ()] + list(spec.parts or ())
    if spec.nullable:
        values.append("none")
    for value in values:
        labels = spec.value_labels.get(value, {})
        for lang in LANGS:
            assert labels.get(lang), f"{spec.name}={value}: no label in {lang}"
        # several values: each says what it changes, or the labels say it plainly
        if len(values) > 1 and value != "none" and not value.isdigit():
            explained = spec.value_help.get(value, {})
            assert all(explained.get(lang) for lang in LANGS), f"{spec.name}={value}"
        assert spec.value_label(None if value == "none" else value, "fr") == labels["fr"]


def test_a_value_label_falls_back_to_the_value_and_reads_a_selection() -> None:
    faces = next(s for s in registry.game_class("quiadiquoi").option_specs if s.name == "die_faces")
    assert faces.value_label("magic,clues", "fr") == "✦ Jeton magique, ③ Trois indices"
    assert faces.value_label("magic,clues", "en") == "✦ Magic token, ③ Three clues"
    plain = Option("n", 3, kind=int)
    assert plain.value_label(3) == "3"
    assert "value_labels" in plain.describe() and plain.describe()["parts"] is None
