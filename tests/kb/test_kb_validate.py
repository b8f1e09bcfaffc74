"""The validator as a whole: every problem at once, never an exception for bad data."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.problems import KBError
from kb.validate import load_validated, validate
from tests.kb.kbcopy import MINIMAL, KBCopy


def test_minimal_kb_is_valid() -> None:
    report = validate(MINIMAL / "kb", MINIMAL / "locales")
    assert report.problems == ()
    assert report.ok
    assert report.kb is not None
    assert report.catalog is not None


def test_shipped_kb_and_texts_are_valid() -> None:
    report = validate()
    assert report.problems == (), "\n".join(map(str, report.problems))


def test_many_problems_are_reported_together_in_order(kb_copy: KBCopy) -> None:
    kb_copy.edit("kb/graph/main.yaml", "next: q_batch", "next: q_bacth")
    kb_copy.edit("kb/advice.yaml", "cites: [where-to-change]", "cites: [checklist]")
    kb_copy.edit("locales/pt-BR/kb.yaml", "Risco: {{ level }}", "Risco: {{ levl }}")
    kb_copy.edit("kb/gates.yaml", 'is: "yes"', "is: yes")
    problems = kb_copy.validate().problems
    rules = {p.rule for p in problems}
    assert {"unknown-node", "advice-required-cite", "text-unknown-variable"} <= rules
    assert "yaml-1.1-boolean" in rules
    assert list(problems) == sorted(problems, key=lambda p: (p.file, p.line))


def test_schema_errors_from_the_loader_surface(kb_copy: KBCopy) -> None:
    kb_copy.edit("kb/advice.yaml", "- code: enable_gc\n", "- code: enable_gc\n  cite: [faq]\n")
    problem = kb_copy.only("schema")
    assert (problem.file, problem.line) == ("advice.yaml", 2)
    assert "cite" in problem.message


def test_yaml_syntax_error_in_the_kb(kb_copy: KBCopy) -> None:
    kb_copy.edit("kb/signals.yaml", "- id: dev_shm", "- id: [dev_shm")
    problem = kb_copy.only("yaml-syntax")
    assert problem.file == "signals.yaml"


def test_invalid_yaml_in_a_locale_file_is_a_problem(kb_copy: KBCopy) -> None:
    kb_copy.edit("locales/en/kb.yaml", 'text: "Risk: {{ level }}"', 'text: "Risk: {{ level }}')
    report = kb_copy.validate()
    problem = next(p for p in report.problems if p.rule == "yaml-syntax")
    assert problem.file == "locales/en/kb.yaml"
    assert problem.line > kb_copy.line("locales/en/kb.yaml", "engine.risk:")
    assert report.catalog is None


def test_duplicate_key_in_a_locale_file(kb_copy: KBCopy) -> None:
    kb_copy.append("locales/pt-BR/config.yaml", 'config.intro: "De novo"\n')
    problem = kb_copy.only("duplicate-key")
    assert (problem.file, problem.line) == ("locales/pt-BR/config.yaml", 2)


def test_source_hash_read_as_a_number(kb_copy: KBCopy) -> None:
    kb_copy.edit("locales/en/config.yaml", 'source: "8a8898d06732"', "source: 889806732")
    problem = kb_copy.only("locale-source-hash")
    assert (problem.file, problem.line) == ("locales/en/config.yaml", 3)
    assert "read as a number" in problem.message
    assert problem.hint == 'write it in quotes: source: "889806732"'


def test_locale_entry_of_the_wrong_shape(kb_copy: KBCopy) -> None:
    kb_copy.append("locales/en/config.yaml", "config.list: [a, b]\n")
    problem = kb_copy.only("locale-file")
    assert (problem.file, problem.line) == ("locales/en/config.yaml", 4)


def test_locale_file_that_is_not_utf8(kb_copy: KBCopy) -> None:
    (kb_copy.locales_root / "en" / "config.yaml").write_bytes(b'config.intro: "caf\xe9"\n')
    report = kb_copy.validate()
    assert [(p.rule, p.file) for p in report.problems] == [
        ("locale-file", "locales/en/config.yaml")
    ]
    assert "not UTF-8" in report.problems[0].message


def test_missing_directories(tmp_path: Path) -> None:
    assert validate(tmp_path / "nokb", MINIMAL / "locales").problems[0].rule == "kb-missing"
    report = validate(MINIMAL / "kb", tmp_path / "nolocales")
    assert [p.rule for p in report.problems] == ["locale-file"]


def test_load_validated_returns_a_ready_catalog() -> None:
    kb, catalog = load_validated(MINIMAL / "kb", MINIMAL / "locales")
    assert kb.start == "start"
    assert catalog.render("engine.risk", "en", {"level": "high"}) == "Risk: high"


def test_load_validated_raises_with_every_problem(kb_copy: KBCopy) -> None:
    kb_copy.edit("kb/graph/main.yaml", "next: q_batch", "next: q_bacth")
    kb_copy.edit("kb/advice.yaml", "cites: [where-to-change]", "cites: [checklist]")
    with pytest.raises(KBError) as caught:
        load_validated(kb_copy.kb_root, kb_copy.locales_root)
    assert {"unknown-node", "advice-required-cite"} <= {p.rule for p in caught.value.problems}
    assert "did you mean 'q_batch'?" in str(caught.value)
