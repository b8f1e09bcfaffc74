"""Golden conversations: data files of what a person says and what the engine must answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from engine.engine import Engine
from engine.models import Turn
from engine.state import ConversationState, Opening, Reply

GOLDENS = Path(__file__).resolve().parent / "goldens"


class Expect(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str | None = None
    facts: dict[str, Any] = Field(default_factory=dict)  # must be present with these values
    absent: list[str] = Field(default_factory=list)  # facts that must NOT be known
    codes: list[str] | None = None  # exact advice codes, in order
    codes_include: list[str] = Field(default_factory=list)
    codes_exclude: list[str] = Field(default_factory=list)
    question: str | None = None  # fact of the question asked ("" = no question)
    risk: str | None = None
    citations_include: list[str] = Field(default_factory=list)
    text_include: list[str] = Field(default_factory=list)
    done: bool | None = None
    trace_include: list[str] = Field(default_factory=list)  # step kinds that must appear


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")

    reply: dict[str, str] | None = None
    expect: Expect


class Golden(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    locale: str
    opening: dict[str, Any]
    turns: list[Step]
    path: Path | None = None


def load_goldens() -> list[Golden]:
    goldens = []
    for path in sorted(GOLDENS.glob("*.yaml")):
        for raw in yaml.safe_load(path.read_text(encoding="utf-8")):
            goldens.append(Golden.model_validate({**raw, "path": path}))
    return goldens


def play(engine: Engine, golden: Golden) -> list[Turn]:
    """Every turn of the conversation, asserting each step's expectations."""
    state: ConversationState | None = None
    turns = []
    for index, step in enumerate(golden.turns):
        if index == 0:
            opening = Opening(locale=golden.locale, **golden.opening)
            state, turn = engine.start(opening)
        else:
            assert state is not None
            state, turn = engine.reply(state, Reply(**(step.reply or {})))
        check(turn, step.expect, f"{golden.name} turn {index + 1}")
        turns.append(turn)
    return turns


def codes(turn: Turn) -> list[str]:
    return [r.code for r in turn.answer.recommendations] if turn.answer else []


def check(turn: Turn, expect: Expect, where: str) -> None:
    got = codes(turn)
    assert turn.locale, where
    if expect.kind is not None:
        assert turn.kind == expect.kind, f"{where}: kind {turn.kind}\n{turn.text}"
    for name, value in expect.facts.items():
        assert turn.facts.get(name) == value, f"{where}: {name}={turn.facts.get(name)!r}"
    for name in expect.absent:
        assert name not in turn.facts, f"{where}: {name} should be unknown: {turn.facts}"
    if expect.codes is not None:
        assert got == expect.codes, f"{where}: codes {got}"
    for code in expect.codes_include:
        assert code in got, f"{where}: {code} missing from {got}"
    for code in expect.codes_exclude:
        assert code not in got, f"{where}: {code} should not be in {got}"
    if expect.question is not None:
        asked = turn.question.fact if turn.question else ""
        assert asked == expect.question, f"{where}: asked {asked!r}"
    if expect.risk is not None:
        level = turn.answer.risk.level if turn.answer and turn.answer.risk else None
        assert level == expect.risk, f"{where}: risk {level}"
    cited = {c.section for c in turn.citations}
    for section in expect.citations_include:
        assert section in cited, f"{where}: {section} not cited ({sorted(cited)})"
    for fragment in expect.text_include:
        assert fragment.lower() in turn.text.lower(), f"{where}: {fragment!r} not in text"
    if expect.done is not None:
        assert turn.done == expect.done, f"{where}: done={turn.done}"
    steps = {s.step for s in turn.trace}
    for kind in expect.trace_include:
        assert kind in steps, f"{where}: no {kind} step in trace"
