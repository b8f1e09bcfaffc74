"""Load on one real `oomguide serve` process over loopback, with wrk as the load generator in its
own process.

Floors, at 8 concurrent clients: POST /v1/diagnose throughput >= 0.5 of /healthz in the same
run, a new conversation (POST /v1/conversations, which writes the store) >= 0.33; p99 of a new
conversation < 10 ms at 2 clients; with the SQLite store and with Redis. Replies (turns of
existing conversations) are measured and reported too.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from tests.server import ServerProcess, start_server

WRK = Path(__file__).resolve().parent / "wrk"
DURATION = "5s"
WARM_UP = "2s"  # a first run of each load, not counted: memos, caches and the database warm up
# Each figure is the best of five runs, so that a stretch of other work on a shared machine (one
# run in three was slowed by half at times) counts less.
ROUNDS = 5
DIAGNOSE = [
    {"locale": "en", "text": "GC off, Z-Image OOM at step 2 with batch 4, buckets 512-1024"},
    {"locale": "pt-BR", "text": "desliguei o GC e o Qwen-Image-Edit-2509 dá OOM no passo 3"},
    {"locale": "en", "text": "FLUX.1-dev LoRA on a 4090, CUDA out of memory while sampling"},
    {"locale": "pt-BR", "text": "quero treinar mais rápido, Flex.2, batch 2, 1024, RTX 3090"},
    {"locale": "en", "text": "does gradient checkpointing hurt quality? samples look bad"},
    {"locale": "en", "facts": {"goal": "fix_oom", "gc": "enabled", "model_family": "video"}},
    {"locale": "pt-BR", "text": "Wan 2.2 com 81 frames estoura a VRAM, GC ligado, bs=1"},
    {"locale": "en", "text": "training got Killed after the update, exit code 137"},
]
OPENINGS = [
    {"locale": "en", "text": "help, out of memory"},
    {"locale": "pt-BR", "text": "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"},
    {"locale": "en", "text": "I want to train faster, FLUX at 1024"},
    {"locale": "en", "facts": {"goal": "fix_oom", "gc": "disabled"}},
]


def _wrk_once(
    url: str, connections: int, env: dict[str, str], script: str | None, duration: str = DURATION
) -> dict[str, float]:
    command = ["wrk", f"-t{connections}", f"-c{connections}", f"-d{duration}", "--latency"]
    if script:
        command += ["-s", str(WRK / script)]
    out = subprocess.run(
        [*command, url],
        capture_output=True,
        text=True,
        check=True,
        env={**env, "THREADS": str(connections)},
    ).stdout
    assert "Non-2xx" not in out, out
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    requests = float(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    return {"rps": rps, "requests": requests, "p50": _ms(out, "50%"), "p99": _ms(out, "99%")}


@dataclass
class Load:
    """One kind of load on the server, and what its runs measured."""

    url: str
    connections: int
    script: str | None = None
    env: dict[str, str] | None = None  # instead of the run's own
    runs: list[dict[str, float]] = field(default_factory=list)
    cpu_seconds: float = 0.0

    def warm_up(self, env: dict[str, str]) -> None:
        _wrk_once(self.url, self.connections, self.env or env, self.script, WARM_UP)

    def run(self, process: ServerProcess, env: dict[str, str]) -> None:
        started = _cpu_seconds(process.process.pid)
        self.runs.append(_wrk_once(self.url, self.connections, self.env or env, self.script))
        self.cpu_seconds += _cpu_seconds(process.process.pid) - started

    def summary(self) -> dict[str, float]:
        """Requests per second (best run), latency percentiles in ms (their medians) and the
        server processes' CPU time per request in µs (over all runs): a figure that depends less
        on how the two cores are shared with the load generator."""
        middle = len(self.runs) // 2
        return {
            "rps": max(r["rps"] for r in self.runs),
            "p50": sorted(r["p50"] for r in self.runs)[middle],
            "p99": sorted(r["p99"] for r in self.runs)[middle],
            "cpu_us": round(self.cpu_seconds / sum(r["requests"] for r in self.runs) * 1e6),
        }


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process and all its descendants, from /proc."""
    total = 0.0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            children = [
                int(child)
                for task in Path(f"/proc/{current}/task").iterdir()
                for child in (task / "children").read_text().split()
            ]
        except (FileNotFoundError, ProcessLookupError):
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        pending += children
    return total


def _ms(out: str, label: str) -> float:
    value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)", out).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def _conversations(base: str, count: int, path: Path) -> Path:
    ids = []
    with httpx.Client(base_url=base) as client:
        for _ in range(count):
            turn = client.post("/v1/conversations", json={"locale": "en", "text": "out of memory"})
            ids.append(turn.json()["conversation_id"])
    path.write_text("\n".join(ids) + "\n")
    return path


@pytest.fixture(params=["sqlite", "redis"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, ServerProcess]]:
    if shutil.which("wrk") is None:
        pytest.fail("wrk is missing: make bench installs it (scripts/ensure-system-deps.sh)")
    env = {"OOMGUIDE_DATABASE": str(tmp_path / "bench.db"), "OOMGUIDE_RATE_LIMIT": "0"}
    if request.param == "redis":
        env["OOMGUIDE_REDIS_URL"] = request.getfixturevalue("redis_url")
    workers = int(os.environ.get("OOMGUIDE_BENCH_WORKERS", "1"))
    with start_server(env, tmp_path, workers=workers) as process:
        yield request.param, process


def _wrk_env(process: ServerProcess, folder: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The wrk scripts' environment for diagnoses and turns (2,000 conversations of
    ``process`` to reply in), and the one for new conversations."""
    folder.mkdir(exist_ok=True)
    bodies = folder / "diagnose.jsonl"
    bodies.write_text("\n".join(json.dumps(b) for b in DIAGNOSE) + "\n")
    ids = _conversations(process.url, 2000, folder / "ids.txt")
    openings = folder / "openings.jsonl"
    openings.write_text("\n".join(json.dumps(b) for b in OPENINGS) + "\n")
    env = {"BODIES_FILE": str(bodies), "IDS_FILE": str(ids), "PATH": "/usr/bin:/bin"}
    return env, {**env, "BODIES_FILE": str(openings)}


def test_throughput_and_latency(server: tuple[str, ServerProcess], tmp_path: Path) -> None:
    backend, process = server
    env, new_env = _wrk_env(process, tmp_path)
    loads = [
        Load(f"{process.url}/healthz", 8),
        Load(f"{process.url}/v1/diagnose", 8, "post.lua"),
        Load(process.url, 8, "replies.lua"),
        Load(process.url, 2, "replies.lua"),
        Load(f"{process.url}/v1/conversations", 8, "post.lua", env=new_env),
        Load(f"{process.url}/v1/conversations", 2, "post.lua", env=new_env),
    ]
    for load in loads:
        load.warm_up(env)
    # Rounds interleave the loads, so that a ratio compares runs made under the same conditions
    # on a shared machine rather than minutes apart.
    for _ in range(ROUNDS):
        for load in loads:
            load.run(process, env)
    health, diagnose, turns, turns_2, new, new_2 = (load.summary() for load in loads)
    report: dict[str, Any] = {
        "backend": backend,
        "healthz_rps": health["rps"],
        "diagnose_rps": diagnose["rps"],
        "diagnose_ratio": round(diagnose["rps"] / health["rps"], 3),
        "new_conversation_rps": new["rps"],
        "new_conversation_ratio": round(new["rps"] / health["rps"], 3),
        "new_conversation_p50_ms_2_clients": new_2["p50"],
        "new_conversation_p99_ms_2_clients": new_2["p99"],
        "turn_rps": turns["rps"],
        "turn_ratio": round(turns["rps"] / health["rps"], 3),
        "turn_p50_ms_2_clients": turns_2["p50"],
        "turn_p99_ms_2_clients": turns_2["p99"],
        "server_cpu_us_per_request": {
            "healthz": health["cpu_us"],
            "diagnose": diagnose["cpu_us"],
            "new_conversation": new["cpu_us"],
            "turn": turns["cpu_us"],
        },
        "rps_by_round": {
            name: [round(r["rps"]) for r in load.runs]
            for name, load in zip(
                ["healthz", "diagnose", "turn", "turn_2", "new", "new_2"], loads, strict=True
            )
        },
    }
    print(f"\nAPI load ({backend}): {json.dumps(report)}")
    assert report["diagnose_ratio"] >= 0.5
    assert report["new_conversation_ratio"] >= 0.33
    assert report["new_conversation_p99_ms_2_clients"] < 10


@pytest.mark.parametrize("backend", ["sqlite", "redis"])
def test_turns_with_the_event_log_on_and_off(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The same server code with the event log on and off (tests/bench/serve_without_event_log.py),
    two processes loaded in turn in interleaved rounds: throughput of turns and new
    conversations as shares of /healthz, and server CPU per request, which with the log on
    includes its writer thread's batches. The issue asks the turn ratios to stay within 5 % of
    the figures without the log; that is reported, not asserted, since the shared machine's own
    noise between runs is about as large."""
    if shutil.which("wrk") is None:
        pytest.fail("wrk is missing: make bench installs it (scripts/ensure-system-deps.sh)")
    envs = {name: _log_env(backend, name, request, tmp_path) for name in ("on", "off")}
    module = {"on": "api.cli", "off": "tests.bench.serve_without_event_log"}
    with ExitStack() as stack:
        servers = {
            name: stack.enter_context(start_server(env, tmp_path, module=module[name]))
            for name, env in envs.items()
        }
        loads = {name: _log_loads(process, tmp_path / name) for name, process in servers.items()}
        for env, kinds in loads.values():
            for load in kinds:
                load.warm_up(env)
        for _ in range(ROUNDS):
            for name, (env, kinds) in loads.items():
                for load in kinds:
                    load.run(servers[name], env)
        recorded = {name: _recorded(process) for name, process in servers.items()}
    assert recorded["off"] == 0 < recorded["on"], recorded
    figures = {name: _log_figures(kinds) for name, (_, kinds) in loads.items()}
    change = {key: round(figures["on"][key] / figures["off"][key] - 1, 3) for key in figures["on"]}
    report = {"backend": backend, **figures, "change_with_the_log": change}
    print(f"\nEvent log on and off ({backend}): {json.dumps(report)}")


def _log_env(
    backend: str, name: str, request: pytest.FixtureRequest, tmp_path: Path
) -> dict[str, str]:
    """Each server its own store and event log: one Redis database each, since a Redis event
    log is shared by every process that uses the database."""
    env = {
        "OOMGUIDE_DATABASE": str(tmp_path / f"{name}.db"),
        "OOMGUIDE_RATE_LIMIT": "0",
        "OOMGUIDE_ADMIN_TOKEN": "bench",
    }
    if backend == "redis":
        shared: str = request.getfixturevalue("redis_url")
        url = shared.rsplit("/", 1)[0] + ("/0" if name == "on" else "/1")
        client = redis.Redis.from_url(url)
        try:
            client.flushdb()
        finally:
            client.close()
        env["OOMGUIDE_REDIS_URL"] = url
    return env


def _log_loads(process: ServerProcess, folder: Path) -> tuple[dict[str, str], list[Load]]:
    env, new_env = _wrk_env(process, folder)
    kinds = [
        Load(f"{process.url}/healthz", 8),
        Load(process.url, 8, "replies.lua"),
        Load(f"{process.url}/v1/conversations", 8, "post.lua", env=new_env),
    ]
    return env, kinds


def _log_figures(loads: list[Load]) -> dict[str, float]:
    health, turns, new = (load.summary() for load in loads)
    return {
        "turn_ratio": round(turns["rps"] / health["rps"], 3),
        "new_conversation_ratio": round(new["rps"] / health["rps"], 3),
        "turn_cpu_us": turns["cpu_us"],
        "new_conversation_cpu_us": new["cpu_us"],
        "healthz_cpu_us": health["cpu_us"],
    }


def _recorded(process: ServerProcess) -> int:
    """Conversations in the process's event log: none when it is off."""
    analytics = httpx.get(
        f"{process.url}/v1/analytics?since=1d",
        headers={"Authorization": "Bearer bench"},
        timeout=120,
    )
    assert analytics.status_code == 200, analytics.text
    count: int = analytics.json()["conversations"]
    return count
