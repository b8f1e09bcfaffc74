"""A `limits` storage in the store's SQLite file, so that every process sharing the file counts
the same hits: two workers let a client through no more often than one.

Only the moving window is kept here (the one strategy the service uses): one row per counted
hit, taken and counted in one write transaction, so that two processes cannot both admit the
last request of a window. Rows that left every window are deleted a few at a time.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Final

from limits.storage import MovingWindowSupport, Storage

from api.store.errors import StoreUnavailable
from api.store.sqlite_pool import ConnectionPool

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS rate_hit (key TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS rate_hit_by_key ON rate_hit (key, at);
CREATE INDEX IF NOT EXISTS rate_hit_by_at ON rate_hit (at);
"""
_PRUNE: Final = """
DELETE FROM rate_hit WHERE rowid IN (SELECT rowid FROM rate_hit WHERE at <= ? LIMIT 16)
"""
_COUNT: Final = "SELECT min(at), count(*) FROM rate_hit WHERE key = ? AND at > ?"
_MAX_IDLE_CONNECTIONS: Final = 4
_LONGEST_WINDOW: Final = 3600.0  # seconds; older rows are no use to any limit the service sets


class SQLiteStorage(Storage, MovingWindowSupport):
    """Hits in a ``rate_hit`` table; a lock held longer than ``timeout`` is a StorageError."""

    def __init__(self, path: str, timeout: float, wrap_exceptions: bool = True) -> None:
        super().__init__(wrap_exceptions=wrap_exceptions)
        self._path = path
        self._timeout = timeout
        self._pool = ConnectionPool(self._connect, _MAX_IDLE_CONNECTIONS)
        with self._pool.connection() as connection:
            connection.executescript(_SCHEMA)

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return (sqlite3.Error, StoreUnavailable)

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        now = time.time()
        with self._pool.connection() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.execute(_PRUNE, (now - _LONGEST_WINDOW,))
                _, count = connection.execute(_COUNT, (key, now - expiry)).fetchone()
                admitted = bool(count + amount <= limit)
                if admitted:
                    rows = [(key, now)] * amount
                    connection.executemany("INSERT INTO rate_hit VALUES (?, ?)", rows)
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
        return admitted

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        """The oldest hit still in the window and how many there are (now and 0 for none)."""
        now = time.time()
        with self._pool.connection() as connection:
            oldest, count = connection.execute(_COUNT, (key, now - expiry)).fetchone()
        return (float(oldest) if oldest is not None else now), int(min(count, limit))

    def check(self) -> bool:
        try:
            with self._pool.connection() as connection:
                connection.execute("SELECT 1 FROM rate_hit LIMIT 1")
        except (sqlite3.Error, StoreUnavailable):
            return False
        return True

    def clear(self, key: str) -> None:
        with self._pool.connection() as connection:
            connection.execute("DELETE FROM rate_hit WHERE key = ?", (key,))

    def reset(self) -> int | None:
        with self._pool.connection() as connection:
            return connection.execute("DELETE FROM rate_hit").rowcount

    def close(self) -> None:
        self._pool.close()

    # The fixed-window counters of `limits`, which the service does not use.
    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        raise NotImplementedError("only the moving window is kept in SQLite")

    def get(self, key: str) -> int:
        raise NotImplementedError("only the moving window is kept in SQLite")

    def get_expiry(self, key: str) -> float:
        raise NotImplementedError("only the moving window is kept in SQLite")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(
            self._path, timeout=self._timeout, isolation_level=None, check_same_thread=False
        )
