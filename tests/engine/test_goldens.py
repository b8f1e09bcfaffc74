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


def _questions_before_answer(turns: list[Turn]) -> int:
    asked = 0
    for turn in turns:
        if turn.kind == "answer":
            break
        asked += 1
    return asked


def test_goldens_ask_one_question_or_less_before_the_first_answer(
    played: dict[str, list[Turn]],
) -> None:
    counts = [_questions_before_answer(turns) for turns in played.values()]
    assert sum(counts) / len(counts) <= 1.0


def test_the_styles_goldens_are_answered_at_once_on_average(
    played: dict[str, list[Turn]],
) -> None:
    """The openings written the way people write: the reader fills what they say."""
    styles = [t for name, t in played.items() if name.startswith("style_")]
    assert len(styles) >= 40
    assert sum(map(_questions_before_answer, styles)) / len(styles) <= 0.25


def test_no_golden_asks_for_a_fact_an_earlier_message_stated() -> None:
    """What an earlier step's expectations say is known is never asked again."""
    for golden in GOLDEN_LIST:
        stated: set[str] = set()
        for index, step in enumerate(golden.turns):
            asked = step.expect.question
            assert not asked or asked not in stated, f"{golden.name} turn {index + 1} asks {asked}"
            stated |= set(step.expect.facts)


def test_the_engine_never_asks_for_a_fact_it_knows(played: dict[str, list[Turn]]) -> None:
    for name, turns in played.items():
        for index, turn in enumerate(turns):
            if turn.question is not None:
                assert turn.question.fact not in turn.facts, f"{name} turn {index + 1}"
