"""The lexicon: phrases of ``lexicon.yaml`` and ``gpus.yaml`` compiled once, at import.

A phrase compiles to a tuple of words, stored in a trie of plain dictionaries, so matching a
message is one dictionary look-up per word.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

import yaml

from engine.extract import trie
from engine.extract.normalize import words_of
from engine.extract.trie import Trie

# (kind, argument): what a phrase means. Kinds are documented in lexicon.yaml.
Effect = tuple[str, str]

# The words that name gradient checkpointing itself ("turned gc back on")
GC_WORDS: Final = frozenset({"gc", "checkpointing", "gradient_checkpointing"})


class LexiconError(Exception):
    """A lexicon file that does not follow its own format."""


def read_data(name: str) -> Any:
    """One YAML file of this package, every scalar kept as a string (no YAML 1.1 booleans)."""
    text = resources.files("engine.extract").joinpath(name).read_text(encoding="utf-8")
    return yaml.load(text, Loader=yaml.BaseLoader)


def expand(pattern: str) -> list[str]:
    """``"turned|switched off"`` -> both phrases; a trailing ``?`` makes a place optional."""
    places: list[list[str]] = []
    for place in pattern.split():
        optional = place.endswith("?")
        choices = place.rstrip("?").split("|")
        places.append([*choices, ""] if optional else choices)
    return [" ".join(w for w in combo if w) for combo in itertools.product(*places)]


def _effects(data: dict[str, Any]) -> dict[tuple[str, ...], set[Effect]]:
    table: dict[tuple[str, ...], set[Effect]] = defaultdict(set)

    def add(kind: str, arg: str, patterns: list[str]) -> None:
        for pattern in patterns:
            for phrase in expand(pattern):
                words = words_of(phrase)
                if not words:
                    raise LexiconError(f"{kind}:{arg}: {pattern!r} has no words")
                table[words].add((kind, arg))

    for kind, patterns in data["words"].items():
        add(kind, "", patterns)
    for section in ("mentions", "asserts", "phases", "signals"):
        for arg, patterns in data[section].items():
            add(section.rstrip("s"), arg, patterns)
    for fact, values in data["facts"].items():
        for value, patterns in values.items():
            add("fact", f"{fact}={value}", patterns)
            if fact == "memory_kind":  # naming what ran out is reporting an OOM
                add("oom", "", patterns)
    for entry in read_data("gpus.yaml")["gpus"]:
        names = entry["names"]
        add("gpu", entry["vram_gb"], [n.replace("rtx?", "rtx|gtx?") for n in names])
        add("gpu", entry["vram_gb"], [n.replace("rtx? ", "rtx") for n in names if "rtx?" in n])
    return table


def _trie(table: dict[tuple[str, ...], set[Effect]]) -> Trie:
    # A clause break comes first: the phrase's other meanings are after it.
    return trie.build(
        {
            words: tuple(sorted(e, key=lambda effect: (effect[0] != "brk", effect)))
            for words, e in table.items()
        }
    )


@dataclass(frozen=True)
class Lexicon:
    phrases: Trie
    vocabulary: frozenset[str]
    fuzzy_terms: tuple[str, ...]
    locale_words: dict[str, frozenset[str]]
    word_lists: dict[str, frozenset[str]]  # read by name by the rules
    shorthand: dict[str, str]  # chat shorthand and the word it stands for

    def words(self, name: str) -> frozenset[str]:
        """A word list of ``lexicon.yaml``'s ``word_lists``; a missing one is a LexiconError."""
        try:
            return self.word_lists[name]
        except KeyError:
            raise LexiconError(f"word_lists: no list named {name!r}") from None


def load() -> Lexicon:
    data = read_data("lexicon.yaml")
    table = _effects(data)
    locale_words = {loc: frozenset(words) for loc, words in data["locale"].items()}
    vocabulary = frozenset(
        itertools.chain(
            (w for words in table for w in words),
            (w for phrase in data["known"] for w in words_of(phrase)),
            *locale_words.values(),
        )
    )
    word_lists = {name: frozenset(words) for name, words in data["word_lists"].items()}
    shorthand = dict(data["shorthand"])
    return Lexicon(
        _trie(table), vocabulary, tuple(data["fuzzy"]), locale_words, word_lists, shorthand
    )


LEXICON: Final[Lexicon] = load()
