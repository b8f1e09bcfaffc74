"""How well the holdout half is read: floors that only ever rise.

The holdout was written by people who never saw the reader's rules, and it is never read while
the reader is tuned; only these totals are. The floors below are the levels the reader has
reached. The product's goal is higher: precision 0.98 for every fact, recall 0.95 overall and
intent accuracy 0.95 (`GOAL`). Raise a floor whenever `make eval` shows the reader above it;
lowering one needs a reason in the commit that does it.
"""

from __future__ import annotations

import pytest

from tests.reading.corpus import load
from tests.reading.evaluate import ALL, Scores, read_all, score

GOAL = {"precision": 0.98, "recall": 0.95, "intent": 0.95}
FLOOR = {"precision": 0.96, "recall": 0.935, "intent": 0.95}
# Facts whose precision is still well below the goal: each holds at its own floor.
FACT_PRECISION_FLOOR = 0.80
FACT_PRECISION_EXCEPTIONS = {"sampling_disabled": 0.4}
MIN_PREDICTIONS = 5  # below this many readings, one miss moves precision by 0.2: not judged


@pytest.fixture(scope="module")
def holdout() -> Scores:
    return score(read_all(load("holdout").entries))


def test_the_floors_never_exceed_the_goal() -> None:
    assert all(FLOOR[k] <= GOAL[k] for k in GOAL)


def test_facts_are_read_precisely(holdout: Scores) -> None:
    overall = holdout.overall()
    assert overall.precision is not None
    assert overall.precision >= FLOOR["precision"]


def test_every_fact_holds_its_precision_floor(holdout: Scores) -> None:
    for (name, locale), tally in holdout.facts.items():
        if locale != ALL or tally.tp + tally.fp < MIN_PREDICTIONS:
            continue
        floor = FACT_PRECISION_EXCEPTIONS.get(name, FACT_PRECISION_FLOOR)
        assert tally.precision is not None
        assert tally.precision >= floor, f"{name}: {tally.precision:.3f} < {floor}"


def test_facts_are_found(holdout: Scores) -> None:
    overall = holdout.overall()
    assert overall.recall is not None
    assert overall.recall >= FLOOR["recall"]


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_intents_are_understood_in_each_language(holdout: Scores, locale: str) -> None:
    accuracy = holdout.intent_accuracy(locale)
    assert accuracy is not None
    assert accuracy >= FLOOR["intent"] - 0.05  # per locale, a little below the whole


def test_intents_are_understood(holdout: Scores) -> None:
    accuracy = holdout.intent_accuracy()
    assert accuracy is not None
    assert accuracy >= FLOOR["intent"]
