"""A simulated week: 2,000 conversations with a known mix (channels, locales, outcomes, drop-offs,
feedback, restarts, misread openings) driven through real servers over HTTP; every number of
`oomguide report --json` must equal what the driver knows it did.

All four channels are driven the way their clients use them (tests/api/week/people.py): REST
and the widget with JSON, Discord with Ed25519-signed interactions, Slack with HMAC-signed (v0)
slash commands and button clicks. Discord's API and Slack's ``response_url`` are a local
stand-in: no request leaves the machine. What each channel can carry shapes the mix:

- Feedback (helpful or not) has no button on Discord or Slack; only REST and widget people vote.
- "Start over" is a button on Discord and Slack only; it ends a conversation and starts another
  one in the same channel and locale, and the report counts it as a restart.
- Only a chat command opens with nothing said (a bare `/oom`).
- Slack sends no locale: a Slack conversation is in the language its opening is written in, and
  in the servers' default locale (pt-BR) when it shows none (a bare `/oom`, "???", "ok").

The truth is worked out by the driver from what it sent and what it was shown: REST turns name
their nodes in their trace; a chat person plays its conversation in an engine of its own from
the same KB and checks every message against it (people.py). Not from the event log.
Conversations are abandoned when they have been idle longer than the session lives: the servers
run with a session of SESSION_TTL seconds, the driver waits that long after the conversations it
leaves, then drives the ones that stay open and reads the report at once. Times to first answer
are measured by the server's clock; the driver checks their count exactly and their values
against its own bounds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from engine.engine import Engine
from engine.extract import extract
from engine.models import Turn
from kb.schema import KnowledgeBase
from locales import Catalog
from tests.api.channels.platforms import Discord, LocalServer, Slack
from tests.api.week.mix import (
    CHANNELS,
    CHAT,
    DEFAULT_LOCALE,
    HELPFUL,
    OPENINGS,
    STEPS,
    VOTES,
    WORDLESS,
    Driven,
    Plan,
    plans,
)
from tests.api.week.people import PEOPLE, Person, Week
from tests.api.week.truth import OUTCOMES, comparable, truth
from tests.server import ServerProcess, start_server

TOKEN = "week-admin-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
CONVERSATIONS = 2_000
STAY_OPEN = 100  # driven last, read before they go quiet
SESSION_TTL = 15
THREADS = 6  # people talking at once


def _talk(person: Person, conv: Driven, first: Callable[[], Turn]) -> None:
    """The first turn, then as many replies as the person gives before leaving."""
    rng = person.plan.rng
    before = conv.started_at = time.time()
    turn = first()
    conv.take(turn, time.time() - before)
    for _ in range(rng.choice(STEPS)):
        if turn.question is None:
            break
        options = turn.question.options
        turn = person.choose(rng.choice(options).value) if options else person.answer("2")
        conv.take(turn, time.time() - before)


def _converse(week: Week, plan: Plan) -> list[Driven]:
    person = PEOPLE[plan.channel](week, plan)
    rng = plan.rng
    conv = plan.driven()
    _talk(person, conv, lambda: person.open(plan.text or None))
    if person.votes and conv.answers and rng.random() < VOTES:
        helpful = rng.random() < HELPFUL
        person.vote(conv.conversation, helpful)
        conv.votes.append(helpful)
    if not plan.restarts:
        return [conv]
    conv.restarted = True
    again = Driven(conv.channel, conv.locale, stays_open=conv.stays_open)
    _talk(person, again, person.restart)
    return [conv, again]


def _drive(urls: list[str], week: Week, group: list[Plan]) -> list[Driven]:
    # Clients for this group only: a connection left idle through the wait for the others to
    # go quiet is one the server may have closed.
    with ExitStack() as stack, ThreadPoolExecutor(THREADS) as pool:
        clients = tuple(stack.enter_context(httpx.Client(base_url=url, timeout=30)) for url in urls)
        talking = replace(week, clients=clients)
        return [c for convs in pool.map(lambda p: _converse(talking, p), group) for c in convs]


def _simulate(urls: list[str], week: Week) -> list[Driven]:
    everyone = plans(CONVERSATIONS, STAY_OPEN, seed=20261201)
    driven = _drive(urls, week, [p for p in everyone if not p.stays_open])
    time.sleep(SESSION_TTL + 1.5)  # the ones left behind go quiet for good
    driven += _drive(urls, week, [p for p in everyone if p.stays_open])
    _check_outbound(week.local)
    return driven


def _check_outbound(local: LocalServer) -> None:
    """The bots sent nothing but Slack follow-ups, each once (no retry, no lost one)."""
    paths = [r.path for r in local.requests]
    assert all(p.startswith("/slack/") for p in paths), Counter(paths).most_common(3)
    assert len(set(paths)) == len(paths)


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


def _check_mix(convs: list[Driven]) -> None:
    """The mix has what the week is meant to show, so that equality proves something."""
    assert len(convs) == CONVERSATIONS
    assert len({c.conversation for c in convs}) == len(convs), "every conversation its own id"
    assert {c.outcome for c in convs} == set(OUTCOMES)
    for channel in CHANNELS:
        mine = [c for c in convs if c.channel == channel]
        assert {c.locale for c in mine} == {"en", "pt-BR"}, channel
        assert any(c.misread for c in mine), channel
        assert any(c.answers for c in mine), channel
        assert any(c.votes for c in mine) == (channel not in CHAT), channel
        assert any(c.restarted for c in mine) == (channel in CHAT), channel


def _check(convs: list[Driven], data: dict[str, Any]) -> None:
    assert comparable(data) == truth(convs)
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


def test_the_openings_show_their_language_unless_wordless() -> None:
    """What Slack, which sends no locale, reads the conversation's locale from."""
    for locale, kinds in OPENINGS.items():
        for text in (t for texts in kinds.values() for t in texts):
            assert extract(text).locale == (None if text in WORDLESS else locale), text


@pytest.fixture
def week(loaded_kb: tuple[KnowledgeBase, Catalog]) -> Iterator[Week]:
    kb, catalog = loaded_kb
    # The guide's url only changes the citations' links, which no check reads.
    engine = Engine(kb, catalog, "/guide")
    local = LocalServer().start()
    yield Week(engine, Discord(), Slack(), local)
    local.close()


@pytest.fixture
def week_env(tmp_path: Path, week: Week) -> dict[str, str]:
    return {
        "OOMGUIDE_DATABASE": str(tmp_path / "week.db"),
        "OOMGUIDE_ADMIN_TOKEN": TOKEN,
        "OOMGUIDE_SESSION_TTL": str(SESSION_TTL),
        "OOMGUIDE_DEFAULT_LOCALE": DEFAULT_LOCALE,
        "OOMGUIDE_DISCORD_PUBLIC_KEY": week.discord.public_key,
        "OOMGUIDE_SLACK_SIGNING_SECRET": week.slack.secret,
        # Whatever the bots send may go to the local stand-in only.
        "OOMGUIDE_DISCORD_API_URL": f"{week.local.url}/api/v10",
        "OOMGUIDE_DISCORD_ATTACHMENT_HOSTS": "127.0.0.1",
        "OOMGUIDE_SLACK_RESPONSE_HOSTS": "127.0.0.1",
        "OOMGUIDE_INTEGRATIONS_ALLOW_HTTP": "1",
    }


@pytest.fixture
def sqlite_server(week_env: dict[str, str], tmp_path: Path) -> Iterator[ServerProcess]:
    with start_server(week_env, tmp_path) as server:
        yield server


@pytest.mark.server
def test_a_week_through_one_server_with_sqlite(
    sqlite_server: ServerProcess, week_env: dict[str, str], week: Week
) -> None:
    convs = _simulate([sqlite_server.url], week)
    api = httpx.get(f"{sqlite_server.url}/v1/analytics?since=1d", headers=AUTH, timeout=60).json()
    cli = _report_json(week_env)
    _check_mix(convs)
    _check(convs, cli)
    _check(convs, api)


@pytest.mark.server
@pytest.mark.redis
def test_a_week_through_two_servers_sharing_redis(
    week_env: dict[str, str], redis_url: str, tmp_path: Path, week: Week
) -> None:
    env = {**week_env, "OOMGUIDE_REDIS_URL": redis_url}
    with start_server(env, tmp_path) as one, start_server(env, tmp_path) as two:
        convs = _simulate([one.url, two.url], week)
        time.sleep(1.0)  # the other process's last events leave its queue (every 0.25 s)
        api = httpx.get(f"{two.url}/v1/analytics?since=1d", headers=AUTH, timeout=60).json()
        cli = _report_json(env)
    _check_mix(convs)
    _check(convs, cli)
    _check(convs, api)
