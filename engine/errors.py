"""What the engine refuses, with typed fields; the API turns these into HTTP answers."""

from __future__ import annotations


class EngineError(Exception):
    """Base of the engine's own errors."""


class InvalidReply(EngineError):
    """A reply that does not fit the pending question (an option it does not offer, say)."""

    def __init__(self, message: str, *, field: str = "value") -> None:
        super().__init__(message)
        self.field = field


class InvalidFacts(EngineError):
    """Facts supplied by a caller that are not the contract's names or values."""

    def __init__(self, problems: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in problems.items()))
        self.problems = problems
