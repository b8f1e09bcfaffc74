"""Rules on names: node references, the start node, duplicate ids."""

from __future__ import annotations

import pytest

from tests.kb.kbcopy import KBCopy

GRAPH = "kb/graph/main.yaml"


def test_unknown_next_names_the_close_node(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "next: q_batch", "next: q_bacth")
    problem = kb_copy.only("unknown-node")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: q_goal"))
    assert "next of 'q_goal' goes to 'q_bacth'" in problem.message
    assert problem.hint == "did you mean 'q_batch'?"


def test_unknown_start_node(kb_copy: KBCopy) -> None:
    kb_copy.write("kb/start.yaml", "# where walks begin\nstart: strat\n")
    problem = kb_copy.only("unknown-node")
    assert (problem.file, problem.line) == ("start.yaml", 2)
    assert "start node 'strat' does not exist" in problem.message
    assert problem.hint == "did you mean 'start'?"


def test_missing_start(kb_copy: KBCopy) -> None:
    kb_copy.write("kb/start.yaml", "# nothing here yet\n")
    problem = kb_copy.only("missing-start")
    assert (problem.file, problem.line) == ("start.yaml", 1)
    assert "no start node" in problem.message


def test_duplicate_node_reports_both_places(kb_copy: KBCopy) -> None:
    kb_copy.append(GRAPH, "\n- id: q_batch\n  kind: question\n  fact: batch_size\n  next: a_done\n")
    first = kb_copy.line(GRAPH, "id: q_batch")
    second = len(kb_copy.read(GRAPH).splitlines()) - 3
    found = kb_copy.problems("duplicate-node")
    assert [(p.file, p.line) for p in found] == [
        ("graph/main.yaml", first),
        ("graph/main.yaml", second),
    ]
    assert f"also at graph/main.yaml:{second}" in found[0].message
    assert f"also at graph/main.yaml:{first}" in found[1].message


@pytest.mark.parametrize(
    ("file", "item", "kind", "name"),
    [
        ("sections.yaml", "- id: faq\n", "section", "faq"),
        (
            "advice.yaml",
            "- code: enable_gc\n  cites: [where-to-change]\n",
            "advice code",
            "enable_gc",
        ),
        ("gates.yaml", "- id: stable\n  when: {fact: gc, is: enabled}\n", "gate", "stable"),
        ("signals.yaml", "- id: dev_shm\n", "signal", "dev_shm"),
        (
            "risk.yaml",
            "- family: video\n  rules: []\n  safest: risk.video.safest\n",
            "risk family",
            "video",
        ),
    ],
)
def test_duplicate_id(kb_copy: KBCopy, file: str, item: str, kind: str, name: str) -> None:
    lines_before = len(kb_copy.read(f"kb/{file}").splitlines())
    first = kb_copy.line(f"kb/{file}", name)
    kb_copy.append(f"kb/{file}", item)
    problem = kb_copy.only("duplicate-id")
    assert (problem.file, problem.line) == (file, lines_before + 1)
    assert problem.message == f"{kind} {name!r} is declared twice (first at line {first})"


def test_then_must_be_a_question(kb_copy: KBCopy) -> None:
    kb_copy.edit(
        GRAPH, "    - code: outside_guide\n", "    - code: outside_guide\n  then: a_done\n"
    )
    problem = kb_copy.only("then-not-question")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: a_outside"))
    assert "then of 'a_outside' goes to the answer 'a_done'" in problem.message
