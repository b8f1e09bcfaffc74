"""Conversations as a service: the engine's pure turns joined to the store. Every channel
(REST, Discord, Slack, the widget) goes through here, so all of them behave the same."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from api.service.events import Recorder
from api.store import ConversationNotFound, ConversationStore, StoredConversation, VersionConflict
from api.store.format import decode_messages, decode_state, encode_messages, encode_state
from engine.engine import Engine
from engine.models import Turn
from engine.state import ConversationState, Opening, Reply

log = logging.getLogger("oomguide.events")


class StaleTurn(Exception):
    """A reply to a turn that is no longer the current one (a double click, a race)."""

    def __init__(self, current: int, given: int) -> None:
        super().__init__(
            f"turn {given} was already answered; the conversation is at turn {current}"
        )
        self.current = current
        self.given = given


@dataclass(frozen=True)
class Conversation:
    id: str
    version: int
    state: ConversationState


class ConversationService:
    def __init__(
        self, engine: Engine, store: ConversationStore, recorder: Recorder | None = None
    ) -> None:
        self.engine = engine
        self.store = store
        self.recorder = recorder or Recorder(None)

    def start(
        self, opening: Opening, channel: str = "rest", restarted_from: str | None = None
    ) -> Turn:
        """A new conversation; ``restarted_from`` names the one its person left to start over."""
        state, turn = self.engine.start(opening)
        stored = self.store.create(encode_state(state), encode_messages(state.transcript))
        self._record(
            self.recorder.started, stored.id, channel, opening, state, turn, restarted_from
        )
        return turn.model_copy(update={"conversation_id": stored.id})

    def get(self, conversation_id: str) -> Conversation:
        """The conversation with its transcript."""
        stored = self._stored(conversation_id, messages=True)
        transcript = decode_messages(stored.messages)
        state = decode_state(stored.state).model_copy(update={"transcript": transcript})
        return Conversation(stored.id, stored.version, state)

    def reply(self, conversation_id: str, reply: Reply, turn: int | None = None) -> Turn:
        """Take one turn; a reply naming an old ``turn`` or losing a race raises StaleTurn."""
        stored = self._stored(conversation_id)
        current = decode_state(stored.state)  # without its transcript: the turn adds to it
        if turn is not None and turn != current.turn:
            raise StaleTurn(current.turn, turn)
        state, result = self.engine.reply(current, reply)
        said = encode_messages(state.transcript)
        try:
            self.store.update(conversation_id, encode_state(state), stored.version, said)
        except VersionConflict:
            raise StaleTurn(current.turn + 1, current.turn) from None
        self._record(self.recorder.replied, conversation_id, current, reply, state, result)
        return result.model_copy(update={"conversation_id": conversation_id})

    def feedback(self, conversation_id: str, helpful: bool, comment: str | None) -> None:
        current = decode_state(self._stored(conversation_id).state)
        record: dict[str, Any] = {
            "helpful": helpful,
            "comment": comment,
            "turn": current.turn,
            "path": current.path,
            "facts": current.facts,
            "kb_version": self.engine.kb.version,
        }
        self.store.add_feedback(conversation_id, json.dumps(record, ensure_ascii=False))
        self._record(self.recorder.feedback, conversation_id, helpful, comment)

    def _record(self, call: Callable[..., None], *args: object) -> None:
        """The event log never fails a turn: whatever goes wrong describing it is logged."""
        try:
            call(*args)
        except Exception:
            log.exception("a turn's events could not be recorded")

    def _stored(self, conversation_id: str, *, messages: bool = False) -> StoredConversation:
        stored = self.store.get(conversation_id, messages=messages)
        if stored is None:
            raise ConversationNotFound(conversation_id)
        return stored
