"""The shape of the walk: every node reachable, every path able to end in an answer."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from kb.checks.context import GATES_FILE, CheckContext, Node
from kb.problems import Problem
from kb.schema import AnswerNode, BranchNode


def _place(node: Node) -> tuple[str, int]:
    return node.file, node.line


def unreachable_node(ctx: CheckContext) -> Iterator[Problem]:
    # Without a valid start every node would be flagged; unknown-node already says why.
    if not ctx.reachable:
        return
    for node_id, node in ctx.nodes.items():
        if node_id not in ctx.reachable:
            yield Problem(
                *_place(node),
                "unreachable-node",
                f"node {node_id!r} cannot be reached from the start node {ctx.kb.start!r}",
                "route a case, default, next or then to it, or remove it",
            )


def _loops(graph: nx.DiGraph) -> list[tuple[set[str], bool]]:
    """Strongly connected components that loop, each with whether an edge leaves it."""
    loops = []
    for component in nx.strongly_connected_components(graph):
        if len(component) > 1 or any(graph.has_edge(n, n) for n in component):
            leaves = any(t not in component for n in component for t in graph.successors(n))
            loops.append((set(component), leaves))
    return loops


def _trapped_cycles(graph: nx.DiGraph) -> list[set[str]]:
    return [component for component, leaves in _loops(graph) if not leaves]


def _loop_problem(
    ctx: CheckContext, component: set[str], rule: str, what: str, hint: str
) -> Problem:
    first = min((ctx.nodes[n] for n in component), key=_place)
    members = ", ".join(repr(n) for n in sorted(component))
    return Problem(*_place(first), rule, f"the nodes {members} form a loop {what}", hint)


def trapped_cycle(ctx: CheckContext) -> Iterator[Problem]:
    for component in _trapped_cycles(ctx.graph):
        hint = "give one of them a case or default that leaves the loop towards an answer"
        yield _loop_problem(ctx, component, "trapped-cycle", "with no way out", hint)


def cycle(ctx: CheckContext) -> Iterator[Problem]:
    """Even a loop with an exit spins: every turn walks from the start with the same facts, so a
    branch that did not leave the loop the first time round makes the same choice again."""
    for component, leaves in _loops(ctx.graph):
        if leaves:
            hint = "break the loop: route the edge that comes back to a node further on"
            yield _loop_problem(ctx, component, "cycle", "that a walk can go round forever", hint)


def dead_end(ctx: CheckContext) -> Iterator[Problem]:
    answers = [n.id for n in ctx.nodes.values() if isinstance(n, AnswerNode)]
    ending = set(answers).union(*(nx.ancestors(ctx.graph, a) for a in answers))
    # Nodes inside a trapped loop are reported once, by trapped_cycle.
    trapped = set().union(*_trapped_cycles(ctx.graph))
    for node_id, node in ctx.nodes.items():
        if node_id not in ending and node_id not in trapped:
            yield Problem(
                *_place(node),
                "dead-end",
                f"no answer can be reached from node {node_id!r}",
                "make every path from it end in an answer node",
            )


def missing_default(ctx: CheckContext) -> Iterator[Problem]:
    for node in ctx.kb.nodes:
        if isinstance(node, BranchNode) and node.default is None:
            yield Problem(
                *_place(node),
                "missing-default",
                f"branch {node.id!r} has no default",
                "add 'default: <node id>' for when no case holds",
            )


def gate_cycle(ctx: CheckContext) -> Iterator[Problem]:
    """A gate that reaches itself through other gates would recurse forever when evaluated."""
    reads = nx.DiGraph()
    for gate in ctx.kb.gates:
        reads.add_node(gate.id)
        reads.add_edges_from((gate.id, other) for other in gate.when.gates_read())
    lines = {gate.id: gate.line for gate in ctx.kb.gates}
    for cycle in nx.simple_cycles(reads):
        first = min(cycle, key=lambda g: lines.get(g, 0))
        yield Problem(
            GATES_FILE,
            lines.get(first, 0),
            "gate-cycle",
            f"the gates {' -> '.join(repr(g) for g in [*cycle, cycle[0]])} refer to each other",
            "write one of them out with facts instead of gates",
        )
