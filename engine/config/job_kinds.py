"""Which jobs and process types train, from the data in ``job_kinds.yaml``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

_DATA_FILE = "job_kinds.yaml"


@dataclass(frozen=True)
class TrainerTypes:
    names: frozenset[str]
    suffix: str | None = None

    def trains(self, process_type: str) -> bool:
        if process_type in self.names:
            return True
        return self.suffix is not None and process_type.endswith(self.suffix)


@dataclass(frozen=True)
class JobRules:
    training: dict[str, TrainerTypes]  # job kind -> the process types that train in it
    not_training: frozenset[str]


def parse_rules(data: dict[str, Any]) -> JobRules:
    training = {
        str(kind): TrainerTypes(
            frozenset(str(name) for name in spec["trainers"]), spec.get("trainer_suffix")
        )
        for kind, spec in data["training"].items()
    }
    return JobRules(training, frozenset(str(kind) for kind in data["not_training"]))


@cache
def job_rules() -> JobRules:
    text = resources.files(__package__).joinpath(_DATA_FILE).read_text(encoding="utf-8")
    return parse_rules(yaml.safe_load(text))
