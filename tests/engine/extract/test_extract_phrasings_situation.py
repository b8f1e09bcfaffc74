"""Phrasings about the situation: goal, model family, OOM phase, memory kind, log lines."""

from __future__ import annotations

import pytest

from engine.extract import extract
from kb.contract import FactValue

GOALS: list[tuple[str, dict[str, FactValue]]] = [
    ("dá OOM", {"goal": "fix_oom"}),
    ("meu treino estoura a memória", {"goal": "fix_oom"}),
    ("travou por falta de memória", {"goal": "fix_oom"}),
    ("CUDA out of memory", {"goal": "fix_oom", "memory_kind": "gpu"}),
    ("out of memori no treino", {"goal": "fix_oom"}),
    ("memoria insuficiente", {"goal": "fix_oom"}),
    ("estouro de vram", {"goal": "fix_oom", "memory_kind": "gpu"}),
    ("acabou a VRAM", {"goal": "fix_oom", "memory_kind": "gpu"}),
    ("the training crashed", {"goal": "fix_oom"}),
    ("quero treinar mais rápido", {"goal": "speed"}),
    ("como acelerar o treino?", {"goal": "speed"}),
    ("how do I speed up training", {"goal": "speed"}),
    ("training is too slow", {"goal": "speed"}),
    ("no OOM, just want it faster", {"goal": "speed", "oom_phase": "none"}),
    ("não dá OOM, só está lento", {"goal": "speed", "oom_phase": "none"}),
    ("está lento e dá OOM", {"goal": "fix_oom"}),
    ("faster but OOM", {"goal": "fix_oom"}),
    ("does GC hurt quality?", {"goal": "quality"}),
    ("GC prejudica a qualidade?", {"goal": "quality"}),
    ("minhas amostras ruins", {"goal": "quality"}),
    ("the samples look bad", {"goal": "quality"}),
    ("likeness is poor", {"goal": "quality"}),
    ("o que é GC?", {"goal": "explain"}),
    ("what does gradient checkpointing do?", {"goal": "explain"}),
    ("explain gradient checkpointing", {"goal": "explain"}),
    ("para que serve o gradient checkpointing", {"goal": "explain"}),
    ("what is the best learning rate", {}),
]

MODELS: list[tuple[str, dict[str, FactValue]]] = [
    ("treinando Z-Image", {"model_family": "z_image"}),
    ("Z-Image Turbo lora", {"model_family": "z_image"}),
    ("zimage", {"model_family": "z_image"}),
    ("Qwen-Image-Edit-2509", {"model_family": "qwen_edit"}),
    ("qwen edit", {"model_family": "qwen_edit"}),
    ("arch qwen_image_edit_plus", {"model_family": "qwen_edit"}),
    ("Qwen-Image", {"model_family": "other"}),
    ("FLUX.1-dev", {"model_family": "flux_flex"}),
    ("flux dev lora", {"model_family": "flux_flex"}),
    ("Flux Kontext", {"model_family": "flux_flex"}),
    ("Flex.2", {"model_family": "flux_flex"}),
    ("Flex.1 alpha", {"model_family": "flux_flex"}),
    ("Chroma", {"model_family": "flux_flex"}),
    ("FLUX.2", {"model_family": "flux_flex"}),
    ("Wan 2.1", {"model_family": "video"}),
    ("wan2.2 14b", {"model_family": "video"}),
    ("wan22", {"model_family": "video"}),
    ("LTX video", {"model_family": "video"}),
    ("HunyuanVideo", {"model_family": "video"}),
    ("a video model", {"model_family": "video"}),
    ("SDXL", {"model_family": "other"}),
    ("SD 1.5", {"model_family": "other"}),
    ("sd3.5 large", {"model_family": "other"}),
    ("Lumina 2", {"model_family": "other"}),
    ("HiDream", {"model_family": "other"}),
    ("OmniGen2", {"model_family": "other"}),
]

PHASES: list[tuple[str, dict[str, FactValue]]] = [
    ("OOM no passo 2", {"goal": "fix_oom", "oom_phase": "first_steps"}),
    ("OOM at step 3", {"goal": "fix_oom", "oom_phase": "first_steps"}),
    ("OOM in the first steps", {"goal": "fix_oom", "oom_phase": "first_steps"}),
    ("dá OOM logo no início do treino", {"goal": "fix_oom", "oom_phase": "first_steps"}),
    ("OOM durante o preview", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("OOM while sampling", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("crashes when generating samples", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("estoura a memória na amostragem", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("OOM ao carregar o modelo", {"goal": "fix_oom", "oom_phase": "loading"}),
    ("OOM while loading model", {"goal": "fix_oom", "oom_phase": "loading"}),
    ("out of memory when caching latents", {"goal": "fix_oom", "oom_phase": "loading"}),
    (
        "OOM while quantizing",
        {"goal": "fix_oom", "oom_phase": "loading", "quantize": True},
    ),
    ("às vezes dá OOM", {"goal": "fix_oom", "oom_phase": "bucket_spike"}),
    ("OOM intermitente", {"goal": "fix_oom", "oom_phase": "bucket_spike"}),
    ("OOM em alguns buckets", {"goal": "fix_oom", "oom_phase": "bucket_spike"}),
    # The bucket it crashes on is a training size: the highest one in practice.
    (
        "random OOM at 1024 bucket",
        {"goal": "fix_oom", "oom_phase": "bucket_spike", "max_resolution": 1024},
    ),
    ("OOM depois de 2000 passos", {"goal": "fix_oom", "oom_phase": "later"}),
    ("OOM after a few hours", {"goal": "fix_oom", "oom_phase": "later"}),
    ("it OOMs midway", {"goal": "fix_oom", "oom_phase": "later"}),
    ("OOM at step 1500/3000", {"goal": "fix_oom", "oom_phase": "later"}),
    ("slow during sampling", {"goal": "speed"}),
    # preview OOMs as people open a conversation
    ("OOM durante a amostragem", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("oom durante o preview", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("dá OOM na hora de gerar as amostras", {"goal": "fix_oom", "oom_phase": "sampling"}),
    (
        "GC desligado e dá OOM durante o sampling",
        {"gc": "disabled", "goal": "fix_oom", "oom_phase": "sampling"},
    ),
    ("OOM while generating samples", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("crashes during sampling", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("OOM when it generates previews", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("OOM quando gera o preview", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("OOM gerando as amostras", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("OOM no primeiro preview", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("OOM on the first preview", {"goal": "fix_oom", "oom_phase": "sampling"}),
    ("dá OOM na hora do sampling", {"goal": "fix_oom", "oom_phase": "sampling"}),
    # other phases, both languages
    ("OOM logo no primeiro passo", {"goal": "fix_oom", "oom_phase": "first_steps"}),
    ("dá OOM no passo 1", {"goal": "fix_oom", "oom_phase": "first_steps"}),
    ("OOM right at the first step", {"goal": "fix_oom", "oom_phase": "first_steps"}),
    ("OOM at step 1 of 3000", {"goal": "fix_oom", "oom_phase": "first_steps"}),
    ("dá OOM lá pelo passo 2500", {"goal": "fix_oom", "oom_phase": "later"}),
    ("OOM around step 2500", {"goal": "fix_oom", "oom_phase": "later"}),
    ("OOM after 500 steps", {"goal": "fix_oom", "oom_phase": "later"}),
    (
        "estoura a VRAM no meio do treino",
        {"goal": "fix_oom", "memory_kind": "gpu", "oom_phase": "later"},
    ),
    ("OOM ao carregar o transformer", {"goal": "fix_oom", "oom_phase": "loading"}),
    ("OOM carregando o text encoder", {"goal": "fix_oom", "oom_phase": "loading"}),
    ("crashes while loading the transformer", {"goal": "fix_oom", "oom_phase": "loading"}),
    (
        "dá OOM só às vezes no bucket de 1024",
        {"goal": "fix_oom", "oom_phase": "bucket_spike", "max_resolution": 1024},
    ),
    (
        "out of memory at 1024 bucket only sometimes",
        {"goal": "fix_oom", "oom_phase": "bucket_spike", "max_resolution": 1024},
    ),
]

STABLE: list[tuple[str, dict[str, FactValue]]] = [
    ("I have a stable run", {"stable_with_gc": "yes"}),
    ("stable run already", {"stable_with_gc": "yes"}),
    ("it trains fine with GC on", {"gc": "enabled", "stable_with_gc": "yes"}),
    ("roda estável com GC ligado", {"gc": "enabled", "stable_with_gc": "yes"}),
    ("we already have a stable run with GC on", {"gc": "enabled", "stable_with_gc": "yes"}),
    ("I don't have a stable run yet", {"stable_with_gc": "no"}),
    ("tenho um treino estável", {"stable_with_gc": "yes"}),
    ("já tenho uma run estável com GC ligado", {"gc": "enabled", "stable_with_gc": "yes"}),
    ("não tenho run estável ainda", {"stable_with_gc": "no"}),
    ("treina bem com GC ligado", {"gc": "enabled", "stable_with_gc": "yes"}),
    ("I have a stable run with GC off", {"gc": "disabled"}),
    ("Stable Diffusion XL", {"model_family": "other"}),
    (
        "yes I have a stable run, flux, batch 2, max res 768, 24GB",
        {
            "stable_with_gc": "yes",
            "model_family": "flux_flex",
            "batch_size": 2,
            "max_resolution": 768,
            "vram_gb": 24,
        },
    ),
]

MEMORY: list[tuple[str, dict[str, FactValue]]] = [
    ("OOM during training step", {"goal": "fix_oom", "memory_kind": "gpu"}),
    (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
        {"goal": "fix_oom", "memory_kind": "gpu"},
    ),
    ("Killed", {"goal": "fix_oom", "memory_kind": "system"}),
    ("process got SIGKILL", {"goal": "fix_oom", "memory_kind": "system"}),
    ("exit code 137", {"goal": "fix_oom", "memory_kind": "system"}),
    ("exited with exit code -9", {"goal": "fix_oom", "memory_kind": "system"}),
    ("acabou a RAM e travou", {"goal": "fix_oom", "memory_kind": "system"}),
    ("OOM na RAM do sistema, swap cheio", {"goal": "fix_oom", "memory_kind": "system"}),
    ("bus error: /dev/shm too small", {"goal": "fix_oom", "memory_kind": "system"}),
    ("OOM, VRAM full", {"goal": "fix_oom", "memory_kind": "gpu"}),
]


@pytest.mark.parametrize(("text", "facts"), GOALS + MODELS + PHASES + MEMORY + STABLE)
def test_situation_phrasing(text: str, facts: dict[str, FactValue]) -> None:
    assert extract(text).facts == facts


SIGNALS: list[tuple[str, set[str]]] = [
    ("deu OOM depois de atualizar o AI Toolkit", {"regression_after_update"}),
    ("it started to OOM after updating, worked before", {"regression_after_update"}),
    ("after git pull everything OOMs", {"regression_after_update"}),
    ("ficou muito lento, a VRAM foi pra memória compartilhada", {"shared_memory_spill"}),
    ("sysmem fallback makes it crawl", {"shared_memory_spill"}),
    ("shared GPU memory fills up and it's slow", {"shared_memory_spill"}),
    ("docker shared memory too small, bus error", {"dev_shm"}),
    ("increase /dev/shm", {"dev_shm"}),
    ("Killed", {"oom_killer"}),
    ("exit code 137", {"oom_killer"}),
    ("oi, tudo bem?", {"off_topic_greeting"}),
    ("hello there", {"off_topic_greeting"}),
    ("oi, meu treino deu OOM", set()),
    ("CUDA out of memory at step 2", set()),
]


@pytest.mark.parametrize(("text", "signals"), SIGNALS)
def test_signals(text: str, signals: set[str]) -> None:
    assert extract(text).signals == signals


# (text, facts it must read, facts it must not read)
WHEN_AND_WHETHER: list[tuple[str, dict[str, FactValue], set[str]]] = [
    # a phase ruled out is not the phase; the step number then says when
    ("CUDA OOM around step 900, not immediately", {"oom_phase": "later"}, set()),
    ("dá OOM no passo 800, não é na hora do preview", {"oom_phase": "later"}, set()),
    # a stage the run got through is not where it crashed
    ("passou pelo cache dos latents e deu OOM no passo 1500", {"oom_phase": "later"}, set()),
    ("Caching latents: 100%| 50/50 [00:30<00:00]\nOOM", {}, {"oom_phase"}),
    (
        "it loads fine, makes the first previews fine, then OOMs at step 1",
        {"oom_phase": "first_steps"},
        set(),
    ),
    (
        "carrega de boa, faz o preview inicial normal e no passo 1 dá OOM",
        {"oom_phase": "first_steps"},
        set(),
    ),
    (
        "Generating Images: 100%|####| 4/4 [00:40<00:00]\n"
        "lora:  0%|  | 0/2000 [00:00<?]\nCUDA out of memory",
        {"oom_phase": "first_steps"},
        set(),
    ),
    (
        "OOMs whenever it hits the big images, fine on the rest",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    # steps run before the crash
    ("wan 2.2 lora oom after like 1200 steps every time", {"oom_phase": "later"}, set()),
    ("It runs about 300 steps and then CUDA out of memory", {"oom_phase": "later"}, set()),
    ("roda uns 400 passos e dá CUDA out of memory", {"oom_phase": "later"}, set()),
    ("oom'd after like 3 hours, step 2k-ish", {"oom_phase": "later"}, set()),
    # the images that break it say more than when
    (
        "roda uns 50 passos e morre com OOM, sempre em imagem grande",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    (
        "trains fine for a while, then OOM. seems to be only when it hits the big images",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    (
        "testei GC off com bucket de 1536 e morreu de OOM na hora",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # what happens now after a condition that is not the run
    (
        "without checkpointing it OOMs at step 1, so I keep it on, "
        "but now it OOMs during the previews",
        {"oom_phase": "sampling"},
        set(),
    ),
    # a vague "when" made precise by the words right after it
    ("deu OOM na hora de cachear os latents", {"oom_phase": "loading"}, set()),
    # a pasted progress bar says how far training got
    (
        "job:   0%|   | 1/3000 [00:12<10:00:00]\nCUDA out of memory",
        {"oom_phase": "first_steps"},
        set(),
    ),
    (
        "job:  40%|####  | 1200/3000 [1:10:00<2:00:00]\nCUDA out of memory",
        {"oom_phase": "later"},
        set(),
    ),
    # a crash dealt with by switching GC back on: what is asked after it is the goal
    (
        "OOM at step 3 with GC off, switched it back on and it trained overnight no issues. "
        "any way to make it faster?",
        {"goal": "speed", "gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    (
        "religuei o GC depois do OOM e agora tá estável, mas tá lento. como acelero?",
        {"goal": "speed", "gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    # the crash belongs to the condition said right after it
    (
        "since enabling checkpointing (it was crashing without it) my samples look worse",
        {"goal": "quality"},
        {"oom_phase"},
    ),
]


@pytest.mark.parametrize(("text", "facts", "absent"), WHEN_AND_WHETHER)
def test_when_and_whether_it_crashed(
    text: str, facts: dict[str, FactValue], absent: set[str]
) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts
    assert not absent & found.keys()


@pytest.mark.parametrize(
    "text",
    [
        "does gc matter for small models like sd1.5 or only the big ones?",
        "how much memory does GC save for something like Qwen-Image at 1024?",
        "is the trade-off different for diffusion transformers like Flux or Z-Image?",
        "quanto de VRAM ele economiza num modelo tipo Flux?",
        "por que o GC pesa tanto nos modelos grandes tipo Qwen Edit e Flux, e no SD 1.5 não?",
    ],
)
def test_a_model_named_as_an_example_is_not_trained(text: str) -> None:
    assert "model_family" not in extract(text).facts


# (text, intent)
WHY_IT_CRASHES: list[tuple[str, str]] = [
    # a crash named in a question about how it works, out of curiosity
    ("curious why gc-off crashes hit at step 2 and not at step 1. just wondering", "explain"),
    ("pq desligar o GC faz dar OOM do nada? é só uma chave, não entendo a lógica", "explain"),
    ("that worked, thanks! but why does one switch make such a difference?", "explain"),
    ("religuei e voltou ao normal, valeu! fiquei curioso: por que desligar dá OOM?", "explain"),
    # but a why-question with the crash happening is a crash report
    ("why does it OOM with GC off?? first step every time, zit bs 4. pls fix", "fix_oom"),
    # a crash every time, said as a double negative
    ("my 3070 cant even do an sdxl lora at bs 1 512 without oom, gc on", "fix_oom"),
    ("still OOM but now it gets to step ~300 before dying instead of step 2", "fix_oom"),
]


@pytest.mark.parametrize(("text", "intent"), WHY_IT_CRASHES)
def test_why_it_crashes(text: str, intent: str) -> None:
    assert extract(text).intent == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "swap fills to 100% and then everything dies while caching text embeddings",
            "outside_guide",
        ),
        (
            "DefaultCPUAllocator: not enough memory: you tried to allocate 1073741824 bytes",
            "outside_guide",
        ),
        ("swap lá em cima, 64gb de ram cheio, parado em Loading text encoder", "outside_guide"),
        ("o WSL fecha depois de 2 horas e o vmmem tá usando quase toda a RAM", "outside_guide"),
        (
            "where tf is gradient checkpointing in the ui, i only see batch size / grad accum",
            "where_to_change",
        ),
        ("tiraram a opção do checkpointing? ou ela mora em outro lugar agora?", "where_to_change"),
    ],
)
def test_system_memory_and_where(text: str, intent: str) -> None:
    assert extract(text).intent == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "qwen-image lora (not edit) OOMs at the first preview before training even starts",
            "fix_oom",
        ),
        ("Qwen Image (não o edit) estoura a memória da gpu ao carregar o modelo", "fix_oom"),
        (
            "Sir my training is stop with error of memory, model is qwen edit, please what i do",
            "fix_oom",
        ),
        (
            "tô tentando meu primeiro lora e dá esse erro 'CUDA out of memory' assim que começa",
            "fix_oom",
        ),
        (
            "desliguei o gc, oom. liguei de novo e voltou a funcionar. mas queria ir mais rápido",
            "speed",
        ),
        (
            "how do i make ai-toolkit use my 4090 instead of GPU 0? it keeps picking the 3060",
            "outside_guide",
        ),
    ],
)
def test_more_crash_reports(text: str, intent: str) -> None:
    assert extract(text).intent == intent


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("ainda OOM no 1o passo, qie, 4060 ti 16gb", {"oom_phase": "first_steps"}),
        ("flux dev on the 48GB machine, OOMs about 10 minutes in", {"oom_phase": "later"}),
        ("LTX 2 dá OOM gerando o sample inicial, antes do step 0", {"oom_phase": "sampling"}),
        (
            "a 4060 de 8 aguenta zit? aqui dá cuda oom no load mesmo com low vram",
            {"oom_phase": "loading"},
        ),
        ("still OOM no caching do text encoder, qwen-image, 24gb", {"oom_phase": "loading"}),
        (
            "falhou com CUDA out of memory logo depois de gerar os samples do passo 0, "
            "quando começou a treinar",
            {"oom_phase": "first_steps"},
        ),
        ("chroma, GC off, dies at step 2 with OOM. 1 image per batch", {"batch_size": 1}),
        (
            "qie 2511 estourando no passo 3 com o checkpointing desligado. "
            "voltei pra true e continua estourando",
            {"gc": "enabled", "gc_retry": "still_oom"},
        ),
        (
            "bs1 gc on quantize on low_vram on 512 e ainda OOM",
            {"gc": "enabled", "quantize": True},
        ),
        ("wan 2.2 14b, 81 frames, 480p... OOM no primeiro step", {"max_resolution": None}),
        (
            "64GB of RAM fills up completely while it's loading qwen image and then the trainer"
            " dies. Never reaches step 1.",
            {"memory_kind": "system", "goal": "fix_oom"},
        ),
        (
            "o container sai com codigo 137 no passo 2, wan 2.2 5b 81 frames bs 1",
            {"memory_kind": "system", "oom_phase": "first_steps"},
        ),
        ("Deu falta de memória de vídeo no primeiro passo", {"memory_kind": "gpu"}),
        ("vai bem por umas 3 horas e aí cai por falta de memória na GPU", {"memory_kind": "gpu"}),
        (
            "oom ao quantizar o modelo, qwen edit, 24gb. nem chega a treinar",
            {"quantize": True, "oom_phase": "loading"},
        ),
        ("disabled gc, getting OOM now. how do i turn it back on lol", {"gc": "disabled"}),
        # corrected in parentheses; a change, not a range
        (
            "Flux dev, batch 4 (sorry, 2: I dropped it to 2 after the first crash)",
            {"batch_size": 2},
        ),
        (
            "Went from 1024 to 768 max and from batch 2 to 1; still OOM",
            {"max_resolution": 768, "batch_size": 1},
        ),
        # labels as the UI shows them; "galera," is who is addressed
        (
            "zimage, bs 2, GC checked, low vram unchecked. 5090",
            {"gc": "enabled", "low_vram": False},
        ),
        (
            "galera, desmarquei a caixinha Gradient Checkpointing ontem e agora estoura no passo 1",
            {"gc": "disabled"},
        ),
        # the preview at step 0 comes before the first step
        (
            "it's the preview at step 0, before the first step even runs. cuda oom",
            {"oom_phase": "sampling"},
        ),
    ],
)
def test_more_of_what_people_write(text: str, facts: dict[str, FactValue]) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # the step it dies at is the step previews are made
        ("crashes every time it reaches step 100. gc on. sample_every: 100", "sampling"),
        # a multiple is not enough: previews every 250 and a crash at 500 may be training
        ("crashes at step 500, sample_every 250", "later"),
        ("runs fine, just want it faster", "none"),
        ("não tive erro nenhum, só quero deixar mais rápido", "none"),
        ("OOMs when the preview images get made", "sampling"),
        ("it OOMs whenever the 1536 bucket comes around", "bucket_spike"),
        ("out of memory as soon as training begins", "first_steps"),
        ("it ran for like 3 hours, then CUDA OOM", "later"),
        ("estourou a VRAM do nada depois de 3 horas treinando", "later"),
        ("boom at step 1, gc off", "first_steps"),
        ("OOM on the 1536 buckets with gc off on zit", "bucket_spike"),
        ("da OOM sempre na primeira amostra", "sampling"),
        ("the moment it hits sample_every (250) it dies with CUDA OOM", "sampling"),
        ("Z-Image De-Turbo, 5070 12gb, GC off, bs 1, 768. OOM imediato", "first_steps"),
        ("torch.OutOfMemoryError on the first training step", "first_steps"),
        ('o processo morre com "Killed" quando vai carregar o text encoder', "loading"),
        ("exit code -9 no meio do cache dos text embeddings", "loading"),
        # stages got through before the step it died at
        ("baseline samples went fine, step 1 fine, and then at step 2 CUDA OOM", "first_steps"),
        ("o loading foi ok, os samples iniciais sairam, e no step 1 deu OOM", "first_steps"),
        ("now it loads, caches, starts step 1 and dies with CUDA out of memory", "first_steps"),
        (
            "Ele carrega tudo, faz o cache dos latents, e quando começa o passo 1 vem o OOM",
            "first_steps",
        ),
        # the crash's own sentence says when, not a question beside it
        ("Would quantizing to fp8 fix this? Flux dev OOMs at step 2 on 16GB.", "first_steps"),
        # the moment *of* something is that something's
        ("flux kontext, 1024, batch 2, morre bem na hora de gerar o primeiro preview", "sampling"),
        ("tá dando falta de memória na hora dos samples", "sampling"),
        # now and then says more than when
        ("de vez em quando solta um OOM no meio do treino", "bucket_spike"),
        ("ooms aleatórios no meio do treino em umas imagens", "bucket_spike"),
        ("It OOMs only on a handful of pairs, the tall 1024x1536 ones I think", "bucket_spike"),
        ("roda um tempo e do nada da OOM, sempre quando pega os clipes de 720", "bucket_spike"),
        ("I dropped frames from 65 to 33 and it still OOMs about an hour in", "later"),
        (
            "It loads everything, caches the latents, starts training and dies on step 3",
            "first_steps",
        ),
        ("ltx-2 lora, CUDA OOM during caching latents, never reaches step 1", "loading"),
        ("sdxl, only some steps crash, always when it's a 1280 image in the batch", "bucket_spike"),
        ("continua dando OOM na hora que começa os samples do passo 0", "sampling"),
        ("a RAM do pc (64gb) vai a 100% e trava tudo quando ta carregando o qwen edit", "loading"),
        (
            "o linux mata o processo (exit 137) quando tá carregando o qwen edit. 32gb de ram",
            "loading",
        ),
        ("CUDA OOM at model load even with gc on and low_vram on", "loading"),
        (
            "o job dá CUDA out of memory logo no primeiro preview, antes de começar o treino",
            "sampling",
        ),
        (
            "CUDA error: out of memory. aparece quando ele vai gerar as imagens de exemplo",
            "sampling",
        ),
        (
            "da oom do nada no meio do treino, umas vezes sim outras nao, qdo pega as imgs grandes",
            "bucket_spike",
        ),
        ("Roda uns 200 passos e aí dá CUDA OOM em certos batches, não em todos", "bucket_spike"),
        ("crashing with CUDA OOM every single time it caches latents on my 8GB 4060", "loading"),
        ("o chroma dá OOM em uns passos aleatórios, nos buckets maiores", "bucket_spike"),
        (
            "da oom no passo 1, o sample do passo 0 passa de boa (4 prompts 1024x1024)",
            "first_steps",
        ),
    ],
)
def test_when_it_breaks(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


def test_a_calm_run_of_another_model_is_not_this_one() -> None:
    facts = extract(
        "I trained flux fine with GC on for weeks. Moved to Z-Image and now it OOMs at step 1"
    ).facts
    assert "stable_with_gc" not in facts


@pytest.mark.parametrize(
    "text",
    [
        "The text encoder is quantized (quantize_te: true, qfloat8). It OOMs at step 1",
        "I've put the T5 in fp8 to save vram. flux kontext, OOMs when it renders the previews",
        "grabbed the Q8 gguf of flux dev for comfy, but training it OOMs while caching latents",
        "I run the model unquantized (full bf16). It OOMs at step 1",
    ],
)
def test_quantization_of_something_else_is_not_the_model_s(text: str) -> None:
    assert extract(text).facts.get("quantize") is not True


def test_the_transformer_in_fp8_is_the_model_quantized() -> None:
    assert extract("te and transformer in fp8, oom at step 1").facts.get("quantize") is True


@pytest.mark.parametrize("text", ["lol it crashed again", "crashou", "ta travando"])
def test_a_crash_with_nothing_about_memory_is_unclear(text: str) -> None:
    assert extract(text).intent == "unclear"


def test_a_crash_with_a_setting_is_a_crash_report() -> None:
    assert extract("it crashed with gc off").intent == "fix_oom"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "forgot I still had a training job running in another terminal, the second OOMs",
            "outside_guide",
        ),
        ("o treino da oom toda vez que eu abro o comfy junto", "outside_guide"),
        (
            'My RunComfy job fails with "container memory limit exceeded" while caching',
            "outside_guide",
        ),
        ("it doesn't OOM anymore, but halfway through it slows to a crawl", "outside_guide"),
        ("where does accumulation go in the yaml?", "where_to_change"),
        ("onde coloca o low_vram? no train ou no model?", "where_to_change"),
        ("I'm getting bad results.", "quality"),
        ("meu lora ficou horrivel, nada a ver com o personagem", "quality"),
        ("does GC save much on top of adamw8bit? just curious, nothing's crashing", "explain"),
        ("running two ai-toolkit jobs at once on the same 4090, the second OOMs", "outside_guide"),
        ("com a atualização nova o z-image usa 5gb a mais de VRAM e dá OOM", "outside_guide"),
        # the system's memory at its limit, even with the card named beside it
        (
            "System RAM goes to 100% and the PC freezes while loading, VRAM is barely used",
            "outside_guide",
        ),
        (
            "A RAM do sistema vai a 100% e o pc trava carregando, a vram quase nem usa",
            "outside_guide",
        ),
        (
            "Swap goes crazy and the machine becomes unusable while loading the text encoder",
            "outside_guide",
        ),
        # someone else's job on the same card
        (
            "another user's job on the shared server is using the same A100, we both OOM",
            "outside_guide",
        ),
        ("outro usuario ta usando a msm A100, os dois damos oom", "outside_guide"),
        # a crash feared or denied is no crash
        ("I'd like to turn it off to get faster steps but I don't want it to crash", "speed"),
        ("queria mt desligar o gc pra acelerar, bs 1, 768. nada crasha", "speed"),
        ("como q faço batch 16 numa placa de 16gb", "accumulation"),
        ("brigadão", "off_topic"),
        # the crash was a batch size tried; what is asked is a bigger effective batch
        (
            "bs 2 runs fine, bs 4 OOMs so I'm back on 2. how do I get an effective batch of 8?",
            "accumulation",
        ),
        (
            "bs 2 roda, bs 4 da oom entao voltei pro 2. como consigo batch efetivo de 8?",
            "accumulation",
        ),
        (
            "bs 4 is my max (no oom at 4, oom at 6). How do I get an effective batch of 16?",
            "accumulation",
        ),
        # the crash is the run's now
        ("bs 2 OOMs at step 1 on zit. how do I get an effective batch of 8?", "fix_oom"),
        # one side of two: what happens without GC, and with it
        ("sem o GC estoura, com o GC demora 10h. escolho o q? zimage", "speed"),
        (
            "without gradient checkpointing it runs out of memory, with it it's slow. kontext",
            "speed",
        ),
        (
            "depois que o RunComfy atualizou o AI Toolkit pra versão nova, o mesmo job que rodava"
            " ontem agora dá OOM no passo 1. não mudei nada.",
            "outside_guide",
        ),
        # every crash told is of a batch size tried; the run now fits
        (
            "whats the difference between bs4 and bs1 + grad accum 4? on 24gb w/ zimage bs4 at"
            " 1024 OOMs but bs1 fits",
            "accumulation",
        ),
        # a time is no batch size tried: the crash is now
        (
            "desligar o GC deixou TUDO mais rápido. agora dá OOM em 4 segundos. zimage, bs 2",
            "fix_oom",
        ),
        # what each setting does, side by side: no crash now
        ("so gc on -> ok, gc off -> oom. why tho its literally one toggle", "explain"),
        (
            "gc on -> ok, gc off -> oom no bucket de 1536\n"
            "voltei pro gc on, tem outro jeito de acelerar?",
            "speed",
        ),
        # a limit, not a crash
        (
            "can i fake a bigger batch somehow? bs2 is the max on my 4080 before it ooms",
            "accumulation",
        ),
        # a thank-you for a crash that is over
        ("tava dando oom, agora foi 🙏 vlw galera", "off_topic"),
        # after an update; the system's memory
        ("pulled latest ai-toolkit this morning and now my old zit config ooms", "outside_guide"),
        (
            "dps q atualizei pro ultimo commit, com gc on da oom no step 1 e antes n dava",
            "outside_guide",
        ),
        ("ram 100% e swap cheio qnd comeca o treino, 16gb de ram, 3060", "outside_guide"),
        # what an act was for: the crash is over, the act done
        (
            "I set disable_sampling: true to get rid of the OOMs and now training goes through,"
            " but the final LoRA looks bad. Is GC the reason?",
            "quality",
        ),
        # after the switch back it runs again; keeping GC off is a wish for speed
        (
            "Testei GC desligado: 200 passos ok, depois OOM no primeiro lote de 1280. Religuei e"
            " voltou ao normal. Tem jeito de manter GC off com esse bucket?",
            "speed",
        ),
        (
            "Só quebra na hora da amostragem. Samples 768x1344, 40 steps. Flux dev, GC ligado",
            "fix_oom",
        ),
        (
            "training crashes with cuda oom whenever i open a game while it runs lol",
            "outside_guide",
        ),
        (
            "Tenho uma 4090 e uma 3060 no mesmo PC e o job sempre vai pra 3060 e morre com CUDA"
            " out of memory. Como faço ele usar a 4090?",
            "outside_guide",
        ),
        # accumulation as the setup's "none", or a field a screen shows, is not what is asked
        (
            "What's a sensible way to speed up training without risking OOM? Currently bs 1, grad"
            " accum 1, GC on, 768/1024 buckets, RTX 4090. Stable so far, never OOMed.",
            "speed",
        ),
        (
            "On RunComfy's AI Toolkit I can see Batch Size, Gradient Accumulation, Steps, Unload TE"
            " and Cache Text Embeddings, but nothing called gradient checkpointing. Is it hidden?",
            "where_to_change",
        ),
        # asked about with its value, it is what is asked
        (
            "Se eu usar accumulation 4 o treino fica 4x mais lento? Hoje 3000 steps em bs 1",
            "accumulation",
        ),
        # a crash told as why something was done is over
        (
            "Turned on gradient checkpointing after OOM issues and now my samples look worse?",
            "quality",
        ),
        ("liguei o gc depois dos ooms e agora a semelhança do meu flux ficou pior??", "quality"),
        # asked to understand, not to fix
        (
            "Why does disabling GC cause OOM so suddenly? Trying to understand the mechanism, not"
            " looking for a fix: it's back on and fine.",
            "explain",
        ),
        (
            "alguém tem uma explicação simples de por que desligar o GC dá OOM no primeiro"
            " preview?",
            "explain",
        ),
        # two runs of one's own are no other process on the card
        (
            "Fiz dois treinos iguais do meu rosto no Flux dev, um com GC ligado e outro"
            " desligado. Qual é melhor?",
            "quality",
        ),
        (
            "accidentally queued two jobs on the same gpu from the ui, second one OOMs as it"
            " starts",
            "outside_guide",
        ),
        # the crash is over, the question is why
        (
            "Por que desligar o GC dá OOM 'de repente', no passo 2? (Não tá dando OOM agora,"
            " religuei.)",
            "explain",
        ),
        # the batch run now works; the one that crashed was tried
        (
            "I'd like an effective batch of 4 on 24GB. I'm on batch 1 now, which works; batch 2"
            " OOMed. Is accumulation the way?",
            "accumulation",
        ),
    ],
)
def test_what_the_message_wants(text: str, intent: str) -> None:
    assert extract(text).intent == intent


@pytest.mark.parametrize(
    "text",
    [
        "bruh gc off = oom, gc on = 9 hour ETA",  # an estimate, not when it broke
        "I turned it back on and now it runs fine, but it says 14 hours",
        "sem o GC estoura, com o GC demora 10h",
    ],
)
def test_a_duration_is_not_when_it_broke(text: str) -> None:
    assert extract(text).facts.get("oom_phase") != "later"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # previews switched off: whatever else it says, the crash is not while sampling
        ("disable_sampling: true already, no previews at all, and STILL cuda oom", None),
        # the system's memory filling up while loading, with no run told to break: when it
        # breaks is told of a crash only
        ("System RAM goes to 100% and the whole PC freezes while loading Qwen Image Edit", None),
        ("o swap vai la em cima e o pc fica inutilizavel carregando o text encoder", None),
        ("o swap vai la em cima carregando o text encoder e o processo morre", "loading"),
        # …and killed while loading breaks while loading
        ("ram fills up while loading qwen image edit and then the process is Killed", "loading"),
        ("crashes w/ OOM right when training starts, config below", "first_steps"),
        ("sdxl 4070 ti 1024 bs2 gc off oom step 3 samples off", "first_steps"),
        # a run with previews off that went fine says nothing of this one
        ("the first preview ooms. with sampling disabled it trains fine lol", "sampling"),
        ("deu OOM logo que comecou a treinar, segue o config", "first_steps"),
        # a phase's words naming a setting that is on
        ("OOM no passo 1. batch 1, 1024, gc ligado, cache latents ligado", "first_steps"),
        ("crasha com cuda oom durante o cache dos latents. gc ligado. 5090", "loading"),
        # a crash to be avoided is no crash ruled out
        ("trainin is sooo slow on my 3060 ti, sdxl, bs1. how 2 go faster w/o oom", None),
        ("como faz pra ter batch grande sem estourar a vram", None),
        ("roda sem oom nenhum, so lento", "none"),
    ],
)
def test_when_it_breaks_beside_sampling_and_the_system(text: str, phase: str | None) -> None:
    assert extract(text).facts.get("oom_phase") == phase


def test_a_torch_out_of_memory_error_is_the_card_s() -> None:
    assert extract("torch.OutOfMemoryError at step 1 lol, bs 1").facts["memory_kind"] == "gpu"


def test_low_vram_too() -> None:
    facts = extract("qfloat8 ta ligado, low_vram tb. z-image. ajuda").facts
    assert facts["low_vram"] is True and facts["quantize"] is True


@pytest.mark.parametrize(
    ("text", "stable"),
    [
        # a run that trains through with GC on
        ("treino do sdxl ta liso com GC ligado, 1.8s/it. vale desligar?", "yes"),
        ("A5000, sdxl, GC on, never crashed once. would flipping GC off help?", "yes"),
        ("GC is on and it's been training fine like that for days", "yes"),
        # a run with GC on that does not crash trains stably; "so far" tells of a run still going
        ("gc on, 4090, flux, bs 1, 4.5s/it, no crash. would it be crazy to turn gc off?", "yes"),
        ("Nenhum OOM. Chroma bs 4, 1024, GC ligado. Quero mais velocidade", "yes"),
        ("GC on, no OOM, but 3.2 s/it on Z-Image at 1024 feels painful", "yes"),
        ("I've done three LoRAs at 1024 with batch 2 and GC on, all finished fine", "yes"),
        (
            "docker: o dataloader morre com bus error, /dev/shm. gc on, sem oom",
            None,
        ),
        ("da pra deixar o treino do zit mais rapido? gc ligado, nenhum oom ate agora", None),
        ("no crash so far, GC on, 400 steps in, flux schnell at 512. tips?", None),
        # a run crawling with VRAM spilling into the system's memory is not a stable one
        ("sdxl, vram 7.9/8 and shared gpu memory climbs, 10x slower. no error. gc on", None),
        # what a retry did is no stable run, unless it says stable
        ("thank you so much, GC back on and it's training fine now", None),
        ("Religuei o GC depois de apanhar com OOM e agora esta estavel, mas lento", "yes"),
        ("flipped it back on and it trains fine now. ty all", None),
        ("turned it back on -> trained all night no issues. but its slow now", "yes"),
        # someone else's run, or a part of the run
        ("the author says it trains fine on 16GB with gc on. same config on my 4080 OOMs", None),
        ("no pc do meu amigo esse mesmo config roda liso com gc ligado. no meu da oom", None),
        ("it still goes OOM on the 1280 bucket. Smaller buckets train fine. GC on", None),
        # anyone's first run, asked about; a first run going well
        (
            "por que o pessoal fala que nunca se deve começar um primeiro treino sem gc?",
            None,
        ),
        ("Finally got my first LoRA running! could I turn gc off to go faster? no errors", None),
    ],
)
def test_a_run_that_trains_through(text: str, stable: str | None) -> None:
    assert extract(text).facts.get("stable_with_gc") == stable


def test_a_squared_size_is_a_resolution() -> None:
    assert extract("1024² bs4 gc off flux-dev → OOM ~step 5").facts["max_resolution"] == 1024


@pytest.mark.parametrize(
    "text",
    [
        "ficou sem memoria na gpu no passo 2",
        "falta memoria de video no passo 2",
        "acabou a memoria da placa no passo 2",
        "the GPU ran out of memory at step 2",
        "it still runs out of GPU memory at step 1",
        "runs out of CUDA memory while caching",
    ],
)
def test_memory_of_the_card_running_out(text: str) -> None:
    found = extract(text)
    assert (found.intent, found.facts.get("memory_kind")) == ("fix_oom", "gpu")


def test_previews_switched_off_said_shortly() -> None:
    assert extract("sdxl 1024 bs2 gc off oom step 3 samples off").facts["sampling_disabled"] is True


def test_nothing_disabled_keeps_what_was_switched_on() -> None:
    text = "gc ON, batch 1, low_vram ON, and it STILL dies with CUDA OOM. I've disabled nothing"
    assert extract(text).facts["low_vram"] is True


def test_a_question_about_gc_in_general_after_the_retry_keeps_its_outcome() -> None:
    text = (
        "> tenta ligar o gradient_checkpointing de novo\n"
        "liguei e voltou ao normal, obrigado! mas fiquei curioso: por que desligar faz dar OOM"
        " tão de repente se eu só mudei isso?"
    )
    assert extract(text).facts["gc_retry"] == "fixed"


@pytest.mark.parametrize(
    "text",
    [
        "Last week I ran this with GC off and it OOMed, so I turned it on and it trained fine."
        " Today: new dataset, same settings, GC still on, and now OOM at step 900.",
        "flipped it on, works now, 1.9s/it. buuut now im at step ~1100 and it oomed again??",
    ],
)
def test_a_new_crash_after_a_retry_that_worked_is_no_failed_retry(text: str) -> None:
    assert extract(text).facts.get("gc_retry") is None


def test_ltx2_glued_is_a_video_model() -> None:
    assert extract("ltx2\nslow af\nno crash tho\ngc on").facts["model_family"] == "video"


def test_earlier_runs_that_trained_perfectly_are_stable() -> None:
    text = "meus últimos 5 loras treinaram perfeito com gc ligado. nesse desliguei e deu OOM"
    assert extract(text).facts["stable_with_gc"] == "yes"


@pytest.mark.parametrize(
    ("text", "retry"),
    [
        ("thx guys!! turned GC back on and it's training now", "fixed"),
        ("vlw demais pela ajuda, religuei o gc e foi", "fixed"),
        ("obrigado! reativei o gc e passou do passo 2 sem erro", "fixed"),
        ("OOM at once with batch 2. Turned GC back on → same crash", "still_oom"),
        ("OOM na hora com batch 2. religuei o GC e nada, mesma coisa", "still_oom"),
    ],
)
def test_what_switching_gc_back_on_did(text: str, retry: str) -> None:
    assert extract(text).facts.get("gc_retry") == retry


@pytest.mark.parametrize(
    ("text", "retry"),
    [
        # a whole run without a crash after the switch back
        ("it OOMed at step 2. turned GC back on and the whole run finished, zero OOMs", "fixed"),
        ("dava oom no passo 1. religuei o gradient checkpointing e foi até o fim sem OOM", "fixed"),
        # no crash was ever told: switching it on was no retry of one
        ("tava com GC desligado no SD1.5, agora liguei o GC por precaução. roda sem OOM", None),
        ("I ran both back to back on a 4090, neither crashed. GC true vs false", None),
    ],
)
def test_a_retry_that_ran_through(text: str, retry: str | None) -> None:
    assert extract(text).facts.get("gc_retry") == retry


@pytest.mark.parametrize(
    ("text", "facts", "intent"),
    [
        # asked before trying: no crash, no state
        ("does gc off oom on 12gb? asking before i try lol", {"gc": None}, "explain"),
        ("gc off da oom em 12gb? pergunto antes de testar kkk", {"gc": None}, "explain"),
        # the run's setting blamed in a question is still the run's
        (
            "Could that be because gradient checkpointing is on? bs 1, 33 frames",
            {"gc": "enabled"},
            None,
        ),
        # the same crash after the switch back
        ("nope. gc back on, same oom 😑", {"gc_retry": "still_oom"}, "fix_oom"),
        ("ss liguei o gc de volta, msm oom 😑", {"gc_retry": "still_oom"}, "fix_oom"),
        # "w" is "with"
        ("w gc on my lora barely looks like me after 2500 steps", {"gc": "enabled"}, "quality"),
    ],
)
def test_short_chat(text: str, facts: dict[str, FactValue], intent: str | None) -> None:
    read = extract(text)
    assert {name: read.facts.get(name) for name in facts} == facts
    if intent is not None:
        assert read.intent == intent


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the machine's memories listed side by side say how much there is, not what ran out
        ("16 giga de vram e 64 de ram e o zimage ainda da oom. bs 1, 768", None),
        (
            "64gb ram, 16gb vram (4080), sdxl lora, gradient_checkpointing off, OOM after 2 hours",
            None,
        ),
        # one named as filling up still is
        ("loading qwen edit 2509 eats all 32gb of my system ram and the pc freezes", "system"),
        # what did not fill up is not what ran out
        (
            "a ram de 32gb enche toda e o pc trava ao carregar, a vram nem chega a encher",
            "system",
        ),
        ("erro de memoria na gpu quando ta carregando o text encoder do qwen edit, 24G", "gpu"),
        ("tirei o gradient checkpointing e agora falta memória na gpu logo de cara", "gpu"),
    ],
)
def test_what_ran_out(text: str, kind: str | None) -> None:
    assert extract(text).facts.get("memory_kind") == kind


@pytest.mark.parametrize(
    ("text", "phase", "intent"),
    [
        # asking how to stop it reports it; an act taken to stop it tells it is over
        (
            "any way to stop the OOM at the 1536 bucket? everything else trains fine",
            "bucket_spike",
            "fix_oom",
        ),
        (
            "I dropped the 1024 bucket to stop the OOM and now the faces look softer",
            None,
            "quality",
        ),
        (
            "It only OOMs when a 2048 image shows up, maybe one step in forty",
            "bucket_spike",
            "fix_oom",
        ),
    ],
)
def test_stopping_a_crash(text: str, phase: str | None, intent: str) -> None:
    read = extract(text)
    assert (read.facts.get("oom_phase"), read.intent) == (phase, intent)


def test_the_total_after_a_slash_is_the_card_s() -> None:
    assert extract("I'm at ga 2 bs 2 now, 22.8/24gb used").facts.get("vram_gb") == 24


def test_what_an_act_was_for_keeps_the_act() -> None:
    read = extract("Desativei a amostragem pra fugir do OOM e agora o treino vai até o fim")
    assert read.facts.get("sampling_disabled") is True


@pytest.mark.parametrize(
    ("text", "retry"),
    [
        # what switching it back on did, said other ways
        (
            "a flag do gc tava off no template, achei depois do segundo crash. liguei, os"
            " crashes sumiram",
            "fixed",
        ),
        ("reativei e resolveu o OOM, mas ficou bem mais lento. normal?", "fixed"),
        (
            "I turned Gradient Checkpointing back on (had to, it was OOMing, and turning it back"
            " on stopped that)",
            "fixed",
        ),
        (
            "ok re-enabled gradient checkpointing like the bot said. now it OOMs later instead,"
            " around step 700",
            "still_oom",
        ),
        # with it on all along, still crashing, nothing was retried
        ("batch 1, 512, gc on, still oom on 8gb, flux fp8. what else", None),
    ],
)
def test_what_switching_back_did(text: str, retry: str | None) -> None:
    assert extract(text).facts.get("gc_retry") == retry


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # runs that went to their end with GC on, before the crash with it off
        (
            "ran 3 loras with gc on, all finished. 4th one with gc off OOMs on the first preview",
            {"stable_with_gc": "yes", "gc": "disabled"},
        ),
        (
            "My first three runs with GC on completed fine. The fourth, Flux dev, dies at step 1",
            {"stable_with_gc": "yes"},
        ),
        (
            "oom no passo 1 com gc off. minhas loras com gc on sempre terminaram",
            {"stable_with_gc": "yes"},
        ),
        # calm told of earlier runs, the crash of this one: the crash is still the goal
        (
            "It throws CUDA OOM whenever a 1280 batch comes up. gradient_checkpointing off (I had"
            " it on for my last two runs, both completed fine, but wanted speed).",
            {"goal": "fix_oom"},
        ),
        # a first run, or never a run that finished
        (
            "primeira lora da vida, wan 2.2 5b, gc ligado, estoura ja no passo 1",
            {"stable_with_gc": "no"},
        ),
        (
            "gc ligado. nunca consegui terminar nenhum treino, sempre morre",
            {"stable_with_gc": "no"},
        ),
        (
            "None of my runs has ever finished. Flux dev, crashes at the first preview",
            {"stable_with_gc": "no"},
        ),
        # …unless that first run finished with GC on
        (
            "terminei minha primeira lora de sdxl com gc ligado, 2h. da pra ir mais rapido?",
            {"stable_with_gc": "yes"},
        ),
        # GC back on, then another run trained *with* it off: no switch undone
        (
            "religuei o gc e o treino foi até o fim. só que a lora ficou pior que a do meu amigo,"
            " que treinou com gc off",
            {"gc": "enabled"},
        ),
        # a run that went well on another machine than the one crashing now
        (
            "On my work machine (A6000) the same Wan 2.1 config trained fine with GC on. At home on"
            " my 4090 it OOMs on step 1, GC is on there too.",
            {"stable_with_gc": None},
        ),
        (
            "No RunComfy, na máquina de 48GB, minha lora de wan terminou de boa com gc ligado. Em"
            " casa na 4090, mesma config, OOM no step 1.",
            {"stable_with_gc": None},
        ),
        # one machine named: the run is theirs
        (
            "L40S on runcomfy, sdxl 1024 bs 4 with gc on, never crashed. safe to flip GC off?",
            {"stable_with_gc": "yes"},
        ),
        # the end of the first epoch is later
        (
            "ltx-2 ooms exactly at the end of epoch 1, every run. gc is disabled",
            {"oom_phase": "later"},
        ),
    ],
)
def test_runs_that_went_to_their_end_here_or_elsewhere(
    text: str, facts: dict[str, FactValue]
) -> None:
    found = extract(text).facts
    assert {k: found.get(k) for k in facts} == facts


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        ("hidream numa a100 80gb, lote 4, gc desativado, oom qnd chega no passo 2k", "later"),
        # the step said after the message turns to now
        ("parou de estourar no passo 2 mas agora morre no passo 1900. gc continua off", "later"),
        # the previews named in other words
        (
            "it trains fine until step 200, when it tries to render a sample video, then CUDA OOM",
            "sampling",
        ),
        (
            "9 hours of training and it dies at the very end while making the final samples",
            "sampling",
        ),
        ("zit, gc off, crashou com CUDA OOM bem no sample final", "sampling"),
        # the images of a size, told without "only"
        (
            "morre do nada com CUDA OOM, nos passos 143, 618 e 1190, e sempre tem imagem de 1536",
            "bucket_spike",
        ),
        ("sempre morre com oom qnd vem um de 1280, os outros passam", "bucket_spike"),
    ],
)
def test_when_it_breaks_told_other_ways(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "nem ligo pra velocidade so quero q pare de crashar, zit 1024 bs 2 gc off 16gb",
            "fix_oom",
        ),
        ("é normal crashar enquanto gera as amostras? flex.1, gc off, previews em 1280", "fix_oom"),
        (
            "desliguei gc e a vram fica 15.8 de 16 e vaza pra ram, ficou 10x mais lento",
            "outside_guide",
        ),
        (
            "my oom goes away when i close chrome and discord lol is that normal? 3060, zit",
            "outside_guide",
        ),
        ("container no runpod morrendo com exit 137 no meio do treino", "outside_guide"),
        # stopped crashing is fixed, not a crash now
        (
            "religuei o gc e o qie parou de crashar, mas ficou lento. tem outro jeito de acelerar?",
            "speed",
        ),
    ],
)
def test_crashing_told_in_portuguese_verbs_and_other_memory_trouble(text: str, intent: str) -> None:
    assert extract(text).intent == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # two cards named, and which one the job is on: the wrong GPU, outside the guide
        ("i have 2 gpus and its training on the small one, oom", "outside_guide"),
        (
            "tenho uma 3090 e uma 3060, o treino vai pra 3060 e da OOM. como eu forço a 3090?",
            "outside_guide",
        ),
        (
            "Two-GPU box, a 3060 and a 3090. The job keeps landing on the 3060 and OOMs",
            "outside_guide",
        ),
        # one card, and the index PyTorch names in its error: a plain OOM
        (
            "RTX 3060 12GB, gc off. torch.OutOfMemoryError: CUDA out of memory. GPU 0 has a total"
            " capacity of 11.63 GiB",
            "fix_oom",
        ),
        # broken right after an update
        (
            "desde a ultima atualização do ai toolkit o lumina 2 da oom no primeiro preview",
            "outside_guide",
        ),
        (
            "Fiz pull da ultima versao do ai-toolkit hoje e agora da CUDA OOM no step 1",
            "outside_guide",
        ),
        (
            "troquei pra branch nova do ai-toolkit e agora tudo da oom, mesmo com gc ligado",
            "outside_guide",
        ),
        # an issue template's checkbox is no update
        ("- [x] I am on the latest version. Qwen Edit OOM at step 3 on a 32GB card", "fix_oom"),
    ],
)
def test_the_wrong_card_or_an_update(text: str, intent: str) -> None:
    assert extract(text).intent == intent


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # chat shorthand reads as the word it stands for: "qnd" is "quando", "dps" "depois"
        ("wan 2.2 t2v da oom qnd comeca a treinar. fp8, bs1", "first_steps"),
        ("so da oom de vez em qdo, acho q eh nos buckets de 1536. zit gc off", "bucket_spike"),
        ("o processo morre com Killed qdo carrega o wan 2.2, tenho 32gb de ram", "loading"),
    ],
)
def test_chat_shorthand_says_when(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # a stage named a few words after a word of time
        ("OOM only when the sampler runs every 100 steps, training is fine. gc on", "sampling"),
        ("qwen edit fp8 gc desligado, OOM so quando roda os previews. 4090", "sampling"),
        ("sdxl fp8 unet 3060 oom on latents caching", "loading"),
        ("hidream gc ligado deu oom enquanto cacheava os latents. 3090", "loading"),
        ("OOM at the very end, when it saves the final safetensors. gc off", "later"),
        # the images or the bucket it dies on
        ("only crashes on my portrait images (832x1216), the square ones are fine", "bucket_spike"),
        ("so estoura nas fotos em pe (896x1344), as quadradas passam. gc off", "bucket_spike"),
        ("step 812 bucket 1280x1280 OOM. it only ever dies on that bucket", "bucket_spike"),
        # how long it ran, or how soon it died
        ("desliguei o gc, rodou uns 40 minutos e deu CUDA OOM", "later"),
        ("0% e ja era. CUDA out of memory. sdxl 1024 bs 4 gc off numa 3080", "first_steps"),
        # how soon, how late, which sample, which bucket, in fewer words
        ("help!! CUDA out of memory on 5080 right at start, zimage turbo, gc off", "first_steps"),
        (
            "lora de illustrious numa 3060 com gc desligado, bs 6 e 1024, oom em uns 3 steps",
            "first_steps",
        ),
        ("My Wan 2.2 5B LoRA gets through about 2 hours then CUDA OOM. 33 frames", "later"),
        ("turned gc off and it oom'd on the 1st sample before training even started", "sampling"),
        ("wan 2.2 treina de boa mas toda vez que vai fazer o sample da cuda oom", "sampling"),
        (
            "CUDA out of memory in toolkit/stable_diffusion_model.py, generate_images sdxl",
            "sampling",
        ),
        (
            "zimage de-turbo on a 5070, oom when it hits the big bucket (1280), rest is fine",
            "bucket_spike",
        ),
        # not a stage: a setting's words, a switch's "on", the other side of "instead of"
        ("now it OOMs on step 1 instead of at the sample. z-image, gc off", "first_steps"),
    ],
)
def test_a_stage_named_after_a_word_of_time(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


def test_a_switch_on_is_no_moment() -> None:
    found = extract("OOM at sampling with gc on - previews are 1344x768, every 100 steps")
    assert found.facts.get("sample_every") == 100


@pytest.mark.parametrize(
    ("text", "stable"),
    [
        # the buckets listed in a clause of their own are the setup, not the part that went fine
        ("chroma on a 3090, gc on, batch 1, 512+768+1024 buckets, runs fine no OOM.", "yes"),
        ("gc on, 1024 buckets, runs fine no OOM. just want it faster", "yes"),
        # but "the smaller buckets train fine" is only part of the run
        ("gc on, the smaller buckets train fine", None),
    ],
)
def test_a_part_of_the_run_is_told_in_the_calm_s_own_clause(text: str, stable: str | None) -> None:
    assert extract(text).facts.get("stable_with_gc") == stable


def test_asking_why_the_fix_worked_wants_an_explanation() -> None:
    found = extract("chroma 1024 batch 3 gc off -> oom. fixed it by turning gc on. why tho")
    assert (found.intent, found.facts.get("gc_retry")) == ("explain", "fixed")


@pytest.mark.parametrize(
    "text",
    [
        "turned gc back on and no more OOM, thanks",
        "GC back on, no OOM anymore. why is it so slow now though?",
    ],
)
def test_a_retry_that_worked_leaves_no_crash_stage(text: str) -> None:
    # whether a crash fixed makes "no OOM" a fact of the run is left to the annotations (they
    # differ); a stage of the crash fixed it never is
    facts = extract(text).facts
    assert facts.get("gc_retry") == "fixed"
    assert facts.get("oom_phase") in (None, "none")


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # stopped *by* an OOM is a crash, not an OOM that stopped
        ("Training stopped with OOM after 3 hours. Flux dev, 24GB.", "later"),
        ("o treino parou com oom depois de 2h", "later"),
    ],
)
def test_stopped_by_an_oom_is_a_crash(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


def test_a_phrase_of_the_first_run_stays_in_one_clause() -> None:
    assert "stable_with_gc" not in extract("bom dia! cafe primeiro, lora depois").facts
    assert extract("primeira lora, gc ligado, deu oom").facts.get("stable_with_gc") == "no"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        ("bucket 1280 always ooms, others fine. zit, gc on", "bucket_spike"),
        ("bucket 1536 sempre da oom, os outros de boa. flux dev", "bucket_spike"),
        ("wan 2.1, gc ligado, e da oom na primeira step. 4090", "first_steps"),
        ("It still runs out of VRAM after a couple hundred steps", "later"),
        ("your 5070 ti explodes on step 2 with zimage 1024 batch 2", "first_steps"),
        ("[sample] gerando 2/4... RuntimeError: CUDA error: out of memory", "sampling"),
    ],
)
def test_when_it_breaks_in_a_few_more_words(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


def test_a_preview_log_line_gives_the_previews_settings() -> None:
    found = extract(
        "[train] gradient_checkpointing=False batch_size=2\n"
        "[sample] gerando 4 imagens em 1024x1024, 30 steps\n"
        "CUDA out of memory. Tried to allocate 2.25 GiB"
    ).facts
    assert (found.get("oom_phase"), found.get("sample_width"), found.get("sample_steps")) == (
        "sampling",
        1024,
        30,
    )


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # the crash is over once the retry worked: what is asked now is the goal
        (
            "why would GC cause OOM so suddenly? just want to understand, already turned it back "
            "on and it works",
            "explain",
        ),
        (
            "alguem me explica pq o gc faz tanta diferença de vram? desliguei e estourou os 12 da "
            "3060. ja religuei e voltou ao normal",
            "explain",
        ),
        # still crashing after the retry is still a crash
        ("religuei o gc e continua dando oom no passo 1, pq?", "fix_oom"),
    ],
)
def test_asked_after_a_retry_that_worked(text: str, intent: str) -> None:
    assert extract(text).intent == intent


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        # the batch wished for is no batch run
        ("Lumina 2: batch 4 OOMs (gc on), batch 2 works. How do I get the effect of batch 4?", 2),
        ("deu oom com batch 6 no flux krea, baixei pra 2 e ta de boa. Como simulo o batch 6?", 2),
    ],
)
def test_asking_for_the_effect_of_a_bigger_batch(text: str, batch: int) -> None:
    found = extract(text)
    assert (found.intent, found.facts.get("batch_size")) == ("accumulation", batch)


@pytest.mark.parametrize(
    "text",
    [
        "On the 4070 Ti it OOMs before the first step finishes, even at batch 2",
        "da out of memory antes de completar o primeiro passo, gc off",
        "first step never completes, cuda oom. qie 2509 at 1024",
    ],
)
def test_before_the_first_step_finishes_is_the_first_step(text: str) -> None:
    assert extract(text).facts.get("oom_phase") == "first_steps"


@pytest.mark.parametrize(
    "text",
    [
        "gc off, bs 2, flux dev, buckets 512 and 1024. OOM at step 600 but only on a 1024 batch",
        "chroma ta dando CUDA OOM so no bucket 1536, o resto vai. gc off, 3090",
        "da OOM so nos buckets grandes, os pequenos passam. zimage",
    ],
)
def test_a_bucket_named_with_the_crash_is_a_spike(text: str) -> None:
    assert extract(text).facts.get("oom_phase") == "bucket_spike"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # the previews made before training starts: sampling, not loading
        ("chroma da OOM gerando os previews antes de comecar o treino", "sampling"),
        ("it OOMs rendering the preview images before training starts", "sampling"),
        # never reaching the first step (counted from 0 or 1): still loading
        ("oom quantizando o transformer, nem chega no step 0", "loading"),
        ("OOM every time, it never gets to step 0", "loading"),
        # the training loop starting is the first steps
        ("CUDA OOM right when the training loop starts, sdxl", "first_steps"),
        ("da OOM na primeira step, flux dev", "first_steps"),
    ],
)
def test_when_it_breaks_around_the_start(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    ("text", "stable"),
    [
        # a first run that went through is no sign of never having had a stable one
        ("finally got my first lora done, thanks everyone!", None),
        ("terminei minha primeira lora, valeu galera", None),
        # but a first run is when it crashes, or when it finished with GC off
        ("first lora ever and it OOMs at step 1", "no"),
        ("terminei minha primeira lora com gc desligado mas ficou feia", "no"),
    ],
)
def test_a_first_run_that_went_through(text: str, stable: str | None) -> None:
    assert extract(text).facts.get("stable_with_gc") == stable


@pytest.mark.parametrize(
    "text",
    [
        "Crashes with CUDA OOM at step 40 with gc off. With gc on I never had a problem.",
        "com gc desligado estoura no passo 2. com gc ligado nunca deu problema",
        "OOM no passo 1 com gradient_checkpointing: false. Com checkpointing true nunca tive"
        " problema nesse dataset.",
    ],
)
def test_the_calm_side_of_a_comparison_is_a_stable_run(text: str) -> None:
    facts = extract(text).facts
    assert facts.get("gc") == "disabled"
    assert facts.get("stable_with_gc") == "yes"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        (
            "torch.OutOfMemoryError: CUDA out of memory. 2 hours in. why now and not at step 1??",
            "later",
        ),
        ("nao no passo 1, so no passo 900 da oom", "later"),
        ("OOM, and not even at step 2 like before", None),
    ],
)
def test_a_step_it_did_not_crash_at(text: str, phase: str | None) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    "text",
    [
        "ok so my training just stopped?? no error, nothing. flux",
        "meu treino parou do nada, sem erro nenhum. qwen edit",
    ],
)
def test_no_error_from_a_run_that_stopped_is_no_calm(text: str) -> None:
    assert extract(text).facts.get("oom_phase") is None


def test_no_errors_from_a_slow_run_is_no_crash() -> None:
    assert extract("no errors, just slow, gc on").facts.get("oom_phase") == "none"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        (
            "OOM before training starts - Chroma\nLog: Generating baseline samples before"
            " training\nGenerating Images: 0%| | 0/6\n...CUDA out of memory.",
            "sampling",
        ),
        ("OOM before training starts, while loading the model", "loading"),
        ("flux 2 dev dando oom ainda carregando o modelo, nem chegou no step 0", "loading"),
    ],
)
def test_before_training_starts_told_with_what_was_running(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    "text",
    [
        "sdxl with gc off, step 700 and no OOM so far. faster too, keep it like this?",
        "chroma na 4080, gc ligado, nenhum crash por enquanto, mas 6s/it",
        "ainda nao deu oom, 400 passos, flux na 3090 com gc off",
    ],
)
def test_no_crash_so_far_is_no_phase(text: str) -> None:
    assert extract(text).facts.get("oom_phase") is None


@pytest.mark.parametrize(
    "text",
    [
        "put gradient checkpointing back on and the whole 3000 steps ran, zero OOMs. thanks!",
        "religuei o gc e a lora terminou sem nenhum crash, valeu",
        "turned gc on again after the OOM and it trains without errors now",
    ],
)
def test_no_crash_after_switching_back_on_is_no_phase(text: str) -> None:
    # the run did crash, before: "does not OOM at all" is not what they say
    assert extract(text).facts.get("oom_phase") is None


def test_no_crash_with_a_switch_back_only_supposed_is_none() -> None:
    text = "gc off, bs 2, no OOM at all. if I turn gc back on, how much slower will it be?"
    assert extract(text).facts.get("oom_phase") == "none"


@pytest.mark.parametrize(
    ("text", "family"),
    [
        ("[wan22_14b] step 1/2000 | CUDA error: out of memory, gc off", "video"),
        ("model: arch: wan22_5b, gc on, oom no passo 3", "video"),
        ("qwen_image_edit_plus job, OOM while caching text embeddings", "qwen_edit"),
    ],
)
def test_an_arch_written_as_ai_toolkit_writes_it_is_the_model(text: str, family: str) -> None:
    assert extract(text).facts.get("model_family") == family


@pytest.mark.parametrize("text", ["my job lora_zimage_v3 OOMs at step 2", "flux_dev_v2.yaml OOMs"])
def test_a_job_named_after_a_model_is_still_no_model(text: str) -> None:
    assert "model_family" not in extract(text).facts


@pytest.mark.parametrize(
    "text",
    [
        "sdxl on a 3060, gc off, batch 4, oom straight away",
        "sd 1.5 on a 6gb card crashes out of memory immediatly, batch 1",
    ],
)
def test_straight_away_is_the_first_steps(text: str) -> None:
    assert extract(text).facts.get("oom_phase") == "first_steps"


@pytest.mark.parametrize(
    "text",
    [
        "Ola, primeira vez treinando uma lora. z image turbo na 4060 de 8gb, OOM no primeiro passo",
        "Primeira vez usando o AI Toolkit. Flux dev, gc ligado, da OOM quantizando",
        "first time using ai toolkit, sdxl on a 3060, oom at step 2",
    ],
)
def test_a_first_time_has_no_stable_run(text: str) -> None:
    assert extract(text).facts.get("stable_with_gc") == "no"


@pytest.mark.parametrize(
    "text",
    [
        "gc on, no oom so far, just slow. worth turning it off?",
        "gc ligado, nenhum oom ate agora, mas lento. vale desligar?",
        "first lora ever, gc on, no oom, slow",
        "marquei o gc agora e ja foi 300 passos sem oom",
        "gc on, no crash but shared gpu memory climbs to 9gb and it crawls at 60 s/it",
    ],
)
def test_no_crash_yet_or_a_first_run_is_no_stable_run(text: str) -> None:
    assert extract(text).facts.get("stable_with_gc") != "yes"


@pytest.mark.parametrize(
    "text",
    [
        'OOM after ~900 steps. Traceback: File "run.py", line 120, in run\n'
        "    self.sample(self.step_num)\ntorch.OutOfMemoryError: CUDA out of memory",
        "deu OOM depois de umas 3 horas (passo 1800)\n"
        '  File ".../toolkit/sampler.py", line 90, in sample\n'
        "torch.cuda.OutOfMemoryError: CUDA out of memory",
    ],
)
def test_a_traceback_through_the_sampler_is_sampling(text: str) -> None:
    assert extract(text).facts.get("oom_phase") == "sampling"


@pytest.mark.parametrize(
    "text",
    [
        "flux on a 4090, gc on, 3 s/it. do I gain much with gc off or do I just run out of vram?",
        "chroma na 4090, gc ligado. desligando ganho velocidade ou so estoura a vram?",
    ],
)
def test_a_crash_asked_about_as_an_outcome_is_none(text: str) -> None:
    facts = extract(text).facts
    assert "memory_kind" not in facts
    assert facts.get("oom_phase") is None or facts.get("oom_phase") == "none"


def test_a_crash_asked_about_with_its_cause_is_told() -> None:
    facts = extract("is it the bucket or does it run out of vram because of gc off?").facts
    assert facts.get("memory_kind") == "gpu"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        (
            "zit crashou com OOM no step 900... exatamente qdo tava fazendo o sample do step 900 "
            "(sample_every 300). gc off",
            "sampling",
        ),
        (
            "it OOMs around step 1200 of 2000... no wait, it's when it makes the samples at step "
            "1200 (sample_every is 400)",
            "sampling",
        ),
        ("sample_every 250. OOM at step 500, not during the sample though", "later"),
    ],
)
def test_a_step_at_a_preview_said_to_be_sampling_is_sampling(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    ("text", "stable"),
    [
        # the first of the runs told, not the first ever
        (
            "HiDream LoRA. First run with GC on went fine over 6 hours. Second run I disabled"
            " GC and it dies at the start of training with out of memory.",
            "yes",
        ),
        (
            "O primeiro treino com GC desligado chegou no passo 900 e deu OOM. Refiz com GC"
            " ligado e terminou sem problema.",
            "yes",
        ),
        # a job's name is no first run
        ("my_first_lora: 12%|█▏ | 240/2000 [14:02<1:42:50] CUDA out of memory. gc off", None),
        # the first ever stays so, however many tries
        ("Third try at my first LoRA ever. Z-Image, GC on, batch 1. It OOMs at step 5.", "no"),
        ("É meu segundo LoRA, o primeiro também morreu de OOM, nunca terminei nenhum.", "no"),
    ],
)
def test_the_first_of_several_runs_is_not_the_first_ever(text: str, stable: str | None) -> None:
    assert extract(text).facts.get("stable_with_gc") == stable


@pytest.mark.parametrize(
    "text",
    [
        "4060 Ti. it ran flux kontext fine before I disabled checkpointing, now it OOMs",
        "funcionava antes de eu desligar o gc e subir a resolução. agora crasha no passo 1",
        "it worked until I turned off gradient checkpointing, now OOM at step 2",
    ],
)
def test_fine_until_gc_was_switched_off_is_a_stable_run(text: str) -> None:
    assert extract(text).facts.get("stable_with_gc") == "yes"


@pytest.mark.parametrize(
    ("text", "disabled"),
    [
        ("já desliguei as amostras, lote 1, 640. continua dando oom no passo 2 com gc off", True),
        ("desativei os samples e mesmo assim oom no passo 1, zit 1280", True),
        ("disabled the samples, still oom at step 2, gc off", True),
        ("turned off the previews and it still OOMs at step 1. chroma", True),
        # asked, not done
        ("should I disable the samples? oom at the first preview, gc off", None),
        ("se eu desativar as amostras melhora? oom no primeiro preview", None),
    ],
)
def test_previews_switched_off_are_sampling_disabled(text: str, disabled: bool | None) -> None:
    assert extract(text).facts.get("sampling_disabled") is disabled


@pytest.mark.parametrize(
    "text",
    [
        "vou tentar quantizar hj a noite, agora ta sem quantizar. chroma bs 2 crashou por falta de"
        " memoria",
        "going to try quantizing tonight, now it's unquantized. chroma bs 2 ran out of memory",
        "planning to cache latents to disk next time, flux just OOMed on me",
    ],
)
def test_a_stage_wished_for_is_not_when_it_broke(text: str) -> None:
    assert extract(text).facts.get("oom_phase") is None


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # a bar's count or share told in prose
        ("bro it OOMs at 0/2000 lmao zimage turbo 1024 bs4 no gc", "first_steps"),
        ("chroma estourou a vram no 0/1500", "first_steps"),
        ("sd3.5 large ooms at 0% with gc on, 4080 super", "first_steps"),
        ("wan 2.2 oom em 35%, gc off, 81 frames", "later"),
        ("mano it OOMs at the very end, like literally 2999/3000 kkk", "later"),
        ("o treino roda até 99% e dá oom na hora de salvar o arquivo final", "later"),
        # sizes, or a bar stuck, are no count of steps
        ("the run is stable now at 512/768/1024 with GC on after the OOMs", None),
        ("travou em 0% e ficou la parado, chroma", None),
        # previews made on the way are not when it broke
        ("The step 0 previews go through fine, then it OOMs on step 1. Flex.2", "first_steps"),
        ("OOM no passo 1, os samples iniciais passaram", "first_steps"),
        ("it oom'd at step 0 while generating the baseline", "sampling"),
        # the sizes it breaks on, and the sizes it trains on
        ("qie 2511 oom so nas imagens de 1024x1536 do dataset", "bucket_spike"),
        ("oom at step 1 even with bs 1 and only the 512 bucket. chroma", "first_steps"),
    ],
)
def test_when_it_broke_told_by_counts_and_sizes(text: str, phase: str | None) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # an accumulation told as part of the setup: what is asked is the goal
        (
            "to treinando LTX-Video numa A6000, batch 1, acumulação 2, gc ligado. Não dá OOM,"
            " só é lento demais. Vale a pena desligar o GC pra ganhar velocidade?",
            "speed",
        ),
        (
            "My HiDream LoRA came out blurry. I run batch 1, accum 4, GC on. Could the"
            " checkpointing be the cause of the blur?",
            "quality",
        ),
        ("valeu mano, bs 1 com accumulation 4 resolveu, sem crash nenhum 🙏", "off_topic"),
        # an accumulation asked about, then or later
        (
            "running batch 1 + grad accum 4 on Flex.2. Is that actually equivalent to batch 4?",
            "accumulation",
        ),
        (
            "gradient_accumulation_steps=2 right now. would raising it to 8 use more vram?",
            "accumulation",
        ),
        (
            "uso batch 1 com accumulation 4, mas ficou bem mais lento. é assim mesmo?",
            "accumulation",
        ),
    ],
)
def test_an_accumulation_in_the_setup_is_no_question_about_it(text: str, intent: str) -> None:
    assert extract(text).intent == intent


def test_a_training_step_logged_after_the_loading_lines_is_the_first_steps() -> None:
    text = (
        "[ai-toolkit] low_vram enabled\nLoading Wan2.2-I2V-A14B ...\n"
        "Quantizing transformer (qfloat8)\nQuantizing transformer_2 (qfloat8)\n"
        "step 3/2000 loss 0.0812\nRuntimeError: CUDA error: out of memory\n5090, gc false"
    )
    assert extract(text).facts.get("oom_phase") == "first_steps"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # a crash at a step of their own, asked about: their crash, not one in general
        ("morre com oom sempre no passo 250 kkk o sample_every tbm é 250, tem a ver?", "fix_oom"),
        # a batch wanted back on a smaller card
        (
            "zit bs 3 works w/ gc on, bs 4 ooms at step 1. stuck at 3 or can i fake 4?",
            "accumulation",
        ),
        (
            "my buddy runs qwen edit at batch 4 on his 5090. i'm on a 4070 ti, how do i get close"
            " to his batch 4 without blowing up",
            "accumulation",
        ),
        (
            "meu amigo roda qwen edit com lote 4 na 5090. eu tenho uma 4070, como chego perto"
            " desse lote 4 sem estourar",
            "accumulation",
        ),
    ],
)
def test_what_is_wanted_beside_a_crash_or_another_s_batch(text: str, intent: str) -> None:
    assert extract(text).intent == intent
