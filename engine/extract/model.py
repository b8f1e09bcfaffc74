"""What the extractor hands back: facts, the words behind them, and side signals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from kb.contract import FactValue

# Only this much of a message is read for facts: enough for any real question or log excerpt,
# and it bounds the work a hostile or accidental megabyte paste can cause.
MAX_SCAN_CHARS: Final[int] = 8 * 1024

# A pasted job config can be longer than a message; it is looked for in this much text.
MAX_CONFIG_CHARS: Final[int] = 64 * 1024


@dataclass(frozen=True)
class Evidence:
    """The exact words of the message (as written) that set one fact."""

    fact: str
    value: FactValue
    evidence: str


@dataclass(frozen=True)
class Extraction:
    """Everything one message says about the user's situation."""

    facts: dict[str, FactValue]
    evidence: tuple[Evidence, ...]
    signals: frozenset[str]
    locale: str | None
    config_text: str | None
    on_topic: bool
    intent: str = "unclear"  # one of intent.INTENTS
    # The prose says settings pasted in it or beside it were changed after they were written
    # ("that's the old one, I set batch to 1 since"): what it says of them is the run now.
    changed_since: bool = False
