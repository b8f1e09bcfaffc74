"""What the app builds once at start and hands to every route: settings, KB, engine, store."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Annotated, TypeVar

import anyio
import anyio.to_thread
from fastapi import Depends, Request

from api.service.conversations import ConversationService
from api.service.events import EventWriter, Recorder
from api.service.insights import Insights
from api.settings import Settings
from api.store import ConversationStore, StoreUnavailable, open_store
from api.store.events import open_event_log
from api.web.metrics import Metrics
from api.web.ratelimit import RateLimiter
from engine.engine import Engine
from kb.schema import KnowledgeBase
from kb.validate import load_validated
from locales import Catalog

T = TypeVar("T")
STORE_THREADS = 16  # store calls in flight per process; the rest queue, within the same wait


class StoreCalls:
    """Runs work that touches the store on threads of its own, never on the event loop, and
    fails it with StoreUnavailable once it has waited ``timeout`` seconds (queued or running).

    The store's own timeouts (SQLite's busy timeout, Redis's socket timeout) are shorter, so
    this bound only shows when calls queue up; a call given up on finishes on its thread. Own
    threads, so that a stalled store cannot take the threads that stateless routes run on.
    """

    def __init__(self, backend: str, timeout: float, threads: int = STORE_THREADS) -> None:
        self.backend = backend
        self.timeout = timeout
        self._threads = threads
        self._limiter: anyio.CapacityLimiter | None = None  # made in the event loop

    async def run(self, call: Callable[..., T], *args: object) -> T:
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self._threads)
        try:
            with anyio.fail_after(self.timeout):
                return await anyio.to_thread.run_sync(
                    partial(call, *args), limiter=self._limiter, abandon_on_cancel=True
                )
        except TimeoutError:
            reason = f"no answer within {self.timeout:g} s"
            raise StoreUnavailable(self.backend, reason) from None


@dataclass(frozen=True)
class AppContext:
    settings: Settings
    kb: KnowledgeBase
    catalog: Catalog
    engine: Engine
    store: ConversationStore
    service: ConversationService
    limiter: RateLimiter
    metrics: Metrics
    store_calls: StoreCalls
    insights: Insights

    @classmethod
    def build(
        cls, settings: Settings, loaded: tuple[KnowledgeBase, Catalog] | None = None
    ) -> AppContext:
        """Load and check the KB (a broken KB fails here, at boot), unless given one already
        loaded and checked, and open the store."""
        kb, catalog = loaded or load_validated()
        engine = Engine(kb, catalog, settings.guide_url)
        store = open_store(
            database=settings.database,
            redis_url=settings.redis_url,
            ttl_seconds=settings.session_ttl,
            timeout_seconds=settings.store_timeout,
        )
        metrics = Metrics()
        insights = _insights(settings, metrics)
        recorder = Recorder(
            insights.writer,
            keep_texts=settings.keep_texts,
            retention=settings.text_retention,
        )
        return cls(
            settings,
            kb,
            catalog,
            engine,
            store,
            ConversationService(engine, store, recorder),
            RateLimiter(settings.rate_limit, settings.redis_url, settings.database),
            metrics,
            StoreCalls(store.backend, settings.store_timeout + 1.0),
            insights,
        )

    def close(self) -> None:
        if self.insights.writer is not None:
            self.insights.writer.close()  # what is pending written, and its thread stopped
        self.insights.log.close()
        self.store.close()
        self.limiter.close()


def _insights(settings: Settings, metrics: Metrics) -> Insights:
    """The event log beside the store, its writer, and the metrics read from it."""
    log = open_event_log(
        database=settings.database,
        redis_url=settings.redis_url,
        timeout_seconds=settings.store_timeout,
    )
    writer = EventWriter(log, on_error=metrics.event_log_errors.inc)
    insights = Insights(log, writer, session_ttl=settings.session_ttl)
    writer.refresh = insights.refresh
    metrics.watch_events(insights.snapshot)
    return insights


async def _context(request: Request) -> AppContext:
    """The context the app built at start."""
    context: AppContext = request.app.state.context
    return context


Context = Annotated[AppContext, Depends(_context)]
