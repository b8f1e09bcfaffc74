"""What recording costs a turn, measured inside one process, where the machine's noise between two
server processes does not blur it: the same requests through the whole app (routing, validation,
the conversation service, a real SQLite store, JSON), with the event log on and off in
interleaved rounds. The CPU counted is the whole process's (``time.process_time``), so the event
log's writer thread, its JSON and its SQLite transactions are in the "on" figure.

The HTTP comparison of two server processes (``test_turns_with_the_event_log_on_and_off``) is
the issue's own measure; this one says how much of it the event log accounts for.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from pathlib import Path

import httpx
import pytest

from api.service.conversations import ConversationService
from api.settings import Settings
from api.web.app import create_app
from api.web.context import AppContext
from tests.bench.test_bench_engine import OPENINGS

ROUNDS = 15
CONVERSATIONS = 150  # per round and side
REPLIES = ("batch 4", "it is a FLUX model at 1024", "Z-Image, bs=2, 24GB", "still OOM at step 3")


def _not_recorded(self: ConversationService, call: object, *args: object) -> None:
    pass


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


def _round(context: AppContext, client: httpx.AsyncClient) -> float:
    """Process CPU seconds per turn."""
    writer = context.insights.writer
    begin = time.process_time()
    turns = asyncio.run(_turns(client))
    if writer is not None:
        assert writer.flush(timeout=30.0)
    return (time.process_time() - begin) / turns


def test_what_recording_costs_a_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(database=str(tmp_path / "bench.db"), rate_limit=0)
    context = AppContext.build(settings)
    app = create_app(settings, context)
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench")
    recorded = ConversationService._record
    try:
        figures: dict[str, list[float]] = {"on": [], "off": []}
        _round(context, client)  # warm-up
        for _ in range(ROUNDS):
            for side in ("on", "off"):
                monkeypatch.setattr(
                    ConversationService, "_record", recorded if side == "on" else _not_recorded
                )
                figures[side].append(_round(context, client) * 1e6)
    finally:
        context.close()
    # The least CPU a round took is its cost with the least interference from the machine's
    # other work; the medians are shown beside it.
    on, off = min(figures["on"]), min(figures["off"])
    medians = {side: statistics.median(values) for side, values in figures.items()}
    report = {
        "cpu_us_per_turn_on": round(on),
        "cpu_us_per_turn_off": round(off),
        "change": round(on / off - 1, 3),
        "change_of_medians": round(medians["on"] / medians["off"] - 1, 3),
        "rounds": {side: [round(v) for v in values] for side, values in figures.items()},
    }
    print(f"\nEvent log in one process, through the app (sqlite): {json.dumps(report)}")
    assert on / off - 1 < 0.05
