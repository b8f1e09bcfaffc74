"""The engine's output models: trace lines write every field they use, in field order."""

from __future__ import annotations

from dataclasses import fields

from engine.models import TraceStep


def test_a_trace_line_writes_every_field_it_uses_in_order() -> None:
    names = [f.name for f in fields(TraceStep) if f.name != "step"]
    full = TraceStep(step="fact", **{name: f"<{name}>" for name in names})
    assert list(full.as_json()) == ["step", *names]
    assert full.as_json() == {"step": "fact", **{name: f"<{name}>" for name in names}}


def test_a_trace_line_leaves_out_the_fields_it_does_not_use() -> None:
    line = TraceStep(step="skip", fact="gc", reason="known from text", value=False)
    assert line.as_json() == {
        "step": "skip",
        "fact": "gc",
        "value": False,
        "reason": "known from text",
    }
