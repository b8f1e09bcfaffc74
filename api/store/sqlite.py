"""Conversations in one SQLite file: the embedded store that needs no other service.

Every change is made by a single statement, so it is atomic on its own and a crash mid-write
leaves either the old row or the new one (an update tries a second statement only when the first
changed nothing). WAL lets readers run while one process writes; several processes may share the
file.

Three measured choices keep a turn's write cheap:
- the conversation's data is the row's last column. A record is read up to the columns a
  statement needs, so with the data last, checking ``updated_at`` never walks the data's
  overflow pages: a read and a write of a 10 KB record took 66 µs instead of 108.
- the expiry index is on ``touched``, not on ``updated_at``: the time of a write, refreshed only
  once it is older than a thirty-second of the idle time (``ttl``). Most turns leave the index
  alone, and a turn's write then adds one page to the log instead of three. ``updated_at`` stays
  exact and every read and write checks it; the purge finds by the index the rows idle for
  ``ttl`` and a thirty-second more, and deletes those whose ``updated_at`` says they expired.
- writers of one file queue on an advisory lock (``<file>.lock``) before SQLite's own lock.
  SQLite waits for a busy lock by sleeping a millisecond or more, about twenty times a write's
  length; the advisory lock hands over as soon as the other writer is done. A process that does
  not take it (an older server, the sqlite3 shell) is still kept out by SQLite's lock.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from api.store.errors import ConversationNotFound, StoreUnavailable, VersionConflict
from api.store.model import (
    StoredConversation,
    check_data_size,
    check_feedback_size,
    is_conversation_id,
    new_conversation_id,
)
from api.store.sqlite_checkpoint import WRITER_CHECKPOINT_PAGES, Checkpointer
from api.store.sqlite_pool import BACKEND, ConnectionPool

BUSY_TIMEOUT_SECONDS = 5.0
# Enough for the server's worker threads to find a connection idle most of the time.
_MAX_IDLE_CONNECTIONS = 16
# Purging on create in small batches keeps every create cheap, however much has expired.
_PURGE_BATCH = 64
# ``touched`` is refreshed once older than ttl / _TOUCH_FRACTION; expired rows wait that long more
# for the purge, about 3 % of the idle time.
_TOUCH_FRACTION = 32
# Writes between two background checkpoints: about 170 pages of log (see sqlite_checkpoint).
CHECKPOINT_EVERY = 128

_CONVERSATIONS = """
    id TEXT PRIMARY KEY NOT NULL,
    version INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    touched REAL NOT NULL,
    data BLOB NOT NULL
"""
_COLUMNS = ["id", "version", "created_at", "updated_at", "touched", "data"]
_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS conversations ({_CONVERSATIONS});
CREATE TABLE IF NOT EXISTS feedback (
    seq INTEGER PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS feedback_by_conversation ON feedback (conversation_id, seq);
"""

_INDEX = "CREATE INDEX IF NOT EXISTS conversations_by_touched ON conversations (touched)"
# Files written in an older layout (the data not last, no ``touched``) are rebuilt once, in one
# transaction, with foreign keys off so that dropping the old table does not cascade to the
# feedback.
_REBUILD = f"""
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE conversations_rebuilt ({_CONVERSATIONS});
INSERT INTO conversations_rebuilt (id, version, created_at, updated_at, touched, data)
    SELECT id, version, created_at, updated_at, updated_at, data FROM conversations;
DROP TABLE conversations;
ALTER TABLE conversations_rebuilt RENAME TO conversations;
{_INDEX};
COMMIT;
PRAGMA foreign_keys = ON;
"""

_SELECT = """
SELECT id, version, data, created_at, updated_at FROM conversations
WHERE id = ? AND updated_at >= ?
"""
_INSERT = """
INSERT INTO conversations (id, version, created_at, updated_at, touched, data)
VALUES (?1, 1, ?2, ?2, ?2, ?3)
"""
# The usual write, while ``touched`` is recent: the expiry index is left as it is.
_COMPARE_AND_SET = """
UPDATE conversations SET data = ?1, version = version + 1, updated_at = ?2
WHERE id = ?3 AND version = ?4 AND updated_at >= ?5 AND touched >= ?6
RETURNING version, created_at
"""
# Otherwise (or when the first found nothing to change: the same verdict then comes from here).
_COMPARE_AND_SET_TOUCHED = """
UPDATE conversations SET data = ?1, version = version + 1, updated_at = ?2, touched = ?2
WHERE id = ?3 AND version = ?4 AND updated_at >= ?5
RETURNING version, created_at
"""
_PURGE = """
DELETE FROM conversations WHERE rowid IN
    (SELECT rowid FROM conversations WHERE touched < ?1 AND updated_at < ?2 LIMIT ?3)
"""
_INSERT_FEEDBACK = """
INSERT INTO feedback (conversation_id, body, created_at)
SELECT id, ?, ? FROM conversations WHERE id = ? AND updated_at >= ?
"""
_SELECT_FEEDBACK = "SELECT body FROM feedback WHERE conversation_id = ? ORDER BY seq"


class SqliteStore:
    """A ConversationStore over a SQLite file, safe across threads and processes."""

    def __init__(
        self, database: str, *, ttl_seconds: int, clock: Callable[[], float] = time.time
    ) -> None:
        self._database = database
        self._ttl = ttl_seconds
        self._touch_every = ttl_seconds / _TOUCH_FRACTION
        self._clock = clock
        self._pool = ConnectionPool(self._connect, _MAX_IDLE_CONNECTIONS)
        self._writer = _WriterLock(database)
        try:
            with self._writer, self._connection() as connection:
                connection.execute("PRAGMA journal_mode = WAL")
                connection.executescript(_SCHEMA)
                if _columns(connection) != _COLUMNS:
                    connection.executescript(_REBUILD)
                connection.execute(_INDEX)
        except StoreUnavailable:
            self._pool.close()
            self._writer.close()
            raise
        self._checkpointer = Checkpointer(self._connect, CHECKPOINT_EVERY)

    def create(self, data: bytes) -> StoredConversation:
        check_data_size(data)
        now = self._clock()
        stored = StoredConversation(new_conversation_id(), 1, data, now, now)
        oldest_alive = self._oldest_alive(now)
        purge = (oldest_alive - self._touch_every, oldest_alive, _PURGE_BATCH)
        with self._writer, self._connection() as connection:
            connection.execute(_PURGE, purge)
            connection.execute(_INSERT, (stored.id, now, data))
        self._checkpointer.wrote()
        return stored

    def get(self, conversation_id: str) -> StoredConversation | None:
        if not is_conversation_id(conversation_id):
            return None
        with self._connection() as connection:
            row = connection.execute(
                _SELECT, (conversation_id, self._oldest_alive(self._clock()))
            ).fetchone()
        if row is None:
            return None
        data = row[2].encode() if isinstance(row[2], str) else row[2]  # TEXT in older files
        return StoredConversation(row[0], row[1], data, row[3], row[4])

    def update(
        self, conversation_id: str, data: bytes, expected_version: int
    ) -> StoredConversation:
        check_data_size(data)
        if not is_conversation_id(conversation_id):
            raise ConversationNotFound(conversation_id)
        now = self._clock()
        arguments = (data, now, conversation_id, expected_version, self._oldest_alive(now))
        with self._writer, self._connection() as connection:
            # fetchall, not fetchone: the write commits only once the statement has run to its end.
            rows = connection.execute(
                _COMPARE_AND_SET, (*arguments, now - self._touch_every)
            ).fetchall()
            if not rows:
                rows = connection.execute(_COMPARE_AND_SET_TOUCHED, arguments).fetchall()
        self._checkpointer.wrote()
        if not rows:
            raise self._why_not_updated(conversation_id, expected_version)
        version, created_at = rows[0]
        return StoredConversation(conversation_id, version, data, created_at, now)

    def add_feedback(self, conversation_id: str, feedback: str) -> None:
        check_feedback_size(feedback)
        if not is_conversation_id(conversation_id):
            raise ConversationNotFound(conversation_id)
        now = self._clock()
        arguments = (feedback, now, conversation_id, self._oldest_alive(now))
        with self._writer, self._connection() as connection:
            inserted = connection.execute(_INSERT_FEEDBACK, arguments).rowcount
        if inserted == 0:
            raise ConversationNotFound(conversation_id)

    def feedback(self, conversation_id: str) -> list[str]:
        if not is_conversation_id(conversation_id):
            return []
        with self._connection() as connection:
            rows = connection.execute(_SELECT_FEEDBACK, (conversation_id,)).fetchall()
        return [row[0] for row in rows]

    def ping(self) -> bool:
        try:
            with self._connection() as connection:
                connection.execute("SELECT 1").fetchone()
        except StoreUnavailable:
            return False
        return True

    def close(self) -> None:
        self._checkpointer.close()
        self._pool.close()
        self._writer.close()

    def _why_not_updated(self, conversation_id: str, expected_version: int) -> Exception:
        # Only explains a failed compare-and-set; the verdict itself came from the UPDATE.
        current = self.get(conversation_id)
        if current is None:
            return ConversationNotFound(conversation_id)
        return VersionConflict(conversation_id, expected_version, current.version)

    def _oldest_alive(self, now: float) -> float:
        return now - self._ttl

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(
            self._database,
            timeout=BUSY_TIMEOUT_SECONDS,
            isolation_level=None,
            check_same_thread=False,
        )
        try:
            # NORMAL in WAL mode: a killed process loses nothing; only a power cut may roll back
            # the last commits. Foreign keys make expired conversations take their feedback along.
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute(f"PRAGMA wal_autocheckpoint = {WRITER_CHECKPOINT_PAGES}")
        except sqlite3.Error:
            connection.close()
            raise
        return connection

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        try:
            with self._pool.connection() as connection:
                yield connection
        except sqlite3.Error as error:
            raise StoreUnavailable(BACKEND, str(error)) from error


def _columns(connection: sqlite3.Connection) -> list[str]:
    return [row[1] for row in connection.execute("PRAGMA table_info(conversations)")]


class _WriterLock:
    """One writer at a time per file, across threads (a mutex) and processes (``flock``)."""

    def __init__(self, database: str) -> None:
        self._mutex = threading.Lock()
        self._fd: int | None = None
        if database != ":memory:" and not database.startswith("file:"):
            try:
                self._fd = os.open(f"{database}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            except OSError as error:
                raise StoreUnavailable(BACKEND, f"cannot open {database}.lock: {error}") from error

    def __enter__(self) -> None:
        self._mutex.acquire()
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_EX)

    def __exit__(self, *_: object) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        self._mutex.release()

    def close(self) -> None:
        with self._mutex:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
