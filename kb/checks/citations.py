"""Answers and what they cite: advice codes, guide sections, and the risk table."""

from __future__ import annotations

from collections.abc import Iterator

from kb.checks.context import ADVICE_FILE, RISK_FILE, SECTIONS_FILE, CheckContext
from kb.contract import ADVICE, FACTS, SECTIONS, FactType
from kb.problems import Problem, did_you_mean
from kb.schema import AnswerNode


def _answers(ctx: CheckContext) -> Iterator[AnswerNode]:
    return (node for node in ctx.kb.nodes if isinstance(node, AnswerNode))


def _cited(ctx: CheckContext, answer: AnswerNode) -> set[str]:
    """What an answer cites: its own sections and those of every advice it may give."""
    own = set(answer.cites)
    return own.union(*(ctx.advice.get(rec.code, ()) for rec in answer.recommend))


def answer_uncited(ctx: CheckContext) -> Iterator[Problem]:
    for node in _answers(ctx):
        if not _cited(ctx, node):
            yield Problem(
                node.file,
                node.line,
                "answer-uncited",
                f"answer {node.id!r} cites no section of the guide",
                "add the sections it relies on to cites",
            )


def unknown_section(ctx: CheckContext) -> Iterator[Problem]:
    """Citations name sections of sections.yaml (itself held to the contract elsewhere)."""
    declared = {section.id for section in ctx.kb.sections}
    for node in _answers(ctx):
        for cited in node.cites:
            if cited not in declared:
                yield Problem(
                    node.file,
                    node.line,
                    "unknown-section",
                    f"answer {node.id!r} cites {cited!r}, which is not a section",
                    did_you_mean(cited, declared),
                )
    for advice in ctx.kb.advice:
        for cited in advice.cites:
            if cited not in declared:
                yield Problem(
                    ADVICE_FILE,
                    advice.line,
                    "unknown-section",
                    f"advice {advice.code!r} cites {cited!r}, which is not a section",
                    did_you_mean(cited, declared),
                )


def unknown_advice(ctx: CheckContext) -> Iterator[Problem]:
    for advice in ctx.kb.advice:
        if advice.code not in ADVICE:
            yield Problem(
                ADVICE_FILE,
                advice.line,
                "unknown-advice",
                f"advice code {advice.code!r} is not in the contract",
                did_you_mean(advice.code, ADVICE),
            )
    for node in _answers(ctx):
        for rec in node.recommend:
            if rec.code not in ADVICE:
                yield Problem(
                    node.file,
                    node.line,
                    "unknown-advice",
                    f"answer {node.id!r} recommends {rec.code!r}, not a contract advice code",
                    did_you_mean(rec.code, ADVICE),
                )


def advice_missing(ctx: CheckContext) -> Iterator[Problem]:
    for code in ADVICE:
        if code not in ctx.advice:
            yield Problem(
                ADVICE_FILE,
                0,
                "advice-missing",
                f"the contract's advice code {code!r} has no entry",
                f"add '- code: {code}' with its cites",
            )


def advice_required_cite(ctx: CheckContext) -> Iterator[Problem]:
    for advice in ctx.kb.advice:
        required = ADVICE.get(advice.code)
        if required is not None and required not in advice.cites:
            yield Problem(
                ADVICE_FILE,
                advice.line,
                "advice-required-cite",
                f"advice {advice.code!r} does not cite {required!r}, as the contract requires",
                f"add {required!r} to its cites",
            )


def _param_problem(op: str, fact: str | None) -> str | None:
    """Why a parameter op cannot work on ``fact``, or None when it can."""
    if op in ("value", "failed_gates", "signals"):
        return None
    if fact is None:
        return f"op {op!r} needs a fact"
    spec = FACTS[fact]
    if op == "halve" and spec.type not in (FactType.INT, FactType.NUMBER):
        return f"op 'halve' needs a number fact, but {fact!r} is a {spec.type} fact"
    if op == "drop_highest" and spec.type is not FactType.INT_LIST:
        return f"op 'drop_highest' needs a list fact, but {fact!r} is a {spec.type} fact"
    return None


def param_spec(ctx: CheckContext) -> Iterator[Problem]:
    for advice in ctx.kb.advice:
        for name, spec in advice.params.items():
            if spec.fact is not None and spec.fact not in FACTS:
                message = f"param {name!r} of {advice.code!r} reads the unknown fact {spec.fact!r}"
                hint = did_you_mean(spec.fact, FACTS)
            elif (reason := _param_problem(spec.op, spec.fact)) is not None:
                message, hint = f"param {name!r} of {advice.code!r}: {reason}", "fix op or fact"
            else:
                continue
            yield Problem(ADVICE_FILE, advice.line, "param-spec", message, hint)


def section_not_declared(ctx: CheckContext) -> Iterator[Problem]:
    declared = {section.id for section in ctx.kb.sections}
    for section_id in SECTIONS:
        if section_id not in declared:
            yield Problem(
                SECTIONS_FILE,
                0,
                "section-not-declared",
                f"the contract's section {section_id!r} is not declared",
                f"add '- id: {section_id}'",
            )


def section_not_in_contract(ctx: CheckContext) -> Iterator[Problem]:
    for section in ctx.kb.sections:
        if section.id not in SECTIONS:
            yield Problem(
                SECTIONS_FILE,
                section.line,
                "section-not-in-contract",
                f"section {section.id!r} is not a section of the contract",
                did_you_mean(section.id, SECTIONS),
            )


def section_parent(ctx: CheckContext) -> Iterator[Problem]:
    declared = {section.id for section in ctx.kb.sections}
    for section in ctx.kb.sections:
        if section.parent is not None and section.parent not in declared:
            yield Problem(
                SECTIONS_FILE,
                section.line,
                "section-parent",
                f"section {section.id!r} has the unknown parent {section.parent!r}",
                did_you_mean(section.parent, declared),
            )


def section_uncited(ctx: CheckContext) -> Iterator[Problem]:
    """Every part of the guide must be reachable as a citation, or it is dead weight."""
    if not ctx.reachable:
        return
    reachable = (a for a in _answers(ctx) if a.id in ctx.reachable)
    cited = set().union(*(_cited(ctx, answer) for answer in reachable))
    for section in ctx.kb.sections:
        if section.id in SECTIONS and section.id not in cited:
            yield Problem(
                SECTIONS_FILE,
                section.line,
                "section-uncited",
                f"section {section.id!r} is cited by no answer reachable from the start",
                "cite it from an answer (or from an advice an answer gives)",
            )


def risk_unknown_family(ctx: CheckContext) -> Iterator[Problem]:
    families = FACTS["model_family"].values
    for row in ctx.kb.risk_table:
        if row.family not in families:
            yield Problem(
                RISK_FILE,
                row.line,
                "risk-unknown-family",
                f"risk row {row.family!r} is not a value of 'model_family'",
                did_you_mean(row.family, families),
            )


def risk_missing_family(ctx: CheckContext) -> Iterator[Problem]:
    rows = {row.family for row in ctx.kb.risk_table}
    for family in FACTS["model_family"].values:
        if family not in rows:
            yield Problem(
                RISK_FILE,
                0,
                "risk-missing-family",
                f"the model family {family!r} has no risk row",
                f"add '- family: {family}' with its rules and safest first try",
            )


def risk_unnamed_model_twice(ctx: CheckContext) -> Iterator[Problem]:
    """One row assesses a conversation that names no model; two would contradict each other."""
    marked = [row for row in ctx.kb.risk_table if row.unnamed_model]
    for row in marked[1:]:
        yield Problem(
            RISK_FILE,
            row.line,
            "risk-unnamed-model-twice",
            f"risk row {row.family!r} is marked unnamed_model, as {marked[0].family!r} already is",
            "keep unnamed_model: true on one row only",
        )


def risk_text_missing(ctx: CheckContext) -> Iterator[Problem]:
    """Reason and safest keys are written out in risk.yaml, so a typo is likeliest there."""
    if ctx.catalog is None:
        return
    for row in ctx.kb.risk_table:
        for key in (*(rule.reason for rule in row.rules), row.safest):
            absent = [loc for loc in ctx.locales if key not in ctx.entries(loc)]
            if absent:
                yield Problem(
                    RISK_FILE,
                    row.line,
                    "risk-text-missing",
                    f"risk row {row.family!r} names the text {key!r}, missing in "
                    + ", ".join(absent),
                    _text_hint(ctx, key),
                )


def _text_hint(ctx: CheckContext, key: str) -> str:
    # Only texts nobody asks for are candidates: a row that merely lacks its own text must not
    # be pointed at a sibling row's key.
    unclaimed = set().union(*(ctx.entries(loc) for loc in ctx.locales)) - ctx.required_texts.keys()
    close = did_you_mean(key, unclaimed)
    if close.startswith("did you mean"):
        return f"write the text in every locale, or, if the key is misspelt, {close}"
    return f"write the text {key!r} in every locale"
