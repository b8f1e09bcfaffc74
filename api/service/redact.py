"""What a kept user text looks like: personal and secret-looking strings masked, then trimmed."""

from __future__ import annotations

import re

MAX_KEPT_CHARS = 500

_MASKS = (
    (re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"), "[email]"),
    (re.compile(r"\b(?:https?://|www\.)\S+", re.IGNORECASE), "[url]"),
    # Well-known token shapes (Slack, GitHub, Hugging Face, OpenAI-style keys, bearer tokens).
    (re.compile(r"\b(?:xox[abprs]|gh[pousr]|hf|sk|pk|rk)[-_][A-Za-z0-9_-]{8,}"), "[token]"),
    (re.compile(r"(?i)\bbearer\s+\S+"), "Bearer [token]"),
    (re.compile(r"\b[0-9a-fA-F]{16,}\b"), "[hex]"),
    # Any long run of letters and digits that mixes both is more likely a key than a word.
    (re.compile(r"\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b"), "[token]"),
)


def mask(text: str) -> str:
    """``text`` with e-mail addresses, URLs, tokens and long hex strings masked, trimmed to
    MAX_KEPT_CHARS (masked first, so that a secret cut in half is still masked). What lies far
    past the limit is dropped before masking: it could only shorten what is kept."""
    text = text[: 4 * MAX_KEPT_CHARS]
    for pattern, replacement in _MASKS:
        text = pattern.sub(replacement, text)
    text = text.strip()
    if len(text) > MAX_KEPT_CHARS:
        text = text[: MAX_KEPT_CHARS - 1] + "…"
    return text
