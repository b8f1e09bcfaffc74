"""A store that waits (another process holds SQLite's write lock, Redis answers nobody) fails the
requests that need it with 503, and no other request waits with them."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.faults import redis_stopped, sqlite_write_lock_held
from tests.redis_server import RedisServer, start_redis_server
from tests.server import start_server

OPENING = {"locale": "en", "text": "help, out of memory"}
DIAGNOSE = {"locale": "en", "text": "GC off, Z-Image OOM at step 2"}


def _start(client: TestClient | httpx.Client) -> str:
    response = client.post("/v1/conversations", json=OPENING)
    assert response.status_code == 201, response.text
    conversation_id: str = response.json()["conversation_id"]
    return conversation_id


def _stateless_routes_answer(client: TestClient | httpx.Client) -> None:
    assert client.get("/healthz").status_code == 200
    assert client.post("/v1/diagnose", json=DIAGNOSE).status_code == 200
    config = "job: extension\nconfig:\n  process:\n    - type: sd_trainer\n"
    assert client.post("/v1/configs/check", json={"config": config}).status_code == 200


def _unavailable(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"] == "application/problem+json"


def test_a_held_sqlite_lock_is_a_503_on_store_routes_only(
    make_client: Callable[..., TestClient], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    database = str(tmp_path / "locked.db")
    client = make_client(database=database, store_timeout=0.2)
    conversation_id = _start(client)
    with sqlite_write_lock_held(database), caplog.at_level(logging.WARNING, "oomguide.errors"):
        _unavailable(
            client.post(f"/v1/conversations/{conversation_id}/replies", json={"text": "4"})
        )
        _unavailable(client.post("/v1/conversations", json=OPENING))
        ready = client.get("/readyz")
        assert ready.status_code == 503 and "cannot be used" in ready.json()["reason"]
        assert "locked" in caplog.text  # the detail is logged, not answered
        _stateless_routes_answer(client)
    assert client.get("/readyz").json() == {"status": "ready", "store": "sqlite", "reason": None}
    reply = client.post(f"/v1/conversations/{conversation_id}/replies", json={"text": "4"})
    assert reply.status_code == 200, reply.text


@pytest.mark.redis
def test_a_stopped_redis_is_a_503_on_store_routes_only(
    make_client: Callable[..., TestClient], redis_url: str, redis_server: RedisServer
) -> None:
    client = make_client(redis_url=redis_url, store_timeout=0.2, rate_limit=1000)
    conversation_id = _start(client)
    with redis_stopped(redis_server):
        _unavailable(
            client.post(f"/v1/conversations/{conversation_id}/replies", json={"text": "4"})
        )
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["store"] == "redis"
        _stateless_routes_answer(client)  # the rate limiter, on the same Redis, lets them by


@pytest.fixture
def in_flight() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        yield pool


def _reply_in_flight(
    pool: ThreadPoolExecutor, base: str, conversation_id: str
) -> Future[httpx.Response]:
    url = f"{base}/v1/conversations/{conversation_id}/replies"
    return pool.submit(httpx.post, url, json={"text": "4"}, timeout=60)


@pytest.mark.server
def test_a_request_waiting_for_the_sqlite_lock_holds_up_no_other(
    tmp_path: Path, in_flight: ThreadPoolExecutor
) -> None:
    database = str(tmp_path / "db.sqlite")
    env = {"OOMGUIDE_DATABASE": database, "OOMGUIDE_STORE_TIMEOUT": "30"}
    with start_server(env, tmp_path) as server, httpx.Client(base_url=server.url) as client:
        conversation_id = _start(client)
        with sqlite_write_lock_held(database):
            waiting = _reply_in_flight(in_flight, server.url, conversation_id)
            _stateless_routes_answer(client)
            assert not waiting.done()  # it cannot finish while the lock is held
        assert waiting.result().status_code == 200


@pytest.mark.server
@pytest.mark.redis
def test_a_request_waiting_for_redis_holds_up_no_other(
    tmp_path: Path, redis_url: str, redis_server: RedisServer, in_flight: ThreadPoolExecutor
) -> None:
    env = {
        "OOMGUIDE_REDIS_URL": redis_url,
        "OOMGUIDE_DATABASE": str(tmp_path / "unused.db"),
        "OOMGUIDE_STORE_TIMEOUT": "30",
    }
    with start_server(env, tmp_path) as server, httpx.Client(base_url=server.url) as client:
        conversation_id = _start(client)
        with redis_stopped(redis_server):
            waiting = _reply_in_flight(in_flight, server.url, conversation_id)
            _stateless_routes_answer(client)
            assert not waiting.done()  # it cannot finish while Redis answers nobody
        assert waiting.result().status_code == 200


@pytest.mark.redis
def test_a_503_never_tells_the_client_an_internal_address(
    make_client: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    with start_redis_server() as gone:
        url, port = gone.url, gone.url.rsplit(":", 1)[1].split("/")[0]
    client = make_client(redis_url=url, store_timeout=0.5)

    with caplog.at_level(logging.WARNING, "oomguide.errors"):
        answers = [
            client.post("/v1/conversations", json=OPENING),
            client.get("/v1/conversations/k3Vq0n9xZbY2r8TfLw1aPc5d"),
            client.get("/readyz"),
        ]

    for answer in answers:
        assert answer.status_code == 503, answer.text
        assert "127.0.0.1" not in answer.text and port not in answer.text
        assert "redis store cannot be used right now" in answer.text
    assert port in caplog.text  # the detail is for the operator


def test_access_logs_shorten_conversation_ids(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, "oomguide.access"):
        conversation_id = _start(client)
        client.get(f"/v1/conversations/{conversation_id}")
        client.post(f"/v1/conversations/{conversation_id}/replies", json={"text": "4"})

    assert conversation_id not in caplog.text
    assert f"/v1/conversations/{conversation_id[:6]}…/replies" in caplog.text
