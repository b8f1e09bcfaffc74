"""What the loader and the checks report: one problem, with where it is and how to fix it."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    rule: str
    message: str
    hint: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        tail = f" ({self.hint})" if self.hint else ""
        return f"{where}: [{self.rule}] {self.message}{tail}"


class KBError(Exception):
    """The KB did not load or did not validate; carries every problem found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(sorted(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """A "did you mean 'x'?" hint for a near-miss name, else a list of what would be valid."""
    choices = sorted(set(known))
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    shown = ", ".join(repr(c) for c in choices[:12])
    more = ", …" if len(choices) > 12 else ""
    return f"expected one of {shown}{more}" if choices else ""
