"""The endpoints in a real `oomguide serve` process: raw bodies as uvicorn hands them over."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tests.api.channels.platforms import Discord, Slack
from tests.server import start_server


@pytest.mark.server
def test_a_real_server_verifies_discord_and_slack(tmp_path: Path) -> None:
    discord, slack = Discord(), Slack()
    env = {
        "OOMGUIDE_DATABASE": str(tmp_path / "server.db"),
        "OOMGUIDE_DISCORD_PUBLIC_KEY": discord.public_key,
        "OOMGUIDE_SLACK_SIGNING_SECRET": slack.secret,
    }
    with start_server(env, tmp_path) as server, httpx.Client(base_url=server.url) as client:
        ping = json.dumps(discord.ping()).encode()
        url = "/integrations/discord/interactions"
        assert client.post(url, content=ping, headers=discord.headers(ping)).json() == {"type": 1}
        forged = Discord().headers(ping)
        assert client.post(url, content=ping, headers=forged).status_code == 401
        form = slack.command_form("U1", "help, out of memory", "https://hooks.slack.com/x")
        answer = client.post(
            "/integrations/slack/commands", content=form, headers=slack.headers(form)
        )
        assert answer.status_code == 200
        assert answer.json()["response_type"] == "ephemeral"
