"""What every backend promises, run against SQLite and a real redis-server alike."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.store import (
    MAX_DATA_BYTES,
    MAX_FEEDBACK_BYTES,
    MAX_MESSAGES,
    ConversationNotFound,
    ConversationStore,
    PayloadTooLarge,
    StoredConversation,
    VersionConflict,
)
from api.store.model import is_conversation_id, new_conversation_id
from tests.api.store.fakes import TTL_SECONDS, FakeClock

THREADS = 8


def test_create_get_update_round_trip(store: ConversationStore, clock: FakeClock) -> None:
    created = store.create(b'{"turn": 1}')
    assert is_conversation_id(created.id)
    assert created == StoredConversation(created.id, 1, b'{"turn": 1}', clock.now, clock.now)
    assert store.get(created.id) == created

    clock.advance(5)
    updated = store.update(created.id, b'{"turn": 2}', expected_version=1)

    assert updated == StoredConversation(
        created.id, 2, b'{"turn": 2}', created.created_at, created.created_at + 5
    )
    assert store.get(created.id) == updated


def test_ids_are_distinct(store: ConversationStore) -> None:
    ids = {store.create(b"{}").id for _ in range(50)}
    assert len(ids) == 50


def test_stale_version_is_a_conflict(store: ConversationStore) -> None:
    created = store.create(b"{}")
    store.update(created.id, b'{"a": 1}', expected_version=1)

    with pytest.raises(VersionConflict) as raised:
        store.update(created.id, b'{"b": 1}', expected_version=1)

    assert (raised.value.expected_version, raised.value.actual_version) == (1, 2)
    assert _data(store, created.id) == b'{"a": 1}'


def test_racing_updates_of_one_version_let_exactly_one_win(store: ConversationStore) -> None:
    created = store.create(b"{}")
    start = threading.Barrier(THREADS)

    def attempt(worker: int) -> str:
        start.wait()
        try:
            store.update(created.id, json.dumps({"winner": worker}).encode(), expected_version=1)
        except VersionConflict:
            return "conflict"
        return "won"

    with ThreadPoolExecutor(THREADS) as pool:
        outcomes = list(pool.map(attempt, range(THREADS)))

    assert sorted(outcomes) == ["conflict"] * (THREADS - 1) + ["won"]
    final = store.get(created.id)
    assert final is not None
    assert final.version == 2
    assert json.loads(final.state)["winner"] == outcomes.index("won")


def test_read_modify_write_with_retry_loses_nothing(store: ConversationStore) -> None:
    created = store.create(json.dumps({"seen": []}).encode())
    start = threading.Barrier(THREADS)

    def append(worker: int) -> None:
        start.wait()
        _update_with_retry(store, created.id, lambda data: {"seen": [*data["seen"], worker]})

    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(append, range(THREADS)))

    final = store.get(created.id)
    assert final is not None
    assert final.version == THREADS + 1
    assert sorted(json.loads(final.state)["seen"]) == list(range(THREADS))


def test_idle_conversation_expires(store: ConversationStore, clock: FakeClock) -> None:
    created = store.create(b"{}")
    clock.advance(TTL_SECONDS)
    assert store.get(created.id) is not None  # idle for exactly ttl: still there

    clock.advance(0.5)

    assert store.get(created.id) is None
    with pytest.raises(ConversationNotFound):
        store.update(created.id, b"{}", expected_version=1)
    with pytest.raises(ConversationNotFound):
        store.add_feedback(created.id, "{}")


def test_update_keeps_a_conversation_alive(store: ConversationStore, clock: FakeClock) -> None:
    created = store.create(b"{}")
    clock.advance(TTL_SECONDS - 1)
    store.update(created.id, b"{}", expected_version=1)
    clock.advance(TTL_SECONDS - 1)

    alive = store.get(created.id)

    assert alive is not None
    assert alive.version == 2


def test_reads_do_not_keep_a_conversation_alive(store: ConversationStore, clock: FakeClock) -> None:
    created = store.create(b"{}")
    clock.advance(TTL_SECONDS - 1)
    assert store.get(created.id) is not None
    clock.advance(2)

    assert store.get(created.id) is None


MALFORMED_IDS = ["", "x", "../../etc/passwd", "a' OR '1'='1", "*", "oomguide:conv:*", "é" * 24]


@pytest.mark.parametrize("conversation_id", [*MALFORMED_IDS, "a" * 23, "a" * 25, "a" * 10_000])
def test_malformed_ids_are_not_found(store: ConversationStore, conversation_id: str) -> None:
    store.create(b"{}")

    assert store.get(conversation_id) is None
    assert store.feedback(conversation_id) == []
    with pytest.raises(ConversationNotFound):
        store.update(conversation_id, b"{}", expected_version=1)
    with pytest.raises(ConversationNotFound):
        store.add_feedback(conversation_id, "{}")


def test_unknown_well_formed_id_is_not_found(store: ConversationStore) -> None:
    unknown = new_conversation_id()

    assert store.get(unknown) is None
    with pytest.raises(ConversationNotFound) as raised:
        store.update(unknown, b"{}", expected_version=1)
    assert raised.value.conversation_id == unknown


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(conversation_id=st.text(max_size=40))
def test_any_text_as_id_is_just_not_found(store: ConversationStore, conversation_id: str) -> None:
    assert store.get(conversation_id) is None
    with pytest.raises(ConversationNotFound):
        store.update(conversation_id, b"{}", expected_version=1)


def test_feedback_is_kept_in_order(store: ConversationStore) -> None:
    created = store.create(b"{}")
    other = store.create(b"{}")

    store.add_feedback(created.id, '{"helpful": true}')
    store.add_feedback(created.id, '{"helpful": false, "comment": "ainda OOM"}')

    assert store.feedback(created.id) == [
        '{"helpful": true}',
        '{"helpful": false, "comment": "ainda OOM"}',
    ]
    assert store.feedback(other.id) == []


def test_data_at_the_limit_is_accepted(store: ConversationStore) -> None:
    created = store.create(b"x" * MAX_DATA_BYTES)
    store.add_feedback(created.id, "é" * (MAX_FEEDBACK_BYTES // 2))

    assert _data(store, created.id) == b"x" * MAX_DATA_BYTES


def test_data_is_kept_byte_for_byte(store: ConversationStore) -> None:
    """Records are binary (compressed): every byte value, NUL and invalid UTF-8 included."""
    binary = bytes(range(256)) * 4 + b"\xff\xfe\x00\n"
    created = store.create(binary)
    assert _data(store, created.id) == binary

    store.update(created.id, binary[::-1], expected_version=1)

    assert _data(store, created.id) == binary[::-1]


def test_oversized_data_is_rejected(store: ConversationStore) -> None:
    oversized = b"x" * (MAX_DATA_BYTES + 1)
    created = store.create(b"{}")

    with pytest.raises(PayloadTooLarge) as on_create:
        store.create(oversized)
    with pytest.raises(PayloadTooLarge):
        store.update(created.id, oversized, expected_version=1)

    assert on_create.value.limit == MAX_DATA_BYTES
    assert on_create.value.size == len(oversized)
    assert store.get(created.id) == created


def test_oversized_feedback_is_rejected(store: ConversationStore) -> None:
    created = store.create(b"{}")

    with pytest.raises(PayloadTooLarge) as raised:
        store.add_feedback(created.id, "x" * (MAX_FEEDBACK_BYTES + 1))

    assert raised.value.limit == MAX_FEEDBACK_BYTES
    assert store.feedback(created.id) == []


def test_a_store_that_can_be_written_says_so(store: ConversationStore) -> None:
    store.check_writable()


def test_messages_are_appended_in_order_and_read_with_the_state(
    store: ConversationStore,
) -> None:
    created = store.create(b'{"turn": 1}', [b'"user 1"', b'"bot 1"'])
    assert created.messages == ()
    store.update(created.id, b'{"turn": 2}', 1, [b'"user 2"', b'"bot 2"'])
    store.update(created.id, b'{"turn": 3}', 2)

    stored = store.get(created.id, messages=True)
    assert stored is not None and stored.state == b'{"turn": 3}'
    assert stored.messages == (b'"user 1"', b'"bot 1"', b'"user 2"', b'"bot 2"')
    without = store.get(created.id)
    assert without is not None and without.messages == ()


def test_only_the_last_messages_are_kept(store: ConversationStore) -> None:
    created = store.create(b"{}", [str(n).encode() for n in range(MAX_MESSAGES - 1)])
    store.update(created.id, b"{}", 1, [b"a", b"b", b"c"])
    stored = store.get(created.id, messages=True)
    assert stored is not None and len(stored.messages) == MAX_MESSAGES
    assert stored.messages[-3:] == (b"a", b"b", b"c") and stored.messages[0] == b"2"


def test_a_new_conversation_keeps_only_its_last_messages(store: ConversationStore) -> None:
    said = [str(n).encode() for n in range(MAX_MESSAGES + 2)]
    created = store.create(b"{}", said)
    stored = store.get(created.id, messages=True)
    assert stored is not None and stored.messages == tuple(said[-MAX_MESSAGES:])


def test_a_lost_race_appends_no_message(store: ConversationStore) -> None:
    created = store.create(b"{}", [b"first"])
    store.update(created.id, b"{}", 1, [b"won"])
    with pytest.raises(VersionConflict):
        store.update(created.id, b"{}", 1, [b"lost"])
    stored = store.get(created.id, messages=True)
    assert stored is not None and stored.messages == (b"first", b"won")


def _data(store: ConversationStore, conversation_id: str) -> bytes:
    stored = store.get(conversation_id)
    assert stored is not None
    return stored.state


Change = Callable[[dict[str, list[int]]], dict[str, list[int]]]


def _update_with_retry(store: ConversationStore, conversation_id: str, change: Change) -> None:
    while True:
        current = store.get(conversation_id)
        assert current is not None
        try:
            store.update(
                conversation_id,
                json.dumps(change(json.loads(current.state))).encode(),
                current.version,
            )
        except VersionConflict:
            continue
        return
