"""Properties over any text: extraction never raises and only speaks the contract's vocabulary."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.extract import MAX_SCAN_CHARS, SIGNALS, extract, parse_reply
from kb.contract import FACTS, FactType, FactValue

# Text built from the words the extractor cares about, so the interesting paths are reached.
_WORDS = st.sampled_from(
    [
        "gc",
        "GC",
        "não",
        "not",
        "no",
        "off",
        "on",
        "desliguei",
        "ligado",
        "reativei",
        "still",
        "ainda",
        "OOM",
        "out",
        "of",
        "memory",
        "batch",
        "4",
        "bs=2",
        "1024x1024",
        "512-1024",
        ",",
        ".",
        ";",
        "?",
        ":",
        "=",
        "\n",
        "```",
        "train:",
        "gradient_checkpointing:",
        "false",
        "Z-Image",
        "4090",
        "24GB",
        "Killed",
        "step",
        "3",
        "sample",
        "every",
        "250",
        "frames",
        "81",
        "sem",
        "with",
        "mas",
        "but",
        "sei",
        "se",
        "idk",
        "quantizado",
        "low_vram",
        "true",
        "resolution",
        "[512,",
        "768]",
        "0",
        "-9",
        "137",
        "/dev/shm",
    ]
)
_TEXT = st.one_of(st.text(), st.lists(_WORDS, max_size=40).map(" ".join))


def _fits(spec_type: FactType, values: tuple[str, ...], value: FactValue) -> bool:
    if spec_type is FactType.ENUM:
        return isinstance(value, str) and value in values
    if spec_type is FactType.BOOL:
        return isinstance(value, bool)
    if spec_type is FactType.INT:
        return isinstance(value, int) and not isinstance(value, bool) and value > 0
    if spec_type is FactType.NUMBER:
        return isinstance(value, int | float) and not isinstance(value, bool) and value > 0
    return isinstance(value, list) and all(isinstance(v, int) and v > 0 for v in value)


@settings(max_examples=300, deadline=None)
@given(_TEXT)
def test_extract_never_raises_and_facts_match_the_contract(text: str) -> None:
    result = extract(text)
    for name, value in result.facts.items():
        spec = FACTS[name]
        assert _fits(spec.type, spec.values, value), (name, value)
    assert result.signals <= SIGNALS
    assert result.locale in ("pt-BR", "en", None)
    for item in result.evidence:
        assert result.facts[item.fact] == item.value
        assert item.evidence in text


@settings(max_examples=200, deadline=None)
@given(_TEXT, st.sampled_from(sorted(FACTS)))
def test_parse_reply_never_raises_and_fits_the_fact(text: str, fact: str) -> None:
    value = parse_reply(text, fact)
    if value is not None:
        spec = FACTS[fact]
        assert _fits(spec.type, spec.values, value), (fact, value)


def test_only_the_first_part_of_a_long_text_is_read() -> None:
    text = "x " * MAX_SCAN_CHARS + "desliguei o GC"
    assert extract(text).facts == {}


def test_unknown_fact_reply_is_none() -> None:
    assert parse_reply("sim", "not_a_fact") is None
