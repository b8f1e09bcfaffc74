"""Numbers, GPUs, switches and whole messages mixing everything, in both languages."""

from __future__ import annotations

import pytest

from engine.extract import extract
from kb.contract import FactValue

NUMBERS: list[tuple[str, dict[str, FactValue]]] = [
    ("batch 4", {"batch_size": 4}),
    ("bs=4", {"batch_size": 4}),
    ("batch size de 2", {"batch_size": 2}),
    ("batch_size: 8", {"batch_size": 8}),
    ("batch 4 or 8?", {}),
    ("batch de 4 ou 8", {}),
    ("I have 4 GPUs", {}),
    ("effective batch 16", {}),
    ("grad accum 4", {"gradient_accumulation": 4}),
    ("gradient_accumulation_steps: 2", {"gradient_accumulation": 2}),
    ("1024x1024", {"max_resolution": 1024}),
    ("resolution 1536", {"max_resolution": 1536}),
    ("resolucao 512 768 1024", {"resolutions": [512, 768, 1024], "max_resolution": 1024}),
    ("batch 4 com bucket 1536 tbm", {"batch_size": 4, "max_resolution": 1536}),
    (
        "resolucao 512 768 1024, 3090",
        {"resolutions": [512, 768, 1024], "max_resolution": 1024, "vram_gb": 24},
    ),
    ("treino em 1024px", {"max_resolution": 1024}),
    ("buckets 512-1024", {"resolutions": [512, 768, 1024], "max_resolution": 1024}),
    ("512, 768 e 1024", {"resolutions": [512, 768, 1024], "max_resolution": 1024}),
    ("resolution: [512, 768, 1024]", {"resolutions": [512, 768, 1024], "max_resolution": 1024}),
    ("81 frames", {"num_frames": 81}),
    ("num_frames: 33", {"num_frames": 33}),
    ("sample 1024x1024", {"sample_width": 1024, "sample_height": 1024}),
    ("previews em 768", {"sample_width": 768, "sample_height": 768}),
    ("sample steps 30", {"sample_steps": 30}),
    ("25 passos de amostragem", {"sample_steps": 25}),
    ("sample every 250", {"sample_every": 250}),
    ("amostras a cada 500 passos", {"sample_every": 500}),
    ("24GB", {"vram_gb": 24}),
    ("24 GB de VRAM", {"vram_gb": 24}),
    ("12gb vram", {"vram_gb": 12}),
    ("64GB de RAM", {}),
    ("RTX 3060 12GB", {"vram_gb": 12}),
    ("rtx 3090", {"vram_gb": 24}),
    ("4090", {"vram_gb": 24}),
    ("RTX 5090", {"vram_gb": 32}),
    ("4080 super", {"vram_gb": 16}),
    ("4070 Ti Super", {"vram_gb": 16}),
    ("A100", {}),
    ("A100 80GB", {"vram_gb": 80}),
    ("H100", {"vram_gb": 80}),
    ("A6000", {"vram_gb": 48}),
    ("L40S", {"vram_gb": 48}),
    ("3080", {"vram_gb": 10}),
    ("4060 Ti 16GB", {"vram_gb": 16}),
    ("low_vram: true", {"low_vram": True}),
    ("low vram ligado", {"low_vram": True}),
    ("low_vram: false", {"low_vram": False}),
    ("I have low VRAM", {}),
    ("quantize: true", {"quantize": True}),
    ("modelo quantizado", {"quantize": True}),
    ("using fp8", {"quantize": True}),
    ("não quantizei", {"quantize": False}),
    ("disable_sampling: true", {"sampling_disabled": True}),
    ("desativei o sampling", {"sampling_disabled": True}),
    ("sampling ligado", {"sampling_disabled": False}),
]

# More ways people write the numbers, in English then Portuguese.
MORE_NUMBERS: list[tuple[str, dict[str, FactValue]]] = [
    ("3060 12GB", {"vram_gb": 12}),
    ("I'm on a 4070 Ti", {"vram_gb": 12}),
    ("using an A6000", {"vram_gb": 48}),
    ("RTX 6000 Ada 48GB", {"vram_gb": 48}),
    ("rented an H100", {"vram_gb": 80}),
    ("RTX 3090 with 24 GB", {"vram_gb": 24}),
    ("16 GB VRAM", {"vram_gb": 16}),
    ("my card has 8gb", {"vram_gb": 8}),
    ("batch size is 1", {"batch_size": 1}),
    ("batch size 1, grad accumulation 4", {"batch_size": 1, "gradient_accumulation": 4}),
    ("gradient accumulation of 8", {"gradient_accumulation": 8}),
    ("train at 768", {"max_resolution": 768}),
    ("max res 768", {"max_resolution": 768}),
    ("max resolution 768", {"max_resolution": 768}),
    ("maximum resolution 1024", {"max_resolution": 1024}),
    ("max res 768, 24GB", {"max_resolution": 768, "vram_gb": 24}),
    ("512 only", {"resolutions": [512], "max_resolution": 512}),
    ("only 512", {"resolutions": [512], "max_resolution": 512}),
    ("training at 512 only", {"resolutions": [512], "max_resolution": 512}),
    ("only 512 steps", {}),
    ("samples at 1024 only", {"sample_width": 1024, "sample_height": 1024}),
    ("buckets [512, 768]", {"resolutions": [512, 768], "max_resolution": 768}),
    ("resolution 512, 768, 1024", {"resolutions": [512, 768, 1024], "max_resolution": 1024}),
    ("sample_every: 250", {"sample_every": 250}),
    ("sample every 500 steps", {"sample_every": 500}),
    ("sample_steps: 20", {"sample_steps": 20}),
    ("samples at 1024x1024", {"sample_width": 1024, "sample_height": 1024}),
    ("sample width 768", {"sample_width": 768}),
    ("81 frames with Wan 2.1", {"model_family": "video", "num_frames": 81}),
    ("video lora with 81 frames", {"model_family": "video", "num_frames": 81}),
    ("low_vram enabled", {"low_vram": True}),
    ("not using low vram", {"low_vram": False}),
    ("no quantization", {"quantize": False}),
    ("quantized to 8 bit", {"quantize": True}),
    ("sampling disabled", {"sampling_disabled": True}),
    ("I turned off sampling", {"sampling_disabled": True}),
    ("tenho uma 3060 de 12GB", {"vram_gb": 12}),
    ("placa 4070 Ti", {"vram_gb": 12}),
    ("uso uma A6000", {"vram_gb": 48}),
    ("RTX 6000 Ada", {"vram_gb": 48}),
    ("3090 de 24 GB", {"vram_gb": 24}),
    ("minha placa tem 8gb", {"vram_gb": 8}),
    ("16GB de VRAM", {"vram_gb": 16}),
    ("batch size 1 e grad accum 4", {"batch_size": 1, "gradient_accumulation": 4}),
    ("acumulação de gradiente 8", {"gradient_accumulation": 8}),
    ("gradient accumulation de 4", {"gradient_accumulation": 4}),
    ("treino em 768", {"max_resolution": 768}),
    ("resolução máxima 768", {"max_resolution": 768}),
    ("resolução max de 1024", {"max_resolution": 1024}),
    ("só 512", {"resolutions": [512], "max_resolution": 512}),
    ("apenas 512", {"resolutions": [512], "max_resolution": 512}),
    ("só 512 imagens no dataset", {}),
    ("buckets 512 e 768", {"resolutions": [512, 768], "max_resolution": 768}),
    ("resolução 512, 768 e 1024", {"resolutions": [512, 768, 1024], "max_resolution": 1024}),
    ("treino de vídeo com 81 frames", {"num_frames": 81}),
    ("vídeo com 49 quadros", {"num_frames": 49}),
    ("amostra a cada 250 passos", {"sample_every": 250}),
    ("20 passos de amostragem", {"sample_steps": 20}),
    ("preview em 1024x1024", {"sample_width": 1024, "sample_height": 1024}),
    ("low vram desligado", {"low_vram": False}),
    ("sem quantização", {"quantize": False}),
    ("quantizado em fp8", {"quantize": True}),
    ("amostragem desativada", {"sampling_disabled": True}),
    ("desliguei o sampling", {"sampling_disabled": True}),
]

MESSAGES: list[tuple[str, dict[str, FactValue]]] = [
    (
        "Desliguei o GC no Z-Image pra acelerar e agora dá OOM no passo 2, batch 4, 1024, 4090",
        {
            "gc": "disabled",
            "goal": "fix_oom",
            "model_family": "z_image",
            "oom_phase": "first_steps",
            "batch_size": 4,
            "max_resolution": 1024,  # a lone multiple of 64 in a training message
            "vram_gb": 24,
        },
    ),
    (
        "Training Qwen Edit 2509 on a 5090 with gradient_checkpointing: false and batch_size: 2,"
        " CUDA out of memory during the first preview",
        {
            "gc": "disabled",
            "goal": "fix_oom",
            "model_family": "qwen_edit",
            "oom_phase": "sampling",
            "memory_kind": "gpu",
            "batch_size": 2,
            "vram_gb": 32,
        },
    ),
    (
        "Wan 2.2 com 81 frames, GC ligado e ainda estoura a VRAM de 24GB",
        {
            "gc": "enabled",
            "goal": "fix_oom",
            "model_family": "video",
            "memory_kind": "gpu",
            "num_frames": 81,
            "vram_gb": 24,
        },
    ),
    # mixed language
    (
        "meu training com flux dev dá OOM quando GC is off",
        {"gc": "disabled", "goal": "fix_oom", "model_family": "flux_flex"},
    ),
    (
        "Eu turned off o gradient checkpointing e agora out of memory",
        {"gc": "disabled", "goal": "fix_oom"},
    ),
    # log lines
    (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a"
        " total capacity of 23.64 GiB of which 1.2 GiB is free.",
        {"goal": "fix_oom", "memory_kind": "gpu", "vram_gb": 23.64},
    ),
    (
        "Generating Images: 0%| OOM during training step",
        {"goal": "fix_oom", "memory_kind": "gpu", "oom_phase": "sampling"},
    ),
    (
        "Loading checkpoint shards ... Killed",
        {"goal": "fix_oom", "memory_kind": "system", "oom_phase": "loading"},
    ),
    (
        "Error: process exited with exit code -9 (SIGKILL) while caching latents",
        {"goal": "fix_oom", "memory_kind": "system", "oom_phase": "loading"},
    ),
]


@pytest.mark.parametrize(("text", "facts"), NUMBERS + MORE_NUMBERS + MESSAGES)
def test_numbers_and_messages(text: str, facts: dict[str, FactValue]) -> None:
    assert extract(text).facts == facts


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("meu treino dá OOM quando desligo o GC", "pt-BR"),
        ("my training OOMs when I turn off GC", "en"),
        ("não consigo treinar", "pt-BR"),
        ("OOM 4090", None),
        ("", None),
        ("the GC is off e o treino está lento demais, o que eu faço?", "pt-BR"),
        ("it is off and I am training with batch 4, obrigado", "en"),
    ],
)
def test_locale(text: str, locale: str | None) -> None:
    assert extract(text).locale == locale


@pytest.mark.parametrize(
    ("text", "on_topic"),
    [
        ("o GC está desligado", True),
        ("training a lora", True),
        ("what is the capital of France", False),
        ("oi", False),
        ("qual o melhor bolo de chocolate?", False),
    ],
)
def test_on_topic(text: str, on_topic: bool) -> None:
    assert extract(text).on_topic is on_topic


# (text, the fact, the value read or None)
WHICH_VALUE_IS_RUN: list[tuple[str, str, int | None]] = [
    # a chain of changes ends at the value run now
    ("wan 2.1, 97 frames -> OOM; went down to 41 frames, same thing", "num_frames", 41),
    ("wan 2.2 com 81 frames dá OOM, baixei pra 49 frames e nada", "num_frames", 49),
    # but a value that worked before is no change ("com 49 frames ia, mas eu queria os 81")
    ("ltx, clipes de 97 frames dão OOM. com 49 frames ia, mas quero os 97", "num_frames", 97),
    # what does not fit, what is refused, what others run
    ("minha 3060 não aguenta batch 4, tem como simular?", "batch_size", None),
    ("bs 3 OOMs, bs 2 OOMs, not going to bs 1", "batch_size", 2),
    ("I run batch 1 at 1024. how do people get batch 16 on these cards?", "batch_size", 1),
    ("card can't handle batch 8, so I'm on batch 2", "batch_size", 2),
]


@pytest.mark.parametrize(("text", "fact", "value"), WHICH_VALUE_IS_RUN)
def test_which_value_is_the_run(text: str, fact: str, value: int | None) -> None:
    assert extract(text).facts.get(fact) == value


# (text, facts that must not be read)
NOT_THE_RUNS_SETTING: list[tuple[str, str]] = [
    ("adamw8bit, gc off, bs 1; the optimizer is 8bit already, what else can I cut?", "quantize"),
    ("otimizador adamw 8bit, batch 1, e ainda OOM", "quantize"),
    ("em que lugar da config eu coloco low_vram: true?", "low_vram"),
    ("where do I put quantize: true in the yaml?", "quantize"),
    ("tirei bucket 1280 e continua OOM", "max_resolution"),
    ("removed the 1536 bucket, still crashing", "max_resolution"),
]


@pytest.mark.parametrize(("text", "fact"), NOT_THE_RUNS_SETTING)
def test_not_the_runs_setting(text: str, fact: str) -> None:
    assert fact not in extract(text).facts


RESOLUTIONS_READ: list[tuple[str, dict[str, FactValue]]] = [
    # a size some models train at joins the list beside a common one
    ("Qwen-Image, buckets 1024 and 1328, OOM at step 2", {"max_resolution": 1328}),
    # a square WxH with a bare "em"/"at" in a sentence about the samples is not the training's
    (
        "GC ligado, batch 1, 512 e 768. os samples estão em 1024x1024, 30 steps, e dá OOM neles",
        {"max_resolution": 768},
    ),
    # a size after a worry is not the run's
    ("I'm worried that dropping the buckets to 512/768 will kill fine detail", {}),
    ("tenho medo de que baixar pra 768 estrague o detalhe", {}),
]


@pytest.mark.parametrize(("text", "facts"), RESOLUTIONS_READ)
def test_resolutions_read(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts
    if not facts:
        assert "max_resolution" not in found and "resolutions" not in found


@pytest.mark.parametrize(
    "text",
    [
        "nvidia-smi shows like 9 gigs taken before I even start, and it OOMs",
        "since the update my lora uses like 6gb more vram and OOMs at step 1",
        "a VRAM fica estável o tempo todo em uns 19GB e o processo é morto",
        "memory sits around 14GB and then it OOMs on the sample",
    ],
)
def test_memory_in_use_is_not_the_cards(text: str) -> None:
    assert "vram_gb" not in extract(text).facts


ACCUMULATION_QUESTIONS: list[tuple[str, dict[str, FactValue], set[str]]] = [
    # the values of a question about accumulation are proposals
    (
        "zit bs 2 OOMs at step 1. is bs 1 + accum 2 the move?",
        {"batch_size": 2},
        {"gradient_accumulation"},
    ),
    (
        "effective batch = bs x accum right? so bs2 accum 3 = 6?",
        {},
        {"batch_size", "gradient_accumulation"},
    ),
    ("pensei em batch 2 e acumulação 4. dá o mesmo resultado que batch 8?", {}, {"batch_size"}),
    (
        "running batch 1 with gradient_accumulation 4, is that the same as batch 4?",
        {"batch_size": 1},
        set(),
    ),
    (
        "running batch 1 + grad accum 6 on wan 2.2 and it still OOMs at the first step",
        {"batch_size": 1, "gradient_accumulation": 6},
        set(),
    ),
    # unless they are said as the run now, before the question
    (
        "I'm at bs 2 with accum 2, so effective 4?",
        {"batch_size": 2, "gradient_accumulation": 2},
        set(),
    ),
    ("to com bs 2 e accum 2, se eu subir o accum pra 8 aumenta a vram?", {"batch_size": 2}, set()),
    # a key asked about is no more set than prose is; a key told, then asked about, is
    (
        "does `gradient_accumulation_steps: 4` need more VRAM? flux, bs 1",
        {},
        {"gradient_accumulation"},
    ),
    (
        "se eu colocar gradient_accumulation: 8 o passo fica 8x mais lento?",
        {},
        {"gradient_accumulation"},
    ),
    (
        "is gradient_accumulation: 4 with batch 1 the same as batch 4?",
        {},
        {"gradient_accumulation"},
    ),
    (
        "gradient_accumulation: 4 com batch_size: 1, é igual a batch 4? zimage",
        {"batch_size": 1, "gradient_accumulation": 4},
        set(),
    ),
    (
        "if I keep batch_size: 1 and set gradient_accumulation: 8, is that batch 8?",
        {"batch_size": 1},
        {"gradient_accumulation"},
    ),
]


@pytest.mark.parametrize(("text", "facts", "absent"), ACCUMULATION_QUESTIONS)
def test_accumulation_questions(text: str, facts: dict[str, FactValue], absent: set[str]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts
    assert not absent & found.keys()


def test_a_multiple_is_no_card() -> None:
    assert "vram_gb" not in extract("if I set it to 4 do I need 4x the vram?").facts


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("samples are 1024x1024 at 30 steps", 30),
        ("OOM while generating the baseline samples. previews 1024x1024 at 28 steps", 28),
        # steps said of the crash are not the previews'
        ("it OOMs at 30 steps, samples 1024", None),
        # a change supposed, not made: the value it starts from is the one run
        ("just wondering if dropping sample steps from 30 to 15 would speed things up", 30),
        ("queria saber se baixar os sample steps de 30 pra 20 acelera", 30),
    ],
)
def test_steps_said_of_the_previews(text: str, steps: int | None) -> None:
    assert extract(text).facts.get("sample_steps") == steps


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        ("placa de 24 giga, sd3.5 large, res 1k, 2 por lote, gc desligado. OOM", 2),
        # "had it that way" is the example's, not an earlier run's
        ("OOMs on step 1. batch 2, 1024, gc false because the example I copied had it that way", 2),
        ("batch 4 com gc off, crashou oom no primeiro step. vou ter q voltar pro batch 1 msm?", 4),
        ("tive que voltar pro batch 1 e agora roda", 1),
        ("I already know batch 16 straight up won't fit.", None),
        ("eu já sei que batch 4 no qwen image edit não cabe", None),
        ("batch 1 works fine at 1024 but batch 2 already won't fit", 1),
        # a value asked about after what happened: only proposed
        (
            "OOM at once with batch 2 on ZIT. Turned GC back on, same crash. So what now, bs 1?",
            2,
        ),
        ("OOM na hora com batch 2 no ZIT. religuei o GC e nada. e agora, bs 1?", 2),
        ("como q faço batch 16 numa placa de 16gb", None),  # the batch wanted
        # shorthand glued to the number
        ("zit oom b2 1024 gc off", 2),
        ("5070 ti flux schnell b1 512 oom at load", 1),
        # the other side of a comparison, or an example
        ("batch 1 + grad accum 8 gives weird loss curves compared to batch 8 on a bigger card", 1),
        ("I'm at bs 1 on an L4 and want something like bs 4 behaviour", 1),
    ],
)
def test_batch_said_otherwise(text: str, batch: int | None) -> None:
    assert extract(text).facts.get("batch_size") == batch


def test_accumulation_glued_to_its_shorthand() -> None:
    facts = extract("Running bs1 ga4 on SDXL").facts
    assert facts["batch_size"] == 1 and facts["gradient_accumulation"] == 4


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # the step named by its order: the number after it is the resolution
        (
            "4060 ti, sdxl pony lora, gc disabled, OOM on first step at 1024. bs1",
            {"max_resolution": 1024},
        ),
        # a cue never runs across a comma: "per sample, resolution" is no "sample resolution"
        ("2 control images per sample, resolution 1024, batch_size 2", {"max_resolution": 1024}),
        # "every N" in a sentence about the previews is how often they are made
        (
            "samples take longer than the training lol. 1024x1024, 30 steps, every 100 steps",
            {"sample_every": 100, "sample_steps": 30},
        ),
        ("OOM when sampling at 1536x1536, 20 sample steps, every 500", {"sample_every": 500}),
        # a size before any word about the previews is the training's
        (
            "Currently batch 2, grad accum 2, 512, sample every 100 steps",
            {"max_resolution": 512, "sample_every": 100},
        ),
        (
            "gc off zimage 5080 bs 2 1024 da oom so quando gera preview preview ta 1024 30 steps",
            {"max_resolution": 1024, "sample_width": 1024},
        ),
        # a value corrected as it is said: the correction
        (
            "Training Wan 2.2, batch 4, no wait, 2, 81 frames... no sorry 49 frames",
            {"batch_size": 2, "num_frames": 49},
        ),
        (
            "Treinando Wan 2.2, batch 4, não pera, é 2, com 81 frames, aliás 49",
            {"batch_size": 2, "num_frames": 49},
        ),
        # the step is the 1's, not the 1024's
        (
            "OOM at step 1 on zimage 1024 bs1 5060 ti. should I try 768?",
            {"max_resolution": 1024, "batch_size": 1},
        ),
        # "lr" is 1e-4's, not the 1024's
        ("r16 a16 lr 1e-4 bs4 1024 zimage oom gc off 4090", {"max_resolution": 1024}),
        # "RAM" after 32GB does not reach over it to the card's 16GB
        (
            "Pessoal, treino SDXL numa 4060 Ti de 16GB (32GB de RAM), sempre com GC ligado",
            {"vram_gb": 16},
        ),
        # a step is never a size, whatever is said around it
        (
            "crashes when it gets to the first sample at step 500 (samples 1024, 8 steps)",
            {"sample_width": 1024, "sample_height": 1024, "sample_steps": 8},
        ),
        # the preposition after a preview word is the previews'
        (
            "bs 2 em 1024, oom no passo 2. preview tb em 1024 com 8 steps",
            {"max_resolution": 1024, "sample_width": 1024, "sample_steps": 8},
        ),
        ("amostra ta em 1024x1536, da oom quando gera", {"sample_height": 1536}),
        # two setups weighed: neither is the run's
        ("bs1 ga4 vs bs4 ga1 on a 5090, which one lol", {"batch_size": None}),
        ("bs1 ga4 vs bs4 ga1 numa 5090, qual é melhor kkk", {"gradient_accumulation": None}),
        # someone else's card and batch are not theirs
        (
            "guy above runs bs4 on 24g, im on 16g w bs2 and still oom at step 3 smh. gc on",
            {"vram_gb": 16, "batch_size": 2},
        ),
        ("na minha 3060 so cabe bs1, como vcs fazem bs8", {"batch_size": 1}),
        # "de cara" is "right away", not a guy
        ("z-image de-turbo, GC off, CUDA OOM de cara em 1280. T4 kkk", {"max_resolution": 1280}),
        # a size written WxH after the crash while sampling is the previews'
        (
            "sdxl dá oom na hora de gerar as amostras, 768x1344 com 40 steps. 3060",
            {"sample_width": 768, "sample_height": 1344, "max_resolution": None},
        ),
        (
            "GC ligado, batch 1, 768. Dá OOM só quando gera as amostras, que estão em 1024x1024",
            {"max_resolution": 768, "sample_width": 1024},
        ),
        # previews switched off say nothing of the sizes after them
        ("desativei os samples e msm assim oom no step 2, zit 1280 bs2", {"max_resolution": 1280}),
        # each earlier question of a quoted exchange has its own answer
        (
            "> what batch size?\n4, with 1280 as the max bucket\n> and checkpointing?\noff, i"
            " turned it off to go faster. z-image base. OOM at step 3",
            {"batch_size": 4, "gc": "disabled"},
        ),
        (
            "> qual o batch?\n2\n> e a resolução?\n1024 e 1536\n> gc?\ndesligado",
            {"batch_size": 2, "max_resolution": 1536},
        ),
        # the answer said again, then changed
        (
            "> what batch size?\n4. well it was 4, I dropped it to 1 after the first crash, still"
            " OOM\n> gc?\noff",
            {"batch_size": 1},
        ),
        # the setup run now, then asked about
        (
            "qual o batch efetivo com Batch Size 2 e Gradient Accumulation 4? é o que tô rodando"
            " no wan 2.1 t2v agora",
            {"batch_size": 2, "gradient_accumulation": 4},
        ),
    ],
)
def test_numbers_read_in_their_context(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {name: found.get(name) for name in facts} == facts


@pytest.mark.parametrize(
    ("text", "frames"),
    [
        ("LTX-2 lora: the video previews OOM (preview is 121 frames 768x512, 30 steps)", None),
        ("wan 2.2 dando OOM no sampling. 81 frames em 512, gc on", 81),
        ("OOM quando gera o video de preview. clips de 49 frames no dataset", 49),
    ],
)
def test_frames_of_the_previews_are_not_the_clips(text: str, frames: int | None) -> None:
    assert extract(text).facts.get("num_frames") == frames


def test_keyed_values_in_a_question_are_set() -> None:
    facts = extract(
        "gradient_accumulation: 4 with batch_size: 1 — is that the same as batch 4?"
    ).facts
    assert facts["gradient_accumulation"] == 4 and facts["batch_size"] == 1


@pytest.mark.parametrize(
    ("text", "size"),
    [
        # a WxH size after a word of the previews is theirs
        ("previews take longer than the actual training lol. 1024x1024, 40 steps, every 50", 1024),
        ("sd3.5 medium OOMs while generating previews. sample_steps 40, 1024x1024", 1024),
        # previews switched off: a size is not theirs
        ("I already set disable_sampling: true and it still OOMs on step 1. bs 2, 1024", None),
        ("desativei os samples (disable_sampling: true) e mesmo assim oom. 1280, batch 1", None),
    ],
)
def test_sizes_said_after_the_previews(text: str, size: int | None) -> None:
    assert extract(text).facts.get("sample_width") == size


@pytest.mark.parametrize(
    ("text", "quantized"),
    [
        ("qwen edit 2509 at 3 bit, no sorry 4 bit, 1024, bs 1, 24gb. oom at step 1", True),
        ("qie 2511 em 4 bits, 1024, bs 1, 24gb. continua oom no passo 1", True),
        # asked about as a fix, beside the setup said outright
        ("flux dev, not quantized, 24gb, 512, bs1, oom at load. is fp8 the fix?", False),
        ("flux dev sem quantizar, 24gb, 512, bs1, oom no load. fp8 resolve?", False),
        ("would fp8 help here? flux dev OOMs at step 2 on 16GB", None),
    ],
)
def test_quantization_corrected_or_asked_about(text: str, quantized: bool | None) -> None:
    assert extract(text).facts.get("quantize") == quantized


def test_a_change_arrow_keeps_to_its_role() -> None:
    facts = extract("Run A: gc on, bs 1 -> 3.1 s/it\nRun B: gc off, bs 1 -> 2.4 s/it").facts
    assert facts.get("batch_size") == 1


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        # proposed in a question after the story
        (
            "chroma em 1024 com bs 3 e gc desligado, passo 1 e ja era: CUDA out of memory."
            " volto o gc ou baixo o bs pra 2?",
            3,
        ),
        # out of the question, tried first, what others run
        ("want effective batch 16 on sdxl, gc on. batch 16 is obviously not happening lol", None),
        ("went down to batch 2, still OOM. first try was batch 4 and it died the same way", 2),
        ("minha 3060 só aguenta batch 1. como o pessoal treina com batch 8 então?", 1),
    ],
)
def test_batch_sizes_not_run(text: str, batch: int | None) -> None:
    assert extract(text).facts.get("batch_size") == batch


@pytest.mark.parametrize(
    "text",
    [
        "Will lowering the batch size to 1 to avoid OOM ruin the quality of my SDXL LoRA?",
        "Baixar o batch pra 1 pra caber na memória piora a qualidade da LoRA? SDXL.",
        "is there a way to fake a batch of 16 on a 24gb card with qwen edit",
    ],
)
def test_a_batch_size_only_asked_about(text: str) -> None:
    assert extract(text).facts.get("batch_size") is None


@pytest.mark.parametrize(
    ("text", "buckets"),
    [
        # one bucket, said as the only one
        ("gradient_checkpointing true, batch_size 1, resolution [512], low_vram true", [512]),
        ("resolution: [ 768 ]\nnum_frames: 97", [768]),
        ("resolution: 1024 (only one) bs 2 gc off zimage turbo 24g ooms on step 1", [1024]),
        ("HiDream, GC on, batch 1, single res 1024, L40S 48GB", [1024]),
        ("would love to turn gc off. 24gb, sdxl, 1024 bucket only, bs 4", [1024]),
        # where it breaks is not the only bucket
        ("got oom on the 1536 bucket only\nturned gc on, same oom", None),
    ],
)
def test_the_one_bucket(text: str, buckets: list[int] | None) -> None:
    assert extract(text).facts.get("resolutions") == buckets


@pytest.mark.parametrize(
    ("text", "size"),
    [
        # a size said in a sentence about the previews, after a bare "at"
        ("previews every 250 steps at 1024x1024 with 30 steps. dataset at 768", 1024),
        ("As amostras são 20 steps em 1024x1024.", 1024),
        # listed with the previews' own settings
        ("every 100 steps the previews take like 4 minutes (10 prompts, 1024, 30 steps)", 1024),
        ("o preview demora mais que o treino kkkk 4 prompts a 1024 com 30 steps", 1024),
    ],
)
def test_sizes_listed_with_the_previews(text: str, size: int) -> None:
    facts = extract(text).facts
    assert (facts.get("sample_width"), facts.get("sample_height")) == (size, size)


@pytest.mark.parametrize(
    ("text", "vram"),
    [
        # the system's memory in the clause, no card: not the card's size
        ("My system RAM fills all the way up (64GB) while caching text embeddings", None),
        ("no colab a RAM do sistema estoura (12.7 GB) quando carrega o wan", None),
        # a card named beside it
        ("Tenho um notebook com 16GB de RAM e uma placa de 8GB. A RAM chega em 100%", 8),
        ('runcomfy job log just ends with "Killed" on the 48GB machine, hidream', 48),
    ],
)
def test_the_system_s_memory_is_not_the_card_s(text: str, vram: float | None) -> None:
    assert extract(text).facts.get("vram_gb") == vram


@pytest.mark.parametrize(
    ("text", "resolution"),
    [
        ("sdxl at 1k ooms on step 1, at 512 it was fine. 8 gigs", 1024),
        ("placa de 24 giga, sd3.5 large, res 1k, 2 por lote, gc desligado", 1024),
        ("trained 3k steps then oom", None),
        ("it dies around 1k, flux, gc off", None),
        # a thousand of something counted
        ("qwen edit on 1k product shots at 768, batch 1, oom at step 1", 768),
        ("dataset de 2k fotos de produto em 896, gc off, oom", 896),
        # a bare number in the sentence after one about the previews is the training's
        ("still OOM when the samples run. sdxl 1024 bs 1 on 3060 12gb", 1024),
        ("baixei o sample pra 512, 10 steps, e mesmo assim OOM no preview. zit 1024 na 3060", 1024),
    ],
)
def test_training_sizes_said_shortly(text: str, resolution: int | None) -> None:
    assert extract(text).facts.get("max_resolution") == resolution


@pytest.mark.parametrize(
    ("text", "quantized"),
    [
        # bits of the optimizer, a file downloaded, a model run for inference, a name's part
        ("I thought everything was 8 bit already since I use adamw8bit. flux OOMs at step 3", None),
        ("achei que tava tudo em 8 bits pq uso o adamw8bit. flux dá oom no passo 3", None),
        ("pointed name_or_path at flux1-dev-fp8.safetensors, OOM at step 1, gc off", None),
        ("uso o base fp8 que baixei do civitai e agora dá oom toda vez", None),
        ("int8 in Forge works fine, but training schnell on the same 3080 OOMs at step 1", None),
        ("name_or_path: /models/chroma-v48-quant, gc off, 24gb, oom no step 1", None),
        ("fp8-quantized Flex.1 on a 3090, gc on, no OOMs", True),
        # supposed or not remembered
        ("if the model is already 8-bit quantized, what does gradient checkpointing save?", None),
        ("o tutorial marca quantize mas eu não lembro se marquei. oom no step 1, gc off", None),
        # the run goes without it
        ("nah i didnt quantize anything, flux dev on a 4090, gc off, oom at step 4", False),
        ("nunca usei quantização em nenhum treino. sdxl oom no step 1", False),
        ("zit, 3090 ti, no quant, gc off, batch 8 at 768 -> oom on the first step", False),
        # the quantizing step happens, so the model is quantized
        ("after the update the quantize step OOMs on my 4090, flux dev", True),
        ("no docker, na hora de quantizar o modelo dá Bus error", True),
    ],
)
def test_quantized_or_a_look_alike(text: str, quantized: bool | None) -> None:
    assert extract(text).facts.get("quantize") == quantized


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # a size under a quoted question about the previews is theirs, blank lines between
        (
            "> Qual o tamanho dos previews (Width/Height)?\n\n768x1344",
            {"sample_width": 768, "max_resolution": None},
        ),
        (
            "> What size are your sample images?\n\n1024x1024, 20 steps",
            {"sample_height": 1024, "max_resolution": None},
        ),
        # a size taken out of the list is no longer one of them
        (
            "went to bs 1 and dropped 1280, keeping 512/768/1024. still oom, around step 900",
            {"max_resolution": 1024, "resolutions": [512, 768, 1024]},
        ),
        ("512, 768 e 1024. pera, tirei o 1024 ontem, entao so 512 e 768", {"max_resolution": 768}),
        # …but not one only supposed taken out
        (
            "512/768/1024/1280, zit, bs 2. tirando o 1280 funciona mas eu quero ele",
            {"max_resolution": 1280},
        ),
        # a Mac's unified memory is no card
        (
            "anyone on an M3 Max 64gb? MPS backend out of memory on z-image at step 1",
            {"vram_gb": None},
        ),
        ("rodou num macbook m1 pro de 16gb? da MPS backend out of memory", {"vram_gb": None}),
        (
            "sorry I said batch 4 earlier, it's actually batch 2 with grad accum 4. still crashes",
            {"batch_size": 2, "gradient_accumulation": 4},
        ),
        ("falei batch 4 antes mas na verdade é batch 2. continua dando oom", {"batch_size": 2}),
        # said of an earlier run, with no correction: not the run now
        ("last month I trained at batch 8 on a rented A100", {"batch_size": None}),
    ],
)
def test_values_put_right_taken_out_or_of_other_memory(
    text: str, facts: dict[str, FactValue]
) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # "Label: value" lines: a label names the number after it, not the one before
        (
            "GC: on Batch: 1 Res: 512 Frames: 17 Model: LTX-2 GPU: 4060 Ti (the 8gb one)",
            {"max_resolution": 512, "num_frames": 17, "vram_gb": 8, "batch_size": 1},
        ),
        (
            "GC: ligado Batch: 1 Res: 768 Frames: 25 Modelo: Wan 2.2 GPU: 5060 Ti 16gb",
            {"max_resolution": 768, "num_frames": 25, "vram_gb": 16},
        ),
        ("[train] res=544x960 frames=33 bs=1", {"max_resolution": 960, "num_frames": 33}),
        # "49 frames 512": the frames are the first number's unit, the size is the second's
        ("hunyuan video lora 33 frames 512 on 4090, gc off", {"num_frames": 33}),
        ("wan 2.2, frames 81, bs 1, gc off", {"num_frames": 81}),
        # the memory in use, out of the card's total
        ("step 600/3000 | vram 14.2/24.0 GB no OOM at all", {"vram_gb": 24}),
        ("vram 17,8/32 GB, zero oom com gc ligado", {"vram_gb": 32}),
        # a labelled size is still what its label says
        ("w 1024 h 1536, 40 steps, every 250", {"max_resolution": None}),
    ],
)
def test_labelled_values_and_memory_in_use(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # a size followed by its steps and its interval is a preview's, however far the word
        (
            "How can I make previews cheaper? They take longer than the training steps. "
            "1024x1024, 28 steps, every 100 steps, sdxl",
            {"sample_width": 1024, "sample_height": 1024, "max_resolution": None},
        ),
        (
            "como deixo os previews mais baratos? demoram mais q os steps. 1280x1280, 40 steps, "
            "a cada 100. flux",
            {"sample_width": 1280, "sample_steps": 40, "max_resolution": None},
        ),
        # a training size with no interval is still the training's
        ("dataset 832x1216, 3000 steps, batch 1, flux", {"max_resolution": 1216}),
    ],
)
def test_a_size_timed_like_previews(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # the total of a progress bar is no size
        (
            "Epoch 3: 41%|████ | 612/1500 [bucket 832x1216] CUDA error: out of memory",
            {"max_resolution": 1216},
        ),
        ("Caching latents 64%|██████▍ | 205/320 [01:12<00:40] Killed", {"max_resolution": None}),
        # sizes written with slashes are still sizes
        ("buckets 512/768/1024, gc off", {"max_resolution": 1024}),
        ("zimage, bs2/1024, gc on, OOM at step 1", {"max_resolution": 1024}),
    ],
)
def test_the_total_of_a_count_is_no_size(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # the setup told in a clause of its own, then a question about changing something else
        (
            "sdxl 1024 batch 2 na 3060 ta 4s/it com gc ligado, da pra desligar o gc?",
            {"batch_size": 2, "max_resolution": 1024},
        ),
        (
            "flux dev at 768, bs 2 on my 4090, gc on, could I turn gc off to go faster?",
            {"batch_size": 2, "max_resolution": 768},
        ),
        # the number inside what is supposed is no setup
        ("se eu usar batch 1, da pra treinar em 1024?", {"batch_size": None}),
        ("can I do batch 8 with gradient accumulation on a 12gb card?", {"batch_size": None}),
    ],
)
def test_a_supposition_after_the_setup_leaves_the_setup(
    text: str, facts: dict[str, FactValue]
) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "The exact same config that trained fine last week (GC on, bs 2, 1024) now OOMs at"
            " step 1 after the update.",
            {"batch_size": 2, "max_resolution": 1024},
        ),
        (
            "mesma config de antes (gc ligado, batch 1, 768) e agora da oom no passo 1 depois do"
            " update",
            {"batch_size": 1, "max_resolution": 768},
        ),
        # what changed since is not the earlier run's
        (
            "Same settings as last week but with batch 4: OOM at step 1. last week was batch 1.",
            {"batch_size": None},
        ),
        # a value of now beats the earlier run's, the same job or not
        (
            "treinava em 1024 com batch 2 sem drama. agora nem batch 1 em 768 passa, nao mudei"
            " nada na config",
            {"batch_size": 1, "max_resolution": 768},
        ),
    ],
)
def test_the_same_job_then_and_now(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        ("resolution 512, 768 (1024 unticked), gc on, OOM at step 1", [512, 768]),
        ("buckets 512 e 768 (desmarquei 1024), oom no passo 2", [512, 768]),
        ("unchecked 1280, now buckets 768, 1024 and 1280 left? no: 768, 1024", [768, 1024]),
    ],
)
def test_a_size_unticked_is_no_longer_trained(text: str, sizes: list[int]) -> None:
    found = extract(text).facts
    assert found.get("resolutions") == sizes
    assert found.get("max_resolution") == sizes[-1]


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        (
            "batch 2 com accumulation 4 da o mesmo que batch 8? hoje roda batch 2 de boa, batch 8"
            " nunca tentei",
            2,
        ),
        ("is bs 2 + accum 2 like bs 4? it runs at bs 2 fine, never tried bs 4", 2),
    ],
)
def test_a_batch_never_tried_is_not_the_run(text: str, batch: int) -> None:
    assert extract(text).facts.get("batch_size") == batch


@pytest.mark.parametrize(
    ("text", "vram"),
    [
        ("slow, no crash. task manager shows shared GPU memory at 9 GB. 4060 Ti 16GB", 16),
        ("nao crasha mas a memoria compartilhada da gpu ta em 10gb", None),
        ("rtx 3060 12gb, shared memory climbing", 12),
    ],
)
def test_the_shared_memory_used_is_not_the_card(text: str, vram: int | None) -> None:
    assert extract(text).facts.get("vram_gb") == vram


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        ("batch 3 OOMed with gc off, so I went back to 1 and it's fine now", 1),
        ("lote 4 dava oom no flux, voltei pra 2 e foi", 2),
    ],
)
def test_the_value_gone_back_to_is_the_run(text: str, batch: int) -> None:
    assert extract(text).facts.get("batch_size") == batch


@pytest.mark.parametrize(
    "text",
    [
        "zit, gc on, batch 1, 768, runs fine. Might move to batch 2 later",
        "qwen edit com gc ligado, batch 1. talvez eu suba pra batch 3 amanha",
        "chroma bs 1 at 1024, maybe I'll try batch 4 this weekend",
    ],
)
def test_a_value_maybe_moved_to_is_not_the_run(text: str) -> None:
    assert extract(text).facts.get("batch_size") == 1


@pytest.mark.parametrize(
    "text",
    [
        "Ideally I'd like batch 4 with GC off, but right now batch 1 with GC on OOMs at step 2",
        "o ideal seria batch 4 com gc off, mas hoje com gc ligado e batch 1 ja da oom",
    ],
)
def test_an_ideal_setup_is_a_wish(text: str) -> None:
    facts = extract(text).facts
    assert (facts.get("batch_size"), facts.get("gc")) == (1, "enabled")


@pytest.mark.parametrize(
    ("text", "vram"),
    [
        ("sdxl on a 2060 12gb, gc off, OOM at the first sample", 12),
        ("treino pony numa 2060 de 12gb e da oom", 12),
        ("rtx 3090, 64gb de ram, oom no passo 1", 24),
        ("4090 with 32 GB RAM, OOM at step 2", 24),
    ],
)
def test_a_card_written_with_its_size_has_that_size(text: str, vram: int) -> None:
    assert extract(text).facts.get("vram_gb") == vram


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        ("sdxl bs 6 with gc off on a 3090 -> oom at step 1. it was fine with gc on at bs 2", 6),
        ("chroma batch 4, gc off, OOM no passo 1. com gc ligado e batch 1 rodava de boa", 4),
        ("bs 4 OOMed, dropped to bs 1 and it trained fine", 1),
    ],
)
def test_the_value_of_a_run_that_went_well_before_is_not_the_run(text: str, batch: int) -> None:
    assert extract(text).facts.get("batch_size") == batch


@pytest.mark.parametrize(
    ("text", "vram"),
    [
        ("my old 3060 could only do batch 1. just got a 5090, gc on, oom at 1536", 32),
        ("new card (4070) with the same settings as my old 3080 and it ooms at step 2", 12),
        ("tinha uma 3060, agora uso uma 4080 e da oom no passo 1", 16),
        ("upgraded from a 2080 ti to a 3090 and still OOM with gc off", 24),
    ],
)
def test_of_two_cards_the_one_left_behind_is_not_the_card(text: str, vram: int) -> None:
    assert extract(text).facts.get("vram_gb") == vram


@pytest.mark.parametrize(
    ("text", "disabled"),
    [
        ("Sample every 250 with 1024x1024 previews, gc on, no crashes, just slow", None),
        ("turned gc on again and it still crashes at the preview", None),
        ("OOM moved to sampling after re-enabling GC", None),
        ("tem como acelerar? to com preview a cada 100 steps, 1024, 30 passos", None),
        ("disable_sampling: false, gc off, oom when the previews run", False),
        ("agora com sampling ligado e gc ligado crasha no primeiro sample", False),
        ("com os previews desligados roda ate o fim", True),
    ],
)
def test_previews_named_beside_a_state_not_theirs_set_nothing(
    text: str, disabled: bool | None
) -> None:
    assert extract(text).facts.get("sampling_disabled") == disabled


@pytest.mark.parametrize(
    ("text", "quantize"),
    [
        ("model NOT quantized (quantize: false, I want full precision), gc on, oom", False),
        ("Flex.2, no quantization (quantize: false), low_vram off, 24 gigs", False),
        ("modelo sem quantizar (quantize: false), gc desligado, oom no passo 1", False),
        ("quantize off because fp8 made my samples come out black. gc disabled, OOM", False),
        ("deixei quantize desligado pq o qfloat8 deixou as samples pretas, oom no passo 2", False),
        ("quantize: true, qfloat8, gc off, oom at step 1", True),
    ],
)
def test_a_key_s_value_and_a_state_said_outright_hold(text: str, quantize: bool) -> None:
    assert extract(text).facts.get("quantize") is quantize


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        # the batch beside its accumulation is run; their product is the batch simulated
        ("gradient accumulation 4 com batch 1 e igual batch 4? to rodando assim no zimage", 1),
        ("my zit lora with batch 1 accum 4 came out worse than batch 4 on my friends 4090", 1),
        ("bs 4 crashed on my 3080 so im on bs 1 accum 4 now. same result as real bs 4?", 1),
        # unless the product is told as run, with its own accumulation or a cue of its own
        ("old run: batch 1, grad accum 4, fine. new run: batch 4, grad accum 1, OOM", 4),
        ("is batch 1 + grad accum 4 better than batch 4? I'm at batch 4 with GC on", 4),
        # or as what crashed, before the pair is proposed
        ("zimage bs 2 goes OOM at step 1, gc on. is bs 1 + accum 2 the move?", 2),
    ],
)
def test_a_batch_paired_with_an_accumulation_is_the_run(text: str, batch: int) -> None:
    assert extract(text).facts.get("batch_size") == batch


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # how far a run that went well got is not where this one crashed
        (
            "sample every 250. With GC on it trained all the way to step 3000 last week, no"
            " problem. This week GC off: baseline samples went fine, then at step 2 it's CUDA OOM",
            "first_steps",
        ),
        ("same job with gc on finished fine (took 9h). now with gc off: CUDA out of memory", None),
        ("a primeira run com gc on terminou de boa em 12h. agora sem gc da OOM", None),
        # the crash's own step and hours still count
        ("tava no step 1600 sem crash nenhum, ai CUDA OOM no step 1603", "later"),
        ("roda umas 3 horas e dá OOM", "later"),
    ],
)
def test_how_far_a_run_that_went_well_got_is_not_the_crash(text: str, phase: str | None) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("sdxl kept oom at 1024 so I dropped to 768 and it still ooms", 768),
        ("went from batch 4 @1024 down to batch 1 @768 and it STILL ooms", 768),
        ("tried 1024, then 768, then 512, all oom. flux dev gc off bs 1", 512),
        ("tentei 1024, depois 896, depois 768, tudo oom. sdxl gc off", 768),
        ("comecei em 1280 lote 2, deu oom. fui pra 1024, oom de novo", 1024),
        # a size the buckets go up to is no change
        ("buckets only go up to 1536, but the 1024 ones are fine", 1536),
    ],
)
def test_a_resolution_a_change_ended_at_is_the_one_now(text: str, size: int) -> None:
    assert extract(text).facts.get("max_resolution") == size


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        ("de 1280 pra 1024, lote continua 2, ainda oom no zit com 16gb", 2),
        ("dropped res from 1280 to 1024, batch still 2, still oom on zit", 2),
    ],
)
def test_a_batch_that_stays_is_the_run(text: str, batch: int) -> None:
    assert extract(text).facts.get("batch_size") == batch


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # a value, then what it is now
        ("was batch 4, now 1, still oom on flex.2 with gc off", {"batch_size": 1}),
        ("era lote 4, agora 1, e ainda tá dando oom no flex.2", {"batch_size": 1}),
        ("lote 4 nao coube entao fui de lote 1 e acc 4 no wan 2.1", {"batch_size": 1}),
        # likened, weighed or wished: not the run's
        (
            "bs4 didnt fit so i went bs1 ga4 on wan 2.1, runs now. but does ga4 = bs4 for the"
            " loss?",
            {"batch_size": 1, "gradient_accumulation": 4},
        ),
        (
            "lote 2 ou acc 2, qual gasta menos vram",
            {"batch_size": None, "gradient_accumulation": None},
        ),
        (
            "accumulation of 4 or batch 4 for qie 2511, whats better for the vram",
            {"batch_size": None, "gradient_accumulation": None},
        ),
        ("Quero manter o comportamento de batch 4. Tenho uma 5070 Ti", {"batch_size": None}),
        # the accumulation told last, not one asked about or wished for
        (
            "Old: batch 1, grad accum 8, GC on, trained fine. New: batch 8, grad accum 1, OOM",
            {"gradient_accumulation": 1},
        ),
        (
            "I'm at batch 1, grad accum 4 on Flux and wondering if I can push accum to 16",
            {"gradient_accumulation": 4},
        ),
        (
            "To com batch 1 e accumulation 1 no flux. Se eu subir pra accumulation 8 gasta mais?",
            {"gradient_accumulation": 1},
        ),
    ],
)
def test_batch_and_accumulation_now_against_those_weighed(
    text: str, facts: dict[str, object]
) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    "text",
    [
        'Saving at step 1500\n  File "/app/ai-toolkit/toolkit/network_mixins.py", line 512, in'
        " save_weights\ntorch.OutOfMemoryError: CUDA out of memory.",
        'File "/workspace/ai-toolkit/toolkit/models/wan21/wan21.py", line 1024, in forward',
    ],
)
def test_a_traceback_s_line_numbers_are_no_values(text: str) -> None:
    assert extract(text).facts.get("max_resolution") is None
