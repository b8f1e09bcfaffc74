"""Typo tolerance: an unknown word close enough to a key term is read as that term.

Only words the lexicon does not know are compared, and only against a short list of key terms,
so "gradiant" becomes "gradient" while ordinary words are never touched.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from rapidfuzz.distance import Levenshtein
from rapidfuzz.process import extractOne

from engine.extract.lexicon import LEXICON

_MIN_LENGTH: Final = 5  # shorter words are too easy to confuse ("ram"/"rank")


def _max_edits(word: str) -> int:
    return 1 if len(word) < 9 else 2


@lru_cache(maxsize=8192)
def _closest(word: str) -> str:
    best = extractOne(
        word, LEXICON.fuzzy_terms, scorer=Levenshtein.distance, score_cutoff=_max_edits(word)
    )
    return word if best is None else best[0]


def correct(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words with likely typos of key terms replaced; the same tuple when nothing changed."""
    known = LEXICON.vocabulary
    unknown = set(words).difference(known)
    if not any(len(w) >= _MIN_LENGTH and w.isalpha() for w in unknown):
        return words
    return tuple(
        w if w in known or len(w) < _MIN_LENGTH or not w.isalpha() else _closest(w) for w in words
    )
