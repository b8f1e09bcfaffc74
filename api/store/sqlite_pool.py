"""SQLite connections shared by the threads of one process.

Several connections, not one behind a lock: in WAL mode readers run in parallel. A pool rather
than one connection per thread: the store's threads come and go, and a thread-local connection
would outlive its thread. A connection that failed is closed, not kept.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from api.store.errors import StoreUnavailable

BACKEND = "sqlite"


class ConnectionPool:
    """Hands each caller an idle connection, opening another when none is idle."""

    def __init__(self, connect: Callable[[], sqlite3.Connection], max_idle: int) -> None:
        self._connect = connect
        self._max_idle = max_idle
        self._idle: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._closed = False

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """An idle connection; one that failed is closed rather than kept, so that a file that
        was read-only or locked is opened afresh once the cause is gone."""
        connection = self._take()
        try:
            yield connection
        except BaseException:
            connection.close()
            raise
        self._give_back(connection)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()

    def _take(self) -> sqlite3.Connection:
        with self._lock:
            if self._closed:
                raise StoreUnavailable(BACKEND, "the store is closed")
            if self._idle:
                return self._idle.pop()
        return self._connect()

    def _give_back(self, connection: sqlite3.Connection) -> None:
        with self._lock:
            if not self._closed and len(self._idle) < self._max_idle:
                self._idle.append(connection)
                return
        connection.close()
