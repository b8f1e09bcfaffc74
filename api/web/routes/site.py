"""Pages and probes outside /v1: the guide page, health, metrics, the widget and its demo."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated, Any

import jinja2
from fastapi import APIRouter, Header, Query, Response
from fastapi.responses import FileResponse, HTMLResponse
from markdown_it import MarkdownIt
from markupsafe import Markup

from api.service.describe import section_view
from api.store import StoreUnavailable
from api.web.context import Context
from api.web.metrics import CONTENT_TYPE
from api.web.problems import unavailable_reason
from api.web.schemas import Health, Problem, Readiness
from locales import pick_locale

router = APIRouter()
log = logging.getLogger("oomguide.errors")
_PROBLEMS: dict[int | str, dict[str, Any]] = {
    422: {"model": Problem, "content": {"application/problem+json": {}}}
}
STATIC = Path(__file__).resolve().parents[2] / "static"
_PAGES = jinja2.Environment(
    loader=jinja2.PackageLoader("api", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
)
# The KB's texts are CommonMark, as the widget shows them; raw HTML in them is shown as text
# and a link's scheme is checked (markdown-it's validateLink refuses javascript: and the like).
_MARKDOWN = MarkdownIt("commonmark", {"html": False})
_PAGES.filters["markdown"] = lambda text: Markup(_MARKDOWN.render(text))
_PAGES.filters["markdown_inline"] = lambda text: Markup(_MARKDOWN.renderInline(text))
_GUIDE_HEADING = {
    "pt-BR": "Guia: Gradient Checkpointing e OOM no AI Toolkit",
    "en": "Guide: Gradient Checkpointing and OOM in AI Toolkit",
}


@router.get("/guide", response_class=HTMLResponse, tags=["site"], responses=_PROBLEMS)
def guide_page(
    ctx: Context,
    locale: Annotated[str | None, Query(max_length=35)] = None,
    accept_language: Annotated[str | None, Header(max_length=512)] = None,
) -> str:
    """The guide's sections (number, title, summary), one anchor per section id."""
    chosen = pick_locale(locale, accept_language, ctx.settings.default_locale)
    sections = [section_view(ctx.engine, s.id, chosen) for s in ctx.kb.sections]
    return _PAGES.get_template("guide.html").render(
        locale=chosen,
        heading=_GUIDE_HEADING[chosen],
        sections=sections,
        languages=[("pt-BR", "Português"), ("en", "English")],
        language_label="Idioma" if chosen == "pt-BR" else "Language",
    )


@router.get("/healthz", response_model=Health, tags=["site"])
async def healthz(ctx: Context) -> Health:
    """Liveness: the process answers. It touches nothing that could wait."""
    return Health(status="ok", kb_version=ctx.kb.version)


@router.get(
    "/readyz", response_model=Readiness, tags=["site"], responses={503: {"model": Readiness}}
)
async def readyz(ctx: Context, response: Response) -> Readiness:
    """Readiness: the store can be written now (a real write, on the store's threads)."""
    try:
        await ctx.store_calls.run(ctx.store.check_writable)
    except StoreUnavailable as error:
        log.warning("not ready: %s", error)
        response.status_code = 503
        reason = unavailable_reason(ctx.store.backend)
        return Readiness(status="unavailable", store=ctx.store.backend, reason=reason)
    return Readiness(status="ready", store=ctx.store.backend)


@router.get("/metrics", tags=["site"], response_class=Response)
async def metrics(ctx: Context) -> Response:
    """Prometheus text format."""
    return Response(ctx.metrics.render(), media_type=CONTENT_TYPE)


@router.get("/widget.js", tags=["site"], response_class=FileResponse)
def widget() -> FileResponse:
    return FileResponse(STATIC / "widget.js", media_type="text/javascript; charset=utf-8")


# The demo page is served under a strict policy, to show that the widget needs no inline
# script or style allowance from the site that embeds it.
DEMO_CSP = "default-src 'self'"


@router.get("/", tags=["site"], response_class=FileResponse)
def demo() -> FileResponse:
    """A fictional support site that embeds the widget."""
    return FileResponse(
        STATIC / "index.html",
        media_type="text/html; charset=utf-8",
        headers={"Content-Security-Policy": DEMO_CSP},
    )


@router.get("/demo.css", tags=["site"], response_class=FileResponse)
def demo_css() -> FileResponse:
    return FileResponse(STATIC / "demo.css", media_type="text/css; charset=utf-8")
