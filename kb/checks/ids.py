"""Names that must exist once: node ids and their references, and the ids of every other item."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from kb.checks.context import (
    ADVICE_FILE,
    GATES_FILE,
    RISK_FILE,
    SECTIONS_FILE,
    SIGNALS_FILE,
    START_FILE,
    CheckContext,
)
from kb.graph import edges
from kb.problems import Problem, did_you_mean
from kb.schema import AnswerNode, QuestionNode


def unknown_node(ctx: CheckContext) -> Iterator[Problem]:
    """Every goto/default/next/then and the start must name a node that exists."""
    known = ctx.nodes.keys()
    if ctx.kb.start and ctx.kb.start not in known:
        yield Problem(
            START_FILE,
            ctx.start_line,
            "unknown-node",
            f"the start node {ctx.kb.start!r} does not exist",
            did_you_mean(ctx.kb.start, known),
        )
    for node in ctx.kb.nodes:
        for target, label in edges(node):
            if target not in known:
                yield Problem(
                    node.file,
                    node.line,
                    "unknown-node",
                    f"{label} of {node.id!r} goes to {target!r}, which is not a node",
                    did_you_mean(target, known),
                )


def missing_start(ctx: CheckContext) -> Iterator[Problem]:
    if not ctx.kb.start:
        yield Problem(
            START_FILE,
            1,
            "missing-start",
            "no start node is named",
            "create start.yaml with 'start: <node id>'",
        )


def duplicate_node(ctx: CheckContext) -> Iterator[Problem]:
    """Both definitions are reported, each pointing at the other, since either may be the typo."""
    by_id: dict[str, list[tuple[str, int]]] = {}
    for node in ctx.kb.nodes:
        by_id.setdefault(node.id, []).append((node.file, node.line))
    for node_id, places in by_id.items():
        if len(places) < 2:
            continue
        for file, line in places:
            others = ", ".join(f"{f}:{n}" for f, n in places if (f, n) != (file, line))
            yield Problem(
                file,
                line,
                "duplicate-node",
                f"node id {node_id!r} is defined more than once (also at {others})",
                "rename one of the nodes or remove the copy",
            )


def _duplicates(file: str, kind: str, items: Iterable[tuple[str, int]]) -> Iterator[Problem]:
    first: dict[str, int] = {}
    for name, line in items:
        if name in first:
            yield Problem(
                file,
                line,
                "duplicate-id",
                f"{kind} {name!r} is declared twice (first at line {first[name]})",
                "remove one of them",
            )
        first.setdefault(name, line)


def duplicate_id(ctx: CheckContext) -> Iterator[Problem]:
    kb = ctx.kb
    yield from _duplicates(SECTIONS_FILE, "section", ((s.id, s.line) for s in kb.sections))
    yield from _duplicates(ADVICE_FILE, "advice code", ((a.code, a.line) for a in kb.advice))
    yield from _duplicates(GATES_FILE, "gate", ((g.id, g.line) for g in kb.gates))
    yield from _duplicates(SIGNALS_FILE, "signal", ((s.id, s.line) for s in kb.signals))
    yield from _duplicates(RISK_FILE, "risk family", ((r.family, r.line) for r in kb.risk_table))


def then_not_question(ctx: CheckContext) -> Iterator[Problem]:
    """An answer's follow-up is asked along with the answer, so it has to be a question."""
    for node in ctx.kb.nodes:
        if not isinstance(node, AnswerNode) or node.then is None:
            continue
        target = ctx.nodes.get(node.then)
        if target is not None and not isinstance(target, QuestionNode):
            yield Problem(
                node.file,
                node.line,
                "then-not-question",
                f"then of {node.id!r} goes to the {target.kind} {target.id!r}",
                "point then at a question node",
            )
