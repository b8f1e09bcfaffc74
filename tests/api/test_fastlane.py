"""The fast lane for the hot routes: it answers exactly as FastAPI's own router does, for good
requests and bad ones, and takes nothing else."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from api.app import create_app
from api.fastlane import FastLane
from api.middleware import Receive, Scope, Send
from api.routes import v1
from tests.conftest import SettingsFactory

ID = re.compile(r"[A-Za-z0-9_-]{24}")
JSON = {"Content-Type": "application/json"}
ENGLISH = {"Accept-Language": "en"}
Request_ = tuple[str, str, bytes | None, dict[str, str]]

# (method, path, body, headers): {cid} is a conversation started the same way on both apps.
REQUESTS: list[Request_] = [
    ("POST", "/v1/diagnose", b'{"locale": "en", "text": "GC off, Z-Image OOM, batch 4"}', JSON),
    (
        "POST",
        "/v1/diagnose",
        b'{"text": "desliguei o GC e deu OOM"}',
        {**JSON, "Accept-Language": "en"},
    ),
    ("POST", "/v1/diagnose", b'{"facts": {"gc": "maybe"}}', JSON),
    ("POST", "/v1/diagnose", b'{"config": "train: [unclosed"}', JSON),
    ("POST", "/v1/diagnose", b'{"locale": 5, "extra": true}', JSON),
    ("POST", "/v1/diagnose", b"{not json", JSON),
    ("POST", "/v1/diagnose", b"", JSON),
    ("POST", "/v1/diagnose", b'{"text": "oom"}', {"Content-Type": "text/plain"}),
    ("POST", "/v1/diagnose/", b'{"text": "oom"}', JSON),
    ("GET", "/v1/diagnose", None, {}),
    ("POST", "/v1/conversations", b'{"locale": "en", "text": "help, out of memory"}', JSON),
    ("POST", "/v1/conversations", b'{"text": 12}', JSON),
    ("POST", "/v1/conversations/{cid}/replies", b'{"value": "sideways", "turn": 1}', JSON),
    ("POST", "/v1/conversations/{cid}/replies", b'{"value": "disabled", "turn": 1}', JSON),
    ("POST", "/v1/conversations/{cid}/replies", b'{"value": "disabled", "turn": 1}', JSON),
    ("POST", "/v1/conversations/{cid}/replies", b'{"text": "Z-Image with batch 4"}', JSON),
    ("POST", "/v1/conversations/{cid}/replies", b"[]", JSON),
    ("POST", "/v1/conversations/AAAAAAAAAAAAAAAAAAAAAAAA/replies", b'{"text": "x"}', JSON),
    ("POST", "/v1/conversations/not-an-id/replies", b'{"text": "x"}', JSON),
    ("POST", "/v1/conversations/{cid}/replies/", b'{"text": "x"}', JSON),
    ("PUT", "/v1/conversations/{cid}/replies", b'{"text": "x"}', JSON),
]


@pytest.fixture
def clients(make_settings: SettingsFactory) -> Iterator[tuple[TestClient, TestClient]]:
    settings = make_settings()
    apps = [create_app(settings), create_app(settings, fast_lane=False)]
    with TestClient(apps[0]) as fast, TestClient(apps[1]) as plain:
        yield fast, plain
    for app in apps:
        app.state.context.close()


def _seen(
    client: TestClient, cid: str, request: tuple[str, str, bytes | None, dict[str, str]]
) -> Any:
    method, path, body, headers = request
    response = client.request(method, path.format(cid=cid), content=body, headers=headers)
    kept = {
        k: v for k, v in response.headers.items() if k not in {"x-request-id", "content-length"}
    }
    return response.status_code, kept, ID.sub("<id>", response.text)


def test_every_answer_is_the_one_fastapi_gives(clients: tuple[TestClient, TestClient]) -> None:
    fast, plain = clients
    opening = {"locale": "en", "text": "help, out of memory"}
    cids = [c.post("/v1/conversations", json=opening).json()["conversation_id"] for c in clients]
    for request in REQUESTS:
        assert _seen(fast, cids[0], request) == _seen(plain, cids[1], request), request


def test_latency_is_recorded_under_the_route_template(
    clients: tuple[TestClient, TestClient],
) -> None:
    fast, _ = clients
    fast.post("/v1/diagnose", json={"text": "oom"})
    metrics = fast.get("/metrics").text
    assert 'oomguide_request_seconds_count{route="/v1/diagnose"} 1.0' in metrics


class _Downstream:
    """The app behind the lane: records what reaches it and answers 418."""

    def __init__(self) -> None:
        self.paths: list[str] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.paths.append(f"{scope['method']} {scope['path']}")
        await Response(status_code=418)(scope, receive, send)


def test_the_lane_takes_only_its_routes() -> None:
    router = APIRouter(prefix="/v1")

    @router.post("/things/{thing_id}")
    async def thing(thing_id: str, request: Request) -> Response:
        return Response(thing_id, media_type="text/plain")

    downstream = _Downstream()
    routes = [r for r in router.routes if isinstance(r, APIRoute)]
    lane = FastLane(downstream, routes=routes, exception_handlers={})
    client = TestClient(lane)  # no lifespan: the recorder answers HTTP only
    assert client.post("/v1/things/7").text == "7"
    assert client.get("/v1/things/7").status_code == 418
    assert client.post("/v1/things/7/more").status_code == 418
    assert client.post("/v1/things").status_code == 418
    assert downstream.paths == ["GET /v1/things/7", "POST /v1/things/7/more", "POST /v1/things"]


def test_a_route_that_needs_fastapi_is_refused() -> None:
    router = APIRouter()

    @router.post("/needs-a-body")
    async def needs_a_body(body: dict[str, int]) -> Response:
        return Response()

    with pytest.raises(TypeError, match="cannot take the fast lane"):
        FastLane(FastAPI(), [r for r in router.routes if isinstance(r, APIRoute)], {})


def test_the_hot_routes_are_all_in_the_lane() -> None:
    hot = {r.path for r in v1.router.routes if isinstance(r, APIRoute) and r.endpoint in v1.HOT}
    assert hot == {
        "/v1/diagnose",
        "/v1/conversations",
        "/v1/conversations/{conversation_id}/replies",
    }
