"""One message understood: the facts its prose and any pasted settings give, and what it wants.

Settings pasted in a message (a YAML job, a fragment of one) are read as AI Toolkit reads them,
and where they and the prose disagree, the settings win: they are what the job runs. Unless the
prose says they were changed since they were written: then what it says of them is the run now.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.config import ConfigError, JobReading, read_config
from engine.extract import Extraction, extract
from engine.extract.config_block import as_job
from kb.contract import FactValue

_DEFAULT = "default:"  # the evidence of a value AI Toolkit would fill in


@dataclass(frozen=True)
class Understanding:
    extraction: Extraction
    facts: dict[str, FactValue]
    intent: str
    reading: JobReading | None = None  # the pasted job, when it reads
    config_error: ConfigError | None = None  # why the pasted job does not read
    overruled: dict[str, tuple[FactValue, FactValue]] = field(default_factory=dict)
    # what the prose says was changed after the pasted settings were written: (said, pasted)
    changed: dict[str, tuple[FactValue, FactValue]] = field(default_factory=dict)


def read_pasted(text: str) -> tuple[JobReading, bool]:
    """A config pasted in a message, and whether it was a whole job.

    It is often a fragment (``train:`` and ``model:``, or ``config:`` without ``job:``); when
    the text alone does not read, its completion into a whole job is tried, and the problems
    reported are the original text's.
    """
    try:
        return read_config(text), True
    except ConfigError:
        completed = as_job(text)
        if completed is None:
            raise
        try:
            return read_config(completed), False
        except ConfigError:
            pass
        raise


def job_facts(reading: JobReading, whole: bool) -> dict[str, FactValue]:
    """The first training process's facts; of a fragment, only those it writes down (a fragment
    without ``model:`` says nothing of the model, though AI Toolkit would default it)."""
    first = reading.processes[0]
    if whole:
        # a whole job says what AI Toolkit fills in too, but a clip length only of video
        return {
            name: value
            for name, value in first.facts.items()
            if not (
                name == "num_frames"
                and first.facts.get("model_family") != "video"
                and first.evidence.get(name, "").startswith(_DEFAULT)
            )
        }
    return {
        name: value
        for name, value in first.facts.items()
        if not first.evidence.get(name, "").startswith(_DEFAULT)
    }


def read_message(
    text: str, expecting: str | None = None, *, learned: bool = True
) -> tuple[Extraction, tuple[JobReading, bool] | ConfigError | None]:
    """A message's prose read, and the job pasted in it read (or why it does not read).

    A pasted job that does not read is often not a job at all: a log with settings printed as
    ``key: value`` lines, a traceback after them. Its lines are then read as prose, so what they
    say ("gradient_checkpointing: false", "batch_size: 2", the OOM) still counts."""
    found = extract(text, expecting, learned=learned)
    if not found.config_text:
        return found, None
    try:
        return found, read_pasted(found.config_text)
    except ConfigError as exc:
        prose = extract(text, expecting, learned=learned, job=False)
        return replace(prose, config_text=found.config_text), exc


def understand(text: str, expecting: str | None = None, *, learned: bool = True) -> Understanding:
    """Read one message. Never raises: a pasted job that does not read is reported, not thrown.
    ``learned`` as for ``extract``."""
    found, pasted = read_message(text, expecting, learned=learned)
    facts = dict(found.facts)
    if pasted is None:
        return Understanding(found, facts, found.intent)
    if isinstance(pasted, ConfigError):
        return Understanding(found, facts, found.intent, config_error=pasted)
    reading, whole = pasted
    job = job_facts(reading, whole)
    differ = {
        name: (facts[name], value)
        for name, value in job.items()
        if name in facts and facts[name] != value
    }
    if found.changed_since:
        # "that's the old one, I set batch to 1 since": the prose is the run now
        facts.update({name: value for name, value in job.items() if name not in differ})
        return Understanding(found, facts, found.intent, reading, changed=differ)
    facts.update(job)
    return Understanding(found, facts, found.intent, reading, overruled=differ)
