"""Turning a walk into localized output: recommendations, risk, citations, the message text."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

from engine.models import Answer, Citation, Option, Question, Recommendation, Risk
from engine.risk import RiskTable
from kb.conditions import Condition
from kb.contract import SECTIONS, FactValue
from kb.schema import Advice, AnswerNode, KnowledgeBase, ParamSpec, QuestionNode
from locales import Catalog


def _param(spec: ParamSpec, facts: Mapping[str, FactValue]) -> Any:
    """A parameter worked out from the facts alone (see Renderer._param for the others)."""
    if spec.op == "value":
        return spec.value
    value = facts.get(spec.fact or "")
    if spec.op == "copy" or value is None:
        return value
    if spec.op == "halve" and isinstance(value, int) and not isinstance(value, bool):
        return max(1, value // 2)
    if spec.op == "drop_highest" and isinstance(value, list) and len(value) > 1:
        return sorted(value)[:-1]
    return None


@dataclass(frozen=True)
class Answered:
    """An answer node's whole share of a turn: the answer, what it cites, and its two parts of
    the message (the node's text with risk and recommendations; the sections to read), which are
    empty for a diagnosis."""

    answer: Answer
    citations: list[Citation]
    text: str
    read_more: str


class Renderer:
    """Everything localized, with the per-locale constants (citations, labels) built once."""

    def __init__(self, kb: KnowledgeBase, catalog: Catalog, guide_url: str) -> None:
        self.kb = kb
        self.catalog = catalog
        self.guide_url = guide_url
        self._order = {s.id: i for i, s in enumerate(kb.sections)}
        self._advice = {a.code: a for a in kb.advice}
        self._risk = RiskTable(kb)
        self._marks = frozenset(s.id for s in kb.signals if not s.outside)  # never topics
        citations = self._all_citations()
        self._ranked = {  # per locale, each section's citation by its place in the guide
            locale: {self._order[s]: c for (loc, s), c in citations.items() if loc == locale}
            for locale in self.catalog.locales
        }

    def _all_citations(self) -> dict[tuple[str, str], Citation]:
        base = self.guide_url
        return {
            (locale, s.id): Citation(
                section=s.id,
                number=SECTIONS.get(s.id, ""),
                title=self.catalog.text(f"section.{s.id}.title", locale),
                url=f"{base}#{s.id}",
            )
            for locale in self.catalog.locales
            for s in self.kb.sections
        }

    def text(self, key: str, locale: str, **params: Any) -> str:
        return self.catalog.render(key, locale, params)

    def citations(self, ids: Iterable[str], locale: str) -> list[Citation]:
        """The sections' citations in the guide's order, once each; unknown ids are left out."""
        ranked = self._ranked.get(locale)
        if ranked is None:
            return []
        order = self._order
        return [ranked[i] for i in sorted({order[s] for s in ids if s in order})]

    def question(
        self,
        node: QuestionNode,
        locale: str,
        facts: Mapping[str, FactValue],
        *,
        reask: bool = False,
    ) -> Question:
        key = f"node.{node.id}.{'reask' if reask else 'text'}"
        kind = "choice" if node.options else "number"
        return Question(
            fact=node.fact,
            text=self.text(key, locale, facts=facts),
            options=self._question_options(node, locale, facts),
            kind=kind,
        )

    def _question_options(
        self, node: QuestionNode, locale: str, facts: Mapping[str, FactValue]
    ) -> list[Option]:
        return [
            Option(value=v, label=self.text(f"option.{node.fact}.{v}", locale, facts=facts))
            for v in node.options
        ]

    def recommendations(
        self,
        node: AnswerNode,
        locale: str,
        facts: Mapping[str, FactValue],
        signals: Set[str],
        gates: Mapping[str, Condition],
    ) -> list[Recommendation]:
        out = []
        for rec in node.recommend:
            if rec.when is not None and not rec.when.holds(facts, signals, gates):
                continue
            spec = self._advice[rec.code]
            params = {
                name: self._param(p, facts, signals, gates) for name, p in spec.params.items()
            }
            out.append(self._recommendation(spec, params, locale, facts))
        return out

    def _param(
        self,
        spec: ParamSpec,
        facts: Mapping[str, FactValue],
        signals: Set[str],
        gates: Mapping[str, Condition],
    ) -> Any:
        if spec.when is not None and not spec.when.holds(facts, signals, gates):
            return [] if spec.op in {"failed_gates", "signals"} else None
        if spec.op == "failed_gates":
            return _failed(gates, facts, signals)
        if spec.op == "signals":
            return self._topics(signals, facts)
        return _param(spec, facts)

    def _recommendation(
        self, spec: Advice, params: dict[str, Any], locale: str, facts: Mapping[str, FactValue]
    ) -> Recommendation:
        context = dict(params)
        for name, param in spec.params.items():
            if param.op == "failed_gates":
                labels = [self.text(f"gate.{g}", locale, facts=facts) for g in params[name]]
                context[f"{name}_labels"] = labels
        text = self.text(f"advice.{spec.code}", locale, facts=facts, **context)
        shown = {k: v for k, v in params.items() if v not in (None, [], "")}
        return Recommendation(code=spec.code, text=text, citations=list(spec.cites), params=shown)

    def _topics(self, signals: Set[str], facts: Mapping[str, FactValue]) -> list[str]:
        """The situations heard (not marks such as a config read), and the topics of the KB
        whose condition holds."""
        topics = sorted(signals - self._marks)
        for topic in self.kb.topics:
            if topic.id not in topics and topic.when.holds(facts, signals):
                topics.append(topic.id)
        return topics

    def risk(self, facts: Mapping[str, FactValue], locale: str) -> Risk:
        finding = self._risk.assess(facts)
        reasons = [self.text(finding.reason_key, locale, facts=facts)] if finding.reason_key else []
        safest = self.text(finding.safest_key, locale, facts=facts) if finding.safest_key else None
        return Risk(
            level=finding.level,
            reasons=reasons,
            family=finding.family,
            safest_first_try=safest,
        )

    def answer(
        self,
        node: AnswerNode,
        locale: str,
        facts: Mapping[str, FactValue],
        signals: Set[str],
        gates: Mapping[str, Condition],
        *,
        with_risk: bool,
    ) -> Answer:
        recs = self.recommendations(node, locale, facts, signals, gates)
        risk = self.risk(facts, locale) if with_risk or node.risk else None
        return Answer(recommendations=recs, risk=risk)

    def answer_citations(self, node: AnswerNode, answer: Answer, locale: str) -> list[Citation]:
        ids = [*node.cites, *(c for r in answer.recommendations for c in r.citations)]
        return self.citations(ids, locale)

    def answered(
        self,
        node: AnswerNode,
        locale: str,
        facts: Mapping[str, FactValue],
        signals: Set[str],
        gates: Mapping[str, Condition],
        *,
        with_risk: bool = False,
    ) -> Answered:
        """The answer a turn ends on, with its citations and parts of the message.

        ``with_risk`` (a diagnosis) assesses the risk whether or not the node shows one; a
        diagnosis has no message, so the parts of the message are then left empty.
        """
        answer = self.answer(node, locale, facts, signals, gates, with_risk=with_risk)
        citations = self.answer_citations(node, answer, locale)
        if with_risk:
            return Answered(answer, citations, "", "")
        text = "\n\n".join(self._answer_parts(node, answer, locale, facts))
        return Answered(answer, citations, text, self._read_more(citations, locale))

    def message(
        self,
        locale: str,
        *,
        preface: Sequence[str],
        answered: Answered | None,
        question: Question | None,
    ) -> str:
        """The whole turn as CommonMark."""
        parts = [p for p in preface if p]
        if answered is not None:
            parts.append(answered.text)
        if question is not None:
            hint = "engine.options_hint" if question.options else "engine.number_hint"
            parts.append(f"**{question.text}**\n\n{self.text(hint, locale)}")
        if answered is not None and answered.read_more:
            parts.append(answered.read_more)
        return "\n\n".join(parts)

    def _answer_parts(
        self, node: AnswerNode, answer: Answer, locale: str, facts: Mapping[str, FactValue]
    ) -> list[str]:
        """The node's text, the risk and the recommendations, as the message shows them."""
        level = answer.risk.level if answer.risk else None
        parts = [self.text(f"node.{node.id}.text", locale, facts=facts, risk_level=level)]
        parts.extend(self._risk_lines(answer.risk, locale))
        heading = self.text("engine.recommendations", locale)
        items = [f"{i}. {_indent(r.text)}" for i, r in enumerate(answer.recommendations, 1)]
        parts.append(f"**{heading}**\n\n" + "\n".join(items))
        return parts

    def _read_more(self, citations: Sequence[Citation], locale: str) -> str:
        if not citations:
            return ""
        links = "\n".join(f"- [{_cite_label(c)}]({c.url})" for c in citations)
        return f"**{self.text('engine.read_more', locale)}**\n\n{links}"

    def _risk_lines(self, risk: Risk | None, locale: str) -> list[str]:
        if risk is None:
            return []
        level = self.text(f"engine.risk_level.{risk.level}", locale)
        lines = [f"**{self.text('engine.risk', locale, level=level)}**"]
        lines += [f"- {r}" for r in risk.reasons]
        if risk.safest_first_try:
            lines.append(f"- {risk.safest_first_try}")
        return ["\n".join(lines)]


def _failed(
    gates: Mapping[str, Condition], facts: Mapping[str, FactValue], signals: Set[str]
) -> list[str]:
    """The section-6 gates that fail on what the person said; when none is decided yet, every
    gate not confirmed, so an answer never lists questions nobody was asked beside a clear no.
    """
    unmet = [gid for gid, gate in gates.items() if not gate.holds(facts, signals, gates)]
    decided = [g for g in unmet if all(f in facts for f in gates[g].facts_read())]
    return decided or unmet


def _cite_label(citation: Citation) -> str:
    return f"{citation.number}) {citation.title}" if citation.number else citation.title


def _indent(text: str) -> str:
    """Keep a multi-line recommendation inside its list item."""
    return text.replace("\n", "\n   ")
