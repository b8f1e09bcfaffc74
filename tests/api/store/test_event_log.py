"""The event log in both stores, read raw: what is kept, masked, and gone after its time."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient

from api.service.redact import MAX_KEPT_CHARS, mask
from api.store.events import Event, EventLog, KeptText
from api.store.events_redis import EVENTS_KEY, PER_ENTRY, TEXTS_KEY, RedisEventLog
from api.store.events_sqlite import SqliteEventLog

ClientFactory = Callable[..., TestClient]
TOKEN = "t0ken-for-tests"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
SECRET_WORDS = "zebra quokka marmalade"


def _event(cid: str, kind: str, at: float, **data: Any) -> Event:
    return Event(cid, kind, at, data)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("write to ana.souza+oom@example.com.br please", "write to [email] please"),
        ("see https://github.com/ostris/ai-toolkit/issues/1?x=1 now", "see [url] now"),
        ("token xoxb-123456789012-abcdefABCDEF here", "token [token] here"),
        ("my key hf_AbCdEfGhIjKlMnOpQrStUv", "my key [token]"),
        ("Authorization: Bearer abc.def.ghi", "Authorization: Bearer [token]"),
        ("sha 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c", "sha [hex]"),
        ("id Ab3dEf6hIj9kLm2nOp5qRs8tUv", "id [token]"),
        ("batch 4 at 1024 on a 4090", "batch 4 at 1024 on a 4090"),
    ],
)
def test_a_kept_text_is_masked(text: str, kept: str) -> None:
    assert mask(text) == kept


def test_a_kept_text_is_trimmed_after_masking() -> None:
    words = "hello " * 82  # 492 characters, and then a URL that would be cut at 500
    assert mask(words + "https://example.com/" + "x" * 600) == words + "[url]"
    assert len(mask("word " * 400)) == MAX_KEPT_CHARS


def _logs(tmp_path: Path, redis_url: str | None) -> EventLog:
    if redis_url:
        return RedisEventLog.from_url(redis_url)
    return SqliteEventLog(str(tmp_path / "events.db"))


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def event_log(request: pytest.FixtureRequest, tmp_path: Path) -> EventLog:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    return _logs(tmp_path, url)


def test_events_come_back_in_order_from_the_period(event_log: EventLog) -> None:
    now = time.time()
    turns: Sequence[Event] = [
        _event("c1", "started", now - 100, channel="rest"),
        _event("c1", "asked", now - 100, node="q_gc", fact="gc"),
        _event("c1", "reply", now - 50, node="q_gc"),
        _event("c1", "answer", now - 50, node="a_enable_gc", codes=["enable_gc"]),
    ]
    event_log.append(turns)
    assert list(event_log.events(now - 1000)) == list(turns)
    assert [e.kind for e in event_log.events(now - 60)] == ["reply", "answer"]


@pytest.mark.redis
def test_redis_writes_a_batch_as_few_entries_and_still_reads_the_older_one_per_event(
    redis_url: str,
) -> None:
    client = redis.Redis.from_url(redis_url)
    client.delete(EVENTS_KEY)
    now = time.time()
    # as earlier releases wrote them: one entry per event
    client.xadd(EVENTS_KEY, {"c": "old", "k": "started", "at": repr(now - 10), "d": '{"x":1}'})
    log = RedisEventLog(client)
    batch = [_event(f"c{i}", "asked", now, node="q_gc", fact="gc") for i in range(PER_ENTRY + 1)]
    log.append(batch)
    assert client.xlen(EVENTS_KEY) == 1 + 2  # the old entry, then the batch in two
    assert list(log.events(now - 100)) == [_event("old", "started", now - 10, x=1), *batch]


def test_a_text_is_gone_once_its_time_is_up(event_log: EventLog, tmp_path: Path) -> None:
    now = time.time()
    event_log.append(
        [_event("c1", "started", now)],
        [
            KeptText("c1", now - 20, "misread", "old words", now - 10),
            KeptText("c1", now, "misread", "new words", now + 60),
        ],
    )
    assert [t.text for t in event_log.texts(0, now)] == ["new words"]
    assert "old words" not in _raw(event_log, tmp_path)
    assert "new words" in _raw(event_log, tmp_path)
    event_log.purge_texts(now + 61)
    assert "new words" not in _raw(event_log, tmp_path)


def _raw(event_log: EventLog, tmp_path: Path) -> str:
    """Everything the log holds, as the store holds it."""
    if isinstance(event_log, SqliteEventLog):
        with sqlite3.connect(tmp_path / "events.db") as connection:
            rows = [
                *connection.execute("SELECT * FROM event").fetchall(),
                *connection.execute("SELECT * FROM event_text").fetchall(),
            ]
        return repr(rows)
    assert isinstance(event_log, RedisEventLog)
    client = event_log._client
    return repr([client.xrange(EVENTS_KEY), client.xrange(TEXTS_KEY)])


def _converse(client: TestClient) -> None:
    turn = client.post("/v1/conversations", json={"locale": "en", "text": SECRET_WORDS}).json()
    cid = turn["conversation_id"]
    client.post(f"/v1/conversations/{cid}/replies", json={"text": SECRET_WORDS})
    client.post(f"/v1/conversations/{cid}/feedback", json={"helpful": False, "comment": "meh"})
    client.app.state.context.insights.writer.flush()  # type: ignore[attr-defined]


def _raw_store(database: str, redis_url: str | None) -> str:
    if redis_url:
        client = redis.Redis.from_url(redis_url)
        try:
            return repr([client.xrange(EVENTS_KEY), client.xrange(TEXTS_KEY)])
        finally:
            client.close()
    with sqlite3.connect(database) as connection:
        rows = [
            *connection.execute("SELECT * FROM event").fetchall(),
            *connection.execute("SELECT * FROM event_text").fetchall(),
        ]
    return repr(rows)


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def backend_url(request: pytest.FixtureRequest) -> str | None:
    url: str | None = request.getfixturevalue("redis_url") if request.param == "redis" else None
    return url


def test_with_none_no_user_text_is_anywhere_in_the_log(
    make_client: ClientFactory, make_settings: Callable[..., Any], backend_url: str | None
) -> None:
    client = make_client(keep_texts="none", redis_url=backend_url)
    _converse(client)
    raw = _raw_store(make_settings().database, backend_url)
    assert "started" in raw
    assert "zebra" not in raw
    assert "meh" not in raw


def test_with_unread_only_the_misread_messages_are_kept(
    make_client: ClientFactory, make_settings: Callable[..., Any], backend_url: str | None
) -> None:
    client = make_client(keep_texts="unread", redis_url=backend_url)
    _converse(client)
    raw = _raw_store(make_settings().database, backend_url)
    assert raw.count("zebra") == 2  # the opening and the reply: nothing was read from either
    assert "meh" not in raw


def test_with_all_every_message_and_comment_is_kept(
    make_client: ClientFactory, make_settings: Callable[..., Any], backend_url: str | None
) -> None:
    client = make_client(keep_texts="all", redis_url=backend_url)
    client.post("/v1/conversations", json={"locale": "en", "text": "z-image OOM, GC off"})
    _converse(client)
    raw = _raw_store(make_settings().database, backend_url)
    assert "z-image OOM" in raw
    assert "meh" in raw


def test_a_kept_text_is_gone_after_the_retention_period(
    make_client: ClientFactory, make_settings: Callable[..., Any], backend_url: str | None
) -> None:
    client = make_client(admin_token=TOKEN, text_retention=1, redis_url=backend_url)
    _converse(client)
    assert client.get("/v1/analytics", headers=AUTH).json()["misread"]
    time.sleep(1.2)
    data = client.get("/v1/analytics", headers=AUTH).json()
    assert data["misread"] == []
    assert data["misread_messages"] == 2  # counted still: the event holds no text
    assert "zebra" not in _raw_store(make_settings().database, backend_url)


class _Broken:
    backend = "broken"

    def append(self, events: Sequence[Event], texts: Sequence[KeptText] = ()) -> None:
        raise OSError("disk full")

    def purge_texts(self, now: float) -> None:
        raise OSError("disk full")


def test_a_broken_log_fails_no_turn_and_is_counted(make_client: ClientFactory) -> None:
    client = make_client()
    writer = client.app.state.context.insights.writer  # type: ignore[attr-defined]
    writer.log = _Broken()
    response = client.post("/v1/conversations", json={"locale": "en", "text": "help, OOM"})
    assert response.status_code == 201
    assert writer.flush()
    assert writer.failed >= 2
    assert "oomguide_event_log_errors_total 2.0" in client.get("/metrics").text


def test_closing_the_writer_writes_what_is_pending_and_stops_its_thread(tmp_path: Path) -> None:
    from api.service.events import EventWriter, _Batch

    log = SqliteEventLog(str(tmp_path / "events.db"))
    writer = EventWriter(log)
    writer.put(_Batch(events=[_event("c1", "started", time.time(), channel="rest")]))
    writer.close()
    assert writer._thread is not None and not writer._thread.is_alive()
    assert [e.kind for e in log.events(0)] == ["started"]
    # after it is closed, events are refused and counted, never written to a closed log
    writer.put(_Batch(events=[_event("c2", "started", time.time())]))
    assert writer.failed == 1
    assert writer.flush()
    log.close()
