"""Rules on facts: what questions ask and offer, what conditions test, what implications set."""

from __future__ import annotations

import pytest

from tests.kb.kbcopy import KBCopy

GRAPH = "kb/graph/main.yaml"
GOAL_OPTIONS = "options: [fix_oom, speed, quality, explain]"


def test_question_on_an_unknown_fact(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "fact: goal", "fact: gaol")
    problem = kb_copy.only("question-unknown-fact")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: q_goal"))
    assert "asks for 'gaol', which is not a contract fact" in problem.message
    assert problem.hint == "did you mean 'goal'?"


def test_option_outside_the_values(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, GOAL_OPTIONS, "options: [fix_oom, sped, quality, explain]")
    problem = kb_copy.only("option-unknown-value")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: q_goal"))
    assert "offers 'sped', not a value of 'goal'" in problem.message
    assert problem.hint == "did you mean 'speed'?"


def test_options_that_leave_a_value_out(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, GOAL_OPTIONS, "options: [fix_oom, speed, quality]")
    problem = kb_copy.only("options-incomplete")
    assert problem.line == kb_copy.line(GRAPH, "id: q_goal")
    assert "'q_goal' does not offer 'explain'" in problem.message


def test_oom_phase_need_not_offer_none(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "fact: goal", "fact: oom_phase")
    kb_copy.edit(
        GRAPH, GOAL_OPTIONS, "options: [loading, first_steps, sampling, bucket_spike, later]"
    )
    assert kb_copy.problems("options-incomplete") == []
    assert kb_copy.problems("option-unknown-value") == []


@pytest.mark.parametrize(
    ("options", "rule", "words"),
    [
        ('["true"]', "options-incomplete", "does not offer 'false'"),
        ('["yes", "no", "true", "false"]', "option-unknown-value", "offers 'yes'"),
    ],
)
def test_bool_questions_offer_true_and_false(
    kb_copy: KBCopy, options: str, rule: str, words: str
) -> None:
    kb_copy.edit(GRAPH, "fact: goal", "fact: low_vram")
    kb_copy.edit(GRAPH, GOAL_OPTIONS, f"options: {options}")
    assert any(words in p.message for p in kb_copy.problems(rule))


def test_number_question_with_options(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "  fact: batch_size\n", '  fact: batch_size\n  options: ["1", "2"]\n')
    problem = kb_copy.only("options-on-number")
    assert problem.line == kb_copy.line(GRAPH, "id: q_batch")
    assert "asks for the number 'batch_size' but lists options" in problem.message


def test_condition_on_an_unknown_fact(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "{fact: gc, is: disabled}", "{fact: gcc, is: disabled}")
    problem = kb_copy.only("condition-unknown-fact")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: a_done"))
    assert "recommendation 'enable_gc' of 'a_done' tests 'gcc'" in problem.message
    assert problem.hint == "did you mean 'gc'?"


def test_nested_condition_in_a_gate(kb_copy: KBCopy) -> None:
    kb_copy.edit(
        "kb/gates.yaml",
        '{fact: stable_with_gc, is: "yes"}',
        '{not: {any: [{fact: stable_with_gc, is: "yes"}, {fact: vram, gte: 24}]}}',
    )
    problem = kb_copy.only("condition-unknown-fact")
    assert (problem.file, problem.line) == ("gates.yaml", 1)
    assert "gate 'stable' tests 'vram'" in problem.message
    assert problem.hint == "did you mean 'vram_gb'?"


@pytest.mark.parametrize(
    ("condition", "words", "hint"),
    [
        ("{fact: gc, is: disabld}", "compares 'gc' with 'disabld': not one of its values",
         "did you mean 'disabled'?"),
        ("{fact: gc, in: [enabled, disbled]}", "compares 'gc' with 'disbled'",
         "did you mean 'disabled'?"),
        ('{fact: low_vram, is: "true"}', "not a boolean", ""),
        ('{fact: batch_size, is: "two"}', "not a number", ""),
        ("{fact: resolutions, is: 1024}", "a list fact", ""),
    ],
)  # fmt: skip
def test_condition_value_outside_the_fact(
    kb_copy: KBCopy, condition: str, words: str, hint: str
) -> None:
    kb_copy.edit(GRAPH, "{fact: gc, is: disabled}", condition)
    problem = kb_copy.only("condition-bad-value")
    assert problem.line == kb_copy.line(GRAPH, "id: a_done")
    assert words in problem.message
    assert problem.hint == hint


@pytest.mark.parametrize(
    ("condition", "words"),
    [
        ("{fact: gc, gt: 1}", "compares 'gc' by size, but it is a enum fact"),
        ("{fact: batch_size, size_gt: 1}", "uses size_gt on 'batch_size', which is not a list"),
    ],
)
def test_numeric_test_on_a_fact_that_is_no_number(
    kb_copy: KBCopy, condition: str, words: str
) -> None:
    kb_copy.edit(GRAPH, "{fact: gc, is: disabled}", condition)
    problem = kb_copy.only("condition-not-numeric")
    assert problem.line == kb_copy.line(GRAPH, "id: a_done")
    assert words in problem.message


def test_unknown_signal(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "{signal: dev_shm}", "{signal: dev_shn}")
    problem = kb_copy.only("condition-unknown-signal")
    assert (problem.file, problem.line) == ("graph/main.yaml", 1)
    assert "case 1 of 'start' tests the signal 'dev_shn'" in problem.message
    assert problem.hint == "did you mean 'dev_shm'?"


def test_unknown_gate(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "{gate: stable}", "{gate: stabel}")
    problem = kb_copy.only("condition-unknown-gate")
    assert (problem.file, problem.line) == ("graph/main.yaml", 1)
    assert "case 2 of 'start' tests the gate 'stabel'" in problem.message
    assert problem.hint == "did you mean 'stable'?"


def test_condition_in_the_risk_table(kb_copy: KBCopy) -> None:
    kb_copy.edit(
        "kb/risk.yaml",
        "level: medium\n      when: {fact: gc, is: disabled}\n      reason: risk.video",
        "level: medium\n      when: {fact: gc, is: off}\n      reason: risk.video",
    )
    found = kb_copy.validate().problems
    rules = {p.rule for p in found}
    assert {"yaml-1.1-boolean", "condition-bad-value"} <= rules
    bad = next(p for p in found if p.rule == "condition-bad-value")
    assert (bad.file, bad.line) == ("risk.yaml", kb_copy.line("kb/risk.yaml", "family: video"))
    assert "rule 1 of 'video' compares 'gc' with False" in bad.message


@pytest.mark.parametrize(
    ("assignment", "words", "hint"),
    [
        ("{gcc: enabled}", "sets 'gcc', which is not a contract fact", "did you mean 'gc'?"),
        ("{gc: enabeld}", "sets 'gc' to 'enabeld': not one of its values",
         "did you mean 'enabled'?"),
    ],
)  # fmt: skip
def test_implication_sets_an_unknown_fact_or_value(
    kb_copy: KBCopy, assignment: str, words: str, hint: str
) -> None:
    kb_copy.edit("kb/implications.yaml", "{gc: enabled}", assignment)
    problem = kb_copy.only("implication-set")
    assert (problem.file, problem.line) == ("implications.yaml", 1)
    assert words in problem.message
    assert problem.hint == hint


def test_a_kept_goal_that_is_not_a_goal(kb_copy: KBCopy) -> None:
    kb_copy.write("kb/goals.yaml", "- goal: fix_om\n")
    problem = kb_copy.only("kept-goal-unknown-value")
    assert (problem.file, problem.line) == ("goals.yaml", 1)
    assert "keeps the goal 'fix_om'" in problem.message
    assert problem.hint == "did you mean 'fix_oom'?"


def test_the_exception_to_a_kept_goal_is_checked_like_any_condition(kb_copy: KBCopy) -> None:
    kb_copy.write("kb/goals.yaml", "- goal: fix_oom\n  unless: {fact: gc_rety, is: fixed}\n")
    problem = kb_copy.only("condition-unknown-fact")
    assert (problem.file, problem.line) == ("goals.yaml", 1)
    assert "the exception to keeping 'fix_oom'" in problem.message


def test_a_topic_condition_is_checked_like_any_condition(kb_copy: KBCopy) -> None:
    kb_copy.write("kb/topics.yaml", "- id: system_memory\n  when: {fact: memory_kind, is: host}\n")
    problem = kb_copy.only("condition-bad-value")
    assert (problem.file, problem.line) == ("topics.yaml", 1)
    assert "topic 'system_memory'" in problem.message


def test_a_parameter_condition_is_checked_like_any_condition(kb_copy: KBCopy) -> None:
    kb_copy.append(
        "kb/advice.yaml",
        "- code: gated\n  params:\n    n: {op: value, value: 1, when: {fact: goall, is: speed}}\n",
    )
    problems = kb_copy.problems("condition-unknown-fact")
    assert any("param 'n' of 'gated'" in p.message for p in problems), problems


@pytest.mark.parametrize(
    ("entry", "words", "hint"),
    [
        ("- fact: oom_phse\n", "'fact' names 'oom_phse'", "did you mean 'oom_phase'?"),
        (
            "- fact: oom_phase\n  besides: [goal, gc_rety]\n",
            "'besides' of 'oom_phase' names 'gc_rety'",
            "did you mean 'gc_retry'?",
        ),
    ],
    ids=["fact", "besides"],
)
def test_an_unasked_fact_that_is_not_a_fact(
    kb_copy: KBCopy, entry: str, words: str, hint: str
) -> None:
    kb_copy.write("kb/unasked.yaml", "# read unasked\n" + entry)
    problem = kb_copy.only("unasked-unknown-fact")
    assert (problem.file, problem.line) == ("unasked.yaml", 2)
    assert f"{words}, which is not a contract fact" in problem.message
    assert problem.hint == hint


def test_the_condition_for_an_unasked_fact_is_checked_like_any_condition(
    kb_copy: KBCopy,
) -> None:
    kb_copy.write("kb/unasked.yaml", "- fact: oom_phase\n  when: {fact: goal, is: fix_om}\n")
    problem = kb_copy.only("condition-bad-value")
    assert (problem.file, problem.line) == ("unasked.yaml", 1)
    assert "the condition for reading 'oom_phase' unasked" in problem.message


def test_an_unasked_entry_with_an_unknown_key(kb_copy: KBCopy) -> None:
    kb_copy.write("kb/unasked.yaml", "- fact: oom_phase\n  beside: [goal]\n")
    problem = kb_copy.only("schema")
    assert (problem.file, problem.line) == ("unasked.yaml", 2)
    assert "beside" in problem.message
