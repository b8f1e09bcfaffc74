"""Patterns tried only where their keyword stands, instead of scanning the whole text.

A message is tokenised once; each pattern names the words it can start at (or the word after its
start, for "81 frames"), so patterns run as anchored ``match`` calls at a few positions. Patterns
sharing a word are joined into one alternation, so each position costs a single call.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from engine.extract.normalize import Tokens

NUMBER: Final = "#"  # trigger: any word that starts with a digit
SIZE: Final = "#3"  # trigger: a word that starts with three digits or more ("512", "1024x1024")


@dataclass(frozen=True)
class Anchored:
    name: str  # what a match means, for the module that owns the pattern
    triggers: tuple[str, ...]
    pattern: re.Pattern[str]
    offset: int = 0  # 0: the match starts at the trigger word; -1: at the word before it


_Matcher = Callable[[str, int], "re.Match[str] | None"]
# The patterns sharing a trigger word and offset: the offset; a matcher; and either the one rule's
# name (the matcher is then the rule's own) or, for several rules joined as
# ``(?P<r0>...)|(?P<r1>...)``, per group name the rule's name and own matcher.
# Plain tuples and bound methods: this is looked through for every trigger word of a message.
_Group = tuple[int, _Matcher, str | None, dict[str, tuple[str, _Matcher]]]
Index = dict[str, tuple[_Group, ...]]
Match = tuple[str, re.Match[str]]  # (rule name, match)


def _group(offset: int, rules: list[Anchored]) -> _Group:
    if len(rules) == 1:
        return offset, _matcher(rules[0].pattern), rules[0].name, {}
    joined = "|".join(f"(?P<r{i}>{rule.pattern.pattern})" for i, rule in enumerate(rules))
    by_name = {f"r{i}": (rule.name, _matcher(rule.pattern)) for i, rule in enumerate(rules)}
    return offset, _matcher(re.compile(joined)), None, by_name


def _matcher(pattern: re.Pattern[str]) -> _Matcher:
    match: _Matcher = pattern.match
    return match


def build_index(rules: Iterable[Anchored]) -> Index:
    """Trigger word -> its joined groups. A word of three digits or more is also any number, so
    the ``SIZE`` groups hold the ``NUMBER`` rules too, in the rules' own order."""
    by_word: dict[str, dict[int, list[Anchored]]] = defaultdict(lambda: defaultdict(list))
    for rule in rules:
        for trigger in rule.triggers:
            by_word[trigger][rule.offset].append(rule)
            if trigger == NUMBER and SIZE not in rule.triggers:
                by_word[SIZE][rule.offset].append(rule)
    return {
        word: tuple(_group(offset, found) for offset, found in offsets.items())
        for word, offsets in by_word.items()
    }


def anchored_matches(index: Index, low: str, tokens: Tokens) -> list[Match]:
    """(rule name, match) for rules matching at one of their words, left to right.

    Where two joined patterns could match at the same place, the first listed is the one read.
    """
    starts = tokens.starts
    get = index.get
    numeric, sized = get(NUMBER, ()), get(SIZE, ())
    found: list[Match] = []
    for i, word in enumerate(tokens.words):
        groups = get(word)
        # Words start with [a-z0-9]: one at most "9" starts with a digit. "2" or "24" cannot
        # start a size: only the NUMBER rules are tried there.
        if word[0] <= "9":
            three_digits = len(word) > 2 and word[:3].isdigit()
            groups = (groups or ()) + (sized if three_digits else numeric)
        elif groups is None:
            continue
        for offset, match, single, rules in groups:
            at = i + offset
            if at < 0:
                continue
            m = match(low, starts[at])
            if m is None:
                continue
            if single is not None:
                found.append((single, m))
            elif m.lastgroup is not None:  # joined: read again with the rule's own groups
                name, own = rules[m.lastgroup]
                m = own(low, starts[at])
                if m is not None:
                    found.append((name, m))
    return found
