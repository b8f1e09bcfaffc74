"""Requests the bots make themselves: fetching an attachment and posting a follow-up. Both go
only to hosts the settings allow, over https unless http is explicitly allowed (for tests)."""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import Any, Final
from urllib.parse import urlsplit

import httpx

log = logging.getLogger("oomguide.channels")
TIMEOUT: Final = httpx.Timeout(5.0)


class FetchError(Exception):
    """An attachment that was not fetched; ``reason`` names the channel text to show."""

    def __init__(self, reason: str, **params: object) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params


def allowed(url: str, hosts: Collection[str], allow_http: bool) -> bool:
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return False
    schemes = {"https", "http"} if allow_http else {"https"}
    return parts.scheme in schemes and host is not None and host.lower() in hosts


def fetch_text(url: str, limit: int, hosts: Collection[str], allow_http: bool) -> str:
    """The body of ``url`` as UTF-8 text, refusing more than ``limit`` bytes while streaming
    (a Content-Length header can lie or be absent)."""
    if not allowed(url, hosts, allow_http):
        raise FetchError("attachment_host")
    try:
        with (
            httpx.Client(timeout=TIMEOUT, follow_redirects=False) as client,
            client.stream("GET", url) as response,
        ):
            if not response.is_success:
                raise FetchError("attachment_failed")
            data = _read_bounded(response, limit)
    except httpx.HTTPError as exc:
        log.warning("attachment fetch failed: %s", type(exc).__name__)
        raise FetchError("attachment_failed") from None
    return data.decode("utf-8", errors="replace")


def _read_bounded(response: httpx.Response, limit: int) -> bytes:
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise FetchError("attachment_too_large", size=int(declared), limit=limit)
    chunks: list[bytes] = []
    total = 0
    for chunk in response.iter_bytes():
        total += len(chunk)
        if total > limit:
            raise FetchError("attachment_too_large", size=total, limit=limit)
        chunks.append(chunk)
    return b"".join(chunks)


def send_json(
    method: str, url: str, body: dict[str, Any], *, hosts: Collection[str], allow_http: bool
) -> bool:
    """Send one follow-up; failures are logged, not raised (nobody is waiting on them)."""
    if not allowed(url, hosts, allow_http):
        log.warning("follow-up to a host that is not allowed was dropped")
        return False
    try:
        with httpx.Client(timeout=TIMEOUT, follow_redirects=False) as client:
            response = client.request(method, url, json=body)
    except httpx.HTTPError as exc:
        log.warning("follow-up failed: %s", type(exc).__name__)
        return False
    if not response.is_success:
        log.warning("follow-up refused with status %s", response.status_code)
    return response.is_success
