"""The service's settings: one typed object, read from the environment once and injected."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from locales import normalize_locale

DISCORD_CDN_HOSTS = ("cdn.discordapp.com", "media.discordapp.net")
DISCORD_API_URL = "https://discord.com/api/v10"


class SettingsError(Exception):
    """An environment variable with a value the service cannot use."""


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True)

    default_locale: str = "pt-BR"
    guide_url: str = "/guide"
    database: str = "./oomguide.db"
    redis_url: str | None = None
    session_ttl: int = Field(default=86_400, gt=0)
    # How long a store call may wait (a SQLite lock, a Redis answer) before it fails with 503.
    store_timeout: float = Field(default=2.0, gt=0, le=60)
    rate_limit: int = Field(default=120, ge=0)
    cors_origins: tuple[str, ...] = ()
    discord_public_key: str | None = None
    discord_api_url: str = DISCORD_API_URL
    discord_attachment_hosts: tuple[str, ...] = DISCORD_CDN_HOSTS
    discord_bot_token: str | None = None
    slack_signing_secret: str | None = None
    slack_response_hosts: tuple[str, ...] = ("hooks.slack.com",)
    integrations_allow_http: bool = False  # only for tests standing in for Discord and Slack
    max_body_bytes: int = 300 * 1024  # a 256 KiB config plus its JSON envelope
    admin_token: str | None = None  # unset: /v1/analytics and /admin/report answer 404
    keep_texts: Literal["none", "unread", "all"] = "unread"  # user texts the event log keeps
    text_retention: int = Field(default=2_592_000, gt=0)  # seconds a kept text lives

    @field_validator("default_locale")
    @classmethod
    def _locale(cls, value: str) -> str:
        locale = normalize_locale(value)
        if locale is None:
            raise ValueError("expected pt-BR or en")
        return locale

    @field_validator("guide_url")
    @classmethod
    def _strip_slash(cls, value: str) -> str:
        return value.rstrip("/") or "/guide"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        raw: dict[str, object] = {}
        for name in cls.model_fields:
            value = env.get(f"OOMGUIDE_{name.upper()}")
            if value is None or value == "":
                continue
            is_list = name in {"cors_origins", "discord_attachment_hosts", "slack_response_hosts"}
            raw[name] = (
                tuple(v.strip() for v in value.split(",") if v.strip()) if is_list else value
            )
        try:
            return cls.model_validate(raw)
        except ValidationError as exc:
            problems = "; ".join(
                f"OOMGUIDE_{str(e['loc'][0]).upper()}: {e['msg']}" for e in exc.errors()
            )
            raise SettingsError(problems) from None
