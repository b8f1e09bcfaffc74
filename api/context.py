"""What the app builds once at start and hands to every route: settings, KB, engine, store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from api.metrics import Metrics
from api.ratelimit import RateLimiter
from api.service import ConversationService
from api.settings import Settings
from api.store import ConversationStore, open_store
from engine.engine import Engine
from kb.schema import KnowledgeBase
from kb.validate import load_validated
from locales import Catalog


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

    @classmethod
    def build(cls, settings: Settings) -> AppContext:
        """Load and check the KB (a broken KB fails here, at boot) and open the store."""
        kb, catalog = load_validated()
        engine = Engine(kb, catalog, settings.guide_url)
        store = open_store(
            database=settings.database,
            redis_url=settings.redis_url,
            ttl_seconds=settings.session_ttl,
        )
        return cls(
            settings,
            kb,
            catalog,
            engine,
            store,
            ConversationService(engine, store),
            RateLimiter(settings.rate_limit, settings.redis_url),
            Metrics(),
        )

    def close(self) -> None:
        self.store.close()
        self.limiter.close()


def context_of(request: Request) -> AppContext:
    """The context the app built at start; routes on the hot path call this directly."""
    context: AppContext = request.app.state.context
    return context


async def _context(request: Request) -> AppContext:
    return context_of(request)


Context = Annotated[AppContext, Depends(_context)]
