"""The `/oom` registration JSON and `oomguide discord register`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from api.cli.discord_register import commands, register
from api.cli.main import app
from tests.api.channels.platforms import LocalServer


def test_the_command_has_its_options_and_pt_br_localizations() -> None:
    (oom,) = commands()
    assert oom["name"] == "oom"
    assert oom["type"] == 1
    assert oom["description_localizations"]["pt-BR"].startswith("Diagnostica")
    message, config = oom["options"]
    assert (message["name"], message["type"], message["required"]) == ("message", 3, False)
    assert (config["name"], config["type"], config["required"]) == ("config", 11, False)
    assert message["name_localizations"] == {"pt-BR": "mensagem"}
    for item in (oom, message, config):
        assert 1 <= len(item["description"]) <= 100
        assert all(1 <= len(d) <= 100 for d in item["description_localizations"].values())
    for option in (message, config):
        for name in (option["name"], *option["name_localizations"].values()):
            assert name == name.lower() and " " not in name and len(name) <= 32


@pytest.mark.parametrize("guild", [None, "290926798626357250"])
def test_register_overwrites_the_commands_with_the_bot_token(
    local: LocalServer, guild: str | None
) -> None:
    register(f"{local.url}/api/v10", "123456789012345678", "bot-token", guild)
    put = local.only("PUT")
    scope = f"/guilds/{guild}" if guild else ""
    assert put.path == f"/api/v10/applications/123456789012345678{scope}/commands"
    assert put.headers["authorization"] == "Bot bot-token"
    assert put.json() == commands()


def test_the_cli_prints_the_json_and_needs_a_token_to_send(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runner = CliRunner()
    printed = runner.invoke(app, ["discord", "register", "--application-id", "1", "--print"])
    assert printed.exit_code == 0
    assert json.loads(printed.output) == commands()
    monkeypatch.delenv("OOMGUIDE_DISCORD_BOT_TOKEN", raising=False)
    missing = runner.invoke(app, ["discord", "register", "--application-id", "1"])
    assert missing.exit_code == 2
