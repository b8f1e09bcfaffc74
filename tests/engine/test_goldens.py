"""Golden conversations replayed through the engine, and what they cover together."""

from __future__ import annotations

import pytest

from engine.engine import Engine
from engine.models import Turn
from kb.contract import ADVICE, SECTIONS
from kb.schema import QuestionNode
from kb.validate import load_validated
from tests.engine.golden import Golden, codes, load_goldens, play

GOLDEN_LIST = load_goldens()


@pytest.fixture(scope="module")
def engine() -> Engine:
    kb, catalog = load_validated()
    return Engine(kb, catalog, "/guide")


@pytest.fixture(scope="module")
def played(engine: Engine) -> dict[str, list[Turn]]:
    return {g.name: play(engine, g) for g in GOLDEN_LIST}


@pytest.mark.parametrize("golden", GOLDEN_LIST, ids=[g.name for g in GOLDEN_LIST])
def test_golden_conversation(engine: Engine, golden: Golden) -> None:
    play(engine, golden)


def test_enough_goldens_in_both_locales() -> None:
    assert len(GOLDEN_LIST) >= 60
    assert len({g.name for g in GOLDEN_LIST}) == len(GOLDEN_LIST), "golden names are unique"
    locales = {g.locale for g in GOLDEN_LIST}
    assert locales == {"pt-BR", "en"}
    for locale in locales:
        assert sum(g.locale == locale for g in GOLDEN_LIST) >= 20


def _all_turns(played: dict[str, list[Turn]]) -> list[Turn]:
    return [t for turns in played.values() for t in turns]


def test_goldens_cover_every_advice_code(played: dict[str, list[Turn]]) -> None:
    seen = {code for t in _all_turns(played) for code in codes(t)}
    assert set(ADVICE) - seen == set()


def test_goldens_cover_every_section(played: dict[str, list[Turn]]) -> None:
    cited = {c.section for t in _all_turns(played) for c in t.citations}
    assert set(SECTIONS) - cited == set()


def test_goldens_ask_every_question(engine: Engine, played: dict[str, list[Turn]]) -> None:
    asked = {step.node for t in _all_turns(played) for step in t.trace if step.step == "ask"}
    questions = {n.id for n in engine.kb.nodes if isinstance(n, QuestionNode)}
    assert questions - asked == set()


def test_goldens_cover_every_risk_row(engine: Engine, played: dict[str, list[Turn]]) -> None:
    seen = {
        (t.answer.risk.family, t.answer.risk.level)
        for t in _all_turns(played)
        if t.answer and t.answer.risk
    }
    for row in engine.kb.risk_table:
        for rule in row.rules:
            assert (row.family, rule.level) in seen, f"risk row {row.family}/{rule.level}"
