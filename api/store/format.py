"""How a conversation is written in a store: its state as one JSON object (without the
transcript), and each transcript entry as a JSON message of its own, appended as it is said."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import TypeAdapter

from engine.state import ConversationState, TranscriptEntry

_STATE = TypeAdapter(ConversationState)
_ENTRY = TypeAdapter(TranscriptEntry)
_NO_TRANSCRIPT = {"transcript"}


def encode_state(state: ConversationState) -> bytes:
    return _STATE.dump_json(state, exclude=_NO_TRANSCRIPT)


def decode_state(data: bytes) -> ConversationState:
    return _STATE.validate_json(data)


def encode_messages(entries: Iterable[TranscriptEntry]) -> list[bytes]:
    return [_ENTRY.dump_json(entry) for entry in entries]


def decode_messages(messages: Iterable[bytes]) -> list[TranscriptEntry]:
    return [_ENTRY.validate_json(message) for message in messages]
