"""The support team's report as one self-contained HTML page: numbers, tables and SVG charts,
in pt-BR and en, with nothing loaded from elsewhere (it works offline and as a file)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import jinja2

from api.service.analytics import GROUPS, MIN_VOTES_FOR_RATE, OUTCOMES, Analytics
from api.service.charts import Chart, Series, bars
from locales import Catalog

LANGUAGES = (("pt-BR", "Português (Brasil)"), ("en", "English"))
_PAGES = jinja2.Environment(
    loader=jinja2.PackageLoader("api", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
)


@dataclass(frozen=True)
class Figure:
    svg: str
    headers: Sequence[str]
    rows: Sequence[Sequence[object]]


def render_report(
    data: Analytics, locale: str | None, catalog: Catalog, *, links: str = "query"
) -> str:
    """The page in ``locale``, or in both languages one after the other when it is None (the
    command line's file). ``links``: ``query`` switches language with ``?locale=``, ``anchor``
    jumps to the other language on the same page."""
    chosen = [locale] if locale else [code for code, _ in LANGUAGES]
    articles = [_article(data, code, catalog) for code in chosen]
    return _PAGES.get_template("report.html").render(
        lang=chosen[0],
        title=catalog.text("report.title", chosen[0]),
        articles=articles,
        languages=LANGUAGES,
        links="anchor" if locale is None else links,
    )


def _article(data: Analytics, locale: str, catalog: Catalog) -> dict[str, Any]:
    def t(key: str, **params: object) -> str:
        return catalog.render(f"report.{key}", locale, params)

    return {
        "locale": locale,
        "t": t,
        "period": t("period", since=data.since, until=data.until),
        "empty": data.conversations == 0,
        "summary": _summary(data, t),
        "per_day": _per_day(data, locale, t),
        "outcomes": _outcomes(data, locale, t),
        "funnel": _funnel(data, locale, t),
        "helpful": [_helpful(data, group, locale, t) for group in GROUPS],
        "advice": _advice(data, locale, t),
        "misread": data.misread,
    }


def _rate(rate: float | None, t: Any) -> str:
    if rate is None:
        return str(t("no_rate", minimum=MIN_VOTES_FOR_RATE))
    return f"{rate * 100:.1f} %"


def _seconds(value: float | None, t: Any) -> str:
    return "—" if value is None else str(t("seconds", value=f"{value:g}"))


def _summary(data: Analytics, t: Any) -> list[tuple[str, object]]:
    time = data.time_to_first_answer
    rows: list[tuple[str, object]] = [(t("conversations"), data.conversations)]
    rows += [(t(f"outcome.{o}"), getattr(data.outcomes, o)) for o in OUTCOMES]
    rows += [
        (t("helpful_yes"), data.helpful.yes),
        (t("helpful_no"), data.helpful.no),
        (t("helpful_rate"), _rate(data.helpful.rate, t)),
        (t("time.median"), _seconds(time.median, t)),
        (t("time.p90"), _seconds(time.p90, t)),
        (t("time.count"), time.count),
        (t("restarts"), data.restarts),
        (t("misread_count"), data.misread_messages),
    ]
    if data.event_log_errors:
        rows.append((t("event_log_errors"), data.event_log_errors))
    return rows


def _per_day(data: Analytics, locale: str, t: Any) -> Figure | None:
    if not data.per_day:
        return None
    days = [d.day for d in data.per_day]
    channels = sorted({c for d in data.per_day for c in d.channels})
    series = [Series(c, [d.channels.get(c, 0) for d in data.per_day]) for c in channels]
    words = "; ".join(
        f"{d.day}: " + ", ".join(f"{c} {n}" for c, n in d.channels.items()) for d in data.per_day
    )
    chart = Chart(f"{locale}-per-day", t("per_day.title"), t("per_day.x"), t("per_day.y"), words)
    rows = [[d.day, *[d.channels.get(c, 0) for c in channels]] for d in data.per_day]
    return Figure(bars(chart, days, series, stacked=True), [t("per_day.x"), *channels], rows)


def _outcomes(data: Analytics, locale: str, t: Any) -> Figure | None:
    if not data.conversations:
        return None
    labels = [t(f"outcome.{o}") for o in OUTCOMES]
    counts = [getattr(data.outcomes, o) for o in OUTCOMES]
    shares = [round(100 * n / data.conversations, 1) for n in counts]
    words = "; ".join(
        f"{label}: {n} ({s} %)" for label, n, s in zip(labels, counts, shares, strict=True)
    )
    chart = Chart(f"{locale}-outcomes", t("outcomes.title"), t("outcomes.x"), "", words)
    svg = bars(chart, labels, [Series(t("outcomes.x"), shares)], horizontal=True)
    rows = [[label, n, f"{s} %"] for label, n, s in zip(labels, counts, shares, strict=True)]
    return Figure(svg, [t("outcomes.title"), t("count"), "%"], rows)


def _funnel(data: Analytics, locale: str, t: Any) -> Figure | None:
    if not data.funnel:
        return None
    names = [f"{s.node} ({s.fact})" for s in data.funnel]
    parts = ("answered", "abandoned", "open")
    series = [Series(t(f"funnel.{p}"), [getattr(s, p) for s in data.funnel]) for p in parts]
    words = "; ".join(
        f"{s.node}: {s.reached} → {s.answered} / {s.abandoned} / {s.open}" for s in data.funnel
    )
    chart = Chart(f"{locale}-funnel", t("funnel.title"), t("funnel.x"), "", words)
    svg = bars(chart, names, series, horizontal=True, stacked=True)
    headers = [t("funnel.node"), t("funnel.fact"), t("funnel.reached")]
    headers += [t(f"funnel.{p}") for p in parts]
    rows = [[s.node, s.fact, s.reached, s.answered, s.abandoned, s.open] for s in data.funnel]
    return Figure(svg, headers, rows)


def _helpful(data: Analytics, group: str, locale: str, t: Any) -> dict[str, Any]:
    split = data.by[group]
    name = t(f"group.{group}")
    headers = [t("group.value"), t("conversations"), t("helpful_yes"), t("helpful_no")]
    headers.append(t("helpful_rate"))
    rows = [
        [key, g.conversations, g.helpful.yes, g.helpful.no, _rate(g.helpful.rate, t)]
        for key, g in split.items()
    ]
    rated = {key: g.helpful for key, g in split.items() if g.helpful.rate is not None}
    svg = None
    if rated:
        labels = [f"{key} (n={h.yes + h.no})" for key, h in rated.items()]
        values = [round(100 * (h.rate or 0), 1) for h in rated.values()]
        words = "; ".join(f"{label}: {v} %" for label, v in zip(labels, values, strict=True))
        chart = Chart(
            f"{locale}-helpful-{group}",
            t("helpful.title", group=name),
            t("helpful.x"),
            "",
            words,
        )
        svg = bars(chart, labels, [Series(t("helpful.x"), values)], horizontal=True)
    return {
        "title": t("helpful.title", group=name),
        "svg": svg,
        "headers": headers,
        "rows": rows,
        "none": t("helpful.none", minimum=MIN_VOTES_FOR_RATE),
    }


def _advice(data: Analytics, locale: str, t: Any) -> Figure | None:
    if not data.advice:
        return None
    top = data.advice[:12]
    words = "; ".join(f"{a.code}: {a.count}" for a in top)
    chart = Chart(f"{locale}-advice", t("advice.title"), t("advice.x"), "", words)
    svg = bars(
        chart,
        [a.code for a in top],
        [Series(t("advice.x"), [a.count for a in top])],
        horizontal=True,
    )
    rows = [[a.code, a.count] for a in data.advice]
    return Figure(svg, [t("advice.code"), t("count")], rows)
