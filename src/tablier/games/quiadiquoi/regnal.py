"""Numbers as people say and write them: "IV" = "4" = "quatre", "Ier" = "1er" = "premier".

A regnal number tells two people apart (Henri II is not Henri IV), and a quotation may
be recited with its numbers in digits ("40 siècles"), so both judges read numbers here.
Roman numerals are read by `roman`, French number words by `text_to_num` (text2num).
"""

from __future__ import annotations

import re
from functools import lru_cache

import roman
from text_to_num import text2num

# the first of a line, as French writes it; every other ordinal is the plain number
_FIRST = frozenset({"ier", "1er", "1re", "ire", "premier", "premiere", "1ere", "i"})
_SECOND = frozenset({"second", "seconde", "2nd", "2nde"})
# regnal numbers past this are not numbers but initials or words ("C", "L", "M")
MAX_REGNAL = 39
_ROMAN = re.compile(r"^[ivx]+$")
_ORDINAL = re.compile(r"^(\d+)(e|eme|ieme)$")


@lru_cache(maxsize=8192)
def number_value(word: str) -> int | None:
    """The number a normalised word (or words joined by spaces) stands for, else None.

    Digits, French number words ("quatre", "dix sept", "sept mille") and the ordinals
    "premier"/"1er"/"second"; roman numerals are left to `regnal_value` (in a quotation
    "vi" or "mi" is a word).
    """
    if word.isdigit():
        return int(word)
    if word in _FIRST - {"i"}:
        return 1
    if word in _SECOND:
        return 2
    if match := _ORDINAL.match(word):
        return int(match.group(1))
    try:
        value = text2num(word.replace(" ", "-"), "fr")
    except ValueError:
        return None
    return int(value)


def regnal_value(word: str) -> int | None:
    """The regnal number of a normalised word after a name: "iv", "4", "quatre", "ier"."""
    if word in _FIRST:
        return 1
    if _ROMAN.match(word):
        try:
            value = int(roman.fromRoman(word.upper()))
        except roman.InvalidRomanNumeralError:
            return None
        return value if value <= MAX_REGNAL else None
    number = number_value(word)
    if number is None or not 0 < number <= MAX_REGNAL:
        return None
    return number


def roman_numeral(value: int) -> str:
    """How a regnal number is printed: "Ier", "II", "XIV"."""
    return "Ier" if value == 1 else str(roman.toRoman(value))
