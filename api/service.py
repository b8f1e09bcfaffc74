"""Conversations as a service: the engine's pure turns joined to the store. Every channel
(REST, Discord, Slack, the widget) goes through here, so all of them behave the same."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from api.store import ConversationNotFound, ConversationStore, VersionConflict
from engine.engine import Engine
from engine.models import Turn
from engine.state import ConversationState, Opening, Reply


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
    def __init__(self, engine: Engine, store: ConversationStore) -> None:
        self.engine = engine
        self.store = store

    def start(self, opening: Opening) -> Turn:
        state, turn = self.engine.start(opening)
        stored = self.store.create(state.model_dump_json())
        return turn.model_copy(update={"conversation_id": stored.id})

    def get(self, conversation_id: str) -> Conversation:
        stored = self.store.get(conversation_id)
        if stored is None:
            raise ConversationNotFound(conversation_id)
        state = ConversationState.model_validate_json(stored.data)
        return Conversation(stored.id, stored.version, state)

    def reply(self, conversation_id: str, reply: Reply, turn: int | None = None) -> Turn:
        """Take one turn; a reply naming an old ``turn`` or losing a race raises StaleTurn."""
        current = self.get(conversation_id)
        if turn is not None and turn != current.state.turn:
            raise StaleTurn(current.state.turn, turn)
        state, result = self.engine.reply(current.state, reply)
        try:
            self.store.update(conversation_id, state.model_dump_json(), current.version)
        except VersionConflict:
            raise StaleTurn(current.state.turn + 1, current.state.turn) from None
        return result.model_copy(update={"conversation_id": conversation_id})

    def feedback(self, conversation_id: str, helpful: bool, comment: str | None) -> None:
        current = self.get(conversation_id)
        record: dict[str, Any] = {
            "helpful": helpful,
            "comment": comment,
            "turn": current.state.turn,
            "path": current.state.path,
            "facts": current.state.facts,
            "kb_version": self.engine.kb.version,
        }
        self.store.add_feedback(conversation_id, json.dumps(record, ensure_ascii=False))
