"""What the engine hands back: the contract's Turn and Diagnosis shapes, as pydantic models."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny, field_serializer

from kb.contract import FactValue

# Facts are validated against the contract's union of types, then written by the type each value
# has: trying the union's types one by one on every value was a sizable part of a turn's JSON.
# The JSON for valid facts and the JSON schema are the same.
Facts = SerializeAsAny[dict[str, FactValue]]


class _Out(BaseModel):
    model_config = ConfigDict(frozen=True)


class Option(_Out):
    value: str
    label: str


class Question(_Out):
    fact: str
    text: str
    options: list[Option] = Field(default_factory=list)
    kind: Literal["choice", "number"] = "choice"


class Citation(_Out):
    section: str
    number: str
    title: str
    url: str


class Recommendation(_Out):
    code: str
    text: str
    citations: list[str]
    params: dict[str, Any] = Field(default_factory=dict)


class Risk(_Out):
    level: Literal["low", "medium", "high"]
    reasons: list[str] = Field(default_factory=list)
    family: str | None = None
    safest_first_try: str | None = None


class Answer(_Out):
    recommendations: list[Recommendation]
    risk: Risk | None = None


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One line of the explanation: a fact set, a question skipped, a branch taken, ...

    A plain dataclass, not a model: a turn makes a dozen or two of these from values the engine
    already checked, and building validated models for them was a measurable part of a turn.
    """

    step: Literal["fact", "skip", "branch", "ask", "answer", "reask", "gave_up", "note"]
    fact: str | None = None
    value: Any = None
    source: str | None = None
    evidence: str | None = None
    reason: str | None = None
    node: str | None = None
    goto: str | None = None

    def as_json(self) -> dict[str, Any]:
        """Only the fields this line uses, as the contract's example shows, in field order.

        Spelled out field by field: a turn serializes a dozen or two of these, and a loop of
        getattr calls over every field was most of the cost of its JSON.
        """
        line: dict[str, Any] = {"step": self.step}
        if self.fact is not None:
            line["fact"] = self.fact
        if self.value is not None:
            line["value"] = self.value
        if self.source is not None:
            line["source"] = self.source
        if self.evidence is not None:
            line["evidence"] = self.evidence
        if self.reason is not None:
            line["reason"] = self.reason
        if self.node is not None:
            line["node"] = self.node
        if self.goto is not None:
            line["goto"] = self.goto
        return line


def _trace_json(trace: list[TraceStep]) -> list[dict[str, Any]]:
    return [step.as_json() for step in trace]


class Turn(_Out):
    conversation_id: str = ""
    locale: str
    kind: Literal["question", "answer"]
    text: str
    question: Question | None = None
    answer: Answer | None = None
    citations: list[Citation] = Field(default_factory=list)
    facts: Facts = Field(default_factory=dict)
    trace: list[TraceStep] = Field(default_factory=list)
    kb_version: str
    turn: int
    done: bool

    @field_serializer("trace")
    def _trace(self, trace: list[TraceStep]) -> list[dict[str, Any]]:
        return _trace_json(trace)


class Diagnosis(_Out):
    locale: str
    facts: Facts
    answer: Answer
    missing: list[Question] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    trace: list[TraceStep] = Field(default_factory=list)
    kb_version: str = ""

    @field_serializer("trace")
    def _trace(self, trace: list[TraceStep]) -> list[dict[str, Any]]:
        return _trace_json(trace)
