"""What one check may cost: processes, issues listed, CPU time."""

from __future__ import annotations

import pytest

from engine.config import ConfigError, ConfigLimit, read_config
from engine.config.job import MAX_ISSUES, MAX_ISSUES_PER_PROCESS, MAX_PROCESSES

PROCESS = "    - type: sd_trainer\n      train:\n        gradient_checkpointing: false\n"
BAD_PROCESS = "    - type: sd_trainer\n      datasets:\n" + "        - resolution: x\n" * 30


def job(*processes: str) -> str:
    return "job: extension\nconfig:\n  name: limits\n  process:\n" + "".join(processes)


def test_the_largest_allowed_number_of_processes_reads() -> None:
    reading = read_config(job(*[PROCESS] * MAX_PROCESSES))
    assert len(reading.processes) == MAX_PROCESSES


def test_one_process_more_is_refused_naming_the_limit() -> None:
    with pytest.raises(ConfigLimit) as caught:
        read_config(job(*[PROCESS] * (MAX_PROCESSES + 1)))
    (issue,) = caught.value.issues
    assert issue.code == "too_many_processes"
    assert issue.params == {"count": MAX_PROCESSES + 1, "limit": MAX_PROCESSES}
    assert issue.field == "config.process"
    assert str(MAX_PROCESSES) in str(caught.value)


def test_issues_are_listed_up_to_a_cap_per_process_and_the_rest_counted() -> None:
    with pytest.raises(ConfigError) as caught:
        read_config(job(BAD_PROCESS))
    error = caught.value
    assert not isinstance(error, ConfigLimit)
    assert len(error.issues) == MAX_ISSUES_PER_PROCESS
    assert error.unlisted == 30 - MAX_ISSUES_PER_PROCESS
    assert f"and {error.unlisted} more" in str(error)


def test_issues_are_listed_up_to_a_cap_in_total() -> None:
    with pytest.raises(ConfigError) as caught:
        read_config(job(*[BAD_PROCESS] * 20))
    error = caught.value
    assert len(error.issues) == MAX_ISSUES
    assert len(error.issues) + error.unlisted == 20 * 30


def test_reading_stops_once_its_cpu_budget_is_spent() -> None:
    with pytest.raises(ConfigLimit) as caught:
        read_config(job(PROCESS, PROCESS), cpu_seconds=-1.0)
    assert caught.value.codes == ("too_slow",)
