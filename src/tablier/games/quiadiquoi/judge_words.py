"""One said word against the word it should be: the same, misspelt, or another word.

A said word that differs from the expected one is forgiven when it is the same word
spelt otherwise (it sounds the same: "pence" for "pense", "contemple" for
"contemplent", "fer" for "fers") or when it is a typo: a few letters off AND not itself
a real French word. "fesse" is one letter from "messe", but it is a word of its own, so
"Paris vaut bien une fesse" is another sentence. A word is real when a French lexicon
knows it (pyspellchecker's French word list, accents or not, and simplemma's French
forms: "curage", "rune", "voilons") or when it is frequent in French text anyway
(`wordfreq`, names and loanwords: "Vinci"). Frequency alone cannot tell: the web
corpora behind wordfreq hold typos too ("maitenant" 2.5, "toujous" 1.9). The threshold
`REAL_WORD_ZIPF` is justified by the labelled set (tests/games/quiadiquoi/
qadq_labelled.py), measured by `benchmarks/qadq_matching.py --sweep`.
Grammatical words (pronouns, possessives, prepositions, negations, numbers, "être"
and "avoir") must be exactly right: a letter there changes the meaning.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache, lru_cache

import simplemma
from rapidfuzz.distance import OSA
from spellchecker import SpellChecker
from wordfreq import zipf_frequency

from tablier.games.quiadiquoi.regnal import number_value, regnal_value

# A word no lexicon knows is still a word of its own when it is this frequent in French
# text (zipf 3.0: once in a million words): names and loanwords ("vinci" 3.7). Web
# typos stay below it ("maitenant" 2.5, "fare" 2.7, "toujous" 1.9, "chausettes" 1.5).
REAL_WORD_ZIPF = 3.0
# A word a lexicon knows is a word of its own from this frequency on (zipf 1.8: about
# twice in a hundred million words); rarer forms typed by mistake are typos.
LEXICON_ZIPF = 1.8
# A word of n letters forgives int(n * rate) letters, one from `MIN_LEN` letters on, none
# below: short words lie a letter apart from each other.
TYPO_RATE = 0.2
MIN_LEN = 4

ARTICLES = frozenset({"le", "la", "les", "l", "un", "une", "des", "du"})
# Elided words, said in full: "j'ai" and "je ai" are the same words.
ELISIONS = {
    "j": "je",
    "m": "me",
    "t": "te",
    "s": "se",
    "c": "ce",
    "n": "ne",
    "d": "de",
    "qu": "que",
    "jusqu": "jusque",
    "lorsqu": "lorsque",
    "puisqu": "puisque",
    "quoiqu": "quoique",
}
GRAMMATICAL = frozenset(
    " ".join(
        (
            "je me moi te toi il elle on nous vous ils elles se soi lui leur leurs eux y en",
            "ce ceci cela ca celui celle ceux celles qui que quoi dont ou lequel laquelle",
            "mon ton son ma ta sa mes tes ses notre votre nos vos cet cette ces",
            "a de au aux dans par pour sur sous avec sans chez vers entre contre avant apres",
            "pendant depuis selon et mais donc or ni car si comme quand lorsque puisque",
            "ne pas plus jamais rien guere aucun aucune non oui tres tout tous toute toutes",
            "un une deux trois quatre cinq six sept huit neuf dix onze douze vingt trente",
            "quarante cinquante soixante cent cents mille",
            "suis es est sommes etes sont etais etait etions etiez etaient fut furent ete etre",
            "serai seras sera serons serez seront ai as avons avez ont avais avait avions",
            "aviez avaient eu avoir aurai auras aura aurons aurez auront",
        )
    ).split()
)

# grammatical words spelt otherwise but said alike: the same word in a spoken answer
GRAMMATICAL_HOMOPHONES = (
    frozenset({"au", "aux"}),
    frozenset({"leur", "leurs"}),
    frozenset({"tout", "tous"}),
)

_NON_WORD = re.compile(r"[^a-z0-9]+")
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)


def plain(text: str) -> str:
    """Lower case, no accents, ligatures opened (punctuation kept)."""
    text = text.lower().replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    text = text.replace("ł", "l").replace("ø", "o")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def normalize(text: str) -> str:
    """Lower case, no accents, ligatures opened, punctuation as spaces, single spaces."""
    return _NON_WORD.sub(" ", plain(text)).strip()


@dataclass(frozen=True)
class Word:
    """A word as said (lower case, accents kept: for the dictionary), as compared, and
    as written (`shown`, for the reasons: "Europe")."""

    said: str
    key: str
    shown: str = field(default="", compare=False)

    @property
    def full(self) -> str:
        return ELISIONS.get(self.key, self.key)


def words(text: str) -> list[Word]:
    """The words of `text`, each as said and as compared (elisions split off)."""
    found = []
    for shown in _TOKEN.findall(text.replace("’", "'")):
        token = shown.lower()
        for part in normalize(token).split():
            # a ligature or a foreign letter may split one token; keep the said form whole
            whole = part == normalize(token)
            found.append(Word(token if whole else part, part, shown if whole else part))
    return found


@cache
def _lexicon() -> dict[str, tuple[str, ...]]:
    """pyspellchecker's French words by their form without accents (typed answers often
    lack them): "etendre" -> ("étendre",)."""
    forms: dict[str, list[str]] = {}
    for word in SpellChecker(language="fr").word_frequency.dictionary:
        forms.setdefault(normalize(word), []).append(word)
    return {key: tuple(found) for key, found in forms.items()}


@lru_cache(maxsize=8192)
def is_real_word(said: str) -> bool:
    """Is `said` a French word of its own (not a typo)?

    A lexicon's word counts when it is not vanishingly rare (`LEXICON_ZIPF`): nobody
    means "pênes" (1.5) or "rasions" (0) in a famous line, they are typos of "pense" and
    "raisons"; "voilons" (2.0) or "curage" (2.6) are words someone may say.
    """
    if zipf_frequency(said, "fr") >= REAL_WORD_ZIPF:
        return True
    forms = [*_lexicon().get(normalize(said), ())]
    if simplemma.is_known(said, lang="fr"):
        forms.append(said)
    return any(zipf_frequency(form, "fr") >= LEXICON_ZIPF for form in forms)


_DOUBLE = re.compile(r"(.)\1+")
# the endings of one verb or participle that all sound "é": cultiver, cultivez, cultivé
_E_SOUND = re.compile(r"(ées|ée|és|é|er|ez)$")


@lru_cache(maxsize=8192)
def sound_key(word: str) -> str:
    """A rough spelling-free key of a word (accents kept): two spellings of one French
    word share it, two words that sound different do not.

    Only what does not change the word is dropped: doubled letters, "ph"/"f", "c"/"s"
    before e/i/y, "qu"/"k", "y"/"i", "z"/"s", "eau"/"au"/"o", and the silent inflections
    (final -s/-x, verb -ent, -er/-ez/-é/-ée of one verb, -t or -e after a vowel, -e
    after l or r). No
    maintained library gives French phonetic keys (epitran, tried, reads "contemplent"
    and "contemple" apart).
    """
    if len(word) >= 4:
        word = _E_SOUND.sub("9", word)
    key = normalize(word).replace(" ", "")
    key = key.replace("ph", "f").replace("qu", "k").replace("y", "i").replace("z", "s")
    key = re.sub(r"c(?=[eiy])", "s", key).replace("eau", "o").replace("au", "o")
    key = _DOUBLE.sub(r"\1", key)
    if len(key) > 3:
        key = key.rstrip("sx") or key
    if key.endswith("ient"):
        key = key[:-1]  # "vient" for "viens"
    elif len(key) > 5 and key.endswith("ent"):
        key = key[:-2]
    if len(key) > 3 and key[-1] in "te" and key[-2] in "aeiou":
        key = key[:-1]  # "comprit" for "compris", "vaincue" for "vaincus"
    elif len(key) > 4 and key[-1] == "e" and key[-2] in "lr":
        key = key[:-1]  # "meilleur" for "meilleure", "seul" for "seule"
    return key


def allowed_edits(length: int, rate: float = TYPO_RATE, min_len: int = MIN_LEN) -> int:
    if length < min_len:
        return 0
    return max(1, int(length * rate))


@dataclass(frozen=True)
class WordCheck:
    """How a said word stands for an expected one: `kind` and letters off (`edits`)."""

    kind: str  # "same", "number", "spelling", "typo" or "other"
    edits: int = 0

    @property
    def ok(self) -> bool:
        return self.kind != "other"


SAME = WordCheck("same")
OTHER = WordCheck("other")


def compare(said: Word, target: Word, real_words_count: bool = True) -> WordCheck:
    """Is `said` the word `target`, perhaps misspelt? (`real_words_count`: a real word
    is never a typo; names turn it off, "Hugi" or "Pascale" being what they are)."""
    a, b = said.full, target.full
    if a == b:
        return SAME
    a_value, b_value = number_value(a), number_value(b)
    if b_value is not None and a_value is None:
        a_value = regnal_value(a)  # "Henri II" for "Henri second"
    if a_value is not None and b_value is not None:
        return WordCheck("number") if a_value == b_value else OTHER
    if {a, b} in GRAMMATICAL_HOMOPHONES:
        return WordCheck("spelling")
    if a in GRAMMATICAL or b in GRAMMATICAL:
        return OTHER
    if len(b) > 3 and sound_key(said.said) == sound_key(target.said):
        return WordCheck("spelling")
    if real_words_count and is_real_word(said.said):
        return OTHER
    limit = allowed_edits(len(b))
    edits = int(OSA.distance(a, b, score_cutoff=limit))
    return WordCheck("typo", edits) if edits <= limit else OTHER


def compare_joined(
    said: list[Word], target: list[Word], real_words_count: bool = True
) -> WordCheck:
    """Words written as one, or one word split in two ("aujourdhui", "toi meme", "17")."""
    a = "".join(w.key for w in said)
    b = "".join(w.key for w in target)
    if a == b:
        return SAME
    a_value = number_value(" ".join(w.key for w in said))
    b_value = number_value(" ".join(w.key for w in target))
    if a_value is not None and b_value is not None:
        return WordCheck("number") if a_value == b_value else OTHER
    parts = said if len(said) > 1 else target
    if any(w.full in GRAMMATICAL for w in parts):
        return OTHER  # "cest" for "c est", "jai" for "j ai": every letter must be there
    if not real_words_count and any(len(w.key) < 3 for w in parts):
        return OTHER  # in a name an initial is not a typo: "L Racine" is not "Racine"
    joined_said = Word("".join(w.said for w in said), a)
    return compare(joined_said, Word(b, b), real_words_count)
