"""The KB's nodes as a networkx graph, and its pictures (Mermaid, Graphviz dot)."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from kb.schema import AnswerNode, BranchNode, KnowledgeBase, QuestionNode

Node = BranchNode | QuestionNode | AnswerNode


def edges(node: Node) -> Iterator[tuple[str, str]]:
    """(target, label) of every edge leaving ``node``."""
    if isinstance(node, BranchNode):
        for index, case in enumerate(node.cases):
            yield case.goto, f"case {index + 1}"
        if node.default:
            yield node.default, "default"
    elif isinstance(node, QuestionNode):
        yield node.next, "next"
    elif node.then:
        yield node.then, "then"


def build_graph(kb: KnowledgeBase) -> nx.DiGraph:
    """Every node, with edges to the targets that exist (missing ones are the checks' business)."""
    graph = nx.DiGraph()
    ids = {node.id for node in kb.nodes}
    for node in kb.nodes:
        graph.add_node(node.id, kind=node.kind)
    for node in kb.nodes:
        for target, label in edges(node):
            if target in ids:
                graph.add_edge(node.id, target, label=label)
    return graph


def _shape(node: Node) -> tuple[str, str]:
    if isinstance(node, QuestionNode):
        return f'["{node.id}<br/>ask {node.fact}"]', "question"
    if isinstance(node, BranchNode):
        return f'{{"{node.id}"}}', "branch"
    codes = ", ".join(r.code for r in node.recommend)
    return f'(["{node.id}<br/>{codes}"])', "answer"


def to_mermaid(kb: KnowledgeBase) -> str:
    lines = ["flowchart TD"]
    for node in kb.nodes:
        shape, kind = _shape(node)
        lines.append(f"    {node.id}{shape}:::{kind}")
    for node in kb.nodes:
        for target, label in edges(node):
            lines.append(f"    {node.id} -->|{label}| {target}")
    lines += [
        "    classDef question fill:#e8f0fe,stroke:#1a56db",
        "    classDef branch fill:#fff7e6,stroke:#b45309",
        "    classDef answer fill:#e7f7ee,stroke:#047857",
    ]
    return "\n".join(lines) + "\n"


def to_dot(kb: KnowledgeBase) -> str:
    shapes = {"question": "box", "branch": "diamond", "answer": "ellipse"}
    lines = ["digraph oomguide {", "    rankdir=TB;"]
    for node in kb.nodes:
        label = node.id if not isinstance(node, QuestionNode) else f"{node.id}\\nask {node.fact}"
        lines.append(f'    "{node.id}" [shape={shapes[node.kind]}, label="{label}"];')
    for node in kb.nodes:
        for target, label in edges(node):
            lines.append(f'    "{node.id}" -> "{target}" [label="{label}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"
