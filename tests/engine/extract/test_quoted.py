"""Answers under a quoted question read through the quote: its setting, its polarity."""

from __future__ import annotations

import pytest

from engine.extract import extract, parse_reply
from kb.contract import FactValue


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("> Is gradient checkpointing on in this job?\nyes, batch 1", {"gc": "enabled"}),
        ("> Is gradient checkpointing on in this job?\nnope", {"gc": "disabled"}),
        ("> Is gradient checkpointing on in this job?\nno clue tbh", {"gc": "unknown"}),
        ("> você desligou o gradient checkpointing?\nsim, tá assim", {"gc": "disabled"}),
        ("> o GC tá ligado?\nsim, sempre esteve", {"gc": "enabled"}),
        (
            "> Turn gradient checkpointing back on and retry.\ndid that. it STILL runs out of vram",
            {"gc": "enabled", "gc_retry": "still_oom"},
        ),
        (
            "> Religue o gradient checkpointing e tente de novo.\nfiz isso e resolveu",
            {"gc": "enabled", "gc_retry": "fixed"},
        ),
        (
            "> Do you have a run that trained stably with GC on?\nyes, same dataset",
            {"stable_with_gc": "yes"},
        ),
        ("> Você tem um treino estável com GC ligado?\nnão", {"stable_with_gc": "no"}),
        (
            "> Did re-enabling GC help?\nnope, still OOM on step 2",
            {"gc": "enabled", "gc_retry": "still_oom"},
        ),
        (
            "> Religar o gradient checkpointing resolveu?\nsim!",
            {"gc": "enabled", "gc_retry": "fixed"},
        ),
        (
            "> Turn gradient checkpointing back on and retry.\nit's been on the whole time",
            {"gc": "enabled"},
        ),
    ],
)
def test_an_answer_means_what_its_quote_asks(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {name: found.get(name) for name in facts} == facts


def test_the_answers_own_words_win_over_the_quote() -> None:
    text = "> Is gradient checkpointing on?\nyes it was, but I turned it off yesterday"
    assert extract(text).facts["gc"] == "disabled"


def test_a_quote_without_an_answer_says_nothing() -> None:
    assert "gc" not in extract("> Is gradient checkpointing on in this job?\n").facts
    assert "gc" not in extract("> Is gradient checkpointing on?\nwhat do you mean").facts


def test_the_evidence_names_the_quote_and_the_answer() -> None:
    found = extract("> Is gradient checkpointing on in this job?\nyes")
    said = {e.fact: e.evidence for e in found.evidence}
    assert "Is gradient checkpointing on" in said["gc"] and "yes" in said["gc"]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("> Do you want me to explain what gradient checkpointing does?\nyes pls", "explain"),
        ("> Quer que eu explique o que o gradient checkpointing faz?\nquero sim", "explain"),
        (
            "> Keep batch 1 and raise gradient accumulation.\nhow high can I go? it's 2 now",
            "accumulation",
        ),
        ("> Which model are you training?\nhidream", "unclear"),
    ],
)
def test_an_answer_that_names_nothing_wants_what_its_quote_speaks_of(
    text: str, intent: str
) -> None:
    assert extract(text).intent == intent


def test_no_before_a_step_is_portuguese_in_the() -> None:
    # "no passo 1" answering the GC question says when it crashes, not that GC is off
    assert parse_reply("no passo 1", "gc") is None
    assert parse_reply("no passo 1", "oom_phase") == "first_steps"
    assert extract("gc: 0").facts["gc"] == "disabled"


def test_a_question_that_takes_the_retry_as_done() -> None:
    text = "> What happened when you re-enabled gradient checkpointing?\nnothing changed, still OOM"
    facts = extract(text).facts
    assert facts["gc"] == "enabled"
    assert facts["gc_retry"] == "still_oom"


def test_a_state_followed_by_a_break_is_a_state() -> None:
    assert extract("gradient_checkpointing is currently on (the default)").facts["gc"] == "enabled"
    assert extract("sdxl, bs1, gc on cuz the guide said so").facts["gc"] == "enabled"


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        ("acho que tá ligado o gc mas não tenho certeza, isso interfere?", "unknown"),
        ("gc is on i think, not sure", "unknown"),
        ("gc is on, not sure about low vram", "enabled"),
        ("GC desligado, nao sei se isso importa", "disabled"),
    ],
)
def test_a_state_taken_back_at_once_is_unknown(text: str, gc: str) -> None:
    assert extract(text).facts["gc"] == gc


# Replies under a quoted question are read as answers to it.
ANSWERS_TO_QUOTED_QUESTIONS: list[tuple[str, dict[str, object]]] = [
    (
        "> When does it OOM: while loading, in the first steps, during the previews, or later on?\n"
        "during the sample images. the training steps themselves are fine",
        {"oom_phase": "sampling"},
    ),
    (
        "> Does the OOM happen while loading, in the first steps, or during previews?\n"
        "first step, every time",
        {"oom_phase": "first_steps"},
    ),
    (
        "> Em que momento dá o OOM? Carregando o modelo, nos primeiros passos ou nos previews?\n"
        "nos previews, o treino em si vai",
        {"oom_phase": "sampling"},
    ),
    ("> For the video OOM: how many frames per clip?\n81, at 832x480", {"num_frames": 81}),
    ("> Qual é a VRAM da sua GPU?\n16", {"vram_gb": 16}),
    (
        "> What batch size are you running?\n\n4, but i also tried 2 for a bit, same oom",
        {"batch_size": 4},
    ),
    ("> For this OOM: is low_vram enabled?\nyep it's true", {"low_vram": True}),
    (
        "> Did switching GC back on change anything?\nnot really, it gets further but still OOMs",
        {"gc": "enabled", "gc_retry": "still_oom"},
    ),
    (
        "> In the job that's OOMing, is gradient_checkpointing on or off?\n"
        "off, killed it last week",
        {"gc": "disabled"},
    ),
]


@pytest.mark.parametrize(("text", "facts"), ANSWERS_TO_QUOTED_QUESTIONS)
def test_answers_to_quoted_questions(text: str, facts: dict[str, object]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


def test_that_did_it_is_a_retry_that_fixed_it() -> None:
    found = extract(
        "> Try switching gradient_checkpointing back on and rerun.\nthat did it, thank you!!"
    )
    assert found.facts.get("gc") == "enabled"
    assert found.facts.get("gc_retry") == "fixed"


def test_a_doubted_number_under_a_quote_is_not_taken() -> None:
    found = extract("> What is your gradient accumulation set to?\n1 i think? never touched it")
    assert "gradient_accumulation" not in found.facts


def test_no_crash_answers_the_phase_question_with_none() -> None:
    assert extract("it did not crash, it runs fine", "oom_phase").facts.get("oom_phase") == "none"
    assert extract("first step, every time", "oom_phase").facts.get("oom_phase") == "first_steps"


def test_a_no_to_a_quoted_question_about_a_finished_run_says_no_stable_run() -> None:
    facts = extract(
        "> Have you ever had this job train all the way through with gradient checkpointing on?\n"
        "nope, this is my first lora ever and it keeps running out of memory on step 1"
    ).facts
    assert facts["stable_with_gc"] == "no"
    assert "gc" not in facts  # the quote's "on" is the question's, not the run's


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # numbered questions quoted together, answered by number in one line
        (
            "> 1. Is gradient checkpointing enabled?\n> 2. How much VRAM does your GPU have?\n"
            "> 3. When does it run out of memory?\n1) yes 2) 24gb 3) at the first sample",
            {"gc": "enabled", "vram_gb": 24, "oom_phase": "sampling"},
        ),
        (
            "> 1) Qual a placa? 2) Qual o batch size? 3) Em que momento dá OOM?\n"
            "1- 3090 2- 2 3- no meio do treino, tipo passo 1200",
            {"vram_gb": 24, "batch_size": 2, "oom_phase": "later"},
        ),
        (
            "> 1) GC? 2) batch? 3) resolução máxima? 4) preview?\n"
            "1) on 2) 1 3) 1280 4) desativado\nainda assim OOM no passo 10",
            {"gc": "enabled", "batch_size": 1, "max_resolution": 1280, "sampling_disabled": True},
        ),
        # a state as the whole answer belongs to the setting its question names
        ("> gc?\ndesligado\n> modelo?\nomnigen 2, 24gb", {"gc": "disabled", "vram_gb": 24}),
        # "it was 4, I lowered it to 1" answers the batch question with the value now
        (
            "> what batch size?\nIt was 4 when it crashed the first time, I lowered it to 1"
            " yesterday. Still goes OOM at step 2.",
            {"batch_size": 1},
        ),
        ("> qual batch?\nera 4, baixei pra 2 e continua dando OOM", {"batch_size": 2}),
        # one's own earlier words quoted: the setup the reply then updates
        (
            "> me: batch 4, 1024, qwen edit 2509, GC off\nupdate: dropped to batch 1 and turned"
            " GC on. it gets past the first steps now",
            {"batch_size": 1, "gc": "enabled", "model_family": "qwen_edit"},
        ),
        (
            "> (meu post de ontem) Z-Image De-Turbo, 1536, batch 2, GC off, OOM no passo 3\n"
            "liguei o GC e deixei o resto igual",
            {"batch_size": 2, "gc": "enabled", "model_family": "z_image"},
        ),
        # someone else's words quoted stay context
        ("> bot: batch 4 at 1536 is a lot for 16gb\nyeah it is", {}),
    ],
)
def test_replies_to_several_questions_and_to_oneself(
    text: str, facts: dict[str, FactValue]
) -> None:
    read = extract(text).facts
    assert {name: read.get(name) for name in facts} == facts
    if not facts:
        assert "batch_size" not in read


@pytest.mark.parametrize(
    ("text", "gc", "retry"),
    [
        # done as told, after a filler
        ("> turn gc back on\n\nok, did it, the OOM is gone. but it's slower", "enabled", "fixed"),
        (
            "> set gradient_checkpointing: true and leave everything else alone\n\nok done. still"
            " OOMs, but now it gets to step 900",
            "enabled",
            "still_oom",
        ),
        # it was on all along: nothing was retried
        (
            "> turn GC on\nit IS on. it was on when it crashed, I never turned it off",
            "enabled",
            None,
        ),
    ],
)
def test_an_instruction_quoted_and_done(text: str, gc: str, retry: str | None) -> None:
    facts = extract(text).facts
    assert (facts.get("gc"), facts.get("gc_retry")) == (gc, retry)


def test_an_instruction_naming_stability_asks_nothing_about_a_stable_run() -> None:
    text = "> try disable_sampling: true to see if training itself is stable\nok did it, fine"
    assert "stable_with_gc" not in extract(text).facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "> batch? accumulation? buckets?\n1 / 4 / 768 e 1024. qwen edit, oom no começo",
            {"batch_size": 1, "gradient_accumulation": 4},
        ),
        ("> batch e resolução?\n1 e 1024\ncontinua dando oom", {"batch_size": 1}),
        ("> gc?\n> vram?\noff, 16\nz image turbo oom at step 2", {"gc": "disabled"}),
        ("> gc?\n> vram?\noff, 16\nz image turbo oom at step 2", {"vram_gb": 16}),
    ],
)
def test_settings_asked_in_a_row_are_answered_in_order(
    text: str, expected: dict[str, object]
) -> None:
    facts = extract(text).facts
    assert {k: facts.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        ("> did you try batch 1\nya same crash. hidream, 4090", 1),
        ("> use batch 1\nalready am. wan 2.2 5B, oom at step 1", 1),
        ("> Reduza o Batch Size para 1.\nfiz isso, mesma coisa. crashou de novo", 1),
        ("> tentou batch 1?\nja to em 1 desde o comeco, estoura do mesmo jeito", 1),
        ("> e o batch?\n2, ja tentei 1 tb e deu o mesmo OOM", 2),
    ],
)
def test_a_batch_proposed_and_done_is_the_batch(text: str, batch: int) -> None:
    assert extract(text).facts.get("batch_size") == batch


def test_a_summary_confirmed_gives_its_facts() -> None:
    facts = extract(
        "> So: 12GB card, flux dev, GC off, batch 1 at 512?\nyes that's all correct, and the"
        " first sample kills it"
    ).facts
    assert facts.get("vram_gb") == 12
    assert facts.get("model_family") == "flux_flex"
    assert facts.get("batch_size") == 1


def test_a_summary_corrected_is_not_confirmed() -> None:
    facts = extract("> So: 12GB card, flux dev, batch 1?\nno, 24gb card").facts
    assert facts.get("vram_gb") == 24
    assert "model_family" not in facts
    assert "batch_size" not in facts


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        ("> O GC está ligado ou desligado?\nnem sei oq é isso", "unknown"),
        (
            "> are you sure GC is on?\nhonestly no idea, how do I even check? OOM at step 1",
            "unknown",
        ),
        ("> Is GC enabled?\n\nit's still on yeah, never touched it. OOM on step 1", "enabled"),
        ("> Funciona com o GC ligado?\nnem testei, dizem q fica lento demais", "disabled"),
        (
            "> Does it work with gradient checkpointing on?\nhaven't tried, I heard it's slow",
            "disabled",
        ),
        ("> O GC tá ligado nesse treino lento?\nta sim. nao crasha nada, mas sao 6h", "enabled"),
    ],
)
def test_more_ways_to_answer_whether_gc_is_on(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        ("> How many steps in when it crashes?\nlike 2k something. around 2150", "later"),
        ("> em que passo morre?\nlá pelo 1400", "later"),
        ("> which step does it crash at?\n3", "first_steps"),
    ],
)
def test_a_step_answering_when_it_crashes(text: str, phase: str) -> None:
    facts = extract(text).facts
    assert facts.get("oom_phase") == phase
    assert "max_resolution" not in facts


def test_a_step_asked_beside_another_number_is_not_guessed() -> None:
    facts = extract("> what batch and what step does it oom?\n2").facts
    assert facts.get("batch_size") == 2
    assert "oom_phase" not in facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "> zimage turbo, batch 4 at 1024, GC off, OOM at step 3\n"
            "correction to my own msg: it's batch 2 not 4. everything else is the same",
            {"batch_size": 2, "max_resolution": 1024, "gc": "disabled", "model_family": "z_image"},
        ),
        (
            "> zimage turbo, 1024, batch 2, gc desligado, OOM no passo 3\n"
            "errei ali em cima, a resolucao é 768 e nao 1024. o resto ta certo",
            {"batch_size": 2, "max_resolution": 768, "gc": "disabled", "oom_phase": "first_steps"},
        ),
    ],
)
def test_ones_own_message_quoted_and_corrected(text: str, expected: dict[str, FactValue]) -> None:
    facts = extract(text).facts
    assert {name: facts.get(name) for name in expected} == expected


@pytest.mark.parametrize(
    "text",
    [
        "> Why did you turn GC off in the first place?\nspeed. a tutorial said it's 30% faster",
        "> Por que você desligou o GC?\nli num grupo q com ele ligado a lora fica pior",
    ],
)
def test_asked_why_gc_was_switched_off(text: str) -> None:
    assert extract(text).facts.get("gc") == "disabled"


def test_a_state_answered_with_still() -> None:
    facts = extract("> Is low_vram enabled in the model section?\nstill off. should I?").facts
    assert facts.get("low_vram") is False


@pytest.mark.parametrize(
    "text",
    [
        "> Como estão configurados os previews?\na cada 100 passos, 1024x1024, 40 steps, 6 prompts",
        "> How often do your samples run, and how big?\nevery 100 steps, 1024x1024, 40 steps",
    ],
)
def test_the_previews_settings_answering_a_question_about_them(text: str) -> None:
    facts = extract(text).facts
    assert [facts.get(name) for name in ("sample_every", "sample_width", "sample_steps")] == [
        100,
        1024,
        40,
    ]
    assert "max_resolution" not in facts


@pytest.mark.parametrize(
    "text",
    [
        "> Religar o GC resolveu?\nmelhorou. agora vai ate o passo 1900 e morre",
        "> Did re-enabling GC fix the OOM?\nit got further, step 5 → step 1100, then died again",
        "> Religar o GC resolveu?\nem parte. nas fotos verticais grandes ainda estoura",
    ],
)
def test_a_retry_that_helped_in_part(text: str) -> None:
    facts = extract(text).facts
    assert (facts.get("gc"), facts.get("gc_retry")) == ("enabled", "still_oom")


@pytest.mark.parametrize(
    "text",
    [
        "> How much system RAM does the machine have?\n32gb. htop shows the ram maxing out",
        "> Quanta RAM o sistema tem?\n16gb so. e o htop mostra a ram lotando antes de morrer",
    ],
)
def test_the_system_ram_asked_is_not_the_card(text: str) -> None:
    facts = extract(text).facts
    assert "vram_gb" not in facts
    assert facts.get("memory_kind") == "system"


def test_when_it_breaks_answered_before_the_last_question() -> None:
    text = (
        "> When does it run out of memory: while loading, on the first steps, or later?\n"
        "like 2 hours in. step 2600 or so\n> Is gradient checkpointing on?\noff"
    )
    facts = extract(text).facts
    assert (facts.get("oom_phase"), facts.get("gc")) == ("later", "disabled")


def test_no_oom_so_far_is_no_stable_run_yet() -> None:
    text = (
        "> Did re-enabling gradient checkpointing fix it?\nyep, no OOM so far with GC on, 20 min in"
    )
    assert "stable_with_gc" not in extract(text).facts


@pytest.mark.parametrize(
    "text",
    [
        "> zimage oom again, help\n> What batch size?\n2, buckets 512 768 1024\n> Is GC on?\nno",
        "> deu oom aqui no treino\n> Qual modelo?\nchroma\n> Qual GPU?\n3090",
    ],
)
def test_answers_under_a_quoted_crash_are_about_the_crash(text: str) -> None:
    assert extract(text).intent == "fix_oom"


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        ("> try a smaller batch first\nwent from 4 down to 2, same thing, OOM on step 2", 2),
        ("> diminui o batch\nja ta em 1 mano. continua oom no step 3", 1),
        ("> tenta baixar o batch\nbaixei de 4 pra 2 e continua estourando", 2),
        ("> lower your batch size\nI'm already at 1, still OOM", 1),
        # no number given back: nothing to read
        ("> try a smaller batch\nok, will do", None),
        # a quote about another setting lends the number no batch
        ("> lower the resolution\nwent from 1024 down to 768, same", None),
    ],
)
def test_where_the_batch_is_now_under_advice_to_lower_it(text: str, batch: int | None) -> None:
    assert extract(text).facts.get("batch_size") == batch


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("> liga o low_vram\nliguei, continua oom", {"low_vram": True, "gc": None}),
        (
            "> tenta desativar o sampling\ndesativei, e continua estourando no passo 2",
            {"sampling_disabled": True, "gc": None},
        ),
        ("> turn on low_vram\ndid it, still oom at step 2", {"low_vram": True, "gc": None}),
        ("> liga o gc\nliguei, continua oom", {"gc": "enabled", "gc_retry": "still_oom"}),
    ],
)
def test_an_act_under_a_quoted_setting_is_that_setting_s(
    text: str, facts: dict[str, FactValue | None]
) -> None:
    read = extract(text).facts
    assert {name: read.get(name) for name in facts} == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "> how much vram?\n24, its a 3090\n> batch?\n1\nflux dev, gc off",
            {"vram_gb": 24, "batch_size": 1},
        ),
        ("> quanta vram?\n16\n> e o batch?\n2 em 1024\nzimage", {"vram_gb": 16, "batch_size": 2}),
        (
            "> Qual o batch size?\n1\n> E o gradient accumulation?\n4",
            {"batch_size": 1, "gradient_accumulation": 4},
        ),
    ],
)
def test_each_quoted_question_takes_its_own_answer(text: str, facts: dict[str, object]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts
