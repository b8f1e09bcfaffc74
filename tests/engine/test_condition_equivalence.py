"""Compiled conditions answer exactly as ``Condition.holds`` does, on the KB's conditions and on
every form of condition, with facts of right and wrong types."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from kb.conditions import Condition, compile_condition, compile_gates
from kb.contract import FACTS, FactType, FactValue
from kb.schema import AnswerNode, BranchNode, KnowledgeBase
from kb.validate import load_validated

ODD_VALUES: list[FactValue] = [
    0,
    1,
    2,
    24,
    1024,
    1.5,
    0.5,
    True,
    False,
    "",
    "x",
    [],
    [1],
    [512, 1024],
]


def _kb_conditions(kb: KnowledgeBase) -> Iterator[Condition]:
    for node in kb.nodes:
        if isinstance(node, BranchNode):
            yield from (case.when for case in node.cases)
        elif isinstance(node, AnswerNode):
            yield from (rec.when for rec in node.recommend if rec.when is not None)
    yield from (gate.when for gate in kb.gates)
    yield from (rule.when for rule in kb.implications)
    yield from (rule.when for row in kb.risk_table for rule in row.rules)


def _value(rng: random.Random, name: str) -> FactValue:
    spec = FACTS[name]
    if rng.random() < 0.1:
        return rng.choice(ODD_VALUES)
    if spec.type is FactType.ENUM:
        return rng.choice(spec.values)
    if spec.type is FactType.BOOL:
        return rng.random() < 0.5
    if spec.type is FactType.INT_LIST:
        return sorted(rng.sample([256, 512, 768, 1024, 1280, 1536], rng.randint(1, 4)))
    if spec.type is FactType.INT:
        return rng.choice([1, 2, 3, 4, 8, 16, 20, 24, 32, 48, 81, 1024])
    return rng.choice([1, 8, 11.5, 12, 16, 23.9, 24, 32, 48, 80])


def _facts(rng: random.Random) -> dict[str, FactValue]:
    names = rng.sample(sorted(FACTS), rng.randint(0, len(FACTS)))
    return {name: _value(rng, name) for name in names}


def _forms() -> list[Condition]:
    fact_tests: list[dict[str, Any]] = [
        {"is": "z_image"},
        {"is": 2},
        {"is": True},
        {"in": ["z_image", "video"]},
        {"in": [1, 2]},
        {"known": True},
        {"known": False},
        {"gt": 2},
        {"gte": 24},
        {"lt": 1024},
        {"lte": 1},
        {"size_gt": 1},
    ]
    leaves = [
        Condition.model_validate({"fact": fact, **test})
        for fact in ("model_family", "batch_size", "resolutions", "vram_gb", "sampling_disabled")
        for test in fact_tests
    ]
    leaves += [Condition(signal="system_memory"), Condition(gate="g1"), Condition(gate="nope")]
    nested = [
        Condition.model_validate({"all": []}),
        Condition.model_validate({"any": []}),
        Condition.model_validate({"all": [leaves[0], leaves[7]]}),
        Condition.model_validate({"any": [leaves[1], leaves[-3]]}),
        Condition.model_validate({"not": leaves[9]}),
        Condition.model_validate({"not": {"gate": "g2"}}),
    ]
    return leaves + nested


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_validated()[0]


def _check(conditions: list[Condition], gates: dict[str, Condition], signals: list[str]) -> None:
    rng = random.Random(31)
    compiled_gates = compile_gates(gates)
    tests = [(c, compile_condition(c, compiled_gates), compile_condition(c)) for c in conditions]
    for _ in range(400):
        facts = _facts(rng)
        seen = {s for s in signals if rng.random() < 0.3}
        for condition, with_gates, without in tests:
            expected = condition.holds(facts, seen, gates)
            assert with_gates(facts, seen) is expected, (condition, facts, seen)
            assert without(facts, seen) is condition.holds(facts, seen), (condition, facts)


def test_kb_conditions_compile_to_the_same_answers(kb: KnowledgeBase) -> None:
    gates = {g.id: g.when for g in kb.gates}
    _check(list(_kb_conditions(kb)), gates, [s.id for s in kb.signals])


def test_every_form_compiles_to_the_same_answers() -> None:
    forms = _forms()
    gates = {"g1": forms[0], "g2": Condition(gate="g1")}
    _check(forms, gates, ["system_memory", "other"])
