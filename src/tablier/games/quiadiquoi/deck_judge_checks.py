"""The automatic check against the card's own answers: every wording of the quotation
and every name of the author must be accepted, and a wording with one word changed
for another real word ("une fesse" for "une messe") must be refused, as must a name
changed into another person's (« Henri V » for Henri IV, « … fils » for the father).

It asks the engine's public matching functions, the ones a game uses, so a deck
passes here exactly when a game would judge its answers right.
"""

from __future__ import annotations

import roman

from tablier.games.quiadiquoi.deck import Card, Deck
from tablier.games.quiadiquoi.deck_clue_checks import forms
from tablier.games.quiadiquoi.deck_findings import Finding
from tablier.games.quiadiquoi.deck_words import (
    WORD_RE,
    inflection_of,
    is_content,
    real_neighbours,
    same_family,
)
from tablier.games.quiadiquoi.matching import author_matches, card_quote_matches

# shorter words are mostly grammatical, and their neighbours too ("pas", "par")
SWAP_MIN_LEN = 4


def swaps(form: str) -> list[tuple[str, str, str]]:
    """(wording, original word, new word): the form with one telling word changed for
    the most frequent real French word one letter away that is neither of its family
    nor the same word with another ending."""
    found = []
    lowered = form.lower().replace("’", "'")
    present = {m.group(0) for m in WORD_RE.finditer(lowered)}
    for match in WORD_RE.finditer(lowered):
        word = match.group(0)
        if len(word) < SWAP_MIN_LEN or not is_content(word):
            continue
        other = next(
            (
                w
                for w in real_neighbours(word)
                if not same_family(w, word) and not inflection_of(w, word) and w not in present
            ),
            None,
        )
        if other is not None:
            found.append((form[: match.start()] + other + form[match.end() :], word, other))
    return found


def _regnal(word: str) -> int | None:
    if word in ("Ier", "Premier"):
        return 1
    try:
        return int(roman.fromRoman(word))
    except roman.RomanError:
        return None


def name_swaps(name: str) -> list[str]:
    """Another person's name one word away: the regnal number one less or one more
    (« Henri III », « Henri V » for Henri IV), or, without a number, the son."""
    parts = name.split()
    found = []
    for index, word in enumerate(parts):
        number = _regnal(word)
        if number is None:
            continue
        for other in (number - 1, number + 1):
            if other >= 1:
                found.append(" ".join([*parts[:index], roman.toRoman(other), *parts[index + 1 :]]))
    if not found and len(parts) >= 2:
        found.append(f"{name} fils")
    return found


def judge_findings(card: Card, deck: Deck) -> list[Finding]:
    found = []
    for index, form in enumerate(forms(card)):
        field, item = ("quote", None) if index == 0 else ("alternatives", index - 1)
        if not card_quote_matches(form, card):
            found.append(Finding(card.id, field, "form_refused", {"form": form}, item))
        accepted = next((s for s in swaps(form) if card_quote_matches(s[0], card)), None)
        if accepted is not None:
            said, original, word = accepted
            params = {"said": said, "word": word, "original": original}
            found.append(Finding(card.id, field, "swap_accepted", params, item))
    names: list[tuple[str, int | None, str]] = [("author", None, card.author)]
    names += [("aliases", i, a) for i, a in enumerate(card.aliases)]
    names += [("coauthors", i, a) for i, a in enumerate(card.coauthors)]
    for field, item, name in names:
        if not author_matches(name, card, deck):
            found.append(Finding(card.id, field, "form_refused", {"form": name}, item))
        other = next((s for s in name_swaps(name) if author_matches(s, card, deck)), None)
        if other is not None:
            params = {"said": other, "name": name}
            found.append(Finding(card.id, field, "name_swap_accepted", params, item))
    return found
