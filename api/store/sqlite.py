"""Conversations in one SQLite file: the embedded store that needs no other service.

A conversation is a row of state that each turn replaces and messages that each turn appends
(the oldest beyond MAX_MESSAGES are dropped). Every change is one transaction; WAL lets readers
run while one process writes, and several processes may share the file. A write waits for
another writer at most ``timeout_seconds`` (SQLite's busy timeout), then fails with
StoreUnavailable.

A file written by release 0.1 (one ``conversations`` table of compressed records) is moved to
this layout once, in one transaction, by the first process that opens it.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from api.store.errors import ConversationNotFound, StoreUnavailable, VersionConflict
from api.store.legacy import UnreadableRecord, split_record
from api.store.model import (
    MAX_MESSAGES,
    StoredConversation,
    check_data_size,
    check_feedback_size,
    is_conversation_id,
    new_conversation_id,
)
from api.store.sqlite_pool import BACKEND, ConnectionPool

log = logging.getLogger("oomguide.store")

DEFAULT_TIMEOUT_SECONDS = 2.0
_MAX_IDLE_CONNECTIONS = 8
_PURGE_BATCH = 32  # expired conversations deleted per new one, so no write does them all

_SCHEMA = """
CREATE TABLE IF NOT EXISTS conversation (
    id TEXT PRIMARY KEY NOT NULL,
    version INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    state BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS conversation_by_updated_at ON conversation (updated_at);
CREATE TABLE IF NOT EXISTS message (
    seq INTEGER PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
    body BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS message_by_conversation ON message (conversation_id, seq);
CREATE TABLE IF NOT EXISTS feedback (
    seq INTEGER PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS feedback_by_conversation ON feedback (conversation_id, seq);
CREATE TABLE IF NOT EXISTS ready_probe (id INTEGER PRIMARY KEY, at REAL NOT NULL);
"""

_SELECT = """
SELECT version, created_at, updated_at, state FROM conversation WHERE id = ? AND updated_at >= ?
"""
_SELECT_MESSAGES = "SELECT body FROM message WHERE conversation_id = ? ORDER BY seq"
_PURGE = """
DELETE FROM conversation WHERE rowid IN
    (SELECT rowid FROM conversation WHERE updated_at < ? LIMIT ?)
"""
_INSERT = """
INSERT INTO conversation (id, version, created_at, updated_at, state) VALUES (?1, 1, ?2, ?2, ?3)
"""
_INSERT_MESSAGE = "INSERT INTO message (conversation_id, body) VALUES (?, ?)"
_TRIM_MESSAGES = """
DELETE FROM message WHERE conversation_id = ?1 AND seq < (
    SELECT min(seq) FROM (
        SELECT seq FROM message WHERE conversation_id = ?1 ORDER BY seq DESC LIMIT ?2
    )
)
"""
_COMPARE_AND_SET = """
UPDATE conversation SET state = ?, version = version + 1, updated_at = ?
WHERE id = ? AND version = ? AND updated_at >= ?
RETURNING version, created_at
"""
_INSERT_FEEDBACK = """
INSERT INTO feedback (conversation_id, body, created_at)
SELECT id, ?, ? FROM conversation WHERE id = ? AND updated_at >= ?
"""
_SELECT_FEEDBACK = "SELECT body FROM feedback WHERE conversation_id = ? ORDER BY seq"
_PROBE = "INSERT OR REPLACE INTO ready_probe (id, at) VALUES (1, ?)"
# Release 0.1's feedback table refers to its conversations table: rebuilt to refer to the new one.
# Separate statements, not a script: executescript would commit the migration half-way.
_MOVE_FEEDBACK = (
    "ALTER TABLE feedback RENAME TO feedback_release_0_1",
    "DROP INDEX IF EXISTS feedback_by_conversation",
    """CREATE TABLE feedback (
        seq INTEGER PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
        body TEXT NOT NULL,
        created_at REAL NOT NULL
    )""",
    "CREATE INDEX feedback_by_conversation ON feedback (conversation_id, seq)",
    """INSERT INTO feedback (seq, conversation_id, body, created_at)
        SELECT seq, conversation_id, body, created_at FROM feedback_release_0_1
        WHERE conversation_id IN (SELECT id FROM conversation)""",
    "DROP TABLE feedback_release_0_1",
    "DROP TABLE conversations",
)


class SqliteStore:
    """A ConversationStore over a SQLite file, safe across threads and processes."""

    backend = BACKEND

    def __init__(
        self,
        database: str,
        *,
        ttl_seconds: int,
        clock: Callable[[], float] = time.time,
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        max_messages: int = MAX_MESSAGES,
    ) -> None:
        self._database = database
        self._ttl = ttl_seconds
        self._clock = clock
        self._timeout = timeout_seconds
        self._max_messages = max_messages
        self._pool = ConnectionPool(self._connect, _MAX_IDLE_CONNECTIONS)
        try:
            with self._connection() as connection:
                connection.execute("PRAGMA journal_mode = WAL")
                connection.executescript(_SCHEMA)
                _migrate_release_0_1(connection, max_messages)
        except StoreUnavailable:
            self._pool.close()
            raise

    def create(self, state: bytes, messages: Sequence[bytes] = ()) -> StoredConversation:
        check_data_size(state, messages)
        now = self._clock()
        stored = StoredConversation(new_conversation_id(), 1, state, now, now)
        with self._writing() as connection:
            connection.execute(_PURGE, (self._oldest_alive(now), _PURGE_BATCH))
            connection.execute(_INSERT, (stored.id, now, state))
            self._append(connection, stored.id, messages)
        return stored

    def get(self, conversation_id: str, *, messages: bool = False) -> StoredConversation | None:
        if not is_conversation_id(conversation_id):
            return None
        arguments = (conversation_id, self._oldest_alive(self._clock()))
        with self._connection() as connection:
            if messages:
                connection.execute("BEGIN")  # the state and its messages from one snapshot
            try:
                row = connection.execute(_SELECT, arguments).fetchone()
                said = _messages(connection, conversation_id) if messages and row else ()
            finally:
                if messages:
                    connection.execute("COMMIT")
        if row is None:
            return None
        version, created_at, updated_at, state = row
        return StoredConversation(conversation_id, version, state, created_at, updated_at, said)

    def update(
        self,
        conversation_id: str,
        state: bytes,
        expected_version: int,
        messages: Sequence[bytes] = (),
    ) -> StoredConversation:
        check_data_size(state, messages)
        if not is_conversation_id(conversation_id):
            raise ConversationNotFound(conversation_id)
        now = self._clock()
        arguments = (state, now, conversation_id, expected_version, self._oldest_alive(now))
        with self._writing() as connection:
            # fetchall, not fetchone: the statement must run to its end before the next one.
            rows = connection.execute(_COMPARE_AND_SET, arguments).fetchall()
            if rows:
                self._append(connection, conversation_id, messages)
        if not rows:
            raise self._why_not_updated(conversation_id, expected_version)
        version, created_at = rows[0]
        return StoredConversation(conversation_id, version, state, created_at, now)

    def add_feedback(self, conversation_id: str, feedback: str) -> None:
        check_feedback_size(feedback)
        if not is_conversation_id(conversation_id):
            raise ConversationNotFound(conversation_id)
        now = self._clock()
        arguments = (feedback, now, conversation_id, self._oldest_alive(now))
        with self._writing() as connection:
            inserted = connection.execute(_INSERT_FEEDBACK, arguments).rowcount
        if inserted == 0:
            raise ConversationNotFound(conversation_id)

    def feedback(self, conversation_id: str) -> list[str]:
        if not is_conversation_id(conversation_id):
            return []
        with self._connection() as connection:
            rows = connection.execute(_SELECT_FEEDBACK, (conversation_id,)).fetchall()
        return [row[0] for row in rows]

    def check_writable(self) -> None:
        """A real write, committed: a read-only file, a full disk or a held lock all fail it."""
        with self._writing() as connection:
            connection.execute(_PROBE, (self._clock(),))

    def close(self) -> None:
        self._pool.close()

    def _append(
        self, connection: sqlite3.Connection, conversation_id: str, messages: Sequence[bytes]
    ) -> None:
        if not messages:
            return
        connection.executemany(_INSERT_MESSAGE, [(conversation_id, m) for m in messages])
        connection.execute(_TRIM_MESSAGES, (conversation_id, self._max_messages))

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
            timeout=self._timeout,
            isolation_level=None,
            check_same_thread=False,
        )
        try:
            # NORMAL in WAL mode: a killed process loses nothing; only a power cut may roll back
            # the last commits. Foreign keys make expired conversations take the rest along.
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
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

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, taking the file's write lock at once (or failing)."""
        with self._connection() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")


def _messages(connection: sqlite3.Connection, conversation_id: str) -> tuple[bytes, ...]:
    return tuple(row[0] for row in connection.execute(_SELECT_MESSAGES, (conversation_id,)))


def _migrate_release_0_1(connection: sqlite3.Connection, max_messages: int) -> None:
    """Move release 0.1's records (either of its table layouts) to this one, once."""
    if not _has_old_table(connection):
        return
    connection.execute("PRAGMA foreign_keys = OFF")  # dropping the old table must not cascade
    try:
        connection.execute("BEGIN IMMEDIATE")
        try:
            if _has_old_table(connection):  # another process may have moved them meanwhile
                _move_records(connection, max_messages)
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
    finally:
        connection.execute("PRAGMA foreign_keys = ON")


def _has_old_table(connection: sqlite3.Connection) -> bool:
    found = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'conversations'"
    ).fetchone()
    return found is not None


def _move_records(connection: sqlite3.Connection, max_messages: int) -> None:
    old = "SELECT id, version, created_at, updated_at, data FROM conversations"
    moved = unreadable = 0
    for cid, version, created_at, updated_at, data in connection.execute(old).fetchall():
        try:
            state, messages = split_record(data)
        except UnreadableRecord as error:
            unreadable += 1
            log.warning("conversation %s could not be read and was not moved: %s", cid, error)
            continue
        connection.execute(
            "INSERT INTO conversation (id, version, created_at, updated_at, state)"
            " VALUES (?, ?, ?, ?, ?)",
            (cid, version, created_at, updated_at, state),
        )
        kept = messages[-max_messages:]
        connection.executemany(_INSERT_MESSAGE, [(cid, m) for m in kept])
        moved += 1
    for statement in _MOVE_FEEDBACK:
        connection.execute(statement)
    log.info("moved %d conversations of release 0.1 (%d unreadable)", moved, unreadable)
