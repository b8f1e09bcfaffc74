"""Which of the guide's model families a process trains, from the data in ``families.yaml``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from kb.contract import FACTS

_DATA_FILE = "families.yaml"


@dataclass(frozen=True)
class FamilyRules:
    archs: dict[str, str]
    arch_prefixes: tuple[tuple[str, str], ...]
    arch_contains: tuple[tuple[str, str], ...]
    legacy_flags: tuple[tuple[str, str], ...]  # flag -> arch, in AI Toolkit's order
    names: tuple[tuple[re.Pattern[str], str], ...]
    fallback: str = "other"

    def for_arch(self, arch: str) -> str:
        """The family of an arch as AI Toolkit resolves it (tag already stripped)."""
        arch = arch.lower()
        if arch in self.archs:
            return self.archs[arch]
        for prefix, family in self.arch_prefixes:
            if arch.startswith(prefix):
                return family
        for part, family in self.arch_contains:
            if part in arch:
                return family
        return self.fallback

    def for_name(self, name_or_path: str) -> str | None:
        for pattern, family in self.names:
            if pattern.search(name_or_path):
                return family
        return None


def strip_arch_tag(arch: str) -> str:
    """``zimage:turbo`` -> ``zimage``: the UI appends a tag that AI Toolkit drops."""
    return arch.split(":", 1)[0]


def _checked_family(family: Any) -> str:
    allowed = FACTS["model_family"].values
    if family not in allowed:
        raise ValueError(f"{_DATA_FILE}: {family!r} is not one of {allowed}")
    return str(family)


def _pairs(table: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((str(key).lower(), _checked_family(family)) for key, family in table.items())


def parse_rules(data: dict[str, Any]) -> FamilyRules:
    return FamilyRules(
        archs=dict(_pairs(data["archs"])),
        arch_prefixes=_pairs(data["arch_prefixes"]),
        arch_contains=_pairs(data.get("arch_contains") or {}),
        legacy_flags=tuple((str(k), str(v)) for k, v in data["legacy_flags"].items()),
        names=tuple(
            (re.compile(str(item["pattern"]), re.IGNORECASE), _checked_family(item["family"]))
            for item in data["names"]
        ),
    )


@cache
def family_rules() -> FamilyRules:
    """Loaded once; a broken data file fails at the first read, loudly."""
    text = resources.files(__package__).joinpath(_DATA_FILE).read_text(encoding="utf-8")
    return parse_rules(yaml.safe_load(text))
