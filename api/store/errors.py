"""What can go wrong in a conversation store, as typed exceptions (no transport status here)."""

from __future__ import annotations


class StoreError(Exception):
    """Base of every error a conversation store raises on purpose."""


class ConversationNotFound(StoreError):
    """The id is unknown, malformed, or its conversation expired."""

    def __init__(self, conversation_id: str) -> None:
        super().__init__(f"conversation {conversation_id!r} not found")
        self.conversation_id = conversation_id


class VersionConflict(StoreError):
    """Someone else updated the conversation since the caller read it."""

    def __init__(self, conversation_id: str, expected_version: int, actual_version: int) -> None:
        super().__init__(
            f"conversation {conversation_id!r} is at version {actual_version}, "
            f"not {expected_version}"
        )
        self.conversation_id = conversation_id
        self.expected_version = expected_version
        self.actual_version = actual_version


class PayloadTooLarge(StoreError):
    """A conversation's data or a feedback entry is over its size limit."""

    def __init__(self, what: str, size: int, limit: int) -> None:
        super().__init__(f"{what} is {size} bytes; the limit is {limit}")
        self.what = what
        self.size = size
        self.limit = limit


class StoreUnavailable(StoreError):
    """The backend cannot be reached or refused to work."""

    def __init__(self, backend: str, reason: str) -> None:
        super().__init__(f"{backend} store unavailable: {reason}")
        self.backend = backend
        self.reason = reason
