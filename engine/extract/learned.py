"""The learned intent model: weights learned from the reading corpus's dev half, scored here.

Hand-written cues decide whenever they see evidence (a crash, memory trouble the guide does not
cover, a question about where a setting is). When they see none and would answer "unclear", the
learned model reads the words as a whole; its answer counts only when it is confident. The
weights are data (``intent_weights.json``, written by ``scripts/learn_intents.py``).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Final

from engine.extract.normalize import fold, spaced

TOKEN: Final = r"[a-z0-9']+"
_TOKEN: Final = re.compile(TOKEN)
WEIGHTS: Final = Path(str(resources.files("engine.extract").joinpath("intent_weights.json")))


def features_text(text: str) -> str:
    """The text the model reads: folded the way every message is read."""
    return spaced(fold(text))


@dataclass(frozen=True)
class IntentModel:
    classes: tuple[str, ...]
    intercept: tuple[float, ...]
    features: dict[str, tuple[float, ...]]

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> IntentModel:
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            tuple(data["classes"]),
            tuple(data["intercept"]),
            {name: tuple(w) for name, w in data["features"].items()},
        )

    def probabilities(self, text: str) -> dict[str, float]:
        """P(intent | words), as the logistic regression it was learned as computes it."""
        words = _TOKEN.findall(features_text(text)[:8192])
        present = set(words) | {f"{a} {b}" for a, b in pairwise(words)}
        rows = [row for name in present if (row := self.features.get(name)) is not None]
        scores = list(self.intercept)
        if rows:
            columns = zip(*rows, strict=True)  # each class's weights of the words present
            scores = [bias + sum(col) for bias, col in zip(scores, columns, strict=True)]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return {c: e / total for c, e in zip(self.classes, exps, strict=True)}

    def best(self, text: str) -> tuple[str, float]:
        probabilities = self.probabilities(text)
        intent = max(probabilities, key=probabilities.__getitem__)
        return intent, probabilities[intent]


@cache
def model() -> IntentModel:
    """The model, read once (lazily: the script that learns it imports this module)."""
    return IntentModel.load()
