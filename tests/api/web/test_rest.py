"""The REST API in-process: the contract's shapes, statuses and problem+json errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine.config.job import MAX_PROCESSES

PROBLEM = "application/problem+json"


def start(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/v1/conversations", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def test_opening_with_everything_known_answers_at_once(client: TestClient) -> None:
    turn = start(
        client, locale="pt-BR", text="desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"
    )
    assert turn["kind"] == "answer"
    assert turn["locale"] == "pt-BR"
    answer = turn["answer"]
    assert isinstance(answer, dict)
    assert answer["recommendations"][0]["code"] == "enable_gc"
    assert "gradient_checkpointing: true" in answer["recommendations"][0]["text"]
    assert turn["facts"] == {**turn["facts"], "gc": "disabled", "model_family": "z_image"}
    sections = {c["section"] for c in turn["citations"]}
    assert "where-to-change" in sections
    assert turn["turn"] == 1
    assert isinstance(turn["kb_version"], str) and turn["kb_version"]
    assert turn["trace"]


def test_question_then_option_then_answer(client: TestClient) -> None:
    turn = start(client, locale="en", text="help, out of memory")
    assert turn["kind"] == "question"
    question = turn["question"]
    assert isinstance(question, dict) and question["fact"] == "gc"
    values = [o["value"] for o in question["options"]]
    assert "disabled" in values
    cid = turn["conversation_id"]
    reply = client.post(f"/v1/conversations/{cid}/replies", json={"value": "disabled", "turn": 1})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["kind"] == "answer" and body["turn"] == 2
    assert body["answer"]["recommendations"][0]["code"] == "enable_gc"
    view = client.get(f"/v1/conversations/{cid}").json()
    assert view["facts"]["gc"] == "disabled"
    assert [e["role"] for e in view["transcript"]] == ["user", "bot", "user", "bot"]


def test_same_turn_twice_is_a_conflict(client: TestClient) -> None:
    turn = start(client, locale="en", text="help, out of memory")
    cid = turn["conversation_id"]
    first = client.post(f"/v1/conversations/{cid}/replies", json={"value": "disabled", "turn": 1})
    again = client.post(f"/v1/conversations/{cid}/replies", json={"value": "disabled", "turn": 1})
    assert first.status_code == 200
    assert again.status_code == 409
    assert again.headers["content-type"] == PROBLEM
    assert client.get(f"/v1/conversations/{cid}").json()["turn"] == 2


def test_numeric_question_accepts_text(client: TestClient) -> None:
    turn = start(
        client,
        locale="en",
        facts={
            "goal": "fix_oom",
            "gc": "enabled",
            "oom_phase": "first_steps",
            "model_family": "other",
        },
    )
    assert turn["question"]["fact"] == "batch_size"
    reply = client.post(f"/v1/conversations/{turn['conversation_id']}/replies", json={"text": "4"})
    assert reply.status_code == 200
    body = reply.json()
    assert body["facts"]["batch_size"] == 4
    reduce = [r for r in body["answer"]["recommendations"] if r["code"] == "reduce_batch_size"]
    assert reduce and reduce[0]["params"]["batch_size"] == 2


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/v1/conversations", {"locale": "en", "facts": {"gc": "maybe"}}, 422),
        ("/v1/conversations", {"locale": "en", "facts": {"colour": "red"}}, 422),
        ("/v1/conversations", {"text": 5}, 422),
        ("/v1/conversations", {"unknown": 1}, 422),
        ("/v1/conversations", {"config": "job: [unclosed"}, 400),
        ("/v1/diagnose", {"config": "- just\n- a list\n"}, 400),
        ("/v1/configs/check", {"config": "a: b: c"}, 400),
        ("/v1/configs/check", {}, 422),
        ("/v1/conversations/nope/replies", {"value": "x"}, 404),
        ("/v1/conversations/nope/feedback", {"helpful": True}, 404),
    ],
)
def test_bad_requests_are_problems(
    client: TestClient, path: str, body: object, status: int
) -> None:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert problem["status"] == status and problem["title"] and problem["detail"]


def test_bad_config_names_line_and_column(client: TestClient) -> None:
    response = client.post("/v1/configs/check", json={"config": "job: extension\nconfig: [\n"})
    assert response.status_code == 400
    issue = response.json()["errors"][0]
    assert issue["line"] >= 2 and issue["column"] >= 1


def test_too_many_processes_is_422_naming_the_limit(client: TestClient) -> None:
    process = "    - type: sd_trainer\n"
    config = "job: extension\nconfig:\n  process:\n" + process * (MAX_PROCESSES + 1)
    for path in ("/v1/configs/check", "/v1/diagnose", "/v1/conversations"):
        response = client.post(path, json={"config": config})
        assert response.status_code == 422, (path, response.text)
        assert response.headers["content-type"] == PROBLEM
        assert f"at most {MAX_PROCESSES}" in response.json()["detail"]


def test_a_config_with_many_issues_lists_some_and_counts_the_rest(client: TestClient) -> None:
    config = (
        "job: extension\nconfig:\n  process:\n"
        + ("    - type: sd_trainer\n      datasets:\n" + "        - resolution: x\n" * 40) * 10
    )
    response = client.post("/v1/configs/check", json={"config": config})
    assert response.status_code == 400
    problem = response.json()
    assert len(problem["errors"]) + problem["unlisted"] == 400
    assert len(response.content) < 32_000  # 50 issues listed, each twice


def test_invalid_option_value_is_422(client: TestClient) -> None:
    turn = start(client, locale="en", text="help, out of memory")
    response = client.post(
        f"/v1/conversations/{turn['conversation_id']}/replies", json={"value": "banana"}
    )
    assert response.status_code == 422
    assert "banana" in response.json()["detail"]


def test_reply_needs_exactly_one_of_value_and_text(client: TestClient) -> None:
    turn = start(client, locale="en", text="help, out of memory")
    url = f"/v1/conversations/{turn['conversation_id']}/replies"
    assert client.post(url, json={}).status_code == 422
    assert client.post(url, json={"value": "disabled", "text": "x"}).status_code == 422


def test_body_too_large_is_413(client: TestClient) -> None:
    response = client.post(
        "/v1/conversations",
        content=b"{" + b" " * 400_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413
    assert response.headers["content-type"] == PROBLEM


def test_locale_from_accept_language_then_default(make_client: Callable[..., TestClient]) -> None:
    client = make_client(default_locale="en")
    headers = {"Accept-Language": "pt-PT;q=0.9, en;q=0.5"}
    assert client.post("/v1/conversations", json={}, headers=headers).json()["locale"] == "pt-BR"
    assert client.post("/v1/conversations", json={}).json()["locale"] == "en"
    assert client.post("/v1/conversations", json={"locale": "pt"}).json()["locale"] == "pt-BR"


def test_feedback_is_stored_with_path_and_kb_version(client: TestClient) -> None:
    turn = start(client, locale="en", text="help, out of memory")
    cid = turn["conversation_id"]
    response = client.post(
        f"/v1/conversations/{cid}/feedback", json={"helpful": False, "comment": "too long"}
    )
    assert response.status_code == 204
    store = client.app.state.context.store  # type: ignore[attr-defined]
    import json

    record = json.loads(store.feedback(cid)[0])
    assert record["helpful"] is False and record["comment"] == "too long"
    assert record["kb_version"] == turn["kb_version"]
    assert record["path"][0] == "start"


def test_diagnose_asks_nothing_and_lists_missing(client: TestClient) -> None:
    response = client.post("/v1/diagnose", json={"locale": "en", "facts": {"goal": "fix_oom"}})
    assert response.status_code == 200
    body = response.json()
    assert next(r["code"] for r in body["answer"]["recommendations"]) == "enable_gc"
    assert "gc" in [q["fact"] for q in body["missing"]]
    assert body["answer"]["risk"]["level"] in {"low", "medium", "high"}


def test_config_check_reports_processes(client: TestClient) -> None:
    config = (
        "job: extension\nconfig:\n  name: demo\n  process:\n    - type: sd_trainer\n"
        "      train:\n        batch_size: 4\n        gradient_checkpointing: off\n"
        "      datasets:\n        - folder_path: /x\n          resolution: [512, 1024, 1536]\n"
        "      model:\n        arch: zimage:turbo\n"
    )
    body = client.post("/v1/configs/check", json={"config": config, "locale": "en"}).json()
    assert body["facts"]["gc"] == "disabled" and body["facts"]["model_family"] == "z_image"
    assert body["answer"]["risk"]["level"] == "high"
    assert body["processes"][0]["facts"]["max_resolution"] == 1536
    assert body["answer"]["recommendations"][0]["code"] == "enable_gc"


def test_kb_sections_and_guide_page(client: TestClient) -> None:
    kb = client.get("/v1/kb").json()
    ids = [s["id"] for s in kb["sections"]]
    assert "speed-alternatives.buckets" in ids and set(kb["locales"]) == {"pt-BR", "en"}
    section = client.get("/v1/sections/where-to-change?locale=en").json()
    assert section["number"] == "4" and section["url"].endswith("#where-to-change")
    missing = client.get("/v1/sections/where-to-chnage")
    assert missing.status_code == 404 and "where-to-change" in missing.json()["detail"]
    page = client.get("/guide?locale=pt-BR")
    assert page.status_code == 200 and 'id="faq.still-oom"' in page.text


def test_health_and_metrics(client: TestClient) -> None:
    assert client.get("/healthz").json()["status"] == "ok"
    start(client, locale="en", text="help, out of memory")
    metrics = client.get("/metrics").text
    assert 'oomguide_questions_total{fact="gc"}' in metrics
    assert "oomguide_request_seconds_bucket" in metrics


def test_rate_limit_gives_retry_after(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate_limit=3)
    statuses = [client.post("/v1/diagnose", json={}).status_code for _ in range(4)]
    assert statuses[:3] == [200, 200, 200] and statuses[3] == 429
    limited = client.post("/v1/diagnose", json={})
    assert int(limited.headers["retry-after"]) >= 1


def test_cors_only_for_configured_origins(make_client: Callable[..., TestClient]) -> None:
    client = make_client(cors_origins=("https://help.example",))
    allowed = client.options(
        "/v1/diagnose",
        headers={"Origin": "https://help.example", "Access-Control-Request-Method": "POST"},
    )
    assert allowed.headers.get("access-control-allow-origin") == "https://help.example"
    other = client.post("/v1/diagnose", json={}, headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in other.headers


def test_request_id_is_echoed(client: TestClient) -> None:
    response = client.get("/healthz", headers={"X-Request-ID": "abc-123"})
    assert response.headers["x-request-id"] == "abc-123"
    generated = client.get("/healthz", headers={"X-Request-ID": "bad id with spaces"})
    assert generated.headers["x-request-id"] != "bad id with spaces"


@pytest.mark.parametrize(
    "content_type",
    [
        None,
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonp",
        "text/json",
    ],
)
@pytest.mark.parametrize(
    "path",
    ["/v1/conversations", "/v1/diagnose", "/v1/configs/check", "/v1/conversations/x/replies"],
)
def test_a_body_that_is_not_sent_as_json_is_415(
    client: TestClient, path: str, content_type: str | None
) -> None:
    headers = {"content-type": content_type} if content_type else {}

    response = client.post(path, content=b'{"text": "help, out of memory"}', headers=headers)

    assert response.status_code == 415
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["status"] == 415


@pytest.mark.parametrize(
    "content_type", ["application/json", "Application/JSON; charset=utf-8", "application/x+json"]
)
def test_a_json_content_type_is_accepted(client: TestClient, content_type: str) -> None:
    response = client.post(
        "/v1/conversations",
        content=b'{"text": "help, out of memory"}',
        headers={"content-type": content_type},
    )
    assert response.status_code == 201


_HUGE_BATCH = (
    "job: extension\nconfig:\n  name: demo\n  process:\n    - type: sd_trainer\n"
    "      train:\n        batch_size: 99999999999999999999\n        gradient_checkpointing: off\n"
    "      sample:\n        sample_every: 4\n        sample_steps: 1000001\n"
    "      model:\n        arch: zimage:turbo\n"
)


@pytest.mark.parametrize("path", ["/v1/configs/check", "/v1/diagnose", "/v1/conversations"])
def test_a_config_value_out_of_the_facts_range_is_refused_where_it_stands(
    client: TestClient, path: str
) -> None:
    response = client.post(path, json={"config": _HUGE_BATCH, "locale": "en"})

    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(e["field"], e["line"]) for e in errors] == [
        ("config.process[0].train.batch_size", 7),
        ("config.process[0].sample.sample_steps", 11),
    ]
    assert "up to 1,000,000" in errors[0]["message"]


@pytest.mark.parametrize(
    "text",
    [
        f"OOM!\n```yaml\n{_HUGE_BATCH}```",
        "OOM with batch_size 99999999999999999999 and gradient checkpointing off",
    ],
    ids=["pasted-config", "free-text"],
)
def test_a_value_out_of_range_in_a_message_is_not_taken(client: TestClient, text: str) -> None:
    response = client.post("/v1/conversations", json={"text": text, "locale": "en"})

    assert response.status_code == 201, response.text
    assert "batch_size" not in response.json()["facts"]
    assert "sample_steps" not in response.json()["facts"]


def test_the_same_facts_from_a_caller_are_422(client: TestClient) -> None:
    facts = {"batch_size": 99999999999999999999, "sample_steps": 1000001}
    response = client.post("/v1/diagnose", json={"facts": facts})
    assert response.status_code == 422
