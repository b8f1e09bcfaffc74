"""Focused behaviours of the engine: skipped questions, re-asks, params, locale and citations."""

from __future__ import annotations

from typing import Any

import pytest

from engine.engine import Engine
from engine.errors import InvalidReply
from engine.models import Recommendation, Turn
from engine.state import ConversationState, Opening, Reply
from kb.conditions import Condition
from kb.contract import SECTIONS, FactValue
from kb.schema import UnaskedFact
from kb.validate import load_validated

GUIDE = "https://guide.example/gc"


@pytest.fixture(scope="module")
def engine() -> Engine:
    kb, catalog = load_validated()
    return Engine(kb, catalog, GUIDE)


def start(
    engine: Engine, text: str | None = None, locale: str = "en", **facts: Any
) -> tuple[ConversationState, Turn]:
    return engine.start(Opening(locale=locale, text=text, facts=facts))


def rec(turn: Turn, code: str) -> Recommendation:
    assert turn.answer is not None
    found = [r for r in turn.answer.recommendations if r.code == code]
    assert found, f"{code} not in {[r.code for r in turn.answer.recommendations]}"
    return found[0]


def codes(turn: Turn) -> list[str]:
    return [r.code for r in turn.answer.recommendations] if turn.answer else []


def _phase_after_an_aside(engine: Engine, reply: str) -> FactValue | None:
    """The OOM reported and GC asked for, the phase a reply gives though nobody asked for it."""
    state, _ = start(engine, "help, out of memory")
    assert state.pending == "q_gc"
    _, turn = engine.reply(state, Reply(text=reply))
    return turn.facts.get("oom_phase")


@pytest.mark.parametrize(
    ("reply", "phase"),
    [("in the first steps", "first_steps"), ("batch 4, in the first steps", None)],
)
def test_a_reply_gives_the_phase_unasked_unless_it_says_more(
    engine: Engine, reply: str, phase: str | None
) -> None:
    assert _phase_after_an_aside(engine, reply) == phase


_OOM = Condition(fact="goal", is_="fix_oom")


@pytest.mark.parametrize(
    ("unasked", "reply", "phase"),
    [
        ((), "in the first steps", None),
        (
            (UnaskedFact(fact="oom_phase", when=Condition(fact="goal", is_="speed")),),
            "in the first steps",
            None,
        ),
        (
            (UnaskedFact(fact="oom_phase", when=_OOM, besides=("batch_size",)),),
            "batch 4, in the first steps",
            "first_steps",
        ),
    ],
    ids=["no-entry", "its-condition-fails", "wider-besides"],
)
def test_what_is_read_unasked_comes_from_the_kb(
    engine: Engine, unasked: tuple[UnaskedFact, ...], reply: str, phase: str | None
) -> None:
    kb = engine.kb.model_copy(update={"unasked": unasked})
    other = Engine(kb, engine.renderer.catalog, GUIDE)
    assert _phase_after_an_aside(other, reply) == phase


def test_a_known_fact_skips_its_question_with_the_reason(engine: Engine) -> None:
    _, turn = start(engine, "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4", "pt-BR")
    skips = {s.node: s.reason for s in turn.trace if s.step == "skip"}
    assert skips == {"q_gc": "known from text"}
    fact = next(s for s in turn.trace if s.step == "fact" and s.fact == "gc")
    assert (fact.value, fact.source) == ("disabled", "text")
    assert fact.evidence


def test_a_caller_fact_is_skipped_as_known_from_caller(engine: Engine) -> None:
    _, turn = start(engine, goal="fix_oom", gc="disabled")
    skips = [(s.node, s.reason) for s in turn.trace if s.step == "skip"]
    assert skips == [("q_gc", "known from caller")]
    assert turn.question is not None and turn.question.fact == "gc_retry"


def test_an_unclear_reply_is_reasked_once_rephrased_then_given_up(engine: Engine) -> None:
    state, first = start(engine, "help, out of memory")
    assert first.question is not None and first.question.fact == "gc"
    state, second = engine.reply(state, Reply(text="blah"))
    assert second.question is not None and second.question.fact == "gc"
    assert second.question.text != first.question.text
    assert [s.step for s in second.trace if s.step in {"reask", "gave_up"}] == ["reask"]
    assert state.attempts == {"q_gc": 1}
    state, third = engine.reply(state, Reply(text="blah"))
    assert [s.step for s in third.trace if s.step in {"reask", "gave_up"}] == ["gave_up"]
    assert "gc" in state.unknown and "gc" not in third.facts
    assert third.question is not None and third.question.fact == "gc_retry"
    assert codes(third) == ["enable_gc"]


def test_a_reply_fills_facts_beyond_the_question(engine: Engine) -> None:
    state, _ = start(engine, "help, out of memory")
    state, turn = engine.reply(state, Reply(text="it's off, Wan 2.2, batch 2, 81 frames"))
    assert {k: turn.facts[k] for k in ("gc", "model_family", "batch_size", "num_frames")} == {
        "gc": "disabled",
        "model_family": "video",
        "batch_size": 2,
        "num_frames": 81,
    }
    assert state.pending == "q_gc_retry"
    state, turn = engine.reply(state, Reply(value="still_oom"))
    state, turn = engine.reply(state, Reply(value="later"))
    skipped = {s.node for s in turn.trace if s.step == "skip"}
    assert {"q_levers_family", "q_levers_batch", "q_num_frames"} <= skipped
    assert turn.done


@pytest.mark.parametrize("phase", ["loading", "first_steps", "sampling", "bucket_spike", "later"])
def test_never_the_gc_off_protocol_to_someone_with_oom(engine: Engine, phase: str) -> None:
    gates: dict[str, Any] = {
        "stable_with_gc": "yes",
        "model_family": "other",
        "batch_size": 1,
        "max_resolution": 768,
        "vram_gb": 80,
        "sampling_disabled": True,
    }
    for goal in ("speed", "fix_oom"):
        _, turn = start(engine, goal=goal, oom_phase=phase, gc="enabled", **gates)
        assert turn.kind == "answer"
        assert "gc_off_test_protocol" not in codes(turn)
        diagnosis = engine.diagnose(Opening(locale="en", facts={**gates, "goal": goal}))
        protocol = [r.code for r in diagnosis.answer.recommendations]
        assert ("gc_off_test_protocol" in protocol) == (goal == "speed")


@pytest.mark.parametrize("family", ["z_image", "qwen_edit", "flux_flex", "video", "other"])
@pytest.mark.parametrize("phase", ["first_steps", "bucket_spike", "later"])
def test_never_lower_a_batch_of_one(engine: Engine, family: str, phase: str) -> None:
    _, turn = start(
        engine, goal="fix_oom", gc="enabled", oom_phase=phase, model_family=family,
        batch_size=1, num_frames=33,
    )  # fmt: skip
    assert turn.kind == "answer"
    assert "reduce_batch_size" not in codes(turn)
    assert "use_gradient_accumulation" not in codes(turn)
    assert codes(turn), "there is always a lever left to try"


@pytest.mark.parametrize(("batch", "halved"), [(2, 1), (4, 2), (5, 2), (16, 8)])
def test_the_batch_to_try_is_half(engine: Engine, batch: int, halved: int) -> None:
    _, turn = start(
        engine, goal="fix_oom", gc_retry="still_oom", oom_phase="first_steps",
        model_family="other", batch_size=batch,
    )  # fmt: skip
    lower = rec(turn, "reduce_batch_size")
    assert lower.params == {"current": batch, "batch_size": halved}
    assert f"from {batch} to {halved}" in lower.text
    accumulate = rec(turn, "use_gradient_accumulation")
    assert accumulate.params["batch_size"] == halved


def test_the_highest_bucket_param_drops_it(engine: Engine) -> None:
    _, turn = start(
        engine, goal="fix_oom", gc="enabled", oom_phase="bucket_spike",
        model_family="z_image", batch_size=1, resolutions=[512, 768, 1024, 1536],
    )  # fmt: skip
    drop = rec(turn, "remove_highest_bucket")
    assert drop.params == {"current": [512, 768, 1024, 1536], "resolutions": [512, 768, 1024]}
    assert "(1536)" in drop.text and "keep 512, 768, 1024" in drop.text


def test_the_answer_follows_the_locale(engine: Engine) -> None:
    text = "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"
    _, pt = start(engine, text, "pt-BR")
    _, en = start(engine, text, "en")
    assert (pt.locale, en.locale) == ("pt-BR", "en")
    assert codes(pt) == codes(en)
    assert pt.text != en.text
    assert "Recomendações" in pt.text and "Recommendations" in en.text
    assert pt.question is not None and en.question is not None
    assert [o.value for o in pt.question.options] == [o.value for o in en.question.options]
    assert [o.label for o in pt.question.options] != [o.label for o in en.question.options]


@pytest.mark.parametrize("locale", ["pt-BR", "en"])
def test_citations_have_localized_titles_and_anchored_urls(engine: Engine, locale: str) -> None:
    _, turn = start(engine, "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4", locale)
    assert turn.citations
    catalog = engine.renderer.catalog
    for citation in turn.citations:
        assert citation.url == f"{GUIDE}#{citation.section}"
        assert citation.number == SECTIONS[citation.section]
        assert citation.title == catalog.text(f"section.{citation.section}.title", locale)
        assert f"]({citation.url})" in turn.text
    assert {"where-to-change", "risk-families"} <= {c.section for c in turn.citations}


def test_templates_are_rendered_with_the_facts(engine: Engine) -> None:
    _, turn = start(
        engine, "OOM at the first preview, gc is on",
        sample_width=1024, sample_height=768, sample_steps=40,
    )  # fmt: skip
    preview = rec(turn, "cheaper_preview")
    assert "(now 1024×768)" in preview.text and "(now 40)" in preview.text
    assert preview.params == {"sample_width": 1024, "sample_steps": 40}
    assert turn.answer is not None
    for text in (turn.text, *(r.text for r in turn.answer.recommendations)):
        assert "{{" not in text and "{%" not in text


def test_a_value_outside_the_options_is_refused(engine: Engine) -> None:
    state, _ = start(engine, "help, out of memory")
    with pytest.raises(InvalidReply, match="not an option"):
        engine.reply(state, Reply(value="maybe"))
    with pytest.raises(InvalidReply):
        engine.reply(state, Reply())


def test_a_value_with_nothing_pending_is_refused(engine: Engine) -> None:
    state, turn = start(engine, "training Killed")
    assert turn.done and state.pending is None
    with pytest.raises(InvalidReply, match="no pending question"):
        engine.reply(state, Reply(value="enabled"))


def test_a_number_question_takes_a_value_and_refuses_nonsense(engine: Engine) -> None:
    state, turn = start(
        engine, goal="fix_oom", gc="enabled", oom_phase="later", model_family="other"
    )
    assert turn.question is not None and turn.question.kind == "number"
    with pytest.raises(InvalidReply):
        engine.reply(state, Reply(value="-3"))
    _, answered = engine.reply(state, Reply(value="3"))
    assert answered.facts["batch_size"] == 3


def test_high_risk_family_names_the_risk_and_the_safest_try(engine: Engine) -> None:
    _, turn = start(engine, "Using Flex.2 with gc off, I get OOM. bs=4, buckets 512-1024")
    assert turn.answer is not None and turn.answer.risk is not None
    risk = turn.answer.risk
    assert (risk.family, risk.level) == ("flux_flex", "high")
    assert risk.reasons and risk.safest_first_try
    assert risk.safest_first_try in turn.text
    assert rec(turn, "start_conservative").params == {"batch_size": 1}


@pytest.mark.parametrize(("marked", "level"), [(True, "medium"), (False, "low")])
def test_an_unnamed_model_is_assessed_by_the_row_the_kb_marks(
    engine: Engine, marked: bool, level: str
) -> None:
    rows = tuple(
        row.model_copy(update={"unnamed_model": marked and row.unnamed_model})
        for row in engine.kb.risk_table
    )
    other = Engine(
        engine.kb.model_copy(update={"risk_table": rows}), engine.renderer.catalog, GUIDE
    )
    diagnosis = other.diagnose(Opening(locale="en", facts={"goal": "fix_oom", "gc": "disabled"}))
    risk = diagnosis.answer.risk
    assert risk is not None and (risk.level, risk.family) == (level, None)
    assert bool(risk.reasons) is marked
