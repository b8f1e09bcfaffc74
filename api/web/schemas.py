"""Request bodies of the REST API, its problems and probes; what the service answers with is in
api.service.views."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.config import MAX_CONFIG_BYTES
from engine.engine import MAX_TEXT

_STRICT = ConfigDict(extra="forbid", frozen=True)
Locale = Field(default=None, max_length=35, examples=["pt-BR"])


class NewConversation(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={
            "examples": [
                {
                    "locale": "pt-BR",
                    "text": "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4",
                },
                {"locale": "en", "facts": {"goal": "fix_oom", "gc": "disabled"}},
            ]
        },
    )

    locale: str | None = Locale
    text: str | None = Field(default=None, max_length=MAX_TEXT)
    facts: dict[str, Any] = Field(default_factory=dict, max_length=32)
    config: str | None = Field(default=None, max_length=MAX_CONFIG_BYTES)


class ReplyBody(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={"examples": [{"value": "disabled", "turn": 1}, {"text": "batch 4"}]},
    )

    value: str | None = Field(default=None, min_length=1, max_length=100)
    text: str | None = Field(default=None, max_length=MAX_TEXT)
    turn: int | None = Field(default=None, ge=1, le=1_000_000)

    @model_validator(mode="after")
    def _one_of(self) -> ReplyBody:
        if (self.value is None) == (self.text is None):
            raise ValueError("give exactly one of 'value' (an option) or 'text' (free text)")
        return self


class FeedbackBody(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, json_schema_extra={"examples": [{"helpful": True}]}
    )

    helpful: bool
    comment: str | None = Field(default=None, max_length=2000)


class ConfigCheckBody(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={
            "examples": [
                {
                    "config": "job: extension\nconfig:\n  name: demo\n  process:\n"
                    "    - type: sd_trainer\n      train:\n        gradient_checkpointing: false\n"
                    "      model:\n        arch: zimage\n",
                    "locale": "en",
                }
            ]
        },
    )

    config: str = Field(max_length=MAX_CONFIG_BYTES)
    locale: str | None = Locale


class Problem(BaseModel):
    """application/problem+json (RFC 9457)."""

    type: str = "about:blank"
    title: str
    status: int
    detail: str
    errors: list[dict[str, Any]] | None = None


class Health(BaseModel):
    """Liveness: the process answers."""

    status: Literal["ok"]
    kb_version: str


class Readiness(BaseModel):
    """Whether the store can be written now; ``reason`` says why not."""

    status: Literal["ready", "unavailable"]
    store: str
    reason: str | None = None
