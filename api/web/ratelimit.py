"""Requests per minute per client, counted where every process that shares the store sees the
same count: in Redis, or in the SQLite file (in memory only for a store in memory).

A moving window: a client gets at most N requests in any 60 seconds, with no burst of 2N
across a minute boundary as a fixed window allows, and Retry-After is the exact wait until
its oldest counted request leaves the window. The cost, one timestamp per counted request,
is small at the limits this service runs with.

Counted in Redis or SQLite, a hit waits at most a quarter of a second for an answer (or the
file's write lock); after a failure the limiter stops asking for a few seconds (a circuit
breaker) and lets requests through, so a Redis that is down or a file locked by a long write
costs a request nothing, and one request in a few seconds that wait.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import pybreaker
import redis
from limits import RateLimitItemPerMinute
from limits.errors import StorageError
from limits.storage import MemoryStorage, RedisStorage, Storage
from limits.strategies import MovingWindowRateLimiter

from api.web.ratelimit_sqlite import SQLiteStorage

_KEY_PREFIX = "oomguide:ratelimit"
_TIMEOUT_SECONDS = 0.25
PAUSE_AFTER_FAILURE_SECONDS = 5.0


@dataclass(frozen=True)
class RateDecision:
    allowed: bool
    retry_after: int  # seconds until a request would be allowed; 0 when allowed, else >= 1


_ALLOWED = RateDecision(allowed=True, retry_after=0)


class RateLimiter:
    """Counts hits per client key; `requests_per_minute=0` turns limiting off."""

    def __init__(
        self, requests_per_minute: int, redis_url: str | None, database: str | None = None
    ) -> None:
        if requests_per_minute < 0:
            raise ValueError(f"requests_per_minute must be >= 0, got {requests_per_minute}")
        self._item = RateLimitItemPerMinute(requests_per_minute)
        self._pool: redis.ConnectionPool | None = None
        self._sqlite: SQLiteStorage | None = None
        self._limiter: MovingWindowRateLimiter | None = None
        self._breaker = pybreaker.CircuitBreaker(
            fail_max=1, reset_timeout=PAUSE_AFTER_FAILURE_SECONDS, throw_new_error_on_trip=False
        )
        if requests_per_minute > 0:
            self._limiter = MovingWindowRateLimiter(self._storage(redis_url, database))

    @property
    def enabled(self) -> bool:
        return self._limiter is not None

    @property
    def blocking(self) -> bool:
        """Whether a hit waits on the network or a file (then it must not run on the loop)."""
        return self._pool is not None or self._sqlite is not None

    def hit(self, client_key: str) -> RateDecision:
        if self._limiter is None:
            return _ALLOWED
        try:
            if self._breaker.call(self._limiter.hit, self._item, client_key):
                return _ALLOWED
            stats = self._limiter.get_window_stats(self._item, client_key)
        except (StorageError, pybreaker.CircuitBreakerError):
            # Fail open: when Redis is down the conversations it holds are too, and those
            # requests already fail; refusing everyone else as well would add nothing.
            return _ALLOWED
        return RateDecision(
            allowed=False, retry_after=max(1, math.ceil(stats.reset_time - time.time()))
        )

    def close(self) -> None:
        if self._pool is not None:
            self._pool.disconnect()
        if self._sqlite is not None:
            self._sqlite.close()

    def _storage(self, redis_url: str | None, database: str | None) -> Storage:
        if not redis_url and database and database != ":memory:":
            self._sqlite = SQLiteStorage(database, _TIMEOUT_SECONDS)
            return self._sqlite
        if not redis_url:
            return MemoryStorage()
        self._pool = redis.ConnectionPool.from_url(
            redis_url,
            socket_connect_timeout=_TIMEOUT_SECONDS,
            socket_timeout=_TIMEOUT_SECONDS,
        )
        return RedisStorage(
            redis_url, connection_pool=self._pool, key_prefix=_KEY_PREFIX, wrap_exceptions=True
        )
