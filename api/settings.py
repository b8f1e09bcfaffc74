"""The service's settings: one typed object, read from the environment once and injected."""

from __future__ import annotations

import ipaddress
import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from locales import normalize_locale

DISCORD_CDN_HOSTS = ("cdn.discordapp.com", "media.discordapp.net")
DISCORD_API_URL = "https://discord.com/api/v10"


_LISTS = {"cors_origins", "discord_attachment_hosts", "slack_response_hosts", "trusted_proxies"}


_REDIS_SCHEMES = frozenset({"redis", "rediss", "unix"})
_HEX_KEY = re.compile(r"^[0-9a-fA-F]{64}$")


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
    # Addresses or networks of the reverse proxies whose X-Forwarded-For names the client.
    trusted_proxies: tuple[str, ...] = ()
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

    @field_validator("trusted_proxies")
    @classmethod
    def _networks(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for entry in value:
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(f"{entry!r} is not an IP address or network") from None
        return value

    @field_validator("redis_url")
    @classmethod
    def _redis_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = urlsplit(value)
        if parts.scheme not in _REDIS_SCHEMES or not (parts.hostname or parts.path):
            raise ValueError("expected a URL such as redis://host:6379/0 (or rediss://, unix://)")
        return value

    @field_validator("discord_public_key")
    @classmethod
    def _public_key(cls, value: str | None) -> str | None:
        if value is not None and not _HEX_KEY.match(value):
            raise ValueError("expected the 64 hex characters of the application's Public Key")
        return value

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
            is_list = name in _LISTS
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


def check_database(database: str) -> None:
    """SettingsError unless the SQLite file's folder exists and a file can be created in it,
    checked once before the server starts rather than on the first request."""
    if database == ":memory:":
        return
    folder = Path(database).expanduser().resolve().parent
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise SettingsError(f"OOMGUIDE_DATABASE: cannot write in {folder} ({reason})") from None
