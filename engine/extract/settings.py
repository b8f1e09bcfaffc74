"""Whether a setting the message names is on, off or unknown to the writer.

Works per clause: the state word nearest to the setting's name decides, a negation just before
that state word flips it ("GC não está desligado" is on), a doubt ("não sei se") makes it
unknown, and a wish or question ("devo desligar o GC?") says nothing about the current setup.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Final, NamedTuple

from engine.extract.phrases import Hit
from engine.extract.reading import Reading

_STRONG: Final = frozenset({"on", "off", "reon"})
_NAMED: Final = frozenset({"mention", "assert"})
_WINDOW: Final = 6  # words between a setting and a state word that still belongs to it
_NEAR: Final = 3  # words for prepositions, trailing "on"/"true" and negations
_DOUBT: Final = 4  # "não sei se o GC": words from a doubt to the name it doubts
# State words that name the act rather than the setup: read as a wish inside a question.
_INFINITIVES: Final = frozenset(
    {
        "desligar",
        "ligar",
        "ativar",
        "desativar",
        "habilitar",
        "desabilitar",
        "disable",
        "enable",
        "disabling",
        "enabling",
        "turn",
        "turning",
        "switch",
        "switching",
    }
)
_ON: Final = frozenset({"on", "reon", "on_after", "weak_on"})
_EITHER, _AFTER, _BEFORE = 0, 1, -1
# How far a state word reaches from the setting's name, and on which side of it. "on"/"true"
# count only after the name; prepositions ("sem", "with") only just before it; the weak ones
# are read only when no strong state word fits.
_REACH: Final = {
    "on": (_WINDOW, _EITHER),
    "off": (_WINDOW, _EITHER),
    "reon": (_WINDOW, _EITHER),
    "on_after": (_NEAR, _AFTER),
    "off_after": (_NEAR, _AFTER),
    "weak_on": (_NEAR, _BEFORE),
    "weak_off": (_NEAR, _BEFORE),
}


class SettingState(NamedTuple):
    """``setting`` is ``state`` ("on", "off", "unknown") per words ``first`` .. ``last``."""

    setting: str
    state: str
    first: int
    last: int
    retry: bool  # said while switching it back on ("reativei", "turned it back on")


def _state_word(mention: Hit, clause: Sequence[Hit]) -> Hit | None:
    """The state word that belongs to ``mention``: strong words first, then the nearest.

    On a tie in distance the word after the name ("GC on") beats the one before it, then the
    first one said.
    """
    best: Hit | None = None
    best_key, best_weak = (0, False), True
    first, last = mention.first, mention.last
    for hit in clause:
        reach = _REACH.get(hit.kind)
        if reach is None or hit is mention:
            continue
        limit, side = reach
        before = hit.last < first
        if (side == _AFTER and before) or (side == _BEFORE and not before):
            continue
        gap = hit.first - last if last < hit.first else first - hit.last
        if gap > limit:
            continue
        weak, key = side == _BEFORE, (gap, hit.first < first)
        if best is None or (best_weak and not weak) or (weak == best_weak and key < best_key):
            best, best_key, best_weak = hit, key, weak
    return best


def _negations(anchor: Hit, clause: Sequence[Hit]) -> list[Hit]:
    return [
        h
        for h in clause
        if h.kind == "neg" and h.last < anchor.first and anchor.first - h.last <= _NEAR
    ]


def _asked(word: Hit, reading: Reading) -> bool:
    """An infinitive in a question is a wish, not the setup: "desligar o GC deixa melhor?"."""
    tokens = reading.tokens
    if tokens.words[word.first] not in _INFINITIVES:
        return False
    at = bisect_right(tokens.stops, tokens.starts[word.first])
    return at < len(tokens.stops) and reading.low[tokens.stops[at]] == "?"


def _state_of(mention: Hit, clause: Sequence[Hit], reading: Reading) -> SettingState | None:
    word = _state_word(mention, clause)
    anchor = word or mention
    for hit in clause:
        if hit.kind == "hypo" and hit.first < anchor.first:
            return None
    if word is not None and _asked(word, reading):
        return None
    doubt = None
    if mention.arg == "gc":
        doubt = _doubt(mention if mention.first <= anchor.first else anchor, clause)
    if doubt is not None:
        return SettingState("gc", "unknown", doubt.first, max(mention.last, anchor.last), False)
    if word is None and mention.kind != "assert":
        return None
    negations = _negations(anchor, clause)
    is_on = (word is None or word.kind in _ON) != (len(negations) % 2 == 1)
    first = min(mention.first, anchor.first)
    if negations:  # a clause lists its hits left to right: the first negation is the earliest
        first = min(first, negations[0].first)
    last = max(mention.last, anchor.last)
    retry = word is not None and word.kind == "reon"
    return SettingState(mention.arg, "on" if is_on else "off", first, last, retry)


def _doubt(named: Hit, clause: Sequence[Hit]) -> Hit | None:
    """A doubt just before the name or its state word ("não sei se tá ligado o GC"), or right
    after the name ("GC: unknown", "gc? no idea")."""
    # Close only: "não sei por que dá OOM com GC off" doubts the OOM, not GC.
    for hit in clause:
        if hit.kind != "uncertain":
            continue
        if hit.last < named.first and named.first - hit.last <= _DOUBT:
            return hit
        if named.kind in _NAMED and hit.first > named.last and hit.first - named.last == 1:
            return hit
    return None


def _bare_state(
    word: Hit, clause: Sequence[Hit], previous: str | None, reading: Reading
) -> SettingState | None:
    """A state verb with nothing named in its clause refers back: "...GC on, mas desliguei".

    Switching back on with nothing named at all ("reativei e resolveu") means GC, the guide's topic.
    """
    if any(h.kind in ("mention", "assert") for h in clause):
        return None
    if any(h.kind == "hypo" and h.first < word.first for h in clause):
        return None
    if _asked(word, reading):
        return None
    setting = "gc" if word.kind == "reon" else previous
    if setting is None:
        return None
    negations = _negations(word, clause)
    is_on = (word.kind in _ON) != (len(negations) % 2 == 1)
    first = min(word.first, negations[0].first) if negations else word.first
    return SettingState(setting, "on" if is_on else "off", first, word.last, word.kind == "reon")


def setting_states(reading: Reading) -> list[SettingState]:
    """Every stated setting, in the order the message states them."""
    if not reading.has("mention", "assert", "on", "off", "reon"):
        return []
    states: list[SettingState] = []
    previous: str | None = None
    by_clause, clause_of = reading.by_clause, reading.clauses
    for hit in reading.hits:
        kind = hit.kind
        if kind in _NAMED:
            state = _state_of(hit, by_clause[clause_of[hit.first]], reading)
            previous = hit.arg
        elif kind in _STRONG:
            state = _bare_state(hit, by_clause[clause_of[hit.first]], previous, reading)
        else:
            continue
        if state is not None:
            states.append(state)
    return states
