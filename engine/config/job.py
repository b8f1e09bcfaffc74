"""Stage 4: the job around the processes: its kind, its name and which processes train."""

from __future__ import annotations

import yaml

from engine.config.issues import ConfigError, ConfigIssue
from engine.config.jobs import TrainerTypes, job_rules
from engine.config.nodes import Located, Reader
from engine.config.process import read_process
from engine.config.reading import JobReading, ProcessReading


def _raise_with(reader: Reader, issue: ConfigIssue | None = None) -> ConfigError:
    issues = [*reader.issues, *([issue] if issue else [])]
    return ConfigError(tuple(sorted(issues, key=lambda i: (i.line or 0, i.column or 0))))


def _missing(parent: Located, key: str) -> ConfigIssue:
    path = f"{parent.path}.{key}" if parent.path else key
    return ConfigIssue("missing_field", {}, path, parent.line, parent.column)


def _trainer_types(root: Located, reader: Reader) -> TrainerTypes:
    """What the ``job:`` key makes of the processes; anything but a training job is fatal."""
    at = root.child("job")
    if at is None:
        raise _raise_with(reader, _missing(root, "job"))
    kind = reader.string(at)
    if kind is None:
        raise _raise_with(reader)
    rules = job_rules()
    if kind in rules.training:
        return rules.training[kind]
    code = "not_a_training_job" if kind in rules.not_training else "unknown_job"
    reader.report(code, at, job=kind)
    raise _raise_with(reader)


def _config_section(root: Located, reader: Reader) -> Located:
    at = root.child("config")
    if at is None:
        raise _raise_with(reader, _missing(root, "config"))
    section = reader.mapping(at)
    if section is None:
        if at.is_null:
            reader.report("missing_field", at)
        raise _raise_with(reader)
    return section


def _process_list(config: Located, reader: Reader) -> list[Located]:
    at = config.child("process")
    if at is None:
        raise _raise_with(reader, _missing(config, "process"))
    processes = reader.sequence(at)
    if not processes and not reader.issues:
        reader.report("empty_process_list", at)
    return processes


def _training_processes(
    processes: list[Located], trainers: TrainerTypes, reader: Reader
) -> list[ProcessReading]:
    readings: list[ProcessReading] = []
    for index, entry in enumerate(processes):
        proc = reader.mapping(entry)
        if proc is None:
            if entry.is_null:
                reader.wrong("expected_mapping", entry)
            continue
        type_at = proc.child("type")
        process_type = reader.string(type_at)
        if type_at is None:
            reader.issues.append(_missing(proc, "type"))
        elif process_type is not None and trainers.trains(process_type):
            readings.append(read_process(proc, index, process_type, reader))
    return readings


def _types_found(processes: list[Located]) -> str:
    found = (p.child("type") for p in processes)
    names = [t.node.value for t in found if t and isinstance(t.node, yaml.ScalarNode)]
    return ", ".join(str(name) for name in names) or "-"


def read_job(root: yaml.Node) -> JobReading:
    """Every training process of the job, or a ``ConfigError`` with all that is wrong."""
    reader = Reader()
    top = Located(root, "")
    if not isinstance(root, yaml.MappingNode):
        raise ConfigError((ConfigIssue("not_a_job", {}, None, top.line, top.column),))
    trainers = _trainer_types(top, reader)
    config = _config_section(top, reader)
    name_at = config.child("name")
    name = name_at.text() if name_at is not None else None
    processes = _process_list(config, reader)
    readings = _training_processes(processes, trainers, reader)
    if processes and not readings and not reader.issues:
        at = config.child("process") or config
        reader.report("no_training_process", at, types=_types_found(processes))
    if reader.issues:
        raise _raise_with(reader)
    return JobReading(name=name, processes=tuple(readings))
