"""Finding the lexicon's phrases in a message's words: longest match, left to right."""

from __future__ import annotations

from typing import NamedTuple

from engine.extract.lexicon import LEXICON


class Hit(NamedTuple):  # a tuple, not a dataclass: hundreds are made per message
    """One meaning found at words ``first`` .. ``last`` (inclusive)."""

    kind: str
    arg: str
    first: int
    last: int


def find_hits(words: tuple[str, ...]) -> list[Hit]:
    """Every phrase occurrence; a longer phrase wins over the shorter ones it contains."""
    roots = LEXICON.phrases.next
    hits: list[Hit] = []
    i, count = 0, len(words)
    while i < count:
        node = roots.get(words[i])
        last, effects = i, node.effects if node is not None else ()
        j = i + 1
        while node is not None and j < count:
            node = node.next.get(words[j])
            if node is not None and node.effects:
                last, effects = j, node.effects
            j += 1
        if effects:
            hits.extend(Hit(kind, arg, i, last) for kind, arg in effects)
            i = last + 1
        else:
            i += 1
    return hits
