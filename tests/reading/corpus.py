"""The reading corpus: annotated messages, loaded and checked against the contract's vocabulary.

Run ``python -m tests.reading.corpus`` to check every file; each problem names its file and entry.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.extract.intent import INTENTS
from kb.contract import FACTS, FactType, FactValue

CORPUS = Path(__file__).resolve().parent / "corpus"
HALVES = ("holdout", "dev")
STYLES = ("github", "discord", "forum", "log", "config", "reply-chain", "mixed")


def check_value(name: str, value: Any) -> FactValue:
    """``value`` as the contract types fact ``name``; ValueError says what is wrong."""
    spec = FACTS.get(name)
    if spec is None or name == "goal":
        raise ValueError(f"{name!r} is not an annotatable fact")
    kind = spec.type
    if kind is FactType.ENUM:
        if value not in spec.values:
            raise ValueError(f"{name}: {value!r} is not one of {list(spec.values)}")
        return str(value)
    if kind is FactType.BOOL:
        if not isinstance(value, bool):
            raise ValueError(f"{name}: {value!r} is not true or false")
        return value
    if kind is FactType.INT_LIST:
        if not (isinstance(value, list) and value and all(_positive_int(v) for v in value)):
            raise ValueError(f"{name}: {value!r} is not a list of positive integers")
        if value != sorted(set(value)):
            raise ValueError(f"{name}: {value!r} must be ascending, without repeats")
        return list(value)
    if kind is FactType.INT:
        if not _positive_int(value):
            raise ValueError(f"{name}: {value!r} is not a positive integer")
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ValueError(f"{name}: {value!r} is not a positive number")
    return value


def _positive_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[hd]-(en|pt)-\d{4,5}$")
    locale: Literal["en", "pt-BR"]
    style: str
    text: str = Field(min_length=1, max_length=8000)
    intent: str
    facts: dict[str, FactValue] = Field(default_factory=dict)
    not_: tuple[str, ...] = Field(default=(), alias="not")
    note: str | None = None

    @field_validator("style")
    @classmethod
    def _style(cls, style: str) -> str:
        if style not in STYLES:
            raise ValueError(f"style {style!r} is not one of {list(STYLES)}")
        return style

    @field_validator("intent")
    @classmethod
    def _intent(cls, intent: str) -> str:
        if intent not in INTENTS:
            raise ValueError(f"intent {intent!r} is not one of {list(INTENTS)}")
        return intent

    @field_validator("facts", mode="before")
    @classmethod
    def _facts(cls, facts: Any) -> dict[str, FactValue]:
        if facts is None:
            return {}
        if not isinstance(facts, dict):
            raise ValueError("facts must be a mapping of fact name to value")
        return {name: check_value(name, value) for name, value in facts.items()}

    @field_validator("not_", mode="before")
    @classmethod
    def _not(cls, names: Any) -> tuple[str, ...]:
        names = names or []
        unknown = [n for n in names if n not in FACTS or n == "goal"]
        if unknown:
            raise ValueError(f"not: {unknown} are not annotatable facts")
        return tuple(names)


class Corpus(BaseModel):
    half: str
    entries: tuple[Entry, ...]


class CorpusError(Exception):
    """Corpus files that do not follow the format; every problem, each with its place."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def _read(path: Path, problems: list[str]) -> list[Entry]:
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    except yaml.YAMLError as exc:
        problems.append(f"{path}: not YAML: {exc}")
        return []
    if not isinstance(raw, list):
        problems.append(f"{path}: must be a list of entries")
        return []
    entries = []
    for index, item in enumerate(raw):
        name = item.get("id", "?") if isinstance(item, dict) else "?"
        where = f"{path.name} entry {index + 1} ({name})"
        try:
            entry = Entry.model_validate(item)
        except ValidationError as exc:
            for err in exc.errors():
                loc = ".".join(str(p) for p in err["loc"])
                problems.append(f"{path.parent.name}/{where}: {loc}: {err['msg']}")
            continue
        if set(entry.facts) & set(entry.not_):
            problems.append(f"{where}: a fact is both stated and in 'not'")
        expected_locale = "pt-BR" if path.stem.startswith("pt-BR") else "en"
        if entry.locale != expected_locale:
            problems.append(f"{where}: locale {entry.locale} in {path.name}")
        entries.append(entry)
    return entries


def load(half: str, root: Path = CORPUS) -> Corpus:
    """One half of the corpus; raises CorpusError listing every problem."""
    problems: list[str] = []
    entries: list[Entry] = []
    for path in sorted((root / half).glob("*.yaml")):
        entries.extend(_read(path, problems))
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            problems.append(f"{half}: id {entry.id} is used twice")
        seen.add(entry.id)
        if entry.id[0] != half[0]:
            problems.append(f"{half}: id {entry.id} belongs to the other half")
    if problems:
        raise CorpusError(problems)
    return Corpus(half=half, entries=tuple(entries))


def main(argv: list[str]) -> int:
    status = 0
    for half in argv or list(HALVES):
        try:
            corpus = load(half)
        except CorpusError as exc:
            print("\n".join(exc.problems))
            status = 1
            continue
        counts = {loc: sum(e.locale == loc for e in corpus.entries) for loc in ("en", "pt-BR")}
        print(f"{half}: {len(corpus.entries)} entries {counts}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
