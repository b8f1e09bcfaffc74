"""`oomguide report` and `oomguide review`: the event log read from the configured store."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from api.service.analytics import OUTCOMES, Analytics, Helpful
from api.service.insights import Insights
from api.service.report_html import render_report
from api.service.review import dump, entries, read_existing
from api.settings import Settings
from api.store.events import open_event_log
from locales import Catalog


def read_analytics(settings: Settings, since: str | None) -> Analytics:
    """Raises BadPeriod for an unreadable ``since``, StoreUnavailable for an unreadable log."""
    log = open_event_log(
        database=settings.database,
        redis_url=settings.redis_url,
        timeout_seconds=settings.store_timeout,
    )
    try:
        return Insights(log, None, session_ttl=settings.session_ttl).analytics(since)
    finally:
        log.close()


def write_html(data: Analytics, catalog: Catalog, path: Path) -> None:
    path.write_text(render_report(data, None, catalog), encoding="utf-8")


def print_tables(console: Console, data: Analytics) -> None:
    console.print(f"{data.since} → {data.until}: {data.conversations} conversations")
    summary = Table("outcome", "conversations", title="Outcomes")
    for outcome in OUTCOMES:
        summary.add_row(outcome, str(getattr(data.outcomes, outcome)))
    console.print(summary)
    helpful = Table("group", "value", "conversations", "helpful", "not helpful", "rate")
    helpful.title = "Helpful (no rate under 10 votes)"
    helpful.add_row("all", "", str(data.conversations), *_votes(data.helpful))
    for group, split in data.by.items():
        for key, counts in split.items():
            helpful.add_row(group, key, str(counts.conversations), *_votes(counts.helpful))
    console.print(helpful)
    funnel = Table("question", "fact", "reached", "answered", "abandoned", "open", title="Funnel")
    for s in data.funnel:
        funnel.add_row(s.node, s.fact, *map(str, (s.reached, s.answered, s.abandoned, s.open)))
    console.print(funnel)
    advice = Table("advice code", "given", title="Advice codes most given")
    for a in data.advice:
        advice.add_row(a.code, str(a.count))
    console.print(advice)
    time = data.time_to_first_answer
    console.print(f"time to first answer: median {time.median} s, p90 {time.p90} s ({time.count})")
    print_misread(console, data)


def print_misread(console: Console, data: Analytics) -> None:
    table = Table("at", "locale", "channel", "text", title="Misread messages, newest first")
    for m in data.misread:
        table.add_row(m.at, m.locale, m.channel, escape(m.text))  # "[url]" is not markup
    console.print(table)
    console.print(f"{data.misread_messages} misread messages, {len(data.misread)} kept")


def export_review(data: Analytics, path: Path) -> int:
    """Append the misread messages not yet in ``path`` as corpus entries; how many were added."""
    existing = read_existing(path.read_text(encoding="utf-8")) if path.exists() else []
    added = entries(data.misread, existing)
    path.write_text(dump([*existing, *added]), encoding="utf-8")
    return len(added)


def _votes(helpful: Helpful) -> tuple[str, str, str]:
    rate = "—" if helpful.rate is None else f"{helpful.rate * 100:.1f} %"
    return str(helpful.yes), str(helpful.no), rate
