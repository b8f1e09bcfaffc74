"""A fact value read from the text, with the span of the words that say it."""

from __future__ import annotations

from typing import NamedTuple

from kb.contract import FactValue


class Found(NamedTuple):  # a tuple: dozens are made per message
    fact: str
    value: FactValue
    start: int
    end: int
