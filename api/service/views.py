"""What the service answers with, beyond the engine's own Turn and Diagnosis: a conversation,
a config check, a section, the KB's description."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.models import Diagnosis, Question, Risk
from engine.state import TranscriptEntry
from kb.contract import FactValue

_STRICT = ConfigDict(extra="forbid", frozen=True)


class ConversationView(BaseModel):
    model_config = _STRICT

    conversation_id: str
    locale: str
    facts: dict[str, FactValue]
    transcript: list[TranscriptEntry]
    question: Question | None
    turn: int
    done: bool


class ProcessView(BaseModel):
    model_config = _STRICT

    index: int
    type: str
    name: str | None
    arch: str | None
    name_or_path: str | None
    facts: dict[str, FactValue]
    evidence: dict[str, str]
    problems: list[str]
    risk: Risk


class ConfigCheck(Diagnosis):
    name: str | None = None
    processes: list[ProcessView]


class SectionView(BaseModel):
    model_config = _STRICT

    id: str
    number: str
    title: str
    summary: str
    url: str
    parent: str | None = None


class KBInfo(BaseModel):
    model_config = _STRICT

    version: str
    locales: list[str]
    sections: list[dict[str, Any]]
    facts: dict[str, dict[str, Any]]
    advice_codes: list[str]
