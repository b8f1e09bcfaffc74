"""A job config with nothing asked beside it is diagnosed first; where it and the text disagree,
the config wins and the answer says so."""

from __future__ import annotations

import pytest

from engine.config import read_config
from engine.engine import CONFIG_SIGNAL, Engine
from engine.message import understand
from engine.models import Turn
from engine.state import Opening, Reply
from kb.validate import load_validated
from tests.engine.config.config_support import FIXTURES

ZIMAGE_GC_OFF = (
    (FIXTURES / "ui" / "zimage_turbo.yaml")
    .read_text(encoding="utf-8")
    .replace("gradient_checkpointing: true", "gradient_checkpointing: false")
)


@pytest.fixture(scope="module")
def engine() -> Engine:
    kb, catalog = load_validated()
    return Engine(kb, catalog, "/guide")


def codes(turn: Turn) -> list[str]:
    return [r.code for r in turn.answer.recommendations] if turn.answer else []


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_the_ui_zimage_job_with_gc_off_is_diagnosed_before_any_question(
    engine: Engine, locale: str
) -> None:
    state, turn = engine.start(Opening(locale=locale, config=ZIMAGE_GC_OFF))
    assert turn.kind == "answer"
    assert codes(turn) == ["enable_gc", "start_conservative"]
    assert turn.answer is not None and turn.answer.risk is not None
    assert turn.answer.risk.level == "medium" and turn.answer.risk.family == "z_image"
    assert turn.question is not None and turn.question.fact == "oom_phase"
    assert "none" in [o.value for o in turn.question.options]
    assert "gradient_checkpointing: true" in turn.text  # the key path to change
    assert "goal" not in turn.facts and not turn.done
    assert state.signals == [CONFIG_SIGNAL]


def test_a_diagnosis_of_a_config_alone_is_its_diagnosis(engine: Engine) -> None:
    diagnosis = engine.diagnose(Opening(locale="en", config=ZIMAGE_GC_OFF))
    assert [r.code for r in diagnosis.answer.recommendations] == ["enable_gc", "start_conservative"]
    assert [q.fact for q in diagnosis.missing] == ["oom_phase"]
    assert "risk-families" in {c.section for c in diagnosis.citations}


def test_a_config_read_already_is_diagnosed_as_the_text_would_be(engine: Engine) -> None:
    opening = Opening(locale="pt-BR", config=ZIMAGE_GC_OFF, facts={"goal": "fix_oom"})
    given = engine.diagnose(opening, read_config(ZIMAGE_GC_OFF))
    assert given == engine.diagnose(opening)


def test_an_unclear_answer_to_the_crash_question_is_reasked_then_the_goal_asked(
    engine: Engine,
) -> None:
    state, _ = engine.start(Opening(locale="en", config=ZIMAGE_GC_OFF))
    state, again = engine.reply(state, Reply(text="hmm"))
    assert again.question is not None and again.question.fact == "oom_phase"
    assert any(s.step == "reask" for s in again.trace)
    _, gave_up = engine.reply(state, Reply(text="dunno"))
    assert gave_up.question is not None and gave_up.question.fact == "goal"


def test_a_config_pasted_in_reply_to_the_goal_question_is_diagnosed(engine: Engine) -> None:
    state, first = engine.start(Opening(locale="en", text="hi"))
    assert first.question is not None and first.question.fact == "goal"
    _, turn = engine.reply(state, Reply(text=f"```yaml\n{ZIMAGE_GC_OFF}```"))
    assert turn.kind == "answer" and codes(turn)[0] == "enable_gc"
    assert turn.question is not None and turn.question.fact == "oom_phase"


@pytest.mark.parametrize(
    ("locale", "text", "shown"),
    [
        ("en", "GC is on", ["`train.gradient_checkpointing`", "On (true)", "Off (false)"]),
        ("pt-BR", "o GC tá ligado", ["`train.gradient_checkpointing`", "Ligado", "Desligado"]),
        ("en", "GC is on, batch size 4", ["`train.batch_size`", "**4**", "**1**"]),
    ],
)
def test_where_text_and_config_disagree_the_config_wins_and_says_so(
    engine: Engine, locale: str, text: str, shown: list[str]
) -> None:
    _, turn = engine.start(Opening(locale=locale, text=text, config=ZIMAGE_GC_OFF))
    assert turn.facts["gc"] == "disabled" and turn.facts["batch_size"] == 1
    assert turn.kind == "answer" and codes(turn)[0] == "enable_gc"
    line = next(p for p in turn.text.split("\n\n") if shown[0] in p)
    for fragment in shown:
        assert fragment in line
    assert "(line " in line if locale == "en" else "(linha " in line


@pytest.mark.parametrize(
    ("locale", "text", "said"),
    [
        ("en", "that's the old config. I set batch size 4 since", "after this config was written"),
        ("en", "ignore the checkpointing line, GC is on now", "after this config was written"),
        (
            "pt-BR",
            "essa é a config antiga, depois mudei o batch pra 4",
            "depois desta configuração",
        ),
    ],
)
def test_text_that_says_the_config_changed_since_wins_and_says_so(
    engine: Engine, locale: str, text: str, said: str
) -> None:
    _, turn = engine.start(Opening(locale=locale, text=text, config=ZIMAGE_GC_OFF))
    told = understand(text).facts
    for name in ("gc", "batch_size"):
        if name in told:
            assert turn.facts[name] == told[name] != {"gc": "disabled", "batch_size": 1}[name]
    assert said in turn.text
    assert "config wins" not in turn.text and "vale a configuração" not in turn.text


def test_text_that_agrees_with_the_config_adds_no_line(engine: Engine) -> None:
    _, turn = engine.start(Opening(locale="en", text="GC is off", config=ZIMAGE_GC_OFF))
    assert "config wins" not in turn.text


def test_the_config_mark_is_never_an_outside_guide_topic(engine: Engine) -> None:
    text = "no space left on device in /dev/shm inside docker"
    _, turn = engine.start(Opening(locale="en", text=text, config=ZIMAGE_GC_OFF))
    assert turn.answer is not None
    outside = next(r for r in turn.answer.recommendations if r.code == "outside_guide")
    assert CONFIG_SIGNAL not in outside.params.get("topics", [])
    assert "dev_shm" in outside.params["topics"]


LOG_WITH_SETTINGS = {
    "en": (
        "```\njob: lora_style_v2\ndevice: cuda:0 (NVIDIA A10G)\ngradient_checkpointing: false\n"
        "batch_size: 2\nresolution: 768,1024\nstep 1/2000 ...\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.02 GiB.\n```\n"
    ),
    "pt-BR": (
        "deu isso aqui:\n```\njob: lora_produto\ngradient_checkpointing: false\nbatch_size: 2\n"
        "resolution: 512,768\npasso 1/1500 ...\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.25 GiB.\n```\n"
    ),
}


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_a_pasted_log_that_is_no_job_is_read_as_prose(locale: str) -> None:
    understood = understand(LOG_WITH_SETTINGS[locale])
    assert understood.config_error is not None  # reported, as any job that does not read
    assert understood.facts.get("gc") == "disabled"
    assert understood.facts.get("batch_size") == 2
    assert understood.facts.get("oom_phase") == "first_steps"
    assert understood.intent == "fix_oom"


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_a_turn_on_a_pasted_log_says_it_is_no_job_and_answers_from_its_lines(
    engine: Engine, locale: str
) -> None:
    _, turn = engine.start(Opening(locale=locale, text=LOG_WITH_SETTINGS[locale]))
    assert turn.facts.get("gc") == "disabled"
    assert turn.facts.get("batch_size") == 2
    assert "enable_gc" in codes(turn)
