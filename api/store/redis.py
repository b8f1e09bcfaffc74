"""Conversations in Redis, shared by every API process on every host.

A conversation is a hash that expires after `ttl` idle seconds; its feedback is a list that
expires with it. The braces in the keys are a hash tag: both keys of one conversation land on
the same cluster slot, which the scripts touching both need.

The client is synchronous: a command is a fraction of a millisecond, less than handing it to a
thread would cost. When Redis cannot be reached, though, a command waits for its timeout, and the
server's event loop with it. So after a failed connection or a timeout the store stops trying for
a few seconds (a circuit breaker): its calls fail at once with StoreUnavailable (503), and the
routes that need no store (diagnoses, config checks, the guide) answer as usual. Then one call
tries again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar, cast

import pybreaker
import redis
from redis.commands.core import Script

from api.store.errors import ConversationNotFound, StoreUnavailable, VersionConflict
from api.store.model import (
    StoredConversation,
    check_data_size,
    check_feedback_size,
    is_conversation_id,
    new_conversation_id,
)

BACKEND = "redis"
_CONNECT_TIMEOUT_SECONDS = 2.0
_SOCKET_TIMEOUT_SECONDS = 5.0
# How long the store stops trying after Redis could not be reached.
PAUSE_AFTER_FAILURE_SECONDS = 5.0
T = TypeVar("T")

# The clock is the caller's, not Redis's: an injected clock expires a conversation the same way
# as in SQLite, and EXPIRE is what actually frees the memory.
_COMPARE_AND_SET = """
local current = redis.call('HMGET', KEYS[1], 'version', 'updated_at', 'created_at')
if not current[1] or tonumber(ARGV[3]) - tonumber(current[2]) > tonumber(ARGV[4]) then
    return {'missing'}
end
if current[1] ~= ARGV[1] then
    return {'conflict', current[1]}
end
local version = tostring(tonumber(current[1]) + 1)
redis.call('HSET', KEYS[1], 'data', ARGV[2], 'version', version, 'updated_at', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[4])
return {'updated', version, current[3]}
"""

_ADD_FEEDBACK = """
local updated_at = redis.call('HGET', KEYS[1], 'updated_at')
if not updated_at or tonumber(ARGV[2]) - tonumber(updated_at) > tonumber(ARGV[3]) then
    return 0
end
redis.call('RPUSH', KEYS[2], ARGV[1])
local remaining = redis.call('PTTL', KEYS[1])
if remaining > 0 then
    redis.call('PEXPIRE', KEYS[2], remaining)
end
return 1
"""


def conversation_key(conversation_id: str) -> str:
    return f"oomguide:conv:{{{conversation_id}}}"


def feedback_key(conversation_id: str) -> str:
    return f"oomguide:feedback:{{{conversation_id}}}"


class RedisStore:
    """A ConversationStore over Redis; one client (and its connection pool) for all threads.

    The client must leave responses as bytes (as `from_url` sets up): a record is binary.
    """

    def __init__(
        self,
        client: redis.Redis,
        *,
        ttl_seconds: int,
        clock: Callable[[], float] = time.time,
        pause_seconds: float = PAUSE_AFTER_FAILURE_SECONDS,
    ) -> None:
        self._client = client
        self._ttl = ttl_seconds
        self._clock = clock
        self._compare_and_set: Script = client.register_script(_COMPARE_AND_SET)
        self._add_feedback: Script = client.register_script(_ADD_FEEDBACK)
        # Only an unreachable server pauses the store, not an error in one command.
        self._breaker = pybreaker.CircuitBreaker(
            fail_max=1,
            reset_timeout=pause_seconds,
            exclude=[lambda error: not isinstance(error, _UNREACHABLE)],
            throw_new_error_on_trip=False,
        )

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        ttl_seconds: int,
        clock: Callable[[], float] = time.time,
        timeout_seconds: float = _SOCKET_TIMEOUT_SECONDS,
        pause_seconds: float = PAUSE_AFTER_FAILURE_SECONDS,
    ) -> RedisStore:
        client = redis.Redis.from_url(
            url,
            socket_connect_timeout=min(_CONNECT_TIMEOUT_SECONDS, timeout_seconds),
            socket_timeout=timeout_seconds,
        )
        return cls(client, ttl_seconds=ttl_seconds, clock=clock, pause_seconds=pause_seconds)

    def create(self, data: bytes) -> StoredConversation:
        check_data_size(data)
        now = self._clock()
        stored = StoredConversation(new_conversation_id(), 1, data, now, now)
        pipeline = self._client.pipeline(transaction=True)
        pipeline.hset(
            conversation_key(stored.id),
            mapping={"data": data, "version": 1, "created_at": now, "updated_at": now},
        )
        pipeline.expire(conversation_key(stored.id), self._ttl)
        self._call(pipeline.execute)
        return stored

    def get(self, conversation_id: str) -> StoredConversation | None:
        if not is_conversation_id(conversation_id):
            return None
        fields = cast(
            dict[bytes, bytes], self._call(self._client.hgetall, conversation_key(conversation_id))
        )
        if not fields:
            return None
        stored = StoredConversation(
            id=conversation_id,
            version=int(fields[b"version"]),
            data=fields[b"data"],
            created_at=float(fields[b"created_at"]),
            updated_at=float(fields[b"updated_at"]),
        )
        return None if self._clock() - stored.updated_at > self._ttl else stored

    def update(
        self, conversation_id: str, data: bytes, expected_version: int
    ) -> StoredConversation:
        check_data_size(data)
        if not is_conversation_id(conversation_id):
            raise ConversationNotFound(conversation_id)
        now = self._clock()
        keys = [conversation_key(conversation_id), feedback_key(conversation_id)]
        arguments: list[bytes | str] = [str(expected_version), data, repr(now), str(self._ttl)]
        reply: list[bytes] = self._call(self._compare_and_set, keys=keys, args=arguments)
        if reply[0] == b"missing":
            raise ConversationNotFound(conversation_id)
        if reply[0] == b"conflict":
            raise VersionConflict(conversation_id, expected_version, int(reply[1]))
        return StoredConversation(conversation_id, int(reply[1]), data, float(reply[2]), now)

    def add_feedback(self, conversation_id: str, feedback: str) -> None:
        check_feedback_size(feedback)
        if not is_conversation_id(conversation_id):
            raise ConversationNotFound(conversation_id)
        keys = [conversation_key(conversation_id), feedback_key(conversation_id)]
        arguments = [feedback, repr(self._clock()), str(self._ttl)]
        added: int = self._call(self._add_feedback, keys=keys, args=arguments)
        if not added:
            raise ConversationNotFound(conversation_id)

    def feedback(self, conversation_id: str) -> list[str]:
        if not is_conversation_id(conversation_id):
            return []
        entries = cast(
            list[bytes], self._call(self._client.lrange, feedback_key(conversation_id), 0, -1)
        )
        return [entry.decode() for entry in entries]

    def ping(self) -> bool:
        try:
            return bool(self._call(self._client.ping))
        except StoreUnavailable:
            return False

    def close(self) -> None:
        self._client.close()

    def _call(self, command: Callable[..., T], *args: object, **kwargs: object) -> T:
        try:
            return self._breaker.call(command, *args, **kwargs)
        except pybreaker.CircuitBreakerError:
            raise StoreUnavailable(
                BACKEND, "not tried: Redis could not be reached a moment ago"
            ) from None
        except redis.RedisError as error:
            raise StoreUnavailable(BACKEND, str(error)) from error


_UNREACHABLE = (redis.ConnectionError, redis.TimeoutError)
