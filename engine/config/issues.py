"""What the reader reports: issue codes, the issue record and the one exception it raises."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from locales.catalog import LocaleError, RenderError, default_catalog


class IssueKind(StrEnum):
    ERROR = "error"  # the job cannot be read; read_config raises
    PROBLEM = "problem"  # the job reads, but AI Toolkit would refuse or misread part of it


@dataclass(frozen=True)
class CodeSpec:
    kind: IssueKind
    params: frozenset[str] = frozenset()


def _error(*params: str) -> CodeSpec:
    return CodeSpec(IssueKind.ERROR, frozenset(params))


# Every code the reader can emit, with the params its templates receive (besides the
# location names `field`, `line`, `column`, which every template may also use).
CODES: Final[dict[str, CodeSpec]] = {
    "empty": _error(),
    "too_large": _error("size", "limit"),
    "not_text": _error("offset"),
    "invalid_yaml": _error("problem"),
    "too_deep": _error(),
    "unsafe_tag": _error("tag"),
    "recursive_alias": _error(),
    "alias_bomb": _error("limit"),
    "too_many_aliases": _error("count", "limit"),
    "not_a_job": _error(),
    "missing_field": _error(),
    "expected_mapping": _error("value"),
    "expected_list": _error("value"),
    "expected_string": _error("value"),
    "expected_bool": _error("value"),
    "expected_positive_int": _error("value"),
    "expected_accumulation_steps": _error("value"),
    "expected_resolution": _error("value"),
    "unknown_job": _error("job"),
    "not_a_training_job": _error("job"),
    "empty_process_list": _error(),
    "no_training_process": _error("types"),
    "too_many_processes": _error("count", "limit"),
    "too_slow": _error("limit_ms"),
    "accumulation_conflict": CodeSpec(
        IssueKind.PROBLEM, frozenset({"gradient_accumulation", "gradient_accumulation_steps"})
    ),
}

LOCATION_NAMES: Final[frozenset[str]] = frozenset({"field", "line", "column"})


def catalog_key(code: str) -> str:
    """The locale key of a code's template: ``config.error.<code>`` or ``config.problem.<code>``."""
    return f"config.{CODES[code].kind.value}.{code}"


@dataclass(frozen=True)
class ConfigIssue:
    """One finding, located as precisely as the input allows (line and column are 1-based)."""

    code: str
    params: dict[str, str | int] = field(default_factory=dict)
    field: str | None = None
    line: int | None = None
    column: int | None = None

    @property
    def kind(self) -> IssueKind:
        return CODES[self.code].kind

    def context(self) -> Mapping[str, str | int | None]:
        """What the localized template of this issue is rendered with."""
        return {**self.params, "field": self.field, "line": self.line, "column": self.column}

    def message(self) -> str:
        return default_catalog().render(catalog_key(self.code), "en", self.context())

    def location(self) -> str:
        parts = [f"line {self.line}"] if self.line is not None else []
        if self.column is not None:
            parts.append(f"column {self.column}")
        if self.field is not None:
            parts.append(self.field)
        return ", ".join(parts) or "input"


def _safe_message(issue: ConfigIssue) -> str:
    # str() of an exception must not raise: a broken catalog elsewhere still leaves the code.
    try:
        return issue.message()
    except (LocaleError, RenderError):
        params = ", ".join(f"{k}={v}" for k, v in sorted(issue.params.items()))
        return f"{issue.code}({params})"


class ConfigError(Exception):
    """The job config cannot be read; ``issues`` holds the errors found, in document order, up
    to the caps of :mod:`engine.config.job`; ``unlisted`` counts the ones left out."""

    def __init__(self, issues: tuple[ConfigIssue, ...], unlisted: int = 0) -> None:
        self.issues = issues
        self.unlisted = unlisted
        super().__init__(*issues)

    def __str__(self) -> str:
        total = len(self.issues) + self.unlisted
        lines = [f"cannot read the AI Toolkit job config ({total} problem(s)):"]
        lines.extend(f"- {issue.location()}: {_safe_message(issue)}" for issue in self.issues)
        if self.unlisted:
            lines.append(f"- and {self.unlisted} more, not listed")
        return "\n".join(lines)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(issue.code for issue in self.issues)


class ConfigLimit(ConfigError):
    """The job is over a limit that keeps one check cheap (too many processes, too much work);
    not a mistake in the job as AI Toolkit would read it."""
