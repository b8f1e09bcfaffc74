"""What only the SQLite file promises: it outlives the process, crashes and other processes."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, closing
from pathlib import Path

import pytest

import api
from api.store import StoreUnavailable, open_store
from api.store.sqlite import SqliteStore
from tests.api.store.fakes import TTL_SECONDS, FakeClock
from tests.faults import sqlite_write_lock_held

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
        data = json.loads(current.state)
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
    seen = json.loads(final.state)["seen"]
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
        assert json.loads(after.state)["n"] == after.version - 1
        reopened.update(created.id, b"{}", expected_version=after.version)
    finally:
        reopened.close()
    with closing(sqlite3.connect(database)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_create_purges_expired_rows_with_their_messages_and_feedback(database: str) -> None:
    clock = FakeClock()
    store = SqliteStore(database, ttl_seconds=TTL_SECONDS, clock=clock)
    try:
        old = store.create(b"{}", [b"said"])
        store.add_feedback(old.id, "{}")
        clock.advance(TTL_SECONDS + 1)
        assert store.get(old.id) is None
        fresh = store.create(b"{}")
    finally:
        store.close()

    with closing(sqlite3.connect(database)) as connection:
        ids = connection.execute("SELECT id FROM conversation").fetchall()
        messages = connection.execute("SELECT conversation_id FROM message").fetchall()
        feedback = connection.execute("SELECT conversation_id FROM feedback").fetchall()
    assert ids == [(fresh.id,)]
    assert messages == feedback == []


def test_unopenable_file_is_unavailable(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable) as raised:
        open_store(database=str(tmp_path / "missing" / "x.db"), redis_url=None, ttl_seconds=60)
    assert raised.value.backend == "sqlite"


def test_closed_store_is_unavailable(database: str) -> None:
    store = SqliteStore(database, ttl_seconds=HOUR)
    created = store.create(b"{}")
    store.close()

    with pytest.raises(StoreUnavailable):
        store.check_writable()
    with pytest.raises(StoreUnavailable):
        store.get(created.id)


def test_ttl_must_be_positive(database: str) -> None:
    with pytest.raises(ValueError, match="ttl_seconds"):
        open_store(database=database, redis_url=None, ttl_seconds=0)


def test_a_held_write_lock_fails_writes_after_the_timeout_then_they_work_again(
    database: str,
) -> None:
    store = SqliteStore(database, ttl_seconds=HOUR, timeout_seconds=0.2)
    try:
        created = store.create(b"{}")
        with sqlite_write_lock_held(database):
            with pytest.raises(StoreUnavailable, match="locked"):
                store.update(created.id, b'{"n": 1}', expected_version=1)
            with pytest.raises(StoreUnavailable, match="locked"):
                store.check_writable()
            assert store.get(created.id) is not None  # readers are not kept out
        store.check_writable()
        assert store.update(created.id, b'{"n": 1}', expected_version=1).version == 2
    finally:
        store.close()


def test_a_conversation_keeps_its_last_messages(database: str) -> None:
    store = SqliteStore(database, ttl_seconds=HOUR, max_messages=3)
    try:
        created = store.create(b"{}", [b"1", b"2"])
        store.update(created.id, b"{}", 1, [b"3", b"4"])
        stored = store.get(created.id, messages=True)
        assert stored is not None and stored.messages == (b"2", b"3", b"4")
    finally:
        store.close()


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
