"""Where conversations live: an embedded SQLite file, or Redis when several hosts share them."""

from __future__ import annotations

import time
from collections.abc import Callable

from api.store.errors import (
    ConversationNotFound,
    PayloadTooLarge,
    StoreError,
    StoreUnavailable,
    VersionConflict,
)
from api.store.model import (
    MAX_DATA_BYTES,
    MAX_FEEDBACK_BYTES,
    MAX_MESSAGES,
    ConversationStore,
    StoredConversation,
)
from api.store.redis import RedisStore
from api.store.sqlite import SqliteStore

__all__ = [
    "MAX_DATA_BYTES",
    "MAX_FEEDBACK_BYTES",
    "MAX_MESSAGES",
    "ConversationNotFound",
    "ConversationStore",
    "PayloadTooLarge",
    "StoreError",
    "StoreUnavailable",
    "StoredConversation",
    "VersionConflict",
    "open_store",
]


def open_store(
    *,
    database: str,
    redis_url: str | None,
    ttl_seconds: int,
    timeout_seconds: float = 2.0,
    clock: Callable[[], float] = time.time,
) -> ConversationStore:
    """Redis when a URL is given, else the SQLite file `database` (created if missing). A call
    waits at most ``timeout_seconds`` for a lock or an answer, then raises StoreUnavailable."""
    if ttl_seconds <= 0:
        raise ValueError(f"ttl_seconds must be positive, got {ttl_seconds}")
    if redis_url:
        return RedisStore.from_url(
            redis_url, ttl_seconds=ttl_seconds, clock=clock, timeout_seconds=timeout_seconds
        )
    return SqliteStore(
        database, ttl_seconds=ttl_seconds, clock=clock, timeout_seconds=timeout_seconds
    )
