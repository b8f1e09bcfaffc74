"""Patterns tried only where their keyword stands, instead of scanning the whole text.

A message is tokenised once; each pattern names the words it can start at (or the word after its
start, for "81 frames"), so a pattern runs as a single anchored ``match`` at a few positions.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
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


Index = dict[str, tuple[Anchored, ...]]
Match = tuple[str, re.Match[str]]  # (rule name, match)


def build_index(rules: Iterable[Anchored]) -> Index:
    index: dict[str, list[Anchored]] = defaultdict(list)
    for rule in rules:
        for trigger in rule.triggers:
            index[trigger].append(rule)
    return {word: tuple(found) for word, found in index.items()}


def anchored_matches(index: Index, low: str, tokens: Tokens) -> Iterator[Match]:
    """(rule name, match) for every rule that matches at one of its words, left to right."""
    starts = tokens.starts
    seen: set[tuple[str, int]] = set()
    numeric = index.get(NUMBER, ())
    for i, word in enumerate(tokens.words):
        rules = index.get(word, ())
        if numeric and word[0].isdigit():
            rules = rules + numeric
        for rule in rules:
            at = i + rule.offset
            if at < 0 or (rule.name, starts[at]) in seen:
                continue
            m = rule.pattern.match(low, starts[at])
            if m is not None:
                seen.add((rule.name, starts[at]))
                yield rule.name, m
