"""The section-3 risk table applied to a set of facts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kb.conditions import FactTest, compile_condition
from kb.contract import FactValue
from kb.schema import KnowledgeBase, RiskRow

UNKNOWN_REASON = "engine.risk_unknown_family.reason"
UNKNOWN_SAFEST = "engine.risk_unknown_family.safest"


@dataclass(frozen=True)
class RiskFinding:
    level: str
    family: str | None
    reason_key: str | None
    safest_key: str | None
    row: RiskRow | None


_NO_SIGNALS: frozenset[str] = frozenset()


class RiskTable:
    def __init__(self, kb: KnowledgeBase) -> None:
        self._rows = {row.family: row for row in kb.risk_table}
        # Each row's rule conditions compiled once, in the row's order.
        self._tests: dict[str, tuple[FactTest, ...]] = {
            row.family: tuple(compile_condition(rule.when) for rule in row.rules)
            for row in kb.risk_table
        }
        # What an assessment can read, and the texts its findings name.
        self.facts_read = frozenset(
            {"model_family"}.union(
                *(rule.when.facts_read() for row in kb.risk_table for rule in row.rules)
            )
        )
        self.text_keys = tuple(
            sorted(
                {UNKNOWN_REASON, UNKNOWN_SAFEST}.union(
                    *({rule.reason for rule in row.rules} | {row.safest} for row in kb.risk_table)
                )
            )
        )

    def assess(self, facts: Mapping[str, FactValue]) -> RiskFinding:
        family = facts.get("model_family")
        if not family:
            return self._unknown_family(facts)
        row = self._rows.get(str(family))
        if row is None:
            return RiskFinding("low", None, None, None, None)
        for rule, test in zip(row.rules, self._tests[row.family], strict=True):
            if test(facts, _NO_SIGNALS):
                return RiskFinding(rule.level, str(family), rule.reason, row.safest, row)
        safest = row.safest if row.from_guide else None
        return RiskFinding("low", str(family), None, safest, row)

    def _unknown_family(self, facts: Mapping[str, FactValue]) -> RiskFinding:
        """Nobody said which model: the level any large model has, said in general words."""
        row = self._rows.get("other")
        tests = self._tests["other"] if row else ()
        for rule, test in zip(row.rules if row else (), tests, strict=True):
            if test(facts, _NO_SIGNALS):
                return RiskFinding(rule.level, None, UNKNOWN_REASON, UNKNOWN_SAFEST, row)
        return RiskFinding("low", None, None, None, row)
