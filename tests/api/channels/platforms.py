"""Stand-ins for Discord and Slack: their documented payloads, signed the way they sign them,
and a real local HTTP server in place of their webhook APIs and attachment CDN.

The requests go through any httpx client: an in-process TestClient, or a client of a real
server (its ``base_url`` set)."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlencode

from fastapi.testclient import TestClient
from httpx import Client, Response
from nacl.encoding import HexEncoder
from nacl.signing import SigningKey

from api.web.context import AppContext


def context(client: TestClient) -> AppContext:
    ctx: AppContext = client.app.state.context  # type: ignore[attr-defined]
    return ctx


_ids = itertools.count(1_000_000_000_000_000_000)


def snowflake() -> str:
    return str(next(_ids))


@dataclass
class Recorded:
    method: str
    path: str
    body: bytes
    headers: dict[str, str]
    at: float = field(default_factory=time.monotonic)

    def json(self) -> Any:
        return json.loads(self.body)


class _RecordingServer(ThreadingHTTPServer):
    owner: LocalServer


class _Handler(BaseHTTPRequestHandler):
    server: _RecordingServer

    def log_message(self, *_: Any) -> None:
        pass

    def _record(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        headers = {k.lower(): v for k, v in self.headers.items()}
        self.server.owner.record(Recorded(self.command, self.path, body, headers))

    def do_GET(self) -> None:
        self._record()
        data = self.server.owner.files.get(self.path)
        self.send_response(200 if data is not None else 404)
        self.send_header("Content-Length", str(len(data or b"")))
        self.end_headers()
        self.wfile.write(data or b"")

    def _ok(self) -> None:
        self._record()
        replies = self.server.owner.replies
        status, headers = replies.pop(0) if replies else (200, {})
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    do_POST = _ok
    do_PATCH = _ok
    do_PUT = _ok


@dataclass
class LocalServer:
    """Records every request it gets and serves files put in ``files``; POST, PATCH and PUT
    are answered with the statuses and headers queued in ``replies``, then with 200."""

    files: dict[str, bytes] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)
    replies: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    _server: _RecordingServer | None = None
    _thread: threading.Thread | None = None
    _arrived: threading.Condition = field(default_factory=threading.Condition)
    _first: dict[str, Recorded] = field(default_factory=dict)  # by path

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> LocalServer:
        self._server = _RecordingServer(("127.0.0.1", 0), _Handler)
        self._server.owner = self
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def record(self, request: Recorded) -> None:
        with self._arrived:
            self.requests.append(request)
            self._first.setdefault(request.path, request)
            self._arrived.notify_all()

    def wait_for(self, path: str, timeout: float = 30.0) -> Recorded:
        """The first request to ``path``, once it has come: a follow-up is sent after the
        platform's request was acknowledged, so it may not be here yet."""
        with self._arrived:
            if not self._arrived.wait_for(lambda: path in self._first, timeout):
                raise TimeoutError(f"nothing came to {path} within {timeout:g} s")
            return self._first[path]

    def only(self, method: str) -> Recorded:
        matching = [r for r in self.requests if r.method == method]
        assert len(matching) == 1, [(r.method, r.path) for r in self.requests]
        return matching[0]


# --- Discord ------------------------------------------------------------------------------------
@dataclass
class Discord:
    """A Discord application: its key pair, and the interactions Discord would send."""

    signing_key: SigningKey = field(default_factory=SigningKey.generate)
    application_id: str = field(default_factory=snowflake)

    @property
    def public_key(self) -> str:
        return self.signing_key.verify_key.encode(HexEncoder).decode()

    def headers(self, body: bytes, timestamp: str | None = None) -> dict[str, str]:
        timestamp = timestamp or str(int(time.time()))
        signature = self.signing_key.sign(timestamp.encode() + body).signature.hex()
        return {
            "X-Signature-Ed25519": signature,
            "X-Signature-Timestamp": timestamp,
            "Content-Type": "application/json",
        }

    def send(self, client: Client, payload: dict[str, Any]) -> Response:
        body = json.dumps(payload, separators=(",", ":")).encode()
        response: Response = client.post(
            "/integrations/discord/interactions", content=body, headers=self.headers(body)
        )
        return response

    def _base(self, kind: int, user: str, locale: str) -> dict[str, Any]:
        return {
            "id": snowflake(),
            "application_id": self.application_id,
            "type": kind,
            "guild_id": "290926798626357250",
            "channel_id": "290926798999357250",
            "member": {
                "user": {"id": user, "username": "someone", "discriminator": "0"},
                "roles": [],
            },
            "token": f"interaction-token-{snowflake()}",
            "version": 1,
            "locale": locale,
            "guild_locale": "en-US",
        }

    def ping(self) -> dict[str, Any]:
        return {
            "id": snowflake(),
            "application_id": self.application_id,
            "type": 1,
            "token": "t",
            "version": 1,
        }

    def command(
        self,
        user: str,
        message: str | None = None,
        locale: str = "en-US",
        attachment: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        options: list[dict[str, Any]] = []
        data: dict[str, Any] = {"id": snowflake(), "name": "oom", "type": 1, "options": options}
        if message is not None:
            options.append({"name": "message", "type": 3, "value": message})
        if attachment is not None:
            options.append({"name": "config", "type": 11, "value": attachment["id"]})
            data["resolved"] = {"attachments": {attachment["id"]: attachment}}
        return {**self._base(2, user, locale), "data": data}

    def click(self, user: str, custom_id: str, locale: str = "en-US") -> dict[str, Any]:
        return {
            **self._base(3, user, locale),
            "message": {"id": snowflake(), "content": "", "components": []},
            "data": {"custom_id": custom_id, "component_type": 2},
        }

    def submit(
        self, user: str, custom_id: str, value: str, locale: str = "en-US"
    ) -> dict[str, Any]:
        row = {"type": 1, "components": [{"type": 4, "custom_id": "text", "value": value}]}
        return {
            **self._base(5, user, locale),
            "message": {"id": snowflake(), "content": "", "components": []},
            "data": {"custom_id": custom_id, "components": [row]},
        }


def attachment(url: str, size: int, filename: str = "job.yaml") -> dict[str, Any]:
    return {
        "id": snowflake(),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
        "content_type": "application/x-yaml; charset=utf-8",
    }


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message["components"] for c in row["components"]]


# --- Slack ------------------------------------------------------------------------------------
@dataclass
class Slack:
    """A Slack app: its signing secret, and the requests Slack would send."""

    secret: str = field(default_factory=lambda: hashlib.sha256(snowflake().encode()).hexdigest())

    def headers(self, body: bytes, timestamp: int | None = None) -> dict[str, str]:
        stamp = str(timestamp if timestamp is not None else int(time.time()))
        base = b"v0:" + stamp.encode() + b":" + body
        digest = hmac.new(self.secret.encode(), base, hashlib.sha256).hexdigest()
        return {
            "X-Slack-Request-Timestamp": stamp,
            "X-Slack-Signature": f"v0={digest}",
            "Content-Type": "application/x-www-form-urlencoded",
        }

    def command_form(self, user: str, text: str, response_url: str) -> bytes:
        return urlencode(
            {
                "token": "gIkuvaNzQIHg97ATvDxqgjtO",
                "team_id": "T0001",
                "team_domain": "example",
                "channel_id": "C2147483705",
                "channel_name": "support",
                "user_id": user,
                "user_name": "someone",
                "command": "/oom",
                "text": text,
                "api_app_id": "A123456",
                "response_url": response_url,
                "trigger_id": "13345224609.738474920.8088930838d88f008e0",
            }
        ).encode()

    def command(self, client: Client, user: str, text: str, response_url: str) -> Response:
        body = self.command_form(user, text, response_url)
        url = "/integrations/slack/commands"
        response: Response = client.post(url, content=body, headers=self.headers(body))
        return response

    def actions_form(self, user: str, action: dict[str, Any], response_url: str) -> bytes:
        payload = {
            "type": "block_actions",
            "user": {"id": user, "username": "someone", "name": "someone", "team_id": "T0001"},
            "api_app_id": "A123456",
            "token": "gIkuvaNzQIHg97ATvDxqgjtO",
            "container": {
                "type": "message",
                "message_ts": "1548261231.000200",
                "is_ephemeral": True,
            },
            "trigger_id": "12321423423.333649436676.d8c1bb837935619ccad0f624c448ffb3",
            "team": {"id": "T0001", "domain": "example"},
            "channel": {"id": "C2147483705", "name": "support"},
            "response_url": response_url,
            "actions": [
                {
                    **action,
                    "block_id": action.get("block_id", "oom-actions"),
                    "action_ts": "1548426417.840180",
                }
            ],
        }
        return urlencode({"payload": json.dumps(payload)}).encode()

    def act(self, client: Client, user: str, action: dict[str, Any], response_url: str) -> Response:
        body = self.actions_form(user, action, response_url)
        url = "/integrations/slack/actions"
        response: Response = client.post(url, content=body, headers=self.headers(body))
        return response


def slack_buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for b in message["blocks"] if b["type"] == "actions" for e in b["elements"]]


def click_action(button: dict[str, Any]) -> dict[str, Any]:
    """What Slack sends back for a button: its action_id, value and text."""
    return {
        "type": "button",
        "action_id": button["action_id"],
        "value": button["value"],
        "text": button["text"],
    }


def typed_action(message: dict[str, Any], value: str) -> dict[str, Any]:
    box = next(b for b in message["blocks"] if b["type"] == "input")
    return {
        "type": "plain_text_input",
        "block_id": box["block_id"],
        "action_id": box["element"]["action_id"],
        "value": value,
    }
