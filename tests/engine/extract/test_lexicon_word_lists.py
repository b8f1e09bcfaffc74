"""The word lists of lexicon.yaml that the rules read by name."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
import yaml

from engine.extract.lexicon import LEXICON, LexiconError, expand, read_data
from engine.extract.normalize import fold


def test_every_word_list_is_written_the_way_messages_are_read() -> None:
    assert LEXICON.word_lists
    for name, words in LEXICON.word_lists.items():
        assert words, f"word_lists.{name} is empty"
        for word in words:
            assert word == fold(word).strip(), f"word_lists.{name}: {word!r} is not folded"


def test_a_missing_word_list_is_named() -> None:
    with pytest.raises(LexiconError, match="no list named 'nope'"):
        LEXICON.words("nope")


class _NoDuplicateKeys(yaml.SafeLoader):
    """A loader that refuses a key written twice in one mapping (YAML keeps the last silently)."""


def _mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict[object, object]:
    keys = [loader.construct_object(key) for key, _ in node.value]
    twice = sorted({str(k) for k in keys if keys.count(k) > 1})
    assert not twice, f"line {node.start_mark.line + 1}: written twice: {twice}"
    return yaml.SafeLoader.construct_mapping(loader, node)


_NoDuplicateKeys.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


@pytest.mark.parametrize("name", ["lexicon.yaml", "roles.yaml", "replies.yaml", "gpus.yaml"])
def test_no_cue_is_written_twice(name: str) -> None:
    path = Path(__file__).resolve().parents[3] / "engine" / "extract" / name
    yaml.load(path.read_text(encoding="utf-8"), _NoDuplicateKeys)


def _patterns() -> list[tuple[str, str]]:
    data = read_data("lexicon.yaml")
    found = [(f"words.{kind}", p) for kind, patterns in data["words"].items() for p in patterns]
    for section in ("mentions", "asserts", "phases", "signals"):
        for arg, patterns in data[section].items():
            found += [(f"{section}.{arg}", p) for p in patterns]
    return found


def test_no_pattern_reads_a_word_twice_in_a_row() -> None:
    """Each space in a pattern starts a new place, so "i'll|ill|i will turn" reads "ill will
    turn", and "got past step|the step" reads "got past step step": a phrase meant as one
    choice of a place, written with a space inside it."""
    broken = [
        f"{where}: {pattern!r} reads {phrase!r}"
        for where, pattern in _patterns()
        for phrase in expand(pattern)
        if any(a == b for a, b in itertools.pairwise(phrase.split()))
    ]
    assert not broken, "\n".join(broken)


def test_no_pattern_runs_two_cues_together() -> None:
    """A comma left out between a bare cue and a quoted one ("desativada\n "turned off"") makes
    YAML read both as one cue with the quotes inside it, which no message ever matches."""
    broken = [f"{where}: {pattern!r}" for where, pattern in _patterns() if '"' in pattern]
    assert not broken, "\n".join(broken)
