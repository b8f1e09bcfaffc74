"""Discord probes the endpoint with badly signed requests and drops it unless each gets 401."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient
from nacl.signing import SigningKey

from tests.api.channels.platforms import Discord

URL = "/integrations/discord/interactions"


def _body(discord: Discord) -> bytes:
    return json.dumps(discord.ping(), separators=(",", ":")).encode()


def test_a_signed_ping_gets_a_pong(client: TestClient, discord: Discord) -> None:
    body = _body(discord)
    response = client.post(URL, content=body, headers=discord.headers(body))
    assert response.status_code == 200
    assert response.json() == {"type": 1}


@pytest.mark.parametrize("missing", ["X-Signature-Ed25519", "X-Signature-Timestamp"])
def test_a_missing_header_is_401(client: TestClient, discord: Discord, missing: str) -> None:
    body = _body(discord)
    headers = discord.headers(body)
    del headers[missing]
    assert client.post(URL, content=body, headers=headers).status_code == 401


@pytest.mark.parametrize(
    "signature",
    ["zz" * 64, "abc", "", "00" * 63, "00" * 65, "ü" * 128, "00" * 64],
    ids=["bad-hex", "odd-length", "empty", "short", "long", "non-ascii", "zeros"],
)
def test_a_malformed_signature_is_401(client: TestClient, discord: Discord, signature: str) -> None:
    body = _body(discord)
    headers = {**discord.headers(body), "X-Signature-Ed25519": signature}
    response = client.post(URL, content=body, headers={k: v.encode() for k, v in headers.items()})
    assert response.status_code == 401


def test_a_tampered_body_is_401(client: TestClient, discord: Discord) -> None:
    body = _body(discord)
    headers = discord.headers(body)
    tampered = body.replace(b'"type":1', b'"type":2')
    assert tampered != body
    assert client.post(URL, content=tampered, headers=headers).status_code == 401


def test_a_reserialised_body_is_401(client: TestClient, discord: Discord) -> None:
    body = _body(discord)
    headers = discord.headers(body)
    reserialised = json.dumps(json.loads(body), indent=1).encode()
    assert json.loads(reserialised) == json.loads(body)
    assert client.post(URL, content=reserialised, headers=headers).status_code == 401


def test_another_timestamp_is_401(client: TestClient, discord: Discord) -> None:
    body = _body(discord)
    headers = {**discord.headers(body, "1700000000"), "X-Signature-Timestamp": "1700000001"}
    assert client.post(URL, content=body, headers=headers).status_code == 401


@pytest.mark.parametrize(
    "timestamp",
    [
        -365 * 86_400,
        -6 * 60,
        6 * 60,
        "not-a-time",
        "1e9",
        " 1700000000",
        "9" * 40,
    ],
    ids=[
        "a-year-old",
        "six-minutes-old",
        "six-minutes-ahead",
        "not-a-time",
        "float",
        "space",
        "huge",
    ],
)
def test_a_correctly_signed_replay_is_401(
    client: TestClient, discord: Discord, timestamp: int | str
) -> None:
    # A number is seconds off the time of sending, not of collection: a test can run minutes
    # after it was collected, when "six minutes ahead" has become five.
    if isinstance(timestamp, int):
        timestamp = str(int(time.time()) + timestamp)
    body = _body(discord)
    headers = discord.headers(body, timestamp)
    response = client.post(URL, content=body, headers=headers)
    assert response.status_code == 401


def test_a_timestamp_a_few_minutes_off_is_accepted(client: TestClient, discord: Discord) -> None:
    body = _body(discord)
    for skew in (-4 * 60, 4 * 60):
        headers = discord.headers(body, str(int(time.time()) + skew))
        assert client.post(URL, content=body, headers=headers).status_code == 200


def test_another_key_is_401(client: TestClient, discord: Discord) -> None:
    body = _body(discord)
    impostor = Discord(signing_key=SigningKey.generate())
    assert client.post(URL, content=body, headers=impostor.headers(body)).status_code == 401


def test_a_signed_body_that_is_not_json_is_400(client: TestClient, discord: Discord) -> None:
    body = b"\xff not json"
    assert client.post(URL, content=body, headers=discord.headers(body)).status_code == 400


@pytest.mark.parametrize("payload", [[1, 2], {"type": [1]}, {"type": 99}, {}])
def test_signed_nonsense_is_a_client_error(
    client: TestClient, discord: Discord, payload: object
) -> None:
    body = json.dumps(payload).encode()
    assert client.post(URL, content=body, headers=discord.headers(body)).status_code == 400


def test_no_public_key_is_503(app_client: object, discord: Discord) -> None:
    client = app_client(discord_public_key=None)  # type: ignore[operator]
    body = _body(discord)
    assert client.post(URL, content=body, headers=discord.headers(body)).status_code == 503


def _patched(payload: dict[str, object], path: tuple[str, ...], value: object) -> object:
    """``payload`` with the field at ``path`` replaced by ``value``."""
    node: dict[str, object] = payload
    for key in path[:-1]:
        child = node[key]
        assert isinstance(child, dict)
        node = child
    node[path[-1]] = value
    return payload


@pytest.mark.parametrize(
    ("kind", "path", "value"),
    [
        ("command", ("data", "options"), 5),
        ("command", ("data", "options"), [5]),
        ("command", ("data", "options"), [{"name": "message", "value": {"a": 1}}]),
        ("command", ("data", "resolved"), {"attachments": {"1": "x"}}),
        ("command", ("data",), [1]),
        ("command", ("member",), {"user": 5}),
        ("command", ("locale",), 5),
        ("submit", ("data", "components"), 5),
        ("submit", ("data", "components"), [{"components": 5}]),
        ("submit", ("data", "components"), [{"components": [{"custom_id": "text", "value": 5}]}]),
        ("click", ("data", "custom_id"), ["oom"]),
    ],
)
def test_a_signed_interaction_of_the_wrong_shape_is_400(
    client: TestClient, discord: Discord, kind: str, path: tuple[str, ...], value: object
) -> None:
    payloads = {
        "command": discord.command("80351110224678912", "my run died"),
        "submit": discord.submit("80351110224678912", "oom:mt:abc:1:80351110224678912:", "4"),
        "click": discord.click("80351110224678912", "oom:o:abc:1:80351110224678912:x"),
    }
    response = discord.send(client, _patched(payloads[kind], path, value))  # type: ignore[arg-type]

    assert response.status_code == 400
    assert response.headers["content-type"] == "application/problem+json"
    assert ".".join(path[1:]) in response.json()["detail"]
