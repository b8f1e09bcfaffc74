"""Finding the lexicon's phrases in a message's words: longest match, left to right."""

from __future__ import annotations

from typing import Final, NamedTuple

from engine.extract.lexicon import LEXICON


class Hit(NamedTuple):  # a tuple, not a dataclass: hundreds are made per message
    """One meaning found at words ``first`` .. ``last`` (inclusive)."""

    kind: str
    arg: str
    first: int
    last: int


_new: Final = tuple.__new__  # builds a Hit without the Python-level ``__new__`` of NamedTuple


def find_hits(words: tuple[str, ...]) -> list[Hit]:
    """Every phrase occurrence; a longer phrase wins over the shorter ones it contains."""
    roots = LEXICON.phrases
    hits: list[Hit] = []
    count, resume = len(words), 0
    for i in [i for i, word in enumerate(words) if word in roots]:
        if i < resume:
            continue  # inside the phrase just read
        effects, followers = roots[words[i]]
        last, j = i, i + 1
        while followers is not None and j < count:
            branch = followers.get(words[j])
            if branch is None:
                break
            if branch[0]:
                last, effects = j, branch[0]
            followers = branch[1]
            j += 1
        if effects:
            for kind, arg in effects:
                hits.append(_new(Hit, (kind, arg, i, last)))
            resume = last + 1
    return hits
