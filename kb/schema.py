"""The shape of the knowledge base, defined once. Every KB file is read into these models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from kb.conditions import Condition


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Section(_Model):
    """A part of the guide. Its title and summary live in the locales as section.<id>.*."""

    id: str
    parent: str | None = None
    line: int = 0


class ParamSpec(_Model):
    """How one recommendation parameter is derived from the facts.

    ``copy`` takes the fact as it is; ``halve`` halves a number, never below 1; ``drop_highest``
    removes the largest entry of a list; ``value`` is a constant; ``failed_gates`` lists the
    section-6 gates that do not hold (and the advice's text gets their labels as
    ``<name>_labels``); ``signals`` lists the out-of-scope situations seen and the topics of
    topics.yaml that hold. With ``when``, the parameter is worked out only where it holds.
    """

    op: Literal["copy", "halve", "drop_highest", "value", "failed_gates", "signals"]
    fact: str | None = None
    value: int | str | bool | None = None
    when: Condition | None = None


class Advice(_Model):
    """A recommendation the KB can give, with the sections it always cites."""

    code: str
    cites: tuple[str, ...] = ()
    params: dict[str, ParamSpec] = Field(default_factory=dict)
    line: int = 0


class Recommend(_Model):
    code: str
    when: Condition | None = None


class Case(_Model):
    when: Condition
    goto: str


class BranchNode(_Model):
    kind: Literal["branch"]
    id: str
    cases: tuple[Case, ...]
    default: str | None = None
    line: int = 0
    file: str = ""


class QuestionNode(_Model):
    """Asks for one fact; skipped when the fact is already known. Texts: node.<id>.text/.reask."""

    kind: Literal["question"]
    id: str
    fact: str
    options: tuple[str, ...] = ()  # empty for a number question
    next: str
    line: int = 0
    file: str = ""


class AnswerNode(_Model):
    """Ends a walk with recommendations; ``then`` is an optional follow-up question node."""

    kind: Literal["answer"]
    id: str
    recommend: tuple[Recommend, ...]
    cites: tuple[str, ...] = ()
    risk: bool = False  # include the risk-table assessment
    then: str | None = None
    line: int = 0
    file: str = ""


Node = Annotated[BranchNode | QuestionNode | AnswerNode, Field(discriminator="kind")]


class RiskRule(_Model):
    level: Literal["low", "medium", "high"]
    when: Condition
    reason: str  # locale key


class RiskRow(_Model):
    """One row of the section-3 table: a family, when it is dangerous, the safest first try.

    ``unnamed_model`` marks the row whose rules also assess a conversation that names no model;
    the level is then said in general words (``engine.risk_unknown_family.*``).
    """

    family: str
    from_guide: bool = True
    unnamed_model: bool = False
    rules: tuple[RiskRule, ...]
    safest: str  # locale key
    safest_batch_size: int | None = None
    line: int = 0


class Implication(_Model):
    """A fact that follows from others (re-enabling GC means GC is now on)."""

    when: Condition
    set: dict[str, str | int | bool]
    override: bool = False  # replace a value already known, not only fill a missing one
    line: int = 0


class Gate(_Model):
    """A named condition of section 6 (when testing GC off is reasonable). Text: gate.<id>."""

    id: str
    when: Condition
    line: int = 0


class Topic(_Model):
    """A topic an answer names (a ``signals`` parameter) besides the signals heard."""

    id: str
    when: Condition
    line: int = 0


class KeptGoal(_Model):
    """A goal a later message does not replace when it names another, unless the message says
    what ``unless`` tests (of its own facts)."""

    goal: str
    unless: Condition | None = None
    line: int = 0


class UnaskedFact(_Model):
    """A fact a free-text reply may give although the pending question asked for another.

    The reply is read as an answer for ``fact`` too while ``fact`` is unknown and ``when`` holds
    of the conversation's facts, but only if the reply's own words set no fact other than those
    in ``besides``: a reply that names anything else is about that, and reading it for ``fact``
    as well would be a guess.
    """

    fact: str
    when: Condition | None = None
    besides: tuple[str, ...] = ()
    line: int = 0


class Signal(_Model):
    """A situation outside the guide's scope that text can reveal, or (``outside: false``) a
    mark the engine sets on a conversation, such as a job config having been read."""

    id: str
    outside: bool = True  # listed among an outside_guide answer's topics
    line: int = 0


class KnowledgeBase(_Model):
    start: str
    sections: tuple[Section, ...]
    advice: tuple[Advice, ...]
    nodes: tuple[Node, ...]
    risk_table: tuple[RiskRow, ...]
    implications: tuple[Implication, ...] = ()
    gates: tuple[Gate, ...] = ()
    signals: tuple[Signal, ...] = ()
    topics: tuple[Topic, ...] = ()
    kept_goals: tuple[KeptGoal, ...] = ()
    unasked: tuple[UnaskedFact, ...] = ()
    version: str = ""
