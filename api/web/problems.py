"""Every error as application/problem+json; the only place that maps errors to status codes."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from api.service.conversations import StaleTurn
from api.service.period import BadPeriod
from api.store import ConversationNotFound, PayloadTooLarge, StoreUnavailable
from engine.config import ConfigError, ConfigLimit
from engine.errors import InvalidFacts, InvalidReply

log = logging.getLogger("oomguide.errors")
PROBLEM = "application/problem+json"


class SectionNotFound(Exception):
    def __init__(self, section: str, hint: str) -> None:
        super().__init__(section)
        self.section = section
        self.hint = hint


def problem(status: int, title: str, detail: str, **extra: Any) -> JSONResponse:
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra}
    return JSONResponse(body, status_code=status, media_type=PROBLEM)


def _validation(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"loc": [str(p) for p in e.get("loc", ())], "msg": e.get("msg", ""), "type": e.get("type")}
        for e in exc.errors()
    ]
    detail = "; ".join(f"{'.'.join(e['loc'])}: {e['msg']}" for e in errors[:10])
    return problem(422, "Unprocessable Content", detail or "invalid body", errors=errors)


def _config(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ConfigError)
    issues = [
        {
            "code": i.code,
            "message": i.message(),
            "line": i.line,
            "column": i.column,
            "field": i.field,
        }
        for i in exc.issues
    ]
    extra: dict[str, Any] = {"unlisted": exc.unlisted} if exc.unlisted else {}
    if isinstance(exc, ConfigLimit):
        return problem(422, "Config Over Limit", str(exc), errors=issues)
    return problem(400, "Bad Config", str(exc), errors=issues, **extra)


def _http(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    titles = {401: "Unauthorized", 404: "Not Found", 405: "Method Not Allowed"}
    title = titles.get(exc.status_code, "Error")
    response = problem(exc.status_code, title, str(exc.detail))
    if exc.headers:
        response.headers.update(exc.headers)
    return response


def _unavailable(request: Request, exc: Exception) -> JSONResponse:
    """The detail (a Redis address, a file's error) goes to the log, not to the client."""
    assert isinstance(exc, StoreUnavailable)
    log.warning("%s %s: %s", request.method, request.url.path, exc)
    return problem(503, "Service Unavailable", unavailable_reason(exc.backend))


def unavailable_reason(backend: str) -> str:
    """What a client is told when the store fails: plain, with nothing internal in it."""
    return f"the {backend} store cannot be used right now; try again shortly"


def _unexpected(_: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error", exc_info=exc)
    return problem(500, "Internal Server Error", "an unexpected error; it has been logged")


def install(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(ConfigError, _config)
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(StoreUnavailable, _unavailable)
    simple: dict[type[Exception], tuple[int, str]] = {
        ConversationNotFound: (404, "Not Found"),
        SectionNotFound: (404, "Not Found"),
        StaleTurn: (409, "Conflict"),
        InvalidReply: (422, "Unprocessable Content"),
        InvalidFacts: (422, "Unprocessable Content"),
        PayloadTooLarge: (413, "Payload Too Large"),
        BadPeriod: (422, "Unprocessable Content"),
    }
    for exc_type, (status, title) in simple.items():
        app.add_exception_handler(exc_type, _simple(status, title))
    app.add_exception_handler(Exception, _unexpected)


def _simple(status: int, title: str) -> Any:
    def handler(_: Request, exc: Exception) -> JSONResponse:
        detail = str(exc)
        if isinstance(exc, ConversationNotFound):
            detail = "no such conversation (unknown, or expired after being idle)"
        if isinstance(exc, SectionNotFound):
            detail = f"no section {exc.section!r}; {exc.hint}"
        return problem(status, title, detail)

    return handler
