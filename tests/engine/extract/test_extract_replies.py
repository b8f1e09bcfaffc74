"""Replies to a pending question, for every fact of the contract."""

from __future__ import annotations

import pytest

from engine.extract import extract, parse_reply
from kb.contract import FACTS, FactValue

REPLIES: list[tuple[str, str, FactValue | None]] = [
    ("gc", "ligado", "enabled"),
    ("gc", "on", "enabled"),
    ("gc", "true", "enabled"),
    ("gc", "ativado", "enabled"),
    ("gc", "desliguei", "disabled"),
    ("gc", "off", "disabled"),
    ("gc", "false", "disabled"),
    ("gc", "não está ligado", "disabled"),
    ("gc", "não sei", "unknown"),
    ("gc", "idk", "unknown"),
    ("gc", "no idea", "unknown"),
    ("gc", "disabled", "disabled"),
    ("gc", "sim", None),
    ("goal", "fix_oom", "fix_oom"),
    ("goal", "velocidade", "speed"),
    ("goal", "quero mais qualidade", "quality"),
    ("goal", "só entender", "explain"),
    ("goal", "dá OOM", "fix_oom"),
    ("model_family", "Z-Image", "z_image"),
    ("model_family", "qwen edit 2509", "qwen_edit"),
    ("model_family", "flux", "flux_flex"),
    ("model_family", "wan 2.2", "video"),
    ("model_family", "outro", "other"),
    ("model_family", "sdxl", "other"),
    ("oom_phase", "durante o preview", "sampling"),
    ("oom_phase", "loading", "loading"),
    ("oom_phase", "no passo 2", "first_steps"),
    ("oom_phase", "às vezes", "bucket_spike"),
    ("oom_phase", "depois de umas horas", "later"),
    ("oom_phase", "bucket_spike", "bucket_spike"),
    ("oom_phase", "não foi no preview", None),
    ("oom_phase", "no passo 3", "first_steps"),
    ("oom_phase", "at step 3", "first_steps"),
    ("oom_phase", "step 2", "first_steps"),
    ("oom_phase", "logo no começo", "first_steps"),
    ("oom_phase", "no meio do treino", "later"),
    ("oom_phase", "na hora de gerar as amostras", "sampling"),
    ("oom_phase", "durante o sampling", "sampling"),
    ("memory_kind", "vram", "gpu"),
    ("memory_kind", "CUDA out of memory", "gpu"),
    ("memory_kind", "RAM do sistema", "system"),
    ("memory_kind", "Killed", "system"),
    ("gc_retry", "still_oom", "still_oom"),
    ("gc_retry", "continua dando OOM", "still_oom"),
    ("gc_retry", "resolveu", "fixed"),
    ("gc_retry", "yes it worked", "fixed"),
    ("stable_with_gc", "sim", "yes"),
    ("stable_with_gc", "yes", "yes"),
    ("stable_with_gc", "yep", "yes"),
    ("stable_with_gc", "s", "yes"),
    ("stable_with_gc", "isso", "yes"),
    ("stable_with_gc", "não", "no"),
    ("stable_with_gc", "nope", "no"),
    ("stable_with_gc", "yes I have a stable run, flux, batch 2, max res 768, 24GB", "yes"),
    ("stable_with_gc", "yes, batch 2 at 768", "yes"),
    ("stable_with_gc", "não, ainda não", "no"),
    ("stable_with_gc", "I have a stable run", "yes"),
    ("stable_with_gc", "stable run already", "yes"),
    ("stable_with_gc", "it trains fine with GC on", "yes"),
    ("stable_with_gc", "roda estável com GC ligado", "yes"),
    ("stable_with_gc", "no idea", None),
    ("batch_size", "4", 4),
    ("batch_size", "batch 4", 4),
    ("batch_size", "quatro", 4),
    ("batch_size", "four", 4),
    ("batch_size", "4 ou 8", None),
    ("batch_size", "não sei", None),
    ("gradient_accumulation", "2", 2),
    ("gradient_accumulation", "grad accum 8", 8),
    ("max_resolution", "1024px", 1024),
    ("max_resolution", "1024x1024", 1024),
    ("max_resolution", "1536", 1536),
    ("max_resolution", "max res 768", 768),
    ("max_resolution", "max resolution 768", 768),
    ("max_resolution", "resolução máxima 768", 768),
    ("max_resolution", "512 only", 512),
    ("max_resolution", "só 512", 512),
    ("num_frames", "81 frames", 81),
    ("num_frames", "33", 33),
    ("sample_width", "1024x768", 1024),
    ("sample_height", "1024x768", 768),
    ("sample_steps", "25", 25),
    ("sample_every", "a cada 250", 250),
    ("resolutions", "512, 768 e 1024", [512, 768, 1024]),
    ("resolutions", "512-1024", [512, 768, 1024]),
    ("resolutions", "1024", [1024]),
    ("resolutions", "512 only", [512]),
    ("resolutions", "só 512", [512]),
    ("low_vram", "sim", True),
    ("low_vram", "low_vram: false", False),
    ("quantize", "yes", True),
    ("quantize", "no", False),
    ("quantize", "fp8", True),
    ("sampling_disabled", "desativei", True),
    ("sampling_disabled", "disable_sampling: true", True),
    ("sampling_disabled", "não", False),
    ("vram_gb", "24GB", 24),
    ("vram_gb", "24 gb", 24),
    ("vram_gb", "RTX 4090", 24),
    ("vram_gb", "16", 16),
    ("vram_gb", "vinte e quatro", 24),
    ("vram_gb", "hello", None),
]


@pytest.mark.parametrize(("fact", "text", "value"), REPLIES)
def test_reply(fact: str, text: str, value: FactValue | None) -> None:
    assert parse_reply(text, fact) == value


def test_every_fact_has_reply_cases() -> None:
    assert {fact for fact, _, _ in REPLIES} == set(FACTS)


@pytest.mark.parametrize("fact", sorted(FACTS))
def test_an_empty_reply_says_nothing(fact: str) -> None:
    assert parse_reply("   ", fact) is None


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # under a quoted question about the previews' timing, the number is that
        ("> A cada quantos steps saem os samples (Sample Every)?\n250", {"sample_every": 250}),
        # a retry that helped "em partes" did not fix it
        (
            "> Reativar o GC resolveu?\nem partes, agora da oom mais tarde",
            {"gc_retry": "still_oom"},
        ),
        # "no", then what they did: the "no" answers, it does not negate the act after it
        (
            "> Is gradient checkpointing enabled in your job?\nno i turned it off to go faster",
            {"gc": "disabled"},
        ),
        ("> O GC tá ligado?\nnao eu desliguei ontem pra acelerar", {"gc": "disabled"}),
    ],
)
def test_more_answers_under_a_quote(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts
