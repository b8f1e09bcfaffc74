"""Security headers on every response: what a browser may sniff, run and frame.

Every response says ``nosniff``, so a JSON or text body is never run as a script or page. An
HTML page that sets no policy of its own gets one that allows scripts from this origin only (no
inline script, so injected markup cannot run) and no framing by other sites (clickjacking); a
page with its own policy keeps it, with ``frame-ancestors 'none'`` added when it does not say.
No page of this service is meant to be framed: the widget is a script the host page loads.
"""

from __future__ import annotations

from typing import Final

from api.web.middleware import ASGIApp, Message, Receive, Scope, Send

PAGE_CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
_NO_FRAMING: Final = "frame-ancestors 'none'"


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = secured(list(message.get("headers", [])))
            await send(message)

        await self.app(scope, receive, with_headers)


def secured(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    names = {name.lower() for name, _ in headers}
    if b"x-content-type-options" not in names:
        headers.append((b"x-content-type-options", b"nosniff"))
    content_type = next((v for n, v in headers if n.lower() == b"content-type"), b"")
    if not content_type.lower().startswith(b"text/html"):
        return headers
    if b"content-security-policy" not in names:
        return [*headers, (b"content-security-policy", PAGE_CSP.encode())]
    return [_with_no_framing(n, v) for n, v in headers]


def _with_no_framing(name: bytes, value: bytes) -> tuple[bytes, bytes]:
    if name.lower() != b"content-security-policy" or b"frame-ancestors" in value:
        return name, value
    return name, value + b"; " + _NO_FRAMING.encode()
