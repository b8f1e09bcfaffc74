"""The config doctor: a job config read as AI Toolkit reads it, diagnosed by the engine."""

from __future__ import annotations

from api.service.views import ConfigCheck, ProcessView
from engine.config import ProcessReading, catalog_key, read_config
from engine.engine import Engine
from engine.state import Opening


def check(engine: Engine, config: str | bytes, locale: str) -> ConfigCheck:
    """Raises ConfigError when the job cannot be read."""
    reading = read_config(config)
    text = config if isinstance(config, str) else config.decode("utf-8")
    # A config check is a pre-flight check against running out of memory.
    opening = Opening(locale=locale, config=text, facts={"goal": "fix_oom"})
    diagnosis = engine.diagnose(opening, reading)
    processes = [_process(engine, p, locale) for p in reading.processes]
    return ConfigCheck(**diagnosis.model_dump(), name=reading.name, processes=processes)


def _process(engine: Engine, process: ProcessReading, locale: str) -> ProcessView:
    renderer = engine.renderer
    problems = [
        renderer.text(catalog_key(issue.code), locale, **issue.context())
        for issue in process.problems
    ]
    return ProcessView(
        index=process.index,
        type=process.type,
        name=process.name,
        arch=process.arch,
        name_or_path=process.name_or_path,
        facts=dict(process.facts),
        evidence=dict(process.evidence),
        problems=problems,
        risk=renderer.risk(process.facts, locale),
    )
