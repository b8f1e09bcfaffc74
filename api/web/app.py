"""The FastAPI application: built once per process from typed settings."""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from api import channels
from api.settings import Settings
from api.web import docs_pages, openapi_doc, problems
from api.web.context import AppContext
from api.web.middleware import BodyLimit, RateLimit, RequestContext
from api.web.routes import admin, site, v1
from api.web.security import SecurityHeaders

DESCRIPTION = """Troubleshooting assistant for out-of-memory crashes in AI Toolkit LoRA training,
answering from the gradient-checkpointing guide with citations, in pt-BR and en."""


def create_app(
    settings: Settings | None = None,
    context: AppContext | None = None,
    *,
    close_on_shutdown: bool = False,
) -> FastAPI:
    """The app; a server process closes its store at shutdown, while in-process callers (tests,
    ASGI test transports that run the lifespan on every request) close the context themselves."""
    settings = settings or Settings.from_env()
    context = context or AppContext.build(settings)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        if close_on_shutdown:
            context.close()

    app = FastAPI(
        title="oomguide",
        version="0.1.0",
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # served offline by api.web.docs_pages
        redoc_url=None,
        # The service's metrics are Prometheus's (/metrics) and its log is its own; left on,
        # FastAPI's OpenTelemetry would look for the global providers on every request.
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.state.context = context
    problems.install(app)
    openapi_doc.install(app, context)
    app.include_router(v1.router)
    app.include_router(site.router)
    app.include_router(docs_pages.router)
    app.include_router(admin.router)
    _install_channels(app)
    app.add_middleware(RateLimit, limiter=context.limiter, blocking=context.limiter.blocking)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Content-Type", "Accept-Language", "X-Oomguide-Channel"],
        )
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestContext, metrics=context.metrics)
    if settings.trusted_proxies:
        # Outermost: the client the rate limit and the logs see is the one a trusted proxy
        # names; from anyone else, X-Forwarded-For is ignored.
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    return app


def _install_channels(app: FastAPI) -> None:
    for router in channels.routers():
        app.include_router(router)


def _configure_logging() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    # The access log writes a record per request. Its format shows no caller, thread or process,
    # so records do not gather them (the switches of the logging HOWTO's "Optimization").
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False
    logging._srcfile = None


def factory() -> FastAPI:
    """Entry point for `uvicorn --factory api.web.app:factory` (each worker builds its own app)."""
    _configure_logging()
    app = create_app(close_on_shutdown=True)
    # Everything built so far (the KB, templates, libraries) lives as long as the process; keep
    # it out of the cyclic collector's full passes, which otherwise stall a request now and then.
    gc.collect()
    gc.freeze()
    # A long config check holds the interpreter on its thread; it hands over every millisecond
    # (not every five), so that the event loop and short requests wait less behind it.
    sys.setswitchinterval(0.001)
    return app
