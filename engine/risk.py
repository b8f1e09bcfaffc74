"""The section-3 risk table applied to a set of facts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

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


class RiskTable:
    def __init__(self, kb: KnowledgeBase) -> None:
        self._rows = {row.family: row for row in kb.risk_table}
        self._unnamed = next((row for row in kb.risk_table if row.unnamed_model), None)

    def assess(self, facts: Mapping[str, FactValue]) -> RiskFinding:
        family = facts.get("model_family")
        if not family:
            return self._unknown_family(facts)
        row = self._rows.get(str(family))
        if row is None:
            return RiskFinding("low", None, None, None, None)
        for rule in row.rules:
            if rule.when.holds(facts):
                return RiskFinding(rule.level, str(family), rule.reason, row.safest, row)
        safest = row.safest if row.from_guide else None
        return RiskFinding("low", str(family), None, safest, row)

    def _unknown_family(self, facts: Mapping[str, FactValue]) -> RiskFinding:
        """Nobody said which model: the level of the KB's row for an unnamed model, said in
        general words."""
        row = self._unnamed
        for rule in row.rules if row else ():
            if rule.when.holds(facts):
                return RiskFinding(rule.level, None, UNKNOWN_REASON, UNKNOWN_SAFEST, row)
        return RiskFinding("low", None, None, None, row)
