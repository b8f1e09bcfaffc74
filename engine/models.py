"""What the engine hands back: the contract's Turn and Diagnosis shapes, as pydantic models."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from kb.contract import FactValue


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


class TraceStep(_Out):
    """One line of the explanation: a fact set, a question skipped, a branch taken, ..."""

    model_config = ConfigDict(frozen=True, extra="allow")

    step: Literal["fact", "skip", "branch", "ask", "answer", "reask", "gave_up", "note"]
    fact: str | None = None
    value: Any = None
    source: str | None = None
    evidence: str | None = None
    reason: str | None = None
    node: str | None = None
    goto: str | None = None


def trace_step(**fields: Any) -> TraceStep:
    """A trace line built without validation: the engine makes dozens per turn, always from
    values it already checked, and validating each measurably slowed every turn."""
    return TraceStep.model_construct(**fields)


class Turn(_Out):
    conversation_id: str = ""
    locale: str
    kind: Literal["question", "answer"]
    text: str
    question: Question | None = None
    answer: Answer | None = None
    citations: list[Citation] = Field(default_factory=list)
    facts: dict[str, FactValue] = Field(default_factory=dict)
    trace: list[TraceStep] = Field(default_factory=list)
    kb_version: str
    turn: int
    done: bool


class Diagnosis(_Out):
    locale: str
    facts: dict[str, FactValue]
    answer: Answer
    missing: list[Question] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    trace: list[TraceStep] = Field(default_factory=list)
    kb_version: str = ""
