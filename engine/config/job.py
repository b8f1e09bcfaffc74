"""Stage 4: the job around the processes: its kind, its name and which processes train."""

from __future__ import annotations

import time

import yaml

from engine.config.issues import ConfigError, ConfigIssue, ConfigLimit
from engine.config.job_kinds import TrainerTypes, job_rules
from engine.config.nodes import Located, Reader
from engine.config.process import read_process
from engine.config.readings import JobReading, ProcessReading

# What one check may cost. A real job has one process or a few, and a few issues each; the caps
# keep a hostile or broken one from costing a second of CPU and megabytes of reply.
MAX_PROCESSES = 64
MAX_ISSUES = 50  # listed in all; the rest are counted
MAX_ISSUES_PER_PROCESS = 10
MAX_CPU_SECONDS = 1.0  # of this thread's CPU time; a maximal real job takes about 0.4


def _raise_with(reader: Reader, issue: ConfigIssue | None = None) -> ConfigError:
    issues = sorted(
        [*reader.issues, *([issue] if issue else [])], key=lambda i: (i.line or 0, i.column or 0)
    )
    unlisted = reader.unlisted + max(0, len(issues) - MAX_ISSUES)
    return ConfigError(tuple(issues[:MAX_ISSUES]), unlisted)


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
    if len(processes) > MAX_PROCESSES:
        params: dict[str, str | int] = {"count": len(processes), "limit": MAX_PROCESSES}
        issue = ConfigIssue("too_many_processes", params, at.path, at.line, at.column)
        raise ConfigLimit((issue,))
    return processes


def _keep_listed(reader: Reader, first: int) -> None:
    """Cut the issues one process added since ``first`` down to MAX_ISSUES_PER_PROCESS."""
    over = len(reader.issues) - first - MAX_ISSUES_PER_PROCESS
    if over > 0:
        del reader.issues[first + MAX_ISSUES_PER_PROCESS :]
        reader.unlisted += over


def _within_budget(deadline: float, budget: float) -> None:
    if time.thread_time() > deadline:
        issue = ConfigIssue("too_slow", {"limit_ms": round(budget * 1000)})
        raise ConfigLimit((issue,))


def _training_processes(
    processes: list[Located], trainers: TrainerTypes, reader: Reader, budget: float
) -> list[ProcessReading]:
    readings: list[ProcessReading] = []
    deadline = time.thread_time() + budget
    for index, entry in enumerate(processes):
        _within_budget(deadline, budget)
        first = len(reader.issues)
        readings.extend(_training_process(index, entry, trainers, reader))
        _keep_listed(reader, first)
    return readings


def _training_process(
    index: int, entry: Located, trainers: TrainerTypes, reader: Reader
) -> list[ProcessReading]:
    """The reading of one entry of ``config.process``: none when it does not train."""
    proc = reader.mapping(entry)
    if proc is None:
        if entry.is_null:
            reader.wrong("expected_mapping", entry)
        return []
    type_at = proc.child("type")
    process_type = reader.string(type_at)
    if type_at is None:
        reader.issues.append(_missing(proc, "type"))
    elif process_type is not None and trainers.trains(process_type):
        return [read_process(proc, index, process_type, reader)]
    return []


def _types_found(processes: list[Located]) -> str:
    found = (p.child("type") for p in processes)
    names = [t.node.value for t in found if t and isinstance(t.node, yaml.ScalarNode)]
    return ", ".join(str(name) for name in names) or "-"


def read_job(root: yaml.Node, cpu_seconds: float = MAX_CPU_SECONDS) -> JobReading:
    """Every training process of the job, or a ``ConfigError`` with what is wrong (a
    ``ConfigLimit`` past MAX_PROCESSES or ``cpu_seconds`` of reading)."""
    reader = Reader()
    top = Located(root, "")
    if not isinstance(root, yaml.MappingNode):
        raise ConfigError((ConfigIssue("not_a_job", {}, None, top.line, top.column),))
    trainers = _trainer_types(top, reader)
    config = _config_section(top, reader)
    name_at = config.child("name")
    name = name_at.text() if name_at is not None else None
    processes = _process_list(config, reader)
    readings = _training_processes(processes, trainers, reader, cpu_seconds)
    if processes and not readings and not reader.issues:
        at = config.child("process") or config
        reader.report("no_training_process", at, types=_types_found(processes))
    if reader.issues:
        raise _raise_with(reader)
    return JobReading(name=name, processes=tuple(readings))
