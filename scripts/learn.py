"""Learn the reader's models from the reading corpus's dev half: `make learn`.

Logistic regressions over the words and word pairs of each message (read the way the engine reads
them: lowercase, no accents, "_" and "-" as spaces):

- the intent model, written to ``engine/extract/intent_weights.json``;
- one model per fact in ``FACTS`` (its value, or "not stated"), written to
  ``engine/extract/fact_weights.json``: the second opinion on what the rules read.

The engine scores messages with the weights in plain Python, so scikit-learn is needed only here,
never at run time. Training is deterministic: the same corpus always gives the same files, and a
test checks that the committed files are those. ``--check`` prints what the fact models' second
opinion does to messages from writing batches each model never saw (whole batches held out).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sklearn.feature_extraction.text import CountVectorizer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import GroupKFold  # noqa: E402

from engine.extract.learned import (  # noqa: E402
    FACT_WEIGHTS,
    TOKEN,
    UNSTATED,
    WEIGHTS,
    LearnedModel,
    features_text,
    label_of,
)
from tests.reading.corpus import Entry, load  # noqa: E402

DIGITS = 3  # decimals kept: far below what changes a decision
KEEP = 0.01  # an intent feature whose weights all stay below this changes no decision: left out
# The facts whose values are words and whose reading a second opinion improves on batches it
# never saw (`--check`; low_vram and quantize came out worse). A fact model keeps only the words
# that weigh at least FACT_KEEP: a tenth of the features, nearly the same decisions.
FACTS = (
    "gc",
    "oom_phase",
    "stable_with_gc",
    "gc_retry",
    "memory_kind",
    "sampling_disabled",
)
FACT_KEEP = 0.2
# Whose run it was decides these, and words as a bag cannot tell: "my friend's runs finish fine
# with GC on" is no stable run here. Their models only drop a value, never set one (`--check`:
# the values they set were right about 83% of the time, below the rules' 90%).
CHECK_ONLY = ("stable_with_gc",)


def train(texts: list[str], labels: list[str]) -> tuple[CountVectorizer, LogisticRegression]:
    vectorizer = CountVectorizer(ngram_range=(1, 2), binary=True, min_df=2, token_pattern=TOKEN)
    model = LogisticRegression(C=1.0, max_iter=5000)
    model.fit(vectorizer.fit_transform(texts), labels)
    return vectorizer, model


def _columns(model: LogisticRegression) -> tuple[list[list[float]], list[float]]:
    """Each feature's weights per class, and the intercepts, in the softmax form the engine
    scores: a two-class model's single row w becomes (-w/2, w/2), which gives the same odds."""
    if len(model.classes_) == 2:
        row, bias = model.coef_[0], float(model.intercept_[0])
        return [[-w / 2, w / 2] for w in row], [-bias / 2, bias / 2]
    return [list(col) for col in model.coef_.T], [float(b) for b in model.intercept_]


def weights(
    vectorizer: CountVectorizer, model: LogisticRegression, keep: float = KEEP
) -> dict[str, Any]:
    names = vectorizer.get_feature_names_out()
    columns, intercept = _columns(model)
    spread = 2 if len(model.classes_) == 2 else 1  # a two-class weight was halved
    features = {
        str(name): [round(float(w), DIGITS) for w in column]
        for name, column in zip(names, columns, strict=True)
        if max(abs(w) for w in column) * spread >= keep
    }
    return {
        "classes": [str(c) for c in model.classes_],
        "intercept": [round(b, DIGITS) for b in intercept],
        "features": dict(sorted(features.items())),
    }


def learned() -> dict[str, Any]:
    entries = load("dev").entries
    vectorizer, model = train([features_text(e.text) for e in entries], [e.intent for e in entries])
    return {"source": "tests/reading/corpus/dev", **weights(vectorizer, model)}


def fact_labels(entries: Sequence[Entry], fact: str) -> list[str]:
    return [label_of(e.facts.get(fact)) for e in entries]


def fitted_facts() -> dict[str, tuple[CountVectorizer, LogisticRegression]]:
    """Each fact model as scikit-learn learned it, before its light words are left out."""
    entries = load("dev").entries
    texts = [features_text(e.text) for e in entries]
    return {fact: train(texts, fact_labels(entries, fact)) for fact in FACTS}


def learned_facts(
    fitted: dict[str, tuple[CountVectorizer, LogisticRegression]] | None = None,
) -> dict[str, Any]:
    facts = {}
    for fact, (vectorizer, model) in (fitted or fitted_facts()).items():
        one = weights(vectorizer, model, keep=FACT_KEEP)
        one["classes"] = [None if c == UNSTATED else json.loads(c) for c in one["classes"]]
        facts[fact] = {"sets": fact not in CHECK_ONLY, **one}
    return {"source": "tests/reading/corpus/dev", "facts": facts}


def _rows(features: dict[str, list[float]]) -> list[str]:
    return [f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}" for k, v in features.items()]


def dumps(data: dict[str, Any]) -> str:
    """One feature a line, so that a retrained model reads as a diff."""
    head = {k: v for k, v in data.items() if k != "features"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "features": {']
    lines.append(",\n".join(_rows(data["features"])))
    lines.append("}}")
    return "\n".join(lines) + "\n"


def dumps_facts(data: dict[str, Any]) -> str:
    """One feature a line, each fact's model written as ``dumps`` writes one."""
    models = [f"{json.dumps(fact)}: {dumps(one).rstrip()}" for fact, one in data["facts"].items()]
    head = f'{{"source": {json.dumps(data["source"])}, "facts": {{'
    return "\n".join((head, ",\n".join(models), "}}")) + "\n"


def _batch(entry: Entry) -> int:
    """The writing batch of a dev message: its id's hundred (each batch took a hundred ids)."""
    match = re.search(r"\d+$", entry.id)
    assert match is not None
    return int(match.group()) // 100


def check(folds: int = 5) -> str:
    """The dev half read with the rules alone and with the second opinion, where each message's
    fact models were learned without its whole writing batch: what a new writer's messages get.
    The engine reads each message as it does at run time, with the fold's models in place."""
    from unittest import mock

    from tests.reading.evaluate import read_all, report, score

    entries = load("dev").entries
    texts = [features_text(e.text) for e in entries]
    groups = [_batch(e) for e in entries]
    checked = []
    for seen, unseen in GroupKFold(n_splits=folds).split(texts, groups=groups):
        models = {}
        for fact in FACTS:
            labels = fact_labels([entries[k] for k in seen], fact)
            fitted = train([texts[k] for k in seen], labels)
            learned = weights(*fitted, keep=FACT_KEEP)  # classes still labels, as the engine's
            models[fact] = LearnedModel.from_data({**learned, "sets": fact not in CHECK_ONLY})
        with mock.patch("engine.extract.learned.fact_models", return_value=models):
            checked += read_all(entries[k] for k in unseen)
    rules = score(read_all(entries, learned=False))
    return "\n\n".join((report("rules alone", rules), report("checked", score(checked))))


def main(argv: list[str]) -> int:
    if "--check" in argv:
        print(check())
        return 0
    WEIGHTS.write_text(dumps(learned()), "utf-8")
    FACT_WEIGHTS.write_text(dumps_facts(learned_facts()), "utf-8")
    print(f"wrote {WEIGHTS.relative_to(ROOT)} and {FACT_WEIGHTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
