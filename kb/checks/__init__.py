"""The KB's rules: small named checks over the loaded KB, its graph and its locale texts.

Each rule takes a :class:`CheckContext` and yields every :class:`Problem` it finds; all rules
run, so one pass reports everything that is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from kb.checks import citations, facts, flow, ids, texts
from kb.checks.context import CheckContext
from kb.problems import Problem

Rule = Callable[[CheckContext], Iterable[Problem]]

RULES: Final[tuple[Rule, ...]] = (
    ids.missing_start,
    ids.unknown_node,
    ids.duplicate_node,
    ids.duplicate_id,
    ids.then_not_question,
    flow.unreachable_node,
    flow.dead_end,
    flow.trapped_cycle,
    flow.cycle,
    flow.missing_default,
    flow.gate_cycle,
    facts.question_unknown_fact,
    facts.option_unknown_value,
    facts.options_incomplete,
    facts.options_on_number,
    facts.condition_unknown_fact,
    facts.condition_bad_value,
    facts.condition_not_numeric,
    facts.condition_unknown_signal,
    facts.condition_unknown_gate,
    facts.implication_sets,
    facts.kept_goal_value,
    facts.unasked_unknown_fact,
    citations.answer_uncited,
    citations.unknown_section,
    citations.unknown_advice,
    citations.advice_missing,
    citations.advice_required_cite,
    citations.param_spec,
    citations.section_not_declared,
    citations.section_not_in_contract,
    citations.section_parent,
    citations.section_uncited,
    citations.risk_unknown_family,
    citations.risk_missing_family,
    citations.risk_unnamed_model_twice,
    citations.risk_text_missing,
    texts.text_missing,
    texts.text_locale_mismatch,
    texts.text_placeholders_differ,
    texts.text_unknown_variable,
    texts.text_stale,
    texts.text_syntax,
)


def run_checks(ctx: CheckContext, rules: Iterable[Rule] = RULES) -> list[Problem]:
    return [problem for rule in rules for problem in rule(ctx)]


__all__ = ["RULES", "CheckContext", "Rule", "run_checks"]
