"""What the engine hands back: the contract's Turn and Diagnosis shapes, as pydantic models."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializeAsAny,
    SerializerFunctionWrapHandler,
    WrapSerializer,
)

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

    A plain dataclass: the engine builds a dozen or two per turn from values it already checked.
    """

    step: Literal["fact", "skip", "branch", "ask", "answer", "reask", "gave_up", "note"]
    fact: str | None = None
    value: Any = None
    source: str | None = None
    evidence: str | None = None
    reason: str | None = None
    node: str | None = None
    goto: str | None = None


def _used_fields(step: TraceStep, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
    """Only the fields a trace line uses, as the contract's example shows."""
    return {k: v for k, v in handler(step).items() if v is not None}


Trace = list[Annotated[TraceStep, WrapSerializer(_used_fields)]]


class Turn(_Out):
    conversation_id: str = ""
    locale: str
    kind: Literal["question", "answer"]
    text: str
    question: Question | None = None
    answer: Answer | None = None
    citations: list[Citation] = Field(default_factory=list)
    facts: Facts = Field(default_factory=dict)
    trace: Trace = Field(default_factory=list)
    kb_version: str
    turn: int
    done: bool


class Diagnosis(_Out):
    locale: str
    facts: Facts
    answer: Answer
    missing: list[Question] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    trace: Trace = Field(default_factory=list)
    kb_version: str = ""
