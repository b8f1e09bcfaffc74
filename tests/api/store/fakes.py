"""Test doubles shared by the store tests: a hand-moved clock and a store opener."""

from __future__ import annotations

from dataclasses import dataclass, field

from api.store import ConversationStore, open_store

TTL_SECONDS = 100


@dataclass
class FakeClock:
    """A clock the test moves by hand."""

    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class StoreFactory:
    """Opens stores of one backend, all on the same data, and closes them at teardown."""

    database: str
    redis_url: str | None
    clock: FakeClock = field(default_factory=FakeClock)
    opened: list[ConversationStore] = field(default_factory=list)

    @property
    def backend(self) -> str:
        return "redis" if self.redis_url else "sqlite"

    def __call__(self, *, ttl_seconds: int = TTL_SECONDS) -> ConversationStore:
        store = open_store(
            database=self.database,
            redis_url=self.redis_url,
            ttl_seconds=ttl_seconds,
            clock=self.clock,
        )
        self.opened.append(store)
        return store

    def close_all(self) -> None:
        for store in self.opened:
            store.close()
