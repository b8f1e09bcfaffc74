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
    data: str
    created_at: float
    updated_at: float


class ConversationStore(Protocol):
    def create(self, data: str) -> StoredConversation: ...

    def get(self, conversation_id: str) -> StoredConversation | None: ...

    def update(
        self, conversation_id: str, data: str, expected_version: int
    ) -> StoredConversation: ...

    def add_feedback(self, conversation_id: str, feedback: str) -> None: ...

    def feedback(self, conversation_id: str) -> list[str]: ...

    def ping(self) -> bool: ...

    def close(self) -> None: ...


def new_conversation_id() -> str:
    return secrets.token_urlsafe(_ID_BYTES)


def is_conversation_id(value: str) -> bool:
    return _ID_SHAPE.fullmatch(value) is not None


def check_data_size(data: str) -> None:
    _check_size("conversation data", data, MAX_DATA_BYTES)


def check_feedback_size(feedback: str) -> None:
    _check_size("feedback", feedback, MAX_FEEDBACK_BYTES)


def _check_size(what: str, text: str, limit: int) -> None:
    # Limits are on stored bytes, and UTF-8 can take up to four per character.
    if len(text) * 4 <= limit:
        return
    size = len(text.encode("utf-8"))
    if size > limit:
        raise PayloadTooLarge(what, size, limit)
