"""Per-client limits in memory and in a real redis-server, with the Retry-After they report."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from api.web.ratelimit import RateDecision, RateLimiter
from tests.redis_server import start_redis_server

LimiterFactory = Callable[[int], RateLimiter]


@pytest.fixture(params=["memory", "sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def make_limiter(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LimiterFactory]:
    url: str | None = request.getfixturevalue("redis_url") if request.param == "redis" else None
    database = str(tmp_path / "oomguide.db") if request.param == "sqlite" else None
    opened: list[RateLimiter] = []

    def make(requests_per_minute: int) -> RateLimiter:
        limiter = RateLimiter(requests_per_minute, url, database)
        opened.append(limiter)
        return limiter

    yield make
    for limiter in opened:
        limiter.close()


def test_requests_within_the_limit_are_allowed(make_limiter: LimiterFactory) -> None:
    limiter = make_limiter(3)

    assert [limiter.hit("198.51.100.7") for _ in range(3)] == [RateDecision(True, 0)] * 3


def test_one_over_the_limit_waits_for_the_window(make_limiter: LimiterFactory) -> None:
    limiter = make_limiter(3)
    for _ in range(3):
        limiter.hit("198.51.100.7")

    denied = [limiter.hit("198.51.100.7") for _ in range(2)]

    assert [decision.allowed for decision in denied] == [False, False]
    assert all(59 <= decision.retry_after <= 60 for decision in denied)


def test_retry_after_counts_from_the_oldest_request(make_limiter: LimiterFactory) -> None:
    limiter = make_limiter(2)
    limiter.hit("198.51.100.7")
    time.sleep(1.1)
    limiter.hit("198.51.100.7")

    denied = limiter.hit("198.51.100.7")

    assert not denied.allowed
    assert 1 <= denied.retry_after <= 59


def test_clients_are_counted_apart(make_limiter: LimiterFactory) -> None:
    limiter = make_limiter(1)
    limiter.hit("198.51.100.7")

    assert limiter.hit("203.0.113.9").allowed
    assert not limiter.hit("198.51.100.7").allowed


def test_zero_per_minute_turns_limiting_off(make_limiter: LimiterFactory) -> None:
    limiter = make_limiter(0)

    assert not limiter.enabled
    assert all(limiter.hit("198.51.100.7") == RateDecision(True, 0) for _ in range(500))


def test_negative_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="requests_per_minute"):
        RateLimiter(-1, None)


def test_processes_sharing_a_sqlite_file_share_the_count(tmp_path: Path) -> None:
    database = str(tmp_path / "oomguide.db")
    first, second = RateLimiter(3, None, database), RateLimiter(3, None, database)
    try:
        first.hit("198.51.100.7")
        second.hit("198.51.100.7")
        first.hit("198.51.100.7")

        assert not second.hit("198.51.100.7").allowed
        assert second.hit("203.0.113.9").allowed
        assert first.blocking
    finally:
        first.close()
        second.close()


def test_a_locked_sqlite_file_lets_requests_through(tmp_path: Path) -> None:
    database = str(tmp_path / "oomguide.db")
    limiter = RateLimiter(1, None, database)
    holder = sqlite3.connect(database, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        assert [limiter.hit("198.51.100.7").allowed for _ in range(3)] == [True] * 3
    finally:
        holder.close()
        limiter.close()


@pytest.mark.redis
def test_processes_sharing_redis_share_the_count(redis_url: str) -> None:
    first, second = RateLimiter(3, redis_url), RateLimiter(3, redis_url)
    try:
        first.hit("198.51.100.7")
        second.hit("198.51.100.7")
        first.hit("198.51.100.7")

        assert not second.hit("198.51.100.7").allowed
        assert second.hit("203.0.113.9").allowed
    finally:
        first.close()
        second.close()


@pytest.mark.redis
def test_limiter_fails_open_when_redis_is_down() -> None:
    with start_redis_server() as server:
        limiter = RateLimiter(1, server.url)
        assert limiter.hit("198.51.100.7").allowed
        assert not limiter.hit("198.51.100.7").allowed
    try:
        assert [limiter.hit("198.51.100.7").allowed for _ in range(3)] == [True] * 3
    finally:
        limiter.close()
