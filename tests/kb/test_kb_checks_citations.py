"""Rules on answers and citations: advice codes, sections, parameters, the risk table."""

from __future__ import annotations

from tests.kb.kbcopy import KBCopy

GRAPH = "kb/graph/main.yaml"
ADVICE = "kb/advice.yaml"
SECTIONS = "kb/sections.yaml"
RISK = "kb/risk.yaml"


def test_answer_without_any_citation(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "  cites: [summary]\n", "")
    problem = kb_copy.only("answer-uncited")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: a_outside"))
    assert "answer 'a_outside' cites no section" in problem.message


def test_answer_cites_an_unknown_section(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, "  cites: [summary]\n", "  cites: [summary, sumary]\n")
    problem = kb_copy.only("unknown-section")
    assert (problem.file, problem.line) == ("graph/main.yaml", kb_copy.line(GRAPH, "id: a_outside"))
    assert "answer 'a_outside' cites 'sumary', which is not a section" in problem.message
    assert problem.hint == "did you mean 'summary'?"


def test_advice_cites_an_unknown_section(kb_copy: KBCopy) -> None:
    kb_copy.edit(ADVICE, "cites: [what-gc-does]", "cites: [what-gc-does, faq.stil-oom]")
    problem = kb_copy.only("unknown-section")
    assert (problem.file, problem.line) == ("advice.yaml", kb_copy.line(ADVICE, "explain_gc"))
    assert problem.hint == "did you mean 'faq.still-oom'?"


def test_advice_code_outside_the_contract(kb_copy: KBCopy) -> None:
    kb_copy.append(ADVICE, "- code: enable_gcc\n  cites: [where-to-change]\n")
    kb_copy.edit(GRAPH, "    - code: outside_guide\n", "    - code: outside_guid\n")
    found = kb_copy.problems("unknown-advice")
    assert [(p.file, p.line) for p in found] == [
        ("advice.yaml", kb_copy.line(ADVICE, "enable_gcc")),
        ("graph/main.yaml", kb_copy.line(GRAPH, "id: a_outside")),
    ]
    assert "advice code 'enable_gcc' is not in the contract" in found[0].message
    assert found[0].hint == "did you mean 'enable_gc'?"
    assert "recommends 'outside_guid'" in found[1].message
    assert found[1].hint == "did you mean 'outside_guide'?"


def test_contract_advice_without_an_entry(kb_copy: KBCopy) -> None:
    kb_copy.edit(ADVICE, "- code: explain_gc\n  cites: [what-gc-does]\n", "")
    problem = kb_copy.only("advice-missing")
    assert (problem.file, problem.line) == ("advice.yaml", 0)
    assert "advice code 'explain_gc' has no entry" in problem.message


def test_advice_lacks_the_section_the_contract_requires(kb_copy: KBCopy) -> None:
    kb_copy.edit(ADVICE, "cites: [where-to-change]", "cites: [checklist]")
    problem = kb_copy.only("advice-required-cite")
    assert (problem.file, problem.line) == ("advice.yaml", 1)
    assert "'enable_gc' does not cite 'where-to-change'" in problem.message
    assert problem.hint == "add 'where-to-change' to its cites"


def test_param_reads_an_unknown_fact(kb_copy: KBCopy) -> None:
    kb_copy.edit(ADVICE, "fact: batch_size", "fact: batch_sise")
    problem = kb_copy.only("param-spec")
    assert (problem.file, problem.line) == ("advice.yaml", kb_copy.line(ADVICE, "reduce_batch"))
    assert "reads the unknown fact 'batch_sise'" in problem.message
    assert problem.hint == "did you mean 'batch_size'?"


def test_param_op_that_cannot_work_on_its_fact(kb_copy: KBCopy) -> None:
    kb_copy.edit(ADVICE, "fact: batch_size", "fact: gc")
    problem = kb_copy.only("param-spec")
    assert "op 'halve' needs a number fact, but 'gc' is a enum fact" in problem.message


def test_contract_section_not_declared(kb_copy: KBCopy) -> None:
    kb_copy.edit(SECTIONS, "- id: summary\n", "")
    problem = kb_copy.only("section-not-declared")
    assert (problem.file, problem.line) == ("sections.yaml", 0)
    assert "section 'summary' is not declared" in problem.message


def test_section_outside_the_contract(kb_copy: KBCopy) -> None:
    kb_copy.append(SECTIONS, "- id: faq.stil-oom\n  parent: faq\n")
    problem = kb_copy.only("section-not-in-contract")
    assert (problem.file, problem.line) == ("sections.yaml", kb_copy.line(SECTIONS, "stil-oom"))
    assert problem.hint == "did you mean 'faq.still-oom'?"


def test_section_with_an_unknown_parent(kb_copy: KBCopy) -> None:
    kb_copy.edit(
        SECTIONS, "- id: faq.quality\n  parent: faq\n", "- id: faq.quality\n  parent: fqa\n"
    )
    problem = kb_copy.only("section-parent")
    assert (problem.file, problem.line) == ("sections.yaml", kb_copy.line(SECTIONS, "faq.quality"))
    assert "unknown parent 'fqa'" in problem.message
    assert problem.hint == "did you mean 'faq'?"


def test_section_no_reachable_answer_cites(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, " faq.quality,", "")
    problem = kb_copy.only("section-uncited")
    assert (problem.file, problem.line) == ("sections.yaml", kb_copy.line(SECTIONS, "faq.quality"))
    assert "section 'faq.quality' is cited by no answer reachable" in problem.message


def test_section_cited_only_by_an_unreachable_answer(kb_copy: KBCopy) -> None:
    kb_copy.edit(GRAPH, " faq.quality,", "")
    kb_copy.append(
        GRAPH, "- id: a_lonely\n  kind: answer\n  recommend: [{code: keep_gc_on}]\n"
        "  cites: [faq.quality]\n"
    )  # fmt: skip
    assert kb_copy.only("section-uncited").message.startswith("section 'faq.quality'")


def test_risk_row_for_an_unknown_family(kb_copy: KBCopy) -> None:
    kb_copy.edit(RISK, "- family: z_image", "- family: z_img")
    problem = kb_copy.only("risk-unknown-family")
    assert (problem.file, problem.line) == ("risk.yaml", 1)
    assert "risk row 'z_img' is not a value of 'model_family'" in problem.message
    assert problem.hint == "did you mean 'z_image'?"
    assert "'z_image' has no risk row" in kb_copy.only("risk-missing-family").message


def test_family_without_a_risk_row(kb_copy: KBCopy) -> None:
    text = kb_copy.read(RISK)
    kb_copy.write(RISK, text[: text.index("- family: other")])
    problem = kb_copy.only("risk-missing-family")
    assert (problem.file, problem.line) == ("risk.yaml", 0)
    assert "the model family 'other' has no risk row" in problem.message


def test_two_risk_rows_for_an_unnamed_model(kb_copy: KBCopy) -> None:
    kb_copy.edit(RISK, "- family: video\n", "- family: video\n  unnamed_model: true\n")
    problem = kb_copy.only("risk-unnamed-model-twice")
    assert (problem.file, problem.line) == ("risk.yaml", kb_copy.line(RISK, "family: other"))
    assert "'other' is marked unnamed_model, as 'video' already is" in problem.message


def test_risk_text_missing_in_the_locales(kb_copy: KBCopy) -> None:
    kb_copy.edit(RISK, "reason: risk.video.gc_off", "reason: risk.video.gc_of")
    problem = kb_copy.only("risk-text-missing")
    assert (problem.file, problem.line) == ("risk.yaml", kb_copy.line(RISK, "family: video"))
    assert "names the text 'risk.video.gc_of', missing in pt-BR, en" in problem.message
    assert problem.hint.endswith("did you mean 'risk.video.gc_off'?")


def test_risk_text_not_yet_written_suggests_no_other_row(kb_copy: KBCopy) -> None:
    kb_copy.drop_text("pt-BR", "risk.video.safest")
    kb_copy.drop_text("en", "risk.video.safest")
    problem = kb_copy.only("risk-text-missing")
    assert "'risk.video.safest', missing in pt-BR, en" in problem.message
    assert problem.hint == "write the text 'risk.video.safest' in every locale"
