"""The stored shape of a conversation, the interface every backend offers, and shared rules."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Protocol

from api.store.errors import PayloadTooLarge

MAX_DATA_BYTES = 256 * 1024
MAX_FEEDBACK_BYTES = 8 * 1024

_ID_BYTES = 18
# token_urlsafe(18) is exactly 24 characters of the URL-safe base64 alphabet; anything else
# cannot be one of ours, so it is answered "not found" before it reaches a backend.
_ID_SHAPE = re.compile(r"[A-Za-z0-9_-]{24}")


@dataclass(frozen=True)
class StoredConversation:
    id: str
    version: int
    data: bytes  # the record as the service encoded it; stores keep it as it is
    created_at: float
    updated_at: float


class ConversationStore(Protocol):
    def create(self, data: bytes) -> StoredConversation: ...

    def get(self, conversation_id: str) -> StoredConversation | None: ...

    def update(
        self, conversation_id: str, data: bytes, expected_version: int
    ) -> StoredConversation: ...

    def add_feedback(self, conversation_id: str, feedback: str) -> None: ...

    def feedback(self, conversation_id: str) -> list[str]: ...

    def ping(self) -> bool: ...

    def close(self) -> None: ...


def new_conversation_id() -> str:
    return secrets.token_urlsafe(_ID_BYTES)


def is_conversation_id(value: str) -> bool:
    return _ID_SHAPE.fullmatch(value) is not None


def check_data_size(data: bytes) -> None:
    if len(data) > MAX_DATA_BYTES:
        raise PayloadTooLarge("conversation data", len(data), MAX_DATA_BYTES)


def check_feedback_size(feedback: str) -> None:
    # The limit is on stored bytes, and UTF-8 can take up to four per character.
    if len(feedback) * 4 <= MAX_FEEDBACK_BYTES:
        return
    size = len(feedback.encode("utf-8"))
    if size > MAX_FEEDBACK_BYTES:
        raise PayloadTooLarge("feedback", size, MAX_FEEDBACK_BYTES)
