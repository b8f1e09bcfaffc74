"""The language of a message, told by its words alone: the same answer a whole reading gives."""

from __future__ import annotations

import pytest

from engine.extract import extract, locale_of


@pytest.mark.parametrize(
    "text",
    [
        "GC off, Z-Image OOM at step 2",
        "desliguei o GC e dá OOM no passo 2",
        "help",
        "> é isso?\nyes",
    ],
)
def test_the_language_alone_is_the_one_a_full_reading_finds(text: str) -> None:
    assert locale_of(text) == extract(text).locale
