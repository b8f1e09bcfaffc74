"""Shortcuts of the extractor read exactly what the whole pipeline reads."""

from __future__ import annotations

import pickle
import re
from dataclasses import FrozenInstanceError, asdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.extract import extract
from engine.extract.extractor import extract_fact
from engine.extract.model import Evidence, evidence
from engine.extract.normalize import tokenize
from kb.contract import FACTS

_WORDS = st.sampled_from(
    [
        "gc",
        "GC",
        "não",
        "no",
        "off",
        "on",
        "desliguei",
        "ligado",
        "reativei",
        "sem",
        "with",
        "mas",
        "sei",
        "se",
        "devo",
        "idk",
        "quantizado",
        "low_vram",
        "low vram",
        "disable_sampling:",
        "sampling",
        "true",
        "false",
        "OOM",
        "out of memory",
        "Killed",
        "no passo",
        "step",
        "2",
        "3",
        "500",
        "nos primeiros passos",
        "while sampling",
        "loading",
        "buckets",
        "resolution",
        "512",
        "768",
        "1024",
        "1024x1024",
        "512-1024",
        "só",
        "e",
        ",",
        ".",
        "?",
        "\n",
        "train:",
        "gradient_checkpointing: false",
    ]
)
_TEXT = st.one_of(st.text(), st.lists(_WORDS, max_size=30).map(" ".join))


@settings(max_examples=300, deadline=None)
@given(_TEXT, st.sampled_from(sorted(FACTS)))
def test_one_fact_is_read_as_the_whole_extraction_reads_it(text: str, fact: str) -> None:
    assert extract_fact(text, fact) == extract(text).facts.get(fact)


@pytest.mark.parametrize(
    "text",
    [
        "gc batch 4",
        "low vram não está ligado",
        "quantize fp8 mas desliguei",
        "sampling disable_sampling: true",
        "oom nos primeiros passos",
        "oom no passo 3",
        "oom sem oom",
        "buckets 512, 768 e 1024",
        "buckets 1024",
        "buckets 512-1024 only",
    ],
)
def test_one_fact_of_a_reply(text: str) -> None:
    facts = extract(text).facts
    for fact in FACTS:
        assert extract_fact(text, fact) == facts.get(fact), fact


# The word pattern as first written: the one in use must split every text the same way.
_PLAIN_WORDS = re.compile(r"([a-z0-9]+(?:'[a-z]+|(?<=\d)\.\d+(?![a-z]))?)")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab19 .'-,x", max_size=40))
def test_words_split_as_the_plain_pattern_splits_them(text: str) -> None:
    assert list(tokenize(text).words) == _PLAIN_WORDS.split(text)[1::2]


def test_evidence_is_the_dataclass_it_stands_for() -> None:
    made = evidence("batch_size", 4, "batch 4")
    plain = Evidence("batch_size", 4, "batch 4")
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert asdict(made) == asdict(plain)
    assert pickle.loads(pickle.dumps(made)) == plain
    with pytest.raises(FrozenInstanceError):
        made.value = 8  # type: ignore[misc]
