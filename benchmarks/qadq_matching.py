"""QuiAdiQuoi's answer judge measured on its labelled answers, before and after.

    python benchmarks/qadq_matching.py            # the figures, old and new judge
    python benchmarks/qadq_matching.py --errors   # also list the new judge's mistakes
    python benchmarks/qadq_matching.py --sweep    # also other real-word thresholds

Two labelled sets: the base deck's (tests/games/quiadiquoi/qadq_labelled.py, every
card) and the older test-deck set (qadq_answers.py). For each it prints, for the OLD
judge (matching.py as of commit 8aaad36, read from git) and the NEW one, how many
answers it accepted wrongly and refused wrongly, per category of the base-deck set.
Goal: 0 accepted wrongly, at most 1% refused wrongly.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from tablier.games.quiadiquoi import matching
from tablier.games.quiadiquoi.deck import Card, Deck, builtin_deck_path, load_deck

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "games" / "quiadiquoi"
OLD_COMMIT = "8aaad36"
MATCHING = "src/tablier/games/quiadiquoi/matching.py"

Verdict = Callable[[str, str, str], bool]  # (card id, face, answer) -> accepted


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def old_matching() -> ModuleType:
    """The judge as it was before issue 39, from git."""
    source = subprocess.run(
        ["git", "show", f"{OLD_COMMIT}:{MATCHING}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    folder = Path(tempfile.mkdtemp(prefix="qadq_old_judge_"))
    path = folder / "qadq_old_matching.py"
    path.write_text(source, encoding="utf-8")
    return _load(path, "qadq_old_matching")


def judge_of(module: ModuleType, lookup: Callable[[str], Card], deck: Deck) -> Verdict:
    def verdict(card_id: str, face: str, answer: str) -> bool:
        card = lookup(card_id)
        if face == "author":
            return bool(module.author_matches(answer, card, deck))
        return bool(module.card_quote_matches(answer, card))

    return verdict


Case = tuple[str, str, str, bool, str]


def labelled_sets() -> dict[str, tuple[list[Case], Callable[[str], Card], Deck]]:
    """Set name -> (cases, card lookup, deck the authors are judged against)."""
    base = load_deck(builtin_deck_path("base-fr"))
    labelled = _load(TESTS / "qadq_labelled.py", "qadq_labelled")
    answers = _load(TESTS / "qadq_answers.py", "qadq_answers")
    older: list[Case] = [
        (card_id, face, answer, expected, group)
        for group, (face, cases) in answers.GROUPS.items()
        for card_id, answer, expected in cases
    ]
    return {
        "base deck": (labelled.CASES, base.card, base),
        "test deck": (older, answers.lookup, answers.test_deck()),
    }


def measure(cases: list[Case], verdict: Verdict) -> tuple[Counter[str], Counter[str], list[Case]]:
    """(accepted wrongly per category, refused wrongly per category, the wrong cases)."""
    accepted: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    wrong = []
    for case in cases:
        card_id, face, answer, expected, category = case
        said = verdict(card_id, face, answer)
        if said and not expected:
            accepted[category] += 1
            wrong.append(case)
        elif expected and not said:
            refused[category] += 1
            wrong.append(case)
    return accepted, refused, wrong


def report(show_errors: bool) -> int:
    judges = {"old": old_matching(), "new": matching}
    for set_name, (cases, lookup, deck) in labelled_sets().items():
        right = sum(1 for c in cases if c[3])
        print(f"\n== {set_name}: {len(cases)} answers ({right} right, {len(cases) - right} wrong)")
        results = {
            name: measure(cases, judge_of(module, lookup, deck)) for name, module in judges.items()
        }
        categories = sorted(Counter(c[4] for c in cases).items())
        wrongly = "acc.wrongly ref.wrongly"
        print(f"{'category':<20} {'cases':>5}   old: {wrongly}   new: {wrongly}")
        for category, count in categories:
            cells = []
            for name in judges:
                accepted, refused, _ = results[name]
                cells.append(f"{accepted[category]:>11} {refused[category]:>11}")
            print(f"{category:<20} {count:>5}   {cells[0]}        {cells[1]}")
        for name in judges:
            accepted, refused, wrong = results[name]
            acc, ref = sum(accepted.values()), sum(refused.values())
            print(
                f"{name} judge: accepted wrongly {acc} ({acc / len(cases):.1%}), refused wrongly "
                f"{ref} ({ref / len(cases):.1%}), right {len(cases) - len(wrong)}/{len(cases)} "
                f"({(len(cases) - len(wrong)) / len(cases):.1%})"
            )
        if show_errors:
            for card_id, face, answer, expected, category in results["new"][2]:
                how = "refused wrongly" if expected else "accepted wrongly"
                print(f"  new {how}: {card_id} {face} {answer!r} ({category})")
    return 0


def sweep(name: str, values: list[float]) -> int:
    """The base-deck set judged with other values of one real-word threshold of
    judge_words (wordfreq zipf): `REAL_WORD_ZIPF` for words no lexicon knows (lower, web
    typos are taken for words; higher, names like "Vinci" pass as typos), `LEXICON_ZIPF`
    for a lexicon's words (lower, rare forms typed by mistake are refused; higher, rare
    real words pass as typos)."""
    from tablier.games.quiadiquoi import judge_names, judge_words

    cases, lookup, deck = labelled_sets()["base deck"]
    chosen = getattr(judge_words, name)
    print(f"\n== {name} (base deck set)")
    print(f"{'zipf':>5} {'acc.wrongly':>12} {'ref.wrongly':>12}")
    try:
        for value in values:
            setattr(judge_words, name, value)
            judge_words.is_real_word.cache_clear()
            judge_names.clear_caches()
            accepted, refused, _ = measure(cases, judge_of(matching, lookup, deck))
            mark = "  <- chosen" if value == chosen else ""
            print(f"{value:>5.1f} {sum(accepted.values()):>12} {sum(refused.values()):>12}{mark}")
    finally:
        setattr(judge_words, name, chosen)
        judge_words.is_real_word.cache_clear()
        judge_names.clear_caches()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--errors", action="store_true", help="list the new judge's mistakes")
    parser.add_argument(
        "--sweep", action="store_true", help="also try other real-word thresholds (slow)"
    )
    args = parser.parse_args(argv)
    code = report(args.errors)
    if args.sweep:
        code = code or sweep("REAL_WORD_ZIPF", [2.0, 2.5, 3.0, 3.5, 4.0])
        code = code or sweep("LEXICON_ZIPF", [0.0, 1.0, 1.5, 1.8, 2.0, 2.5, 3.0])
    return code


if __name__ == "__main__":
    sys.exit(main())
