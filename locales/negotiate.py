"""Choosing the reply's locale from what a request says (body, header, its text's language,
setting)."""

from __future__ import annotations

from collections.abc import Callable

from babel import Locale, UnknownLocaleError
from babel.core import negotiate_locale

SUPPORTED: tuple[str, ...] = ("pt-BR", "en")
_BY_LANGUAGE = {"pt": "pt-BR", "en": "en"}


def normalize_locale(value: str | None) -> str | None:
    """``pt``, ``pt_PT``, ``PT-br`` -> ``pt-BR``; ``en-GB`` -> ``en``; anything else -> None."""
    if not value:
        return None
    try:
        parsed = Locale.parse(value.strip().replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return None
    return _BY_LANGUAGE.get(parsed.language)


def _accept_language(header: str) -> list[str]:
    """Language tags of an Accept-Language header, best first (q=0 dropped)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and quality > 0:
            weighted.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(weighted)]


def pick_locale(
    explicit: str | None,
    accept_language: str | None,
    default: str,
    detected: Callable[[], str | None] | None = None,
) -> str:
    """Body's locale, else the best supported Accept-Language entry, else the language the
    text is written in (``detected``, called only when neither names a supported locale), else
    ``default``."""
    chosen = normalize_locale(explicit) or _from_header(accept_language)
    if chosen:
        return chosen
    chosen = normalize_locale(detected()) if detected is not None else None
    return chosen or normalize_locale(default) or "pt-BR"


def _from_header(accept_language: str | None) -> str | None:
    if not accept_language:
        return None
    preferred = [t.replace("_", "-") for t in _accept_language(accept_language)]
    match = negotiate_locale(preferred, ["pt-BR", "pt", "en"], sep="-")
    chosen = normalize_locale(match)
    if chosen:
        return chosen
    for tag in preferred:
        chosen = normalize_locale(tag)
        if chosen:
            return chosen
    return None
