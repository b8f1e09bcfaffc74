"""Prometheus metrics of one app, in its own registry so that several apps never collide.

Under `oomguide serve` the counters are prometheus-client's multiprocess ones (the command sets
PROMETHEUS_MULTIPROC_DIR before any worker starts): each worker writes its own file and a
scrape adds them all up, so every scrape sees the whole server whichever worker answers it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from api.service.analytics import Analytics
from engine.models import Diagnosis, Turn

CONTENT_TYPE = CONTENT_TYPE_LATEST
MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"  # prometheus-client's own variable


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.shared_dir = os.environ.get(MULTIPROCESS_DIR) or None
        self._events: _EventLogCollector | None = None
        self.turns = Counter(
            "oomguide_turns",
            "Conversation turns taken",
            ["kind", "channel"],
            registry=self.registry,
        )
        self.answers = Counter(
            "oomguide_answers",
            "Recommendations given, by advice code",
            ["code"],
            registry=self.registry,
        )
        self.questions = Counter(
            "oomguide_questions", "Questions asked, by fact", ["fact"], registry=self.registry
        )
        self.errors = Counter(
            "oomguide_errors", "Error responses, by status", ["status"], registry=self.registry
        )
        self.latency = Histogram(
            "oomguide_request_seconds",
            "Request latency",
            ["route"],
            registry=self.registry,
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
        )
        self.event_log_errors = Counter(
            "oomguide_event_log_errors",
            "Events that could not be recorded in the event log",
            registry=self.registry,
        )

    def turn(self, turn: Turn, channel: str) -> None:
        self.turns.labels(turn.kind, channel).inc()
        if turn.answer is not None:
            for rec in turn.answer.recommendations:
                self.answers.labels(rec.code).inc()
        if turn.question is not None:
            self.questions.labels(turn.question.fact).inc()

    def diagnosis(self, diagnosis: Diagnosis) -> None:
        for rec in diagnosis.answer.recommendations:
            self.answers.labels(rec.code).inc()

    def watch_events(self, snapshot: Callable[[], Analytics | None]) -> None:
        """Publish what the event log says (the whole server's, whatever process answers)."""
        self._events = _EventLogCollector(snapshot)
        self.registry.register(self._events)

    def render(self) -> bytes:
        if self.shared_dir is None:
            return generate_latest(self.registry)
        every_worker = CollectorRegistry()
        MultiProcessCollector(every_worker, path=self.shared_dir)  # type: ignore[no-untyped-call]
        if self._events is not None:  # already the whole server's: read from the shared log
            every_worker.register(self._events)
        return generate_latest(every_worker)


class _EventLogCollector(Collector):
    """Gauges from the last snapshot of the event log (a day, refreshed each minute while
    scraped), so that they count every process's conversations."""

    def __init__(self, snapshot: Callable[[], Analytics | None]) -> None:
        self._snapshot = snapshot

    def collect(self) -> Iterator[Metric]:
        data = self._snapshot()
        if data is None:
            return
        conversations = GaugeMetricFamily(
            "oomguide_conversations",
            "Conversations started in the last day, by outcome, channel and locale",
            labels=["outcome", "channel", "locale"],
        )
        for cell in data.cells:
            conversations.add_metric([cell.outcome, cell.channel, cell.locale], cell.count)
        answers = GaugeMetricFamily(
            "oomguide_answers_shown",
            "Answers shown in the last day's conversations, by answer node",
            labels=["node"],
        )
        for node, count in data.answers_by_node.items():
            answers.add_metric([node], count)
        abandoned = GaugeMetricFamily(
            "oomguide_abandoned",
            "The last day's conversations abandoned at a question, by question node",
            labels=["question"],
        )
        for step in data.funnel:
            abandoned.add_metric([step.node], step.abandoned)
        yield from (conversations, answers, abandoned)
