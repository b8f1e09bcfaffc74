"""The engine's output models: trace lines write only the fields they use, as the contract shows."""

from __future__ import annotations

import json

from engine.models import Answer, Diagnosis, TraceStep


def test_a_trace_line_leaves_out_the_fields_it_does_not_use() -> None:
    line = TraceStep(step="skip", fact="gc", reason="known from text", value=False)
    diagnosis = Diagnosis(locale="en", facts={}, answer=Answer(recommendations=[]), trace=[line])
    expected = {"step": "skip", "fact": "gc", "value": False, "reason": "known from text"}
    assert diagnosis.model_dump()["trace"] == [expected]
    assert json.loads(diagnosis.model_dump_json())["trace"] == [expected]
