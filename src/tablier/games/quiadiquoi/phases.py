"""The phases of a QuiAdiQuoi turn; each is also the string the observations show."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    START = "start"  # before the deal (a state being rebuilt)
    CHOOSE = "choose"  # the principal (or the reader, on "choix imposé") picks a card
    ANSWER = "answer"  # the asked player answers or abstains
    RESPEAK = "respeak"  # a claimant speaks again
    VERDICT = "verdict"  # the reader accepts or refuses the answer
    CLAIMS = "claims"  # a window: who claims to speak again (or to take the clue)
    CHALLENGE = "challenge"  # challenge variant: the principal takes a clue or stops
    RECITE = "recite"  # a tournament: recite a heard quotation or take a pebble
    DISCARD = "discard"  # after a tournament: pay the tokens owed
    OVER = "over"


ANSWERING = (Phase.ANSWER, Phase.RESPEAK)
