"""A simulated week: 2,000 conversations with a known mix (channels, locales, outcomes, drop-offs,
feedback, misread openings) driven through real servers over HTTP; every number of
`oomguide report --json` must equal what the driver knows it did.

The truth is worked out by the driver from what it sent and what the API answered (the nodes a
turn's trace names), not from the event log. Conversations are abandoned when they have been
idle longer than the session lives: the servers run with a session of SESSION_TTL seconds, the
driver waits that long after the conversations it leaves, then drives the ones that stay open
and reads the report at once. Times to first answer are measured by the server's clock; the
driver checks their count exactly and their values against its own bounds.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from engine.extract import extract
from tests.server import ServerProcess, start_server

TOKEN = "week-admin-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
CONVERSATIONS = 2_000
STAY_OPEN = 100  # driven last, read before they go quiet
SESSION_TTL = 15
MIN_VOTES = 10

OPENINGS: dict[str, dict[str, list[str]]] = {
    "en": {
        "misread": ["hello there", "???", "is anyone here", "ok"],
        "help": ["help, out of memory", "CUDA out of memory again"],
        "direct": ["zimage OOM at step 2 with gc off, batch 4"],
        "outside": ["training got Killed after the update, exit code 137"],
        "quality": ["does gradient checkpointing hurt quality?"],
    },
    "pt-BR": {
        "misread": ["oi, tudo bem?", "???", "alguém aí", "ok"],
        "help": ["socorro, deu OOM no treino", "falta de memória na GPU"],
        "direct": ["desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"],
        "outside": ["o treino foi morto pelo kernel (Killed), exit 137"],
        "quality": ["ativar o gradient checkpointing prejudica a qualidade?"],
    },
}
KINDS = ["misread", "help", "help", "direct", "outside", "quality"]


@dataclass
class Driven:
    """One conversation as the driver saw it."""

    channel: str
    locale: str
    kb: str = ""
    opening: str = ""
    misread: bool = False
    asked: list[tuple[str, str]] = field(default_factory=list)
    pending: str | None = None
    answers: list[tuple[str, list[str]]] = field(default_factory=list)
    votes: list[bool] = field(default_factory=list)
    stays_open: bool = False
    started_at: float = 0.0
    first_answer_at: float | None = None

    @property
    def outcome(self) -> str:
        if any("outside_guide" in codes for _, codes in self.answers):
            return "outside_guide"
        if self.answers:
            return "answered"
        return "open" if self.stays_open else "abandoned"


def _take(conv: Driven, turn: dict[str, Any]) -> None:
    conv.kb = turn["kb_version"]
    asked = [s["node"] for s in turn["trace"] if s["step"] == "ask"]
    answered = [s["node"] for s in turn["trace"] if s["step"] == "answer"]
    if turn["answer"] is not None:
        codes = [r["code"] for r in turn["answer"]["recommendations"]]
        conv.answers.append((answered[-1], codes))
        conv.pending = None
    if turn["question"] is not None:
        conv.asked.append((asked[-1], turn["question"]["fact"]))
        conv.pending = asked[-1]


def _drive(urls: list[str], plan: tuple[int, random.Random, bool]) -> Driven:
    index, rng, stays_open = plan
    locale = rng.choice(["en", "pt-BR"])
    channel = "widget" if rng.random() < 0.4 else "rest"
    kind = rng.choice(KINDS)
    text = rng.choice(OPENINGS[locale][kind])
    conv = Driven(channel, locale, opening=text, misread=kind == "misread", stays_open=stays_open)
    headers = {"X-Oomguide-Channel": "widget"} if channel == "widget" else {}
    with httpx.Client(timeout=30) as http:

        def url(n: int) -> str:
            return urls[(index + n) % len(urls)]  # each turn may go to another process

        before = time.time()
        response = http.post(
            f"{url(0)}/v1/conversations", json={"locale": locale, "text": text}, headers=headers
        )
        assert response.status_code == 201, response.text
        conv.started_at = before
        turn = response.json()
        cid = turn["conversation_id"]
        _take(conv, turn)
        if turn["answer"] is not None:
            conv.first_answer_at = time.time() - before
        for n in range(rng.choice([0, 1, 1, 2, 3])):
            if turn["question"] is None:
                break
            options = turn["question"]["options"]
            body = {"value": rng.choice(options)["value"]} if options else {"text": "2"}
            response = http.post(f"{url(n + 1)}/v1/conversations/{cid}/replies", json=body)
            assert response.status_code == 200, response.text
            turn = response.json()
            _take(conv, turn)
            if turn["answer"] is not None and conv.first_answer_at is None:
                conv.first_answer_at = time.time() - before
        if conv.answers and rng.random() < 0.5:
            helpful = rng.random() < 0.7
            response = http.post(
                f"{url(9)}/v1/conversations/{cid}/feedback", json={"helpful": helpful}
            )
            assert response.status_code == 204, response.text
            conv.votes.append(helpful)
    return conv


def _simulate(urls: list[str]) -> list[Driven]:
    rng = random.Random(20261201)
    plans = [
        (n, random.Random(rng.random()), n >= CONVERSATIONS - STAY_OPEN)
        for n in range(CONVERSATIONS)
    ]
    with ThreadPoolExecutor(4) as pool:
        left = list(pool.map(lambda p: _drive(urls, p), plans[: CONVERSATIONS - STAY_OPEN]))
        time.sleep(SESSION_TTL + 1.5)  # the ones left behind go quiet for good
        kept = list(pool.map(lambda p: _drive(urls, p), plans[CONVERSATIONS - STAY_OPEN :]))
    return left + kept


def _rate(yes: int, no: int) -> float | None:
    return round(yes / (yes + no), 4) if yes + no >= MIN_VOTES else None


def _outcomes(convs: list[Driven]) -> dict[str, int]:
    counted = Counter(c.outcome for c in convs)
    return {o: counted[o] for o in ("answered", "outside_guide", "abandoned", "open")}


def _helpful(convs: list[Driven]) -> dict[str, Any]:
    yes = sum(v for c in convs for v in c.votes)
    no = sum(not v for c in convs for v in c.votes)
    return {"yes": yes, "no": no, "rate": _rate(yes, no)}


def _truth(convs: list[Driven]) -> dict[str, Any]:
    funnel: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for c in convs:
        for node, fact in dict.fromkeys(c.asked):
            step = funnel[(node, fact)]
            step["reached"] += 1
            if node != c.pending:
                step["answered"] += 1
            else:
                step["open" if c.stays_open else "abandoned"] += 1
    by: dict[str, dict[str, Any]] = {}
    for group, attribute in (("locale", "locale"), ("channel", "channel"), ("kb_version", "kb")):
        members: dict[str, list[Driven]] = defaultdict(list)
        for c in convs:
            members[getattr(c, attribute)].append(c)
        by[group] = {
            key: {"conversations": len(m), "outcomes": _outcomes(m), "helpful": _helpful(m)}
            for key, m in members.items()
        }
    day = datetime.fromtimestamp(convs[0].started_at, UTC).date().isoformat()
    cells = Counter((c.channel, c.locale, c.outcome) for c in convs)
    return {
        "conversations": len(convs),
        "outcomes": _outcomes(convs),
        "helpful": _helpful(convs),
        "funnel": {
            node: {"fact": fact, **{k: n[k] for k in ("reached", "answered", "abandoned", "open")}}
            for (node, fact), n in funnel.items()
        },
        "by": by,
        "per_day": [
            {"day": day, "channels": dict(sorted(Counter(c.channel for c in convs).items()))}
        ],
        "advice": dict(Counter(code for c in convs for _, codes in c.answers for code in codes)),
        "answers_by_node": dict(Counter(node for c in convs for node, _ in c.answers)),
        "cells": {f"{ch}/{lo}/{out}": n for (ch, lo, out), n in cells.items()},
        "time_count": sum(c.first_answer_at is not None for c in convs),
        "restarts": 0,
        "misread_messages": sum(c.misread for c in convs),
        "misread": Counter((c.opening, c.locale, c.channel) for c in convs if c.misread),
    }


def _comparable(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "conversations": data["conversations"],
        "outcomes": data["outcomes"],
        "helpful": data["helpful"],
        "funnel": {
            s["node"]: {k: s[k] for k in ("fact", "reached", "answered", "abandoned", "open")}
            for s in data["funnel"]
        },
        "by": data["by"],
        "per_day": data["per_day"],
        "advice": {a["code"]: a["count"] for a in data["advice"]},
        "answers_by_node": data["answers_by_node"],
        "cells": {
            f"{c['channel']}/{c['locale']}/{c['outcome']}": c["count"] for c in data["cells"]
        },
        "time_count": data["time_to_first_answer"]["count"],
        "restarts": data["restarts"],
        "misread_messages": data["misread_messages"],
        "misread": Counter((m["text"], m["locale"], m["channel"]) for m in data["misread"]),
    }


def _report_json(env: dict[str, str]) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", "report", "--json", "--since", "1d"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def _check(convs: list[Driven], data: dict[str, Any]) -> None:
    truth = _truth(convs)
    assert _comparable(data) == truth
    assert all(v > 0 for v in truth["outcomes"].values()), "the mix has every outcome"
    waits = [c.first_answer_at for c in convs if c.first_answer_at is not None]
    timing = data["time_to_first_answer"]
    assert 0 <= timing["median"] <= timing["p90"] <= max(waits)
    times = [m["at"] for m in data["misread"]]
    assert times == sorted(times, reverse=True), "misread messages come newest first"


def test_the_openings_meant_to_be_misread_are(loaded_kb: Any) -> None:
    for locale in OPENINGS.values():
        for text in locale["misread"]:
            found = extract(text)
            assert not found.facts and found.config_text is None, text
        for kind in ("help", "direct", "outside", "quality"):
            for text in locale[kind]:
                assert extract(text).facts, text


@pytest.fixture
def week_env(tmp_path: Path) -> dict[str, str]:
    return {
        "OOMGUIDE_DATABASE": str(tmp_path / "week.db"),
        "OOMGUIDE_ADMIN_TOKEN": TOKEN,
        "OOMGUIDE_SESSION_TTL": str(SESSION_TTL),
    }


@pytest.fixture
def sqlite_server(week_env: dict[str, str], tmp_path: Path) -> Iterator[ServerProcess]:
    with start_server(week_env, tmp_path) as server:
        yield server


@pytest.mark.server
def test_a_week_through_one_server_with_sqlite(
    sqlite_server: ServerProcess, week_env: dict[str, str]
) -> None:
    convs = _simulate([sqlite_server.url])
    api = httpx.get(f"{sqlite_server.url}/v1/analytics?since=1d", headers=AUTH, timeout=60).json()
    cli = _report_json(week_env)
    _check(convs, cli)
    _check(convs, api)


@pytest.mark.server
@pytest.mark.redis
def test_a_week_through_two_servers_sharing_redis(
    week_env: dict[str, str], redis_url: str, tmp_path: Path
) -> None:
    env = {**week_env, "OOMGUIDE_REDIS_URL": redis_url}
    with start_server(env, tmp_path) as one, start_server(env, tmp_path) as two:
        convs = _simulate([one.url, two.url])
        time.sleep(1.0)  # the other process's last events leave its queue (every 0.1 s)
        api = httpx.get(f"{two.url}/v1/analytics?since=1d", headers=AUTH, timeout=60).json()
        cli = _report_json(env)
    _check(convs, cli)
    _check(convs, api)
