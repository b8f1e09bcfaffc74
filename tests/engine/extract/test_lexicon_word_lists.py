"""The word lists of lexicon.yaml that the rules read by name."""

from __future__ import annotations

import pytest

from engine.extract.lexicon import LEXICON, LexiconError
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
