"""Facts as the contract defines them: what questions ask, conditions test, implications set."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from kb.checks.context import (
    GOALS_FILE,
    IMPLICATIONS_FILE,
    UNASKED_FILE,
    CheckContext,
    Located,
    walk,
)
from kb.conditions import Condition
from kb.contract import FACTS, FactSpec, FactType
from kb.problems import Problem, did_you_mean
from kb.schema import QuestionNode

# Values a question need not offer: nobody who is asking about an OOM picks "no OOM".
UNOFFERED: Final[dict[str, frozenset[str]]] = {"oom_phase": frozenset({"none"})}
BOOL_OPTIONS: Final = ("true", "false")
_NUMERIC = frozenset({FactType.INT, FactType.NUMBER, FactType.INT_LIST})


def _questions(ctx: CheckContext) -> Iterator[QuestionNode]:
    return (node for node in ctx.kb.nodes if isinstance(node, QuestionNode))


def question_unknown_fact(ctx: CheckContext) -> Iterator[Problem]:
    for node in _questions(ctx):
        if node.fact not in FACTS:
            yield Problem(
                node.file,
                node.line,
                "question-unknown-fact",
                f"question {node.id!r} asks for {node.fact!r}, which is not a contract fact",
                did_you_mean(node.fact, FACTS),
            )


def _offerable(spec: FactSpec) -> tuple[str, ...]:
    return BOOL_OPTIONS if spec.type is FactType.BOOL else spec.values


def option_unknown_value(ctx: CheckContext) -> Iterator[Problem]:
    for node in _questions(ctx):
        spec = FACTS.get(node.fact)
        if spec is None or spec.type in _NUMERIC:
            continue
        for option in node.options:
            if option not in _offerable(spec):
                yield Problem(
                    node.file,
                    node.line,
                    "option-unknown-value",
                    f"question {node.id!r} offers {option!r}, not a value of {node.fact!r}",
                    did_you_mean(option, _offerable(spec)),
                )


def options_incomplete(ctx: CheckContext) -> Iterator[Problem]:
    """A value nobody can pick is a path nobody can take; see UNOFFERED for the exceptions."""
    for node in _questions(ctx):
        spec = FACTS.get(node.fact)
        if spec is None or spec.type in _NUMERIC:
            continue
        allowed_out = UNOFFERED.get(node.fact, frozenset())
        missing = [v for v in _offerable(spec) if v not in node.options and v not in allowed_out]
        if missing:
            yield Problem(
                node.file,
                node.line,
                "options-incomplete",
                f"question {node.id!r} does not offer {', '.join(map(repr, missing))}",
                f"add them to options (values of {node.fact!r}: {', '.join(_offerable(spec))})",
            )


def options_on_number(ctx: CheckContext) -> Iterator[Problem]:
    for node in _questions(ctx):
        spec = FACTS.get(node.fact)
        if spec is not None and spec.type in _NUMERIC and node.options:
            yield Problem(
                node.file,
                node.line,
                "options-on-number",
                f"question {node.id!r} asks for the number {node.fact!r} but lists options",
                "remove options: a number question takes the number the person types",
            )


def _leaves(ctx: CheckContext) -> Iterator[tuple[Located, Condition]]:
    for located in ctx.conditions():
        for condition in walk(located.condition):
            yield located, condition


def condition_unknown_fact(ctx: CheckContext) -> Iterator[Problem]:
    for at, cond in _leaves(ctx):
        if cond.fact is not None and cond.fact not in FACTS:
            yield Problem(
                at.file,
                at.line,
                "condition-unknown-fact",
                f"{at.where} tests {cond.fact!r}, which is not a contract fact",
                did_you_mean(cond.fact, FACTS),
            )


def _bad_literal(spec: FactSpec, value: object) -> str | None:
    """Why ``value`` can never equal a value of the fact, or None when it can."""
    if spec.type is FactType.ENUM:
        return None if isinstance(value, str) and value in spec.values else "not one of its values"
    if spec.type is FactType.BOOL:
        return None if isinstance(value, bool) else "not a boolean (write true or false unquoted)"
    if spec.type in (FactType.INT, FactType.NUMBER):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return None if ok else "not a number"
    return "a list fact; compare it with gt/gte/lt/lte or size_gt"


def condition_bad_value(ctx: CheckContext) -> Iterator[Problem]:
    for at, cond in _leaves(ctx):
        spec = FACTS.get(cond.fact or "")
        if spec is None:
            continue
        literals = [cond.is_] if cond.is_ is not None else list(cond.in_ or ())
        for value in literals:
            reason = _bad_literal(spec, value)
            if reason is not None:
                yield Problem(
                    at.file,
                    at.line,
                    "condition-bad-value",
                    f"{at.where} compares {spec.name!r} with {value!r}: {reason}",
                    did_you_mean(str(value), spec.values) if spec.values else "",
                )


def condition_not_numeric(ctx: CheckContext) -> Iterator[Problem]:
    for at, cond in _leaves(ctx):
        spec = FACTS.get(cond.fact or "")
        if spec is None:
            continue
        ordered = any(b is not None for b in (cond.gt, cond.gte, cond.lt, cond.lte))
        if ordered and spec.type not in _NUMERIC:
            yield Problem(
                at.file,
                at.line,
                "condition-not-numeric",
                f"{at.where} compares {spec.name!r} by size, but it is a {spec.type} fact",
                "use is/in for a value that is not a number",
            )
        if cond.size_gt is not None and spec.type is not FactType.INT_LIST:
            yield Problem(
                at.file,
                at.line,
                "condition-not-numeric",
                f"{at.where} uses size_gt on {spec.name!r}, which is not a list",
                "size_gt counts the entries of a list fact such as 'resolutions'",
            )


def condition_unknown_signal(ctx: CheckContext) -> Iterator[Problem]:
    known = {signal.id for signal in ctx.kb.signals}
    for at, cond in _leaves(ctx):
        if cond.signal is not None and cond.signal not in known:
            yield Problem(
                at.file,
                at.line,
                "condition-unknown-signal",
                f"{at.where} tests the signal {cond.signal!r}, not declared in signals.yaml",
                did_you_mean(cond.signal, known),
            )


def condition_unknown_gate(ctx: CheckContext) -> Iterator[Problem]:
    known = {gate.id for gate in ctx.kb.gates}
    for at, cond in _leaves(ctx):
        if cond.gate is not None and cond.gate not in known:
            yield Problem(
                at.file,
                at.line,
                "condition-unknown-gate",
                f"{at.where} tests the gate {cond.gate!r}, not declared in gates.yaml",
                did_you_mean(cond.gate, known),
            )


def implication_sets(ctx: CheckContext) -> Iterator[Problem]:
    for implication in ctx.kb.implications:
        for fact, value in implication.set.items():
            spec = FACTS.get(fact)
            if spec is None:
                message = f"implication sets {fact!r}, which is not a contract fact"
                hint = did_you_mean(fact, FACTS)
            elif (reason := _bad_literal(spec, value)) is not None:
                message = f"implication sets {fact!r} to {value!r}: {reason}"
                hint = did_you_mean(str(value), spec.values) if spec.values else ""
            else:
                continue
            yield Problem(IMPLICATIONS_FILE, implication.line, "implication-set", message, hint)


def kept_goal_value(ctx: CheckContext) -> Iterator[Problem]:
    goals = FACTS["goal"].values
    for kept in ctx.kb.kept_goals:
        if kept.goal not in goals:
            yield Problem(
                GOALS_FILE,
                kept.line,
                "kept-goal-unknown-value",
                f"goals.yaml keeps the goal {kept.goal!r}, which is not a value of 'goal'",
                did_you_mean(kept.goal, goals),
            )


def unasked_unknown_fact(ctx: CheckContext) -> Iterator[Problem]:
    """unasked.yaml names facts in two fields: the one read unasked, and those it may come with."""
    for unasked in ctx.kb.unasked:
        named = [("'fact'", unasked.fact)]
        named += [(f"'besides' of {unasked.fact!r}", name) for name in unasked.besides]
        for field, name in named:
            if name not in FACTS:
                yield Problem(
                    UNASKED_FILE,
                    unasked.line,
                    "unasked-unknown-fact",
                    f"{field} names {name!r}, which is not a contract fact",
                    did_you_mean(name, FACTS),
                )
