"""The reply vocabulary of ``replies.yaml``, compiled once at import."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.extract.lexicon import expand, read_data
from engine.extract.normalize import words_of

Words = tuple[str, ...]


def _phrases(patterns: list[str]) -> frozenset[Words]:
    return frozenset(words_of(p) for pattern in patterns for p in expand(pattern))


@dataclass(frozen=True)
class ReplyTables:
    yes: frozenset[Words]
    no: frozenset[Words]
    unknown: frozenset[Words]
    options: dict[str, dict[Words, str]]  # fact -> reply words -> option value
    numbers: tuple[tuple[Words, int], ...]  # longest first: "vinte e quatro" before "quatro"


def load() -> ReplyTables:
    data = read_data("replies.yaml")
    options = {
        fact: {words: value for value, patterns in values.items() for words in _phrases(patterns)}
        for fact, values in data["options"].items()
    }
    numbers = sorted(
        (
            (words, int(value))
            for value, patterns in data["numbers"].items()
            for words in _phrases(patterns)
        ),
        key=lambda entry: -len(entry[0]),
    )
    return ReplyTables(
        _phrases(data["yes"]),
        _phrases(data["no"]),
        _phrases(data["unknown"]),
        options,
        tuple(numbers),
    )


TABLES: Final[ReplyTables] = load()
