"""QuiAdiQuoi decks: the card model, the TOML deck format and its validating loader.

The format is documented in `docs/decks.md`. The loader reports *every* problem it
finds in one `DeckError`, each naming the file, the line when known, the card and the
field, so that a deck author can fix a whole file in one pass.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CATEGORIES: tuple[str, ...] = ("histoire", "litterature", "penseurs")
DIFFICULTIES: tuple[int, ...] = (1, 2)
ATTRIBUTIONS: tuple[str, ...] = ("authentic", "traditional")
CLUES_PER_FACE = 4

REQUIRED_FIELDS: tuple[str, ...] = (
    "id",
    "category",
    "difficulty",
    "quote",
    "author",
    "source",
    "author_clues",
    "quote_clues",
)
OPTIONAL_FIELDS: tuple[str, ...] = (
    "aliases",
    "alternatives",
    "coauthors",
    "anecdote",
    "attribution",
)
CARD_FIELDS: tuple[str, ...] = (*REQUIRED_FIELDS, *OPTIONAL_FIELDS)
DECK_FIELDS: tuple[str, ...] = ("name", "language", "description")

_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
_CARD_HEADER_RE = re.compile(r"^\s*\[\[\s*card\s*\]\]")
_TABLE_HEADER_RE = re.compile(r"^\s*\[")
_KEY_RE = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")

DECKS_DIR = Path(__file__).resolve().parent / "decks"


class DeckError(ValueError):
    """A deck that cannot be used; `problems` lists every problem found, one per line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the deck:"
        super().__init__("\n".join([head, *self.problems]))


@dataclass(frozen=True)
class Card:
    """One quotation: the blue face asks its author, the bordeaux face its words."""

    id: str
    category: str
    difficulty: int
    quote: str
    author: str
    aliases: tuple[str, ...]
    source: str
    author_clues: tuple[str, str, str, str]
    quote_clues: tuple[str, str, str, str]
    anecdote: str | None = None
    attribution: str = "authentic"
    # other wordings of the quotation accepted as faithful ("mais" for "et")
    alternatives: tuple[str, ...] = ()
    # who wrote the work with the author, accepted as the answer for this card only
    coauthors: tuple[str, ...] = ()


@dataclass
class Deck:
    name: str
    cards: list[Card]
    language: str = "fr"
    description: str = ""
    _by_id: dict[str, Card] = field(default_factory=dict, repr=False, compare=False)

    def card(self, card_id: str) -> Card:
        if not self._by_id:
            self._by_id.update({c.id: c for c in self.cards})
        return self._by_id[card_id]


def builtin_deck_path(name: str) -> Path:
    """The file of the deck `name` shipped in `games/quiadiquoi/decks/`."""
    return DECKS_DIR / f"{name}.toml"


def builtin_deck_names() -> list[str]:
    return sorted(p.stem for p in DECKS_DIR.glob("*.toml"))


def resolve_deck(name_or_path: str) -> Path:
    """A shipped deck's name, or a path to a deck file."""
    if _ID_RE.match(name_or_path) and not name_or_path.endswith(".toml"):
        path = builtin_deck_path(name_or_path)
        if path.is_file():
            return path
    path = Path(name_or_path).expanduser()
    if path.is_file():
        return path
    known = ", ".join(builtin_deck_names()) or "none"
    raise DeckError(
        [f"{name_or_path}: no such deck (shipped decks: {known}; or give the path of a file)"]
    )


# --------------------------------------------------------------------------- lines
def _card_lines(text: str) -> list[dict[str, int]]:
    """For each `[[card]]` table in order: the line of its header and of each key."""
    blocks: list[dict[str, int]] = []
    current: dict[str, int] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if _CARD_HEADER_RE.match(line):
            current = {"": number}
            blocks.append(current)
        elif _TABLE_HEADER_RE.match(line):
            current = None
        elif current is not None:
            match = _KEY_RE.match(line)
            if match and match.group(1) not in current:
                current[match.group(1)] = number
    return blocks


# ---------------------------------------------------------------------- validation
def _where(source: str, line: int | None) -> str:
    return f"{source}:{line}" if line else source


def _text(value: Any) -> bool:
    return isinstance(value, str) and value.strip() != ""


def validate_card(
    raw: Any, source: str, index: int, lines: Mapping[str, int] | None = None
) -> tuple[Card | None, list[str]]:
    """Check one card table; return the card (None if broken) and the problems."""
    lines = lines or {}
    head_line = lines.get("")
    if not isinstance(raw, Mapping):
        return None, [f"{_where(source, head_line)}: card #{index}: a card must be a table"]
    card_id = raw.get("id")
    label = f"card {card_id!r}" if _text(card_id) else f"card #{index}"
    problems: list[str] = []

    def bad(name: str, why: str) -> None:
        line = lines.get(name, head_line)
        problems.append(f"{_where(source, line)}: {label}: field '{name}': {why}")

    for name in REQUIRED_FIELDS:
        if name not in raw:
            bad(name, "missing")
    for name in raw:
        if name not in CARD_FIELDS:
            bad(str(name), f"unknown field (allowed: {', '.join(CARD_FIELDS)})")

    if "id" in raw and not (isinstance(card_id, str) and _ID_RE.match(card_id)):
        bad("id", "must be letters, digits, '-', '_' or '.', starting with a letter or digit")
    if "category" in raw and raw["category"] not in CATEGORIES:
        bad("category", f"{raw['category']!r} is not one of {', '.join(CATEGORIES)}")
    if "difficulty" in raw:
        diff = raw["difficulty"]
        if isinstance(diff, bool) or diff not in DIFFICULTIES:
            bad("difficulty", f"{diff!r} is not 1 or 2")
    for name in ("quote", "author", "source"):
        if name in raw and not _text(raw[name]):
            bad(name, "must be a non-empty string")
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(_text(a) for a in aliases):
        bad("aliases", "must be a list of non-empty strings (it may be empty)")
    alternatives = raw.get("alternatives", [])
    if not isinstance(alternatives, list) or not all(_text(a) for a in alternatives):
        bad("alternatives", "must be a list of non-empty strings (it may be empty)")
    coauthors = raw.get("coauthors", [])
    if not isinstance(coauthors, list) or not all(_text(a) for a in coauthors):
        bad("coauthors", "must be a list of non-empty strings (it may be empty)")
    for name in ("author_clues", "quote_clues"):
        if name not in raw:
            continue
        clues = raw[name]
        if not isinstance(clues, list):
            bad(name, f"must be a list of exactly {CLUES_PER_FACE} strings")
        elif len(clues) != CLUES_PER_FACE:
            bad(name, f"has {len(clues)} clues, exactly {CLUES_PER_FACE} are needed")
        elif not all(_text(c) for c in clues):
            bad(name, "every clue must be a non-empty string")
    anecdote = raw.get("anecdote")
    if anecdote is not None and not isinstance(anecdote, str):
        bad("anecdote", "must be a string when given")
    attribution = raw.get("attribution", "authentic")
    if attribution not in ATTRIBUTIONS:
        bad("attribution", f"{attribution!r} is not one of {', '.join(ATTRIBUTIONS)}")

    if problems:
        return None, problems
    card = Card(
        id=str(raw["id"]),
        category=str(raw["category"]),
        difficulty=int(raw["difficulty"]),
        quote=raw["quote"].strip(),
        author=raw["author"].strip(),
        aliases=tuple(a.strip() for a in aliases),
        source=raw["source"].strip(),
        author_clues=tuple(c.strip() for c in raw["author_clues"]),
        quote_clues=tuple(c.strip() for c in raw["quote_clues"]),
        anecdote=anecdote.strip() or None if isinstance(anecdote, str) else None,
        attribution=str(attribution),
        alternatives=tuple(a.strip() for a in alternatives),
        coauthors=tuple(a.strip() for a in coauthors),
    )
    return card, []


def build_deck(
    data: Mapping[str, Any],
    source: str,
    default_name: str,
    card_lines: list[dict[str, int]] | None = None,
) -> Deck:
    """Validate parsed deck data (a TOML document's tables); raise DeckError listing all."""
    problems: list[str] = []
    for key in data:
        if key not in ("deck", "card"):
            problems.append(f"{source}: unknown top-level key '{key}' (allowed: deck, card)")
    meta = data.get("deck", {})
    if not isinstance(meta, Mapping):
        problems.append(f"{source}: [deck] must be a table")
        meta = {}
    for key in meta:
        if key not in DECK_FIELDS:
            problems.append(
                f"{source}: [deck]: field '{key}': unknown field "
                f"(allowed: {', '.join(DECK_FIELDS)})"
            )
        elif not isinstance(meta[key], str):
            problems.append(f"{source}: [deck]: field '{key}': must be a string")
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list):
        problems.append(f"{source}: 'card' must be an array of tables ([[card]])")
        raw_cards = []
    if not raw_cards:
        problems.append(f"{source}: the deck has no card ([[card]] tables)")
    card_lines = card_lines or []
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(raw_cards, start=1):
        lines = card_lines[index - 1] if index - 1 < len(card_lines) else {}
        card, card_problems = validate_card(raw, source, index, lines)
        problems.extend(card_problems)
        raw_id = raw.get("id") if isinstance(raw, Mapping) else None
        if isinstance(raw_id, str):
            if raw_id in seen:
                line = lines.get("id", lines.get(""))
                problems.append(
                    f"{_where(source, line)}: card {raw_id!r}: field 'id': "
                    f"duplicate id (first used by card #{seen[raw_id]})"
                )
            else:
                seen[raw_id] = index
        if card is not None:
            cards.append(card)
    if problems:
        raise DeckError(problems)
    name = meta.get("name") if isinstance(meta.get("name"), str) else None
    return Deck(
        name=name or default_name,
        cards=cards,
        language=str(meta.get("language", "fr")),
        description=str(meta.get("description", "")),
    )


def parse_deck_text(text: str, source: str = "<deck>", default_name: str = "deck") -> Deck:
    """Parse and validate the text of a TOML deck."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError([f"{source}: not valid TOML: {exc}"]) from None
    return build_deck(data, source, default_name, _card_lines(text))


_CACHE: dict[tuple[str, float], Deck] = {}


def load_deck(path: str | Path) -> Deck:
    """Load and validate a TOML deck file (DeckError lists every problem)."""
    target = Path(path)
    try:
        stamp = target.stat().st_mtime
        key = (str(target.resolve()), stamp)
        if key in _CACHE:
            return _CACHE[key]
        text = target.read_text(encoding="utf-8")
    except OSError as exc:
        raise DeckError([f"{target}: cannot read the file ({exc.strerror})"]) from None
    except UnicodeDecodeError:
        raise DeckError([f"{target}: the file is not UTF-8 text"]) from None
    deck = parse_deck_text(text, str(target), target.stem)
    _CACHE[key] = deck
    return deck
