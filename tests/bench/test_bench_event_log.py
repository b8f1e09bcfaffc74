"""What recording costs a turn, measured inside one process: the same requests through the whole
app (routing, validation, the conversation service, a real SQLite store, JSON) with the event log
on, and the CPU time spent recording counted where it is spent — describing each turn's events
on the turn's thread, and writing them on the writer's thread — as a share of the process's CPU
per turn.

Comparing two runs, one with the log and one without, measures the machine's noise more than the
log here: two rounds of the same code differ by more than the log costs. CPU time counted inside
the recording code does not depend on what else the machine does. The HTTP comparison of two
server processes loaded at the same time (``test_turns_with_the_event_log_on_and_off``) is the
issue's own measure; this one says how much of it the event log accounts for.
"""

from __future__ import annotations

import asyncio
import functools
import json
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from api.service.events import EventWriter, Recorder
from api.settings import Settings
from api.web.app import create_app
from api.web.context import AppContext
from tests.bench.test_bench_engine import OPENINGS

ROUNDS = 12
CONVERSATIONS = 100  # per round
REPLIES = ("batch 4", "it is a FLUX model at 1024", "Z-Image, bs=2, 24GB", "still OOM at step 3")
# What recording runs: describing a turn (on the turn's thread), handing it over, and writing
# (on the writer's thread).
RECORDING: tuple[tuple[type, str], ...] = (
    (Recorder, "started"),
    (Recorder, "replied"),
    (EventWriter, "_drain"),
    (EventWriter, "_write"),
)


async def _turns(client: httpx.AsyncClient) -> int:
    """A new conversation, then a reply to it, as the API benchmark's turns are."""
    turns = 0
    for i in range(CONVERSATIONS):
        locale, text = OPENINGS[i % len(OPENINGS)]
        started = await client.post("/v1/conversations", json={"locale": locale, "text": text})
        assert started.status_code == 201, started.text
        turns += 1
        reply = {"text": REPLIES[i % len(REPLIES)]}
        conversation = started.json()["conversation_id"]
        answered = await client.post(f"/v1/conversations/{conversation}/replies", json=reply)
        assert answered.status_code == 200, answered.text
        turns += 1
    return turns


def _counted(method: Callable[..., Any], name: str, spent: Counter[str]) -> Callable[..., Any]:
    """``method``, adding the CPU time of the thread that runs it to ``spent[name]``."""

    @functools.wraps(method)
    def counting(*args: Any, **kwargs: Any) -> Any:
        begin = time.thread_time_ns()
        try:
            return method(*args, **kwargs)
        finally:
            spent[name] += time.thread_time_ns() - begin

    return counting


def test_what_recording_costs_a_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(database=str(tmp_path / "bench.db"), rate_limit=0)
    context = AppContext.build(settings)
    app = create_app(settings, context)
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench")
    writer = context.insights.writer
    assert writer is not None
    spent: Counter[str] = Counter()
    try:
        asyncio.run(_turns(client))  # warm-up
        assert writer.flush(timeout=30.0)
        for owner, name in RECORDING:
            monkeypatch.setattr(owner, name, _counted(getattr(owner, name), name, spent))
        begin, turns = time.process_time(), 0
        for _ in range(ROUNDS):
            turns += asyncio.run(_turns(client))
        assert writer.flush(timeout=30.0)
        process = time.process_time() - begin
    finally:
        context.close()
    assert writer.failed == 0
    per_turn = {name: round(ns / turns / 1000, 1) for name, ns in spent.items()}
    recording = sum(spent.values()) / 1e9 / turns
    share = recording / (process / turns)
    report = {
        "turns": turns,
        "process_cpu_us_per_turn": round(process / turns * 1e6),
        "recording_cpu_us_per_turn": round(recording * 1e6, 1),
        "by_part_us_per_turn": per_turn,
        "share_of_a_turn": round(share, 4),
    }
    print(f"\nEvent log in one process, through the app (sqlite): {json.dumps(report)}")
    # The process's CPU includes the test client's, so the share is below what a server sees;
    # the README sets the figure beside the HTTP benchmark's CPU per turn.
    assert share < 0.05, report
