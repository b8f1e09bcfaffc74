"""The event log: what happened in each conversation, kept apart from the conversations.

An event is small plain data (a kind, a time, a few names and counts); the people's own words
are never in it. The few texts that are kept (see api.service.events) live beside the events
with a time after which they are gone. SQLite keeps both in tables of its file; Redis in two
capped Streams, so that every API process on every host feeds one log.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol


class Event(NamedTuple):
    """A named tuple, not a dataclass: a report reads hundreds of thousands of them."""

    conversation: str
    kind: str  # started, asked, reply, answer, ended, feedback, restart
    at: float
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class KeptText:
    """A user's text kept for the support team: masked, trimmed, and gone at ``expires_at``."""

    conversation: str
    at: float
    role: str  # misread (nothing could be read from it), message, comment
    text: str
    expires_at: float


class EventLog(Protocol):
    backend: str

    def append(self, events: Sequence[Event], texts: Sequence[KeptText] = ()) -> None: ...

    def events(self, since: float) -> Iterator[Event]:
        """Events at or after ``since``, oldest first."""
        ...

    def texts(self, since: float, now: float) -> list[KeptText]:
        """Texts kept at or after ``since`` and still alive at ``now``, oldest first."""
        ...

    def purge_texts(self, now: float) -> None: ...

    def close(self) -> None: ...


def open_event_log(*, database: str, redis_url: str | None, timeout_seconds: float) -> EventLog:
    """The event log beside the configured conversation store."""
    # Imported here: both modules import this one for Event and KeptText.
    from api.store.events_redis import RedisEventLog
    from api.store.events_sqlite import SqliteEventLog

    if redis_url:
        return RedisEventLog.from_url(redis_url, timeout_seconds=timeout_seconds)
    return SqliteEventLog(database, timeout_seconds=timeout_seconds)
