"""The public vocabulary fixed by the contract: section ids, facts and advice codes.

The KB may use these names and no others; the validator holds every KB file to them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

FactValue = str | int | float | bool | list[int]


class FactType(StrEnum):
    ENUM = "enum"
    INT = "int"  # positive integer
    NUMBER = "number"  # positive number
    BOOL = "bool"
    INT_LIST = "int_list"  # list of positive integers


@dataclass(frozen=True)
class FactSpec:
    name: str
    type: FactType
    values: tuple[str, ...] = ()


def _enum(name: str, *values: str) -> FactSpec:
    return FactSpec(name, FactType.ENUM, values)


FACTS: Final[dict[str, FactSpec]] = {
    spec.name: spec
    for spec in (
        _enum("goal", "fix_oom", "speed", "quality", "explain"),
        _enum("gc", "enabled", "disabled", "unknown"),
        _enum("model_family", "z_image", "qwen_edit", "flux_flex", "video", "other"),
        _enum("oom_phase", "loading", "first_steps", "sampling", "bucket_spike", "later", "none"),
        _enum("memory_kind", "gpu", "system"),
        _enum("gc_retry", "fixed", "still_oom"),
        _enum("stable_with_gc", "yes", "no"),
        *(
            FactSpec(name, FactType.INT)
            for name in (
                "batch_size",
                "gradient_accumulation",
                "max_resolution",
                "num_frames",
                "sample_width",
                "sample_height",
                "sample_steps",
                "sample_every",
            )
        ),
        FactSpec("resolutions", FactType.INT_LIST),
        *(FactSpec(name, FactType.BOOL) for name in ("low_vram", "quantize", "sampling_disabled")),
        FactSpec("vram_gb", FactType.NUMBER),
    )
}

# Section id -> the number the guide gives it ("" where the guide gives none).
SECTIONS: Final[dict[str, str]] = {
    "quick-answer": "",
    "checklist": "",
    "what-gc-does": "1",
    "why-oom": "2",
    "risk-families": "3",
    "where-to-change": "4",
    "speed-alternatives": "5",
    "speed-alternatives.preview": "5.A",
    "speed-alternatives.batch": "5.B",
    "speed-alternatives.buckets": "5.C",
    "speed-alternatives.low-memory": "5.D",
    "when-to-test-off": "6",
    "what-it-is-not": "7",
    "faq": "8",
    "faq.quality": "8.1",
    "faq.still-oom": "8.2",
    "faq.start-off": "8.3",
    "summary": "",
}

# Advice code -> the section its recommendation must cite at least (None: no fixed section).
ADVICE: Final[dict[str, str | None]] = {
    "enable_gc": "where-to-change",
    "start_conservative": "risk-families",
    "reduce_batch_size": "faq.still-oom",
    "remove_highest_bucket": "speed-alternatives.buckets",
    "cheaper_preview": "speed-alternatives.preview",
    "use_gradient_accumulation": "speed-alternatives.batch",
    "low_memory_path": "speed-alternatives.low-memory",
    "reduce_num_frames": "faq.still-oom",
    "keep_gc_on": "what-it-is-not",
    "gc_off_test_protocol": "when-to-test-off",
    "check_training_inputs": "what-it-is-not",
    "explain_gc": "what-gc-does",
    "outside_guide": None,
}

LOCALES: Final[tuple[str, ...]] = ("pt-BR", "en")
SOURCE_LOCALE: Final[str] = "pt-BR"
RISK_LEVELS: Final[tuple[str, ...]] = ("low", "medium", "high")
