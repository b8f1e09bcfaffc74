"""Under faults, one `oomguide serve` process keeps answering the requests that do not need what
is at fault: /healthz and POST /v1/diagnose with p99 < 50 ms while a client sends maximal configs
in a loop, while another process holds the SQLite file's write lock, and while Redis answers
nobody (SIGSTOP). wrk measures the latencies; a thread keeps the faulty load going meanwhile.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

import httpx
import pytest

from engine.config.job import MAX_PROCESSES
from engine.config.text import MAX_CONFIG_BYTES
from tests.bench.test_bench_api import DIAGNOSE, _wrk_once
from tests.faults import redis_stopped, sqlite_write_lock_held
from tests.server import start_server

P99_MS = 50
CLIENTS = 2


def maximal_config() -> str:
    """A valid job of MAX_PROCESSES training processes, as close to MAX_CONFIG_BYTES as fits."""
    datasets = "".join(
        f"        - folder_path: /data/set_{n}\n          caption_ext: txt\n"
        f"          resolution: [512, 768, 1024]\n"
        for n in range(32)
    )
    process = (
        "    - type: sd_trainer\n      train:\n        batch_size: 4\n"
        "        gradient_checkpointing: false\n      model:\n        arch: zimage:turbo\n"
        "        name_or_path: Tongyi-MAI/Z-Image-Turbo\n      sample:\n        width: 1024\n"
        "        height: 1024\n        sample_steps: 30\n        sample_every: 250\n"
        "      datasets:\n" + datasets
    )
    head = "job: extension\nconfig:\n  name: maximal\n  process:\n"
    text = head + process * MAX_PROCESSES
    assert len(text.encode()) <= MAX_CONFIG_BYTES, len(text.encode())
    return text


@contextmanager
def looping(request: Callable[[httpx.Client], Any], base: str) -> Iterator[list[int]]:
    """``request`` sent again and again from a thread for the length of the block; the statuses."""
    statuses: list[int] = []
    done = threading.Event()

    def loop() -> None:
        with httpx.Client(base_url=base, timeout=60) as client:
            while not done.is_set():
                statuses.append(request(client).status_code)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield statuses
    finally:
        done.set()
        thread.join(timeout=60)


def _measure(base: str, bodies: Path) -> dict[str, dict[str, float]]:
    env = {"BODIES_FILE": str(bodies), "PATH": "/usr/bin:/bin"}
    return {
        "healthz": _wrk_once(f"{base}/healthz", CLIENTS, env, None),
        "diagnose": _wrk_once(f"{base}/v1/diagnose", CLIENTS, env, "post.lua"),
    }


FAULTS = ["maximal-configs", "sqlite-lock", pytest.param("redis-stopped", marks=pytest.mark.redis)]


@pytest.mark.parametrize("fault", FAULTS)
def test_healthz_and_diagnose_do_not_stall(
    fault: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    database = str(tmp_path / "bench.db")
    env = {"OOMGUIDE_DATABASE": database, "OOMGUIDE_RATE_LIMIT": "0"}
    held: AbstractContextManager[None] = nullcontext()
    if fault == "redis-stopped":
        env["OOMGUIDE_REDIS_URL"] = request.getfixturevalue("redis_url")
        held = redis_stopped(request.getfixturevalue("redis_server"))
    elif fault == "sqlite-lock":
        held = sqlite_write_lock_held(database)
    config = maximal_config()

    def faulty(client: httpx.Client) -> httpx.Response:
        if fault == "maximal-configs":
            return client.post("/v1/configs/check", json={"config": config})
        return client.post("/v1/conversations", json={"locale": "en", "text": "out of memory"})

    bodies = tmp_path / "diagnose.jsonl"
    bodies.write_text("\n".join(json.dumps(b) for b in DIAGNOSE) + "\n")
    with start_server(env, tmp_path, workers=1) as server:
        httpx.post(f"{server.url}/v1/conversations", json={"text": "warm up"})
        with held, looping(faulty, server.url) as statuses:
            measured = _measure(server.url, bodies)
    report = {
        "fault": fault,
        "faulty_requests": {str(s): statuses.count(s) for s in sorted(set(statuses))},
        **{f"{name}_p99_ms": m["p99"] for name, m in measured.items()},
        **{f"{name}_rps": m["rps"] for name, m in measured.items()},
    }
    print(f"\nunder a fault: {json.dumps(report)}")
    expected = 200 if fault == "maximal-configs" else 503
    assert set(statuses) == {expected}, statuses
    assert measured["healthz"]["p99"] < P99_MS
    assert measured["diagnose"]["p99"] < P99_MS
