"""The learned fact models: a second opinion on what the rules read from a free message."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.linear_model import LogisticRegression

from engine.extract import extract
from engine.extract.learned import (
    DOUBTED,
    FACT_WEIGHTS,
    KNOWN,
    SURE,
    UNSTATED,
    LearnedModel,
    fact_models,
    features_text,
    label_of,
)
from engine.extract.model import Evidence
from scripts.learn import FACT_KEEP, dumps_facts, fitted_facts, learned_facts
from tests.reading.corpus import load


def _model(fact: str, weights: dict[str, float], bias: float = 0.0) -> dict[str, LearnedModel]:
    """A two-class model of one fact for one value ("disabled" against not stated), as
    ``scripts/learn.py`` writes them: the words' weights halved into the softmax form."""
    value = label_of("disabled")
    features: dict[str, tuple[float, ...]] = {n: (-w / 2, w / 2) for n, w in weights.items()}
    return {fact: LearnedModel((UNSTATED, value), (-bias / 2, bias / 2), features)}


@pytest.fixture(scope="module")
def fitted() -> dict[str, tuple[CountVectorizer, LogisticRegression]]:
    return fitted_facts()


def test_the_committed_fact_weights_are_those_the_dev_half_teaches(
    fitted: dict[str, tuple[CountVectorizer, LogisticRegression]],
) -> None:
    """Nobody edits the weights by hand: `make learn` writes them, and they match a new run."""
    assert FACT_WEIGHTS.read_text(encoding="utf-8") == dumps_facts(learned_facts(fitted))


def test_the_engine_scores_as_the_learned_model_without_its_light_words(
    fitted: dict[str, tuple[CountVectorizer, LogisticRegression]],
) -> None:
    """What `make learn --check` measured is what runs: scikit-learn's model with the weights
    below FACT_KEEP set to zero, two-class models included."""
    entries = load("dev").entries[::97]
    ours = fact_models()
    for fact, (vectorizer, model) in fitted.items():
        coef = model.coef_.copy()
        coef[:, np.abs(coef).max(axis=0) < FACT_KEEP] = 0.0
        scores = vectorizer.transform([features_text(e.text) for e in entries]) @ coef.T
        scores = np.asarray(scores) + model.intercept_
        if len(model.classes_) == 2:
            scores = np.hstack([-scores / 2, scores / 2])
        expected = np.exp(scores - scores.max(axis=1, keepdims=True))
        expected /= expected.sum(axis=1, keepdims=True)
        for entry, row in zip(entries, expected, strict=True):
            got = ours[fact].probabilities(entry.text)
            for label, probability in zip(model.classes_, row, strict=True):
                assert got[str(label)] == pytest.approx(float(probability), abs=0.01), entry.id


def test_a_value_the_model_finds_very_unlikely_is_dropped() -> None:
    text = "gc off and it ooms"
    assert extract(text, learned=False).facts["gc"] == "disabled"
    doubting = _model("gc", {"off": 5.0, "ooms": -12.0}, bias=-1.0)
    assert doubting["gc"].probabilities(text)[label_of("disabled")] < DOUBTED
    assert doubting["gc"].probabilities("gc off")[label_of("disabled")] >= KNOWN  # its words
    with mock.patch("engine.extract.learned.fact_models", return_value=doubting):
        found = extract(text)
    assert "gc" not in found.facts
    assert all(e.fact != "gc" for e in found.evidence)


def test_a_model_that_does_not_read_the_rules_words_so_has_no_say() -> None:
    # A model that knows nothing of these words scores every value low, the rules' own words
    # ("gc off") too: it has no reading of them to set against the rules'.
    text = "gc off and it ooms"
    ignorant = _model("gc", {}, bias=-6.0)
    assert ignorant["gc"].probabilities(text)[label_of("disabled")] < DOUBTED
    with mock.patch("engine.extract.learned.fact_models", return_value=ignorant):
        assert extract(text).facts["gc"] == "disabled"


def test_a_value_the_model_finds_likely_enough_is_kept() -> None:
    text = "gc off and it ooms"
    agreeing = _model("gc", {"off": 0.0}, bias=-2.0)  # P ≈ 0.12: unsure, but not doubted
    assert agreeing["gc"].probabilities(text)[label_of("disabled")] > DOUBTED
    with mock.patch("engine.extract.learned.fact_models", return_value=agreeing):
        assert extract(text).facts["gc"] == "disabled"


def test_a_value_the_rules_missed_is_set_when_the_model_is_sure_with_its_words() -> None:
    text = "flipped the memory saver thing and now the 4090 dies"
    assert "gc" not in extract(text, learned=False).facts
    sure = _model("gc", {"memory saver": 6.0, "flipped": 2.0, "now": 0.5})
    assert sure["gc"].probabilities(text)[label_of("disabled")] >= SURE
    with mock.patch("engine.extract.learned.fact_models", return_value=sure):
        found = extract(text)
    assert found.facts["gc"] == "disabled"
    assert Evidence("gc", "disabled", "memory saver") in found.evidence  # its heaviest words


def test_an_unsure_model_sets_nothing() -> None:
    text = "flipped the memory saver thing and now the 4090 dies"
    unsure = _model("gc", {"memory saver": 1.0})  # P ≈ 0.73
    with mock.patch("engine.extract.learned.fact_models", return_value=unsure):
        assert "gc" not in extract(text).facts


def test_an_answer_to_our_question_is_read_by_the_rules_alone() -> None:
    doubting = _model("gc", {"off": 5.0, "ooms": -12.0}, bias=-1.0)
    with mock.patch("engine.extract.learned.fact_models", return_value=doubting):
        assert "gc" not in extract("gc off and it ooms").facts
        assert extract("gc off and it ooms", expecting="gc").facts["gc"] == "disabled"


def test_the_rules_alone_read_without_the_models() -> None:
    doubting = _model("gc", {"off": 5.0, "ooms": -12.0}, bias=-1.0)
    with mock.patch("engine.extract.learned.fact_models", return_value=doubting):
        assert extract("gc off and it ooms", learned=False).facts["gc"] == "disabled"
