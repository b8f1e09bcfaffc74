"""A writable copy of the minimal valid KB, for a test to break one thing in."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kb.problems import Problem
from kb.validate import ValidationReport, validate

MINIMAL = Path(__file__).parent / "fixtures" / "minimal"


@dataclass
class KBCopy:
    """The minimal KB (``kb/``) and its texts (``locales/``) under one directory."""

    root: Path
    _report: ValidationReport | None = field(default=None, repr=False)

    @property
    def kb_root(self) -> Path:
        return self.root / "kb"

    @property
    def locales_root(self) -> Path:
        return self.root / "locales"

    def read(self, rel: str) -> str:
        return (self.root / rel).read_text(encoding="utf-8")

    def write(self, rel: str, text: str) -> None:
        (self.root / rel).write_text(text, encoding="utf-8")
        self._report = None

    def edit(self, rel: str, old: str, new: str) -> None:
        """Replace the one occurrence of ``old``, so that a test breaks exactly what it says."""
        text = self.read(rel)
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {rel}"
        self.write(rel, text.replace(old, new))

    def append(self, rel: str, text: str) -> None:
        self.write(rel, self.read(rel) + text)

    def drop_text(self, locale: str, key: str) -> None:
        """Remove the entry ``key`` (its line and any indented lines under it) from kb.yaml."""
        rel = f"locales/{locale}/kb.yaml"
        lines = self.read(rel).splitlines(keepends=True)
        start = next(i for i, text in enumerate(lines) if text.startswith(f"{key}:"))
        end = start + 1
        while end < len(lines) and lines[end].startswith(" "):
            end += 1
        self.write(rel, "".join(lines[:start] + lines[end:]))

    def line(self, rel: str, snippet: str) -> int:
        """The line on which ``snippet`` first stands in the file, counted from 1."""
        for number, text in enumerate(self.read(rel).splitlines(), 1):
            if snippet in text:
                return number
        raise AssertionError(f"{snippet!r} not in {rel}")

    def validate(self) -> ValidationReport:
        """The report for the files as they stand, validated once per change."""
        if self._report is None:
            self._report = validate(self.kb_root, self.locales_root)
        return self._report

    def problems(self, rule: str) -> list[Problem]:
        return [p for p in self.validate().problems if p.rule == rule]

    def only(self, rule: str) -> Problem:
        found = self.problems(rule)
        assert len(found) == 1, found
        return found[0]
