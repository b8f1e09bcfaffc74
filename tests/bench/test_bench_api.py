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
import statistics
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


def _wrk_command(
    url: str, connections: int, script: str | None, duration: str = DURATION
) -> list[str]:
    command = ["wrk", f"-t{connections}", f"-c{connections}", f"-d{duration}", "--latency"]
    if script:
        command += ["-s", str(WRK / script)]
    return [*command, url]


def _wrk_result(out: str) -> dict[str, float]:
    assert "Non-2xx" not in out, out
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    requests = float(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    return {"rps": rps, "requests": requests, "p50": _ms(out, "50%"), "p99": _ms(out, "99%")}


def _wrk_once(
    url: str, connections: int, env: dict[str, str], script: str | None, duration: str = DURATION
) -> dict[str, float]:
    out = subprocess.run(
        _wrk_command(url, connections, script, duration),
        capture_output=True,
        text=True,
        check=True,
        env={**env, "THREADS": str(connections)},
    ).stdout
    return _wrk_result(out)


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

    def run(self, process: ServerProcess, env: dict[str, str], duration: str = DURATION) -> None:
        started = _cpu_seconds(process.process.pid)
        run = _wrk_once(self.url, self.connections, self.env or env, self.script, duration)
        self.record(run, _cpu_seconds(process.process.pid) - started)

    def record(self, run: dict[str, float], cpu_seconds: float) -> None:
        self.cpu_seconds += cpu_seconds
        self.runs.append({**run, "cpu_us": cpu_seconds / run["requests"] * 1e6})

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


# The event log's comparison: short rounds, in each of which both servers take the same load at
# the same time.
LOG_ROUNDS = 11
LOG_DURATION = "3s"


@pytest.mark.parametrize("backend", ["sqlite", "redis"])
def test_turns_with_the_event_log_on_and_off(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The same server code with the event log on and off (tests/bench/serve_without_event_log.py),
    loaded **at the same time**: both servers share one core and two wrk processes on the other
    core load them together, each with its own 8 clients. Whatever slows the machine down during
    a round (other work on a shared host) slows both sides of it alike, which loading them one
    after the other could not promise: there, two rounds of one server differed by up to 20 %.

    Each round gives two turn ratios per side: throughput (turns per second as a share of
    /healthz's, measured the same way in the same round) and the same in server CPU (/healthz's
    CPU per request over a turn's, the event log's writer thread included). Each is compared with
    the same round's other side; the medians of those changes are reported, and both are held
    within 5 %.
    """
    if shutil.which("wrk") is None:
        pytest.fail("wrk is missing: make bench installs it (scripts/ensure-system-deps.sh)")
    envs = {name: _log_env(backend, name, request, tmp_path) for name in ("on", "off")}
    module = {"on": "api.cli", "off": "tests.bench.serve_without_event_log"}
    cores = sorted(os.sched_getaffinity(0))
    server_core, load_core = ({cores[0]}, {cores[-1]}) if len(cores) > 1 else (set(cores),) * 2
    os.sched_setaffinity(0, load_core)  # wrk, started from here, inherits it
    try:
        with ExitStack() as stack:
            servers = {
                name: stack.enter_context(start_server(env, tmp_path, module=module[name]))
                for name, env in envs.items()
            }
            for process in servers.values():
                _pin(process.process.pid, server_core)
            loads = {
                name: _log_loads(process, tmp_path / name) for name, process in servers.items()
            }
            for env, kinds in loads.values():
                for load in kinds:
                    load.warm_up(env)
            for _ in range(LOG_ROUNDS):
                for kind in range(len(loads["on"][1])):
                    _together([(servers[n], loads[n][0], loads[n][1][kind]) for n in ("on", "off")])
            recorded = {name: _recorded(process) for name, process in servers.items()}
    finally:
        os.sched_setaffinity(0, set(cores))
    assert recorded["off"] == 0 < recorded["on"], recorded
    rounds = {name: _log_rounds(kinds) for name, (_, kinds) in loads.items()}
    changes = {
        key: [
            round(on / off - 1, 3)
            for on, off in zip(rounds["on"][key], rounds["off"][key], strict=True)
        ]
        for key in rounds["on"]
    }
    median_change = {key: round(statistics.median(values), 3) for key, values in changes.items()}
    cpu = {name: _log_cpu(kinds) for name, (_, kinds) in loads.items()}
    cpu_change = {key: round(cpu["on"][key] / cpu["off"][key] - 1, 3) for key in cpu["on"]}
    report = {
        "backend": backend,
        "median_change_with_the_log": median_change,
        "changes_by_round": changes,
        "ratios_by_round": rounds,
        "server_cpu_us_per_request": cpu,
        "server_cpu_change_with_the_log": cpu_change,
    }
    print(f"\nEvent log on and off ({backend}): {json.dumps(report)}")
    assert median_change["turn_ratio"] > -0.05, report
    assert median_change["cpu_turn_ratio"] > -0.05, report


def _together(sides: list[tuple[ServerProcess, dict[str, str], Load]]) -> None:
    """One run of each side's load, all started at once; each side's CPU is its server's."""
    started = [_cpu_seconds(process.process.pid) for process, _, _ in sides]
    running = [
        subprocess.Popen(
            _wrk_command(load.url, load.connections, load.script, LOG_DURATION),
            stdout=subprocess.PIPE,
            text=True,
            env={**(load.env or env), "THREADS": str(load.connections)},
        )
        for _, env, load in sides
    ]
    outs = [wrk.communicate()[0] for wrk in running]
    for (process, _, load), wrk, out, before in zip(sides, running, outs, started, strict=True):
        assert wrk.returncode == 0, out
        used = _cpu_seconds(process.process.pid) - before
        load.record(_wrk_result(out), used)


def _pin(pid: int, cores: set[int]) -> None:
    """Every thread of a process (and of the ones it started) on ``cores``."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        os.sched_setaffinity(int(task.name), cores)
        for child in (task / "children").read_text().split():
            _pin(int(child), cores)


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


def _log_rounds(loads: list[Load]) -> dict[str, list[float]]:
    """Each round's turn and new-conversation ratios: throughput as a share of the same
    round's /healthz, and the same in server CPU (/healthz's CPU per request over theirs)."""
    health, turns, new = (load.runs for load in loads)
    rounds: dict[str, list[float]] = {}
    for name, runs in (("turn_ratio", turns), ("new_conversation_ratio", new)):
        rounds[name] = [round(r["rps"] / h["rps"], 4) for r, h in zip(runs, health, strict=True)]
        rounds[f"cpu_{name}"] = [
            round(h["cpu_us"] / r["cpu_us"], 4) for r, h in zip(runs, health, strict=True)
        ]
    return rounds


def _log_cpu(loads: list[Load]) -> dict[str, float]:
    """Server CPU per request over all rounds, in µs (with the log on, its writer's too)."""
    health, turns, new = (load.summary() for load in loads)
    return {"healthz": health["cpu_us"], "turn": turns["cpu_us"], "new_conversation": new["cpu_us"]}


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
