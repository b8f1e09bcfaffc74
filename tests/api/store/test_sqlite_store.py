"""What only the SQLite file promises: it outlives the process, crashes and other processes."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, closing
from pathlib import Path

import pytest

import api
from api.store import StoreUnavailable, VersionConflict, open_store
from api.store.sqlite import CHECKPOINT_EVERY, SqliteStore
from tests.api.store.fakes import TTL_SECONDS, FakeClock

PROJECT_ROOT = Path(api.__file__).resolve().parents[1]
HOUR = 3600

# Runs in another process: once all are ready and told to go, appends `count` tagged entries with
# read-modify-write and retry, then prints how many of its writes lost a race.
APPEND_SCRIPT = """
import json, sys
from api.store import VersionConflict, open_store

database, conversation_id, count, tag = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
store = open_store(database=database, redis_url=None, ttl_seconds=3600)
print("ready", flush=True)
sys.stdin.readline()
try:
    done = conflicts = 0
    while done < count:
        current = store.get(conversation_id)
        data = json.loads(current.data)
        data["seen"].append(f"{tag}-{done}")
        try:
            store.update(conversation_id, json.dumps(data).encode(), current.version)
        except VersionConflict:
            conflicts += 1
            continue
        done += 1
    print(conflicts)
finally:
    store.close()
"""

# Runs in another process until killed: large writes, so that the kill lands mid-write.
WRITE_FOREVER_SCRIPT = """
import json, sys
from api.store import open_store

store = open_store(database=sys.argv[1], redis_url=None, ttl_seconds=3600)
padding = "x" * 200_000
while True:
    current = store.get(sys.argv[2])
    data = json.dumps({"n": current.version, "pad": padding}).encode()
    store.update(sys.argv[2], data, current.version)
    print(current.version, flush=True)
"""


@pytest.fixture
def database(tmp_path: Path) -> str:
    return str(tmp_path / "conversations.db")


@pytest.fixture
def real_time_store(database: str) -> Iterator[SqliteStore]:
    store = SqliteStore(database, ttl_seconds=HOUR)
    yield store
    store.close()


def test_data_survives_closing_and_reopening(database: str) -> None:
    first = SqliteStore(database, ttl_seconds=HOUR)
    created = first.create(b'{"turn": 1}')
    updated = first.update(created.id, b'{"turn": 2}', expected_version=1)
    first.add_feedback(created.id, '{"helpful": true}')
    first.close()

    second = SqliteStore(database, ttl_seconds=HOUR)
    try:
        assert second.get(created.id) == updated
        assert second.feedback(created.id) == ['{"helpful": true}']
    finally:
        second.close()


def test_file_is_in_wal_mode(real_time_store: SqliteStore, database: str) -> None:
    with closing(sqlite3.connect(database)) as connection:
        (mode,) = connection.execute("PRAGMA journal_mode").fetchone()
    assert mode == "wal"


def test_processes_sharing_the_file_lose_no_update(
    real_time_store: SqliteStore, database: str
) -> None:
    per_writer, tags = 300, "abc"
    created = real_time_store.create(json.dumps({"seen": []}).encode())
    with ExitStack() as running:
        writers = [
            running.enter_context(
                _run_script(APPEND_SCRIPT, database, created.id, str(per_writer), tag, piped=True)
            )
            for tag in tags
        ]
        for writer in writers:
            _wait_until_ready(writer)
        for writer in writers:
            _say_go(writer)
        outputs = [_output(writer) for writer in writers]

    assert [writer.returncode for writer in writers] == [0] * len(tags)
    final = real_time_store.get(created.id)
    assert final is not None
    assert final.version == 1 + len(tags) * per_writer
    seen = json.loads(final.data)["seen"]
    assert sorted(seen) == sorted(f"{tag}-{i}" for tag in tags for i in range(per_writer))
    assert sum(int(output) for output in outputs) > 0, "the writers never raced"


def test_a_writer_killed_mid_write_leaves_a_consistent_file(
    real_time_store: SqliteStore, database: str
) -> None:
    created = real_time_store.create(json.dumps({"n": 0}).encode())
    with _run_script(WRITE_FOREVER_SCRIPT, database, created.id, piped=True) as writer:
        _wait_for_versions(writer, 20)
        writer.kill()
        writer.wait()
    real_time_store.close()

    reopened = SqliteStore(database, ttl_seconds=HOUR)
    try:
        after = reopened.get(created.id)
        assert after is not None
        assert after.version >= 20
        assert json.loads(after.data)["n"] == after.version - 1
        reopened.update(created.id, b"{}", expected_version=after.version)
    finally:
        reopened.close()
    with closing(sqlite3.connect(database)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_create_purges_expired_rows_and_their_feedback(database: str) -> None:
    """Once idle for the ttl and a thirty-second more, as the expiry index is that coarse."""
    clock = FakeClock()
    store = SqliteStore(database, ttl_seconds=TTL_SECONDS, clock=clock)
    try:
        old = store.create(b"{}")
        store.add_feedback(old.id, "{}")
        clock.advance(TTL_SECONDS + 1)
        assert store.get(old.id) is None
        store.create(b"{}")
        assert _ids(database) == 2  # expired, not yet purged
        clock.advance(TTL_SECONDS / 32)
        fresh = store.create(b"{}")
    finally:
        store.close()

    with closing(sqlite3.connect(database)) as connection:
        ids = connection.execute("SELECT id FROM conversations").fetchall()
        feedback = connection.execute("SELECT conversation_id FROM feedback").fetchall()
    assert (old.id,) not in ids and (fresh.id,) in ids
    assert feedback == []


def test_the_expiry_index_is_refreshed_only_when_it_is_old(database: str) -> None:
    clock = FakeClock()
    store = SqliteStore(database, ttl_seconds=TTL_SECONDS, clock=clock)
    try:
        created = store.create(b"{}")
        clock.advance(TTL_SECONDS / 64)
        store.update(created.id, b"1", expected_version=1)
        assert _touched(database) == created.updated_at
        clock.advance(TTL_SECONDS / 32)
        updated = store.update(created.id, b"2", expected_version=2)
        assert _touched(database) == updated.updated_at
        with pytest.raises(VersionConflict):
            store.update(created.id, b"3", expected_version=2)
    finally:
        store.close()


def test_a_row_is_purged_by_its_own_time_whatever_the_index_says(database: str) -> None:
    """A file written with a long ttl (a coarse index) and opened with a short one."""
    clock = FakeClock()
    long_lived = SqliteStore(database, ttl_seconds=3200, clock=clock)
    try:
        created = long_lived.create(b"{}")
        clock.advance(99)
        long_lived.update(created.id, b"{}", expected_version=1)  # ``touched`` stays
    finally:
        long_lived.close()
    clock.advance(20)
    short_lived = SqliteStore(database, ttl_seconds=32, clock=clock)
    try:
        short_lived.create(b"{}")  # purges what its index finds: not this live row
        assert short_lived.get(created.id) is not None
    finally:
        short_lived.close()


def _ids(database: str) -> int:
    with closing(sqlite3.connect(database)) as connection:
        (count,) = connection.execute("SELECT count(*) FROM conversations").fetchone()
    return int(count)


def _touched(database: str) -> float:
    with closing(sqlite3.connect(database)) as connection:
        (touched,) = connection.execute("SELECT touched FROM conversations").fetchone()
    return float(touched)


def test_unopenable_file_is_unavailable(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable) as raised:
        open_store(database=str(tmp_path / "missing" / "x.db"), redis_url=None, ttl_seconds=60)
    assert raised.value.backend == "sqlite"


def test_closed_store_is_unavailable(database: str) -> None:
    store = SqliteStore(database, ttl_seconds=HOUR)
    created = store.create(b"{}")
    store.close()

    assert store.ping() is False
    with pytest.raises(StoreUnavailable):
        store.get(created.id)


def test_ttl_must_be_positive(database: str) -> None:
    with pytest.raises(ValueError, match="ttl_seconds"):
        open_store(database=database, redis_url=None, ttl_seconds=0)


# The layouts of older files: before the data column moved last, then before ``touched``.
FEEDBACK_LAYOUT = """
CREATE TABLE feedback (
    seq INTEGER PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE INDEX feedback_by_conversation ON feedback (conversation_id, seq);
"""
OLD_LAYOUTS = {
    "data-in-the-middle": """
CREATE TABLE conversations (
    id TEXT PRIMARY KEY NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX conversations_by_updated_at ON conversations (updated_at);
""",
    "no-touched": """
CREATE TABLE conversations (
    id TEXT PRIMARY KEY NOT NULL,
    version INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX conversations_by_updated_at ON conversations (updated_at);
""",
}

# Runs in another process: holds the writers' lock of a file until told to let go.
HOLD_WRITER_LOCK_SCRIPT = """
import fcntl, sys
with open(sys.argv[1] + ".lock", "a+") as lock:
    fcntl.flock(lock, fcntl.LOCK_EX)
    print("ready", flush=True)
    sys.stdin.readline()
"""


@pytest.mark.parametrize("layout", OLD_LAYOUTS)
def test_a_file_in_an_old_layout_is_rebuilt_with_nothing_lost(database: str, layout: str) -> None:
    now = time.time()
    conversation_id = "A" * 24
    with closing(sqlite3.connect(database)) as connection, connection:
        connection.executescript(OLD_LAYOUTS[layout] + FEEDBACK_LAYOUT)
        connection.execute(
            "INSERT INTO conversations (id, version, data, created_at, updated_at)"
            " VALUES (?, 3, '{\"turn\": 3}', ?, ?)",
            (conversation_id, now - 60, now),
        )
        connection.execute(
            "INSERT INTO feedback (conversation_id, body, created_at) VALUES (?, 'kept', ?)",
            (conversation_id, now),
        )

    store = SqliteStore(database, ttl_seconds=HOUR)
    try:
        stored = store.get(conversation_id)
        assert stored is not None
        assert (stored.version, stored.data) == (3, b'{"turn": 3}')  # TEXT, read as bytes
        assert store.feedback(conversation_id) == ["kept"]
        assert store.update(conversation_id, b'{"turn": 4}', 3).version == 4
    finally:
        store.close()
    with closing(sqlite3.connect(database)) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(conversations)")]
        indexes = {row[1] for row in connection.execute("PRAGMA index_list(conversations)")}
        (integrity,) = connection.execute("PRAGMA integrity_check").fetchone()
    assert columns == ["id", "version", "created_at", "updated_at", "touched", "data"]
    assert "conversations_by_touched" in indexes and "conversations_by_updated_at" not in indexes
    assert integrity == "ok"


def test_a_writer_waits_for_the_writers_lock_and_then_writes(
    real_time_store: SqliteStore, database: str
) -> None:
    created = real_time_store.create(b"{}")
    with _run_script(HOLD_WRITER_LOCK_SCRIPT, database, piped=True) as holder:
        _wait_until_ready(holder)
        released = time.monotonic() + 0.3
        threading.Timer(0.3, _say_go, (holder,)).start()
        real_time_store.update(created.id, b'{"after": "the holder"}', expected_version=1)
        assert time.monotonic() >= released - 0.01
        assert holder.wait(timeout=10) == 0
    stored = real_time_store.get(created.id)
    assert stored is not None and stored.data == b'{"after": "the holder"}'


def test_the_log_is_copied_back_in_the_background(
    real_time_store: SqliteStore, database: str
) -> None:
    """A few hundred pages are far below the writers' own checkpoint, yet the log gets copied."""
    created = real_time_store.create(b"{}")
    version = created.version
    writes = CHECKPOINT_EVERY + 20
    for n in range(writes):
        version = real_time_store.update(
            created.id, f"{n:03d}".encode() + b"x" * 2_000, version
        ).version
    checkpointer = real_time_store._checkpointer
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        last = checkpointer.last
        if last is not None and last[1] >= 100 and last[2] == last[1]:
            break
        time.sleep(0.02)
    else:
        pytest.fail(f"no complete background checkpoint: {checkpointer.last}")
    stored = real_time_store.get(created.id)
    assert stored is not None and stored.data.startswith(f"{writes - 1:03d}".encode())
    real_time_store.close()
    assert not checkpointer.running


def _run_script(script: str, *arguments: str, piped: bool = False) -> subprocess.Popen[str]:
    environment = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    stream = subprocess.PIPE if piped else subprocess.DEVNULL
    return subprocess.Popen(
        [sys.executable, "-c", script, *arguments],
        env=environment,
        stdin=stream,
        stdout=stream,
        text=True,
    )


def _wait_until_ready(writer: subprocess.Popen[str]) -> None:
    assert writer.stdout is not None
    assert writer.stdout.readline() == "ready\n"


def _say_go(writer: subprocess.Popen[str]) -> None:
    assert writer.stdin is not None
    writer.stdin.write("go\n")
    writer.stdin.close()


def _output(writer: subprocess.Popen[str]) -> str:
    assert writer.stdout is not None
    output = writer.stdout.read()
    writer.wait(timeout=60)
    return output


def _wait_for_versions(writer: subprocess.Popen[str], versions: int) -> None:
    assert writer.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = writer.stdout.readline()
        assert line, "the writer stopped before it was killed"
        if int(line) >= versions:
            return
    pytest.fail("the writer was too slow")
