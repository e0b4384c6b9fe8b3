"""The ladder's verdict: met on the observed rate, confirmed only by the interval."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tablier.ai.stats import wilson

LADDER_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "ai_ladder.py"


def _ladder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ai_ladder", LADDER_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_rate_below_the_target_is_not_met() -> None:
    low, _ = wilson(74, 100)
    assert _ladder()._verdict(0.74, low, 0.75) == "no"


def test_a_rate_at_the_target_with_a_wide_interval_is_met_but_not_confirmed() -> None:
    low, _ = wilson(76, 100)
    assert low < 0.75
    assert _ladder()._verdict(0.76, low, 0.75) == "yes (interval reaches below)"


def test_a_rate_whose_whole_interval_clears_the_target_is_confirmed() -> None:
    low, _ = wilson(94, 100)
    assert _ladder()._verdict(0.94, low, 0.70) == "yes, confirmed"


def test_a_99_percent_target_cannot_be_confirmed_by_100_games() -> None:
    low, _ = wilson(100, 100)
    assert _ladder()._verdict(1.0, low, 0.99) == "yes (interval reaches below)"
