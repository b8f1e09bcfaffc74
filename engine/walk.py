"""Walking the decision graph from the start with the facts known so far.

Every turn walks from the start again: a reply that fills several facts at once simply lets the
walk pass more questions, and the walk is a pure function of the facts. The KB is checked
acyclic-with-exits at load, and the step bound below makes a broken KB stop rather than spin.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass, field

from engine.models import TraceStep
from kb.conditions import Condition, FactTest, compile_condition, compile_gates
from kb.contract import FactValue
from kb.schema import AnswerNode, BranchNode, KnowledgeBase, QuestionNode

GraphNode = BranchNode | QuestionNode | AnswerNode


@dataclass(frozen=True)
class Walk:
    stop: QuestionNode | AnswerNode
    follow_up: QuestionNode | None
    path: tuple[str, ...]
    trace: tuple[TraceStep, ...]
    missing: tuple[QuestionNode, ...] = ()


@dataclass(frozen=True)
class _Case:
    """A branch case ready to test, with the trace line it writes when it holds."""

    test: FactTest
    goto: str
    step: TraceStep


@dataclass(frozen=True)
class _Branch:
    cases: tuple[_Case, ...]
    default: TraceStep

    @classmethod
    def of(cls, node: BranchNode, gates: Mapping[str, FactTest]) -> _Branch:
        cases = tuple(
            _Case(
                compile_condition(case.when, gates),
                case.goto,
                TraceStep(step="branch", node=node.id, goto=case.goto, reason=f"case {i} holds"),
            )
            for i, case in enumerate(node.cases, 1)
        )
        default = TraceStep(step="branch", node=node.id, goto=node.default or "", reason="default")
        return cls(cases, default)


MAX_SKIP_LINES = 4096  # skip lines remembered: a node times a reason, the source of a fact


@dataclass(frozen=True)
class _Lines:
    """What a walk needs per node, made once: branch cases compiled, and the trace lines, which
    are the same on every walk through a node (a trace line costs more to build than to find)."""

    branches: Mapping[str, _Branch]
    asks: Mapping[str, TraceStep]
    answers: Mapping[str, TraceStep]
    skips: dict[tuple[str, str], TraceStep] = field(default_factory=dict)  # met on walks

    @classmethod
    def of(cls, kb: KnowledgeBase, gates: Mapping[str, FactTest]) -> _Lines:
        return cls(
            branches={n.id: _Branch.of(n, gates) for n in kb.nodes if isinstance(n, BranchNode)},
            asks={
                n.id: TraceStep(step="ask", fact=n.fact, node=n.id)
                for n in kb.nodes
                if isinstance(n, QuestionNode)
            },
            answers={
                n.id: TraceStep(step="answer", node=n.id)
                for n in kb.nodes
                if isinstance(n, AnswerNode)
            },
        )

    def skip(self, node: QuestionNode, reason: str) -> TraceStep:
        line = self.skips.get((node.id, reason))
        if line is None:
            line = TraceStep(step="skip", fact=node.fact, node=node.id, reason=reason)
            if len(self.skips) < MAX_SKIP_LINES:
                self.skips[(node.id, reason)] = line
        return line


@dataclass
class _Walker:
    nodes: Mapping[str, GraphNode]
    lines: _Lines
    facts: Mapping[str, FactValue]
    sources: Mapping[str, str]
    signals: Set[str]
    unknown: Set[str]
    diagnose: bool  # a diagnosis never stops to ask: it notes the question and goes on
    path: list[str] = field(default_factory=list)
    trace: list[TraceStep] = field(default_factory=list)
    missing: list[QuestionNode] = field(default_factory=list)

    def askable(self, node: QuestionNode) -> bool:
        return node.fact not in self.facts and node.fact not in self.unknown

    def skip(self, node: QuestionNode) -> str:
        if node.fact in self.facts:
            source = self.sources.get(node.fact, "known")
            reason = f"known from {source}"
        elif node.fact in self.unknown:
            reason = "left unknown after unclear replies"
        else:
            self.missing.append(node)
            reason = "not known; a diagnosis asks nothing"
        self.trace.append(self.lines.skip(node, reason))
        return node.next

    def branch(self, node: BranchNode) -> str:
        branch = self.lines.branches[node.id]
        for case in branch.cases:
            if case.test(self.facts, self.signals):
                self.trace.append(case.step)
                return case.goto
        self.trace.append(branch.default)
        return node.default or ""

    def run(self, start: str) -> Walk:
        current = start
        for _ in range(len(self.nodes) + 1):
            node = self.nodes[current]
            self.path.append(node.id)
            if isinstance(node, BranchNode):
                current = self.branch(node)
            elif isinstance(node, QuestionNode):
                if self.askable(node) and not self.diagnose:
                    self.trace.append(self.lines.asks[node.id])
                    return self.result(node, None)
                current = self.skip(node)
            else:
                follow = self.nodes.get(node.then or "")
                if isinstance(follow, QuestionNode) and self.askable(follow):
                    self.trace.append(self.lines.answers[node.id])
                    if self.diagnose:
                        self.missing.append(follow)
                    else:
                        self.trace.append(self.lines.asks[follow.id])
                    return self.result(node, follow)
                if node.then is None:
                    self.trace.append(self.lines.answers[node.id])
                    return self.result(node, None)
                current = node.then
        raise RuntimeError(f"the walk did not end within {len(self.nodes)} steps")

    def result(self, stop: QuestionNode | AnswerNode, follow: QuestionNode | None) -> Walk:
        return Walk(stop, follow, tuple(self.path), tuple(self.trace), tuple(self.missing))


@dataclass(frozen=True)
class Graph:
    """The KB's nodes indexed once, ready to walk."""

    kb: KnowledgeBase
    nodes: Mapping[str, GraphNode]
    gates: Mapping[str, Condition]
    lines: _Lines

    @classmethod
    def of(cls, kb: KnowledgeBase) -> Graph:
        gates = {g.id: g.when for g in kb.gates}
        lines = _Lines.of(kb, compile_gates(gates))
        return cls(kb, {n.id: n for n in kb.nodes}, gates, lines)

    def walk(
        self,
        facts: Mapping[str, FactValue],
        *,
        sources: Mapping[str, str] | None = None,
        signals: Set[str] = frozenset(),
        unknown: Set[str] = frozenset(),
        diagnose: bool = False,
    ) -> Walk:
        walker = _Walker(self.nodes, self.lines, facts, sources or {}, signals, unknown, diagnose)
        return walker.run(self.kb.start)
