"""The event log in Redis: one capped Stream of events that every API process appends to, and a
second Stream of kept texts, trimmed to the retention period.

A Stream entry holds the events of one write (up to PER_ENTRY of them, as a JSON list): one
command for a batch rather than one per event, which is most of what recording costs a process.
Entries written one event each by earlier releases are read as they are.

Each text carries the time it expires; the expired ones (the oldest, since all live equally
long) are deleted by the recorder's purge (one a minute while the server runs) and before every
read, and the texts Stream itself expires a retention period after its last append, so that no
text outlives its period when nothing is written any more.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TypeVar, cast

import redis

from api.store.errors import StoreUnavailable
from api.store.events import Event, KeptText

BACKEND = "redis"
EVENTS_KEY = "oomguide:events"
TEXTS_KEY = "oomguide:texts"
MAX_EVENTS = 5_000_000  # about 50,000 conversations a day for two weeks; older ones go first
PER_ENTRY = 200  # events in one Stream entry at most
MAX_TEXTS = 100_000
_READ_BATCH = 10_000
T = TypeVar("T")
_Value = bytes | bytearray | memoryview | str | int | float
_Fields = dict[_Value, _Value]
_Entries = list[tuple[bytes, dict[bytes, bytes]]]


class RedisEventLog:
    backend = BACKEND

    def __init__(self, client: redis.Redis, *, max_events: int = MAX_EVENTS) -> None:
        self._client = client
        self._max_events = max_events

    @classmethod
    def from_url(cls, url: str, *, timeout_seconds: float = 2.0) -> RedisEventLog:
        client = redis.Redis.from_url(
            url, socket_connect_timeout=timeout_seconds, socket_timeout=timeout_seconds
        )
        return cls(client)

    def append(self, events: Sequence[Event], texts: Sequence[KeptText] = ()) -> None:
        pipeline = self._client.pipeline(transaction=False)
        entries = max(1, self._max_events // PER_ENTRY)  # the cap, counted in entries
        for first in range(0, len(events), PER_ENTRY):
            chunk = [
                [e.conversation, e.kind, e.at, e.data] for e in events[first : first + PER_ENTRY]
            ]
            fields: _Fields = {"e": _dumps(chunk)}
            pipeline.xadd(EVENTS_KEY, fields, maxlen=entries, approximate=True)
        for t in texts:
            kept: _Fields = {"c": t.conversation, "at": repr(t.at), "r": t.role, "t": t.text}
            kept["x"] = repr(t.expires_at)
            pipeline.xadd(TEXTS_KEY, kept, maxlen=MAX_TEXTS, approximate=True)
        if texts:
            lifetime = max(1, int(max(t.expires_at - t.at for t in texts) + 1))
            pipeline.expire(TEXTS_KEY, lifetime)
        self._run(pipeline.execute)

    def events(self, since: float) -> Iterator[Event]:
        start = f"{max(0, int(since * 1000) - 60_000)}-0"  # entry ids are Redis's clock
        while True:
            read = partial(self._client.xrange, EVENTS_KEY, start, "+", _READ_BATCH)
            entries = cast(_Entries, self._run(read))
            for entry_id, fields in entries:
                yield from (e for e in _events_of(fields) if e.at >= since)
                start = "(" + entry_id.decode()
            if len(entries) < _READ_BATCH:
                return

    def texts(self, since: float, now: float) -> list[KeptText]:
        self.purge_texts(now)
        entries = self._run(lambda: self._client.xrange(TEXTS_KEY, "-", "+"))
        kept = []
        for _, fields in cast(_Entries, entries):
            text = KeptText(
                fields[b"c"].decode(),
                float(fields[b"at"]),
                fields[b"r"].decode(),
                fields[b"t"].decode(),
                float(fields[b"x"]),
            )
            if text.at >= since and text.expires_at > now:
                kept.append(text)
        return kept

    def purge_texts(self, now: float) -> None:
        """Drop every text whose time is up: the oldest first, up to the first still alive."""
        entries = self._run(lambda: self._client.xrange(TEXTS_KEY, "-", "+", 1000))
        last_expired = None
        for entry_id, fields in cast(_Entries, entries):
            if float(fields[b"x"]) > now:
                break
            last_expired = entry_id
        if last_expired is not None:
            self._run(lambda: self._client.xdel(TEXTS_KEY, *_ids_up_to(entries, last_expired)))

    def close(self) -> None:
        self._client.close()

    def _run(self, call: Callable[[], T]) -> T:
        try:
            return call()
        except redis.RedisError as error:
            raise StoreUnavailable(BACKEND, str(error)) from error


def _ids_up_to(entries: object, last: bytes) -> list[bytes]:
    ids = []
    for entry_id, _ in cast(list[tuple[bytes, object]], entries):
        ids.append(entry_id)
        if entry_id == last:
            break
    return ids


def _events_of(fields: dict[bytes, bytes]) -> Iterator[Event]:
    if b"e" in fields:
        for conversation, kind, at, data in json.loads(fields[b"e"]):
            yield Event(conversation, kind, at, data)
    else:  # one event per entry, as earlier releases wrote them
        data = json.loads(fields[b"d"])
        yield Event(fields[b"c"].decode(), fields[b"k"].decode(), float(fields[b"at"]), data)


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
