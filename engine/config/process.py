"""Stage 5: the contract's facts of one training process, each with its evidence.

Defaults are AI Toolkit's own (``toolkit/config_modules.py``): a value the config leaves out
is the value the trainer will use, so it is a fact too, with evidence saying so.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from engine.config.issues import ConfigIssue
from engine.config.model_family import read_model
from engine.config.nodes import Located, Reader, as_int
from engine.config.process_facts import Candidate, Facts, child_of, flag
from engine.config.readings import ProcessReading

DEFAULT_RESOLUTION = 512  # DatasetConfig's resolution when a dataset states none
_SAMPLE_FACTS = (
    ("width", "sample_width"),
    ("height", "sample_height"),
    ("sample_steps", "sample_steps"),
    ("sample_every", "sample_every"),
)


@dataclass(frozen=True)
class Sections:
    train: Located | None
    model: Located | None
    sample: Located | None
    datasets: tuple[Located, ...]


def _sections(proc: Located, reader: Reader) -> Sections:
    datasets = (reader.mapping(d) for d in reader.sequence(proc.child("datasets")))
    return Sections(
        train=reader.mapping(proc.child("train")),
        model=reader.mapping(proc.child("model")),
        sample=reader.mapping(proc.child("sample")),
        datasets=tuple(d for d in datasets if d is not None),
    )


def _gc(facts: Facts, train: Located | None, reader: Reader) -> None:
    at = child_of(train, "gradient_checkpointing")
    if at is None:
        facts.put("gc", "enabled", "default: absent means enabled")
        return
    value = reader.boolean(at)
    if value is not None:
        facts.put("gc", "enabled" if value else "disabled", facts.stated(at))


def _train_batch_size(facts: Facts, train: Located | None, reader: Reader) -> Candidate | None:
    at = child_of(train, "batch_size")
    if at is None:
        return (1, "default: 1 when absent")
    value = reader.integer(at)
    return None if value is None else (value, facts.stated(at))


def _batch_size(facts: Facts, sections: Sections, reader: Reader) -> None:
    """The largest batch any dataset runs with: its own batch_size, else train.batch_size."""
    base = _train_batch_size(facts, sections.train, reader)
    effective: list[Candidate | None] = [] if sections.datasets else [base]
    for dataset in sections.datasets:
        own = dataset.child("batch_size")
        if own is None:
            effective.append(base)
            continue
        value = reader.integer(own)
        effective.append(None if value is None else (value, facts.stated(own)))
    known = [candidate for candidate in effective if candidate is not None]
    if known:
        value, evidence = max(known, key=lambda candidate: candidate[0])
        facts.put("batch_size", value, evidence)


def _legacy_steps(legacy: Located | None, reader: Reader) -> int | None:
    """train.gradient_accumulation_steps: a positive count, or -1 for the whole epoch."""
    if legacy is None:
        return 1
    value = as_int(legacy)
    if value is None or (value < 1 and value != -1):
        reader.wrong("expected_accumulation_steps", legacy)
        return None
    return value


def _accumulation(facts: Facts, train: Located | None, reader: Reader) -> list[ConfigIssue]:
    """AI Toolkit accumulates over gradient_accumulation when it is above 1, else over the
    legacy gradient_accumulation_steps; setting both is an error it raises at start-up."""
    at = child_of(train, "gradient_accumulation")
    legacy = child_of(train, "gradient_accumulation_steps")
    value = 1 if at is None else reader.integer(at)
    steps = _legacy_steps(legacy, reader)
    if value is None or steps is None:
        return []
    if value > 1 and at is not None:
        facts.put("gradient_accumulation", value, facts.stated(at))
    elif steps >= 1:
        origin = legacy or at
        evidence = facts.stated(origin) if origin else "default: 1 when absent"
        facts.put("gradient_accumulation", steps, evidence)
    if at is not None and legacy is not None and value > 1 and steps != 1:
        return [_conflict(at, value, steps)]
    return []


def _conflict(at: Located, value: int, steps: int) -> ConfigIssue:
    params: dict[str, str | int] = {
        "gradient_accumulation": value,
        "gradient_accumulation_steps": steps,
    }
    return ConfigIssue("accumulation_conflict", params, at.path, at.line, at.column)


def _dataset_resolutions(facts: Facts, dataset: Located, reader: Reader) -> tuple[list[int], str]:
    at = dataset.child("resolution")
    if at is None or at.is_null:
        shown = dataset.path.removeprefix(facts.prefix)
        return [DEFAULT_RESOLUTION], f"{shown}.resolution: absent, {DEFAULT_RESOLUTION} by default"
    if isinstance(at.node, yaml.SequenceNode):
        values = [reader.integer(item) for item in at.items()]
        return [v for v in values if v is not None], facts.stated(at)
    if as_int(at) is None:
        reader.wrong("expected_resolution", at)
        return [], ""
    value = reader.integer(at)
    return ([] if value is None else [value]), facts.stated(at)


def _resolutions(facts: Facts, datasets: tuple[Located, ...], reader: Reader) -> None:
    found: set[int] = set()
    evidence: list[str] = []
    for dataset in datasets:
        values, said = _dataset_resolutions(facts, dataset, reader)
        found.update(values)
        if values:
            evidence.append(said)
    if found:
        joined = "; ".join(evidence)
        facts.put("resolutions", sorted(found), joined)
        facts.put("max_resolution", max(found), joined)


def _num_frames(facts: Facts, datasets: tuple[Located, ...], reader: Reader) -> None:
    best: Candidate | None = (1, "default: 1 when absent") if datasets else None
    for dataset in datasets:
        at = dataset.child("num_frames")
        value = reader.integer(at) if at is not None else None
        if at is not None and value is not None and (best is None or value > best[0]):
            best = (value, facts.stated(at))
    if best is not None:
        facts.put("num_frames", *best)


def _sample_items(sample: Located | None, reader: Reader) -> list[Located]:
    """``sample.samples``: the UI's list of previews, each of which may set its own size."""
    items = (reader.mapping(item) for item in reader.sequence(child_of(sample, "samples")))
    return [item for item in items if item is not None]


def _sample_value(facts: Facts, at: Located | None, reader: Reader) -> Candidate | None:
    value = reader.integer(at) if at is not None else None
    return None if at is None or value is None else (value, facts.stated(at))


def _sampling(facts: Facts, sections: Sections, reader: Reader) -> None:
    """Preview sampling as stated. A preview in ``sample.samples`` that sets its own width,
    height or steps uses it instead of the section's (AI Toolkit's SampleItem), so the
    largest value any preview runs with is the fact. AI Toolkit's sample defaults vary by
    version, so a value nothing states is left unknown rather than guessed."""
    items = _sample_items(sections.sample, reader)
    for key, fact in _SAMPLE_FACTS:
        shared = _sample_value(facts, child_of(sections.sample, key), reader)
        if key == "sample_every" or not items:
            found = [shared]
        else:
            found = [
                shared if item.child(key) is None else _sample_value(facts, item.child(key), reader)
                for item in items
            ]
        known = [candidate for candidate in found if candidate is not None]
        if known:
            facts.put(fact, *max(known, key=lambda candidate: candidate[0]))
    flag(facts, "sampling_disabled", child_of(sections.train, "disable_sampling"), reader)


def _text(at: Located | None) -> str | None:
    return at.text() if at is not None else None


def read_process(proc: Located, index: int, process_type: str, reader: Reader) -> ProcessReading:
    facts = Facts(prefix=proc.path + ".")
    sections = _sections(proc, reader)
    _gc(facts, sections.train, reader)
    _batch_size(facts, sections, reader)
    problems = _accumulation(facts, sections.train, reader)
    _resolutions(facts, sections.datasets, reader)
    _num_frames(facts, sections.datasets, reader)
    _sampling(facts, sections, reader)
    model = read_model(facts, sections.model, reader)
    flag(facts, "low_vram", child_of(sections.model, "low_vram"), reader)
    flag(facts, "quantize", child_of(sections.model, "quantize"), reader)
    return ProcessReading(
        index=index,
        type=process_type,
        name=_text(proc.child("name")),
        arch=model.arch,
        name_or_path=model.name_or_path,
        facts=facts.values,
        evidence=facts.evidence,
        problems=tuple(problems),
    )
