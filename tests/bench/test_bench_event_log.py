"""What recording costs a turn, measured inside one process, where the machine's noise between two
server processes does not blur it: the same conversations through the conversation service with
a real SQLite store, with the event log on and off in interleaved rounds. The CPU counted is the
whole process's (``time.process_time``), so the event log's writer thread, its JSON and its
SQLite transactions are in the "on" figure.

The issue's measure stays the HTTP one (``test_turns_with_the_event_log_on_and_off``); this one
says how much of it the event log can account for.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import pytest

from api.service.conversations import ConversationService
from api.settings import Settings
from api.web.context import AppContext
from engine.state import Opening, Reply
from tests.bench.test_bench_engine import OPENINGS

ROUNDS = 15
CONVERSATIONS = 300  # per round and side


def _not_recorded(self: ConversationService, call: object, *args: object) -> None:
    pass


def _round(context: AppContext) -> float:
    """Process CPU seconds per turn: a new conversation, then one reply to its question."""
    service = context.service
    writer = context.insights.writer
    turns = 0
    begin = time.process_time()
    for i in range(CONVERSATIONS):
        locale, text = OPENINGS[i % len(OPENINGS)]
        turn = service.start(Opening(locale=locale, text=text), "rest")
        turns += 1
        if turn.question is not None:
            service.reply(turn.conversation_id, Reply(text="não sei"))
            turns += 1
    if writer is not None:
        assert writer.flush(timeout=30.0)
    return (time.process_time() - begin) / turns


def test_what_recording_costs_a_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(database=str(tmp_path / "bench.db"), rate_limit=0)
    context = AppContext.build(settings)
    recorded = ConversationService._record
    try:
        figures: dict[str, list[float]] = {"on": [], "off": []}
        _round(context)  # warm-up
        for _ in range(ROUNDS):
            for side in ("on", "off"):
                monkeypatch.setattr(
                    ConversationService, "_record", recorded if side == "on" else _not_recorded
                )
                figures[side].append(_round(context) * 1e6)
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
    print(f"\nEvent log in one process (sqlite): {json.dumps(report)}")
    assert on / off - 1 < 0.05
