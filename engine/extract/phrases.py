"""Finding the lexicon's phrases in a message's words: longest match, left to right."""

from __future__ import annotations

from collections.abc import Container
from typing import NamedTuple

from engine.extract.lexicon import LEXICON


class Hit(NamedTuple):  # a tuple, not a dataclass: hundreds are made per message
    """One meaning found at words ``first`` .. ``last`` (inclusive)."""

    kind: str
    arg: str
    first: int
    last: int


def find_hits(words: tuple[str, ...], ends: Container[int] = ()) -> list[Hit]:
    """Every phrase occurrence; a longer phrase wins over the shorter ones it contains.

    No phrase runs on past a word in ``ends``, the last of its sentence: "…a sample. / off"
    is no "sample off"."""
    hits: list[Hit] = []
    append = hits.append
    count, resume = len(words), 0
    for i, branch in enumerate(map(LEXICON.phrases.get, words)):
        if branch is None or i < resume:
            continue  # no phrase starts here, or inside the phrase just read
        effects, followers = branch
        last, j = i, i + 1
        while followers is not None and j < count and j - 1 not in ends:
            branch = followers.get(words[j])
            if branch is None:
                break
            if branch[0]:
                last, effects = j, branch[0]
            followers = branch[1]
            j += 1
        if effects:
            for kind, arg in effects:
                append(Hit(kind, arg, i, last))
            resume = last + 1
    return hits
