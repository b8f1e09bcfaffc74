"""Localized texts: keyed catalogs in pt-BR (the source) and en, rendered with sandboxed Jinja.

Layout: ``locales/<locale>/<domain>.yaml``. A pt-BR entry is a plain string. Every other
locale's entry is ``{text: ..., source: <hash>}`` where ``source`` is :func:`source_hash` of
the pt-BR text it translates, so a changed source marks its translation stale.
"""

from __future__ import annotations

from locales.catalog import (
    Catalog,
    CatalogEntry,
    LocaleError,
    RenderError,
    load_catalog,
    source_hash,
)
from locales.negotiate import SUPPORTED, normalize_locale, pick_locale

__all__ = [
    "SUPPORTED",
    "Catalog",
    "CatalogEntry",
    "LocaleError",
    "RenderError",
    "load_catalog",
    "normalize_locale",
    "pick_locale",
    "source_hash",
]
