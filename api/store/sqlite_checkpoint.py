"""Copies a SQLite write-ahead log back into its database file on a thread of its own.

SQLite's automatic checkpoint runs inside the commit that crosses its threshold: one request in a
couple of hundred waited for about 1,600 pages to be copied and for two fsyncs, 9 ms measured
here. This thread runs a passive checkpoint after every few writes instead: it copies and syncs
without blocking writers, and sqlite3 releases the interpreter while it waits on the disk.

The fsyncs still slow the writes that run beside them (the file system's journal), for about as
long as they take, so checkpoints are kept small: what counts is the pages each one copies. Turn
p99 at two clients, over loopback on this project's benchmark machine, when a turn wrote 16 pages
of log: 12–19 ms checkpointing every 256–1,000 writes, 5–6 ms every 32, 2.6–3.7 ms every 8, and
1.5 ms with no fsync at all (not an option: the file must survive a crash). Now that a turn writes
about 1.3 pages (a compressed record, a coarse expiry index), every 128 writes copies about 170
pages: p99 2.2–3.2 ms, and each fsync is shared by sixteen times as many writes as before, which
took a turn's server CPU from about 675 µs to 560.

A passive checkpoint cannot restart the log while writes keep arriving, so the writers keep their
own checkpoint, every ``WRITER_CHECKPOINT_PAGES``; it finds almost everything copied already, and
restarts the log.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable

log = logging.getLogger("oomguide.store")

# The writers' own checkpoint, in pages of log: it bounds the log's size (about 8 MB).
WRITER_CHECKPOINT_PAGES = 2000


class Checkpointer:
    """A passive checkpoint after every ``every`` writes of this process, off their thread."""

    def __init__(self, connect: Callable[[], sqlite3.Connection], every: int) -> None:
        self._connect = connect
        self._every = every
        self._writes = 0
        self._lock = threading.Lock()
        self._due = threading.Event()
        self._closing = False
        self.last: tuple[int, int, int] | None = None  # (busy, log pages, pages copied)
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def wrote(self) -> None:
        with self._lock:
            self._writes += 1
            if self._writes < self._every:
                return
            self._writes = 0
        self._due.set()

    def close(self) -> None:
        self._closing = True
        self._due.set()
        self._thread.join(timeout=10)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        connection: sqlite3.Connection | None = None
        while True:
            self._due.wait()
            self._due.clear()
            if self._closing:
                break
            try:
                connection = connection or self._connect()
                self.last = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            except sqlite3.Error as error:  # the writers' own checkpoint still bounds the log
                log.warning("background checkpoint failed: %s", error)
        if connection is not None:
            connection.close()
