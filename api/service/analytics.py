"""What the support team sees: the event log summed up over a period.

A conversation counts in a period when it started in it. Its outcome: ``outside_guide`` when an
answer it was shown said the situation is outside the guide, ``answered`` when it was shown any
other answer, else ``abandoned`` when it went quiet for longer than the session lives (it cannot
be taken up again) and ``open`` while it still can. The funnel counts, for each question node,
the conversations it was asked in (``reached``), those that moved past it (``answered``), and
those that stopped there and went quiet (``abandoned``) or may still go on (``open``).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
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


@dataclass
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
    convs, advice, nodes, restarts, misread_count = _fold(events)
    quiet = {cid for cid, c in convs.items() if now - c.last > session_ttl}
    outcome_of = {cid: _outcome(c, cid in quiet) for cid, c in convs.items()}
    return Analytics(
        since=iso(since),
        until=iso(now),
        conversations=len(convs),
        outcomes=_outcomes(outcome_of.values()),
        helpful=_helpful(convs.values()),
        funnel=_funnel(convs, quiet),
        by={g: _split(convs, outcome_of, g) for g in GROUPS},
        per_day=_per_day(convs.values()),
        advice=[AdviceCount(code=c, count=n) for c, n in advice.most_common()],
        time_to_first_answer=_time_to_answer(convs.values()),
        restarts=restarts,
        misread_messages=misread_count,
        misread=_misread(texts, convs),
        answers_by_node=dict(nodes.most_common()),
        cells=_cells(convs, outcome_of),
        event_log_errors=errors,
    )


def _fold(
    events: Iterable[Event],
) -> tuple[dict[str, _Conversation], Counter[str], Counter[str], int, int]:
    """One pass over the events: each conversation started in the period, and the totals."""
    convs: dict[str, _Conversation] = {}
    advice: Counter[str] = Counter()
    nodes: Counter[str] = Counter()
    restarts = misread = 0
    for e in events:
        if e.kind == "started":
            d = e.data
            convs[e.conversation] = _Conversation(e.at, d["channel"], d["locale"], d["kb"], e.at)
            misread += bool(d.get("misread"))
            continue
        c = convs.get(e.conversation)
        if c is None:
            continue  # started before the period
        c.last = max(c.last, e.at)
        kind, d = e.kind, e.data
        if kind == "asked":
            c.asked.append((d["node"], d["fact"]))
            c.pending = d["node"]
        elif kind == "answer":
            if c.first_answer is None:
                c.first_answer = e.at
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


def _outcomes(outcomes: Iterable[str]) -> Outcomes:
    return Outcomes(**Counter(outcomes))


def _helpful(convs: Iterable[_Conversation]) -> Helpful:
    yes = no = 0
    for c in convs:
        yes += c.yes
        no += c.no
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
    convs: dict[str, _Conversation], outcome_of: dict[str, str], group: str
) -> dict[str, GroupCounts]:
    attribute = "kb" if group == "kb_version" else group
    members: dict[str, list[str]] = defaultdict(list)
    for cid, c in convs.items():
        members[getattr(c, attribute)].append(cid)
    return {
        key: GroupCounts(
            conversations=len(ids),
            outcomes=_outcomes(outcome_of[i] for i in ids),
            helpful=_helpful(convs[i] for i in ids),
        )
        for key, ids in sorted(members.items())
    }


def _per_day(convs: Iterable[_Conversation]) -> list[Day]:
    days: dict[str, Counter[str]] = defaultdict(Counter)
    for c in convs:
        days[iso(c.started)[:10]][c.channel] += 1
    return [Day(day=d, channels=dict(sorted(k.items()))) for d, k in sorted(days.items())]


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


def _cells(convs: dict[str, _Conversation], outcome_of: dict[str, str]) -> list[Cell]:
    counts = Counter((c.channel, c.locale, outcome_of[cid]) for cid, c in convs.items())
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
