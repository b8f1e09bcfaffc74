"""The OpenAPI document: /docs works and every endpoint of the REST API carries examples."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_docs_page_and_document(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    schema = client.get("/openapi.json").json()
    assert schema["info"]["title"] == "oomguide"


def test_every_v1_operation_has_examples(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path, operations in paths.items():
        if not path.startswith("/v1/"):
            continue
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None:
                assert body.get("examples"), f"{method} {path}: no request examples"
            ok = operation["responses"].get("201") or operation["responses"].get("200")
            if ok is not None and "application/json" in ok.get("content", {}):
                assert "example" in ok["content"]["application/json"], f"{method} {path}"


def test_documented_turn_example_is_a_real_answer(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    example = paths["/v1/conversations/{conversation_id}/replies"]["post"]["responses"]["200"]
    turn = example["content"]["application/json"]["example"]
    assert turn["answer"]["recommendations"][0]["code"] == "enable_gc"


def test_every_reference_resolves(client: TestClient) -> None:
    import json
    import re

    document = client.get("/openapi.json").json()
    names = set(document["components"]["schemas"])
    refs = set(re.findall(r'"#/components/schemas/([^"]+)"', json.dumps(document)))
    assert refs - names == set()
    body = document["paths"]["/v1/conversations/{conversation_id}/replies"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"]["$ref"].endswith("/ReplyBody")
