"""Phrases stored word by word: matching a message is one dictionary look-up per word."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# word -> (what the phrase ending at this word means, the words that may follow or None).
# Plain tuples and dicts: it is walked for every word of every message.
Trie = dict[str, tuple[tuple[Any, ...], "Trie | None"]]


def build(phrases: Mapping[tuple[str, ...], tuple[Any, ...]]) -> Trie:
    """Nested dicts built from the phrases; a leaf has no dict of followers at all."""
    nested: dict[str, Any] = {}
    for words, meaning in phrases.items():
        node = nested
        for word in words:
            node = node.setdefault(word, {})
        node[""] = meaning  # "" is never a word
    return _freeze(nested)


def _freeze(nested: dict[str, Any]) -> Trie:
    frozen: Trie = {}
    for word, node in nested.items():
        if word:
            followers = {w: n for w, n in node.items() if w}
            frozen[word] = (node.get("", ()), _freeze(followers) if followers else None)
    return frozen
