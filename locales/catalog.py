"""Loading the keyed catalogs and rendering their templates."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import yaml
from jinja2.meta import find_undeclared_variables
from jinja2.sandbox import ImmutableSandboxedEnvironment

SOURCE_LOCALE = "pt-BR"
LOCALES_DIR = Path(__file__).resolve().parent


class LocaleError(Exception):
    """A catalog file that cannot be read."""

    def __init__(self, path: Path, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = path
        self.line = line
        self.message = message


class RenderError(Exception):
    """A template that failed to render (unknown key, missing variable)."""


def source_hash(text: str) -> str:
    """The fingerprint a translation records of the source text it translates."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class CatalogEntry:
    key: str
    text: str
    path: Path
    line: int
    source: str | None = None  # hash of the pt-BR text translated; None in the source locale


_ENV = ImmutableSandboxedEnvironment(
    undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False
)


@dataclass
class Catalog:
    """All keyed texts of every locale, with their templates compiled once."""

    entries: dict[str, dict[str, CatalogEntry]] = field(default_factory=dict)
    _templates: dict[tuple[str, str], jinja2.Template | str] = field(
        default_factory=dict, repr=False
    )

    @property
    def locales(self) -> tuple[str, ...]:
        return tuple(self.entries)

    def has(self, key: str, locale: str = SOURCE_LOCALE) -> bool:
        return key in self.entries.get(locale, {})

    def text(self, key: str, locale: str) -> str:
        try:
            return self.entries[locale][key].text
        except KeyError as exc:
            raise RenderError(f"no text {key!r} in locale {locale!r}") from exc

    def render(self, key: str, locale: str, params: Mapping[str, Any] | None = None) -> str:
        template = self._templates.get((locale, key))
        if template is None:
            template = self._templates[(locale, key)] = _compile(self.text(key, locale))
        if isinstance(template, str):
            return template
        try:
            return template.render(params or {}).strip()
        except jinja2.TemplateError as exc:
            raise RenderError(f"{locale}/{key}: {exc}") from exc

    def variables(self, key: str, locale: str) -> frozenset[str]:
        """The names a template reads from its context."""
        return frozenset(find_undeclared_variables(_ENV.parse(self.text(key, locale))))

    def compile_all(self) -> None:
        for locale, entries in self.entries.items():
            for key in entries:
                self._templates[(locale, key)] = _compile(self.text(key, locale))


def _compile(text: str) -> jinja2.Template | str:
    """A text with no template syntax compiles to itself, as it renders."""
    return _ENV.from_string(text) if "{" in text else text.strip()


class _LineLoader(yaml.SafeLoader):
    """Safe loader whose mappings remember the line each key stands on."""


def _mapping_with_lines(loader: _LineLoader, node: yaml.MappingNode) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        result[key] = (key_node.start_mark.line + 1, loader.construct_object(value_node, deep=True))
    return result


_LineLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _mapping_with_lines,
)


def _read_file(path: Path, locale: str) -> dict[str, CatalogEntry]:
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_LineLoader)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else 0
        raise LocaleError(path, line, f"invalid YAML: {exc.problem}") from exc
    entries: dict[str, CatalogEntry] = {}
    for key, (line, value) in (raw or {}).items():
        entries[str(key)] = _entry(str(key), value, path, line, locale)
    return entries


def _entry(key: str, value: Any, path: Path, line: int, locale: str) -> CatalogEntry:
    if isinstance(value, str):
        return CatalogEntry(key, value, path, line)
    if isinstance(value, dict) and "text" in value:
        text = value["text"][1]
        source = value.get("source", (line, None))[1]
        if isinstance(text, str) and (source is None or isinstance(source, str)):
            return CatalogEntry(key, text, path, line, source)
    raise LocaleError(path, line, f"{key}: expected a string or {{text, source}} in {locale}")


def read_locale_dir(root: Path) -> dict[str, dict[str, CatalogEntry]]:
    """Every ``<locale>/*.yaml`` below ``root``; a key defined twice keeps its first place."""
    catalogs: dict[str, dict[str, CatalogEntry]] = {}
    locale_dirs = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("_"))
    for locale_dir in locale_dirs:
        merged = catalogs.setdefault(locale_dir.name, {})
        for path in sorted(locale_dir.glob("*.yaml")):
            for key, entry in _read_file(path, locale_dir.name).items():
                merged.setdefault(key, entry)
    return catalogs


def load_catalog(root: Path | None = None) -> Catalog:
    catalog = Catalog(read_locale_dir(root or LOCALES_DIR))
    catalog.compile_all()
    return catalog


@cache
def default_catalog() -> Catalog:
    return load_catalog()
