"""A conversation's state between turns: plain data the API stores and hands back."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.models import Facts

MAX_TRANSCRIPT = 20  # entries kept (ten exchanges); older ones are dropped, so a long chat
# cannot make every later turn read and write an ever larger record


class TranscriptEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    role: Literal["user", "bot"]
    turn: int
    text: str
    value: str | None = None


class ConversationState(BaseModel):
    model_config = ConfigDict(frozen=True)

    locale: str
    facts: Facts = Field(default_factory=dict)
    sources: dict[str, str] = Field(default_factory=dict)
    signals: list[str] = Field(default_factory=list)
    pending: str | None = None  # question node awaiting a reply
    attempts: dict[str, int] = Field(default_factory=dict)  # unclear replies per question node
    unknown: list[str] = Field(default_factory=list)  # facts given up on
    turn: int = 0
    path: list[str] = Field(default_factory=list)  # nodes of the last walk
    transcript: list[TranscriptEntry] = Field(default_factory=list)
    done: bool = False


class Opening(BaseModel):
    """What starts a conversation or a diagnosis: any of text, facts and a job config."""

    model_config = ConfigDict(frozen=True)

    locale: str
    text: str | None = None
    facts: dict[str, Any] = Field(default_factory=dict)  # as sent; the engine checks them
    config: str | None = None


class Reply(BaseModel):
    model_config = ConfigDict(frozen=True)

    value: str | None = None
    text: str | None = None
