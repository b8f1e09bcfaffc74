"""The Slack bot as Slack sees it: signed form posts in, Block Kit out, clicks answered through a
response_url served by a real local HTTP server."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qs, urlencode

import pytest
from fastapi.testclient import TestClient

from api.channels.common import Handle
from tests.api.channels.platforms import (
    LocalServer,
    Slack,
    click_action,
    context,
    slack_buttons,
    typed_action,
)

COMMANDS, ACTIONS = "/integrations/slack/commands", "/integrations/slack/actions"
USER, OTHER = "U0G9QF9C6", "U0G9QF9C7"
SMALL_CONFIG = """job: extension
config:
  name: zimage_lora
  process:
    - type: sd_trainer
      train:
        batch_size: 4
        gradient_checkpointing: false
      model:
        name_or_path: Tongyi-MAI/Z-Image-Turbo
"""


def _command(client: TestClient, slack: Slack, local: LocalServer, text: str) -> dict[str, Any]:
    response = slack.command(client, USER, text, f"{local.url}/commands/1234/5678")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    assert body["response_type"] == "ephemeral"
    return body


def _button(message: dict[str, Any], value: str) -> dict[str, Any]:
    found = [b for b in slack_buttons(message) if b["value"].endswith(f":{value}")]
    assert len(found) == 1
    return found[0]


def _all_text(message: dict[str, Any]) -> str:
    parts = [b["text"]["text"] for b in message["blocks"] if b["type"] == "section"]
    parts += [e["text"] for b in message["blocks"] if b["type"] == "context" for e in b["elements"]]
    return "\n".join(parts)


# --- verification -----------------------------------------------------------------------------
def test_a_signed_command_is_answered_with_block_kit(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    body = _command(
        client, slack, local, "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"
    )
    kinds = [b["type"] for b in body["blocks"]]
    assert kinds[0] == "section"
    assert "context" in kinds and kinds[-1] == "actions"
    assert "gradient_checkpointing: true" in _all_text(body)
    assert "<http://testserver/guide#where-to-change|" in _all_text(body)
    assert "**" not in _all_text(body)  # CommonMark bold became mrkdwn


@pytest.mark.parametrize(
    "change",
    [
        {"X-Slack-Signature": None},
        {"X-Slack-Request-Timestamp": None},
        {"X-Slack-Signature": "v0=" + "0" * 64},
        {"X-Slack-Signature": "v1=abc"},
        {"X-Slack-Signature": "v0=zz"},
        {"X-Slack-Request-Timestamp": "yesterday"},
        {"X-Slack-Request-Timestamp": "9" * 5000},
    ],
    ids=["no-signature", "no-timestamp", "wrong", "bad-version", "bad-hex", "word", "huge"],
)
def test_bad_or_malformed_headers_are_401(
    client: TestClient, slack: Slack, local: LocalServer, change: dict[str, str | None]
) -> None:
    body = slack.command_form(USER, "out of memory", f"{local.url}/r")
    headers = {**slack.headers(body), **change}
    sent = {k: v for k, v in headers.items() if v is not None}
    assert client.post(COMMANDS, content=body, headers=sent).status_code == 401


@pytest.mark.parametrize("secret", [True, False], ids=["configured", "unconfigured"])
def test_an_ssl_check_gets_a_plain_200(
    app_client: Any, slack: Slack, local: LocalServer, secret: bool
) -> None:
    client = app_client(**({} if secret else {"slack_signing_secret": None}))
    body = urlencode({"ssl_check": "1", "token": "gIkuvaNzQIHg97ATvDxqgjtO"}).encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded"}

    response = client.post(COMMANDS, content=body, headers=headers)

    assert response.status_code == 200
    assert response.content == b""
    assert local.requests == []


def test_a_command_with_ssl_check_0_is_still_verified(client: TestClient, slack: Slack) -> None:
    body = urlencode({"ssl_check": "0", "text": "help"}).encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    assert client.post(COMMANDS, content=body, headers=headers).status_code == 401


def test_a_stale_timestamp_is_401(client: TestClient, slack: Slack, local: LocalServer) -> None:
    body = slack.command_form(USER, "out of memory", f"{local.url}/r")
    stale = slack.headers(body, timestamp=int(time.time()) - 6 * 60)
    assert client.post(COMMANDS, content=body, headers=stale).status_code == 401
    fresh = slack.headers(body, timestamp=int(time.time()) - 4 * 60)
    assert client.post(COMMANDS, content=body, headers=fresh).status_code == 200


def test_a_tampered_or_reencoded_body_is_401(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    body = slack.command_form(USER, "out of memory", f"{local.url}/r")
    headers = slack.headers(body)
    tampered = body.replace(b"out", b"OUT")
    reencoded = body.replace(b"+", b"%20")
    assert b"+" in body
    for changed in (tampered, reencoded):
        assert client.post(COMMANDS, content=changed, headers=headers).status_code == 401
        assert client.post(ACTIONS, content=changed, headers=headers).status_code == 401


def test_no_secret_is_503(app_client: Any, slack: Slack, local: LocalServer) -> None:
    client = app_client(slack_signing_secret=None)
    body = slack.command_form(USER, "oom", f"{local.url}/r")
    assert client.post(COMMANDS, content=body, headers=slack.headers(body)).status_code == 503


# --- conversations ------------------------------------------------------------------------------
def test_a_click_is_acknowledged_and_the_message_replaced_through_response_url(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    message = _command(client, slack, local, "help, out of memory")
    button = _button(message, "disabled")
    response = slack.act(client, USER, click_action(button), f"{local.url}/actions/1")
    assert response.status_code == 200
    assert response.content == b""
    posted = local.only("POST")
    assert posted.path == "/actions/1"
    replacement = posted.json()
    assert replacement["replace_original"] is True
    assert "gradient_checkpointing: true" in _all_text(replacement)


def test_a_double_click_applies_once(client: TestClient, slack: Slack, local: LocalServer) -> None:
    message = _command(client, slack, local, "help, out of memory")
    action = click_action(_button(message, "disabled"))
    slack.act(client, USER, action, f"{local.url}/first")
    slack.act(client, USER, action, f"{local.url}/second")
    second = next(r for r in local.requests if r.path == "/second").json()
    assert second["replace_original"] is False
    assert second["response_type"] == "ephemeral"
    assert "already answered" in second["text"]
    conversation = Handle.decode(action["value"])
    assert conversation is not None
    assert context(client).service.get(conversation.conversation_id).state.turn == 2


def test_someone_else_cannot_click(client: TestClient, slack: Slack, local: LocalServer) -> None:
    message = _command(client, slack, local, "help, out of memory")
    slack.act(client, OTHER, click_action(_button(message, "disabled")), f"{local.url}/r")
    note = local.only("POST").json()
    assert note["replace_original"] is False
    assert note["text"].startswith("Only the person who started")


@pytest.mark.parametrize("actions", [5, "oom", None, [], [5], {"value": "x"}])
def test_a_malformed_click_is_answered_through_response_url(
    client: TestClient, slack: Slack, local: LocalServer, actions: object
) -> None:
    form = parse_qs(slack.actions_form(USER, {"type": "button"}, f"{local.url}/r").decode())
    payload = {**json.loads(form["payload"][0]), "actions": actions}
    body = urlencode({"payload": json.dumps(payload)}).encode()

    response = client.post(ACTIONS, content=body, headers=slack.headers(body))

    assert response.status_code == 200
    note = local.only("POST").json()
    assert note["replace_original"] is False
    assert "/oom" in note["text"]


def test_a_typed_answer_takes_the_turn(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    message = _command(client, slack, local, "help, out of memory")
    slack.act(client, USER, typed_action(message, "I turned it off"), f"{local.url}/r")
    assert "gradient_checkpointing: true" in _all_text(local.only("POST").json())


def test_a_response_url_elsewhere_is_refused(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    message = _command(client, slack, local, "help, out of memory")
    action = click_action(_button(message, "disabled"))
    response = slack.act(client, USER, action, "https://attacker.example/hook")
    assert response.status_code == 400
    assert local.requests == []


def test_user_text_can_never_notify_anyone(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    config = SMALL_CONFIG.replace("zimage_lora", "<!channel> <!here> <@U123> & co")
    body = _command(client, slack, local, config)
    text = _all_text(body) + body["text"]
    assert "<!channel>" not in text and "<!here>" not in text and "<@U123>" not in text
    assert "&lt;!channel&gt; &lt;!here&gt; &lt;@U123&gt; &amp; co" in text


def test_a_pasted_config_is_diagnosed(client: TestClient, slack: Slack, local: LocalServer) -> None:
    body = _command(client, slack, local, f"meu treino dá OOM\n```yaml\n{SMALL_CONFIG}```")
    assert "gradient_checkpointing: true" in _all_text(body)


@pytest.mark.parametrize("text", [SMALL_CONFIG, f"```yaml\n{SMALL_CONFIG}```"])
def test_a_config_pasted_alone_is_diagnosed_at_once(
    client: TestClient, slack: Slack, local: LocalServer, text: str
) -> None:
    bare = _command(client, slack, local, text)
    shown = _all_text(bare)
    # Its diagnosis first (in the default locale: YAML is in no language), then the crash question.
    assert "zimage_lora" in shown and "gradient_checkpointing: true" in shown
    assert "Risco com estas configurações: médio" in shown
    assert "O que você quer resolver?" not in shown
    _button(bare, "none")
    slack.act(client, USER, click_action(_button(bare, "first_steps")), f"{local.url}/r")
    followed = _all_text(local.only("POST").json())
    assert "Depois de ligar o GC e rodar de novo sem mudar mais nada, o OOM sumiu?" in followed


def test_slacks_own_escaping_is_undone_before_reading_and_redone_after(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    # Slack escapes & < > in the text it sends; the engine must see the config as written.
    sent = SMALL_CONFIG.replace("zimage_lora", "a &amp; b &lt;x&gt;")
    body = _command(client, slack, local, sent)
    assert "a &amp; b &lt;x&gt;" in _all_text(body)
    assert "&amp;amp;" not in _all_text(body)


def test_the_language_of_the_text_picks_the_locale(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    portuguese = _command(client, slack, local, "meu treino deu falta de memória")
    english = _command(client, slack, local, "my training ran out of memory")
    assert "Começar de novo" in [b["text"]["text"] for b in slack_buttons(portuguese)]
    assert "Start over" in [b["text"]["text"] for b in slack_buttons(english)]


@pytest.mark.parametrize(
    ("default", "text", "restart"),
    [
        ("pt-BR", "my LoRA training ran out of memory", "Start over"),
        ("en", "meu treino de LoRA deu falta de memória", "Começar de novo"),
        ("pt-BR", "OOM", "Começar de novo"),  # neither language: the default
        ("en", "OOM", "Start over"),
    ],
)
def test_text_in_neither_language_falls_back_to_the_default(
    app_client: Any, slack: Slack, local: LocalServer, default: str, text: str, restart: str
) -> None:
    client = app_client(default_locale=default)
    body = _command(client, slack, local, text)
    assert restart in [b["text"]["text"] for b in slack_buttons(body)]


def test_block_kit_limits_hold(client: TestClient, slack: Slack, local: LocalServer) -> None:
    body = _command(client, slack, local, "help, out of memory")
    assert len(body["blocks"]) <= 50
    for block in body["blocks"]:
        if block["type"] == "section":
            assert len(block["text"]["text"]) <= 3000
    elements = slack_buttons(body)
    assert len(elements) <= 25
    assert len({e["action_id"] for e in elements}) == len(elements)
    assert all(len(e["text"]["text"]) <= 75 and len(e["value"]) <= 2000 for e in elements)


def test_the_event_log_records_the_channel_and_a_restart(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    message = _command(client, slack, local, "help, out of memory")
    restart = [b for b in slack_buttons(message) if b["action_id"] == "restart"]
    assert len(restart) == 1
    slack.act(client, USER, click_action(restart[0]), f"{local.url}/restart")
    data = context(client).insights.analytics("1d")
    assert data.by["channel"]["slack"].conversations == 2
    assert data.restarts == 1
