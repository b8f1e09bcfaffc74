"""Phrasings about gradient checkpointing itself: its state, negations, doubts, retries."""

from __future__ import annotations

import pytest

from engine.extract import extract
from kb.contract import FactValue

CASES: list[tuple[str, dict[str, FactValue]]] = [
    # plain states, pt-BR
    ("desliguei o GC", {"gc": "disabled"}),
    ("GC ligado", {"gc": "enabled"}),
    ("já ativei o GC", {"gc": "enabled"}),
    ("ja ativei o gc", {"gc": "enabled"}),
    ("estou sem gradient checkpointing", {"gc": "disabled"}),
    ("treinando com GC desligado", {"gc": "disabled"}),
    ("deixei o gradient checkpointing desativado", {"gc": "disabled"}),
    ("o gc tá ligado", {"gc": "enabled"}),
    ("desativei o Gradient Checkpointing pra ganhar tempo", {"gc": "disabled", "goal": "speed"}),
    ("habilitei o gradient checkpointing", {"gc": "enabled"}),
    # plain states, en
    ("GC off", {"gc": "disabled"}),
    ("gc on", {"gc": "enabled"}),
    ("gc=false", {"gc": "disabled"}),
    ("gc = true", {"gc": "enabled"}),
    ("gradient_checkpointing: false", {"gc": "disabled"}),
    ("gradient_checkpointing: true", {"gc": "enabled"}),
    ("gradient-checkpointing is off", {"gc": "disabled"}),
    ("turned off gradient checkpointing", {"gc": "disabled"}),
    ("I disabled GC", {"gc": "disabled"}),
    ("with gradient checkpointing enabled", {"gc": "enabled"}),
    ("I switched GC off to make it faster", {"gc": "disabled", "goal": "speed"}),
    ("training without gradient checkpointing", {"gc": "disabled"}),
    ("no gradient checkpointing", {"gc": "disabled"}),
    ("I enabled gradient checkpointing", {"gc": "enabled"}),
    ("gradient checkpointing set to false", {"gc": "disabled"}),
    # negation
    ("GC não está desligado", {"gc": "enabled"}),
    ("o GC nao esta desligado", {"gc": "enabled"}),
    ("I didn't disable GC", {"gc": "enabled"}),
    ("i didnt turn off gc", {"gc": "enabled"}),
    ("não ativei o GC", {"gc": "disabled"}),
    ("n ativei o gc", {"gc": "disabled"}),
    ("not using gradient checkpointing", {"gc": "disabled"}),
    ("I'm not using GC", {"gc": "disabled"}),
    ("GC isn't enabled", {"gc": "disabled"}),
    ("nunca desliguei o GC", {"gc": "enabled"}),
    ("GC is not disabled", {"gc": "enabled"}),
    ("no OOM with GC on", {"gc": "enabled", "oom_phase": "none", "stable_with_gc": "yes"}),
    ("gradient checkpointing is not disabled", {"gc": "enabled"}),
    ("I never turned off GC", {"gc": "enabled"}),
    ("GC was never on", {"gc": "disabled"}),
    ("I didn't disable gradient checkpointing", {"gc": "enabled"}),
    ("o GC não está desativado", {"gc": "enabled"}),
    ("não desativei o gradient checkpointing", {"gc": "enabled"}),
    # doubt and wishes
    ("não sei se o GC está ligado", {"gc": "unknown"}),
    ("not sure if gradient checkpointing is enabled", {"gc": "unknown"}),
    ("idk if gc is on", {"gc": "unknown"}),
    ("nem sei se o gradient checkpointing ta ativado", {"gc": "unknown"}),
    # a wish to run with GC off is the speed experiment of section 6; it says nothing of the setup
    ("devo desligar o GC?", {"goal": "speed"}),
    ("should I turn off gradient checkpointing?", {"goal": "speed"}),
    ("quero desativar o GC pra acelerar", {"goal": "speed"}),
    ("is it safe to disable GC?", {"goal": "speed"}),
    ("nao sei se ta ligado o gc", {"gc": "unknown"}),
    ("gc unknown", {"gc": "unknown"}),
    ("desligar o gc deixa a lora melhor?", {"goal": "quality"}),
    (
        "posso comecar o primeiro treino ja com gc desligado?",
        {"goal": "speed", "stable_with_gc": "no"},
    ),
    ("should I start my first training with gc off?", {"goal": "speed", "stable_with_gc": "no"}),
    ("sem GC da oom", {"goal": "fix_oom", "gc": "disabled"}),
    (
        "reativei o gc e resolveu! mas agora ta lento, como acelero sem desligar?",
        {"goal": "speed", "gc": "enabled", "gc_retry": "fixed"},
    ),
    (
        "Fixed the OOM by turning gc back on. Now, how can I speed it up?",
        {"goal": "speed", "gc": "enabled", "gc_retry": "fixed"},
    ),
    (
        "Is it ok to disable gradient checkpointing for speed? my run is stable, previews disabled",
        {"goal": "speed", "stable_with_gc": "yes", "sampling_disabled": True},
    ),
    # typos
    ("gradiant checkpoint off", {"gc": "disabled"}),
    ("gradient checkpoiting desligado", {"gc": "disabled"}),
    ("desliguei o gradient checkpointng", {"gc": "disabled"}),
    ("grad checkpointing on", {"gc": "enabled"}),
    # retries
    (
        "já reativei o GC e continua dando OOM",
        {"gc": "enabled", "gc_retry": "still_oom", "goal": "fix_oom"},
    ),
    ("turned GC back on, still OOM", {"gc": "enabled", "gc_retry": "still_oom", "goal": "fix_oom"}),
    ("reativei e resolveu", {"gc": "enabled", "gc_retry": "fixed"}),
    ("reativei o GC e resolveu", {"gc": "enabled", "gc_retry": "fixed"}),
    ("re-enabled gradient checkpointing and it works now", {"gc": "enabled", "gc_retry": "fixed"}),
    (
        "ativei o GC e ainda tenho OOM",
        {"gc": "enabled", "gc_retry": "still_oom", "goal": "fix_oom"},
    ),
    (
        # GC on and an OOM is no retry: gc_retry is what switching it back on did.
        "mesmo com GC ligado dá OOM",
        {"gc": "enabled", "goal": "fix_oom"},
    ),
    (
        "even with gradient checkpointing on it still OOMs",
        {"gc": "enabled", "goal": "fix_oom"},
    ),
    (
        "desliguei o GC e deu OOM, reativei e continua dando OOM",
        {"gc": "enabled", "gc_retry": "still_oom", "goal": "fix_oom"},
    ),
    ("liguei de novo o gradient checkpointing e deu certo", {"gc": "enabled", "gc_retry": "fixed"}),
    (
        "reativei o GC e não dá mais OOM",
        {"gc": "enabled", "gc_retry": "fixed"},
    ),
    # stability with GC on
    ("treino estável com GC", {"gc": "enabled", "stable_with_gc": "yes"}),
    ("it runs fine with GC on", {"gc": "enabled", "stable_with_gc": "yes", "oom_phase": "none"}),
    ("com GC ligado roda bem", {"gc": "enabled", "stable_with_gc": "yes"}),
    (
        "with gradient checkpointing on it was never stable",
        {"gc": "enabled", "stable_with_gc": "no"},
    ),
    (
        "com GC ligado funcionava bem, mas desliguei e agora dá OOM",
        {"gc": "disabled", "stable_with_gc": "yes", "goal": "fix_oom"},
    ),
    # a run that went through, told as such
    (
        "it worked with gc on. i turned it off. now oom",
        {"gc": "disabled", "stable_with_gc": "yes", "goal": "fix_oom"},
    ),
    (
        "com gradient_checkpointing: true rodava, troquei pra false e agora dá OOM",
        {"gc": "disabled", "stable_with_gc": "yes", "goal": "fix_oom"},
    ),
    (
        # the job trained until the update broke it
        "depois do git pull o mesmo job dá OOM no passo 1, GC ligado",
        {"gc": "enabled", "stable_with_gc": "yes", "goal": "fix_oom", "oom_phase": "first_steps"},
    ),
]


@pytest.mark.parametrize(("text", "facts"), CASES)
def test_gc_phrasing(text: str, facts: dict[str, FactValue]) -> None:
    assert extract(text).facts == facts


def test_negated_off_is_never_read_as_disabled() -> None:
    assert extract("GC não está desligado").facts.get("gc") != "disabled"


def test_gc_evidence_quotes_the_words_as_written() -> None:
    evidence = {e.fact: e.evidence for e in extract("Eu NÃO desliguei o GC.").evidence}
    assert evidence["gc"] == "NÃO desliguei o GC"


def test_last_statement_about_gc_wins() -> None:
    assert extract("I had GC off; now gradient checkpointing is on").facts["gc"] == "enabled"


# (text, GC's state read, or None for none)
OTHER_SWITCHES_AND_DEFAULTS: list[tuple[str, str | None]] = [
    # an "off" beside another thing people switch is said of that thing
    ("gc on, previews desligados, low_vram true, e ainda OOM", "enabled"),
    # "without turning GC off" keeps it on; the samples switched off are not GC
    ("dá pra acelerar sem desligar o gc? já desativei os samples", "enabled"),
    ("GC ligado, EMA off, batch 1", "enabled"),
    ("GC ligado. depois de 2h o PC desligou sozinho", "enabled"),
    ("gc on, and then the pc turned off by itself", "enabled"),
    # left at its default: people disagree on what the default is, so it says nothing
    ("haven't messed with checkpointing at all and it still OOMs", None),
    ("nunca mexi no gradient checkpointing", None),
    ("gc? default, I didn't touch it", None),
    ("GC was never touched so it's on", "enabled"),  # its "never" does not negate "on"
    ("havent messed with gc at all, it's off now", "disabled"),
    # a guess is no statement; a doubt is
    ("i think GC is on? flux dev oom at step 1", None),
    ("gc was on i think? then i changed a bunch of settings", None),
    ("acho q o gc ta ligado, nao tenho ctz", None),
    ("tenho quase ctz q o checkpointing ta ligado", None),
    ("i don't know if gc is on", "unknown"),
    ("gc eu nem sei se ta ligado", "unknown"),  # the doubt between the name and its state
    ("Nunca mexi no gradient checkpointing, tá ligado por padrão né?", None),  # asked back
    # a wish to switch it off, or the other side of a comparison, says nothing of it now
    ("would love to turn gc off to speed things up. nothing's crashing", None),
    ("wondering if fewer sample steps would speed things up more than turning gc off", None),
    # not a switch: a value gone back to, a setting not found
    ("bs 2 runs fine, bs 4 OOMs so I'm back on 2", None),
    ("3060 ti sd 1.5 gc off 512 bs 2 oom passo 1, ligo o gc de volta?", "disabled"),
    # told of their own run inside a question
    ("is it normal that flux kontext trains at like 9s/it with gc on? on a 4090", "enabled"),
    ("o que deixa o treino mais rapido sem desligar o gc? flux dev, A10G, bs 1", "enabled"),
    ("gc off gives me like 20% faster on zit, stable. any downside to keeping it off?", "disabled"),
    # "on" before the next item of a list is no preposition
    ("buckets 512 768 1024. gc on bs 1", "enabled"),
    # as people write it when English or Portuguese is not their first language
    ("I desactivated the gradient checkpointing for to have more velocity", "disabled"),
    ("Training Wan2.1 T2V 1.3B with 33 frame. GC is activate. Still the OOM come", "enabled"),
    # "on" before the next value of a list; a question typed without its mark
    ("my zit lora looks like mush after 3k steps 😐 gc on bs1 768", "enabled"),
    (
        "Training Qwen Edit with gradient_checkpointing disabled. Is there any way to keep gc"
        " off on 24GB?",
        "disabled",
    ),
    (
        "40 hours for one lora. GC on, no crash, 3060. so do I just turn it off and pray or what",
        "enabled",
    ),
    # the setup kept, said as a condition
    ("If I keep batch 1 with GC on, does gradient_accumulation 4 behave like batch 4?", "enabled"),
    (
        "Se eu ficar em batch 1 com GC ligado, gradient_accumulation 4 funciona igual batch 4?",
        "enabled",
    ),
    # what was run before, told in the past, after the switch
    (
        "sdxl em 1024, batch 1. tirei o gradient checkpointing pra testar e agora falta memória"
        " na gpu logo de cara. com ele ligado já treinei uns 4 loras tranquilo",
        "disabled",
    ),
    # the calm side set beside the crash; keeping it off is a wish
    (
        "Training Qwen Edit with gradient_checkpointing disabled, batch_size 2. OOM at the first"
        " step. With gc enabled + bs 1 it trains fine. Is there any way to keep gc off on 24GB?",
        "disabled",
    ),
    (
        "Tested GC off: an OOM spike at the 1024 bucket. Switched it back on and it runs fine"
        " again. Is there any way to keep GC off and still keep that bucket?",
        "enabled",
    ),
    # no key at all is the default, not off
    ("My yaml has no gradient_checkpointing key anywhere. Where do I add it?", None),
    # what they did, then asked about; "on" before a word that is no object
    ("turned gc on and now the samples look worse?? coincidence?", "enabled"),
    ("zit lora 3090 gc on thoughts", "enabled"),
    (
        "LoRA looks overcooked at 3000 steps. GC was on. Should I have turned GC off for it?",
        "enabled",
    ),
    # a key only to be tried
    (
        "gradient checkpointing on, no OOM. What else can I change before I start experimenting"
        " with gradient_checkpointing: false?",
        "enabled",
    ),
    ("I turned off the gradient check point and now is giving out of memory", "disabled"),
    # a wish given as the reason; an infinitive told as done
    ("GC TÁ DESLIGADO PQ QUERO VELOCIDADE", "disabled"),
    ("desligar o gradient checkpointing foi mesmo a melhor ideia da semana 🙃", "disabled"),
    ("é, desligar o GC deixou TUDO muito mais rápido. agora dá OOM em 4 segundos", "disabled"),
    # a switched "it" names the setting named before it
    (
        "all with gradient checkpointing on, never a problem. I read that turning it off is"
        " free speed so I did, and now it OOMs before a single step",
        "disabled",
    ),
    # the calm side set beside the crash
    (
        "deu OOM no step 1 depois q desmarquei o gradient checkpointing."
        " com ele marcado tava de boa",
        "disabled",
    ),
    # what would happen without it: it is on
    (
        "without gradient checkpointing it runs out of memory, with it it's painfully slow",
        "enabled",
    ),
    # two setups weighed in one question: neither is the run's
    ("what's faster: GC on + bs 4, or GC off + bs 1? no crashes either way so far", None),
    # switched back after a key was quoted
    (
        "First I had gradient_checkpointing: false and it died at step 1. Set it back to true",
        "enabled",
    ),
    # an act suggested, then done
    (
        "A guide said to untick gradient checkpointing to go faster, so I did. OOM at step 1",
        "disabled",
    ),
    # the act a video suggested, then done; the one key changed
    (
        "Vi num vídeo que desligar o gradient checkpointing deixa rápido, então coloquei false",
        "disabled",
    ),
    (
        "Por que desligar o GC dá OOM do nada? Só mudei essa chave e agora estoura no passo 2",
        "disabled",
    ),
    ("I see Batch Size, Steps, Unload TE... but no checkpointing anywhere", None),
    # "too", "também": the state said just before
    ("turned low_vram off cuz it was slow, and GC too. now oom at step 2", "disabled"),
    ("ja ta com quantize e low vram ligado\ngc tbm", "enabled"),
    ("acho que é porque desliguei o gc", "disabled"),  # the guess is about the cause
    # a state word with nothing named refers to the setting switched before it
    (
        "Switched GC back on and the OOMs stopped. Today I turned it off again, dies at step 2",
        "disabled",
    ),
    # told, then asked where to change it: the run's state
    ("it OOMs right at the start with gc off, where do i flip it back on in the ui?", "disabled"),
    # but "not touched since" keeps whatever it was set to before
    ("turned GC off last week and haven't touched the checkpointing since", "disabled"),
]


@pytest.mark.parametrize(("text", "state"), OTHER_SWITCHES_AND_DEFAULTS)
def test_other_switches_and_defaults(text: str, state: str | None) -> None:
    assert extract(text).facts.get("gc") == state


SOMEONE_ELSE_OR_BEFORE: list[tuple[str, str | None]] = [
    # someone else's run
    ("gc ligado, 2 it/s. um amigo desligou o dele e foi pra 3 it/s, faço o mesmo?", "enabled"),
    ("my buddy turned checkpointing off and his runs got faster, is that safe?", None),
    # "antes do step 0" says when, not that it was so before
    (
        "coloquei gradient_checkpointing: false e dá OOM antes do step 0. Com GC ligado rodava.",
        "disabled",
    ),
]


@pytest.mark.parametrize(("text", "state"), SOMEONE_ELSE_OR_BEFORE)
def test_someone_else_or_before(text: str, state: str | None) -> None:
    assert extract(text).facts.get("gc") == state


# Two runs side by side: the one that crashes is the one asked about; a fix said after is a fix.
SIDE_BY_SIDE: list[tuple[str, str]] = [
    (
        "Com `gradient_checkpointing: true` rodava, só que lento, então troquei pra `false` "
        "e agora dá OOM no passo 1",
        "disabled",
    ),
    (
        "mudei `gradient_checkpointing` pra `false`: OOM no primeiro step.\n"
        "Com `gradient_checkpointing: true` o mesmo job treina até o fim sem problema.",
        "disabled",
    ),
    ("OOM at step 0 with gc off. flipped it back on and it trains fine now", "enabled"),
    ("GC was on. I set it to false to go faster and now it OOMs at step 2", "disabled"),
]


@pytest.mark.parametrize(("text", "state"), SIDE_BY_SIDE)
def test_side_by_side(text: str, state: str) -> None:
    assert extract(text).facts.get("gc") == state


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # a state word beyond another setting's name is that setting's
        ("Flex.2 preview + LoRA dá OOM com GC desligado", "sampling_disabled"),
        # "no 1o preview" is "in the first preview", even in a message read as English
        ("CUDA error: out of memory\nacontece no 1o preview antes do treino", "sampling_disabled"),
        # the text encoder's quantization is not the model's
        ("qwen edit, quantize_te on, OOM while quantizing the text encoder", "quantize"),
        ("OOM while it's quantizing the text encoder for Qwen Image Edit", "quantize"),
        ("quantizei so o te do flux (o transformer nao), oom no step 1", "quantize"),
    ],
)
def test_not_this_setting(text: str, fact: str) -> None:
    assert fact not in extract(text).facts


@pytest.mark.parametrize(
    ("text", "state"),
    [
        # "tá ligado?" is "you know?"
        ("GC desligado e o flux dá OOM no passo 2, tá ligado? muito chato", "disabled"),
        (
            "desliguei o gc, aí o treino trava no preview, tá ligado, e não sei o que fazer",
            "disabled",
        ),
        # but an answer about GC is an answer
        ("o gc? tá ligado.", "enabled"),
    ],
)
def test_slang_is_not_a_state(text: str, state: str) -> None:
    assert extract(text, learned=False).facts.get("gc") == state
    # the fact model may doubt a state beside slang that reads like another ("tá ligado"), and
    # leave it to be asked; it never turns it into the other state
    assert extract(text).facts.get("gc") in (state, None)


@pytest.mark.parametrize(
    ("text", "state"),
    [
        # switching it off to go faster says it is on now, whatever else is going on
        ("could i make my chroma run faster by switching gradient checkpointing off?", "enabled"),
        ("às vezes dá oom no meio do treino. posso desligar o gc pra ir mais rápido?", "enabled"),
        # the person's own act, even after someone's advice
        (
            "antes rodava com o GC ligado, mas vi num vídeo que desligando acelera e desliguei. "
            "agora dá OOM",
            "disabled",
        ),
        (
            "Com `gradient_checkpointing: true` roda liso. Mudei só essa chave pra `false` e agora "
            "morre no primeiro step",
            "disabled",
        ),
        # a state told of one's own run while asking how it works
        (
            "my gc is off and everything trains fine, no ooms. just curious what it changes",
            "disabled",
        ),
        ("meu gc tá ligado. então ele recalcula as ativações no backward, é isso?", "enabled"),
        # not knowing how to check is not knowing
        ("how do I check whether GC is on for my job?", "unknown"),
        ("como sei se o gc tá ligado no meu job?", "unknown"),
        # a question about the guide, out of curiosity
        (
            "não entendi uma parte do guia: por que com o gc desligado o oom aparece no preview?",
            None,
        ),
        # the answer to "did the OOM go away after re-enabling GC?"
        ("> Depois de reativar o GC, o OOM sumiu?\nnão, continua igual", "enabled"),
    ],
)
def test_what_a_question_says_of_gc(text: str, state: str | None) -> None:
    assert extract(text).facts.get("gc") == state


@pytest.mark.parametrize(
    ("text", "state"),
    [
        # "was off" is both the past and the state
        ("z image nuked my vram lmao. gc was off", "disabled"),
        (
            "GC off, OOM at the first step. The same job at 81 frames was fine, though I can't "
            "remember if GC was on for that one",
            "disabled",
        ),
        # asking whether what they did is the cause still says what they did
        ("será que é porque deixei o gradient checkpointing ligado?", "enabled"),
        ("as amostras tão horríveis. será que é pq desliguei o GC?", "disabled"),
        # but a thought is not an act
        ("GC ligado, zero OOM. Pensei em desligar o GC mas fiquei com medo", "enabled"),
    ],
)
def test_acts_and_thoughts(text: str, state: str | None) -> None:
    assert extract(text).facts.get("gc") == state


@pytest.mark.parametrize(
    ("text", "state"),
    [
        (
            "Config: batch 2, GC desligado, quantize false. Com GC ligado eu nunca testei.",
            "disabled",
        ),
        ("gradient checkpointing off, still OOM at step 1. Do they just keep GC on?", "disabled"),
        (
            "tried switching GC off, OOM on the first step. Switched it back and all good again",
            "enabled",
        ),
        (
            "funcionava com GC ligado, só desliguei ele e agora estoura. "
            "com GC cada treino leva 3h",
            "disabled",
        ),
    ],
)
def test_untried_others_and_habits(text: str, state: str) -> None:
    assert extract(text).facts.get("gc") == state


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # the default, taken back at once
        ("Haven't touched gradient checkpointing, no idea what it's set to.", {"gc": "unknown"}),
        ("nao mexi no gc, nao sei como ta", {"gc": "unknown"}),
        # a doubt about something else keeps the state
        ("GC desligado, nao sei se isso importa", {"gc": "disabled"}),
        # a toggle that is not there is no state of GC
        ("I can see Batch Size and Steps but no checkpointing toggle anywhere", {}),
    ],
)
def test_what_gc_is_said_to_be(text: str, facts: dict[str, FactValue]) -> None:
    assert extract(text).facts == facts


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # where it runs, and the rest of the config, are not GC's state
        ("gradient checkpointing off + batch 3 = oom at step 2. its on a 4060ti", "disabled"),
        (
            "turned off gradient checkpointing and now it OOMs. rest of the config untouched",
            "disabled",
        ),
        # an act done, not a wish: "depois de religar"
        ("continua dando OOM mesmo depois de religar o gc", "enabled"),
        ("thanks, flipped it back on and it's training fine now", "enabled"),
        # switching it back on, asked about, is a proposal: it is off now
        ("I unchecked gradient checkpointing. Is the fix just turning it back on?", "disabled"),
        ("will turning GC back on make the results worse than with it off?", "disabled"),
        # switching it off, asked about, says it is on now
        ("want more it/s on sd 1.5 with my 3090 ti. turn GC off? runs fine now", "enabled"),
        # an act done, asked about: it was turned on and stayed on for the LoRA blamed (the
        # corpus reads it so; the rules alone miss it, the learned second opinion sets it)
        ("did turning checkpointing back on ruin my lora??", "enabled"),
        # both ways, the same crash: neither is the setup
        ("gc on, gc off, doesnt matter, OOM either way on step 1", None),
        # blamed for what went wrong with the run: the run's state
        ("my lora looks bad. Could that be because gradient checkpointing is on?", "enabled"),
        (
            "my samples look fried by step 2000. is it because I left gradient checkpointing on?",
            "enabled",
        ),
        # asked in general: no state
        ("does GC on hurt quality?", None),
    ],
)
def test_the_state_beside_other_things(text: str, gc: str | None) -> None:
    assert extract(text).facts.get("gc") == gc


def test_a_guess_after_a_comma_takes_the_state_back() -> None:
    text = "nunca mexi no gradient checkpointing então tá no padrão (ligado, acho?). OOM"
    assert extract(text).facts.get("gc") is None


@pytest.mark.parametrize(
    ("text", "state"),
    [
        # wanting it back on: it is off now
        ("como abre o yaml avançado? preciso ligar o gc de volta no meu treino de zit", "disabled"),
        ("OK I want to re-enable it. Where exactly?", "disabled"),
        # but not a quoted offer to explain how
        (
            "> Would you like to know how to turn it back on?\nno, it's already on. why slower?",
            None,
        ),
        # said in other words
        ("o GC ta ligadão, mesmo assim estoura no passo 1", "enabled"),
        (
            "desmarquei a opcao de checkpoint la no advanced e agora da cuda out of memory",
            "disabled",
        ),
        ("alguem explica pq o GC economiza memoria? to com uma 4090 e ele ta ligado", "enabled"),
        # switching it off supposed by the person: it is on now
        (
            "Se eu desligar o gradient checkpointing numa 6000 Ada, corro risco? Quero agilizar",
            "enabled",
        ),
        ("9 horas pra 2000 passos. se eu tirar o gradient checkpointing ganho quanto?", "enabled"),
        # whether, not if I do
        ("Queria saber se desligar o gradient checkpointing melhora a nitidez do LoRA.", None),
        # supposed, then done
        (
            "it should fit at batch 4 if I switch off gradient checkpointing. I did that. OOM.",
            "disabled",
        ),
    ],
)
def test_more_ways_gc_is_said(text: str, state: str | None) -> None:
    assert extract(text).facts.get("gc") == state


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # a retry only promised is no state now; the crash says it is still off
        (
            "ok ill turn checkpointing back on tonight and rerun. flux kontext, oom at step ~5",
            "disabled",
        ),
        ("I will turn gradient checkpointing back on tomorrow, it OOMs at step 2", "disabled"),
        # the switch, then what it had been
        ("reativei o gc (tava desligado). agora nem chega no treino", "enabled"),
        # "left on" inside an error message is no state
        ('container no vast, gc off. o dataloader morre com "No space left on device"', "disabled"),
        # what it was, then what it is now
        ("GC was on last run (fine, finished 3k steps). now off, OOM at step 2", "disabled"),
        ("no ultimo treino o gc tava on. agora ta off e da oom no passo 2", "disabled"),
        # what it was, then not known now
        ("it keeps happening. gc was off last time but idk now", "unknown"),
        ("continua acontecendo. o gc tava off da ultima vez mas agora nao sei", "unknown"),
        # GC named the way some people name it
        ("tirei o check do gradient e crashou no primeiro preview", "disabled"),
        ("desliguei o gradiente e subi o batch pra 6 no z image, deu pau", "disabled"),
        # one's own act after what someone said
        (
            "since I read that gradient checkpointing slows things down I left it off this time",
            "disabled",
        ),
        # "on" before what it did or a thank-you is the state, not a preposition
        ("thanks man, batch 1 + gc on fixed it", "enabled"),
        ("got low_vram on + gc on w/ 12gb and its soooo slow. anything to go faster?", "enabled"),
        # what everyone says is no state of the run
        (
            "gc off and my lora trained fine start to finish, so why does everyone say keep it on",
            "disabled",
        ),
        # one's own act with the subject dropped, before a question
        ("turned gc off. 2x speed. no oom. should i worry?", "disabled"),
    ],
)
def test_gc_states_promised_past_or_told_in_passing(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


def test_a_retry_that_did_not_help_is_a_crash_to_fix() -> None:
    found = extract(
        "> Did re-enabling gradient checkpointing help?\n\nnope. same error at the same step"
    )
    assert found.facts.get("gc_retry") == "still_oom" and found.intent == "fix_oom"


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # not knowing which way it is set, said of the setting as a whole
        ("how do i even know if gc is on in runcomfy, dont see it anywhere", "unknown"),
        ("how to check if gc on or off in my job? i use template for qwen edit", "unknown"),
        (
            "Where in the YAML is the checkpointing thing? I honestly have no clue whether it's"
            " on or off.",
            "unknown",
        ),
        ("gc? nao sei se ta ligado, to usando o template padrao da runcomfy", "unknown"),
        ("Onde acho o checkpointing? Não faço ideia se tá ligado ou desligado.", "unknown"),
        ("gradient checkpointing? nem sei se ta ligado", "unknown"),
        # a doubt about something else, or a wish to check, is no doubt of the state
        ("no idea whether my gc is on, I used a preset from discord", "unknown"),
        ("gc off, not sure why it still OOMs at step 1", "disabled"),
        ("quero conferir se o gc ta ligado antes de rodar", None),
    ],
)
def test_not_knowing_which_way_gc_is_set(text: str, gc: str | None) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # a cousin's or a teammate's run is not the writer's
        ("meu primo treina flux com gc desligado numa 4090. a minha eh 4080 e da oom", None),
        ("My teammate's runs finish fine with gradient checkpointing on. Where is it?", None),
        # "será q é pq o GC tá ligado?" blames the setting of the writer's own run
        ("meus samples tao horriveis, sera q e pq o gc ta desligado? flux dev", "disabled"),
        ("o qie ta com semelhanca fraca, sera q eh pq o GC ta ligado?", "enabled"),
        # but "será que desligo?" is only considered
        ("zimage lento demais, sera que desligo o gc?", None),
    ],
)
def test_whose_run_and_a_blaming_question(text: str, gc: str | None) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    "text",
    [
        "Should I turn on gradient checkpointing? I have no idea if it's on.",
        "I didn't touch gradient checkpointing, no clue if it's on. Batch 2, 1024",
    ],
)
def test_a_doubt_outweighs_what_was_implied_before_it(text: str) -> None:
    assert extract(text).facts.get("gc") == "unknown"


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # "on" followed by when it is on, not by what it is on
        ("grad checkpointing is on rn and flux trains at like 3.1s/it on my 4090", "enabled"),
        ("turned GC on yesterday after OOMs with it off, z-image turbo, 24gb", "enabled"),
        # "I have GC on": the name inside the phrase is still named
        ("I have GC on (16 GB, 4080). Is checkpointing the reason mine look worse?", "enabled"),
        ("we have gc off, 3090, flux dev", "disabled"),
        # but "on" before what it is on stays a preposition
        ("turned off GC on a friend's advice, now it OOMs", "disabled"),
    ],
)
def test_on_said_of_when_and_a_name_inside_a_state(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "gc", "retry"),
    [
        # "GC de volta": put back on, a retry
        ("gc de volta, oom sumiu", "enabled", "fixed"),
        ("atualizando: GC de volta -> ainda oom. flux.2 numa 5090", "enabled", "still_oom"),
    ],
)
def test_put_back_is_switched_back_on(text: str, gc: str, retry: str) -> None:
    facts = extract(text).facts
    assert (facts.get("gc"), facts.get("gc_retry")) == (gc, retry)


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # a field missing from the screen or the file is not GC switched off
        ("i see batch size, grad accum, steps, unload TE but no GC. where is it?", None),
        ("the UI has no toggle for gradient checkpointing in the Training panel", None),
        ("no runcomfy vejo batch size e steps mas nenhum gc, onde fica?", None),
        # a run without it is
        ("OOM at step 3 with no GC, flux dev on a 4090", "disabled"),
    ],
)
def test_a_field_missing_from_the_screen_is_no_state(text: str, gc: str | None) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # the key asked about is no state of the run
        ("no yaml do ai toolkit é gradient_checkpointing: true msm? e vai em qual bloco", None),
        ("is gradient_checkpointing: true the default? where do I check it in runcomfy", None),
        ("In the YAML, is it `gradient_checkpointing: true` under `train:`?", None),
        # a config that holds it is
        ("config has `gradient_checkpointing: false` under train, the only place?", "disabled"),
    ],
)
def test_the_key_asked_about_is_no_state(text: str, gc: str | None) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # "it"/"mine" said with a state names the setting named before
        ("is it worth disabling gradient checkpointing on an A6000? it's currently on", "enabled"),
        ("Didn't touch gradient_checkpointing, it's still true.", "enabled"),
        ("what does gc cost me? how much slower is it? mine's on", "enabled"),
        ("gc ligado deixa a lora menos fiel? o meu ta ligado, to treinando no flux", "enabled"),
        ("qwen edit 2509 ooms while loading. gc on obv. 16gb 5060 ti", "enabled"),
        # a "my" before a noun is no state
        ("does gc off help? my 4090 is on its last legs", None),
    ],
)
def test_a_state_said_of_it_or_mine(text: str, gc: str | None) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    "text",
    [
        "where's sample steps & width in the UI? my gc-on runs are fine just slow",
        "My GC-on runs have been rock solid for weeks (SDXL, bs 4, 1024, 3090).",
    ],
)
def test_gc_on_runs_are_runs_with_gc_on(text: str) -> None:
    facts = extract(text).facts
    assert (facts.get("gc"), facts.get("stable_with_gc")) == ("enabled", "yes")


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # the state right after GC's name is GC's, not the next setting's
        (
            "desliguei o gc e deu oom na hora de quantizar o modelo",
            {"gc": "disabled", "quantize": True},
        ),
        ("GC off, crashed while quantizing the transformer", {"gc": "disabled", "quantize": True}),
        # a state said of a list carries on to the next name
        ("rodando com gc ligado e low vram, bs 1", {"gc": "enabled", "low_vram": True}),
    ],
)
def test_a_state_belongs_to_the_name_before_it(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    "text",
    [
        "where do I turn GC back on? I switched it off last month, no crash right now, just want"
        " it back on",
        "cade a opcao pra religar o gc? desliguei mes passado, quero ele de volta antes do"
        " proximo treino",
    ],
)
def test_wanting_it_back_on_is_no_retry(text: str) -> None:
    facts = extract(text).facts
    assert facts.get("gc") == "disabled"
    assert facts.get("gc_retry") is None


@pytest.mark.parametrize(
    "text",
    [
        "> just turn gradient checkpointing off, it's way faster\n"
        "tried this and now my zimage lora OOMs at step 2",
        "> desliga o gc que fica mais rapido\nfiz isso e agora da oom no passo 1",
        "> try disabling gradient checkpointing\ntried it, OOM on the first step now",
    ],
)
def test_advice_quoted_then_done_is_the_setup(text: str) -> None:
    assert extract(text).facts.get("gc") == "disabled"


@pytest.mark.parametrize(
    "text",
    [
        "ligo o gc e da OOM, desligo e da OOM tbm kkkkk flux dev 4070",
        "gc on and it crawls, gc off and it OOMs at step 1",
    ],
)
def test_each_way_with_what_it_does_is_no_setup(text: str) -> None:
    assert extract(text).facts.get("gc") is None


def test_one_way_with_what_it_does_is_the_setup() -> None:
    assert extract("desliguei o gc e deu oom no passo 2").facts.get("gc") == "disabled"


@pytest.mark.parametrize(
    "text",
    [
        "which config key turns on gradient checkpointing? I don't know if it's on by default.",
        "I don't know if gc is on",
        "can't tell whether GC is off in my job",
    ],
)
def test_not_knowing_which_way_with_an_apostrophe(text: str) -> None:
    assert extract(text).facts.get("gc") == "unknown"


@pytest.mark.parametrize(
    "text",
    [
        "sdxl bs 4 gc desligado, oom no passo 3. e com o gc ligado, qual batch cabe?",
        "Crashed at step 2 with GC off (batch 3, 4080). With GC on, how big a batch could I run?",
        "gc off deu pau no step 1, mas com gc ligado da pra usar 1024?",
    ],
)
def test_a_state_opening_a_question_is_asked_about(text: str) -> None:
    assert extract(text).facts.get("gc") == "disabled"


@pytest.mark.parametrize(
    "text",
    [
        "liguei o gc de novo e roda. com gc ligado qual o maior batch?",
        "my run with gc off was sharper, is that normal?",
    ],
)
def test_a_state_told_in_a_question_is_still_read(text: str) -> None:
    # the first is the state told, asked again; the second, the only state said
    assert extract(text).facts.get("gc") == ("enabled" if text.startswith("liguei") else "disabled")


@pytest.mark.parametrize(
    "text",
    [
        "sempre treinei com gc ligado. semana passada li que sem ele fica mais rapido, desliguei e"
        " agora da oom no passo 2",
        "Always had GC on. Last week a video said it's faster off, so I turned it off and now it"
        " OOMs at step 1",
    ],
)
def test_a_switch_that_brought_on_now_is_the_setup(text: str) -> None:
    assert extract(text).facts.get("gc") == "disabled"


def test_a_state_then_another_now_is_the_one_now() -> None:
    assert extract("gc tava ligado semana passada, agora ta desligado").facts.get("gc") == (
        "disabled"
    )


@pytest.mark.parametrize(
    "text", ["Help with gradient checkpointing pls", "duvida com o gradient checkpointing"]
)
def test_help_with_the_setting_is_no_state(text: str) -> None:
    assert "gc" not in extract(text).facts


@pytest.mark.parametrize(
    "text",
    [
        "does turning off gradient checkpointing change the results at all",
        "would disabling gc make my flux lora faster",
    ],
)
def test_an_act_asked_about_without_a_mark_is_no_setup(text: str) -> None:
    assert extract(text).facts.get("gc") != "disabled"


@pytest.mark.parametrize(
    ("text", "retry"),
    [
        ("desliguei o gc, deu oom no passo 2, voltei pro ligado e ta tudo ok", "fixed"),
        ("gc off deu oom, voltei pra ligado e continua dando oom no step 1", "still_oom"),
    ],
)
def test_going_back_to_on_is_a_retry(text: str, retry: str) -> None:
    facts = extract(text).facts
    assert (facts.get("gc"), facts.get("gc_retry")) == ("enabled", retry)


@pytest.mark.parametrize(
    ("text", "gc", "retry"),
    [
        (
            "gradient_checkpointing: false came with the preset, changed it to true and it trains",
            "enabled",
            None,
        ),
        (
            "had `gradient_checkpointing: false`, set it back to true and it still OOMs at step 1",
            "enabled",
            "still_oom",
        ),
        (
            "tava gradient_checkpointing: false, mudei pra true e continua dando oom no passo 2",
            "enabled",
            "still_oom",
        ),
        (
            "ran it with gradient_checkpointing: true for weeks, today flipped it to false, OOM",
            "disabled",
            None,
        ),
    ],
)
def test_a_key_changed_by_a_later_act_is_the_new_value(
    text: str, gc: str, retry: str | None
) -> None:
    facts = extract(text).facts
    assert facts.get("gc") == gc
    assert facts.get("gc_retry") == retry


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        ("vi um preset no civitai com gradient_checkpointing: false. no meu ta true", "enabled"),
        (
            "my buddy's yaml has gradient_checkpointing: false and runs fine; mine OOMs with gc on",
            "enabled",
        ),
        ("o config dele tem gradient_checkpointing: false, quero saber onde vejo o meu", None),
        (
            "loaded his preset as-is: gradient_checkpointing: false, and it OOMs at step 1",
            "disabled",
        ),
    ],
)
def test_a_key_in_a_config_seen_or_sent_is_not_the_run(text: str, gc: str | None) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("ativei low_vram e quantizacao, ainda oom", {"low_vram": True, "quantize": True}),
        (
            "turned on low_vram and quantize, still OOM at step 1",
            {"low_vram": True, "quantize": True},
        ),
        ("desliguei o gc e o low vram pra acelerar", {"gc": "disabled", "low_vram": False}),
        (
            "turned off gradient checkpointing and low_vram, now it OOMs",
            {"gc": "disabled", "low_vram": False},
        ),
    ],
)
def test_one_act_switches_every_setting_it_names(text: str, facts: dict[str, FactValue]) -> None:
    read = extract(text).facts
    assert {name: read.get(name) for name in facts} == facts


def test_a_question_about_an_act_done_keeps_its_state() -> None:
    assert extract("did switching GC off cause this? flux oom step 1").facts.get("gc") == "disabled"


@pytest.mark.parametrize(
    ("text", "gc", "crashes"),
    [
        ("now w/o gc = oom, qwen edit bs1", "disabled", True),
        ("chroma w/o gradient checkpointing ooms at step 2", "disabled", True),
        ("s/ gc da oom no passo 1", "disabled", True),
        ("how do I go faster w/o oom?", None, False),
    ],
)
def test_w_slash_o_is_without(text: str, gc: str | None, crashes: bool) -> None:
    found = extract(text)
    assert found.facts.get("gc") == gc
    assert (found.intent == "fix_oom") == crashes


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # a switch told as what comes next: the state before it stands
        ("chroma ooming w/ gc off. bs 3. lol ok turning it back on", "disabled"),
        ("OOM at step 1 with gc off. ok turning it back on now", "disabled"),
        ("gc off oom no passo 1. religando o gc agora", "disabled"),
        ("OOM at step 1 with GC unchecked. Guess I need it back on?", "disabled"),
        # what it did is told: done
        ("gc off, oom. turning it back on. still oom", "enabled"),
        ("thanks, turning gc back on fixed it", "enabled"),
        ("turning gc back on, still oom at step 1", "enabled"),
    ],
)
def test_a_switch_announced_is_not_done(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


def test_the_text_encoder_named_after_a_clause_break_is_not_what_was_quantized() -> None:
    assert extract("zit, qtype qfloat8, text encoder cached, gc off").facts.get("quantize") is True


@pytest.mark.parametrize(
    ("text", "quantize"),
    [
        ("qfloat8 vs int8 vs fp8, qual a diferenca? sao a mesma coisa?", None),
        ('what does "quantize" in the model section change, the lora or the base?', None),
        ("explica pra leigo: gradient checkpointing x fp8 x low_vram, qual economiza mais?", None),
        # their own run, or a question asked of them and answered
        ("what else can I do? my flux runs qfloat8 and still OOMs", True),
        ("> Is the model quantized (fp8 / qfloat8)?\nno, full bf16", False),
    ],
)
def test_a_quantization_named_in_a_general_question_is_no_setup(
    text: str, quantize: bool | None
) -> None:
    assert extract(text).facts.get("quantize") == quantize


@pytest.mark.parametrize(
    "text",
    [
        "ja tentei com e sem gradient checkpointing e deu OOM nos dois. qwen edit numa 4090",
        "Tried both with and without gradient checkpointing, same OOM at step 1",
        "ja tentei dos dois jeitos, com GC e sem. sem GC crasha no step 1, com GC no step 800",
        "treinei o mesmo dataset com GC ligado e desligado e o desligado parece mais nitido",
    ],
)
def test_gc_tried_both_ways_is_no_setup(text: str) -> None:
    assert "gc" not in extract(text).facts


def test_the_difference_between_gc_on_and_off_asked_keeps_the_state_told() -> None:
    text = (
        "diferença de vram entre gc ligado e desligado no zimage? "
        "nunca desliguei, ta ligado, so curiosidade"
    )
    assert extract(text).facts.get("gc") == "enabled"


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        ("gradiant checkpointing was on, i turend it of to go faster, now OOM", "disabled"),
        ("gc was on. i turned it of and now oom", "disabled"),
    ],
)
def test_off_typed_as_of_after_a_switch(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # the plural state words
        ("flux schnell, fp8 e low_vram ligados, gc ligado, crasha no step 1", {"low_vram": True}),
        ("gc e low_vram desligados, oom no passo 1", {"low_vram": False}),
        # a preset told as not the one used
        (
            "The preset had quantize and low_vram on but I switched to the high quality preset,"
            " gradient checkpointing off. OOM before step 1",
            {"quantize": None, "low_vram": None, "gc": "disabled"},
        ),
        (
            "Tinha um preset com quantize e low_vram ligados mas eu usei o preset padrao mesmo,"
            " gc desligado. Deu OOM no passo 3",
            {"quantize": None, "low_vram": None, "gc": "disabled"},
        ),
        ("my preset has low_vram on and it ooms at step 2", {"low_vram": True}),
    ],
)
def test_settings_of_a_preset_and_plural_states(text: str, facts: dict[str, FactValue]) -> None:
    read = extract(text).facts
    assert {name: read.get(name) for name in facts} == facts


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # the writer's run told right before "with it": its state now
        ("o gc deixa mais lento? to com ele desligado e ta de boa", "disabled"),
        ("Was fine with GC on last month. Now, with it off, it dies at step 3", "disabled"),
        ("what do I lose with GC on? my sdxl lora trains fine with it off on a 4090", "disabled"),
        ("ja rodei com o gc ligado antes. agora com ele desligado estoura no passo 2", "disabled"),
        ("e o gc? venho rodando com ele ligado, zero oom", "enabled"),
        ("had gc on last month, no problem. now on flux dev with it off and it ooms", "disabled"),
        # a case, a comparison or a test: not the run
        ("gc ligado. testei com ele desligado numa rodada curta e ficou igual", "enabled"),
        ("GC on now, but my old runs with it off looked sharper", "enabled"),
        ("religuei o gc. pq com ele desligado dava oom no passo 1?", "enabled"),
    ],
)
def test_a_state_with_it_is_the_runs_when_the_run_is_told_before_it(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # how a run used to go is told of before; the state now stands
        (
            "qwen edit, batch 2, gc off. oom no passo 1. com gc ligado e batch 1 ia normal",
            "disabled",
        ),
        (
            "depois que desliguei o gc na lora (com ele ligado ia a 2s/it de boa) nao crasha"
            " mas ficou 35s/it",
            "disabled",
        ),
        # a belief is no run: "achando que ia mais rápido"
        ("run 3: GC off achando q ia mais rapido, batch 2 -> OOM no step 1", "disabled"),
        ("liguei o gc e rodava de boa, mas agora oom de novo", "enabled"),
    ],
)
def test_a_state_told_as_how_a_run_used_to_go_is_of_before(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "I was told to set quantize: true but haven't yet. Right now it's bf16 flux, GC off",
            {"quantize": False, "gc": "disabled"},
        ),
        (
            "A friend said I should turn GC off. I haven't yet. Is it worth it?",
            {"gc": "enabled"},
        ),
        (
            "Me mandaram colocar quantize: true mas ainda nao coloquei. Z-Image, gc off, oom",
            {"quantize": False, "gc": "disabled"},
        ),
        # not yet said of something else leaves the states as told
        (
            "GC is off, quantize true. haven't tried batch 1 yet",
            {"quantize": True, "gc": "disabled"},
        ),
    ],
)
def test_a_setting_told_then_not_done_yet_is_the_other_way(
    text: str, facts: dict[str, object]
) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    "text",
    [
        "tried gc off on ltx-2, oom at step 1. turned it back on and it trains. how to go faster?",
        "testei gc off no hunyuan, oom no passo 1. religuei e ta treinando. da pra acelerar?",
    ],
)
def test_switched_back_on_and_it_trains_is_fixed(text: str) -> None:
    found = extract(text)
    assert found.facts.get("gc_retry") == "fixed"
    assert found.intent == "speed"


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # a change written after the name ends at the state now
        ("sdxl 1024, gc true -> false and batch 1 -> 4. oom at step 1", {"gc": "disabled"}),
        ("GC on → off, now it OOMs right away on flux dev", {"gc": "disabled"}),
        ("Today I only changed gradient_checkpointing from true to false. OOM", {"gc": "disabled"}),
        ("gc: off→on and it still OOMs", {"gc": "enabled", "gc_retry": "still_oom"}),
        ("mudei o gc de true pra false e agora dá oom no passo 2", {"gc": "disabled"}),
        ("gc ligado -> desligado, oom no primeiro passo", {"gc": "disabled"}),
        ("troquei o low_vram de false pra true e nada", {"low_vram": True}),
        ("fui de quantize false para true, mesmo oom", {"quantize": True}),
        # a state word after "to" that is no change is read as before
        ("gc on to save memory, still oom", {"gc": "enabled"}),
    ],
)
def test_a_change_written_after_the_name_ends_at_the_state_now(
    text: str, facts: dict[str, object]
) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # a negation belongs to the setting right after it, not to one named further on
        (
            "no quant no lowvram, flux bs1 512, gc off, oom step 1",
            {"quantize": False, "low_vram": False},
        ),
        ("its not quantized, not low vram, plain bf16. gc off, oom", {"low_vram": False}),
        ("nao ta quantizado nao, nem low vram, puro bf16. gc off", {"low_vram": False}),
        ("Right now nothing is quantized, GC is on, batch 1", {"quantize": False}),
        ("Por enquanto nada está quantizado, GC ligado", {"quantize": False}),
        ("flux dev unquantized, gc off, oom at step 1", {"quantize": False}),
        # tried both ways: neither is the run's
        ("With or without low_vram: true I get CUDA OOM at step 1", {"low_vram": None}),
        ("com ou sem gc dá oom no passo 1", {"gc": None}),
        # put back
        ("Voltei o GC e continua dando OOM", {"gc": "enabled", "gc_retry": "still_oom"}),
        # switching another setting back on says nothing of GC
        ("desliguei o quantize no flux e deu oom carregando. vou religar", {"gc": None}),
        (
            "turned quantize off on flux and it OOMs while loading, gonna turn it back on",
            {"gc": None},
        ),
    ],
)
def test_each_setting_keeps_its_own_negations_and_acts(text: str, facts: dict[str, object]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # a setting added with "+" to one said on is on too
        ("qwen image lora, quantized 4bit + low vram, gc on, 3060", {"low_vram": True}),
        ("lumina 2, quantizado + low vram, gc ligado, 4060 8gb", {"low_vram": True}),
        ("help. qfloat8 + low vram + gc. kontext. 3090.", {"low_vram": True, "gc": "enabled"}),
        # not to one said off
        ("gc off + low vram, oom", {"gc": "disabled", "low_vram": None}),
    ],
)
def test_a_setting_added_with_a_plus_is_on_too(text: str, facts: dict[str, object]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    "text",
    [
        "Aqui não dá OOM nenhum com GC ligado, só tá lento demais. Se eu desligar vai estourar?",
        "nenhum oom com gc ligado, so lento",
        "no oom with gc on, just slow",
    ],
)
def test_the_crash_s_negation_leaves_the_state_beside_it(text: str) -> None:
    assert extract(text).facts.get("gc") == "enabled"


@pytest.mark.parametrize(
    ("text", "intent", "gc"),
    [
        # whether switching it off would crash is asked: an explanation, not a wish for speed
        ("gc off da oom em 12gb? pergunto antes de testar kkk", "explain", None),
        ("if i turn gc off will flux dev oom on my 4090?", "explain", None),
        # a state told on its own, then asked about, is the run's
        (
            "pq o gc deixa mais lento? ele faz oq exatamente? (chroma, 4070, ligado)",
            "explain",
            "enabled",
        ),
    ],
)
def test_asked_whether_it_would_crash_and_states_told_alone(
    text: str, intent: str, gc: str | None
) -> None:
    found = extract(text)
    assert (found.intent, found.facts.get("gc")) == (intent, gc)
