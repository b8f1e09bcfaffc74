"""One message as read: its words, the phrases found in them, and questions about both."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.extract.normalize import Tokens
from engine.extract.phrases import Hit

_NEGATORS: Final = frozenset({"neg", "weak_off"})
_NEAR: Final = 3  # "não dá OOM", "no OOM", "sem OOM": a negation right before the word
_NONE: Final[tuple[Hit, ...]] = ()


class Reading:
    """The scanned text, its folded twin and words, and the phrases found, grouped by kind.

    Built once per message and never changed; the groups are made up front because nearly every
    question asked of a reading is "which hits of this kind".
    """

    __slots__ = ("_by_kind", "_negators", "clauses", "hits", "low", "text", "tokens")

    def __init__(
        self, text: str, low: str, tokens: Tokens, clauses: Mapping[int, int], hits: tuple[Hit, ...]
    ) -> None:
        self.text = text  # the scanned part of the message, as written
        self.low = low  # the same text folded: lowercase, no accents, same length
        self.tokens = tokens
        self.clauses = clauses  # clause number of each word a phrase starts at
        self.hits = hits
        by_kind: dict[str, list[Hit]] = {}
        for hit in hits:
            by_kind.setdefault(hit.kind, []).append(hit)
        self._by_kind = by_kind
        self._negators = [h for h in hits if h.kind in _NEGATORS]

    def of(self, kind: str) -> list[Hit] | tuple[Hit, ...]:
        """The hits of ``kind``, left to right (read only)."""
        return self._by_kind.get(kind, _NONE)

    def first(self, kind: str) -> Hit | None:
        found = self._by_kind.get(kind)
        return found[0] if found else None

    def has(self, *kinds: str) -> bool:
        return any(kind in self._by_kind for kind in kinds)

    def span(self, first: int, last: int) -> tuple[int, int]:
        return self.tokens.starts[first], self.tokens.ends[last]

    def words(self, hit: Hit) -> str:
        start, end = self.span(hit.first, hit.last)
        return self.text[start:end]

    def same_clause(self, a: Hit, b: Hit) -> bool:
        return self.clauses[a.first] == self.clauses[b.first]

    def negated(self, hit: Hit) -> bool:
        """A negation (or "sem"/"without") in the few words before, in the same clause."""
        return bool(self._negators) and self.negation_of(hit) != hit.first

    def negation_of(self, hit: Hit) -> int:
        """Where the negation of ``hit`` starts (``hit.first`` when nothing negates it)."""
        first = hit.first
        clause = self.clauses[first]
        found = [
            h.first
            for h in self._negators
            if h.last < first and first - h.last <= _NEAR and self.clauses[h.first] == clause
        ]
        return min(found, default=first)

    def followed_by_key(self, hit: Hit) -> bool:
        """The words are a config key ("cache_text_embeddings: true"), not a description."""
        start, end = self.span(hit.first, hit.last)
        is_key = "_" in self.text[start:end]  # keys are snake_case; "Generating Images:" is a log
        return is_key and self.text[end : end + 2].lstrip()[:1] in (":", "=")
