"""Patterns tried only where their keyword stands, instead of scanning the whole text.

A message is tokenised once; each pattern names the words it can start at (or the word after its
start, for "81 frames"), so patterns run as anchored ``match`` calls at a few positions. Patterns
sharing a word are joined into one alternation, so each position costs a single call.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from engine.extract.normalize import Tokens

NUMBER: Final = "#"  # trigger: any word that starts with a digit


@dataclass(frozen=True)
class Anchored:
    name: str  # what a match means, for the module that owns the pattern
    triggers: tuple[str, ...]
    pattern: re.Pattern[str]
    offset: int = 0  # 0: the match starts at the trigger word; -1: at the word before it


@dataclass(frozen=True)
class _Group:
    """The patterns sharing a trigger word and offset, joined as ``(?P<r0>...)|(?P<r1>...)``."""

    offset: int
    joined: re.Pattern[str]
    rules: tuple[Anchored, ...]


Index = dict[str, tuple[_Group, ...]]
Match = tuple[str, re.Match[str]]  # (rule name, match)


def _group(offset: int, rules: list[Anchored]) -> _Group:
    joined = "|".join(f"(?P<r{i}>{rule.pattern.pattern})" for i, rule in enumerate(rules))
    return _Group(offset, re.compile(joined), tuple(rules))


def build_index(rules: Iterable[Anchored]) -> Index:
    by_word: dict[str, dict[int, list[Anchored]]] = defaultdict(lambda: defaultdict(list))
    for rule in rules:
        for trigger in rule.triggers:
            by_word[trigger][rule.offset].append(rule)
    return {
        word: tuple(_group(offset, found) for offset, found in offsets.items())
        for word, offsets in by_word.items()
    }


def anchored_matches(index: Index, low: str, tokens: Tokens) -> list[Match]:
    """(rule name, match) for rules matching at one of their words, left to right.

    Where two joined patterns could match at the same place, the first listed is the one read.
    """
    starts, words = tokens.starts, tokens.words
    numeric = index.get(NUMBER, ())
    found: list[Match] = []
    # Words start with [a-z0-9]: one at most "9" starts with a digit.
    for i in [i for i, word in enumerate(words) if word in index or word[0] <= "9"]:
        groups = index.get(words[i], ())
        if numeric and words[i][0] <= "9":
            groups = groups + numeric
        for group in groups:
            at = i + group.offset
            if at < 0:
                continue
            joined = group.joined.match(low, starts[at])
            if joined is not None and joined.lastgroup is not None:
                rule = group.rules[int(joined.lastgroup[1:])]
                m = rule.pattern.match(low, starts[at])
                if m is not None:
                    found.append((rule.name, m))
    return found
