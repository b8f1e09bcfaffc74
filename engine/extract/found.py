"""A fact value read from the text, with the span of the words that say it."""

from __future__ import annotations

from dataclasses import dataclass

from kb.contract import FactValue


@dataclass(frozen=True, slots=True)
class Found:
    fact: str
    value: FactValue
    start: int
    end: int
