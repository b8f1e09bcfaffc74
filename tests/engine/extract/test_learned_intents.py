"""The learned intent model: learned from the dev half, scored as scikit-learn scores it."""

from __future__ import annotations

import json

import pytest

from engine.extract import extract
from engine.extract.learned import WEIGHTS, LearnedModel, features_text, model
from scripts.learn import dumps, learned, train
from tests.reading.corpus import load


def test_the_committed_weights_are_those_the_dev_half_teaches() -> None:
    """Nobody edits the weights by hand: `make learn` writes them, and they match a new run."""
    assert WEIGHTS.read_text(encoding="utf-8") == dumps(learned())


def test_the_engine_scores_a_message_as_the_learned_model_does() -> None:
    entries = load("dev").entries[::7]
    all_dev = load("dev").entries
    vectorizer, fitted = train(
        [features_text(e.text) for e in all_dev], [e.intent for e in all_dev]
    )
    expected = fitted.predict_proba(vectorizer.transform([features_text(e.text) for e in entries]))
    ours = model()
    for entry, row in zip(entries, expected, strict=True):
        got = ours.probabilities(entry.text)
        # The committed weights are rounded and the smallest left out, which moves a long
        # message's probabilities a little (a pasted nvidia-smi table has hundreds of words)
        for intent, probability in zip(fitted.classes_, row, strict=True):
            assert got[str(intent)] == pytest.approx(float(probability), abs=0.02), entry.id
        if sorted(row)[-1] - sorted(row)[-2] > 0.02:  # not a near tie: the same answer
            assert max(got, key=got.__getitem__) == str(fitted.classes_[row.argmax()]), entry.id


def test_the_model_speaks_only_where_the_cues_see_nothing() -> None:
    # A crash is read from its words, whatever the model would say of the rest.
    assert extract("zimage oom at step 2, gc off").intent == "fix_oom"
    # Nothing the cues know, but the words as a whole ask for an explanation.
    text = "so with GC on it throws away the in-between stuff and does the math again later?"
    assert model().best(text)[0] == extract(text).intent


def test_an_unsure_model_changes_nothing() -> None:
    assert extract("hello").intent == "off_topic"
    assert extract("bom dia pessoal!").intent == "off_topic"  # a greeting alone
    assert extract("flux dev 4090").intent == "unclear"


@pytest.mark.parametrize("text", ["👍", "🙏🙏", "eae", "blz", "anyone awake", "alguem ai? 🙃"])
def test_a_nod_or_a_hello_alone_is_off_topic(text: str) -> None:
    assert extract(text).intent == "off_topic"


def test_the_weights_file_names_its_source_and_classes() -> None:
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert data["source"] == "tests/reading/corpus/dev"
    assert set(data["classes"]) >= {"fix_oom", "where_to_change", "unclear"}
    loaded = LearnedModel.load()
    assert len(loaded.classes) == len(loaded.intercept) == len(data["classes"])
