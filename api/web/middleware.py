"""Plain ASGI middleware (cheaper than Starlette's BaseHTTPMiddleware on every request):
request ids and access logs, body size limits, per-client rate limits, latency metrics."""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio.to_thread

from api.web.metrics import Metrics
from api.web.ratelimit import RateLimiter

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("oomguide.access")
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
_CONVERSATION = re.compile(r"(/conversations/)([^/]+)")
_ID_SHOWN = 6
_UNLIMITED = ("/healthz", "/readyz", "/metrics", "/widget.js", "/favicon.ico")


async def send_problem(
    send: Send,
    status: int,
    title: str,
    detail: str,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    body = json.dumps(
        {"type": "about:blank", "title": title, "status": status, "detail": detail}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/problem+json"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class RequestContext:
    """Gives every request an id (echoed in X-Request-ID), logs it, times it."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _REQUEST_ID.match(given) else uuid.uuid4().hex
        scope.setdefault("state", {})["request_id"] = request_id
        started = time.perf_counter()
        status = [500]

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                message["headers"] = [
                    *message.get("headers", []),
                    (b"x-request-id", request_id.encode()),
                ]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            route = scope.get("route")
            path = getattr(route, "path", "unmatched")
            self.metrics.latency.labels(path).observe(elapsed)
            if status[0] >= 400:
                self.metrics.errors.labels(str(status[0])).inc()
            log.info(
                "%s %s %s %d %.2fms",
                request_id,
                scope["method"],
                shortened(scope["path"]),
                status[0],
                elapsed * 1000,
            )


def shortened(path: str) -> str:
    """A path for the access log: a conversation id is as good as a password to whoever holds
    it, so the log keeps only its first characters (enough to tell requests apart)."""
    return _CONVERSATION.sub(lambda m: m[1] + m[2][:_ID_SHOWN] + "…", path)


class BodyLimit:
    """413 for a body over the limit, by Content-Length or by what actually arrives."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
            await send_problem(
                send, 413, "Payload Too Large", f"the body is over {self.max_bytes} bytes"
            )
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise _TooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await send_problem(
                    send, 413, "Payload Too Large", f"the body is over {self.max_bytes} bytes"
                )


class _TooLarge(Exception):
    pass


class RateLimit:
    """429 with Retry-After once a client goes over its requests per minute."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter, blocking: bool) -> None:
        self.app = app
        self.limiter = limiter
        self.blocking = blocking  # Redis or SQLite: waits, not on the loop

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or not self.limiter.enabled
            or scope["path"].startswith(_UNLIMITED)
        ):
            await self.app(scope, receive, send)
            return
        client = scope.get("client") or ("unknown", 0)
        key = str(client[0])
        if self.blocking:
            decision = await anyio.to_thread.run_sync(self.limiter.hit, key)
        else:
            decision = self.limiter.hit(key)
        if not decision.allowed:
            await send_problem(
                send,
                429,
                "Too Many Requests",
                f"rate limit reached; retry in {decision.retry_after} s",
                [(b"retry-after", str(decision.retry_after).encode())],
            )
            return
        await self.app(scope, receive, send)
