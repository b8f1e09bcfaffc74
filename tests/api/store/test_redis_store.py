"""What only the Redis store promises: server-side expiry, sharing, and failing cleanly."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
import redis

from api.store import ConversationNotFound, StoreUnavailable, VersionConflict, open_store
from api.store.redis import RedisStore, conversation_key, feedback_key, messages_key
from tests.api.store.fakes import TTL_SECONDS
from tests.redis_server import start_redis_server

pytestmark = pytest.mark.redis


@pytest.fixture
def client(redis_url: str) -> Iterator[redis.Redis]:
    connection = redis.Redis.from_url(redis_url, decode_responses=True)
    yield connection
    connection.close()


@pytest.fixture
def real_time_store(redis_url: str) -> Iterator[RedisStore]:
    store = RedisStore.from_url(redis_url, ttl_seconds=TTL_SECONDS)
    yield store
    store.close()


def test_conversation_is_a_hash_and_a_list_under_the_prefix(
    real_time_store: RedisStore, client: redis.Redis
) -> None:
    created = real_time_store.create(b'{"turn": 1}', [b'"hello"'])

    fields = client.hgetall(f"oomguide:conv:{{{created.id}}}")

    assert fields["state"] == '{"turn": 1}'
    assert fields["version"] == "1"
    assert client.lrange(f"oomguide:messages:{{{created.id}}}", 0, -1) == ['"hello"']
    assert 0 < client.ttl(conversation_key(created.id)) <= TTL_SECONDS
    assert 0 < client.ttl(messages_key(created.id)) <= TTL_SECONDS


def test_update_refreshes_the_expiry_of_every_key(
    real_time_store: RedisStore, client: redis.Redis
) -> None:
    created = real_time_store.create(b"{}", [b"1"])
    real_time_store.add_feedback(created.id, '{"helpful": true}')
    keys = [conversation_key(created.id), messages_key(created.id), feedback_key(created.id)]
    for key in keys:
        client.expire(key, 5)

    real_time_store.update(created.id, b"{}", expected_version=1)

    assert [client.ttl(key) > 5 for key in keys] == [True] * 3


def test_feedback_expires_with_its_conversation(
    real_time_store: RedisStore, client: redis.Redis
) -> None:
    created = real_time_store.create(b"{}")
    client.expire(conversation_key(created.id), 7)

    real_time_store.add_feedback(created.id, "{}")

    assert 0 < client.ttl(feedback_key(created.id)) <= 7


def test_the_server_forgets_idle_conversations(redis_url: str, client: redis.Redis) -> None:
    store = RedisStore.from_url(redis_url, ttl_seconds=1)
    try:
        created = store.create(b"{}")
        time.sleep(1.2)

        assert store.get(created.id) is None
        assert client.exists(conversation_key(created.id)) == 0
        with pytest.raises(ConversationNotFound):
            store.update(created.id, b"{}", expected_version=1)
    finally:
        store.close()


def test_stores_on_two_hosts_share_conversations(redis_url: str) -> None:
    first = RedisStore.from_url(redis_url, ttl_seconds=TTL_SECONDS)
    second = RedisStore.from_url(redis_url, ttl_seconds=TTL_SECONDS)
    try:
        created = first.create(b"{}")
        assert second.get(created.id) == created
        second.update(created.id, b'{"by": "second"}', expected_version=1)

        with pytest.raises(VersionConflict):
            first.update(created.id, b'{"by": "first"}', expected_version=1)
    finally:
        first.close()
        second.close()


def test_a_stopped_server_makes_the_store_unavailable() -> None:
    server = start_redis_server()
    store = open_store(database="unused.db", redis_url=server.url, ttl_seconds=TTL_SECONDS)
    try:
        created = store.create(b"{}")
        server.stop()

        with pytest.raises(StoreUnavailable):
            store.check_writable()
        for operation in (
            lambda: store.create(b"{}"),
            lambda: store.get(created.id),
            lambda: store.update(created.id, b"{}", expected_version=1),
            lambda: store.add_feedback(created.id, "{}"),
            lambda: store.feedback(created.id),
        ):
            with pytest.raises(StoreUnavailable) as raised:
                operation()
            assert raised.value.backend == "redis"
    finally:
        store.close()
        server.stop()


def test_an_unreachable_server_is_not_waited_for_again_at_once(redis_url: str) -> None:
    """After a timeout the store stops trying for a moment: its calls fail at once instead of
    each waiting out its own timeout (and the server's event loop with it)."""
    store = RedisStore.from_url(
        redis_url, ttl_seconds=TTL_SECONDS, timeout_seconds=0.2, pause_seconds=0.5
    )
    pauser = redis.Redis.from_url(redis_url)
    try:
        created = store.create(b"{}")
        pauser.client_pause(1500)  # the server answers no client for 1.5 s
        started = time.monotonic()
        with pytest.raises(StoreUnavailable):
            store.get(created.id)
        assert time.monotonic() - started >= 0.2  # this one waited for its timeout

        started = time.monotonic()
        with pytest.raises(StoreUnavailable, match="not tried"):
            store.update(created.id, b"{}", expected_version=1)
        with pytest.raises(StoreUnavailable, match="not tried"):
            store.check_writable()
        assert time.monotonic() - started < 0.1

        pauser.client_unpause()
        _wait_until_writable(store)  # the store tries again once its own pause is over
        assert store.get(created.id) == created
    finally:
        pauser.client_unpause()
        pauser.close()
        store.close()


def _wait_until_writable(store: RedisStore) -> None:
    deadline = time.monotonic() + 10
    while True:
        try:
            store.check_writable()
            return
        except StoreUnavailable:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
