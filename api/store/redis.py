"""Conversations in Redis, shared by every API process on every host.

A conversation is a hash (its state, version and times) and a capped list of messages, both
expiring after `ttl` idle seconds; its feedback is a list that expires with it. The braces in
the keys are a hash tag: every key of one conversation lands on the same cluster slot, which the
scripts touching several of them need.

The client is synchronous and runs on the store's threads (see api.web.context.StoreCalls). A
command waits at most ``timeout_seconds``; after a failed connection or a timeout the store
stops trying for a few seconds (a circuit breaker), so its calls fail at once with
StoreUnavailable (503) instead of each waiting in turn. Then one call tries again.

A conversation stored by release 0.1 (a hash holding one compressed record) is moved to this
layout the first time it is read.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import TypeVar, cast

import pybreaker
import redis
from redis.commands.core import Script

from api.store.errors import ConversationNotFound, StoreUnavailable, VersionConflict
from api.store.legacy import UnreadableRecord, split_record
from api.store.model import (
    MAX_MESSAGES,
    StoredConversation,
    check_data_size,
    check_feedback_size,
    is_conversation_id,
    new_conversation_id,
)

log = logging.getLogger("oomguide.store")

BACKEND = "redis"
DEFAULT_TIMEOUT_SECONDS = 2.0
# How long the store stops trying after Redis could not be reached.
PAUSE_AFTER_FAILURE_SECONDS = 5.0
T = TypeVar("T")

# The clock is the caller's, not Redis's: an injected clock expires a conversation the same way
# as in SQLite, and EXPIRE is what actually frees the memory.
# KEYS: conversation, messages, feedback. ARGV: expected version, state, now, ttl, max
# messages, then the messages to append.
_COMPARE_AND_SET = """
local current = redis.call('HMGET', KEYS[1], 'version', 'updated_at', 'created_at')
if not current[1] or tonumber(ARGV[3]) - tonumber(current[2]) > tonumber(ARGV[4]) then
    return {'missing'}
end
if current[1] ~= ARGV[1] then
    return {'conflict', current[1]}
end
if redis.call('HEXISTS', KEYS[1], 'data') == 1 then
    return {'release_0_1'}
end
local version = tostring(tonumber(current[1]) + 1)
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'version', version, 'updated_at', ARGV[3])
if #ARGV > 5 then
    redis.call('RPUSH', KEYS[2], unpack(ARGV, 6))
    redis.call('LTRIM', KEYS[2], -tonumber(ARGV[5]), -1)
end
for i = 1, 3 do
    redis.call('EXPIRE', KEYS[i], ARGV[4])
end
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

# Release 0.1's record moved to the state and the messages, unless someone moved or changed it
# meanwhile. KEYS: conversation, messages. ARGV: the version read, the state, the messages.
_MOVE_RECORD = """
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then
    return 0
end
if redis.call('HEXISTS', KEYS[1], 'data') == 0 then
    return 0
end
redis.call('HSET', KEYS[1], 'state', ARGV[2])
redis.call('HDEL', KEYS[1], 'data')
redis.call('DEL', KEYS[2])
if #ARGV > 2 then
    redis.call('RPUSH', KEYS[2], unpack(ARGV, 3))
    local remaining = redis.call('PTTL', KEYS[1])
    if remaining > 0 then
        redis.call('PEXPIRE', KEYS[2], remaining)
    end
end
return 1
"""

_READY_KEY = "oomguide:ready"


def conversation_key(conversation_id: str) -> str:
    return f"oomguide:conv:{{{conversation_id}}}"


def messages_key(conversation_id: str) -> str:
    return f"oomguide:messages:{{{conversation_id}}}"


def feedback_key(conversation_id: str) -> str:
    return f"oomguide:feedback:{{{conversation_id}}}"


class RedisStore:
    """A ConversationStore over Redis; one client (and its connection pool) for all threads.

    The client must leave responses as bytes (as `from_url` sets up).
    """

    backend = BACKEND

    def __init__(
        self,
        client: redis.Redis,
        *,
        ttl_seconds: int,
        clock: Callable[[], float] = time.time,
        pause_seconds: float = PAUSE_AFTER_FAILURE_SECONDS,
        max_messages: int = MAX_MESSAGES,
    ) -> None:
        self._client = client
        self._ttl = ttl_seconds
        self._clock = clock
        self._max_messages = max_messages
        self._compare_and_set: Script = client.register_script(_COMPARE_AND_SET)
        self._add_feedback: Script = client.register_script(_ADD_FEEDBACK)
        self._move_record: Script = client.register_script(_MOVE_RECORD)
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
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        pause_seconds: float = PAUSE_AFTER_FAILURE_SECONDS,
    ) -> RedisStore:
        client = redis.Redis.from_url(
            url, socket_connect_timeout=timeout_seconds, socket_timeout=timeout_seconds
        )
        return cls(client, ttl_seconds=ttl_seconds, clock=clock, pause_seconds=pause_seconds)

    def create(self, state: bytes, messages: Sequence[bytes] = ()) -> StoredConversation:
        check_data_size(state, messages)
        now = self._clock()
        stored = StoredConversation(new_conversation_id(), 1, state, now, now)
        keys = (conversation_key(stored.id), messages_key(stored.id))
        pipeline = self._client.pipeline(transaction=True)
        pipeline.hset(
            keys[0], mapping={"state": state, "version": 1, "created_at": now, "updated_at": now}
        )
        if messages:
            pipeline.rpush(keys[1], *messages[-self._max_messages :])
        for key in keys:
            pipeline.expire(key, self._ttl)
        self._call(pipeline.execute)
        return stored

    def get(self, conversation_id: str, *, messages: bool = False) -> StoredConversation | None:
        if not is_conversation_id(conversation_id):
            return None
        pipeline = self._client.pipeline(transaction=True)
        pipeline.hgetall(conversation_key(conversation_id))
        if messages:
            pipeline.lrange(messages_key(conversation_id), 0, -1)
        replies = self._call(pipeline.execute)
        fields = cast(dict[bytes, bytes], replies[0])
        if not fields or self._clock() - float(fields[b"updated_at"]) > self._ttl:
            return None
        if b"state" not in fields:
            self._move(conversation_id, fields)
            return self.get(conversation_id, messages=messages)
        said = tuple(cast(list[bytes], replies[1])) if messages else ()
        return StoredConversation(
            id=conversation_id,
            version=int(fields[b"version"]),
            state=fields[b"state"],
            created_at=float(fields[b"created_at"]),
            updated_at=float(fields[b"updated_at"]),
            messages=said,
        )

    def update(
        self,
        conversation_id: str,
        state: bytes,
        expected_version: int,
        messages: Sequence[bytes] = (),
    ) -> StoredConversation:
        check_data_size(state, messages)
        if not is_conversation_id(conversation_id):
            raise ConversationNotFound(conversation_id)
        now = self._clock()
        keys = [
            conversation_key(conversation_id),
            messages_key(conversation_id),
            feedback_key(conversation_id),
        ]
        arguments: list[bytes | str] = [
            str(expected_version),
            state,
            repr(now),
            str(self._ttl),
            str(self._max_messages),
            *messages,
        ]
        reply: list[bytes] = self._call(self._compare_and_set, keys=keys, args=arguments)
        if reply[0] == b"release_0_1":  # not read since the upgrade: moved, then written
            self.get(conversation_id)
            reply = self._call(self._compare_and_set, keys=keys, args=arguments)
        if reply[0] == b"missing":
            raise ConversationNotFound(conversation_id)
        if reply[0] == b"conflict":
            raise VersionConflict(conversation_id, expected_version, int(reply[1]))
        return StoredConversation(conversation_id, int(reply[1]), state, float(reply[2]), now)

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

    def check_writable(self) -> None:
        """A real write: a paused or unreachable server, or one refusing writes, fails it."""
        self._call(self._client.set, _READY_KEY, repr(self._clock()), px=60_000)

    def close(self) -> None:
        self._client.close()

    def _move(self, conversation_id: str, fields: dict[bytes, bytes]) -> None:
        """Move a release 0.1 record to the state and the messages (unless another process
        did it meanwhile)."""
        try:
            state, messages = split_record(fields[b"data"])
        except (KeyError, UnreadableRecord) as error:
            raise StoreUnavailable(BACKEND, f"an unreadable conversation: {error}") from None
        kept = messages[-self._max_messages :]
        keys = [conversation_key(conversation_id), messages_key(conversation_id)]
        arguments: list[bytes | str] = [fields[b"version"], state, *kept]
        self._call(self._move_record, keys=keys, args=arguments)

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
