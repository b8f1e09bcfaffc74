from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.web.app import create_app
from api.web.context import AppContext
from kb.schema import KnowledgeBase
from locales import Catalog
from tests.api.channels.platforms import Discord, LocalServer, Slack
from tests.conftest import SettingsFactory


@pytest.fixture
def local() -> Iterator[LocalServer]:
    server = LocalServer().start()
    yield server
    server.close()


@pytest.fixture
def discord() -> Discord:
    return Discord()


@pytest.fixture
def slack() -> Slack:
    return Slack()


@pytest.fixture
def app_client(
    make_settings: SettingsFactory,
    loaded_kb: tuple[KnowledgeBase, Catalog],
    local: LocalServer,
    discord: Discord,
    slack: Slack,
) -> Iterator[Callable[..., TestClient]]:
    """Clients of apps whose Discord API, Slack response_url host and attachment host are the
    local server; each app has its own store."""
    clients: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        values: dict[str, Any] = {
            "discord_public_key": discord.public_key,
            "discord_api_url": f"{local.url}/api/v10",
            "discord_attachment_hosts": ("127.0.0.1",),
            "slack_signing_secret": slack.secret,
            "slack_response_hosts": ("127.0.0.1",),
            "integrations_allow_http": True,
        }
        settings = make_settings(**{**values, **overrides})
        ctx = AppContext.build(settings, loaded_kb)
        client = TestClient(create_app(settings, ctx), raise_server_exceptions=False)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)
        client.app.state.context.close()  # type: ignore[attr-defined]


@pytest.fixture
def client(app_client: Callable[..., TestClient]) -> TestClient:
    return app_client()
