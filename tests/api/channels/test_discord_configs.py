"""Job configs on Discord: an attachment (deferred, then a webhook edit) or a modal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine.config import MAX_CONFIG_BYTES
from tests.api.channels.platforms import Discord, LocalServer, attachment, buttons
from tests.conftest import CORPUS

STARTER = "80351110224678912"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CONFIG = """job: extension
config:
  name: "@everyone <@123>"
  process:
    - type: sd_trainer
      train:
        batch_size: 4
        gradient_checkpointing: false
      model:
        name_or_path: Tongyi-MAI/Z-Image-Turbo
"""


def _serve(local: LocalServer, data: bytes) -> dict[str, Any]:
    local.files["/attachments/1/2/job.yaml"] = data
    return attachment(f"{local.url}/attachments/1/2/job.yaml", len(data))


def _followup(local: LocalServer, discord: Discord, payload: dict[str, Any]) -> dict[str, Any]:
    edit = local.only("PATCH")
    assert (
        edit.path
        == f"/api/v10/webhooks/{discord.application_id}/{payload['token']}/messages/@original"
    )
    body: dict[str, Any] = edit.json()
    assert body["allowed_mentions"] == {"parse": []}
    return body


def test_an_attachment_is_deferred_then_fetched_and_followed_up(
    client: TestClient, discord: Discord, local: LocalServer
) -> None:
    corpus = (CORPUS / "train_lora_flux_24gb.yaml").read_text()
    data = corpus.replace("gradient_checkpointing: true", "gradient_checkpointing: false").encode()
    assert data != corpus.encode()
    payload = discord.command(STARTER, "OOM no passo 1", "pt-BR", _serve(local, data))
    response = discord.send(client, payload)
    assert response.json() == {"type": 5}
    assert [r.method for r in local.requests] == ["GET", "PATCH"]
    body = _followup(local, discord, payload)
    description = body["embeds"][0]["description"]
    assert "Li a configuração do seu job" in description
    assert "gradient_checkpointing: true" in description
    assert buttons(body)


def test_an_attachment_echoing_mentions_cannot_ping(
    client: TestClient, discord: Discord, local: LocalServer
) -> None:
    payload = discord.command(STARTER, None, "en-US", _serve(local, CONFIG.encode()))
    discord.send(client, payload)
    body = _followup(local, discord, payload)
    assert "@everyone" in body["embeds"][0]["description"]
    assert body["allowed_mentions"] == {"parse": []}


def test_an_attachment_from_another_host_is_never_fetched(
    client: TestClient, discord: Discord, local: LocalServer
) -> None:
    foreign = attachment("https://attacker.example/job.yaml", 100)
    response = discord.send(client, discord.command(STARTER, None, "en-US", foreign))
    assert response.json()["type"] == 4
    assert response.json()["data"]["flags"] == 64
    assert "attachments uploaded to Discord" in response.json()["data"]["content"]
    assert local.requests == []


def test_plain_http_needs_the_test_setting(
    app_client: Any, discord: Discord, local: LocalServer
) -> None:
    client = app_client(integrations_allow_http=False)
    payload = discord.command(STARTER, None, "en-US", _serve(local, CONFIG.encode()))
    assert discord.send(client, payload).json()["data"]["flags"] == 64
    assert local.requests == []


def test_a_declared_size_over_the_limit_is_refused_at_once(
    client: TestClient, discord: Discord, local: LocalServer
) -> None:
    big = {**_serve(local, b"x"), "size": MAX_CONFIG_BYTES + 1}
    response = discord.send(client, discord.command(STARTER, None, "en-US", big))
    assert str(MAX_CONFIG_BYTES) in response.json()["data"]["content"]
    assert local.requests == []


def test_a_body_larger_than_declared_is_cut_off_while_streaming(
    client: TestClient, discord: Discord, local: LocalServer
) -> None:
    lying = {**_serve(local, b"#" * (MAX_CONFIG_BYTES + 10)), "size": 100}
    payload = discord.command(STARTER, None, "en-US", lying)
    assert discord.send(client, payload).json() == {"type": 5}
    body = _followup(local, discord, payload)
    assert str(MAX_CONFIG_BYTES) in body["content"]
    assert body["components"] == [] and body["embeds"] == []


def test_a_missing_attachment_is_a_followup_note(
    client: TestClient, discord: Discord, local: LocalServer
) -> None:
    gone = attachment(f"{local.url}/attachments/gone.yaml", 100)
    payload = discord.command(STARTER, None, "pt-BR", gone)
    discord.send(client, payload)
    assert "Não consegui baixar o anexo" in _followup(local, discord, payload)["content"]


def _config_modal(client: TestClient, discord: Discord) -> dict[str, Any]:
    started = discord.send(client, discord.command(STARTER, "help, out of memory")).json()["data"]
    paste = next(b for b in buttons(started) if b["custom_id"].startswith("oom:c:"))
    opened = discord.send(client, discord.click(STARTER, paste["custom_id"])).json()
    assert opened["type"] == 9
    return dict(opened["data"])


def test_paste_my_config_opens_a_paragraph_modal_and_reads_it(
    client: TestClient, discord: Discord
) -> None:
    modal = _config_modal(client, discord)
    text_input = modal["components"][0]["components"][0]
    assert text_input["style"] == 2
    assert text_input["max_length"] == 4000
    assert len(modal["custom_id"]) <= 100
    fenced = f"```yaml\n{CONFIG}```"
    response = discord.send(client, discord.submit(STARTER, modal["custom_id"], fenced)).json()
    assert response["type"] == 7
    description = response["data"]["embeds"][0]["description"]
    assert "I read your job config" in description
    assert "gradient_checkpointing: true" in description


def test_a_broken_config_in_the_modal_gets_a_localized_note(
    client: TestClient, discord: Discord
) -> None:
    modal = _config_modal(client, discord)
    broken = "job: extension\nconfig:\n  process: [\n"
    submit = discord.submit(STARTER, modal["custom_id"], broken, locale="pt-BR")
    response = discord.send(client, submit)
    assert response.status_code == 200
    assert response.json()["data"]["flags"] == 64
    assert response.json()["data"]["content"].startswith("Não consegui ler a configuração")


def _option(message: dict[str, Any], value: str) -> str:
    ids = [str(b["custom_id"]) for b in buttons(message)]
    matching = [i for i in ids if i.endswith(f":{value}")]
    assert len(matching) == 1, ids
    return matching[0]


@pytest.mark.parametrize(
    ("locale", "shown", "asked", "then"),
    [
        (
            "en-US",
            "Risk with these settings: high",
            "Has this job run out of memory (OOM) yet? If so, when?",
            "After turning GC on and retrying with nothing else changed, did the OOM go away?",
        ),
        (
            "pt-BR",
            "Risco com estas configurações: alto",
            "Esse job já deu falta de memória (OOM)? Se deu, em que momento?",
            "Depois de ligar o GC e rodar de novo sem mudar mais nada, o OOM sumiu?",
        ),
    ],
)
def test_an_attachment_alone_is_diagnosed_before_any_question(
    client: TestClient,
    discord: Discord,
    local: LocalServer,
    locale: str,
    shown: str,
    asked: str,
    then: str,
) -> None:
    data = (FIXTURES / "zimage_high.yaml").read_bytes()
    payload = discord.command(STARTER, None, locale, _serve(local, data))
    assert discord.send(client, payload).json() == {"type": 5}
    body = _followup(local, discord, payload)
    description = body["embeds"][0]["description"]
    assert shown in description and asked in description
    assert "gradient_checkpointing: true" in description  # the key to change
    assert "zimage" in description
    _option(body, "none")
    clicked = discord.click(STARTER, _option(body, "first_steps"), locale)
    turn = discord.send(client, clicked).json()
    assert turn["type"] == 7
    assert then in turn["data"]["embeds"][0]["description"]
