"""The event log as the REST API feeds it, and what /v1/analytics and /admin/report make of it."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

TOKEN = "s3cret-admin-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
ClientFactory = Callable[..., TestClient]


def _start(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/v1/conversations", json=body)
    assert response.status_code == 201, response.text
    turn: dict[str, Any] = response.json()
    return turn


def _analytics(client: TestClient, since: str = "7d") -> dict[str, Any]:
    response = client.get(f"/v1/analytics?since={since}", headers=AUTH)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_without_a_configured_token_both_pages_are_not_found(make_client: ClientFactory) -> None:
    client = make_client()
    assert client.get("/v1/analytics", headers=AUTH).status_code == 404
    assert client.get("/admin/report", headers=AUTH).status_code == 404


@pytest.mark.parametrize("path", ["/v1/analytics", "/admin/report"])
@pytest.mark.parametrize(
    "header", [None, "Bearer wrong", f"Basic {TOKEN}", "Bearer", f"bearer  {TOKEN}x"]
)
def test_without_the_token_both_pages_are_unauthorized(
    make_client: ClientFactory, path: str, header: str | None
) -> None:
    client = make_client(admin_token=TOKEN)
    headers = {"Authorization": header} if header else {}
    response = client.get(path, headers=headers)
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"
    assert response.headers["content-type"] == "application/problem+json"


def test_a_bad_period_is_422_not_500(make_client: ClientFactory) -> None:
    client = make_client(admin_token=TOKEN)
    response = client.get("/v1/analytics?since=lately", headers=AUTH)
    assert response.status_code == 422
    assert "since" in response.json()["detail"]


def test_a_conversation_to_its_answer_with_feedback(make_client: ClientFactory) -> None:
    client = make_client(admin_token=TOKEN)
    turn = _start(client, locale="en", text="help, out of memory")
    assert turn["kind"] == "question"
    cid = turn["conversation_id"]
    while turn["kind"] == "question" and not turn["done"]:
        value = turn["question"]["options"][0]["value"] if turn["question"]["options"] else None
        body = {"value": value} if value else {"text": "2"}
        response = client.post(f"/v1/conversations/{cid}/replies", json=body)
        turn = response.json()
    assert turn["answer"] is not None
    client.post(f"/v1/conversations/{cid}/feedback", json={"helpful": True})
    data = _analytics(client)
    assert data["conversations"] == 1
    assert data["outcomes"]["answered"] + data["outcomes"]["outside_guide"] == 1
    assert data["helpful"] == {"yes": 1, "no": 0, "rate": None}
    assert data["by"]["locale"]["en"]["conversations"] == 1
    assert data["by"]["channel"]["rest"]["conversations"] == 1
    assert data["funnel"], "the questions asked are in the funnel"
    assert all(step["answered"] == step["reached"] for step in data["funnel"])
    assert data["time_to_first_answer"]["count"] == 1
    assert data["misread"] == []


def test_an_open_question_and_a_widget_opening(make_client: ClientFactory) -> None:
    client = make_client(admin_token=TOKEN)
    client.post(
        "/v1/conversations",
        json={"locale": "pt-BR", "text": "socorro, deu OOM"},
        headers={"X-Oomguide-Channel": "widget"},
    )
    data = _analytics(client)
    assert data["outcomes"]["open"] == 1
    assert data["by"]["channel"] == {"widget": data["by"]["channel"]["widget"]}
    pending = [s for s in data["funnel"] if s["open"] == 1]
    assert len(pending) == 1


def test_a_misread_opening_is_kept_masked_and_listed(make_client: ClientFactory) -> None:
    client = make_client(admin_token=TOKEN)
    _start(client, locale="en", text="hello there, mail me at ana@example.com")
    _start(client, locale="en", text="z-image OOMs with gc off")
    data = _analytics(client)
    assert data["misread_messages"] == 1
    assert [m["text"] for m in data["misread"]] == ["hello there, mail me at [email]"]
    assert data["misread"][0]["locale"] == "en"
    assert data["misread"][0]["channel"] == "rest"


def test_with_keep_texts_none_no_user_text_is_in_the_file(
    make_client: ClientFactory, make_settings: Callable[..., Any]
) -> None:
    client = make_client(admin_token=TOKEN, keep_texts="none")
    words = "qwertyuiop asdfghjkl"
    turn = _start(client, locale="en", text=words)
    client.post(f"/v1/conversations/{turn['conversation_id']}/replies", json={"text": words})
    client.post(
        f"/v1/conversations/{turn['conversation_id']}/feedback",
        json={"helpful": False, "comment": words},
    )
    data = _analytics(client)
    assert data["misread_messages"] == 2
    assert data["misread"] == []
    database = make_settings().database
    with sqlite3.connect(database) as connection:
        events = connection.execute("SELECT * FROM event").fetchall()
        texts = connection.execute("SELECT * FROM event_text").fetchall()
    assert events
    assert texts == []
    assert not any("qwerty" in str(row) for row in events)


def test_the_report_page_is_html_in_the_chosen_language(make_client: ClientFactory) -> None:
    client = make_client(admin_token=TOKEN)
    _start(client, locale="en", text="help, out of memory")
    _start(client, locale="en", text="???")
    for locale, heading in (("en", "oomguide report"), ("pt-BR", "Relatório do oomguide")):
        response = client.get(f"/admin/report?locale={locale}", headers=AUTH)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
        page = response.text
        assert f'<html lang="{locale}">' in page
        assert heading in page
        assert page.count('<svg role="img"') >= 3
        assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "").replace(
            "http://www.w3.org/1999/xlink", ""
        ).replace("http://purl.org", "").replace("http://creativecommons.org", "").replace(
            "http://www.w3.org/1999/02/22-rdf-syntax-ns#", ""
        )


def test_metrics_publish_the_event_log_once_scraped(make_client: ClientFactory) -> None:
    client = make_client()
    _start(client, locale="en", text="help, out of memory")
    _start(client, locale="pt-BR", text="desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4")
    insights = client.app.state.context.insights  # type: ignore[attr-defined]
    insights.writer.flush()
    insights.refresh()
    assert "oomguide_conversations{" not in client.get("/metrics").text  # not asked for yet
    insights.refresh()
    text = client.get("/metrics").text
    assert 'oomguide_conversations{channel="rest",locale="en",outcome="open"} 1.0' in text
    assert 'oomguide_conversations{channel="rest",locale="pt-BR",outcome="answered"} 1.0' in text
    assert 'oomguide_answers_shown{node="a_enable_gc"} 1.0' in text
    assert 'oomguide_abandoned{question="q_gc"} 0.0' in text
