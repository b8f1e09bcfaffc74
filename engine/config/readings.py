"""What reading a job yields: one record per training process, facts in the contract's names."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.config.issues import ConfigIssue
from kb.contract import FactValue


@dataclass(frozen=True)
class ProcessReading:
    """One training process of ``config.process``.

    ``facts`` uses contract fact names only; ``evidence`` says, per fact, which line of the
    config stated it or which AI Toolkit default applies.
    """

    index: int  # position in config.process, counting every process
    type: str
    name: str | None = None
    arch: str | None = None  # as AI Toolkit resolves it: tag stripped, legacy flags applied
    name_or_path: str | None = None
    facts: dict[str, FactValue] = field(default_factory=dict)
    evidence: dict[str, str] = field(default_factory=dict)
    problems: tuple[ConfigIssue, ...] = ()


@dataclass(frozen=True)
class JobReading:
    name: str | None
    processes: tuple[ProcessReading, ...]  # every training process, in order; never empty
