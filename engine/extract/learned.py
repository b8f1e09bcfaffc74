"""Learned models: weights learned from the reading corpus's dev half, scored here.

Two kinds, both logistic regressions over the words and word pairs of a message:

- **The intent model.** Hand-written cues decide whenever they see evidence (a crash, memory
  trouble the guide does not cover, a question about where a setting is). When they see none and
  would answer "unclear", the learned model reads the words as a whole; its answer counts only
  when it is confident.
- **The fact models**, one per fact whose values are words (GC's state, when it breaks…): a second
  reader of the whole message. A value the rules read but the model finds very unlikely is
  dropped, so the engine asks; a value the rules missed but the model is sure of is set (see
  ``second_opinion``).

The weights are data (``intent_weights.json``, ``fact_weights.json``), written by
``scripts/learn.py``; scikit-learn is needed only there, never at run time.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

from engine.extract.model import MAX_SCAN_CHARS, Evidence
from engine.extract.normalize import fold, spaced
from kb.contract import FactValue

TOKEN: Final = r"[a-z0-9']+"
_TOKEN: Final = re.compile(TOKEN)
_HERE: Final = resources.files("engine.extract")
WEIGHTS: Final = Path(str(_HERE.joinpath("intent_weights.json")))
FACT_WEIGHTS: Final = Path(str(_HERE.joinpath("fact_weights.json")))

# A value the rules read is dropped when the fact model gives the message less than this though
# it reads the rules' own words alone as that value (at least KNOWN): the rest of the message
# argues against it. Where the model does not read the rules' words so ("nunca desliguei o gc":
# a bag of words misses the negation; "after like 2h": too few words), it has no say.
DOUBTED: Final = 0.05
KNOWN: Final = 0.5
# …and a value the rules did not read is set when the fact model gives it at least this. All three
# chosen on the dev half with whole writing batches held out (`scripts/learn.py --check`).
SURE: Final = 0.9
# How many of the words that weighed most for a learned value are looked for in the message as
# its evidence.
_SHOWN: Final = 3
_OPENING: Final = 80  # the evidence of a value whose words are written other than they are read


def features_text(text: str) -> str:
    """The text the models read: folded the way every message is read."""
    return spaced(fold(text))


@lru_cache(maxsize=16)
def features(text: str) -> frozenset[str]:
    """The words and word pairs of ``text`` (one message is scored by several models)."""
    words = _TOKEN.findall(features_text(text[:MAX_SCAN_CHARS]))
    return frozenset(words) | {f"{a} {b}" for a, b in pairwise(words)}


@dataclass(frozen=True)
class LearnedModel:
    classes: tuple[str, ...]
    intercept: tuple[float, ...]
    features: dict[str, tuple[float, ...]]
    sets: bool = True  # a fact model may set a value the rules missed, not only drop one

    @classmethod
    def from_data(
        cls, data: Mapping[str, Any], classes: Sequence[str] | None = None
    ) -> LearnedModel:
        return cls(
            tuple(data["classes"] if classes is None else classes),
            tuple(data["intercept"]),
            {name: tuple(w) for name, w in data["features"].items()},
            bool(data.get("sets", True)),
        )

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> LearnedModel:
        return cls.from_data(json.loads(path.read_text(encoding="utf-8")))

    def probabilities(self, text: str) -> dict[str, float]:
        """P(class | words), as the logistic regression it was learned as computes it."""
        rows = [row for name in features(text) if (row := self.features.get(name)) is not None]
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
        label = max(probabilities, key=probabilities.__getitem__)
        return label, probabilities[label]

    def reasons(self, text: str, label: str) -> list[str]:
        """The words of ``text`` that weighed most for ``label``, heaviest first."""
        column = self.classes.index(label)
        present = sorted(features(text) & self.features.keys())
        weight = {name: self.features[name][column] for name in present}
        return sorted((n for n in present if weight[n] > 0), key=lambda n: -weight[n])[:_SHOWN]


# A fact model's class for "the message does not state this fact".
UNSTATED: Final = "-"


@cache
def model() -> LearnedModel:
    """The intent model, read once (lazily: the script that learns it imports this module)."""
    return LearnedModel.load()


@cache
def fact_models() -> dict[str, LearnedModel]:
    """One model per fact it was learned for, read once."""
    data = json.loads(FACT_WEIGHTS.read_text(encoding="utf-8"))
    return {
        fact: LearnedModel.from_data(one, [label_of(value) for value in one["classes"]])
        for fact, one in data["facts"].items()
    }


def label_of(value: FactValue | None) -> str:
    """A fact's value as a fact model's class name: its JSON, or ``UNSTATED`` for none."""
    return UNSTATED if value is None else json.dumps(value)


def _as_written(text: str, reasons: Sequence[str]) -> str:
    """The first of the words that weighed most as the message writes them, else its opening."""
    low = text.lower()
    for words in reasons:
        at = low.find(words)
        if at >= 0:
            return text[at : at + len(words)]
    return text[:_OPENING].strip()


def second_opinion(
    text: str,
    facts: dict[str, FactValue],
    evidence: tuple[Evidence, ...],
    ruled_out: Set[str] = frozenset(),
) -> tuple[Evidence, ...]:
    """The fact models' check of what the rules read from ``text``; ``facts`` is changed in place
    and the evidence kept or added is returned. A value the model finds very unlikely, though it
    reads the rules' own words as that value, is dropped (a wrong fact gives wrong advice; a
    missing one costs a question); a value the rules missed is set only when the model is sure of
    it, with the words that weighed most as its evidence; never a fact in ``ruled_out``, whose
    words the rules read and found not to tell it."""
    dropped = set()
    added = []
    for fact, learned in fact_models().items():
        probabilities = learned.probabilities(text)
        if fact in facts:
            value = label_of(facts[fact])
            doubt = probabilities.get(value, 0.0)
            words = next((e.evidence for e in evidence if e.fact == fact), "")
            if doubt < DOUBTED and learned.probabilities(words).get(value, 0.0) >= KNOWN:
                dropped.add(fact)
            continue
        label, probability = max(probabilities.items(), key=lambda item: item[1])
        if learned.sets and label != UNSTATED and probability >= SURE and fact not in ruled_out:
            read: FactValue = json.loads(label)
            facts[fact] = read
            added.append(Evidence(fact, read, _as_written(text, learned.reasons(text, label))))
    for fact in dropped:
        del facts[fact]
    return (*(e for e in evidence if e.fact not in dropped), *added)
