"""The scorer behind `make eval`: what counts as a hit, a false fact and a miss."""

from __future__ import annotations

from tests.reading.corpus import Entry
from tests.reading.evaluate import ALL, Read, misses, report, same, score


def _entry(facts: dict[str, object], intent: str = "fix_oom", locale: str = "en") -> Entry:
    code = "en" if locale == "en" else "pt"
    return Entry.model_validate(
        {
            "id": f"d-{code}-0001",
            "locale": locale,
            "style": "discord",
            "text": "x",
            "intent": intent,
            "facts": facts,
        }
    )


def test_a_wrong_value_is_both_a_false_fact_and_a_miss() -> None:
    scores = score([Read(_entry({"batch_size": 2}), {"batch_size": 4}, "fix_oom")])
    tally = scores.facts[("batch_size", ALL)]
    assert (tally.tp, tally.fp, tally.fn) == (0, 1, 1)


def test_an_unannotated_fact_is_false_and_a_missing_one_is_missed() -> None:
    scores = score([Read(_entry({"gc": "disabled"}), {"vram_gb": 24}, "speed")])
    assert scores.facts[("vram_gb", "en")].precision == 0.0
    assert scores.facts[("gc", "en")].recall == 0.0
    assert scores.intent_accuracy() == 0.0
    assert scores.intents[("speed", ALL)].fp == 1


def test_numbers_compare_by_value_and_booleans_by_identity() -> None:
    assert same(24, 24.0)
    assert not same(True, 1)
    assert same([512, 768], [512, 768])


def test_the_report_names_every_fact_and_the_misses_name_the_message() -> None:
    reads = [
        Read(_entry({"batch_size": 2}, locale="pt-BR"), {"batch_size": 2}, "fix_oom"),
        Read(_entry({"gc": "enabled"}), {}, "unclear"),
    ]
    text = report("dev", score(reads))
    assert "batch_size" in text and "gc" in text and "INTENT ACCURACY" in text
    listed = misses(reads, 10)
    assert len(listed) == 1 and "gc: got None, want 'enabled'" in listed[0]
