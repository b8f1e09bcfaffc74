"""The report over 100,000 conversations' events (about 700,000 events, as a busy week would
leave them) must be read and drawn in under 5 s: the JSON, and the HTML page in both languages."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from api.cli.report import read_analytics
from api.service.report_html import render_report
from api.settings import Settings
from api.store.events import Event, KeptText
from api.store.events_sqlite import SqliteEventLog
from locales.catalog import default_catalog

CONVERSATIONS = 100_000
LIMIT_SECONDS = 5.0
QUESTIONS = [("q_goal", "goal"), ("q_gc", "gc"), ("q_oom_phase", "oom_phase")]
ANSWERS = [
    ("a_enable_gc", ["enable_gc", "start_conservative"]),
    ("a_levers", ["reduce_batch_size"]),
]


def _conversation(cid: str, at: float, rng: random.Random) -> tuple[list[Event], list[KeptText]]:
    start: dict[str, Any] = {"channel": rng.choice(["rest", "widget", "discord", "slack"])}
    start["kb"] = "k1"
    start |= {"locale": rng.choice(["en", "pt-BR"]), "facts": [], "config": False}
    misread = rng.random() < 0.05
    events = [Event(cid, "started", at, {**start, "misread": misread})]
    texts = [KeptText(cid, at, "misread", f"message {cid}", at + 86_400)] if misread else []
    for node, fact in QUESTIONS[: rng.randint(1, 3)]:
        events.append(Event(cid, "asked", at, {"node": node, "fact": fact}))
        at += rng.uniform(2, 30)
        if rng.random() < 0.1:
            return events, texts  # left there
        filled = {"node": node, "via": "option", "filled": [fact], "unclear": False}
        events.append(Event(cid, "reply", at, {**filled, "misread": False}))
    node, codes = rng.choice(ANSWERS)
    events.append(Event(cid, "answer", at, {"node": node, "codes": codes, "risk": "high"}))
    events.append(Event(cid, "ended", at, {"outcome": "answered"}))
    if rng.random() < 0.3:
        events.append(Event(cid, "feedback", at + 5, {"helpful": True, "comment": False}))
    return events, texts


def test_a_report_over_100000_conversations_takes_under_5_s(tmp_path: Path) -> None:
    database = tmp_path / "oomguide.db"
    log = SqliteEventLog(str(database))
    rng = random.Random(15)
    now = time.time()
    events: list[Event] = []
    texts: list[KeptText] = []
    for n in range(CONVERSATIONS):
        more, kept = _conversation(f"c{n:023d}", now - rng.uniform(60, 6 * 86_400), rng)
        events += more
        texts += kept
    events.sort(key=lambda e: e.at)
    log.append(events, texts)
    settings = Settings(database=str(database))
    catalog = default_catalog()

    started = time.perf_counter()
    data = read_analytics(settings, "7d")
    read_seconds = time.perf_counter() - started
    page = render_report(data, None, catalog)
    total = time.perf_counter() - started

    print(
        f"\nreport over {data.conversations} conversations ({len(events)} events): "
        f"analytics {read_seconds:.2f} s, with the HTML page in both languages {total:.2f} s"
    )
    assert data.conversations == CONVERSATIONS
    assert page.count('<svg role="img"') >= 8
    assert total < LIMIT_SECONDS
