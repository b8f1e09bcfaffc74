"""Conversations stored by release 0.1 are moved to the current layout once, with nothing lost.

``fixtures/release-0.1.db`` and the Redis keys in ``fixtures/release-0.1.json`` were written by
release 0.1's own store code; the JSON also holds what release 0.1 read back from them.
"""

from __future__ import annotations

import base64
import json
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
import redis

from api.service.conversations import ConversationService
from api.store import ConversationStore, open_store
from api.store.redis import conversation_key, messages_key
from engine.engine import Engine
from engine.state import MAX_TRANSCRIPT, Reply
from kb.schema import KnowledgeBase
from locales import Catalog

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RELEASE_0_1 = json.loads((FIXTURES / "release-0.1.json").read_text())
FOREVER = 10**9  # the fixtures' conversations must not expire while they are tested


@pytest.fixture
def engine(loaded_kb: tuple[KnowledgeBase, Catalog]) -> Engine:
    return Engine(*loaded_kb, "/guide")


def _assert_as_release_0_1_read_them(
    store: ConversationStore, engine: Engine, expected: dict[str, Any]
) -> None:
    service = ConversationService(engine, store)
    for conversation_id, before in expected.items():
        conversation = service.get(conversation_id)
        assert conversation.version == before["version"]
        assert json.loads(conversation.state.model_dump_json()) == before["state"]
        assert store.feedback(conversation_id) == before["feedback"]


def _reply_still_works(store: ConversationStore, engine: Engine, conversation_id: str) -> None:
    service = ConversationService(engine, store)
    before = service.get(conversation_id).state
    service.reply(conversation_id, Reply(text="still OOM"))
    after = service.get(conversation_id).state
    assert after.turn == before.turn + 1
    user, bot = after.transcript[-2:]
    assert after.transcript == [*before.transcript, user, bot][-MAX_TRANSCRIPT:]
    assert (user.role, bot.role, bot.turn) == ("user", "bot", after.turn)


def _read_then_continued(store: ConversationStore, engine: Engine, backend: str) -> None:
    """Every conversation reads as release 0.1 read it, and the longest takes one more turn."""
    expected = RELEASE_0_1[backend]
    try:
        _assert_as_release_0_1_read_them(store, engine, expected)
        _reply_still_works(store, engine, max(expected, key=lambda c: expected[c]["version"]))
    finally:
        store.close()


@pytest.fixture
def release_db(tmp_path: Path) -> str:
    database = tmp_path / "oomguide.db"
    shutil.copy(FIXTURES / "release-0.1.db", database)
    return str(database)


def test_a_sqlite_file_of_release_0_1_is_moved_with_nothing_lost(
    release_db: str, engine: Engine
) -> None:
    _read_then_continued(
        open_store(database=release_db, redis_url=None, ttl_seconds=FOREVER), engine, "sqlite"
    )
    with closing(sqlite3.connect(release_db)) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        (integrity,) = connection.execute("PRAGMA integrity_check").fetchone()
    assert "conversations" not in tables and {"conversation", "message"} <= tables
    assert integrity == "ok"


def test_the_move_happens_once(release_db: str, engine: Engine) -> None:
    first = open_store(database=release_db, redis_url=None, ttl_seconds=FOREVER)
    conversation_id = next(iter(RELEASE_0_1["sqlite"]))
    ConversationService(engine, first).reply(conversation_id, Reply(text="batch 2"))
    first.close()
    second = open_store(database=release_db, redis_url=None, ttl_seconds=FOREVER)
    try:
        stored = second.get(conversation_id)
        assert stored is not None
        assert stored.version == RELEASE_0_1["sqlite"][conversation_id]["version"] + 1
    finally:
        second.close()


# The two older layouts release 0.1 still read (and rebuilt), with records written as text: one
# JSON object with the transcript inside, or the state's line followed by one line per entry.
OLDER_LAYOUTS = {
    "data-in-the-middle": """
CREATE TABLE conversations (
    id TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL,
    created_at REAL NOT NULL, updated_at REAL NOT NULL
);""",
    "no-touched": """
CREATE TABLE conversations (
    id TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL, created_at REAL NOT NULL,
    updated_at REAL NOT NULL, data TEXT NOT NULL
);""",
}
OLD_FEEDBACK = """
CREATE TABLE feedback (
    seq INTEGER PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE INDEX feedback_by_conversation ON feedback (conversation_id, seq);
"""


def _text_record(state: dict[str, Any], as_lines: bool) -> str:
    if not as_lines:
        return json.dumps(state)
    head = {k: v for k, v in state.items() if k != "transcript"}
    return "\n".join([json.dumps(head), *(json.dumps(e) for e in state["transcript"])])


@pytest.mark.parametrize("layout", OLDER_LAYOUTS)
def test_an_older_layout_with_text_records_is_moved_with_nothing_lost(
    tmp_path: Path, engine: Engine, layout: str
) -> None:
    database = str(tmp_path / "old.db")
    expected = RELEASE_0_1["sqlite"]
    with closing(sqlite3.connect(database)) as connection, connection:
        connection.executescript(OLDER_LAYOUTS[layout] + OLD_FEEDBACK)
        for n, (cid, before) in enumerate(expected.items()):
            connection.execute(
                "INSERT INTO conversations (id, version, data, created_at, updated_at)"
                " VALUES (?, ?, ?, 1e9, 1e9)",
                (cid, before["version"], _text_record(before["state"], as_lines=n % 2 == 1)),
            )
            for body in before["feedback"]:
                connection.execute(
                    "INSERT INTO feedback (conversation_id, body, created_at) VALUES (?, ?, 1e9)",
                    (cid, body),
                )
    store = open_store(database=database, redis_url=None, ttl_seconds=FOREVER)
    try:
        _assert_as_release_0_1_read_them(store, engine, expected)
    finally:
        store.close()


@pytest.fixture
def redis_client(redis_url: str) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


def _restore(client: redis.Redis, key: str) -> None:
    """A key as release 0.1 left it in Redis."""
    entry = RELEASE_0_1["redis_keys"][key]
    if entry["type"] == "hash":
        client.hset(key, mapping={k: base64.b64decode(v) for k, v in entry["value"].items()})
    else:
        client.rpush(key, *(base64.b64decode(v) for v in entry["value"]))
    client.expire(key, 3600)


@pytest.mark.redis
def test_redis_keys_of_release_0_1_are_moved_when_read_with_nothing_lost(
    redis_url: str, redis_client: redis.Redis, engine: Engine
) -> None:
    for key in RELEASE_0_1["redis_keys"]:
        _restore(redis_client, key)
    _read_then_continued(
        open_store(database="unused.db", redis_url=redis_url, ttl_seconds=FOREVER), engine, "redis"
    )
    for conversation_id in RELEASE_0_1["redis"]:
        fields = redis_client.hgetall(conversation_key(conversation_id))
        assert b"data" not in fields and b"state" in fields
        assert redis_client.ttl(messages_key(conversation_id)) > 0


@pytest.mark.redis
def test_a_release_0_1_record_written_before_it_is_read_is_moved_first(
    redis_url: str, redis_client: redis.Redis
) -> None:
    conversation_id, before = next(iter(RELEASE_0_1["redis"].items()))
    _restore(redis_client, conversation_key(conversation_id))
    store = open_store(database="unused.db", redis_url=redis_url, ttl_seconds=FOREVER)
    try:
        store.update(conversation_id, b'{"locale": "en"}', before["version"], [b"{}"])
        stored = store.get(conversation_id, messages=True)
        assert stored is not None and stored.version == before["version"] + 1
        kept = len(before["state"]["transcript"]) + 1
        assert len(stored.messages) == min(kept, MAX_TRANSCRIPT)
    finally:
        store.close()
