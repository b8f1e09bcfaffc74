"""What every rule reads: the loaded KB, its graph, the locale catalog, and shared lookups.

Lookups that several rules need (ids, reachability, parsed templates) are computed once here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import jinja2
import networkx as nx
from jinja2 import nodes as jinja_nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment

from kb.conditions import Condition
from kb.contract import LOCALES
from kb.schema import AnswerNode, BranchNode, KnowledgeBase, QuestionNode
from kb.texts import required_texts
from locales.catalog import Catalog, CatalogEntry

Node = BranchNode | QuestionNode | AnswerNode

# The files the loader reads each kind of item from (nodes carry their own file).
SECTIONS_FILE = "sections.yaml"
ADVICE_FILE = "advice.yaml"
RISK_FILE = "risk.yaml"
GATES_FILE = "gates.yaml"
SIGNALS_FILE = "signals.yaml"
IMPLICATIONS_FILE = "implications.yaml"
TOPICS_FILE = "topics.yaml"
GOALS_FILE = "goals.yaml"
UNASKED_FILE = "unasked.yaml"
START_FILE = "start.yaml"
# Where a text that no locale has yet belongs.
KB_TEXTS_FILE = "kb.yaml"

# Parsed the way the catalog renders, so a template that passes here also compiles there.
_ENV = ImmutableSandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False)
# Names Jinja itself provides: its globals (range, dict, ...) and those of loops and macros.
_IMPLICIT = frozenset(_ENV.globals) | {"loop", "caller", "varargs", "kwargs"}


@dataclass(frozen=True)
class Located:
    """A condition together with the place that holds it."""

    file: str
    line: int
    where: str
    condition: Condition


@dataclass(frozen=True)
class CheckContext:
    """The input of every rule; ``catalog`` is None when the locale files could not be read."""

    kb: KnowledgeBase
    graph: nx.DiGraph
    catalog: Catalog | None = None
    files: Mapping[str, str] = field(default_factory=dict)  # KB file -> text
    locales_root: Path | None = None

    @cached_property
    def nodes(self) -> dict[str, Node]:
        """Node id -> its first definition (duplicates are a rule of their own)."""
        found: dict[str, Node] = {}
        for node in self.kb.nodes:
            found.setdefault(node.id, node)
        return found

    @cached_property
    def reachable(self) -> frozenset[str]:
        if self.kb.start not in self.graph:
            return frozenset()
        return frozenset(nx.descendants(self.graph, self.kb.start) | {self.kb.start})

    @cached_property
    def advice(self) -> dict[str, tuple[str, ...]]:
        """Advice code -> the sections it always cites."""
        return {advice.code: advice.cites for advice in self.kb.advice}

    @cached_property
    def required_texts(self) -> dict[str, frozenset[str]]:
        return required_texts(self.kb)

    @cached_property
    def named_texts(self) -> frozenset[str]:
        """Text keys the KB data spells out (the risk table's), rather than derives from ids."""
        rows = self.kb.risk_table
        return frozenset(r.safest for r in rows) | {rule.reason for r in rows for rule in r.rules}

    @cached_property
    def start_line(self) -> int:
        for number, text in enumerate(self.files.get(START_FILE, "").splitlines(), 1):
            if text.startswith("start:"):
                return number
        return 1

    def conditions(self) -> Iterator[Located]:
        """Every top-level condition in the KB, with the file and line that hold it."""
        for node in self.kb.nodes:
            if isinstance(node, BranchNode):
                for index, case in enumerate(node.cases, 1):
                    yield Located(node.file, node.line, f"case {index} of {node.id!r}", case.when)
            elif isinstance(node, AnswerNode):
                for rec in node.recommend:
                    if rec.when is not None:
                        where = f"recommendation {rec.code!r} of {node.id!r}"
                        yield Located(node.file, node.line, where, rec.when)
        for row in self.kb.risk_table:
            for index, rule in enumerate(row.rules, 1):
                yield Located(RISK_FILE, row.line, f"rule {index} of {row.family!r}", rule.when)
        for gate in self.kb.gates:
            yield Located(GATES_FILE, gate.line, f"gate {gate.id!r}", gate.when)
        for implication in self.kb.implications:
            yield Located(IMPLICATIONS_FILE, implication.line, "implication", implication.when)
        for advice in self.kb.advice:
            for name, spec in advice.params.items():
                if spec.when is not None:
                    where = f"param {name!r} of {advice.code!r}"
                    yield Located(ADVICE_FILE, advice.line, where, spec.when)
        for topic in self.kb.topics:
            yield Located(TOPICS_FILE, topic.line, f"topic {topic.id!r}", topic.when)
        for kept in self.kb.kept_goals:
            if kept.unless is not None:
                where = f"the exception to keeping {kept.goal!r}"
                yield Located(GOALS_FILE, kept.line, where, kept.unless)
        for unasked in self.kb.unasked:
            if unasked.when is not None:
                where = f"the condition for reading {unasked.fact!r} unasked"
                yield Located(UNASKED_FILE, unasked.line, where, unasked.when)

    @property
    def locales(self) -> tuple[str, ...]:
        extra = tuple(sorted(set(self.catalog.locales) - set(LOCALES))) if self.catalog else ()
        return (*LOCALES, *extra)

    def entries(self, locale: str) -> dict[str, CatalogEntry]:
        return self.catalog.entries.get(locale, {}) if self.catalog else {}

    def locale_file(self, locale: str, name: str) -> str:
        """A locale file's name as problems show it: ``<locales dir>/<locale>/<file>``."""
        root = self.locales_root.name if self.locales_root else "locales"
        return f"{root}/{locale}/{name}"

    def entry_file(self, entry: CatalogEntry) -> str:
        return self.locale_file(entry.path.parent.name, entry.path.name)

    @cached_property
    def template_variables(
        self,
    ) -> dict[tuple[str, str], frozenset[str] | jinja2.TemplateSyntaxError]:
        """(locale, key) -> the variables the template reads, or why it does not parse."""
        parsed: dict[tuple[str, str], frozenset[str] | jinja2.TemplateSyntaxError] = {}
        for locale in self.locales:
            for key, entry in self.entries(locale).items():
                try:
                    parsed[(locale, key)] = _reads(entry.text)
                except jinja2.TemplateSyntaxError as exc:
                    parsed[(locale, key)] = exc
        return parsed


def walk(condition: Condition) -> Iterator[Condition]:
    """The condition and every condition nested in it."""
    yield condition
    for child in (*(condition.all_ or ()), *(condition.any_ or ())):
        yield from walk(child)
    if condition.not_ is not None:
        yield from walk(condition.not_)


def _reads(text: str) -> frozenset[str]:
    """The variables a template takes from its context; raises TemplateSyntaxError.

    A name the template assigns itself (``set``, a ``for`` target) is never one the caller has
    to give, even where Jinja's own analysis counts a name set inside an ``if`` as undeclared.
    """
    if "{" not in text:  # every Jinja construct opens with a brace: nothing to parse
        return frozenset()
    names = list(_ENV.parse(text).find_all(jinja_nodes.Name))
    stored = {name.name for name in names if name.ctx == "store"}
    loaded = {name.name for name in names if name.ctx == "load"}
    return frozenset(loaded - stored - _IMPLICIT)
