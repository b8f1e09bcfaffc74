"""Hand-written configs: each fact read the way AI Toolkit reads it, with its evidence."""

from __future__ import annotations

import pytest

from engine.config import ProcessReading, read_config
from tests.engine.config.config_support import fixture


def _only(name: str) -> ProcessReading:
    (process,) = read_config(fixture(name)).processes
    return process


def test_gc_absent_means_enabled() -> None:
    process = _only("gc_absent.yaml")
    assert process.facts["gc"] == "enabled"
    assert process.evidence["gc"] == "default: absent means enabled"


@pytest.mark.parametrize(
    ("name", "written", "line"),
    [("gc_off.yaml", "off", 13), ("zimage_turbo_gc_false.yaml", "false", 13)],
)
def test_gc_off_and_false_are_disabled_yaml_1_1(name: str, written: str, line: int) -> None:
    process = _only(name)
    assert process.facts["gc"] == "disabled"
    assert process.evidence["gc"] == f"train.gradient_checkpointing: {written} (line {line})"


def test_zimage_turbo_tag_is_stripped_and_yes_is_true() -> None:
    process = _only("zimage_turbo_gc_false.yaml")
    assert process.arch == "zimage"
    assert process.facts["model_family"] == "z_image"
    assert process.evidence["model_family"] == 'model.arch: "zimage:turbo" (line 16)'
    assert (process.facts["low_vram"], process.facts["quantize"]) == (True, True)
    assert process.facts["batch_size"] == 2


@pytest.mark.parametrize(
    ("name", "family", "arch"),
    [
        ("qwen_image_edit_plus.yaml", "qwen_edit", "qwen_image_edit_plus"),
        ("flex1.yaml", "flux_flex", "flux"),
        ("wan22.yaml", "video", "wan22_14b"),
        ("is_flux_legacy.yaml", "flux_flex", "flux"),
        ("name_or_path_fallback.yaml", "z_image", None),
    ],
)
def test_model_family(name: str, family: str, arch: str | None) -> None:
    process = _only(name)
    assert (process.facts["model_family"], process.arch) == (family, arch)


def test_legacy_flag_and_name_fallback_evidence() -> None:
    assert _only("is_flux_legacy.yaml").evidence["model_family"].startswith("model.is_flux: true")
    fallback = _only("name_or_path_fallback.yaml")
    assert fallback.name_or_path == "Tongyi-MAI/Z-Image-Turbo"
    assert fallback.evidence["model_family"].startswith("model.name_or_path: Tongyi-MAI")


def test_video_facts_take_the_largest_dataset() -> None:
    process = _only("wan22.yaml")
    assert process.facts["num_frames"] == 33
    assert process.evidence["num_frames"] == "datasets[0].num_frames: 33 (line 8)"
    assert process.facts["resolutions"] == [512, 632, 768]
    assert process.facts["max_resolution"] == 768
    assert process.facts["sampling_disabled"] is True
    assert "sample_every" not in process.facts  # not stated, so not guessed
    assert (process.facts["sample_width"], process.facts["sample_height"]) == (832, 480)


def test_dataset_batch_size_overrides_train() -> None:
    process = _only("dataset_batch_sizes.yaml")
    assert process.facts["batch_size"] == 4
    assert process.evidence["batch_size"] == "datasets[1].batch_size: 4 (line 10)"
    assert process.facts["resolutions"] == [512, 1024]  # /data/c states none: 512


def test_both_accumulation_keys_is_a_problem_not_an_error() -> None:
    process = _only("accumulation_both.yaml")
    (problem,) = process.problems
    assert problem.code == "accumulation_conflict"
    assert problem.params == {"gradient_accumulation": 4, "gradient_accumulation_steps": 2}
    assert (problem.field, problem.line) == ("config.process[0].train.gradient_accumulation", 12)
    assert "mutually" not in problem.message()
    assert "both set" in problem.message()
    assert process.facts["gradient_accumulation"] == 4


def test_multi_process_job_keeps_training_processes_in_order() -> None:
    reading = read_config(fixture("multi_process.yaml"))
    assert reading.name == "two_loras"
    first, second = reading.processes
    assert (first.index, first.type, first.facts["gc"]) == (0, "sd_trainer", "disabled")
    assert (second.index, second.type, second.facts["gc"]) == (2, "diffusion_trainer", "enabled")
    assert (first.facts["model_family"], second.facts["model_family"]) == ("qwen_edit", "z_image")
    assert (first.facts["batch_size"], second.facts["max_resolution"]) == (4, 1536)


def test_defaults_are_facts_with_default_evidence() -> None:
    process = _only("gc_absent.yaml")
    assert process.facts["gradient_accumulation"] == 1
    assert process.evidence["gradient_accumulation"] == "default: 1 when absent"
    assert process.facts["low_vram"] is False
    assert process.evidence["low_vram"] == "default: false when absent"


def test_null_gc_is_disabled_as_ai_toolkit_truthiness_reads_it() -> None:
    text = fixture("gc_absent.yaml").replace(b"batch_size: 1", b"gradient_checkpointing:")
    assert _only_text(text).facts["gc"] == "disabled"


def _only_text(text: bytes) -> ProcessReading:
    (process,) = read_config(text).processes
    return process


def test_legacy_steps_minus_one_is_accepted_without_a_count() -> None:
    text = fixture("gc_absent.yaml").replace(b"batch_size: 1", b"gradient_accumulation_steps: -1")
    process = _only_text(text)
    assert "gradient_accumulation" not in process.facts
    assert process.problems == ()


def test_merge_keys_apply_as_safe_load_applies_them() -> None:
    text = b"""job: extension
config:
  process:
    - type: sd_trainer
      train:
        <<: {gradient_checkpointing: false, batch_size: 8}
        batch_size: 2
"""
    process = _only_text(text)
    assert (process.facts["gc"], process.facts["batch_size"]) == ("disabled", 2)
