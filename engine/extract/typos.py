"""Typo tolerance: an unknown word close enough to a key term is read as that term.

Only words the lexicon does not know are compared, and only against a short list of key terms,
so "gradiant" becomes "gradient" while ordinary words are never touched.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from rapidfuzz.distance import OSA
from rapidfuzz.process import extractOne

from engine.extract.lexicon import LEXICON

_MIN_LENGTH: Final = 5  # shorter words are too easy to confuse ("ram"/"rank")


def _max_edits(word: str) -> int:
    return 1 if len(word) < 9 else 2


@lru_cache(maxsize=8192)
def _closest(word: str) -> str:
    best = extractOne(word, LEXICON.fuzzy_terms, scorer=OSA.distance, score_cutoff=_max_edits(word))
    return word if best is None else best[0]


def correct(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words with likely typos of key terms replaced, and chat shorthand ("qnd", "dps")
    spelled out; the same tuple when nothing changed."""
    fixes = {w: LEXICON.shorthand[w] for w in LEXICON.shorthand.keys() & set(words)}
    for word in set(words).difference(LEXICON.vocabulary):
        if len(word) >= _MIN_LENGTH and word.isalpha():
            closest = _closest(word)
            if closest != word:
                fixes[word] = closest
    if not fixes:
        return words
    return tuple([fixes.get(w, w) for w in words])
