"""One conversation, three channels: the engine's golden conversations replayed through REST,
Discord and Slack give the same advice codes at every turn."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.channels.common import Handle
from tests.api.channels.platforms import (
    Discord,
    LocalServer,
    Slack,
    buttons,
    click_action,
    context,
    slack_buttons,
    typed_action,
)
from tests.engine.golden import Golden, load_goldens

USER = "80351110224678912"
Replies = list[dict[str, str]]


def _replayable(golden: Golden) -> bool:
    text = golden.opening.get("text", "")
    return set(golden.opening) <= {"text"} and "\n" not in text  # Discord options are one line


GOLDENS = [g for g in load_goldens() if _replayable(g)]
BRIEF = [
    Golden(
        name="zimage_gc_off",
        locale="pt-BR",
        opening={"text": "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"},
        turns=[],
    ),
    Golden(name="help_oom", locale="en", opening={"text": "help, out of memory"}, turns=[]),
]


def _answers(client: TestClient) -> Counter[str]:
    """Recommendations given so far, by code (every channel reports its turns to metrics)."""
    counts: Counter[str] = Counter()
    for metric in context(client).metrics.answers.collect():
        for sample in metric.samples:
            if sample.name.endswith("_total"):
                counts[sample.labels["code"]] = int(sample.value)
    return counts


def _codes_of(turn: dict[str, Any]) -> list[str]:
    answer = turn.get("answer")
    return sorted(r["code"] for r in answer["recommendations"]) if answer else []


def _rest(client: TestClient, golden: Golden, replies: Replies) -> tuple[list[list[str]], Replies]:
    """Codes per turn through REST, and the replies REST accepted (the others end the replay)."""
    body = {"locale": golden.locale, **golden.opening}
    turn = client.post("/v1/conversations", json=body).json()
    codes, taken = [_codes_of(turn)], []
    for reply in replies:
        url = f"/v1/conversations/{turn['conversation_id']}/replies"
        response = client.post(url, json={**reply, "turn": turn["turn"]})
        if response.status_code != 200:
            break
        turn = response.json()
        codes.append(_codes_of(turn))
        taken.append(reply)
    return codes, taken


def _diff(client: TestClient, before: Counter[str]) -> list[str]:
    return sorted((_answers(client) - before).elements())


def _discord(
    client: TestClient, discord: Discord, golden: Golden, replies: Replies
) -> list[list[str]]:
    locale = "pt-BR" if golden.locale == "pt-BR" else "en-US"
    before = _answers(client)
    response = discord.send(client, discord.command(USER, golden.opening.get("text"), locale))
    message = response.json()["data"]
    codes = [_diff(client, before)]
    for reply in replies:
        before = _answers(client)
        message = _discord_reply(client, discord, message, reply, locale)
        codes.append(_diff(client, before))
    return codes


def _discord_reply(
    client: TestClient,
    discord: Discord,
    message: dict[str, Any],
    reply: dict[str, str],
    locale: str,
) -> dict[str, Any]:
    if "value" in reply:
        custom_id = next(
            b["custom_id"]
            for b in buttons(message)
            if (h := Handle.decode(b["custom_id"]))
            and h.action == "o"
            and h.value == reply["value"]
        )
        response = discord.send(client, discord.click(USER, custom_id, locale))
    else:
        answer = next(
            b["custom_id"] for b in buttons(message) if b["custom_id"].startswith("oom:t:")
        )
        modal = discord.send(client, discord.click(USER, answer, locale)).json()["data"]
        response = discord.send(
            client, discord.submit(USER, modal["custom_id"], reply["text"], locale)
        )
    assert response.json()["type"] == 7
    updated: dict[str, Any] = response.json()["data"]
    return updated


def _slack(
    client: TestClient, slack: Slack, local: LocalServer, golden: Golden, replies: Replies
) -> list[list[str]]:
    before = _answers(client)
    message = slack.command(client, USER, golden.opening.get("text", ""), f"{local.url}/r").json()
    codes = [_diff(client, before)]
    for index, reply in enumerate(replies):
        before = _answers(client)
        if "value" in reply:
            button = next(
                b for b in slack_buttons(message) if b["value"].endswith(f":{reply['value']}")
            )
            action = click_action(button)
        else:
            action = typed_action(message, reply["text"])
        slack.act(client, USER, action, f"{local.url}/r/{index}")
        message = next(r for r in local.requests if r.path == f"/r/{index}").json()
        assert message["replace_original"] is True
        codes.append(_diff(client, before))
    return codes


@pytest.mark.parametrize("golden", BRIEF + GOLDENS, ids=lambda g: g.name)
def test_every_channel_gives_the_same_advice(
    client: TestClient, discord: Discord, slack: Slack, local: LocalServer, golden: Golden
) -> None:
    replies = [step.reply for step in golden.turns[1:] if step.reply is not None]
    rest, taken = _rest(client, golden, replies)
    assert _discord(client, discord, golden, taken) == rest
    assert _slack(client, slack, local, golden, taken) == rest


def test_the_briefs_conversations_give_the_expected_advice(
    client: TestClient, discord: Discord, slack: Slack, local: LocalServer
) -> None:
    zimage = _rest(client, BRIEF[0], [])[0]
    assert "enable_gc" in zimage[0]
    help_oom = _rest(client, BRIEF[1], [{"value": "disabled"}])[0]
    assert help_oom[0] == []  # a question about GC first
    assert "enable_gc" in help_oom[1]
    assert _discord(client, discord, BRIEF[1], [{"value": "disabled"}]) == help_oom
    assert _slack(client, slack, local, BRIEF[1], [{"value": "disabled"}]) == help_oom
