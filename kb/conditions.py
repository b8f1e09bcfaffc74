"""Declarative conditions over facts and signals: data in the KB, evaluated here, never executed."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Set
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from kb.contract import FactValue

_COMPARISONS = ("is_", "in_", "known", "gt", "gte", "lt", "lte", "size_gt")


class Condition(BaseModel):
    """One test. Exactly one form: a fact test, a signal test, or all/any/not of other tests.

    A fact test on a fact nobody supplied is false (except ``known: false``), so a
    recommendation guarded by ``not`` of a comparison still applies when the value is unknown.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    fact: str | None = None
    is_: str | int | bool | None = Field(default=None, alias="is")
    in_: tuple[str | int, ...] | None = Field(default=None, alias="in")
    known: bool | None = None
    gt: float | None = None
    gte: float | None = None
    lt: float | None = None
    lte: float | None = None
    size_gt: int | None = None
    signal: str | None = None
    gate: str | None = None
    all_: tuple[Condition, ...] | None = Field(default=None, alias="all")
    any_: tuple[Condition, ...] | None = Field(default=None, alias="any")
    not_: Condition | None = Field(default=None, alias="not")

    @model_validator(mode="after")
    def _one_form(self) -> Condition:
        tests = [name for name in _COMPARISONS if getattr(self, name) is not None]
        forms = [
            self.fact is not None,
            self.signal is not None,
            self.gate is not None,
            self.all_ is not None,
            self.any_ is not None,
            self.not_ is not None,
        ]
        if sum(forms) != 1:
            raise ValueError("a condition has exactly one of: fact, signal, gate, all, any, not")
        if self.fact is not None and len(tests) != 1:
            raise ValueError(
                "a fact test has exactly one of: is, in, known, gt, gte, lt, lte, size_gt"
            )
        if self.fact is None and tests:
            raise ValueError(f"{tests[0].rstrip('_')} needs a fact")
        return self

    def holds(
        self,
        facts: Mapping[str, FactValue],
        signals: Set[str] = frozenset(),
        gates: Mapping[str, Condition] | None = None,
    ) -> bool:
        """Whether the condition holds; a gate is looked up in ``gates``."""
        if self.all_ is not None:
            return all(c.holds(facts, signals, gates) for c in self.all_)
        if self.any_ is not None:
            return any(c.holds(facts, signals, gates) for c in self.any_)
        if self.not_ is not None:
            return not self.not_.holds(facts, signals, gates)
        if self.signal is not None:
            return self.signal in signals
        if self.gate is not None:
            gate = (gates or {}).get(self.gate)
            return gate is not None and gate.holds(facts, signals, gates)
        return self._fact_holds(facts.get(self.fact or ""))

    def _fact_holds(self, value: FactValue | None) -> bool:
        if self.known is not None:
            return (value is not None) == self.known
        if value is None:
            return False
        if self.is_ is not None:
            return bool(value == self.is_)
        if self.in_ is not None:
            return value in self.in_
        if self.size_gt is not None:
            return isinstance(value, list) and len(value) > self.size_gt
        return _compare(self, value)

    def facts_read(self) -> Iterator[str]:
        """Every fact name this condition reads, nested ones included."""
        if self.fact is not None:
            yield self.fact
        for child in (*(self.all_ or ()), *(self.any_ or ()), *((self.not_,) if self.not_ else ())):
            yield from child.facts_read()

    def signals_read(self) -> Iterator[str]:
        if self.signal is not None:
            yield self.signal
        for child in (*(self.all_ or ()), *(self.any_ or ()), *((self.not_,) if self.not_ else ())):
            yield from child.signals_read()

    def gates_read(self) -> Iterator[str]:
        if self.gate is not None:
            yield self.gate
        for child in (*(self.all_ or ()), *(self.any_ or ()), *((self.not_,) if self.not_ else ())):
            yield from child.gates_read()

    def literals(self) -> Iterator[tuple[str, Any]]:
        """(fact, value) pairs this condition compares against with is/in."""
        if self.fact is not None and self.is_ is not None:
            yield self.fact, self.is_
        if self.fact is not None and self.in_ is not None:
            yield from ((self.fact, v) for v in self.in_)
        for child in (*(self.all_ or ()), *(self.any_ or ()), *((self.not_,) if self.not_ else ())):
            yield from child.literals()


def _compare(condition: Condition, value: FactValue) -> bool:
    number = max(value) if isinstance(value, list) and value else value
    if isinstance(number, bool) or not isinstance(number, int | float):
        return False
    n = float(number)
    if condition.gt is not None:
        return n > condition.gt
    if condition.gte is not None:
        return n >= condition.gte
    if condition.lt is not None:
        return n < condition.lt
    return condition.lte is not None and n <= condition.lte
