"""Configs shaped the way AI Toolkit's web UI writes them (its presets and defaults), one per
model the UI offers; each reads to the facts its own YAML states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.config import ConfigError, ProcessReading, read_config
from tests.engine.config.config_support import FIXTURES

UI = FIXTURES / "ui"
UI_FILES = sorted(p for p in UI.iterdir() if p.suffix in {".yaml", ".json"})

# The fixture, the arch AI Toolkit resolves from the UI's preset (tag dropped) and the family.
EXPECTED_MODEL = {
    "zimage_turbo.yaml": ("zimage", "z_image"),
    "zimage_deturbo.job_config.json": ("zimage", "z_image"),
    "flux2.yaml": ("flux2", "flux_flex"),
    "ltx2.yaml": ("ltx2", "video"),
    "wan22_14b_t2v.yaml": ("wan22_14b", "video"),
    "wan22_14b_i2v.yaml": ("wan22_14b_i2v", "video"),
    "wan22_5b.yaml": ("wan22_5b", "video"),
    "qwen_image_edit_plus.yaml": ("qwen_image_edit_plus", "qwen_edit"),
    "qwen_image_edit_plus_2511.yaml": ("qwen_image_edit_plus", "qwen_edit"),
    "chroma.yaml": ("chroma", "flux_flex"),
    "flex2.yaml": ("flex2", "flux_flex"),
    "hidream.yaml": ("hidream", "other"),
    "omnigen2.yaml": ("omnigen2", "other"),
    "lumina2.yaml": ("lumina2", "other"),
    "sdxl.yaml": ("sdxl", "other"),
}
SAMPLE_KEYS = {"width": "sample_width", "height": "sample_height", "sample_steps": "sample_steps"}


def _read(path: Path) -> ProcessReading:
    (process,) = read_config(path.read_bytes()).processes
    return process


def _largest_preview(sample: dict[str, Any], key: str) -> int | None:
    """A preview in sample.samples uses its own value when it states one (SampleItem)."""
    items = sample.get("samples") or []
    values = [item.get(key, sample.get(key)) for item in items] or [sample.get(key)]
    known = [v for v in values if v is not None]
    return max(known) if known else None


def expected_facts(process: dict[str, Any]) -> dict[str, Any]:
    """The facts the file states, from plain safe_load output and AI Toolkit's defaults."""
    train, model, sample = process["train"], process["model"], process["sample"]
    datasets = process["datasets"]
    resolutions = sorted({r for d in datasets for r in d["resolution"]})
    facts: dict[str, Any] = {
        "gc": "enabled" if train.get("gradient_checkpointing", True) else "disabled",
        "batch_size": max(d.get("batch_size", train.get("batch_size", 1)) for d in datasets),
        "gradient_accumulation": train.get("gradient_accumulation", 1),
        "resolutions": resolutions,
        "max_resolution": max(resolutions),
        "num_frames": max(d.get("num_frames", 1) for d in datasets),
        "sample_every": sample["sample_every"],
        "sampling_disabled": bool(train.get("disable_sampling", False)),
        "low_vram": bool(model.get("low_vram", False)),
        "quantize": bool(model.get("quantize", False)),
    }
    for key, fact in SAMPLE_KEYS.items():
        facts[fact] = _largest_preview(sample, key)
    return facts


def test_every_fixture_has_an_expectation() -> None:
    assert sorted(p.name for p in UI_FILES) == sorted(EXPECTED_MODEL)


@pytest.mark.parametrize("path", UI_FILES, ids=lambda p: p.name)
def test_ui_config_reads_to_the_facts_it_states(path: Path) -> None:
    (raw,) = yaml.safe_load(path.read_text(encoding="utf-8"))["config"]["process"]
    process = _read(path)
    facts = dict(process.facts)
    family = facts.pop("model_family")
    assert facts == expected_facts(raw)
    assert (process.arch, family) == EXPECTED_MODEL[path.name]
    assert process.type == raw["type"]
    assert process.name_or_path == raw["model"]["name_or_path"]


def test_previews_that_set_their_own_size_count() -> None:
    process = _read(UI / "flux2.yaml")
    assert (process.facts["sample_width"], process.facts["sample_height"]) == (1536, 1216)
    assert process.facts["sample_steps"] == 40
    assert process.evidence["sample_width"].startswith("sample.samples[1].width: 1536 (line ")
    assert process.evidence["sample_height"].startswith("sample.samples[2].height: 1216")


def test_a_preview_without_its_own_size_uses_the_sections() -> None:
    process = _read(UI / "zimage_turbo.yaml")
    assert process.facts["sample_width"] == 1024
    assert process.evidence["sample_width"].startswith("sample.width: 1024 (line ")
    assert process.facts["sample_steps"] == 8


def test_video_frames_and_low_memory_options() -> None:
    ltx = _read(UI / "ltx2.yaml")
    assert ltx.facts["num_frames"] == 121
    assert ltx.evidence["num_frames"].startswith("datasets[0].num_frames: 121")
    wan = _read(UI / "wan22_14b_t2v.yaml")
    assert (wan.facts["num_frames"], wan.facts["sampling_disabled"]) == (81, True)
    assert (wan.facts["low_vram"], wan.facts["quantize"]) == (True, True)
    assert _read(UI / "wan22_14b_i2v.yaml").facts["gradient_accumulation"] == 4


def test_the_json_file_the_ui_writes_reads_too() -> None:
    path = UI / "zimage_deturbo.job_config.json"
    process = _read(path)
    assert (process.type, process.arch) == ("ui_trainer", "zimage")
    assert process.facts["batch_size"] == 3
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if '"arch": "zimage:deturbo"' in text)
    assert process.evidence["model_family"] == f'model.arch: "zimage:deturbo" (line {line})'


def _job(sample: str) -> str:
    return (
        "job: extension\nconfig:\n  name: x\n  process:\n    - type: diffusion_trainer\n"
        "      model:\n        name_or_path: Tongyi-MAI/Z-Image-Turbo\n        arch: zimage\n"
        f"      sample:\n{sample}"
    )


def test_previews_with_no_size_anywhere_leave_the_size_unknown() -> None:
    (process,) = read_config(_job("        samples:\n          - prompt: a\n")).processes
    assert "sample_width" not in process.facts
    assert "sample_steps" not in process.facts


@pytest.mark.parametrize(
    ("sample", "code", "field"),
    [
        ("        samples:\n          - a prompt\n", "expected_mapping", "samples[0]"),
        ("        samples:\n          - prompt: a\n            width: wide\n", None, "width"),
        ("        samples: {prompt: a}\n", "expected_list", "samples"),
    ],
)
def test_malformed_previews_are_reported(sample: str, code: str | None, field: str) -> None:
    with pytest.raises(ConfigError) as raised:
        read_config(_job(sample))
    (issue,) = raised.value.issues
    assert issue.field is not None and issue.field.endswith(field)
    if code is not None:
        assert issue.code == code
