"""What the report of the simulated week must say, worked out from what the driver did, and the
report's JSON put in the same shape."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import UTC, datetime
from typing import Any

from tests.api.week.mix import Driven

MIN_VOTES = 10
OUTCOMES = ("answered", "outside_guide", "abandoned", "open")


def _rate(yes: int, no: int) -> float | None:
    return round(yes / (yes + no), 4) if yes + no >= MIN_VOTES else None


def _outcomes(convs: list[Driven]) -> dict[str, int]:
    counted = Counter(c.outcome for c in convs)
    return {o: counted[o] for o in OUTCOMES}


def _helpful(convs: list[Driven]) -> dict[str, Any]:
    yes = sum(v for c in convs for v in c.votes)
    no = sum(not v for c in convs for v in c.votes)
    return {"yes": yes, "no": no, "rate": _rate(yes, no)}


def _funnel(convs: list[Driven]) -> dict[str, dict[str, Any]]:
    funnel: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for c in convs:
        for node, fact in dict.fromkeys(c.asked):
            step = funnel[(node, fact)]
            step["reached"] += 1
            if node != c.pending:
                step["answered"] += 1
            else:
                step["open" if c.stays_open else "abandoned"] += 1
    return {
        node: {"fact": fact, **{k: n[k] for k in ("reached", "answered", "abandoned", "open")}}
        for (node, fact), n in funnel.items()
    }


def _by(convs: list[Driven]) -> dict[str, dict[str, Any]]:
    by: dict[str, dict[str, Any]] = {}
    for group, attribute in (("locale", "locale"), ("channel", "channel"), ("kb_version", "kb")):
        members: dict[str, list[Driven]] = defaultdict(list)
        for c in convs:
            members[getattr(c, attribute)].append(c)
        by[group] = {
            key: {"conversations": len(m), "outcomes": _outcomes(m), "helpful": _helpful(m)}
            for key, m in sorted(members.items())
        }
    return by


def _per_day(convs: list[Driven]) -> list[dict[str, Any]]:
    days: dict[str, Counter[str]] = defaultdict(Counter)
    for c in convs:
        days[datetime.fromtimestamp(c.started_at, UTC).date().isoformat()][c.channel] += 1
    return [{"day": d, "channels": dict(sorted(n.items()))} for d, n in sorted(days.items())]


def truth(convs: list[Driven]) -> dict[str, Any]:
    cells = Counter((c.channel, c.locale, c.outcome) for c in convs)
    return {
        "conversations": len(convs),
        "outcomes": _outcomes(convs),
        "helpful": _helpful(convs),
        "funnel": _funnel(convs),
        "by": _by(convs),
        "per_day": _per_day(convs),
        "advice": dict(Counter(code for c in convs for _, codes in c.answers for code in codes)),
        "answers_by_node": dict(Counter(node for c in convs for node, _ in c.answers)),
        "cells": {f"{ch}/{lo}/{out}": n for (ch, lo, out), n in cells.items()},
        "time_count": sum(c.first_answer_at is not None for c in convs),
        "restarts": sum(c.restarted for c in convs),
        "misread_messages": sum(c.misread for c in convs),
        "misread": Counter((c.opening, c.locale, c.channel) for c in convs if c.misread),
    }


def comparable(data: dict[str, Any]) -> dict[str, Any]:
    """The report's JSON in the shape of ``truth``: lists whose order the truth does not fix
    become mappings or counters."""
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
