"""Finding the lexicon's phrases in a message's words: longest match, left to right."""

from __future__ import annotations

from dataclasses import dataclass

from engine.extract.lexicon import LEXICON


@dataclass(frozen=True, slots=True)
class Hit:
    """One meaning found at words ``first`` .. ``last`` (inclusive)."""

    kind: str
    arg: str
    first: int
    last: int


def find_hits(words: tuple[str, ...]) -> list[Hit]:
    """Every phrase occurrence; a longer phrase wins over the shorter ones it contains."""
    table = LEXICON.phrases
    hits: list[Hit] = []
    i, count = 0, len(words)
    while i < count:
        candidates = table.get(words[i])
        if candidates is None:
            i += 1
            continue
        for tail, effects in candidates:
            end = i + 1 + len(tail)
            if words[i + 1 : end] == tail:
                hits.extend(Hit(kind, arg, i, end - 1) for kind, arg in effects)
                i = end
                break
        else:
            i += 1
    return hits
