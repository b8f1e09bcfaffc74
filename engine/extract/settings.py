"""Whether a setting the message names is on, off or unknown to the writer.

Works per clause: the state word nearest to the setting's name decides, a negation just before
that state word flips it ("GC não está desligado" is on), a doubt ("não sei se") makes it
unknown, and a wish or question ("devo desligar o GC?") says nothing about the current setup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

from engine.extract.phrases import Hit

_STRONG: Final = frozenset({"on", "off", "reon"})
_WINDOW: Final = 6  # words between a setting and a state word that still belongs to it
_NEAR: Final = 3  # words for prepositions, trailing "on"/"true" and negations
_DOUBT: Final = 4  # "não sei se o GC": words from a doubt to the name it doubts
_ON: Final = frozenset({"on", "reon", "on_after", "weak_on"})


class SettingState(NamedTuple):
    """``setting`` is ``state`` ("on", "off", "unknown") per words ``first`` .. ``last``."""

    setting: str
    state: str
    first: int
    last: int
    retry: bool  # said while switching it back on ("reativei", "turned it back on")


def _gap(a: Hit, b: Hit) -> int:
    return b.first - a.last if a.last < b.first else a.first - b.last


def _fits(mention: Hit, hit: Hit) -> bool:
    before = hit.last < mention.first
    if hit.kind in _STRONG:
        return _gap(mention, hit) <= _WINDOW
    if hit.kind in ("on_after", "off_after"):
        return not before and _gap(mention, hit) <= _NEAR
    if hit.kind in ("weak_on", "weak_off"):
        return before and _gap(mention, hit) <= _NEAR
    return False


def _state_word(mention: Hit, clause: Sequence[Hit]) -> Hit | None:
    fitting = [h for h in clause if h is not mention and _fits(mention, h)]
    strong = [h for h in fitting if not h.kind.startswith("weak")]
    pool = strong or fitting
    # Nearest wins; on a tie the word after the name ("GC on") beats the one before it.
    return min(pool, key=lambda h: (_gap(mention, h), h.first < mention.first), default=None)


def _negations(anchor: Hit, clause: Sequence[Hit]) -> list[Hit]:
    return [
        h
        for h in clause
        if h.kind == "neg" and h.last < anchor.first and anchor.first - h.last <= _NEAR
    ]


def _state_of(mention: Hit, clause: Sequence[Hit]) -> SettingState | None:
    word = _state_word(mention, clause)
    anchor = word or mention
    if any(h.kind == "hypo" and h.first < anchor.first for h in clause):
        return None
    doubt = _doubt(mention, clause) if mention.arg == "gc" else None
    if doubt is not None:
        return SettingState("gc", "unknown", doubt.first, max(mention.last, anchor.last), False)
    if word is None and mention.kind != "assert":
        return None
    negations = _negations(anchor, clause)
    is_on = (word is None or word.kind in _ON) != (len(negations) % 2 == 1)
    first = min(mention.first, anchor.first, *(h.first for h in negations))
    last = max(mention.last, anchor.last)
    retry = word is not None and word.kind == "reon"
    return SettingState(mention.arg, "on" if is_on else "off", first, last, retry)


def _doubt(mention: Hit, clause: Sequence[Hit]) -> Hit | None:
    # Close to the name only: "não sei por que dá OOM com GC off" doubts the OOM, not GC.
    return next(
        (
            h
            for h in clause
            if h.kind == "uncertain" and h.last < mention.first and mention.first - h.last <= _DOUBT
        ),
        None,
    )


def _bare_state(word: Hit, clause: Sequence[Hit], previous: str | None) -> SettingState | None:
    """A state verb with nothing named in its clause refers back: "...GC on, mas desliguei".

    Switching back on with nothing named at all ("reativei e resolveu") means GC, the guide's topic.
    """
    if any(h.kind in ("mention", "assert") for h in clause):
        return None
    if any(h.kind == "hypo" and h.first < word.first for h in clause):
        return None
    setting = "gc" if word.kind == "reon" else previous
    if setting is None:
        return None
    negations = _negations(word, clause)
    is_on = (word.kind in _ON) != (len(negations) % 2 == 1)
    first = min([word.first, *(h.first for h in negations)])
    return SettingState(setting, "on" if is_on else "off", first, word.last, word.kind == "reon")


def setting_states(hits: Sequence[Hit], clause_of: Mapping[int, int]) -> list[SettingState]:
    """Every stated setting, in the order the message states them."""
    by_clause: dict[int, list[Hit]] = {}
    for hit in hits:
        by_clause.setdefault(clause_of[hit.first], []).append(hit)
    states: list[SettingState] = []
    previous: str | None = None
    for hit in hits:
        clause = by_clause[clause_of[hit.first]]
        if hit.kind in ("mention", "assert"):
            state = _state_of(hit, clause)
            previous = hit.arg
        elif hit.kind in _STRONG:
            state = _bare_state(hit, clause, previous)
        else:
            continue
        if state is not None:
            states.append(state)
    return states
