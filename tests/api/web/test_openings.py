"""Two openings that answer at once: a job config alone is diagnosed before any question, and
text with no locale is answered in the language it is written in."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from locales import pick_locale
from tests.server import start_server

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ZIMAGE_HIGH = (FIXTURES / "zimage_high.yaml").read_text(encoding="utf-8")
ENGLISH, PORTUGUESE = (
    "my LoRA training ran out of memory",
    "meu treino de LoRA deu falta de memória",
)
UNCLEAR = "OOM"  # reads as neither language


def post(client: TestClient, path: str, status: int = 201, **body: Any) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    data: dict[str, Any] = response.json()
    return data


# --- a config alone -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("locale", "risk_line", "asked"),
    [
        ("en", "Risk with these settings: high", "Has this job run out of memory (OOM) yet?"),
        ("pt-BR", "Risco com estas configurações: alto", "Esse job já deu falta de memória (OOM)?"),
    ],
)
def test_a_config_alone_is_answered_with_its_diagnosis_then_the_crash_question(
    client: TestClient, locale: str, risk_line: str, asked: str
) -> None:
    turn = post(client, "/v1/conversations", locale=locale, config=ZIMAGE_HIGH)
    assert turn["kind"] == "answer" and turn["done"] is False
    assert turn["answer"]["risk"] == {
        **turn["answer"]["risk"],
        "level": "high",
        "family": "z_image",
    }
    codes = [r["code"] for r in turn["answer"]["recommendations"]]
    assert codes[:3] == ["enable_gc", "start_conservative", "remove_highest_bucket"]
    assert risk_line in turn["text"] and asked in turn["text"]
    assert turn["question"]["fact"] == "oom_phase"
    assert "none" in [o["value"] for o in turn["question"]["options"]]
    assert "risk-families" in {c["section"] for c in turn["citations"]}

    cid = turn["conversation_id"]
    path = f"/v1/conversations/{cid}/replies"
    crashed = post(client, path, 200, value="first_steps", turn=1)
    assert crashed["facts"]["goal"] == "fix_oom"
    assert crashed["question"]["fact"] == "gc_retry"


def test_it_did_not_crash_then_asks_the_goal(client: TestClient) -> None:
    turn = post(client, "/v1/conversations", locale="en", config=ZIMAGE_HIGH)
    path = f"/v1/conversations/{turn['conversation_id']}/replies"
    fine = post(client, path, 200, text="it did not crash, it runs fine", turn=1)
    assert fine["facts"]["oom_phase"] == "none" and "goal" not in fine["facts"]
    assert fine["kind"] == "question" and fine["question"]["fact"] == "goal"


def test_text_that_disagrees_with_the_config_is_overruled_and_told(client: TestClient) -> None:
    turn = post(client, "/v1/conversations", locale="en", text="GC is on", config=ZIMAGE_HIGH)
    assert turn["facts"]["gc"] == "disabled"
    assert "for `train.gradient_checkpointing`, but the config says **Off (false)**" in turn["text"]


def test_a_diagnosis_of_a_config_alone_lists_the_crash_question(client: TestClient) -> None:
    body = post(client, "/v1/diagnose", 200, locale="pt-BR", config=ZIMAGE_HIGH)
    assert body["answer"]["recommendations"][0]["code"] == "enable_gc"
    assert body["answer"]["risk"]["level"] == "high"
    assert [q["fact"] for q in body["missing"]] == ["oom_phase"]


# --- the language of the text -------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/v1/conversations", "/v1/diagnose"])
@pytest.mark.parametrize(
    ("default", "text", "expected"),
    [
        ("pt-BR", ENGLISH, "en"),
        ("en", PORTUGUESE, "pt-BR"),
        ("pt-BR", UNCLEAR, "pt-BR"),
        ("en", UNCLEAR, "en"),
    ],
)
def test_with_no_locale_the_text_language_picks_it_else_the_default(
    make_client: Callable[..., TestClient], path: str, default: str, text: str, expected: str
) -> None:
    client = make_client(default_locale=default)
    status = 201 if path == "/v1/conversations" else 200
    assert post(client, path, status, text=text)["locale"] == expected


def test_the_body_and_the_header_still_come_before_the_text(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(default_locale="pt-BR")
    body = {"text": ENGLISH}
    said = client.post("/v1/conversations", json={**body, "locale": "pt-BR"})
    assert said.json()["locale"] == "pt-BR"
    header = client.post("/v1/conversations", json=body, headers={"Accept-Language": "pt-BR"})
    assert header.json()["locale"] == "pt-BR"
    # A header naming no supported language is no choice: the text's language is.
    french = client.post("/v1/conversations", json=body, headers={"Accept-Language": "fr-FR"})
    assert french.json()["locale"] == "en"


def test_pick_locale_asks_for_the_text_language_only_when_needed() -> None:
    asked: list[str] = []

    def detected() -> str | None:
        asked.append("asked")
        return "en"

    assert pick_locale("pt", None, "pt-BR", detected) == "pt-BR"
    assert pick_locale(None, "pt-BR,en;q=0.5", "en", detected) == "pt-BR"
    assert asked == []
    assert pick_locale(None, None, "pt-BR", detected) == "en"
    assert pick_locale(None, None, "en", lambda: None) == "en"
    assert pick_locale(None, None, "en", lambda: "xx") == "en"


@pytest.mark.server
def test_english_text_with_no_locale_through_a_real_server(tmp_path: Path) -> None:
    env = {"OOMGUIDE_DATABASE": str(tmp_path / "db.sqlite"), "OOMGUIDE_DEFAULT_LOCALE": "pt-BR"}
    with start_server(env, tmp_path) as server:
        english = httpx.post(f"{server.url}/v1/conversations", json={"text": ENGLISH})
        assert english.status_code == 201 and english.json()["locale"] == "en"
        config = httpx.post(f"{server.url}/v1/conversations", json={"config": ZIMAGE_HIGH})
        assert config.json()["kind"] == "answer" and config.json()["locale"] == "pt-BR"
