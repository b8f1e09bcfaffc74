"""Every real AI Toolkit config reads to the facts its own YAML states, or to the right error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.config import ConfigError, read_config
from kb.contract import FACTS
from tests.engine.config.config_support import CORPUS, corpus_files

NOT_TRAINING = {
    "extract.example.yml": "not_a_training_job",
    "generate.example.yaml": "not_a_training_job",
    "mod_lora_scale.yaml": "not_a_training_job",
    "extensions/example/config/config.example.yaml": "no_training_process",
    "train_lora_omnigen2_24gb.yaml": "invalid_yaml",
}
FAMILY_OF_ARCH = {
    "flux": "flux_flex",
    "flex2": "flux_flex",
    "chroma": "flux_flex",
    "flux_kontext": "flux_flex",
    "qwen_image_edit": "qwen_edit",
    "qwen_image_edit_plus": "qwen_edit",
}
SAMPLE_KEYS = {"width": "sample_width", "height": "sample_height"}
SAMPLE_KEYS |= {"sample_steps": "sample_steps", "sample_every": "sample_every"}


def _relative(path: Path) -> str:
    return path.relative_to(CORPUS).as_posix()


TRAINING = [p for p in corpus_files() if _relative(p) not in NOT_TRAINING]


def _family(model: dict[str, Any]) -> str:
    arch = str(model.get("arch") or "").split(":")[0] or ("flux" if model.get("is_flux") else "")
    return FAMILY_OF_ARCH.get(arch) or ("video" if arch.startswith("wan") else "other")


def _dataset_facts(datasets: list[dict[str, Any]], batch: int) -> dict[str, Any]:
    if not datasets:
        return {"batch_size": batch}
    found: set[int] = set()
    for dataset in datasets:
        resolution = dataset.get("resolution", 512)
        found.update(resolution if isinstance(resolution, list) else [resolution])
    return {
        "batch_size": max(d.get("batch_size", batch) for d in datasets),
        "resolutions": sorted(found),
        "max_resolution": max(found),
        "num_frames": max(d.get("num_frames", 1) for d in datasets),
    }


def expected_facts(process: dict[str, Any]) -> dict[str, Any]:
    """What the YAML states, derived from plain safe_load output and AI Toolkit's defaults."""
    train, model = process.get("train") or {}, process.get("model") or {}
    sample = process.get("sample") or {}
    accumulation = train.get("gradient_accumulation", 1)
    facts = {
        "gc": "enabled" if train.get("gradient_checkpointing", True) else "disabled",
        "gradient_accumulation": accumulation
        if accumulation > 1
        else train.get("gradient_accumulation_steps", 1),
        "sampling_disabled": bool(train.get("disable_sampling", False)),
        "low_vram": bool(model.get("low_vram", False)),
        "quantize": bool(model.get("quantize", False)),
        "model_family": _family(model),
        **{fact: sample[key] for key, fact in SAMPLE_KEYS.items() if key in sample},
    }
    return facts | _dataset_facts(process.get("datasets") or [], train.get("batch_size", 1))


def _gc_line(text: str) -> int | None:
    for number, line in enumerate(text.splitlines(), start=1):
        if re.match(r"\s*gradient_checkpointing:", line):
            return number
    return None


@pytest.mark.parametrize("path", TRAINING, ids=_relative)
def test_training_config_reads_the_facts_its_yaml_states(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    job = yaml.safe_load(text)
    reading = read_config(text)
    assert reading.name == job["config"]["name"]
    assert [p.index for p in reading.processes] == list(range(len(job["config"]["process"])))
    for process, raw in zip(reading.processes, job["config"]["process"], strict=True):
        assert process.type == raw["type"]
        assert process.facts == expected_facts(raw)
        assert set(process.facts) <= set(FACTS)
        assert set(process.evidence) == set(process.facts)
        assert process.problems == ()


@pytest.mark.parametrize("path", TRAINING, ids=_relative)
def test_gc_evidence_names_the_line_that_states_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    line = _gc_line(text)
    evidence = read_config(text).processes[0].evidence["gc"]
    if line is None:
        assert evidence == "default: absent means enabled"
    else:
        assert evidence.endswith(f"(line {line})")
        assert evidence.startswith("train.gradient_checkpointing: ")


@pytest.mark.parametrize("relative", sorted(NOT_TRAINING))
def test_non_training_config_gives_its_error(relative: str) -> None:
    with pytest.raises(ConfigError) as caught:
        read_config((CORPUS / relative).read_bytes())
    assert caught.value.codes == (NOT_TRAINING[relative],)


def test_corpus_is_all_covered() -> None:
    assert len(corpus_files()) == len(TRAINING) + len(NOT_TRAINING)
    assert len(TRAINING) >= 20


def test_omnigen2_invalid_yaml_points_at_the_unclosed_quote() -> None:
    path = CORPUS / "train_lora_omnigen2_24gb.yaml"
    with pytest.raises(ConfigError) as caught:
        read_config(path.read_text(encoding="utf-8"))
    (issue,) = caught.value.issues
    assert issue.line is not None
    assert 64 <= issue.line <= 65
    assert issue.column is not None
    assert issue.column >= 1
    assert "line 65" in str(caught.value)


def test_job_kind_is_named_in_not_a_training_job() -> None:
    with pytest.raises(ConfigError) as caught:
        read_config((CORPUS / "generate.example.yaml").read_bytes())
    (issue,) = caught.value.issues
    assert issue.params == {"job": "generate"}
    assert (issue.field, issue.line) == ("job", 3)
