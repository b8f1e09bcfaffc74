"""Rules on the walk: reachability, dead ends, loops with no way out, branch defaults."""

from __future__ import annotations

from tests.kb.kbcopy import KBCopy

GRAPH = "kb/graph/main.yaml"


def test_unreachable_node(kb_copy: KBCopy) -> None:
    kb_copy.append(
        GRAPH,
        "\n- id: a_lonely\n  kind: answer\n  recommend: [{code: keep_gc_on}]\n  cites: [faq]\n",
    )
    problem = kb_copy.only("unreachable-node")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: a_lonely"))
    assert "'a_lonely' cannot be reached from the start node 'start'" in problem.message


def test_dead_end(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "  next: a_done", "  next: nowhere")
    found = kb_copy.problems("dead-end")
    assert [(p.file, p.line) for p in found] == [
        ("graph/main.yaml", kb_copy.line(GRAPH, "id: q_goal")),
        ("graph/main.yaml", kb_copy.line(GRAPH, "id: q_batch")),
    ]
    assert "no answer can be reached from node 'q_batch'" in found[1].message


def test_trapped_cycle_is_reported_once(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "  next: a_done", "  next: q_goal")
    problem = kb_copy.only("trapped-cycle")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: q_goal"))
    assert "'q_batch', 'q_goal' form a loop with no way out" in problem.message
    assert kb_copy.problems("dead-end") == []


def test_self_loop_is_a_trapped_cycle(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "  next: a_done", "  next: q_batch")
    problem = kb_copy.only("trapped-cycle")
    assert problem.line == kb_copy.line(GRAPH, "id: q_batch")


def test_loop_with_an_exit_still_spins(kb_copy: KBCopy) -> None:
    kb_copy.append(
        GRAPH,
        "- id: b_again\n  kind: branch\n"
        "  cases: [{when: {fact: gc, known: true}, goto: q_goal}]\n  default: a_done\n",
    )
    kb_copy.edit(GRAPH, "  next: a_done", "  next: b_again")
    problem = kb_copy.only("cycle")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: q_goal"))
    assert "'b_again', 'q_batch', 'q_goal' form a loop that a walk can go round" in problem.message
    assert kb_copy.problems("trapped-cycle") == []


def test_answer_then_question_is_no_loop(kb_copy: KBCopy) -> None:
    kb_copy.edit(
        GRAPH, "    - code: outside_guide\n", "    - code: outside_guide\n  then: q_goal\n"
    )
    assert kb_copy.validate().ok


def test_branch_without_default(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "  default: q_goal\n", "")
    problem = kb_copy.only("missing-default")
    assert (problem.file, problem.line) == ("graph/main.yaml", 1)
    assert "branch 'start' has no default" in problem.message


def test_gates_that_refer_to_each_other(kb_copy: KBCopy) -> None:
    kb_copy.append("kb/gates.yaml", "- id: calm\n  when: {gate: steady}\n")
    kb_copy.append("kb/gates.yaml", "- id: steady\n  when: {not: {gate: calm}}\n")
    problem = kb_copy.only("gate-cycle")
    assert (problem.file, problem.line) == ("gates.yaml", kb_copy.line("kb/gates.yaml", "id: calm"))
    assert "refer to each other" in problem.message
