"""Against real `oomguide serve` processes: restarts, several processes over Redis, races."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.server import start_server

pytestmark = pytest.mark.server


def _start(base: str) -> dict[str, object]:
    response = httpx.post(
        f"{base}/v1/conversations", json={"locale": "en", "text": "help, out of memory"}
    )
    assert response.status_code == 201, response.text
    body: dict[str, object] = response.json()
    return body


def test_conversation_survives_a_restart_and_a_crash(tmp_path: Path) -> None:
    env = {"OOMGUIDE_DATABASE": str(tmp_path / "db.sqlite")}
    with start_server(env, tmp_path) as server:
        turn = _start(server.url)
        cid = turn["conversation_id"]
        server.kill()  # no clean shutdown
    with start_server(env, tmp_path) as server:
        reply = httpx.post(
            f"{server.url}/v1/conversations/{cid}/replies", json={"value": "disabled", "turn": 1}
        )
        assert reply.status_code == 200, reply.text
        assert reply.json()["answer"]["recommendations"][0]["code"] == "enable_gc"
        server.stop()
    with start_server(env, tmp_path) as server:
        view = httpx.get(f"{server.url}/v1/conversations/{cid}").json()
        assert view["turn"] == 2 and view["facts"]["gc"] == "disabled"


@pytest.mark.redis
def test_two_processes_share_conversations_over_redis(tmp_path: Path, redis_url: str) -> None:
    env_a = {"OOMGUIDE_REDIS_URL": redis_url, "OOMGUIDE_DATABASE": str(tmp_path / "a.db")}
    env_b = {"OOMGUIDE_REDIS_URL": redis_url, "OOMGUIDE_DATABASE": str(tmp_path / "b.db")}
    with start_server(env_a, tmp_path) as a, start_server(env_b, tmp_path) as b:
        turn = _start(a.url)
        cid = turn["conversation_id"]
        reply = httpx.post(
            f"{b.url}/v1/conversations/{cid}/replies", json={"value": "enabled", "turn": 1}
        )
        assert reply.status_code == 200, reply.text
        assert reply.json()["turn"] == 2
        view = httpx.get(f"{a.url}/v1/conversations/{cid}").json()
        assert view["facts"]["gc"] == "enabled" and view["turn"] == 2


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def test_racing_replies_apply_once(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    env = {"OOMGUIDE_DATABASE": str(tmp_path / "db.sqlite")}
    if backend == "redis":
        env["OOMGUIDE_REDIS_URL"] = request.getfixturevalue("redis_url")
    with start_server(env, tmp_path, workers=2) as server:
        cid = _start(server.url)["conversation_id"]
        url = f"{server.url}/v1/conversations/{cid}/replies"

        def click(_: int) -> int:
            return httpx.post(url, json={"value": "disabled", "turn": 1}, timeout=10).status_code

        with ThreadPoolExecutor(8) as pool:
            statuses = list(pool.map(click, range(8)))
        assert statuses.count(200) == 1 and statuses.count(409) == 7, statuses
        view = httpx.get(f"{server.url}/v1/conversations/{cid}").json()
        assert view["turn"] == 2
        assert [e["role"] for e in view["transcript"]].count("user") == 2


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def test_the_rate_limit_holds_across_workers(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    env = {"OOMGUIDE_DATABASE": str(tmp_path / "db.sqlite"), "OOMGUIDE_RATE_LIMIT": "10"}
    if backend == "redis":
        env["OOMGUIDE_REDIS_URL"] = request.getfixturevalue("redis_url")
    with start_server(env, tmp_path, workers=2) as server:

        def get(_: int) -> int:
            # A connection each, so that the kernel spreads them over both workers.
            return httpx.get(f"{server.url}/v1/kb", timeout=10).status_code

        with ThreadPoolExecutor(4) as pool:
            statuses = list(pool.map(get, range(30)))
    assert statuses.count(200) == 10 and statuses.count(429) == 20, statuses


@pytest.mark.parametrize(
    ("trusted", "allowed"), [(None, 2), ("127.0.0.1", 6), ("10.0.0.0/8, ::1", 2)]
)
def test_x_forwarded_for_counts_only_from_a_trusted_proxy(
    tmp_path: Path, trusted: str | None, allowed: int
) -> None:
    env = {"OOMGUIDE_DATABASE": str(tmp_path / "db.sqlite"), "OOMGUIDE_RATE_LIMIT": "2"}
    if trusted is not None:
        env["OOMGUIDE_TRUSTED_PROXIES"] = trusted
    with start_server(env, tmp_path) as server:
        statuses = [
            httpx.get(
                f"{server.url}/v1/kb", headers={"X-Forwarded-For": f"198.51.100.{i // 2}"}
            ).status_code
            for i in range(6)
        ]
        # A trusted proxy's clients are counted apart (two each); anyone else is one client.
        again = httpx.get(f"{server.url}/v1/kb", headers={"X-Forwarded-For": "198.51.100.0"})
    assert statuses.count(200) == allowed, statuses
    assert again.status_code == 429


def _turns_counted(metrics: str) -> float:
    """The sum of oomguide_turns_total over its labels, from Prometheus text."""
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in metrics.splitlines()
        if line.startswith("oomguide_turns_total{")
    )


def test_every_scrape_sees_every_workers_counters(tmp_path: Path) -> None:
    env = {"OOMGUIDE_DATABASE": str(tmp_path / "db.sqlite")}
    with start_server(env, tmp_path, workers=2) as server:
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda _: _start(server.url), range(12)))
        # A connection each, so that the kernel hands the scrapes to both workers.
        scrapes = [httpx.get(f"{server.url}/metrics").text for _ in range(8)]
    assert [_turns_counted(scrape) for scrape in scrapes] == [12.0] * 8


def test_expired_conversation_is_404(tmp_path: Path) -> None:
    env = {"OOMGUIDE_DATABASE": str(tmp_path / "db.sqlite"), "OOMGUIDE_SESSION_TTL": "1"}
    with start_server(env, tmp_path) as server:
        cid = _start(server.url)["conversation_id"]
        import time

        time.sleep(2.2)
        response = httpx.get(f"{server.url}/v1/conversations/{cid}")
        assert response.status_code == 404
        assert response.headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stopped_server_leaves_no_metrics_folder_behind(tmp_path: Path, workers: int) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    env = {"OOMGUIDE_DATABASE": str(tmp_path / "db.sqlite"), "TMPDIR": str(temp)}
    with start_server(env, tmp_path, workers=workers) as server:
        _start(server.url)
        assert [p.name[:17] for p in temp.iterdir()] == ["oomguide-metrics-"]
        server.stop()  # SIGTERM, as a service manager stops it
        assert server.process.returncode in (0, -15, 143)
    assert list(temp.iterdir()) == []
