"""Learn the intent model from the reading corpus's dev half: `make learn`.

A logistic regression over the words and word pairs of each message (read the way the engine
reads them: lowercase, no accents, "_" and "-" as spaces). Its weights are written to
``engine/extract/intent_weights.json``; the engine scores messages with them in plain Python,
so scikit-learn is needed only here, never at run time. Training is deterministic: the same
corpus always gives the same file, and a test checks that the committed file is that one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sklearn.feature_extraction.text import CountVectorizer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from engine.extract.learned import TOKEN, WEIGHTS, features_text  # noqa: E402
from tests.reading.corpus import load  # noqa: E402

DIGITS = 3  # decimals kept: far below what changes a decision
KEEP = 0.01  # a feature whose weights all stay below this changes no decision: left out


def train(texts: list[str], intents: list[str]) -> tuple[CountVectorizer, LogisticRegression]:
    vectorizer = CountVectorizer(ngram_range=(1, 2), binary=True, min_df=2, token_pattern=TOKEN)
    model = LogisticRegression(C=1.0, max_iter=5000)
    model.fit(vectorizer.fit_transform(texts), intents)
    return vectorizer, model


def weights(vectorizer: CountVectorizer, model: LogisticRegression) -> dict[str, Any]:
    names = vectorizer.get_feature_names_out()
    features = {
        str(name): [round(float(w), DIGITS) for w in model.coef_[:, index]]
        for index, name in enumerate(names)
        if abs(model.coef_[:, index]).max() >= KEEP
    }
    return {
        "source": "tests/reading/corpus/dev",
        "classes": [str(c) for c in model.classes_],
        "intercept": [round(float(b), DIGITS) for b in model.intercept_],
        "features": dict(sorted(features.items())),
    }


def learned() -> dict[str, Any]:
    entries = load("dev").entries
    vectorizer, model = train([features_text(e.text) for e in entries], [e.intent for e in entries])
    return weights(vectorizer, model)


def dumps(data: dict[str, Any]) -> str:
    """One feature a line, so that a retrained model reads as a diff."""
    head = {k: v for k, v in data.items() if k != "features"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "features": {']
    rows = [
        f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}" for k, v in data["features"].items()
    ]
    lines.append(",\n".join(rows))
    lines.append("}}")
    return "\n".join(lines) + "\n"


def main() -> int:
    WEIGHTS.write_text(dumps(learned()), "utf-8")
    print(f"wrote {WEIGHTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
