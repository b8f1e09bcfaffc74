"""Fixtures shared by every test folder: settings, apps, clients, a real redis-server."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.settings import Settings
from api.web.app import create_app
from api.web.context import AppContext
from kb.schema import KnowledgeBase
from kb.validate import load_validated
from locales import Catalog
from tests.redis_server import RedisServer, start_redis_server

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus" / "ai-toolkit-configs"


@pytest.fixture(scope="session")
def loaded_kb() -> tuple[KnowledgeBase, Catalog]:
    """Loaded and checked once per test run: every app of the tests serves the same KB."""
    return load_validated()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    with start_redis_server() as server:
        yield server


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The shared server's URL, emptied for this test."""
    client = redis.Redis.from_url(redis_server.url)
    try:
        client.flushdb()
    finally:
        client.close()
    return redis_server.url


SettingsFactory = Callable[..., Settings]


@pytest.fixture
def make_settings(tmp_path: Path) -> SettingsFactory:
    """Settings for a test: its own SQLite file, rate limiting off unless asked for."""

    def make(**overrides: Any) -> Settings:
        values: dict[str, Any] = {"database": str(tmp_path / "oomguide.db"), "rate_limit": 0}
        values.update(overrides)
        return Settings.model_validate(values)

    return make


@pytest.fixture
def make_client(
    make_settings: SettingsFactory, loaded_kb: tuple[KnowledgeBase, Catalog]
) -> Iterator[Callable[..., TestClient]]:
    """An in-process client of an app built from settings overrides; closed after the test."""
    clients: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        settings = make_settings(**overrides)
        app: FastAPI = create_app(settings, AppContext.build(settings, loaded_kb))
        client = TestClient(app, raise_server_exceptions=False)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)
        client.app.state.context.close()  # type: ignore[attr-defined]


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()
