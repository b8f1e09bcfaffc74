"""Walking the decision graph from the start with the facts known so far.

Every turn walks from the start again: a reply that fills several facts at once simply lets the
walk pass more questions, and the walk is a pure function of the facts. The KB is checked
acyclic-with-exits at load, and the step bound below makes a broken KB stop rather than spin.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass, field

from engine.models import TraceStep
from kb.conditions import Condition
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


@dataclass
class _Walker:
    nodes: Mapping[str, GraphNode]
    gates: Mapping[str, Condition]
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
        self.trace.append(TraceStep(step="skip", fact=node.fact, node=node.id, reason=reason))
        return node.next

    def branch(self, node: BranchNode) -> str:
        for i, case in enumerate(node.cases, 1):
            if case.when.holds(self.facts, self.signals, self.gates):
                self.note_branch(node, case.goto, f"case {i} holds")
                return case.goto
        self.note_branch(node, node.default or "", "default")
        return node.default or ""

    def note_branch(self, node: BranchNode, goto: str, reason: str) -> None:
        self.trace.append(TraceStep(step="branch", node=node.id, goto=goto, reason=reason))

    def ask(self, node: QuestionNode) -> None:
        self.trace.append(TraceStep(step="ask", fact=node.fact, node=node.id))

    def answer(self, node: AnswerNode) -> None:
        self.trace.append(TraceStep(step="answer", node=node.id))

    def run(self, start: str) -> Walk:
        current = start
        for _ in range(len(self.nodes) + 1):
            node = self.nodes[current]
            self.path.append(node.id)
            if isinstance(node, BranchNode):
                current = self.branch(node)
            elif isinstance(node, QuestionNode):
                if self.askable(node) and not self.diagnose:
                    self.ask(node)
                    return self.result(node, None)
                current = self.skip(node)
            else:
                follow = self.nodes.get(node.then or "")
                if isinstance(follow, QuestionNode) and self.askable(follow):
                    self.answer(node)
                    if self.diagnose:
                        self.missing.append(follow)
                    else:
                        self.ask(follow)
                    return self.result(node, follow)
                if node.then is None:
                    self.answer(node)
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

    @classmethod
    def of(cls, kb: KnowledgeBase) -> Graph:
        gates = {g.id: g.when for g in kb.gates}
        return cls(kb, {n.id: n for n in kb.nodes}, gates)

    def walk(
        self,
        facts: Mapping[str, FactValue],
        *,
        sources: Mapping[str, str] | None = None,
        signals: Set[str] = frozenset(),
        unknown: Set[str] = frozenset(),
        diagnose: bool = False,
    ) -> Walk:
        walker = _Walker(self.nodes, self.gates, facts, sources or {}, signals, unknown, diagnose)
        return walker.run(self.kb.start)
