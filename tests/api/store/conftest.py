from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from api.store import ConversationStore
from tests.api.store.fakes import FakeClock, StoreFactory


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreFactory]:
    url: str | None = request.getfixturevalue("redis_url") if request.param == "redis" else None
    factory = StoreFactory(database=str(tmp_path / "conversations.db"), redis_url=url)
    yield factory
    factory.close_all()


@pytest.fixture
def store(make_store: StoreFactory) -> ConversationStore:
    return make_store()


@pytest.fixture
def clock(make_store: StoreFactory) -> FakeClock:
    return make_store.clock
