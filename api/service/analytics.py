"""What the support team sees: the event log summed up over a period.

A conversation counts in a period when it started in it. Events are taken in the order of their
times, whatever order the processes stored them in. Its outcome: ``outside_guide`` when an
answer it was shown said the situation is outside the guide, ``answered`` when it was shown any
other answer, else ``abandoned`` when it went quiet for longer than the session lives (it cannot
be taken up again) and ``open`` while it still can. The funnel counts, for each question node,
the conversations it was asked in (``reached``), those that moved past it (``answered``), and
those that stopped there and went quiet (``abandoned``) or may still go on (``open``).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from operator import itemgetter
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from api.store.events import Event, EventLog, KeptText

MIN_VOTES_FOR_RATE = 10
OUTCOMES = ("answered", "outside_guide", "abandoned", "open")
GROUPS = ("locale", "channel", "kb_version")


class _Out(BaseModel):
    model_config = ConfigDict(frozen=True)


class Helpful(_Out):
    yes: int = 0
    no: int = 0
    rate: float | None = Field(
        default=None, description=f"yes / (yes + no); null under {MIN_VOTES_FOR_RATE} votes"
    )


class Outcomes(_Out):
    answered: int = 0
    outside_guide: int = 0
    abandoned: int = 0
    open: int = 0


class GroupCounts(_Out):
    conversations: int
    outcomes: Outcomes
    helpful: Helpful


class FunnelStep(_Out):
    node: str
    fact: str
    reached: int
    answered: int
    abandoned: int
    open: int


class Day(_Out):
    day: str
    channels: dict[str, int]


class AdviceCount(_Out):
    code: str
    count: int


class TimeToAnswer(_Out):
    count: int
    median: float | None = Field(description="seconds from the opening to the first answer")
    p90: float | None


class Misread(_Out):
    text: str
    at: str
    locale: str
    channel: str


class Cell(_Out):
    channel: str
    locale: str
    outcome: str
    count: int


class Analytics(_Out):
    since: str
    until: str
    conversations: int
    outcomes: Outcomes
    helpful: Helpful
    funnel: list[FunnelStep]
    by: dict[str, dict[str, GroupCounts]]
    per_day: list[Day]
    advice: list[AdviceCount]
    time_to_first_answer: TimeToAnswer
    restarts: int
    misread_messages: int = Field(description="messages nothing could be read from, kept or not")
    misread: list[Misread]
    answers_by_node: dict[str, int] = Field(description="answers shown, by answer node")
    cells: list[Cell] = Field(description="conversations by channel, locale and outcome")
    event_log_errors: int = Field(default=0, description="events this process could not record")


@dataclass(slots=True)
class _Conversation:
    started: float
    channel: str
    locale: str
    kb: str
    last: float
    first_answer: float | None = None
    outside: bool = False
    asked: list[tuple[str, str]] = field(default_factory=list)  # (node, fact) in order
    pending: str | None = None  # the question node the last turn ended on
    yes: int = 0
    no: int = 0


def iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def summarize(
    events: Iterable[Event],
    texts: Iterable[KeptText],
    *,
    since: float,
    now: float,
    session_ttl: float,
    errors: int = 0,
) -> Analytics:
    # In the order things happened, not the order they were stored: processes write their
    # events in batches, so one process's turn can land before another's earlier one. Nearly
    # sorted already, which Python's sort takes in one pass; events of one turn keep their order.
    ordered = sorted(events, key=itemgetter(2))
    convs, advice, nodes, restarts, misread_count = _fold(ordered)
    quiet = {cid for cid, c in convs.items() if now - c.last > session_ttl}
    kinds, votes = _tally(convs, quiet)
    return Analytics(
        since=iso(since),
        until=iso(now),
        conversations=len(convs),
        outcomes=_outcomes(kinds, lambda _: "all").get("all", Outcomes()),
        helpful=_helpful(votes, lambda _: "all").get("all", Helpful()),
        funnel=_funnel(convs, quiet),
        by={g: _split(kinds, votes, i) for i, g in enumerate(GROUPS)},
        per_day=_per_day(convs.values()),
        advice=[AdviceCount(code=c, count=n) for c, n in advice.most_common()],
        time_to_first_answer=_time_to_answer(convs.values()),
        restarts=restarts,
        misread_messages=misread_count,
        misread=_misread(texts, convs),
        answers_by_node=dict(nodes.most_common()),
        cells=_cells(kinds),
        event_log_errors=errors,
    )


_Kind = tuple[str, str, str]  # locale, channel, kb version: the order of GROUPS


def _tally(
    convs: dict[str, _Conversation], quiet: set[str]
) -> tuple[Counter[tuple[_Kind, str]], dict[_Kind, list[int]]]:
    """Conversations by kind and outcome, and votes (yes, no) by kind: one pass, from which
    every split is summed."""
    kinds: Counter[tuple[_Kind, str]] = Counter()
    votes: dict[_Kind, list[int]] = {}
    for cid, c in convs.items():
        kind = (c.locale, c.channel, c.kb)
        kinds[(kind, _outcome(c, cid in quiet))] += 1
        if c.yes or c.no:
            pair = votes.setdefault(kind, [0, 0])
            pair[0] += c.yes
            pair[1] += c.no
    return kinds, votes


def _fold(
    events: Iterable[Event],
) -> tuple[dict[str, _Conversation], Counter[str], Counter[str], int, int]:
    """One pass over the events: each conversation started in the period, and the totals."""
    convs: dict[str, _Conversation] = {}
    advice: Counter[str] = Counter()
    nodes: Counter[str] = Counter()
    restarts = misread = 0
    for cid, kind, at, d in events:  # unpacked: a named tuple's attributes cost more
        if kind == "started":
            convs[cid] = _Conversation(at, d["channel"], d["locale"], d["kb"], at)
            misread += bool(d.get("misread"))
            continue
        c = convs.get(cid)
        if c is None:
            continue  # started before the period
        if at > c.last:
            c.last = at
        if kind == "asked":
            c.asked.append((d["node"], d["fact"]))
            c.pending = d["node"]
        elif kind == "answer":
            if c.first_answer is None:
                c.first_answer = at
            codes = d["codes"]
            advice.update(codes)
            nodes[d["node"]] += 1
            c.outside = c.outside or "outside_guide" in codes
            c.pending = None
        elif kind == "reply":
            misread += bool(d.get("misread"))
        elif kind == "feedback":
            if d["helpful"]:
                c.yes += 1
            else:
                c.no += 1
        elif kind == "restart":
            restarts += 1
    return convs, advice, nodes, restarts, misread


def _outcome(c: _Conversation, quiet: bool) -> str:
    if c.outside:
        return "outside_guide"
    if c.first_answer is not None:
        return "answered"
    return "abandoned" if quiet else "open"


def _outcomes(
    kinds: Counter[tuple[_Kind, str]], key: Callable[[_Kind], str]
) -> dict[str, Outcomes]:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for (kind, outcome), n in kinds.items():
        counts[key(kind)][outcome] += n
    return {k: Outcomes(**c) for k, c in counts.items()}


def _helpful(votes: dict[_Kind, list[int]], key: Callable[[_Kind], str]) -> dict[str, Helpful]:
    sums: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for kind, (yes, no) in votes.items():
        pair = sums[key(kind)]
        pair[0] += yes
        pair[1] += no
    return {k: _rated(yes, no) for k, (yes, no) in sums.items()}


def _rated(yes: int, no: int) -> Helpful:
    votes = yes + no
    rate = round(yes / votes, 4) if votes >= MIN_VOTES_FOR_RATE else None
    return Helpful(yes=yes, no=no, rate=rate)


def _funnel(convs: dict[str, _Conversation], quiet: set[str]) -> list[FunnelStep]:
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for cid, c in convs.items():
        for node, fact in dict.fromkeys(c.asked):
            step = counts[(node, fact)]
            step["reached"] += 1
            if node != c.pending:
                step["answered"] += 1
            else:
                step["abandoned" if cid in quiet else "open"] += 1
    steps = [FunnelStep(node=n, fact=f, **_funnel_counts(k)) for (n, f), k in counts.items()]
    return sorted(steps, key=lambda s: (-s.reached, s.node))


def _funnel_counts(k: Counter[str]) -> dict[str, int]:
    return {name: k[name] for name in ("reached", "answered", "abandoned", "open")}


def _split(
    kinds: Counter[tuple[_Kind, str]], votes: dict[_Kind, list[int]], index: int
) -> dict[str, GroupCounts]:
    def key(kind: _Kind) -> str:
        return kind[index]

    outcomes = _outcomes(kinds, key)
    helpful = _helpful(votes, key)
    return {
        value: GroupCounts(
            conversations=sum(counts.model_dump().values()),
            outcomes=counts,
            helpful=helpful.get(value, Helpful()),
        )
        for value, counts in sorted(outcomes.items())
    }


def _per_day(convs: Iterable[_Conversation]) -> list[Day]:
    days: dict[int, Counter[str]] = defaultdict(Counter)
    for c in convs:
        days[int(c.started // 86_400)][c.channel] += 1  # UTC days
    return [
        Day(day=iso(d * 86_400)[:10], channels=dict(sorted(k.items())))
        for d, k in sorted(days.items())
    ]


def _time_to_answer(convs: Iterable[_Conversation]) -> TimeToAnswer:
    waits = sorted(c.first_answer - c.started for c in convs if c.first_answer is not None)
    if not waits:
        return TimeToAnswer(count=0, median=None, p90=None)
    p90 = waits[min(len(waits) - 1, max(0, -(-9 * len(waits) // 10) - 1))]  # nearest rank
    return TimeToAnswer(
        count=len(waits), median=round(statistics.median(waits), 3), p90=round(p90, 3)
    )


def _misread(texts: Iterable[KeptText], convs: dict[str, _Conversation]) -> list[Misread]:
    found = []
    for t in texts:
        c = convs.get(t.conversation)
        if t.role != "misread" or c is None:
            continue
        found.append((t.at, Misread(text=t.text, at=iso(t.at), locale=c.locale, channel=c.channel)))
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [m for _, m in found]


def _cells(kinds: Counter[tuple[_Kind, str]]) -> list[Cell]:
    counts: Counter[tuple[str, str, str]] = Counter()
    for (kind, outcome), n in kinds.items():
        counts[(kind[1], kind[0], outcome)] += n
    return [
        Cell(channel=ch, locale=lo, outcome=out, count=n)
        for (ch, lo, out), n in sorted(counts.items())
    ]


def read(
    log: EventLog, *, since: float, now: float, session_ttl: float, errors: int = 0
) -> Analytics:
    """The period's analytics, read from the event log."""
    return summarize(
        log.events(since),
        log.texts(since, now),
        since=since,
        now=now,
        session_ttl=session_ttl,
        errors=errors,
    )


def as_json(analytics: Analytics) -> dict[str, Any]:
    return analytics.model_dump(mode="json")
