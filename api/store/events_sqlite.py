"""The event log in the SQLite file of the embedded store: two tables beside the conversations.

Events are rows that are only ever appended, one row for the events of one turn (a conversation
and a time: "reply,answer,ended" and the array of their data), which halves what a report
reads; a kept text is a row of its own with the time it
expires, deleted by the recorder's next purge (one a minute while the server runs) or the next
read, whichever comes first.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import groupby

from api.store.errors import StoreUnavailable
from api.store.events import Event, KeptText
from api.store.sqlite_pool import ConnectionPool

BACKEND = "sqlite"
_MAX_IDLE_CONNECTIONS = 2  # the writer thread and a report reading
_new = tuple.__new__  # Event's own __new__ goes through a lambda: a tenth of a report's time
_READ_BATCH = 10_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS event (
    seq INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    conversation_id TEXT NOT NULL,
    kinds TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS event_by_at ON event (at);
CREATE TABLE IF NOT EXISTS event_text (
    seq INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    conversation_id TEXT NOT NULL,
    role TEXT NOT NULL,
    text TEXT NOT NULL,
    expires_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS event_text_by_expiry ON event_text (expires_at);
"""
# A batch goes in as few statements as it can, many rows each, each statement its own
# transaction: the file's write lock, which the conversations' writes wait for, is held for one
# step of SQLite at a time. Row by row in one transaction, it stayed held while every row's step
# handed Python's interpreter lock back and forth with the threads serving requests.
_ROWS_PER_INSERT = 1_000  # five parameters a row at most, well under SQLite's limit of 32,766
_EVENT_COLUMNS = "event (at, conversation_id, kinds, data)"
_TEXT_COLUMNS = "event_text (at, conversation_id, role, text, expires_at)"


def _inserts(
    columns: str, rows: Sequence[tuple[object, ...]]
) -> Iterator[tuple[str, list[object]]]:
    """The statements that insert ``rows`` into ``columns``, many rows each."""
    for first in range(0, len(rows), _ROWS_PER_INSERT):
        chunk = rows[first : first + _ROWS_PER_INSERT]
        one = "(" + ",".join("?" * len(chunk[0])) + ")"
        values = [value for row in chunk for value in row]
        yield f"INSERT INTO {columns} VALUES {','.join([one] * len(chunk))}", values


_PURGE = "DELETE FROM event_text WHERE expires_at <= ?"
_SELECT = "SELECT conversation_id, kinds, at, data FROM event WHERE at >= ? ORDER BY seq"
_SELECT_TEXTS = """
SELECT conversation_id, at, role, text, expires_at FROM event_text
WHERE at >= ? AND expires_at > ? ORDER BY seq
"""


class SqliteEventLog:
    backend = BACKEND

    def __init__(self, database: str, *, timeout_seconds: float = 2.0) -> None:
        self._database = database
        self._timeout = timeout_seconds
        # Kept open between calls: opening the file costs more than a batch of rows to write.
        self._pool = ConnectionPool(self._connect, _MAX_IDLE_CONNECTIONS)
        with self._connection() as connection:
            connection.execute("PRAGMA journal_mode = WAL")
            connection.executescript(_SCHEMA)

    def append(self, events: Sequence[Event], texts: Sequence[KeptText] = ()) -> None:
        rows = [_row(conversation, at, list(turn)) for (conversation, at), turn in _turns(events)]
        kept = [(t.at, t.conversation, t.role, t.text, t.expires_at) for t in texts]
        statements = [*_inserts(_EVENT_COLUMNS, rows), *_inserts(_TEXT_COLUMNS, kept)]
        with self._connection() as connection:
            # Each statement its own transaction: the rows are independent, and the file's write
            # lock is then held for one step of SQLite, never across Python code.
            for statement, values in statements:
                connection.execute(statement, values)

    def events(self, since: float) -> Iterator[Event]:
        with self._connection() as connection:
            cursor = connection.execute(_SELECT, (since,))
            while rows := cursor.fetchmany(_READ_BATCH):
                # One parse of the batch as a JSON array: a third of the time of one per row.
                datas = json.loads("[" + ",".join([row[3] for row in rows]) + "]")
                yield from [
                    _new(Event, (conversation, kind, at, one))
                    for (conversation, kinds, at, _), data in zip(rows, datas, strict=True)
                    for kind, one in zip(kinds.split(","), data, strict=True)
                ]

    def texts(self, since: float, now: float) -> list[KeptText]:
        self.purge_texts(now)
        with self._connection() as connection:
            rows = connection.execute(_SELECT_TEXTS, (since, now)).fetchall()
        return [KeptText(*row) for row in rows]

    def purge_texts(self, now: float) -> None:
        with self._connection() as connection:
            connection.execute(_PURGE, (now,))

    def close(self) -> None:
        self._pool.close()

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(
            self._database, timeout=self._timeout, isolation_level=None, check_same_thread=False
        )
        try:
            connection.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error:
            connection.close()
            raise
        return connection

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """A pooled connection; any SQLite error is StoreUnavailable (and the connection that
        failed is closed, not kept)."""
        try:
            with self._pool.connection() as connection:
                yield connection
        except sqlite3.Error as error:
            raise StoreUnavailable(BACKEND, str(error)) from error


def _turns(events: Sequence[Event]) -> Iterator[tuple[tuple[str, float], Iterator[Event]]]:
    return groupby(events, key=lambda e: (e.conversation, e.at))


def _row(conversation: str, at: float, turn: list[Event]) -> tuple[float, str, str, str]:
    return at, conversation, ",".join(e.kind for e in turn), _dumps([e.data for e in turn])


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
