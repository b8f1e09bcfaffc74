"""Facts of one process as they are found, each with the evidence that states it."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.config.nodes import Located, Reader
from engine.facts import coerce
from kb.contract import FactValue

Candidate = tuple[int, str]  # a value and its evidence


@dataclass
class Facts:
    """Facts found so far, their evidence, and paths shown relative to the process."""

    prefix: str
    values: dict[str, FactValue] = field(default_factory=dict)
    evidence: dict[str, str] = field(default_factory=dict)

    def stated(self, at: Located) -> str:
        return f"{at.path.removeprefix(self.prefix)}: {at.shown()} (line {at.line})"

    def put(self, fact: str, value: FactValue, evidence: str) -> None:
        """Keep a fact the contract accepts, checked as a caller's would be; a value out of
        range (``batch_size: 99999999999999999999``) stays unknown rather than stored."""
        try:
            self.values[fact] = coerce(fact, value)
        except ValueError:
            return
        self.evidence[fact] = evidence


def child_of(section: Located | None, key: str) -> Located | None:
    return section.child(key) if section is not None else None


def flag(facts: Facts, fact: str, at: Located | None, reader: Reader) -> bool | None:
    """A boolean fact; absent is false, AI Toolkit's default for every flag read here."""
    if at is None:
        facts.put(fact, False, "default: false when absent")
        return False
    value = reader.boolean(at)
    if value is not None:
        facts.put(fact, value, facts.stated(at))
    return value
