"""The section-3 risk table applied to a set of facts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kb.contract import FactValue
from kb.schema import KnowledgeBase, RiskRow


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

    def assess(self, facts: Mapping[str, FactValue]) -> RiskFinding:
        family = facts.get("model_family")
        row = self._rows.get(str(family)) if family else self._rows.get("other")
        if row is None:
            return RiskFinding("low", None, None, None, None)
        known_family = str(family) if family else None
        for rule in row.rules:
            if rule.when.holds(facts):
                return RiskFinding(rule.level, known_family, rule.reason, row.safest, row)
        safest = row.safest if row.from_guide else None
        return RiskFinding("low", known_family, None, safest, row)
