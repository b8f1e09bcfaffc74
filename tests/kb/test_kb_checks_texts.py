"""Rules on localized texts: present everywhere, same placeholders, current, well formed."""

from __future__ import annotations

from locales.catalog import source_hash
from tests.kb.kbcopy import KBCopy

PT = "locales/pt-BR/kb.yaml"
EN = "locales/en/kb.yaml"


def test_required_text_missing_in_one_locale(kb_copy: KBCopy) -> None:
    kb_copy.drop_text("en", "node.q_goal.reask")
    problem = kb_copy.only("text-missing")
    assert (problem.file, problem.line) == (EN, 0)
    node_line = kb_copy.line("kb/graph/main.yaml", "id: q_goal")
    assert problem.message == (
        "text 'node.q_goal.reask' is missing in en "
        f"(needed by node 'q_goal' at graph/main.yaml:{node_line})"
    )
    assert problem.hint == f"add 'node.q_goal.reask' to {EN}"


def test_required_text_missing_everywhere_goes_to_the_kb_file(kb_copy: KBCopy) -> None:
    kb_copy.edit("kb/graph/main.yaml", "id: a_outside", "id: a_elsewhere")
    kb_copy.edit("kb/graph/main.yaml", "goto: a_outside", "goto: a_elsewhere")
    found = kb_copy.problems("text-missing")
    assert [(p.file, p.line) for p in found] == [(EN, 0), (PT, 0)]
    assert "'node.a_elsewhere.text' is missing in pt-BR" in found[1].message


def test_text_only_in_some_locales(kb_copy: KBCopy) -> None:
    kb_copy.write("locales/en/config.yaml", "")
    problem = kb_copy.only("text-locale-mismatch")
    assert (problem.file, problem.line) == ("locales/pt-BR/config.yaml", 1)
    assert problem.message == "text 'config.intro' is in pt-BR but not in en"
    assert "add it to locales/en/config.yaml" in problem.hint


def test_placeholders_that_differ_between_locales(kb_copy: KBCopy) -> None:
    kb_copy.edit(EN, "Lower Batch Size to {{ batch_size }}.", "Lower Batch Size to {{ batch }}.")
    problem = kb_copy.only("text-placeholders-differ")
    assert (problem.file, problem.line) == (EN, kb_copy.line(EN, "advice.reduce_batch_size:"))
    assert "reads {batch} in en but {batch_size} in pt-BR" in problem.message


def test_template_reads_a_variable_it_is_not_given(kb_copy: KBCopy) -> None:
    kb_copy.edit(PT, "Risco: {{ level }}", "Risco: {{ levl }}")
    problem = kb_copy.only("text-unknown-variable")
    assert (problem.file, problem.line) == (PT, kb_copy.line(PT, "engine.risk:"))
    assert "text 'engine.risk' reads 'levl', which is not given to it" in problem.message
    assert problem.hint == "did you mean 'level'?"


def test_variables_the_template_sets_itself_are_fine(kb_copy: KBCopy) -> None:
    kb_copy.edit(
        PT,
        "Risco: {{ level }}",
        "{% if level %}{% set shown = level | upper %}Risco: {{ shown }}{% endif %}"
        "{% for i in range(2) %}{{ loop.index }}{% endfor %}",
    )
    assert kb_copy.problems("text-unknown-variable") == []


def test_stale_translation(kb_copy: KBCopy) -> None:
    kb_copy.edit(PT, '"Texto section.faq.title"', '"Perguntas frequentes"')
    problem = kb_copy.only("text-stale")
    assert (problem.file, problem.line) == (EN, kb_copy.line(EN, "section.faq.title:"))
    assert "the en text 'section.faq.title' translates an older text of pt-BR" in problem.message
    assert problem.hint == (
        "update the translation to the current pt-BR text, "
        f"then set its source to {source_hash('Perguntas frequentes')!r}"
    )


def test_translation_without_a_source_hash(kb_copy: KBCopy) -> None:
    kb_copy.drop_text("en", "section.faq.title")
    kb_copy.append(EN, 'section.faq.title: "FAQ"\n')
    problem = kb_copy.only("text-stale")
    assert problem.line == kb_copy.line(EN, "section.faq.title:")
    assert "records no source hash" in problem.message


def test_template_syntax_error(kb_copy: KBCopy) -> None:
    kb_copy.edit(PT, "Risco: {{ level }}", "Risco: {{ level }")
    problem = kb_copy.only("text-syntax")
    assert (problem.file, problem.line) == (PT, kb_copy.line(PT, "engine.risk:"))
    assert "text 'engine.risk' is not a valid template (line 1 of the text)" in problem.message
