"""The period a report covers, as people write it: ``7d``, ``24h``, ``90m``, or a date."""

from __future__ import annotations

import re
from datetime import UTC, datetime

DEFAULT = "7d"
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800}
_SPAN = re.compile(r"(\d{1,7})\s*([smhdw])")


class BadPeriod(ValueError):
    """A ``since`` that is neither a span nor a date."""

    def __init__(self, given: str) -> None:
        super().__init__(
            f"since={given!r}: expected a span such as 7d, 24h or 90m, or a date (2026-11-24)"
        )
        self.given = given


def since_time(given: str | None, now: float) -> float:
    """The start of the period: ``now`` less a span, or the given date (UTC)."""
    text = (given or DEFAULT).strip().lower()
    span = _SPAN.fullmatch(text)
    if span:
        return now - int(span[1]) * _UNITS[span[2]]
    try:
        moment = datetime.fromisoformat(text.upper() if "t" in text else text)
    except ValueError:
        raise BadPeriod(given or "") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()
