"""Stage 1: turning what a user pasted or uploaded into bounded, decoded text."""

from __future__ import annotations

from typing import Final

from engine.config.issues import ConfigError, ConfigIssue

MAX_CONFIG_BYTES: Final[int] = 256 * 1024
_BOM: Final[str] = "\ufeff"


def _fail(code: str, **params: str | int) -> ConfigError:
    return ConfigError((ConfigIssue(code, dict(params)),))


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _not_text(data: bytes, offset: int) -> ConfigError:
    issue = ConfigIssue("not_text", {"offset": offset}, line=_line_of(data, offset))
    return ConfigError((issue,))


def _encode(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:  # lone surrogates cannot come from a real file
        prefix = text[: exc.start].encode("utf-8", "surrogatepass")
        raise _not_text(prefix, len(prefix)) from exc


def decode_config(raw: str | bytes) -> str:
    """The config as text; size is checked before anything else looks at the content."""
    data = raw if isinstance(raw, bytes) else _encode(raw)
    if len(data) > MAX_CONFIG_BYTES:
        raise _fail("too_large", size=len(data), limit=MAX_CONFIG_BYTES)
    nul = data.find(b"\x00")
    if nul >= 0:
        raise _not_text(data, nul)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _not_text(data, exc.start) from exc
    text = text.removeprefix(_BOM)
    if not text.strip():
        raise _fail("empty")
    return text
