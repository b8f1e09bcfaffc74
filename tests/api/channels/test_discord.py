"""The Discord bot as Discord sees it: signed interactions in, interaction responses out."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from api.channels.common import Handle
from tests.api.channels.platforms import Discord, buttons, context

ZIMAGE_PT = "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"
STARTER = "80351110224678912"
OTHER = "80351110224678913"


def _start(
    client: TestClient, discord: Discord, text: str, locale: str = "en-US"
) -> dict[str, Any]:
    response = discord.send(client, discord.command(STARTER, text, locale))
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    assert body["type"] == 4
    data: dict[str, Any] = body["data"]
    return data


def _button(message: dict[str, Any], value: str) -> dict[str, Any]:
    matching = [b for b in buttons(message) if b["custom_id"].endswith(f":{value}")]
    assert len(matching) == 1, [b["custom_id"] for b in buttons(message)]
    return matching[0]


def _tool(message: dict[str, Any], action: str) -> str:
    ids = [b["custom_id"] for b in buttons(message) if b["custom_id"].startswith(f"oom:{action}:")]
    assert len(ids) == 1
    return str(ids[0])


def test_oom_in_pt_br_answers_with_gc_and_absolute_citation_links(
    client: TestClient, discord: Discord
) -> None:
    message = _start(client, discord, ZIMAGE_PT, locale="pt-BR")
    description = message["embeds"][0]["description"]
    assert "gradient_checkpointing: true" in description
    assert "**Para saber mais**" in description
    assert "(http://testserver/guide#where-to-change)" in description
    assert message["allowed_mentions"] == {"parse": []}
    labels = [b["label"] for b in buttons(message)]
    assert "Colar minha config" in labels
    assert "Começar de novo" in labels


def test_a_question_becomes_buttons_within_discords_limits(
    client: TestClient, discord: Discord
) -> None:
    message = _start(client, discord, "help, out of memory")
    rows = message["components"]
    assert 1 <= len(rows) <= 5
    assert all(row["type"] == 1 and 1 <= len(row["components"]) <= 5 for row in rows)
    for button in buttons(message):
        assert button["type"] == 2
        assert len(button["custom_id"]) <= 100
        assert 1 <= len(button["label"]) <= 80
    values = {Handle.decode(b["custom_id"]).value for b in buttons(message) if b["style"] == 1}  # type: ignore[union-attr]
    assert values == {"enabled", "disabled", "unknown"}


def test_a_click_takes_the_turn_and_updates_the_message(
    client: TestClient, discord: Discord
) -> None:
    message = _start(client, discord, "help, out of memory")
    click = discord.click(STARTER, _button(message, "disabled")["custom_id"])
    response = discord.send(client, click)
    assert response.json()["type"] == 7
    updated = response.json()["data"]
    assert "gradient_checkpointing: true" in updated["embeds"][0]["description"]
    assert updated["allowed_mentions"] == {"parse": []}
    assert {Handle.decode(b["custom_id"]).turn for b in buttons(updated)} == {2}  # type: ignore[union-attr]


def test_a_double_click_applies_once_and_gets_an_ephemeral_note(
    client: TestClient, discord: Discord
) -> None:
    message = _start(client, discord, "help, out of memory")
    custom_id = _button(message, "disabled")["custom_id"]
    assert discord.send(client, discord.click(STARTER, custom_id)).json()["type"] == 7
    again = discord.send(client, discord.click(STARTER, custom_id))
    assert again.status_code == 200
    assert again.json()["type"] == 4
    assert again.json()["data"]["flags"] == 64
    assert "already answered" in again.json()["data"]["content"]
    conversation_id = Handle.decode(custom_id).conversation_id  # type: ignore[union-attr]
    assert context(client).service.get(conversation_id).state.turn == 2


def test_only_the_starter_can_press_the_buttons(client: TestClient, discord: Discord) -> None:
    message = _start(client, discord, "help, out of memory")
    custom_id = _button(message, "disabled")["custom_id"]
    response = discord.send(client, discord.click(OTHER, custom_id, locale="pt-BR"))
    data = response.json()["data"]
    assert response.json()["type"] == 4
    assert data["flags"] == 64
    assert data["content"].startswith("Só quem começou esta conversa")
    conversation_id = Handle.decode(custom_id).conversation_id  # type: ignore[union-attr]
    assert context(client).service.get(conversation_id).state.turn == 1


def test_a_forged_or_unknown_custom_id_gets_a_note(client: TestClient, discord: Discord) -> None:
    for custom_id in ["nonsense", "oom:o:AAAAAAAAAAAAAAAAAAAAAAAA:1:" + STARTER + ":disabled"]:
        response = discord.send(client, discord.click(STARTER, custom_id))
        assert response.status_code == 200
        assert response.json()["data"]["flags"] == 64


def test_the_interaction_locale_picks_the_language(client: TestClient, discord: Discord) -> None:
    portuguese = _start(client, discord, "", locale="pt-BR")
    french = _start(client, discord, "", locale="fr")
    assert "Começar de novo" in [b["label"] for b in buttons(portuguese)]
    assert "Start over" in [b["label"] for b in buttons(french)]


def test_start_over_begins_a_new_conversation_in_the_same_message(
    client: TestClient, discord: Discord
) -> None:
    message = _start(client, discord, ZIMAGE_PT)
    old = Handle.decode(_tool(message, "r"))
    response = discord.send(client, discord.click(STARTER, _tool(message, "r")))
    assert response.json()["type"] == 7
    new = Handle.decode(_tool(response.json()["data"], "r"))
    assert old is not None and new is not None
    assert new.conversation_id != old.conversation_id
    assert new.turn == 1


def test_answering_in_ones_own_words_goes_through_a_modal(
    client: TestClient, discord: Discord
) -> None:
    message = _start(client, discord, "help, out of memory")
    opened = discord.send(client, discord.click(STARTER, _tool(message, "t"))).json()
    assert opened["type"] == 9
    text_input = opened["data"]["components"][0]["components"][0]
    assert text_input["type"] == 4 and text_input["style"] == 1
    assert len(opened["data"]["title"]) <= 45
    submit = discord.submit(STARTER, opened["data"]["custom_id"], "I turned it off")
    response = discord.send(client, submit).json()
    assert response["type"] == 7
    assert "gradient_checkpointing: true" in response["data"]["embeds"][0]["description"]


def test_unknown_command_types_and_components_answer_without_error(
    client: TestClient, discord: Discord
) -> None:
    autocomplete = {**discord.command(STARTER, "x"), "type": 4}
    assert discord.send(client, autocomplete).status_code == 400
    modal_for_someone_else = discord.submit(OTHER, _tool(_start(client, discord, ""), "t"), "4")
    assert discord.send(client, modal_for_someone_else).json()["data"]["flags"] == 64
