"""The corpus itself: well formed, large enough, both languages, both halves."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reading.corpus import HALVES, CorpusError, load


@pytest.mark.parametrize("half", HALVES)
def test_each_half_loads_with_both_locales(half: str) -> None:
    entries = load(half).entries
    for locale in ("en", "pt-BR"):
        assert sum(e.locale == locale for e in entries) >= 150, (half, locale)


def test_the_whole_corpus_has_at_least_300_messages_per_locale() -> None:
    entries = [e for half in HALVES for e in load(half).entries]
    assert sum(e.locale == "en" for e in entries) >= 300
    assert sum(e.locale == "pt-BR" for e in entries) >= 300


def test_every_intent_appears_in_the_holdout() -> None:
    intents = {e.intent for e in load("holdout").entries}
    assert intents >= {"fix_oom", "outside_guide", "speed", "explain", "quality"}
    assert intents >= {"where_to_change", "accumulation", "off_topic", "unclear"}


def test_a_broken_entry_is_reported_with_its_file_and_field(tmp_path: Path) -> None:
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "en.yaml").write_text(
        "- id: d-en-0001\n  locale: en\n  style: discord\n  text: hi\n  intent: fix_oom\n"
        "  facts: {batch_size: 0, gc: maybe}\n",
        encoding="utf-8",
    )
    with pytest.raises(CorpusError) as raised:
        load("dev", tmp_path)
    problems = "\n".join(raised.value.problems)
    assert "en.yaml entry 1 (d-en-0001)" in problems
    assert "batch_size" in problems
