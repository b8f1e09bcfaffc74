"""One message as read: its words, the phrases found in them, and questions about both."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from engine.extract.normalize import Tokens
from engine.extract.phrases import Hit

_NEGATORS: Final = frozenset({"neg", "weak_off"})
_NEAR: Final = 3  # "não dá OOM", "no OOM", "sem OOM": a negation right before the word


@dataclass(frozen=True)
class Reading:
    text: str  # the scanned part of the message, as written
    low: str  # the same text folded: lowercase, no accents, same length
    tokens: Tokens
    clauses: Mapping[int, int]  # clause number of each word a phrase starts at
    hits: tuple[Hit, ...]

    @cached_property
    def _by_kind(self) -> dict[str, list[Hit]]:
        by_kind: dict[str, list[Hit]] = {}
        for hit in self.hits:
            by_kind.setdefault(hit.kind, []).append(hit)
        return by_kind

    def of(self, kind: str) -> Iterator[Hit]:
        return iter(self._by_kind.get(kind, ()))

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
        return self.negation_of(hit) != hit.first

    def negation_of(self, hit: Hit) -> int:
        """Where the negation of ``hit`` starts (``hit.first`` when nothing negates it)."""
        return min(
            (
                h.first
                for h in (*self.of("neg"), *self.of("weak_off"))
                if h.kind in _NEGATORS
                and h.last < hit.first
                and hit.first - h.last <= _NEAR
                and self.same_clause(h, hit)
            ),
            default=hit.first,
        )

    def followed_by_key(self, hit: Hit) -> bool:
        """The words are a config key ("cache_text_embeddings: true"), not a description."""
        start, end = self.span(hit.first, hit.last)
        is_key = "_" in self.text[start:end]  # keys are snake_case; "Generating Images:" is a log
        return is_key and self.text[end : end + 2].lstrip()[:1] in (":", "=")
