"""The pipeline: bytes or text -> decoded text -> node graph -> safety checks -> job reading."""

from __future__ import annotations

import time

from engine.config.compose import compose
from engine.config.job import MAX_CPU_SECONDS, read_job
from engine.config.readings import JobReading
from engine.config.safety import check_graph
from engine.config.text import decode_config


def read_config(text: str | bytes, *, cpu_seconds: float = MAX_CPU_SECONDS) -> JobReading:
    """Read an AI Toolkit job config the way AI Toolkit reads it, executing nothing.

    Raises ``ConfigError`` (and nothing else) listing the problems found, or ``ConfigLimit``
    when the job is over a limit of what one check may cost.
    """
    started = time.thread_time()
    root = compose(decode_config(text))
    check_graph(root)
    return read_job(root, cpu_seconds - (time.thread_time() - started))
