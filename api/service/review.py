"""Misread messages as reading-corpus entries (tests/reading/README.md), with empty
expectations for a person to fill in: a message that fooled the assistant in production
becomes a test the next release must pass."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import yaml

from api.service.analytics import Misread

FIRST_NUMBER = 9001  # production messages are numbered apart from the hand-written ones
_STYLES = {"discord": "discord", "slack": "discord", "widget": "forum", "rest": "forum"}
_ID = re.compile(r"^d-(en|pt)-(\d{4})$")


def entries(
    misread: Iterable[Misread], existing: Sequence[dict[str, Any]] = ()
) -> list[dict[str, Any]]:
    """New entries for the messages not in ``existing`` yet, numbered after its ids."""
    seen = {e.get("text", "").strip() for e in existing}
    numbers = {"en": FIRST_NUMBER - 1, "pt": FIRST_NUMBER - 1}
    for entry in existing:
        found = _ID.match(str(entry.get("id", "")))
        if found:
            numbers[found[1]] = max(numbers[found[1]], int(found[2]))
    made: list[dict[str, Any]] = []
    for m in sorted(misread, key=lambda m: m.at):  # oldest first, as a file grows
        if m.text.strip() in seen:
            continue
        seen.add(m.text.strip())
        short = "pt" if m.locale == "pt-BR" else "en"
        numbers[short] += 1
        made.append(
            {
                "id": f"d-{short}-{numbers[short]:04d}",
                "locale": m.locale,
                "style": _STYLES.get(m.channel, "mixed"),
                "text": m.text,
                "intent": None,
                "facts": {},
                "not": [],
                "note": f"misread in production ({m.channel}, {m.at}); fill in intent and facts",
            }
        )
    return made


def read_existing(text: str) -> list[dict[str, Any]]:
    loaded = yaml.safe_load(text) or []
    if not isinstance(loaded, list):
        raise ValueError("the file is not a list of corpus entries")
    return [e for e in loaded if isinstance(e, dict)]


def dump(all_entries: Sequence[dict[str, Any]]) -> str:
    return yaml.safe_dump(
        list(all_entries), allow_unicode=True, sort_keys=False, default_flow_style=None, width=100
    )
