"""Turning a walk into localized output: recommendations, risk, citations, the message text."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, nodes

from engine.models import Answer, Citation, Option, Question, Recommendation, Risk
from engine.risk import RiskTable
from kb.conditions import Condition, FactTest, compile_condition, compile_gates
from kb.contract import SECTIONS, FactValue
from kb.schema import Advice, AnswerNode, KnowledgeBase, ParamSpec, QuestionNode
from locales import Catalog


def _param(spec: ParamSpec, facts: Mapping[str, FactValue], extra: Mapping[str, Any]) -> Any:
    if spec.op == "value":
        return spec.value
    if spec.op in {"failed_gates", "signals"}:
        return extra[spec.op]
    value = facts.get(spec.fact or "")
    if spec.op == "copy" or value is None:
        return value
    if spec.op == "halve" and isinstance(value, int) and not isinstance(value, bool):
        return max(1, value // 2)
    if spec.op == "drop_highest" and isinstance(value, list) and len(value) > 1:
        return sorted(value)[:-1]
    return None


MAX_MEMO = 4096  # rendered texts remembered; the memo is emptied when it fills


@dataclass(frozen=True)
class _Whens:
    """The recommendations' and gates' conditions compiled against one set of gates."""

    gates: Mapping[str, Condition]
    recommend: dict[str, tuple[FactTest | None, ...]]  # per answer node, per recommendation
    gate_tests: dict[str, FactTest]
    gate_facts: dict[str, frozenset[str]]  # the facts each gate reads

    @classmethod
    def of(cls, kb: KnowledgeBase, gates: Mapping[str, Condition]) -> _Whens:
        compiled = compile_gates(gates)
        recommend = {
            node.id: tuple(
                None if rec.when is None else compile_condition(rec.when, compiled)
                for rec in node.recommend
            )
            for node in kb.nodes
            if isinstance(node, AnswerNode)
        }
        gate_facts = {gid: frozenset(cond.facts_read()) for gid, cond in gates.items()}
        return cls(gates, recommend, compiled, gate_facts)


@dataclass(frozen=True)
class Answered:
    """An answer node's whole share of a turn: the answer, what it cites, and its two parts of
    the message (the node's text with risk and recommendations; the sections to read), which are
    empty for a diagnosis."""

    answer: Answer
    citations: list[Citation]
    text: str
    read_more: str


@dataclass(frozen=True)
class _AnswerReads:
    """What an answer node's share of a turn depends on: the values of these facts and these
    of the signals (every signal when ``signals`` is None)."""

    facts: tuple[str, ...]
    signals: frozenset[str] | None


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
        self._static: dict[tuple[str, str], str] = {}
        self._reads: dict[tuple[str, str], tuple[str, ...] | None] = {}  # see _facts_read
        self._memo: dict[tuple[Hashable, ...], str] = {}
        self._options: dict[tuple[str, str], list[Option]] = {}  # plain option labels
        self._whens: _Whens | None = None
        self._answer_reads: dict[tuple[str, str, bool], _AnswerReads | None] = {}
        self._answered: dict[tuple[Hashable, ...], Answered] = {}

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
        static = self._static.get((locale, key))
        if static is None:
            static = self._static_text(key, locale)
        if static:
            return static
        # Rendering is a pure function of the template and its context, and the contexts people
        # arrive with repeat a lot (a handful of facts with few values each): remember them.
        memo_key = self._memo_key(key, locale, params)
        rendered = self._memo.get(memo_key)
        if rendered is None:
            if len(self._memo) >= MAX_MEMO:
                self._memo.clear()
            rendered = self._memo[memo_key] = self.catalog.render(key, locale, params)
        return rendered

    def _static_text(self, key: str, locale: str) -> str:
        """A text with no template syntax, as it renders; "" for a real template.

        Most texts (option labels, headings) are plain: returning them as they are saves a Jinja
        render each, which is most of a turn's time.
        """
        raw = self.catalog.text(key, locale)
        static = "" if "{" in raw else raw.strip()
        if not static:
            self._reads[(locale, key)] = _facts_read(raw)
        self._static[(locale, key)] = static
        return static

    def _memo_key(self, key: str, locale: str, params: dict[str, Any]) -> tuple[Hashable, ...]:
        """What a template's rendering depends on. Of the facts, only the values it reads when
        that is known: freezing a whole fact dict was most of the cost of a memo lookup."""
        facts = params.get("facts")
        reads = self._reads[(locale, key)]
        if reads is None or not isinstance(facts, dict):
            return (locale, key, _freeze(params))
        others = tuple(sorted([(k, _freeze(v)) for k, v in params.items() if k != "facts"]))
        return (locale, key, others, tuple([_freeze(facts.get(n)) for n in reads]))

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
        """The options with their labels; built once per question when the labels are plain."""
        options = self._options.get((locale, node.id))
        if options is None:
            keys = [f"option.{node.fact}.{v}" for v in node.options]
            options = [
                Option(value=v, label=self.text(k, locale, facts=facts))
                for v, k in zip(node.options, keys, strict=True)
            ]
            if all(self._static.get((locale, k)) for k in keys):
                self._options[(locale, node.id)] = options
        return options

    def recommendations(
        self,
        node: AnswerNode,
        locale: str,
        facts: Mapping[str, FactValue],
        signals: Set[str],
        gates: Mapping[str, Condition],
    ) -> list[Recommendation]:
        whens = self._compiled(gates)
        # The section-6 gates only matter to someone who wants speed from turning GC off.
        wants_speed = facts.get("goal") == "speed"
        extra = {
            "failed_gates": _failed(whens, facts, signals) if wants_speed else [],
            "signals": _topics(signals - self._marks, facts),
        }
        advice = self._advice
        out = []
        for rec, test in zip(node.recommend, whens.recommend[node.id], strict=True):
            if test is not None and not test(facts, signals):
                continue
            spec = advice[rec.code]
            params = {name: _param(p, facts, extra) for name, p in spec.params.items()}
            out.append(self._recommendation(spec, params, locale, facts))
        return out

    def _compiled(self, gates: Mapping[str, Condition]) -> _Whens:
        """The conditions compiled against these gates: the engine passes the same mapping on
        every call, so the last compilation is kept."""
        whens = self._whens
        if whens is None or whens.gates is not gates:
            whens = self._whens = _Whens.of(self.kb, gates)
            self._answer_reads.clear()
            self._answered.clear()
        return whens

    def _recommendation(
        self, spec: Advice, params: dict[str, Any], locale: str, facts: Mapping[str, FactValue]
    ) -> Recommendation:
        context = dict(params)
        if spec.code == "keep_gc_on":
            context["failed_labels"] = [
                self.text(f"gate.{g}", locale, facts=facts) for g in params["failed"]
            ]
        text = self.text(f"advice.{spec.code}", locale, facts=facts, **context)
        shown = {k: v for k, v in params.items() if v not in (None, [], "")}
        return Recommendation(code=spec.code, text=text, citations=list(spec.cites), params=shown)

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

        A pure function of the few facts and signals the node can read (see :meth:`_reads_of`),
        which repeat across conversations far more than whole fact sets do: remembered, like the
        texts, since building it was a quarter of a turn.

        ``with_risk`` (a diagnosis) assesses the risk whether or not the node shows one; a
        diagnosis has no message, so the parts of the message are then left empty.
        """
        whens = self._compiled(gates)
        memo_key = self._answered_key(node, locale, facts, signals, whens, with_risk)
        answered = self._answered.get(memo_key)
        if answered is None:
            if len(self._answered) >= MAX_MEMO:
                self._answered.clear()
            answer = self.answer(node, locale, facts, signals, gates, with_risk=with_risk)
            citations = self.answer_citations(node, answer, locale)
            text = read_more = ""
            if not with_risk:
                text = "\n\n".join(self._answer_parts(node, answer, locale, facts))
                read_more = self._read_more(citations, locale)
            answered = self._answered[memo_key] = Answered(answer, citations, text, read_more)
        return answered

    def _answered_key(
        self,
        node: AnswerNode,
        locale: str,
        facts: Mapping[str, FactValue],
        signals: Set[str],
        whens: _Whens,
        with_risk: bool,
    ) -> tuple[Hashable, ...]:
        reads = self._answer_reads.get((locale, node.id, with_risk), _UNREAD)
        if reads is _UNREAD:
            reads = self._reads_of(node, locale, whens, with_risk=with_risk)
            self._answer_reads[(locale, node.id, with_risk)] = reads
        names = tuple(sorted(facts)) if reads is None else reads.facts
        raw = [facts.get(n) for n in names]
        heard = frozenset(signals)
        if reads is not None and reads.signals is not None:
            heard = reads.signals & heard
        return (
            locale,
            node.id,
            with_risk,
            names,
            tuple([v if type(v) in _PLAIN else _freeze(v) for v in raw]),
            tuple(map(type, raw)),  # 1, 1.0 and True are equal keys but not equal texts
            heard,
        )

    def _reads_of(
        self, node: AnswerNode, locale: str, whens: _Whens, *, with_risk: bool = False
    ) -> _AnswerReads | None:
        """Every fact and signal an answer node's share of a turn can read: its recommendations'
        conditions (with the gates they name), parameters and texts, and its risk when it shows
        one or ``with_risk`` asks for it. None when one of its texts reads the facts in a way not
        known."""
        facts = {"goal", "memory_kind"}  # whether gates are listed; the topics
        signals: set[str] = set()
        every_signal = False
        conditions = [rec.when for rec in node.recommend if rec.when is not None]
        keys = [f"node.{node.id}.text", "engine.recommendations", "engine.read_more"]
        for rec in node.recommend:
            keys.append(f"advice.{rec.code}")
            params = self._advice[rec.code].params.values()
            facts.update(p.fact for p in params if p.fact)
            every_signal = every_signal or any(p.op == "signals" for p in params)
            if rec.code == "keep_gc_on" or any(p.op == "failed_gates" for p in params):
                conditions.extend(whens.gates.values())
                keys.extend(f"gate.{g}" for g in whens.gates)
        seen: set[str] = set()
        while conditions:
            condition = conditions.pop()
            facts.update(condition.facts_read())
            signals.update(condition.signals_read())
            named = [g for g in condition.gates_read() if g in whens.gates and g not in seen]
            seen.update(named)
            conditions.extend(whens.gates[g] for g in named)
        if with_risk or node.risk:
            facts.update(self._risk.facts_read)
            keys.extend(self._risk.text_keys)
            keys.extend(["engine.risk", *(f"engine.risk_level.{level}" for level in _LEVELS)])
        for key in keys:
            if not self.catalog.has(key, locale):
                continue  # never rendered: rendering it would fail
            if (locale, key) not in self._static:
                self._static_text(key, locale)
            read = self._reads.get((locale, key), ())
            if read is None:
                return None
            facts.update(read)
        return _AnswerReads(tuple(sorted(facts)), None if every_signal else frozenset(signals))

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


def _failed(whens: _Whens, facts: Mapping[str, FactValue], signals: Set[str]) -> list[str]:
    """The section-6 gates that fail on what the person said; when none is decided yet, every
    gate not confirmed, so an answer never lists questions nobody was asked beside a clear no.
    """
    unmet = [gid for gid, test in whens.gate_tests.items() if not test(facts, signals)]
    decided = [g for g in unmet if all(f in facts for f in whens.gate_facts[g])]
    return decided or unmet


_LEVELS = ("low", "medium", "high")
_UNREAD = _AnswerReads((), frozenset())  # stands for reads not worked out yet

# Values that freeze to themselves: most values of a render context (facts are flat).
_PLAIN = frozenset({str, int, float, bool, type(None)})


# Only the syntax of a template is read here; the catalog renders them.
_SYNTAX = Environment()


def _facts_read(source: str) -> tuple[str, ...] | None:
    """The facts a template reads, when it reads them only as ``facts.get('name')`` (and may
    test ``facts is defined``, which holds whenever facts are given): its rendering then depends
    on those values alone, whatever else the facts hold. None when the template uses ``facts``
    in any other way."""
    tree = _SYNTAX.parse(source)
    uses = sum(1 for name in tree.find_all(nodes.Name) if name.name == "facts")
    uses -= sum(
        1
        for test in tree.find_all(nodes.Test)
        if test.name == "defined"
        and isinstance(test.node, nodes.Name)
        and test.node.name == "facts"
        and not test.args
        and not test.kwargs
        and test.dyn_args is None
        and test.dyn_kwargs is None
    )
    read = [
        call.args[0].value
        for call in tree.find_all(nodes.Call)
        if isinstance(call.node, nodes.Getattr)
        and call.node.attr == "get"
        and isinstance(call.node.node, nodes.Name)
        and call.node.node.name == "facts"
        and len(call.args) == 1
        and isinstance(call.args[0], nodes.Const)
        and isinstance(call.args[0].value, str)
        and not call.kwargs
        and call.dyn_args is None
        and call.dyn_kwargs is None
    ]
    return tuple(sorted(set(read))) if len(read) == uses else None


def _freeze(value: Any) -> Hashable:
    """A hashable stand-in for a render context (dicts and lists become sorted tuples)."""
    if isinstance(value, dict):
        return tuple(
            sorted([(k, v if type(v) in _PLAIN else _freeze(v)) for k, v in value.items()])
        )
    if isinstance(value, list | tuple):
        return tuple([v if type(v) in _PLAIN else _freeze(v) for v in value])
    return value  # type: ignore[no-any-return]


def _cite_label(citation: Citation) -> str:
    return f"{citation.number}) {citation.title}" if citation.number else citation.title


def _indent(text: str) -> str:
    """Keep a multi-line recommendation inside its list item."""
    return text.replace("\n", "\n   ")


def _topics(signals: Set[str], facts: Mapping[str, FactValue]) -> list[str]:
    topics = sorted(signals)
    if facts.get("memory_kind") == "system" and "system_memory" not in topics:
        topics.append("system_memory")
    return topics
