"""Requests the bots make themselves: fetching an attachment and posting a follow-up. Both go
only to hosts the settings allow, over https unless http is explicitly allowed (for tests)."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Collection
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, Final
from urllib.parse import urlsplit

import httpx
import tenacity

log = logging.getLogger("oomguide.channels")
TIMEOUT: Final = httpx.Timeout(5.0)
# A follow-up is tried this many times in all. Discord's interaction token and Slack's
# response_url both last long enough for the waits in between.
ATTEMPTS: Final = 4
RETRIED_STATUSES: Final = frozenset({408, 429, 500, 502, 503, 504})
MAX_RETRY_AFTER: Final = 60.0  # seconds; a platform asking for longer is waited on no more


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
    """Send one follow-up, retried with backoff while the platform is busy or unreachable;
    a final failure is logged, not raised (nobody is waiting on it)."""
    if not allowed(url, hosts, allow_http):
        log.warning("follow-up to a host that is not allowed was dropped")
        return False
    with httpx.Client(timeout=TIMEOUT, follow_redirects=False) as client:
        try:
            response = _retrying(lambda: client.request(method, url, json=body))
        except httpx.HTTPError as exc:
            log.warning("follow-up failed after %d attempts: %s", ATTEMPTS, type(exc).__name__)
            return False
    if not response.is_success:
        log.warning("follow-up refused with status %s", response.status_code)
    return response.is_success


def _retrying(send: Callable[[], httpx.Response]) -> httpx.Response:
    retrying = tenacity.Retrying(
        stop=tenacity.stop_after_attempt(ATTEMPTS),
        wait=_wait,
        retry=(
            tenacity.retry_if_exception_type(httpx.TransportError)
            | tenacity.retry_if_result(lambda r: r.status_code in RETRIED_STATUSES)
        ),
        # After the last attempt: its response as it is, or its error raised.
        retry_error_callback=lambda state: state.outcome.result() if state.outcome else None,
        reraise=True,
    )
    response: httpx.Response = retrying(send)
    return response


_backoff = tenacity.wait_exponential_jitter(multiplier=0.5, max=8.0)


def _wait(state: tenacity.RetryCallState) -> float:
    """The wait the platform asked for (Retry-After on a 429 or 503), else exponential."""
    outcome = state.outcome
    if outcome is not None and not outcome.failed:
        asked = retry_after(outcome.result().headers.get("retry-after"))
        if asked is not None:
            return min(asked, MAX_RETRY_AFTER)
    return _backoff(state)


def retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds from a Retry-After header: a number of seconds, or an HTTP date."""
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            return None
        seconds = (when - (now or datetime.now(UTC))).total_seconds()
    return max(seconds, 0.0) if math.isfinite(seconds) else None
