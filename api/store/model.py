"""The stored shape of a conversation, the interface every backend offers, and shared rules."""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from api.store.errors import PayloadTooLarge
from engine.state import MAX_TRANSCRIPT

MAX_DATA_BYTES = 256 * 1024  # of a state, and of each message
MAX_FEEDBACK_BYTES = 8 * 1024
MAX_MESSAGES = MAX_TRANSCRIPT  # the transcript's messages kept; older ones are dropped

_ID_BYTES = 18
# token_urlsafe(18) is exactly 24 characters of the URL-safe base64 alphabet; anything else
# cannot be one of ours, so it is answered "not found" before it reaches a backend.
_ID_SHAPE = re.compile(r"[A-Za-z0-9_-]{24}")


@dataclass(frozen=True)
class StoredConversation:
    """A conversation as stored: a state that changes, and messages that only grow."""

    id: str
    version: int
    state: bytes  # as the service encoded it; stores keep it as it is
    created_at: float
    updated_at: float
    messages: tuple[bytes, ...] = ()  # the last MAX_MESSAGES, oldest first, when asked for


class ConversationStore(Protocol):
    backend: str

    def create(self, state: bytes, messages: Sequence[bytes] = ()) -> StoredConversation: ...

    def get(self, conversation_id: str, *, messages: bool = False) -> StoredConversation | None: ...

    def update(
        self,
        conversation_id: str,
        state: bytes,
        expected_version: int,
        messages: Sequence[bytes] = (),
    ) -> StoredConversation:
        """Replace the state and append the messages, if the version is still the one read."""
        ...

    def add_feedback(self, conversation_id: str, feedback: str) -> None: ...

    def feedback(self, conversation_id: str) -> list[str]: ...

    def check_writable(self) -> None:
        """Raises StoreUnavailable, with the reason, when a write would fail now."""
        ...

    def close(self) -> None: ...


def new_conversation_id() -> str:
    return secrets.token_urlsafe(_ID_BYTES)


def is_conversation_id(value: str) -> bool:
    return _ID_SHAPE.fullmatch(value) is not None


def check_data_size(state: bytes, messages: Sequence[bytes] = ()) -> None:
    if len(state) > MAX_DATA_BYTES:
        raise PayloadTooLarge("conversation state", len(state), MAX_DATA_BYTES)
    for message in messages:
        if len(message) > MAX_DATA_BYTES:
            raise PayloadTooLarge("conversation message", len(message), MAX_DATA_BYTES)


def check_feedback_size(feedback: str) -> None:
    # The limit is on stored bytes, and UTF-8 can take up to four per character.
    if len(feedback) * 4 <= MAX_FEEDBACK_BYTES:
        return
    size = len(feedback.encode("utf-8"))
    if size > MAX_FEEDBACK_BYTES:
        raise PayloadTooLarge("feedback", size, MAX_FEEDBACK_BYTES)
