"""QuiAdiQuoi's answer matching measured on its labelled answer set.

    python benchmarks/qadq_matching.py            # the figures per group and label
    python benchmarks/qadq_matching.py --errors   # also list every wrong verdict

The labelled set lives in `tests/games/quiadiquoi/qadq_answers.py` (the tests read it
too). For each group (author answers, quotation answers, and any further group the
set declares) and each label (answers that must be accepted, answers that must be
refused) it prints how many the matcher judged rightly and how many wrongly:
accepted-correctly, refused-correctly, wrong.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from tablier.games.quiadiquoi import matching

ANSWERS_PATH = (
    Path(__file__).resolve().parents[1] / "tests" / "games" / "quiadiquoi" / "qadq_answers.py"
)

Case = tuple[str, str, bool]


def _answers() -> ModuleType:
    spec = importlib.util.spec_from_file_location("qadq_answers", ANSWERS_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def groups(module: ModuleType) -> dict[str, tuple[str, list[Case]]]:
    """Group name -> (face judged, cases). `GROUPS` when the set declares it."""
    declared = getattr(module, "GROUPS", None)
    if declared is not None:
        return dict(declared)
    return {"author": ("author", module.AUTHOR_CASES), "quote": ("quote", module.QUOTE_CASES)}


def judge(module: ModuleType, face: str) -> Callable[[str, str], bool]:
    """The engine's verdict on an answer to the card a case names."""
    deck = module.test_deck()
    # the engine's own check of a card's quotation and its alternatives, when it has one
    card_check = getattr(matching, "card_quote_matches", None)

    def verdict(card_id: str, answer: str) -> bool:
        card = module.lookup(card_id)
        if face == "author":
            return matching.author_matches(answer, card, deck)
        if card_check is not None:
            return bool(card_check(answer, card))
        return matching.quote_matches(answer, card.quote)

    return verdict


def measure(show_errors: bool) -> int:
    module = _answers()
    print(f"{'group':<14} {'label':<7} {'cases':>5} {'right':>6} {'wrong':>6}")
    total = wrong_total = 0
    errors: list[str] = []
    for name, (face, cases) in groups(module).items():
        verdict = judge(module, face)
        for label, expected in (("accept", True), ("refuse", False)):
            chosen = [c for c in cases if c[2] is expected]
            if not chosen:
                continue
            wrong = [c for c in chosen if verdict(c[0], c[1]) is not expected]
            errors += [f"  {name}/{label}: {c[0]} {c[1]!r}" for c in wrong]
            right = len(chosen) - len(wrong)
            what = "accepted" if expected else "refused"
            print(
                f"{name:<14} {label:<7} {len(chosen):>5} {right:>6} {len(wrong):>6}"
                f"   ({right} {what} correctly)"
            )
            total += len(chosen)
            wrong_total += len(wrong)
    print(f"{'all':<14} {'':<7} {total:>5} {total - wrong_total:>6} {wrong_total:>6}")
    if show_errors and errors:
        print("wrong verdicts:")
        print("\n".join(errors))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", action="store_true", help="list every wrong verdict")
    args = parser.parse_args(argv)
    return measure(args.errors)


if __name__ == "__main__":
    sys.exit(main())
