"""`oomguide report` and `oomguide review`: the event log read from the configured store."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from api.service.analytics import MIN_VOTES_FOR_RATE, OUTCOMES, Analytics, Helpful
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


def print_tables(console: Console, data: Analytics, catalog: Catalog, locale: str) -> None:
    def t(key: str, **params: object) -> str:
        return catalog.render(f"report.{key}", locale, params)

    console.print(t("period", since=data.since, until=data.until))
    summary = Table(t("outcomes.title"), t("conversations"), title=t("summary"))
    summary.add_row(t("conversations"), str(data.conversations))
    for outcome in OUTCOMES:
        summary.add_row(t(f"outcome.{outcome}"), str(getattr(data.outcomes, outcome)))
    console.print(summary)
    columns = [t("conversations"), t("helpful_yes"), t("helpful_no"), t("helpful_rate")]
    helpful = Table("", t("group.value"), *columns, title=t("helpful_rate"))
    helpful.add_row("", "", str(data.conversations), *_votes(data.helpful, t))
    for group, split in data.by.items():
        for key, counts in split.items():
            votes = _votes(counts.helpful, t)
            helpful.add_row(t(f"group.{group}"), key, str(counts.conversations), *votes)
    console.print(helpful)
    parts = ("reached", "answered", "abandoned", "open")
    funnel = Table(
        t("funnel.node"),
        t("funnel.fact"),
        *(t(f"funnel.{p}") for p in parts),
        title=t("funnel.title"),
    )
    for s in data.funnel:
        funnel.add_row(s.node, s.fact, *(str(getattr(s, p)) for p in parts))
    console.print(funnel)
    advice = Table(t("advice.code"), t("advice.x"), title=t("advice.title"))
    for a in data.advice:
        advice.add_row(a.code, str(a.count))
    console.print(advice)
    time = data.time_to_first_answer
    console.print(
        f"{t('time.title')}: {t('time.median')} {time.median} s, {t('time.p90')} {time.p90} s"
    )
    print_misread(console, data, catalog, locale)


def print_misread(console: Console, data: Analytics, catalog: Catalog, locale: str) -> None:
    def t(key: str) -> str:
        return catalog.render(f"report.{key}", locale)

    table = Table(t("misread.at"), t("locale"), t("channel"), t("misread.text"))
    table.title = t("misread.title")
    for m in data.misread:
        table.add_row(m.at, m.locale, m.channel, escape(m.text))  # "[url]" is not markup
    console.print(table)
    console.print(f"{t('misread_count')}: {data.misread_messages} ({len(data.misread)})")


def export_review(data: Analytics, path: Path) -> int:
    """Append the misread messages not yet in ``path`` as corpus entries; how many were added."""
    existing = read_existing(path.read_text(encoding="utf-8")) if path.exists() else []
    added = entries(data.misread, existing)
    path.write_text(dump([*existing, *added]), encoding="utf-8")
    return len(added)


def _votes(helpful: Helpful, t: Callable[..., str]) -> tuple[str, str, str]:
    minimum = MIN_VOTES_FOR_RATE
    rate = t("no_rate", minimum=minimum) if helpful.rate is None else f"{helpful.rate * 100:.1f} %"
    return str(helpful.yes), str(helpful.no), rate
