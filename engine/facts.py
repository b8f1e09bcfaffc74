"""Facts: checking what callers send, merging what each source says, and what follows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import InvalidFacts
from kb.conditions import Condition
from kb.contract import FACTS, FactType, FactValue
from kb.schema import Implication

# The largest integer fact, whoever states it: a caller, a reply or a job config.
MAX_INT = 1_000_000
_TRUE = frozenset({"true", "yes", "1", "sim", "on"})
_FALSE = frozenset({"false", "no", "0", "nao", "não", "off"})


def coerce(name: str, raw: Any) -> FactValue:
    """One fact value in its contract type; ValueError says why it is not acceptable."""
    spec = FACTS.get(name)
    if spec is None:
        raise ValueError("not a fact of the contract")
    if spec.type is FactType.ENUM:
        if raw not in spec.values:
            raise ValueError(f"expected one of {', '.join(spec.values)}")
        return str(raw)
    if spec.type is FactType.BOOL:
        return _coerce_bool(raw)
    if spec.type is FactType.INT_LIST:
        if not isinstance(raw, list) or not raw or len(raw) > 32:
            raise ValueError("expected a list of 1 to 32 positive integers")
        return sorted({_positive_int(v) for v in raw})
    if spec.type is FactType.INT:
        return _positive_int(raw)
    return _positive_number(raw)


def _coerce_bool(raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
        return raw.strip().lower() in _TRUE
    raise ValueError("expected true or false")


def _positive_int(raw: Any) -> int:
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw.strip())
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 < raw <= MAX_INT:
        raise ValueError(f"expected a positive integer up to {MAX_INT}")
    return raw


def _positive_number(raw: Any) -> float | int:
    if isinstance(raw, str):
        try:
            raw = float(raw.strip())
        except ValueError:
            raise ValueError("expected a positive number") from None
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not 0 < raw <= 100_000:
        raise ValueError("expected a positive number up to 100000")
    return int(raw) if float(raw).is_integer() else float(raw)


def coerce_all(raw: Mapping[str, Any]) -> dict[str, FactValue]:
    """Every fact of a caller's mapping, or InvalidFacts naming each bad one."""
    facts: dict[str, FactValue] = {}
    problems: dict[str, str] = {}
    for name, value in raw.items():
        try:
            facts[name] = coerce(name, value)
        except ValueError as exc:
            problems[name] = str(exc)
    if problems:
        raise InvalidFacts(problems)
    return derive(facts)


def derive(facts: dict[str, FactValue]) -> dict[str, FactValue]:
    """The highest bucket follows from the bucket list when nobody gave it."""
    resolutions = facts.get("resolutions")
    if isinstance(resolutions, list) and resolutions and "max_resolution" not in facts:
        facts["max_resolution"] = max(resolutions)
    return facts


@dataclass(frozen=True)
class Rule:
    """An implication ready to apply: every turn applies all of them."""

    when: Condition
    set: tuple[tuple[str, FactValue], ...]
    override: bool

    @classmethod
    def of(cls, implication: Implication) -> Rule:
        return cls(implication.when, tuple(implication.set.items()), implication.override)


@dataclass
class FactBook:
    """Facts being gathered in one turn, with where each came from."""

    facts: dict[str, FactValue]
    sources: dict[str, str]
    changes: list[tuple[str, FactValue, str, str]] = field(default_factory=list)

    def put(self, name: str, value: FactValue, source: str, evidence: str = "") -> None:
        """Every source passes the same check as a caller's facts: a value the contract does
        not accept is not taken, whoever offered it."""
        try:
            value = coerce(name, value)
        except ValueError:
            return
        if self.facts.get(name) == value and name in self.sources:
            return
        self.facts[name] = value
        self.sources[name] = source
        self.changes.append((name, value, source, evidence))

    def put_all(self, facts: Mapping[str, FactValue], source: str, evidence: str = "") -> None:
        for name, value in facts.items():
            self.put(name, value, source, evidence)

    def imply(self, rules: Sequence[Rule], signals: frozenset[str]) -> None:
        """Apply implications until nothing changes (bounded: each can fire once)."""
        for _ in range(len(rules) + 1):
            fired = False
            for rule in rules:
                if not rule.when.holds(self.facts, signals):
                    continue
                for name, value in rule.set:
                    if (rule.override or name not in self.facts) and self.facts.get(name) != value:
                        self.put(name, value, "implied", "")
                        fired = True
            if not fired:
                return
