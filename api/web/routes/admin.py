"""What the support team sees: analytics as JSON and the report as a page, behind a token.

Without ``OOMGUIDE_ADMIN_TOKEN`` both answer 404, so that nothing is exposed by default; with
it, a request without the right bearer token gets 401.
"""

from __future__ import annotations

import hmac
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query
from fastapi.responses import HTMLResponse
from starlette.exceptions import HTTPException

from api.service.analytics import Analytics
from api.service.report_html import render_report
from api.web.context import Context
from api.web.problems import PROBLEM
from api.web.schemas import Problem
from locales import pick_locale

router = APIRouter(tags=["admin"])
Since = Annotated[str | None, Query(max_length=40, description="7d, 24h, 90m or a date")]


def _admitted(ctx: Context, authorization: Annotated[str | None, Header()] = None) -> None:
    token = ctx.settings.admin_token
    if not token:
        raise HTTPException(404, "Not Found")
    scheme, _, given = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip(), token):
        raise HTTPException(
            401, "a bearer token (OOMGUIDE_ADMIN_TOKEN) is needed", {"WWW-Authenticate": "Bearer"}
        )


Admitted = Depends(_admitted)


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": Problem, "content": {PROBLEM: {}}} for code in codes}


@router.get(
    "/v1/analytics",
    response_model=Analytics,
    dependencies=[Admitted],
    responses=_errors(401, 404, 422, 503),
)
def analytics(ctx: Context, since: Since = None) -> Analytics:
    """Outcomes, the funnel per question, helpful rates and misread messages since `since`."""
    return ctx.insights.analytics(since)


@router.get(
    "/admin/report",
    response_class=HTMLResponse,
    dependencies=[Admitted],
    responses=_errors(401, 404, 422, 503),
)
def report(
    ctx: Context,
    since: Since = None,
    locale: Annotated[str | None, Query(max_length=35)] = None,
    accept_language: Annotated[str | None, Header(max_length=512)] = None,
) -> HTMLResponse:
    """The same numbers as a self-contained page with charts, in pt-BR or en."""
    chosen = pick_locale(locale, accept_language, ctx.settings.default_locale)
    data = ctx.insights.analytics(since)
    return HTMLResponse(render_report(data, chosen, ctx.catalog))
