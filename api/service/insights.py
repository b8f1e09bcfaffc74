"""The event log's reading side for one process: analytics on demand, and a recent snapshot
that the metrics publish."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from api.service.analytics import Analytics, read
from api.service.events import EventWriter
from api.service.period import since_time
from api.store.events import EventLog

SNAPSHOT_SPAN = 86_400.0  # the metrics' window: a day
WANTED_FOR = 300.0  # seconds after a scrape during which the snapshot is kept fresh


class Insights:
    def __init__(
        self,
        log: EventLog,
        writer: EventWriter | None,
        *,
        session_ttl: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.log = log
        self.writer = writer
        self.session_ttl = session_ttl
        self._clock = clock
        self._snapshot: Analytics | None = None
        self._wanted_at = float("-inf")

    def analytics(self, since: str | None = None) -> Analytics:
        """The period's analytics, after this process's own pending events are written.
        Raises BadPeriod for a ``since`` that cannot be read, StoreUnavailable when the log
        cannot be read."""
        now = self._clock()
        start = since_time(since, now)
        if self.writer is not None:
            self.writer.flush()
        return self._read(start, now)

    def refresh(self) -> None:
        """Read the last day again, when the metrics were asked for lately: reading costs the
        process time, which is not spent while nobody scrapes."""
        now = self._clock()
        if now - self._wanted_at > WANTED_FOR:
            return
        self._snapshot = self._read(now - SNAPSHOT_SPAN, now)

    def snapshot(self) -> Analytics | None:
        """The last snapshot (None before the first); asking marks it as wanted."""
        self._wanted_at = self._clock()
        return self._snapshot

    def _read(self, start: float, now: float) -> Analytics:
        errors = self.writer.failed if self.writer is not None else 0
        # Hundreds of thousands of small objects, all alive until the sum is made: the cyclic
        # collector would walk them again and again (more than halving the speed) for nothing.
        with _no_cyclic_gc():
            return read(self.log, since=start, now=now, session_ttl=self.session_ttl, errors=errors)


@contextmanager
def _no_cyclic_gc() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
