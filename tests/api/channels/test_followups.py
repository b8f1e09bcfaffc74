"""Follow-ups (Discord's webhook edit, Slack's response_url) survive a busy or failing platform:
retried with backoff, waiting as long as a 429's Retry-After asks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest
from fastapi.testclient import TestClient

from api.channels.outbound import ATTEMPTS, retry_after, send_json
from tests.api.channels.platforms import Discord, LocalServer, Slack, attachment, slack_buttons

STARTER = "80351110224678912"
USER = "U0G9QF9C6"
CONFIG = b"""job: extension
config:
  process:
    - type: sd_trainer
      train:
        gradient_checkpointing: false
"""


def _discord_followup(client: TestClient, discord: Discord, local: LocalServer) -> None:
    local.files["/attachments/job.yaml"] = CONFIG
    shared = attachment(f"{local.url}/attachments/job.yaml", len(CONFIG))
    assert discord.send(client, discord.command(STARTER, None, "en-US", shared)).json() == {
        "type": 5
    }


def test_a_discord_followup_waits_out_a_429_then_a_503(
    client: TestClient, discord: Discord, local: LocalServer
) -> None:
    local.replies = [(429, {"Retry-After": "1"}), (503, {})]

    _discord_followup(client, discord, local)

    edits = [r for r in local.requests if r.method == "PATCH"]
    assert len(edits) == 3
    assert edits[1].at - edits[0].at >= 0.95
    assert edits[0].body == edits[2].body


def test_a_slack_response_url_is_retried_after_a_429(
    client: TestClient, slack: Slack, local: LocalServer
) -> None:
    opened = slack.command(client, USER, "help, out of memory", f"{local.url}/r").json()
    button = next(b for b in slack_buttons(opened) if b["value"].endswith(":disabled"))
    local.replies = [(429, {"Retry-After": "1"})]

    action = {"type": "button", "action_id": button["action_id"], "value": button["value"]}
    assert slack.act(client, USER, action, f"{local.url}/r").status_code == 200

    posts = [r for r in local.requests if r.method == "POST"]
    assert len(posts) == 2
    assert posts[1].at - posts[0].at >= 0.95
    assert posts[1].json()["replace_original"] is True


def test_a_followup_gives_up_after_its_attempts(local: LocalServer) -> None:
    local.replies = [(503, {"Retry-After": "0"})] * (ATTEMPTS + 2)

    sent = send_json("POST", f"{local.url}/r", {}, hosts=("127.0.0.1",), allow_http=True)

    assert not sent
    assert len(local.requests) == ATTEMPTS


def test_a_client_error_is_not_retried(local: LocalServer) -> None:
    local.replies = [(404, {})]

    sent = send_json("POST", f"{local.url}/r", {}, hosts=("127.0.0.1",), allow_http=True)

    assert not sent
    assert len(local.requests) == 1


def test_an_unreachable_platform_is_retried_then_logged(caplog: pytest.LogCaptureFixture) -> None:
    unused = LocalServer().start()
    url = unused.url
    unused.close()

    assert not send_json("POST", f"{url}/r", {}, hosts=("127.0.0.1",), allow_http=True)
    assert f"after {ATTEMPTS} attempts" in caplog.text


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        ("3", 3.0),
        ("0.5", 0.5),
        ("-2", 0.0),
        ("soon", None),
        ("", None),
        (None, None),
        ("nan", None),
    ],
)
def test_retry_after_in_seconds(header: str | None, seconds: float | None) -> None:
    assert retry_after(header) == seconds


def test_retry_after_as_an_http_date() -> None:
    now = datetime(2026, 12, 1, 7, 0, tzinfo=UTC)
    header = format_datetime(now + timedelta(seconds=7), usegmt=True)
    assert retry_after(header, now) == 7.0
