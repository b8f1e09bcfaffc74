"""Which localized texts the KB needs, and which variables each may use.

The engine renders every text with exactly these variables, so a template that reads anything
else is a KB problem caught by the checks, not a failure in front of a person.
"""

from __future__ import annotations

from kb.contract import FACTS, FactType
from kb.schema import AnswerNode, KnowledgeBase, QuestionNode

# Every template may read the facts known so far (None where unknown).
COMMON_VARIABLES = frozenset({"facts"})

ENGINE_KEYS: dict[str, frozenset[str]] = {
    "engine.off_topic": frozenset(),
    "engine.unclear": frozenset({"question"}),
    "engine.gave_up": frozenset(),
    "engine.recommendations": frozenset(),
    "engine.read_more": frozenset(),
    "engine.risk": frozenset({"level"}),
    "engine.risk_level.low": frozenset(),
    "engine.risk_level.medium": frozenset(),
    "engine.risk_level.high": frozenset(),
    "engine.risk_unknown_family.reason": frozenset(),
    "engine.risk_unknown_family.safest": frozenset(),
    "engine.config_read": frozenset({"process_count", "name"}),
    "engine.config_error": frozenset({"problems"}),
    "engine.config_wins": frozenset({"setting", "line", "said", "config"}),
    "engine.options_hint": frozenset(),
    "engine.number_hint": frozenset(),
    "engine.bool.true": frozenset(),
    "engine.bool.false": frozenset(),
}


def required_texts(kb: KnowledgeBase) -> dict[str, frozenset[str]]:
    """Every key the KB needs in every locale, mapped to the variables its template may read."""
    keys: dict[str, frozenset[str]] = dict(ENGINE_KEYS)
    for section in kb.sections:
        keys[f"section.{section.id}.title"] = frozenset()
        keys[f"section.{section.id}.summary"] = frozenset()
    for advice in kb.advice:
        labels = {f"{n}_labels" for n, p in advice.params.items() if p.op == "failed_gates"}
        keys[f"advice.{advice.code}"] = frozenset(advice.params) | labels
    for gate in kb.gates:
        keys[f"gate.{gate.id}"] = frozenset()
    for row in kb.risk_table:
        keys[row.safest] = frozenset()
        keys.update({rule.reason: frozenset() for rule in row.rules})
    for node in kb.nodes:
        if isinstance(node, QuestionNode):
            keys[f"node.{node.id}.text"] = frozenset()
            keys[f"node.{node.id}.reask"] = frozenset()
            keys.update({f"option.{node.fact}.{v}": frozenset() for v in node.options})
        elif isinstance(node, AnswerNode):
            keys[f"node.{node.id}.text"] = frozenset({"risk_level"})
    for name, spec in FACTS.items():
        if spec.type is FactType.ENUM:
            keys.update({f"option.{name}.{v}": frozenset() for v in spec.values})
    return {key: names | COMMON_VARIABLES for key, names in keys.items()}
