"""Reading a ~200-line job config must take well under 5 ms (median), so the API can afford it."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from engine.config import read_config

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "ai-toolkit-configs"
RUNS = 300
TARGET_MEDIAN_US = 5_000


def _two_hundred_lines() -> str:
    """A real config whose training process is repeated, to reach about 200 lines."""
    text = (CORPUS / "train_lora_flux_24gb.yaml").read_text(encoding="utf-8")
    end = text.index("\nmeta:")
    process = text[text.index("    - type:") : end]
    return text[:end] + "\n" + process + text[end:]


def test_bench_read_config_200_lines() -> None:
    text = _two_hundred_lines()
    assert 180 <= text.count("\n") <= 400
    assert len(read_config(text).processes) == 2
    timings = []
    for _ in range(RUNS):
        started = time.perf_counter_ns()
        read_config(text)
        timings.append((time.perf_counter_ns() - started) / 1000)
    timings.sort()
    median = statistics.median(timings)
    p99 = timings[int(len(timings) * 0.99) - 1]
    print(f"\nread_config, {text.count(chr(10))} lines: median {median:.0f} us, p99 {p99:.0f} us")
    assert median < TARGET_MEDIAN_US
