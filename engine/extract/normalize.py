"""Normalising a message into words, without losing where each word stands in the original.

Every step keeps the text's length, so a position in the normalised text is the same position in
the original: evidence is then a plain slice of what the user wrote.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from itertools import accumulate
from typing import Final, NamedTuple


def _fold_table() -> dict[int, str]:
    """Accented Latin letters -> their base letter; typographic quotes and dashes -> ASCII;
    an arrow drawn as an emoji -> an arrow."""
    table: dict[int, str] = {}
    for code in range(0xC0, 0x250):
        base = unicodedata.normalize("NFD", chr(code))[0]
        if base.isascii() and base.isalpha() and base != chr(code):
            table[code] = base.lower()
    table.update({ord(c): "'" for c in "’‘´"})
    table.update({ord(c): "-" for c in "–—‐−"})
    table.update({ord("×"): "x", 0xA0: " ", ord("º"): "o", ord("ª"): "a"})  # "2º passo"
    table.update({ord(c): "→" for c in "➡⮕"})  # "true ➡️ false": an arrow, not an emoji
    table[0xFE0F] = " "  # the mark that asks for an emoji's picture: no letter of its own
    return table


_FOLD: Final = {chr(code): base for code, base in _fold_table().items()}
_NON_ASCII: Final = re.compile(r"[^\x00-\x7f]")
# Words: a decimal ("2.1", "sd3.5") stays whole, everything else splits at punctuation. The
# apostrophe or dot is read first, so the usual end of a word (a space) fails at once.
_TOKEN: Final = re.compile(r"[a-z0-9]+(?:['.](?:(?<=')[a-z]+|(?<=\d\.)\d+(?:k\b)?(?![a-z])))?")
_TOKEN_SPLIT: Final = re.compile(f"({_TOKEN.pattern})")
# Where a clause ends; a dot between digits or letters and digits ("flux.1") is not an end.
# (One character class first: the engine then skips ahead to candidates instead of trying each.)
# Punctuation ends a clause, and so does an emoji ("finished with gc on 🎉 now how do i…").
_CLAUSE_END: Final = re.compile(r"[.;!?,\n\u2600-\u27bf\U0001f300-\U0001faff](?!(?<=\.)\d)")


def fold(text: str) -> str:
    """Lowercase without accents, same length as ``text``."""
    lowered = text.lower()
    if lowered.isascii():
        return lowered
    if len(lowered) != len(text):  # a few letters ("İ") lowercase to two characters
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    # A handful of distinct accented letters: replacing each is far cheaper than translate().
    for char in set(_NON_ASCII.findall(lowered)):
        base = _FOLD.get(char)
        if base is not None:
            lowered = lowered.replace(char, base)
    return lowered


def spaced(folded: str) -> str:
    """``_`` and ``-`` read as spaces: ``gradient_checkpointing`` -> ``gradient checkpointing``;
    a field's checkbox as its state: "Low VRAM: [x]" -> "Low VRAM:  on", "GC: [ ]" -> "GC: off"
    (not a list's "- [ ] I searched the issues")."""
    spaced_out = folded.replace("_", " ").replace("-", " ")
    if "[" not in spaced_out:
        return spaced_out
    return _CHECKBOX.sub(lambda box: box[1] + (" on" if box[2] != " " else "off"), spaced_out)


_CHECKBOX: Final = re.compile(r"(?<=:)([ \t]*)\[([ x✓✔])\]")


class Tokens(NamedTuple):
    """The words of a text with their character spans, and where its clauses end."""

    words: tuple[str, ...]
    starts: Sequence[int]
    ends: Sequence[int]
    stops: Sequence[int]  # positions of clause-ending punctuation, in order


def tokenize(norm: str) -> Tokens:
    """Split normalised text into words; a clause ends at , ; . ! ? or a line break."""
    # split() alternates gaps and words; running lengths give every span without match objects.
    parts = _TOKEN_SPLIT.split(norm)
    offsets = list(accumulate(map(len, parts)))
    stops = list(map(re.Match.start, _CLAUSE_END.finditer(norm)))
    words = parts[1::2]
    if _DRAWN_OUT.search(norm):  # "oooom", "helpppp": a letter held, read as written twice
        words = [_DRAWN_OUT.sub(r"\1\1", word) for word in words]
    return Tokens(tuple(words), offsets[0:-1:2], offsets[1::2], stops)


_DRAWN_OUT: Final = re.compile(r"([a-z])\1{2,}")


def words_of(phrase: str) -> tuple[str, ...]:
    """The words a phrase of the lexicon stands for, read the way messages are read."""
    return tuple(_TOKEN.findall(spaced(fold(phrase))))
