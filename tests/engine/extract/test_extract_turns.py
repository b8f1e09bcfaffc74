"""Errors that are no out-of-memory, states told as they changed, when it breaks after GC went back
on, and numbers told by what they count: phrasings of each class, in both languages."""

from __future__ import annotations

import pytest

from engine.engine import Engine
from engine.extract.extractor import _read, extract
from engine.message import understand
from engine.state import Opening
from kb.contract import FactValue
from kb.validate import load_validated

# An error that is not running out of memory is no memory trouble (off topic), though the answer
# still says what the guide does not cover; no phase, no memory.
OTHER_ERRORS = [
    "RuntimeError: CUDA error: an illegal memory access was encountered (hidream, random steps)",
    "RuntimeError: CUDA error: no kernel image is available for execution on the device. 5090",
    "saving at step 2000 it crashes with OSError: [Errno 28] No space left on device",
    "o treino para quando vai salvar o checkpoint, No space left on device",
    "RuntimeError: CUDA error: the launch timed out and was terminated, monitor na mesma placa",
    "deu Segmentation fault (core dumped) no passo 0, alguém sabe o que é?",
    "o disco ta cheio e o treino morre na hora de salvar",
]


@pytest.mark.parametrize("text", OTHER_ERRORS)
def test_an_error_that_is_no_oom_is_no_memory_trouble(text: str) -> None:
    found = extract(text)
    assert found.intent == "off_topic"
    assert "other_error" in found.signals
    assert "oom_phase" not in found.facts
    assert "memory_kind" not in found.facts


@pytest.mark.parametrize(
    "text",
    [
        "RuntimeError: CUDA error: out of memory. Compile with TORCH_USE_CUDA_DSA to enable "
        "device-side assertions. hidream",
        "OOM at step 1, then an illegal memory access when I lowered the batch",
    ],
)
def test_an_error_beside_running_out_of_memory_is_the_oom(text: str) -> None:
    found = extract(text)
    assert "other_error" not in found.signals
    assert found.intent == "fix_oom"


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_the_answer_names_the_error_in_the_users_language(locale: str) -> None:
    kb, catalog = load_validated()
    engine = Engine(kb, catalog, "/guide")
    text = "CUDA error: an illegal memory access was encountered at step 300"
    _, turn = engine.start(Opening(locale=locale, text=text))
    assert turn.answer is not None
    outside = next(r for r in turn.answer.recommendations if r.code == "outside_guide")
    assert "other_error" in outside.params["topics"]
    assert "illegal memory access" in turn.text
    assert ("não é falta de memória" if locale == "pt-BR" else "not running out of memory") in (
        turn.text
    )


OUTSIDE_TRAINING = [
    ("en", "my flux lora OOMs in comfy when i load it at 1536, on a 3090", "ComfyUI or Forge"),
    (
        "pt-BR",
        "joycaption comendo toda a vram da 3090 pra legendar 200 imagens",
        "ComfyUI ou no Forge",
    ),
]


@pytest.mark.parametrize(("locale", "text", "said"), OUTSIDE_TRAINING)
def test_memory_run_out_in_another_program_is_answered_as_outside_the_guide(
    locale: str, text: str, said: str
) -> None:
    kb, catalog = load_validated()
    engine = Engine(kb, catalog, "/guide")
    _, turn = engine.start(Opening(locale=locale, text=text))
    assert turn.answer is not None
    outside = next(r for r in turn.answer.recommendations if r.code == "outside_guide")
    assert outside.params["topics"] == ["outside_training"]
    assert said in turn.text


# (text, facts it must read, facts it must not read)
STATES: list[tuple[str, dict[str, FactValue], set[str]]] = [
    # a switch written as "to true/false" is the state now
    (
        "ran with gc false -> OOM at step 1. Switched it to true: now it trains",
        {"gc": "enabled"},
        set(),
    ),
    (
        "o gc desliga sozinho? juro q deixei ligado e agora ta false no yaml, e ta dando oom",
        {"gc": "disabled"},
        set(),
    ),
    ("no template antigo o gc era true; no novo veio false e dá OOM", {"gc": "disabled"}, set()),
    # wanting it back on says it is off now
    ("how do i turn gradient_checkpointing back on in the runcomfy ui?", {"gc": "disabled"}, set()),
    ("como eu ligo o gc de volta no runcomfy?", {"gc": "disabled"}, set()),
    # a state right after "now" is the run's, however it is said
    ("It used to OOM with GC off, now with GC on it finishes every time", {"gc": "enabled"}, set()),
    ("antes dava oom com gc desligado, agora com o gc ligado termina", {"gc": "enabled"}, set()),
    # "runs fine without it" is a run with it off, not what would happen without it
    ("I disabled gradient checkpointing and it runs fine without it", {"gc": "disabled"}, set()),
    ("desliguei o gc e roda de boa sem ele", {"gc": "disabled"}, set()),
    ("gc itself is still on, flux dev OOMs", {"gc": "enabled"}, set()),
    ("o gc em si ta ligado, flux dev da oom", {"gc": "enabled"}, set()),
]


WHEN: list[tuple[str, dict[str, FactValue], set[str]]] = [
    (
        "gc false -> OOM at step 1. Switched it to true: now it OOMs on some of the 1280 images.",
        {"gc": "enabled"},
        {"oom_phase"},
    ),
    # …unless it breaks the same way
    ("gc off -> oom at step 2. turned it back on, still oom", {"oom_phase": "first_steps"}, set()),
    # the memory running out is the crash, not its end
    (
        "desmarquei o gc e agora para no primeiro passo dizendo que a memória da GPU acabou",
        {"oom_phase": "first_steps", "memory_kind": "gpu"},
        set(),
    ),
    ("o oom acabou depois que religuei o gc", {"gc_retry": "fixed"}, {"oom_phase"}),
    (
        "desliguei o gc, desde entao nenhum treino passa do passo 5 sem oom",
        {"oom_phase": "first_steps"},
        set(),
    ),
]


NUMBERS: list[tuple[str, dict[str, FactValue], set[str]]] = [
    ("2 imgs por step, zit 1024, sem gc, 24gb, oom no passo 4", {"batch_size": 2}, set()),
    ("zit, 2 images per step, 1024, gc off, OOM after ~300 steps", {"batch_size": 2}, set()),
    ("dataset of 40 images, 2000 steps, oom", {}, {"batch_size"}),
    (
        "salva a cada 250, amostra a cada 500, e o oom vem na hora da amostra",
        {"sample_every": 500},
        set(),
    ),
    ("saves every 250, samples every 1000, OOM while sampling", {"sample_every": 1000}, set()),
    ("qwen image 1328 bs1 gc off, oom at step 1", {"max_resolution": 1328}, set()),
    ("No space left on device, runcomfy com 50gb de storage", {}, {"vram_gb"}),
    ("disk full on the 200gb of storage while saving", {}, {"vram_gb"}),
]


INTENTS = [
    # a question asked in a comment line of the pasted config is the person's
    (
        "train:\n  batch_size: 2\n  gradient_checkpointing: false\nmodel:\n  quantize: true\n"
        "# where does low_vram go?? under model or train\n",
        "where_to_change",
    ),
    (
        "model:\n  quantize: true\ntrain:\n  batch_size: 1\n  gradient_checkpointing: false\n"
        "# onde eu coloco o low_vram??? em model ou train\n",
        "where_to_change",
    ),
    # which side GC should be on is asked to be explained
    ("should GC be on or off?? wan 2.1 14b lora on a 5090", "explain"),
    ("é pra deixar ligado ou desligado o GC?? lora de wan 2.1 14b numa 5090", "explain"),
    # a crash told, then fixed, then thanks: nothing left to solve
    (
        "OOM with gc off at batch 2, 1024. Re-enabled gc, fits now. Thanks for the guide!",
        "off_topic",
    ),
    (
        "OOM com gc desligado em batch 4, 1280. Religuei o gc e coube. Obrigado pelo guia!",
        "off_topic",
    ),
    ("valeuuu!! qfloat8 + gc ligado de novo resolveu 🙏", "off_topic"),
    ("do i even need gc with 96gb lol. qwen edit 2511 at 1024 bs 4", "explain"),
    ("Is it true that Qwen-Image-Edit needs gradient checkpointing? planning to train", "explain"),
    ("preciso mesmo do gc com 96gb de vram?", "explain"),
    ("> GC is a memory/speed tradeoff\nok but why would it be faster with it off?", "explain"),
    ("por que fica mais rapido sem o gc? menos conta?", "explain"),
    ("why is my training so slow? flux 4090 gc on", "speed"),
    (
        "o a1111 ta aberto junto, sera que é por isso que ta dando cuda oom no treino?",
        "outside_guide",
    ),
    (
        "git pulled ai-toolkit this morning and now it OOMs at step 1, didn't touch anything",
        "outside_guide",
    ),
    (
        "Updated to NVIDIA driver 572.16 yesterday and training went from 1.2 s/it to 14 s/it",
        "outside_guide",
    ),
    # the crash was the other run's, and the run now is fine: what is asked is the goal
    (
        "tô com gc ligado, sem OOM nenhum, mas 5 s/it. dá pra acelerar? da última vez que "
        "desliguei crashou no sample",
        "speed",
    ),
    (
        "my friend OOMs at step 1 with gc off. mine runs gc on without issues, 2.1s/it. "
        "worth turning it off to go faster?",
        "speed",
    ),
    (
        "works with gc on, tried it off once and it crashed at step 1, so it's back on. "
        "any other way to go faster?",
        "speed",
    ),
    (
        "por que o pico de vram com gc desligado é tão maior? com gc ligado ficou em 14gb e "
        "estável, desligado passou de 22 e travou. voltei pro ligado",
        "explain",
    ),
    # …not when the run now is the one with GC off that crashes
    (
        "com gc ligado sempre terminou, desliguei pra ver se ia mais rápido e agora estoura "
        "no passo 2",
        "fix_oom",
    ),
    (
        "trained 4 loras fine with gc on. turned it off to test speed and now it OOMs at step 1",
        "fix_oom",
    ),
    # memory trouble the guide does not cover, ruled out, over, or told of someone else's run:
    # the run's own crash is the guide's
    (
        "it's not the shared memory thing, it crashes outright: cuda oom at step 2 with gc off",
        "fix_oom",
    ),
    (
        "não é gpu errada, só tenho uma placa. gc desligado e cuda out of memory no passo 1",
        "fix_oom",
    ),
    (
        "my roommate's run gets Killed while caching, mine is a plain cuda oom with gc off",
        "fix_oom",
    ),
    (
        "it got Killed while caching until I added swap; now it's CUDA out of memory at step 1",
        "fix_oom",
    ),
    (
        "dava Killed no carregamento, pus mais RAM e agora é CUDA out of memory no passo 1",
        "fix_oom",
    ),
    ("my run stopped with an error about memory at step 3, chroma, gc off", "fix_oom"),
    # memory held by another job on the same card is not
    (
        "the job I cancelled is still listed in nvidia-smi and the new one ooms while loading",
        "outside_guide",
    ),
    (
        "Coloquei pra GPU 1 mas continua carregando na 0, onde está o comfy, e dá out of memory",
        "outside_guide",
    ),
    (
        "cuda oom at step 1, but comfy was generating at the same time on the same card",
        "outside_guide",
    ),
    ("deu oom no passo 1, o comfy tava gerando ao mesmo tempo na mesma placa", "outside_guide"),
    # another program on the card while training is the trouble
    ("was playing cyberpunk while training lol. training crawled and then died", "outside_guide"),
    (
        "meu irmao abriu o fortnite enquanto eu treinava e o treino deu CUDA out of memory",
        "outside_guide",
    ),
    (
        "forgot i had another training running in a second terminal, both of them oomed",
        "outside_guide",
    ),
    ("I don't run comfy while training, it still OOMs at step 1", "fix_oom"),
    ("queued two runs on the same 4090: the second died at step 2 with CUDA OOM", "fix_oom"),
    # a card seen empty before starting rules another process out
    ("nvidia-smi shows 300MB used before i start. still CUDA OOM on the first sample", "fix_oom"),
    # the system's trouble fixed or someone else's, the card's now
    (
        "the DataLoader bus error is gone after --shm-size. Now it fails with torch."
        "OutOfMemoryError: CUDA out of memory on the 1536 bucket",
        "fix_oom",
    ),
    (
        "@mira your Killed thing was the ram. mine's different, it's a straight CUDA out of"
        " memory at step 2400",
        "fix_oom",
    ),
    # runs went fine after the update: what broke later is not the update
    (
        "I updated AI Toolkit last week and have done four runs since then without any issue."
        " Today I turned gradient checkpointing off and got CUDA out of memory at step 3.",
        "fix_oom",
    ),
    (
        "Desde a atualização do mês passado já fiz umas cinco LoRAs de boa. Ontem tirei o"
        " gradient checkpointing: CUDA out of memory no step 3.",
        "fix_oom",
    ),
    ("since I updated ai toolkit it OOMs at step 1, before that it was fine", "outside_guide"),
    (
        "depois do update o treino ficou 3x mais lento na mesma 4090, sem erro nenhum",
        "outside_guide",
    ),
    # a screen that moved after an update is no regression
    (
        "how do i turn gc back on in the new ui? the checkbox vanished after the update",
        "where_to_change",
    ),
    (
        "cade o gradient checkpointing na versao nova da ui? atualizei hj e mudou tudo de lugar",
        "where_to_change",
    ),
    # memory held on the card by another program or a process left behind
    ("o comfy segurou uns 10gb de vram, crashou o treino", "outside_guide"),
    (
        "nvidia-smi still shows a python process holding ~20GB. Starting the next job fails"
        " with CUDA out of memory",
        "outside_guide",
    ),
    (
        "Vi no gerenciador de tarefas que a memória (RAM) foi pra 99%, tenho 16GB. o treino fecha"
        " sozinho",
        "outside_guide",
    ),
    # when it broke, or the card's memory running out, tells a crash to fix
    (
        "yo my qie lora maxed out vram on the very first step, 3090, gc was on the whole time",
        "fix_oom",
    ),
    ("gc on. training at 768 is fine but the 1024x1024 preview with 40 steps kills it", "fix_oom"),
    ("step 0 and boom. 24gb, zit, 1536 buckets, bs4, no gc", "fix_oom"),
    # two sides set as labels, only slow with GC on: what is asked is speed
    ("gc on: 6.1s/it. gc off: oom. is there any middle ground?? 4080 super, zit 1024", "speed"),
    ("com gc: 4s/it. sem gc: oom. tem meio termo?? 5070 ti, flux dev 1024", "speed"),
    # another program, a kernel kill or /dev/shm ruled out, closed, or on the other card
    (
        "closed comfyui, killed every python, nvidia-smi shows 0MiB used before launching. still"
        " cuda oom at step 1 on flux dev with GC off, 3090. what do i lower first?",
        "fix_oom",
    ),
    (
        "@thiago esse bus error do shm e coisa do docker, nao e o meu caso. eu to no windows"
        " direto e o meu da CUDA out of memory mesmo",
        "fix_oom",
    ),
    (
        "I usually keep ComfyUI running on the same machine, but I shut it down for training,"
        " made sure of it. Flux Kontext LoRA on a 4080, CUDA OOM around step 1800",
        "fix_oom",
    ),
    (
        "tenho uma 3090 e uma 3060 ti, deixo o comfy rodando na 3060 ti e o treino na 3090. qie"
        " 2509 sem gc, 1024, cuda oom no primeiro step",
        "fix_oom",
    ),
    # memory held by something else, told many ways
    (
        "cuda oom on the very first step on my 4090 and nvidia-smi says 9.1GiB is already taken"
        " by some python.exe before i launch anything",
        "outside_guide",
    ),
    (
        "rodei. tem um python.exe pegando 9gb, acho que e o treino que eu cancelei ontem e nao"
        " morreu",
        "outside_guide",
    ),
    (
        "o wallpaper engine come vram? to com 1.5gb ocupado antes de abrir o toolkit e o treino"
        " de sdxl na 3060 ti da cuda oom",
        "outside_guide",
    ),
    (
        "is it ok to play games while ai toolkit trains? every time i launch something the lora"
        " run dies with cuda out of memory",
        "outside_guide",
    ),
    (
        "da pra treinar no ai toolkit e gerar imagem no forge ao mesmo tempo na mesma 3090? toda"
        " vez que gero algo o treino cai com cuda oom",
        "outside_guide",
    ),
    ("grad accumulation come vram? tipo accum 8 usa 8x mais memoria?", "accumulation"),
    # an update rolled back, a kernel kill, swap nearly full
    (
        "same here, since yesterday's update qie 2511 OOMs where it didnt before. rolled back to"
        " the old commit and its fine again",
        "outside_guide",
    ),
    (
        "anyone know why ai toolkit gets SIGKILL'd at 'loading vae'? 16gb ram laptop",
        "outside_guide",
    ),
    (
        "o treino de Flux fica alternando entre rodar e travar, o swap do Linux ta em 15 de 16GB",
        "outside_guide",
    ),
    # a full disk, or another error with running out of memory said not to be it: no memory
    # trouble at all
    ("it died saving the checkpoint at step 1000, turns out C: had 0 bytes left", "off_topic"),
    (
        "getting RuntimeError: CUDA error: device-side assert triggered on my qie lora. vram is "
        "only at 19gb so it cant be oom right?",
        "off_topic",
    ),
    (
        'galera alguem ja viu esse? "RuntimeError: CUDA error: an illegal memory access was '
        'encountered". zit na 3090, nao e falta de memoria nao',
        "off_topic",
    ),
    # a cuBLAS failure is another error
    (
        "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling "
        "`cublasGemmEx(...)` lumina 2 na 2080 ti",
        "off_topic",
    ),
    # the run's own memory at its peak is no other program
    (
        "running zit on 24 gigs, gc off, bs 2 at 1024 and it cuda ooms on step 1. nvidia-smi "
        "shows all 24 in use right before it dies",
        "fix_oom",
    ),
    # landing on a bucket is no card
    (
        "On RunComfy with the H100 machine. batch_size 4, gradient_checkpointing false, "
        "resolution [1024, 1280, 1536]. 80GB and it still OOMs but only when it lands on the "
        "1536 bucket",
        "fix_oom",
    ),
    # the job on the card meant for it is no wrong card
    (
        "Tenho uma 4090 pra jogar e uma 3060 velha so pra treinar. O treino roda na 3060 mesmo, "
        "de propósito (setei device cuda:1 e conferi no nvidia-smi). SDXL, GC desligado, bs 1, "
        "1024, estoura a VRAM nos primeiros passos.",
        "fix_oom",
    ),
    # a way in between, after the retry fixed it, asks for speed
    (
        "4060ti 16g, flux dev. turned gc back on after the instant oom and the whole 2000 step "
        "run went through fine, just at 11s/it. any way to land somewhere in between?",
        "speed",
    ),
    # a larger batch asked for, the crash only of a batch tried
    (
        "como faço batch 8 numa placa de 12? bs 2 é o max que cabe no zit com gc ligado, bs 3 "
        "ja estoura",
        "accumulation",
    ),
    # every crash is of a run before the one told last, which went well
    (
        "r3 1024 gc off oom. r4 896 gc off oom. r5 896 gc on, ok but slow af. how much faster "
        "would r4 have been if it fit",
        "speed",
    ),
    # the run told last broke too: its crash is not over
    (
        "qie with gc off OOMs at random steps: run 1 died at 212, run 2 at 57, run 3 made it to "
        "640. I went through the dataset, everything square seems fine. Is there a way to cap "
        "just the tall bucket?",
        "fix_oom",
    ),
    # a game launched while training holds the card
    (
        "training stopped with CUDA OOM the moment i launched a game. it had been going for an "
        "hour at 11GB used. 4070ti, flux, gc on",
        "outside_guide",
    ),
    # OBS encoding on the same card
    (
        "to fazendo live do treino no obs com nvenc e o treino do zit da cuda oom no step 1. "
        "sem o obs vai. 3060 12gb",
        "outside_guide",
    ),
    # a miner left running
    (
        "esqueci o minerador rodando na 3070 e fiquei 1h achando que o problema era o gc. cuda "
        "oom no carregamento do sdxl",
        "outside_guide",
    ),
    # a stopped job still holding the memory
    (
        "parei o job no runcomfy e comecei outro. o novo morre com cuda oom. parece que o "
        "anterior ainda ta segurando a vram",
        "outside_guide",
    ),
    # the kernel kills the process
    (
        "training gets killed around step 1200, no error. htop shows RAM climbing until it hits "
        "32gb and the kernel kills it. GC is on, batch 1",
        "outside_guide",
    ),
    # the system's RAM pegged at 100
    (
        "my pc froze training flux last night. 3090 but only 16gb ram, ram pegged at 100 before "
        "it froze. vram looked fine",
        "outside_guide",
    ),
    # the job went to the other card
    (
        "deixei 0 mas minha 5090 e a 1. o treino foi pra 3060 (a 0) e estourou a vram na hora",
        "outside_guide",
    ),
    # no OOM, wants it faster
    (
        "to treinando flux dev na minha 3090, gc ligado, 1024, batch 1, 3.2 s/it e nada de oom. "
        "tem como acelerar sem desligar o gc?",
        "speed",
    ),
    # how to switch it off in a template, the button not found
    (
        "como desliga o gradient checkpointing no template de wan da runcomfy? nao achei o "
        "botao. ta rodando liso, so lento",
        "where_to_change",
    ),
    # which block of the YAML
    (
        "Quero desligar o gc pra testar, mas no yaml exportado do runcomfy nao aparece essa "
        "chave. Tenho que adicionar na mao? Em que bloco?",
        "where_to_change",
    ),
    # 'quanto ganho': how much faster
    (
        "e se eu desligar o gc, quanto ganho? to na 3090 treinando zit a 1024 bs1",
        "speed",
    ),
    # an update made to fix it is no regression
    (
        "atualizei o driver da nvidia achando que ia resolver e nada. continua dando oom com gc "
        "desligado em 1024. proximo passo é ligar o gc ne",
        "fix_oom",
    ),
    # rolled back and still OOM: not the update
    (
        "Eu achava que era o update do ai-toolkit, mas voltei pro commit antigo e continua "
        "dando OOM, entao nao e isso. O que eu mudei foi: tirei o gc e coloquei 1024. Flux "
        "Kontext, 4090.",
        "fix_oom",
    ),
    # 'went to 1280' is a size, not a card the job went to
    (
        "A week ago on my old 3080 Ti I was training Z-Image at 768 with gc on, fine. I've "
        "since upgraded to a 5090, so today I turned gc off and went to 1280 with bs 2. Instant "
        "CUDA OOM at step 1.",
        "fix_oom",
    ),
    # 'dar uma agilizada' asks for speed
    (
        "cada passo leva 9s, tem como dar uma agilizada? zit na 3060",
        "speed",
    ),
    # a stretched thank-you
    (
        "obrigadooo, era isso mesmo!!",
        "off_topic",
    ),
    # 'toggle location'
    (
        "where's the gc toggle location in the ui",
        "where_to_change",
    ),
    # 'a lora fica pior' is a worry about quality
    (
        "tirei o gc e subi o batch, sem oom nenhum. será que a lora fica pior assim?",
        "quality",
    ),
    # the crash was a batch tried; now it asks for a bigger effective batch
    (
        "flux dev gc off 1024, bs2 oom'd so I went back to bs1 and it's fine now. how do i get "
        "an effective batch of 4?",
        "accumulation",
    ),
    # a regression after the hosted update
    (
        "desde que o runcomfy atualizou a versão do ai toolkit, meus jobs de flux que rodavam "
        "liso com gc ligado dão OOM no passo 1",
        "outside_guide",
    ),
    # 'estouram a vram' after the update is the crash
    (
        "Atualizei o ai toolkit hoje e agora as LoRAs que treinavam de boa com gc ligado "
        "estouram a vram no primeiro passo",
        "outside_guide",
    ),
    # the crash was the GC-off trial; with GC on it is slow
    (
        "gc off deu oom, gc on nao deu. mas gc on demora 3x mais. sdxl 3060. tem como deixar "
        "mais rapido com gc on?",
        "speed",
    ),
    # a rate told right after GC on, the crash of a GC-off trial
    (
        "can it go faster without crashing? 4060ti 16g, zit, 1024, gc on, 7s/it so a 3000 step "
        "run is ~6h. last week i tried gc off and lost a run to an oom, not doing that again "
        "lol.",
        "speed",
    ),
    # a batch tried and gone back from: the crash is dealt with
    (
        "Na minha 4070 so roda bs 1 com buckets ate 1280 (tentei bs 2 e estourou na hora, "
        "voltei pro 1). Queria simular um batch 8. Uso gradient accumulation pra isso?",
        "accumulation",
    ),
    # turning GC off as the cause is no fix
    (
        "wan 2.2 14b t2v OOM on step 1, turned off gradient checkpointing bc it was slow. 4090, "
        "81 frames, bs1",
        "fix_oom",
    ),
    # the crash is today's, GC off; yesterday's run with it on is before
    (
        "Yesterday, with Gradient Checkpointing checked, a 1500-step run went through at ~11 "
        "s/it without problems. Today I unchecked GC to go faster and it dies at step 1 with "
        "CUDA out of memory.",
        "fix_oom",
    ),
    # VRAM spilling into shared memory is outside the guide
    (
        "dedicated 23,6/24 e a shared subindo, wan 2.2 ta a 40s por step. nao da erro, so fica "
        "lerdo. anyone?",
        "outside_guide",
    ),
    # a crash told beside a plan to try
    (
        "> @vini tenta quantize + low_vram\nvou testar amanha. por enquanto ta sem nenhum dos "
        "dois e dando oom no step 1 da wan 2.1 14b, 4090",
        "fix_oom",
    ),
    # what a setting is, asked
    ("adamw8bit conta como quantizar?", "explain"),
    # what a quantization type is, asked
    ("gente o q é qfloat8", "explain"),
    # memory exploding is the crash
    (
        "isso aqui ta explodindo a memoria na primeira amostra, antes de treinar. lora de flux",
        "fix_oom",
    ),
    # another person's job on the card
    (
        "GPU 0 is pinned at 100% by my coworker's training, so mine OOMs while loading. Can I "
        "point ai toolkit at GPU 1?",
        "outside_guide",
    ),
    # another program holding the card
    (
        "OOM only happens when ComfyUI is also open. Training ZIT with fp8 on my 3090 alone "
        "works every time, GC on.",
        "outside_guide",
    ),
    # the job on the wrong card
    (
        "tenho 2 placas e ele ta carregando tudo na errada, a de 8gb, e ai da oom no load",
        "outside_guide",
    ),
    # every job landing on one card
    (
        "We launch several AI Toolkit jobs and all of them land on GPU 0, so the second one "
        "OOMs while GPUs 1-7 sit idle.",
        "outside_guide",
    ),
    # the shared memory climbing while it crawls
    (
        "o treino não crasha, mas a VRAM dedicada fica cravada no máximo e a compartilhada vai "
        "subindo, cada passo leva 1 minuto",
        "outside_guide",
    ),
    # the notebook's RAM, not the card's
    (
        'Trying to train on Kaggle. The session crashes while it loads the model with "Your '
        'notebook tried to allocate more memory than is available. It has restarted."',
        "outside_guide",
    ),
    # where the toggle is, before the wish
    (
        "runcomfy trainer: is the Gradient Checkpointing toggle under Advanced or under Model? "
        "want to turn it off",
        "where_to_change",
    ),
    # how to write it in the YAML
    ("is it `gradient_checkpointing: false` or do i just delete the line?", "where_to_change"),
    # slowness complained of, however vague the rest
    ("por que meu treino ta tao lento", "speed"),
    # slang for slow
    ("treino do zit uma lesma hoje", "speed"),
    # a step's time asked about
    ("is 4s/it ok for flux on a 3090?", "speed"),
    # an ETA complained of
    ("wan lora eta 40h. help", "speed"),
    # slowness as the reason GC went off is no wish for speed
    ("> O gradient checkpointing esta ligado?\ndesligado, tirei pq tava lento", "unclear"),
    # a progress bar's own rate is not the person's
    ("Loading checkpoint shards: 100%|#####| 3/3 [00:12<00:00, 4.02s/it] travou aqui??", "unclear"),
    # 'where in the ui' asks where, whatever else is said
    ("where in the runcomfy ui do i switch off previews? they take forever", "where_to_change"),
    # Task Manager's dedicated and shared numbers with a crawl: the spill
    ("task manager: 23.8 dedicated + 6.1 shared, 40 s/it, no errors. 3090", "outside_guide"),
    # the same numbers beside a crash: the crash comes first
    ("8 dedicated + 15.9 shared = 23.9 GB, so why does it OOM at step 1? gc on", "fix_oom"),
    # a game played beside the training
    ("o treino fica uma lesma so quando eu to jogando junto", "outside_guide"),
    # the error names two processes on the card
    (
        "CUDA out of memory. Process 4411 has 30.10 GiB memory in use. Process 4502 has 40.00 "
        "GiB memory in use.",
        "outside_guide",
    ),
    # a job that sits there is no idle GPU
    ("its not training, just sits there. help", "unclear"),
    # a question without its mark about something other than memory
    ("qual lr pro wan 2.2 i2v", "off_topic"),
    # a question opening with 'quantos'
    ("quantos repeats coloco no dataset", "off_topic"),
    # a question about rank is not vague
    ("rank 64 on flux overkill?", "off_topic"),
    # 'can i' opens a question
    ("can i train a lora with only 8 images or is that too few", "off_topic"),
    # a question with nothing named stays unclear
    ("what am I doing wrong??", "unclear"),
    # a step's time asked about, the mark left off
    ("6s/it na 3060 com zit, é isso mesmo ou tem algo errado", "speed"),
    # a run's time asked about
    ("2000 passos em 6h na 4090 com flux dev é normal?", "speed"),
    # a run's time asked about
    ("2000 steps took like 9 hours on my 3090, is that expected", "speed"),
    # a bad result with the batch suspected is about quality
    (
        "bs 1 gives me noisy, inconsistent samples on wan. is it the batch or the checkpointing?",
        "quality",
    ),
    # accumulation suspected as the cause, beside GC, is no wish for accumulation
    (
        "minha lora de flux ta saindo sem fidelidade, uso batch 1 GA 4. é a acumulação ou o "
        "checkpointing q ta estragando?",
        "quality",
    ),
    # 'estorô' typed for 'estourou'
    ("vram estorô no qwen edit mds", "fix_oom"),
    # 'capotando' is crashing
    ("liguei o low vram e nada, continua capotando", "fix_oom"),
    # asking whether a key sits in the right place
    ("is this the right place for it?\ntrain:\n  gradient_checkpointing: true", "where_to_change"),
    # how to see a setting is asking where it is
    (
        "> Is gradient checkpointing on in your job?\nno clue, how do i even check that",
        "where_to_change",
    ),
    # asking where to ask is no setting's place
    ("hi! is this the right place to ask about ai toolkit?", "off_topic"),
    # the job on the other card
    (
        "two gpus here, 4090 + 3060. keeps ooming and nvidia-smi shows it's using the 3060 not "
        "the 4090",
        "outside_guide",
    ),
    # the job on the other card, in Portuguese
    (
        "tenho uma 3090 e uma 3060 no pc, o treino ta rodando na 3060, nao na 3090. como eu "
        "escolho a placa?",
        "outside_guide",
    ),
    # a later queued job on a card the one before still holds
    (
        "vram blew up when the 2nd job in my queue started, the first one still holding 14gb. 3090",
        "outside_guide",
    ),
    # the same, in Portuguese
    (
        "coloquei dois jobs na fila e o segundo da oom enquanto o primeiro ainda roda",
        "outside_guide",
    ),
    # a second run is no queue
    ("my second run with gc off ooms at step 1", "fix_oom"),
    # a queue told with no memory trouble
    (
        "I queue jobs back to back with a script, no OOMs at all, just asking what gc does",
        "explain",
    ),
    # another CUDA error than memory running out is no memory trouble
    (
        "RuntimeError: CUDA error: an illegal memory access was encountered, random steps, "
        "flux dev",
        "off_topic",
    ),
    # nor in Portuguese
    ("device-side assert triggered qnd coloco a imagem de controle, alguem sabe?", "off_topic"),
    # asking whether it is memory does not make it memory
    ("illegal memory access lol is that an oom?", "off_topic"),
    # a full disk while saving
    ("the run died when saving the lora: No space left on device. 500 steps lost", "off_topic"),
    # the container's shared memory is memory trouble the guide does not cover
    (
        "docker on runpod: unable to write to file </torch_12_34>: No space left on device "
        "(28), dev shm is 64M",
        "outside_guide",
    ),
    # a regression after an update is still outside the guide
    (
        "CUDA error: illegal memory access, started right after i updated ai-toolkit and torch",
        "outside_guide",
    ),
    # an error that names the card's memory running out is the crash to fix
    (
        "cudnn error CUDNN_STATUS_NOT_ENOUGH_MEMORY at the first step, ltx video 121 frames, gc on",
        "fix_oom",
    ),
    # a retry that changed nothing is a crash to fix
    ("i turned gc on. didnt fix it", "fix_oom"),
    # a question about quality beside "0 crashes"
    (
        "gc on, 3000 steps, 0 crashes, and the result looks like a stranger. is checkpointing "
        "lowering quality",
        "quality",
    ),
    # a crash named beside the word memory is memory's
    ("ainda tá dando pau, mesmo erro de memória", "fix_oom"),
    # a dtype error is no memory trouble
    ("RuntimeError: expected scalar type Float but found Half after i turned gc off", "off_topic"),
    # the card ran out and the run stopped: no spill into shared memory
    (
        "sd 1.5 lora, batch 4 at 512. task manager right before crash: Dedicated GPU memory "
        "7.8/8.0 GB, Shared GPU memory 0.3/15.9 GB\ntorch.OutOfMemoryError: CUDA out of "
        "memory. Tried to allocate 256.00 MiB",
        "fix_oom",
    ),
    # a crawl into shared memory after an OOM that is over is still the spill
    (
        "Com GC desligado dava CUDA out of memory. Liguei e parou de dar erro, mas agora tá a "
        "50s/it e o gerenciador mostra memória compartilhada da GPU em 7GB",
        "outside_guide",
    ),
    # a crash given as the reason a setting changed is over; the faces are asked about
    (
        "dropped from rank 64 to 16 because 64 ran out of vram, now it trains but the faces "
        "look nothing like her. is it the rank or did gc do something",
        "quality",
    ),
    # in Portuguese: "pq tava estourando" is why the size went down
    (
        "baixei de 1024 pra 768 pq tava estourando, agora o rosto ficou meio generico. sera "
        "que e o gc?",
        "quality",
    ),
    # the batch that crashed is why they run batch 1; a bigger effective batch is asked
    (
        "to em batch 1 agr pq batch 4 estourou. tem como ter o efeito de batch 4 sem estourar?",
        "accumulation",
    ),
    # the batch the card takes, then an effective batch asked
    (
        "ok so batch 1 is the only thing that fits on my 3060, batch 2 blows up. how do i get "
        "like effective batch 4",
        "accumulation",
    ),
    # a crash after the reason is the run now
    ("desliguei o gc pq tava lento e agora estoura no step 1", "fix_oom"),
    # a crash that goes on after the change is still to fix
    ("batch 2 OOMed so i went to batch 1 and it still OOMs at step 1", "fix_oom"),
    # "since then" tells when the crash began, no reason
    (
        "turned off the fp8 quantization to get better quality and since then it's OOM at step "
        "1 every time. flux dev, 3090",
        "fix_oom",
    ),
    # the crash they ask because of is the run now
    (
        "is 8bit adam the same thing as quantizing? asking cause my 3080 ooms on sdxl at 1024 "
        "with gc off",
        "fix_oom",
    ),
    # a crash told as the same either way still needs fixing
    ("tried 1024 once, same cuda oom, so I put it back to 1280. gc off", "fix_oom"),
    # an update and nothing told wrong yet: what is wanted?
    ("pulled latest. help", "unclear"),
    # in Portuguese
    ("dei git pull. socorro", "unclear"),
    # a crash since an update is a regression
    ("pulled latest and now it ooms at step 1", "outside_guide"),
    # the card full and the run crawling, told without the word spill, is memory spilling over
    (
        "no error, but the dedicated gpu memory is maxed and s/it goes from 2 to 40. gc off, 3070",
        "outside_guide",
    ),
    # in Portuguese
    (
        "nao crasha, mas fica tipo 10x mais lento e a ram do pc vai la em cima. gc off",
        "outside_guide",
    ),
    # a batch larger than the card allows, asked for beside one that fits
    (
        "batch 1 with gc on works fine, batch 2 ooms. any way to get batch 8 on this card?",
        "accumulation",
    ),
    # why one's own run keeps crashing, asked with "can someone", reports the crash
    (
        "can someone help me figure out why my zimage lora keeps running out of memory? gc is "
        "off because it was slow",
        "fix_oom",
    ),
    # …not a crash of a run told in the past
    ("can someone ELI5 why my run last month OOM'd with GC off and not with it on?", "explain"),
    # whether a planned setup would fit, no crash told: what GC off would cost is asked
    (
        "planning flux lora on my 4070 ti at 1024 bs 2, will it fit with gc off or am i dreaming",
        "explain",
    ),
    # …'is that enough'
    ("got a 16gb card, is that enough for zimage at 768 if I quantize?", "explain"),
    # …whether GC is needed
    ("ltx2 on 5090 need gc?", "explain"),
    # …in Portuguese
    ("vou treinar wan 2.2 num 3090, preciso do checkpointing?", "explain"),
    # …'precisa de gc'
    ("zit na 3060 12gb precisa de gc?", "explain"),
    # …'sem gc cabe?', no wish for speed said
    ("sd3.5 large numa 3090 sem gc cabe?", "explain"),
    # …but speed wanted is speed
    ("is 16gb enough for qwen image edit with gc off? want it faster", "speed"),
    # what the card holds, told, is no question of fitting
    ("como eu faço pra ter batch 8 se minha placa so aguenta 2?", "accumulation"),
    # whether a larger batch fits: a larger batch is what is wanted
    (
        "would bs2 even fit on a 4060 with gc on for sdxl? currently bs1 and it's fine",
        "accumulation",
    ),
    # asked after a crash told
    ("3080 10gb, sd 1.5 at 512, bs 8, gc off — oom. is 10gb enough for bs 4?", "fix_oom"),
    # the system's OOM daemon
    (
        "mano o systemd-oomd matou meu treino de zimage de novo, o terminal fechou do nada. "
        "ubuntu 22.04, 32gb de ram",
        "outside_guide",
    ),
    # exit 137
    ("container saiu com 137 no meio do treino, passo 1800 mais ou menos. vast", "outside_guide"),
    # signal 9
    (
        "treino morreu com sinal 9 no passo 900, sem traceback. ubuntu, 16gb de ram, 4070 ti",
        "outside_guide",
    ),
    # a game holding the card
    ("valorant + training = oom. 8gb card. is it the game", "outside_guide"),
    # …a game's name alone is not memory trouble
    ("alguem aqui joga valorant? kkk", "off_topic"),
    # the job on the wrong card
    ("2 gpus, 3090 + 3060. ai toolkit keeps loading on the 3060 and ooms. gc on", "outside_guide"),
    # two jobs on one card
    (
        "aluguei 2x 4090 no vast, subi 2 treinos e os 2 foram pra gpu 0. oom claro. como separo?",
        "outside_guide",
    ),
    # a regression since a commit
    (
        "### Describe the bug\nSince yesterday's commit Z-Image training uses ~4GB more VRAM. "
        "I was training with GC off on 24GB just fine, now it OOMs at step 1.",
        "outside_guide",
    ),
    # a regression after moving to torch nightly
    (
        "Comprei uma 5090 e tive que ir pro torch nightly com CUDA 12.8. A mesma config que "
        "rodava liso na 4090 agora dá OOM no passo 1. gc ligado",
        "outside_guide",
    ),
    # a new card is no update of the software
    ("upgraded from a 3080 to a 5080 yesterday and it STILL OOMs on flux at 1024 wtf", "fix_oom"),
    # a LoRA too weak to show
    ("lora nao faz nada no peso 1, tem q botar 2 pra aparecer alguma coisa. chroma", "quality"),
    # …in English
    ("lora does literally nothing at strength 1 lol. zimage turbo, 1500 steps", "quality"),
    # washed-out colours
    ("as cores saem tudo desbotada, parece foto velha. illustrious", "quality"),
    # 'cores estouradas' is no crash
    (
        "samples ficando cada vez mais saturados, cores estouradas. sdxl pony, lr 1e-4, bs 1",
        "quality",
    ),
    # the LoRA changes too much
    (
        "minha lora do qwen edit 2509 muda a pessoa inteira em vez de só a roupa. 1024, bs 1, "
        "gc ligado, 5090, sem problema de memória",
        "quality",
    ),
    # overtrained, in slang
    ("lora queimou em 1200 steps pqp", "quality"),
    # good news, nothing asked
    ("it worked!!", "off_topic"),
    # a run gone through, nothing asked
    ("FINALLY finished. 4th attempt. gc on this time", "off_topic"),
    # rodou inteiro, nothing asked
    ("gc on de novo, qie 2511, 1 / 1024 / 24gb, rodou inteiro 👍", "off_topic"),
    # good news of the past, trouble now
    ("it worked last week. now it doesn't. same lora same everything", "unclear"),
    # a run still going
    ("religuei o gc e passou do step onde morria, ta no 150 agora. vamo ver", "unclear"),
    # finished, but the samples look fried
    ("gc back on, zit, 1 / 768 / 16gb, finished in 2h. samples look fried tho", "quality"),
    # cara de plástico
    (
        "> Como estão as amostras?\ntao com cara de plastico. treinei numa 3090 em 768, gc "
        "ligado o treino inteiro, terminou de boa",
        "quality",
    ),
    # a NaN loss is no memory trouble
    ("loss is nan from step 1 on wan 2.2 what gives", "off_topic"),
    # a bad image file
    (
        "PIL.UnidentifiedImageError: cannot identify image file '/workspace/dataset/img_034.webp'",
        "off_topic",
    ),
    # a missing package
    (
        "meu amigo roda qwen edit com batch 2 na 4090 dele sem GC de boa. aqui na minha "
        "máquina nem abre:\nModuleNotFoundError: No module named 'torchao'",
        "off_topic",
    ),
    # no CUDA at all
    ("cuda not available no wsl, 4070 ti", "off_topic"),
    # the other error fixed, the OOM now
    (
        "fixed the No module named triton thing, now CUDA out of memory at step 1 with gc off",
        "fix_oom",
    ),
    # the allocation that failed
    ("why is it trying to allocate 20 GiB on a 3090?? zit, gc off, step 1", "fix_oom"),
    # the quoted 'Killed' is their own log
    (
        "> Killed\nthat's the only thing in the log, no traceback. happens while it's caching "
        "latents. container on runpod, 24gb card",
        "outside_guide",
    ),
    # a question about the learning rate, the setup told in passing
    (
        "what lr do you use for a zit character lora? GC on, my 5070 Ti handles batch 1 "
        "without any OOM.",
        "off_topic",
    ),
    # a question about the optimizer
    (
        "adafactor com lr 1e-4 ou deixa o relative_step? sdxl, gc on, ta rodando de boa por "
        "enquanto",
        "off_topic",
    ),
    # another topic asked, but crashing now
    ("what lr should I use with gc on? it ooms at step 2", "fix_oom"),
    # memory asked of another setting: not off topic
    ("does rank 64 use more vram than rank 16?", "unclear"),
    # a rate asked about, no crash
    ("81 frames at 480p and it's like 60s/it, is that normal on a 4090?", "speed"),
    # a job that never starts is no memory trouble
    ("the job just stays at queued, nothing in the log, gpu at 0%", "off_topic"),
    # stuck in the queue, told in Portuguese
    ("o job nao sai do queued de jeito nenhum, ja reiniciei tudo", "off_topic"),
    # a UI that will not come up
    ("localhost:8675 is a blank white page, the ui won't even load. 4090, gc off", "off_topic"),
    # a UI that will not open
    ("a interface nao abre, so pisca o cmd e fecha", "off_topic"),
    # a refused download
    (
        "keeps failing with 401 Client Error when it downloads flux dev, HF token is set",
        "off_topic",
    ),
    # a dataset not found
    ("log says Found 0 images but the folder is full of jpgs", "off_topic"),
    # no right to write the file
    (
        "PermissionError: [Errno 13] Permission denied: '/workspace/output/x.safetensors' at "
        "step 250",
        "off_topic",
    ),
    # a port taken
    ("Error: listen EADDRINUSE: address already in use :::8675", "off_topic"),
    # a run that ended without its file
    ("training finished but the output folder is empty, no lora file anywhere", "off_topic"),
    # black samples are how the results look
    ("every sample came out pure black after step 400, sdxl gc off", "quality"),
    # black samples, in Portuguese
    ("as amostras ficaram todas pretas depois do passo 300, zimage", "quality"),
    # how much memory a run would take is asked
    ("usa uns 16 giga com gc ligado na 4090, se eu desligar vai pra quanto?", "explain"),
    # what a memory reading means is asked
    ("why does nvidia-smi show 22gb when the toolkit reports a peak of 17?", "explain"),
    # 'boom' is the crash
    ("zit on a 3090, gc off. 768 fine, 1024 boom", "fix_oom"),
    # 'no zimage' is Portuguese 'in the', not a negation
    ("no flux vai de boa, no zimage turbo oom?? mesma 3060", "fix_oom"),
    # the job lands on the wrong GPU
    ("2 gpu here, 4090 and 1080, always oom because it loads on the 1080", "outside_guide"),
    # two jobs on one card
    ("running 2 training same time on my 3090 and the second one oom", "outside_guide"),
    # drawn-out letters still say OOM
    ("flux 1024 gcoff, oooom, helpppp", "fix_oom"),
    # two jobs on one card, told in Portuguese
    ("rodei 2 treinos juntos na 4090 e os dois deram oom", "outside_guide"),
    # the spill is what was switched off; the crash is the card's
    (
        "I disabled the Sysmem Fallback Policy because training crawled in shared memory, now "
        "it OOMs at step 1. sdxl, 8gb",
        "fix_oom",
    ),
    # which key it is: where to change it
    (
        "yaml key for accumulation? gradient_accumulation or gradient_accumulation_steps",
        "where_to_change",
    ),
    # where do … live
    ("On RunComfy, where do batch size and gradient accumulation live?", "where_to_change"),
    # where to set it
    (
        "on runcomfy I can't find where to set gradient accumulation, only batch size",
        "where_to_change",
    ),
    # a notebook's kernel holds the card
    (
        "Our jupyter kernel still holds 14GB on GPU 0 and the ai-toolkit job there OOMs at "
        "load. sdxl, gc on.",
        "outside_guide",
    ),
    # another process holds the card, in Portuguese
    (
        "no runpod o jupyter tava com um notebook segurando o modelo na gpu e o ai toolkit deu "
        "OOM na carga",
        "outside_guide",
    ),
    # no OOM at all, faster wanted
    ("5090 zit 1024 gc on, 0 oom em 5 treinos. da pra acelerar?", "speed"),
    # where does RunComfy expose it
    (
        "Where does RunComfy expose gradient checkpointing? I only see a Low VRAM toggle",
        "where_to_change",
    ),
    # where the memory goes is asked to understand it, not where a setting is
    ("why does gc off eat so much more vram? where does the extra memory even go", "explain"),
    # a spill into system memory, in Portuguese
    (
        "Sem OOM, mas ficou absurdamente lento depois que desliguei o GC: de 4s/it pra 90s/it. "
        "Parece que tá usando a memória do sistema.",
        "outside_guide",
    ),
    # system RAM climbing while it crawls
    (
        "after turning gc off it doesn't crash but system RAM usage keeps climbing and it "
        "crawls at 45s/it",
        "outside_guide",
    ),
    # a dependency updated just before the OOM
    (
        "updated torch to 2.5 and now wan 2.2 i2v wont even load, CUDA out of memory while "
        "loading the transformer. 5090",
        "outside_guide",
    ),
    # a version moved, then the OOM
    ("cuda 12.4 -> 12.8 and now everything OOMs. 3060 ti, sdxl", "outside_guide"),
    # two releases of the same line: fine on one, OOM on the other
    ("ltx-2 on 0.7.9 oom at load, 0.7.8 was fine. A100", "outside_guide"),
    # the CUDA update told in Portuguese
    ("atualizei o cuda de 12.1 pra 12.8 e agora tudo da OOM na minha 3070, sdxl", "outside_guide"),
    # 'fine until I pulled'
    ("anyone else OOMing? flux2 dev, 5090, it was fine until I pulled", "outside_guide"),
    # versions listed are no update
    (
        "Environment: torch 2.7.1 / CUDA 12.8, ai-toolkit 0.7.4. OOM at step 1 with gc off",
        "fix_oom",
    ),
    # no memory trouble after the update: the worry is quality
    (
        "Since updating to a71c0de my Flux Kontext LoRA comes out way worse, faces are mush. "
        "Same dataset, GC on.",
        "quality",
    ),
    # an update and nothing told of what broke
    ("depois do update deu ruim, e agora?", "unclear"),
    # thanks, the update's trouble over
    ("rolled back to 0.7.2 like you said and it's training again, thanks a lot!", "off_topic"),
    # memory run out in ComfyUI, not in training
    ("my lora OOMs in comfy when i load it with flux dev, on a 3090", "outside_guide"),
    # a captioning model's memory
    (
        "joycaption comendo toda a vram da 3090 pra legendar 200 imagens, é normal isso?",
        "outside_guide",
    ),
    # ComfyUI works; the training is what crashes
    (
        "gguf q8 of wan works in comfy on my 3060 but ai toolkit crashes w/ cuda oom while "
        "quantizing the transformer, gc is on",
        "fix_oom",
    ),
    # a game beside the training
    ("was playing cyberpunk while wan trained, got OOM at step 340. gc on, 3090", "outside_guide"),
    # two cards, the job on the one meant
    (
        "galera, 2x 3090 no pc, zit com gc desligado, batch 2, estoura no primeiro step. a "
        "segunda placa nem esquenta",
        "fix_oom",
    ),
    # the job on the card not meant
    (
        "got a 3090 and a 3060 in the same box. log says using device cuda:0 and then oom... "
        "pretty sure it's training on the 3060, nvidia-smi agrees",
        "outside_guide",
    ),
    # where a key goes, no card not meant
    ("where do i put device: cuda:1 in the yaml, top level or under process?", "where_to_change"),
    # another trainer's option: where it lives here
    (
        "whats the ai toolkit key for musubi's --fp8_base? moving my hunyuan video lora over",
        "where_to_change",
    ),
    # European Portuguese: the card's memory fills up
    (
        "Estou a treinar o Qwen-Image-Edit numa RTX 5080 e, com o gradient checkpointing "
        "desligado, a memória da gráfica enche ao fim de duas horas. O que me aconselham?",
        "fix_oom",
    ),
    # Windows' own low-memory warning is the system's memory
    (
        'turned off gradient checkpointing on my zit lora and now windows pops up "Your '
        "computer is low on memory\" right while it's caching latents. 32gb ram, 4070",
        "outside_guide",
    ),
    # the same warning in Portuguese
    (
        'mano desliguei o gradient checkpointing e agora o windows fica dando "O sistema ficou '
        'sem memória" bem na hora q ta carregando o flux. tenho 32 de ram e uma 3090',
        "outside_guide",
    ),
    # 'Killed' in German
    (
        'right after Quantizing transformer the terminal just prints "Getötet". gc off, 24gb card',
        "outside_guide",
    ),
    # rolled back and the OOM went away: the update brought it
    (
        "voltei pra versão anterior (git checkout v0.7.3) e o OOM sumiu. entao é a 0.7.5 "
        "mesmo. alguem sabe o q mudou? treino lumina 2 numa 4080",
        "outside_guide",
    ),
    # the trouble 'started after' the update
    (
        "nao mexi em nada na config. começou depois q atualizei o ai-toolkit ontem. antes "
        "treinava de boa com gc ligado",
        "outside_guide",
    ),
    # a word of the answer asked about
    ("wait whats a bucket lol", "explain"),
    # o que é: a word of the answer asked about
    ("o que é bucket??", "explain"),
    # what the spike is, asked
    ("oq seria esse pico?", "explain"),
    # why a value was given
    ("you said batch 1 - why not 2? its a 4090", "explain"),
    # why one value and not another
    ("why 768 specifically? why not 896? you just said 768 and moved on", "explain"),
    # pq vc disse: why the advice
    ("pq vc disse pra deixar o batch em 1 e não em 2? minha placa é de 24", "explain"),
    # which block the setting lives in
    ("vc disse pra baixar a resolução máxima. fica no dataset ou no treino?", "where_to_change"),
    # where in the YAML it goes
    ("you said add low_vram there, same indent as quantize?", "where_to_change"),
    # shared memory asked about for quality, no spill told
    (
        "usar a memória compartilhada da GPU deixa a lora pior? minhas loras de wan tão saindo "
        "tudo borrada",
        "quality",
    ),
    # shared memory heard of, GC asked about
    (
        "Li que quando a VRAM enche o Windows usa a memória compartilhada que vem da RAM. "
        "Então pra que serve o gradient checkpointing?",
        "explain",
    ),
    # the slowdown is told: the spill is the trouble
    (
        "no errors, no OOM, but with gc disabled my flux dev lora takes 90 s per step on a "
        "4070. someone said it's the nvidia sysmem fallback using shared memory?",
        "outside_guide",
    ),
    # porque 3 horas: a reason told, not why a value
    (
        "Relato. GC ligado, batch 2, 1024 -> rodou os 2500 passos, 4.1s/it. Agora so queria "
        "saber se tem como acelerar, porque 3 horas por lora ta pesado.",
        "speed",
    ),
    # another person's program holds the card
    (
        "Training on a shared box and someone's comfy grabbed the card. My flux run OOM'd at "
        "step 700.",
        "outside_guide",
    ),
    # news of a fix, nothing asked
    (
        "nvm fixed it by turning gc back on. slower but it doesn't crash anymore on my 4070 ti",
        "off_topic",
    ),
    # resolvi: news of a fix
    ("deixa, resolvi religando o gc", "off_topic"),
    # solved news of another program on the card
    (
        "Resolvido aqui, vou deixar registrado: não era o GC, era o Chrome com aceleração de "
        "hardware comendo uns 3GB de VRAM. Fechei e agora batch 2 cabe na minha 3080.",
        "off_topic",
    ),
    # a report for later readers
    (
        "Update for anyone who finds this later: turned GC back on, dropped batch to 1 with "
        "accumulation 4, and the whole 3000 steps finished overnight without a single OOM on "
        "my 3080 Ti.",
        "off_topic",
    ),
    # solved, then a question
    ("solved the oom by turning gc on but now it's slow, can I speed it up?", "speed"),
    # a tip for others, nothing asked
    ("PSA: if you OOM on zit, turn gradient checkpointing back on", "off_topic"),
    # …in Portuguese
    ("dica: desliga o sample se tá estourando na hora de gerar as prévias", "off_topic"),
    # an answer to someone else's trouble
    (
        "respondendo quem perguntou ontem: o teu problema é o bucket de 1280, desliga o sample "
        "e baixa pra 768",
        "off_topic",
    ),
    # an opinion shared
    ("my 2 cents: quantize helps more than GC on flux", "off_topic"),
    # a tip followed is no tip given
    (
        "seguindo a dica do reddit coloquei low_vram: true e gc ligado, e continua dando oom "
        "no passo 1",
        "fix_oom",
    ),
    # a tip asked for
    ("me da uma dica, flux na 3060 estoura no passo 1", "fix_oom"),
    # numbers shared for others, nothing asked
    (
        "for anyone on 16gb: flux kontext on my 5080 trains fine at 768 with gc on, ~4 s/it",
        "off_topic",
    ),
    # a config shared for others is no job pasted to diagnose
    (
        "deixo aqui a config que uso pro flux dev na 3090, sem OOM há meses:\n\ntrain:\n  "
        "batch_size: 1\n  gradient_checkpointing: false\n",
        "off_topic",
    ),
    # …but a job pasted alone wants something
    ("train:\n  batch_size: 1\n  gradient_checkpointing: false\n", "unclear"),
    # an update told in other words than a pull: the toolkit got updated, an old commit, a
    # rollback asked for
    (
        "RunComfy's AI Toolkit got updated over the weekend and my exact same Z-Image job that "
        "ran fine on Friday now dies with CUDA OOM while caching latents.",
        "outside_guide",
    ),
    (
        "o ai toolkit foi atualizado ontem e agora o mesmo job de flux que rodava dá OOM no "
        "passo 1",
        "outside_guide",
    ),
    (
        "Was on an old commit from March, updated to get Qwen Edit 2511 support, and now my "
        "old Flux dev configs OOM on the same 3090.",
        "outside_guide",
    ),
    (
        "how do I roll back ai-toolkit to last week's version? the update broke my chroma "
        "training (OOM at step 0)",
        "outside_guide",
    ),
    (
        "troquei a imagem docker pela latest e agora o mesmo treino de lumina dá OOM no passo "
        "1. voltei pra tag antiga e funcionou",
        "outside_guide",
    ),
    # fine before the update is no run fine since it
    (
        "since the last update the Low VRAM checkbox seems to do nothing, was fine before. now "
        "OOM on my 3060 at step 1 with zit",
        "outside_guide",
    ),
    # an image's tag named in passing is no update
    ("Running ostris/aitoolkit:latest in docker, flux dev OOMs at step 1 with gc off", "fix_oom"),
    (
        "Tried: updated to latest main (no change), GC back on -> still OOM at step 0. "
        "Kontext, A5000.",
        "fix_oom",
    ),
    # another program on the card, in more words
    (
        "No RunComfy tô com o ComfyUI e o AI Toolkit na mesma máquina. Quando o Comfy gera "
        "imagem, o treino morre com CUDA OOM.",
        "outside_guide",
    ),
    (
        "O Adobe Premiere aberto tava usando VRAM da minha 4070 e o treino de SDXL crashava "
        "por falta de memória de GPU.",
        "outside_guide",
    ),
    (
        "o nvidia-smi mostra 5.4GB usados pelo comfyui e pelo chrome antes de eu começar. "
        "treinando zit numa 4080 super, oom no passo 1",
        "outside_guide",
    ),
    # nvidia-smi showing the run's own memory is no other process
    (
        "Card sits at 83C, nvidia-smi shows memory at 98%, then around step 1650 of 2500 it "
        "dies with CUDA out of memory. Hunyuan Video, gc on",
        "fix_oom",
    ),
    # a run crawling on swap
    (
        "O treino não crasha, mas o Linux fica usando swap feito louco, 40GB de swap, e cada "
        "passo demora 1 minuto. Qwen Edit, 3090",
        "outside_guide",
    ),
    # the job told to be on the card meant
    (
        "CUDA_VISIBLE_DEVICES=0 is the 4090, double checked with nvidia-smi -L. Still OOM at "
        "1024 with HiDream, gc on, bs1.",
        "fix_oom",
    ),
    (
        "I have two cards, a 3090 and a 3060, and training runs out of memory on the 3060. how "
        "do I make it use the 3090? does gc matter if it's on the right one?",
        "outside_guide",
    ),
    # the cause found and thanked for
    ("ok setting CUDA_VISIBLE_DEVICES before launching the UI did it, thanks a lot", "off_topic"),
    ("show, era a placa errada mesmo. valeu!", "off_topic"),
    # 'unrelated' marks a side question, not thanks
    (
        "job exited with code 137 while quantizing. also unrelated, does anyone know why the "
        "UI shows 0 steps/s",
        "outside_guide",
    ),
    # a run killed by a crash is not the kernel's kill
    (
        "the final samples killed my 6h run. qwen edit 2509, gc off, CUDA out of memory at the "
        "last sampling",
        "fix_oom",
    ),
    # nvidia-smi read as full, and a crawl with no crash: the spill
    (
        "hit 97% vram and then it just sits there, not crashed, ~55s per step, nvidia-smi "
        "shows 23.8/24.0. sdxl, gc off",
        "outside_guide",
    ),
    (
        "depois de umas 2h o treino do wan fica lentissimo mas nao crasha. nvidia-smi mostra "
        "23.9/24gb usado o tempo todo",
        "outside_guide",
    ),
    ("nvidia-smi shows 23.8/24.0 and then CUDA OOM at step 3", "fix_oom"),
    # an answer to someone quoted by name, nothing asked and no trouble of one's own
    (
        'replying to @quinn: "gradient accumulation uses more vram, turn it off" it doesn\'t, '
        "it's the same memory as batch 1. my 8gb 3060 ti runs sd1.5 at batch 1 with "
        "accumulation 4 and GC on all day, no crashes",
        "off_topic",
    ),
    (
        'respondendo @tati: "gradient accumulation gasta mais vram, desliga" não gasta. é a '
        "mesma memória do batch 1. treino pony numa placa de 6gb em batch 1 com accumulation 4 "
        "e GC ligado faz meses sem erro",
        "off_topic",
    ),
    # a bare quote is as often the assistant's own question
    (
        "> Is gradient checkpointing on in this job?\nno idea honestly, i used a template "
        "someone shared and it keeps crashing",
        "fix_oom",
    ),
    (
        "> are you getting an out-of-memory error, or is it about speed?\nno errors at all, "
        "just slow. sdxl, 4060, bs 1 at 1024, about 3 sec per step",
        "speed",
    ),
    # fine the day before the update is no run fine since it
    (
        "OOM on step 1 with qwen edit since this morning, gc off. update: just realised I also "
        "pulled the latest ai-toolkit this morning, and the same config ran fine yesterday",
        "outside_guide",
    ),
    ("yeah pulled main yesterday, now my hidream config OOMs on the 2nd step", "outside_guide"),
    # two cards told by index, and the job on the one not meant
    (
        "the UI has a gpu dropdown and I picked GPU #1 but the logs say cuda:0 and it runs out "
        "of memory on the little card",
        "outside_guide",
    ),
    (
        "Servidor com 4 GPUs, a 0 tá ocupada por outro usuário. O ai toolkit insiste em usar a "
        "0 e dá out of memory. Como mudo?",
        "outside_guide",
    ),
    (
        "Two GPUs in the box: a 3090 and a 3060. Today the same config OOMs at step 1 and "
        "nvidia-smi shows it filling the 3060, not the 3090.",
        "outside_guide",
    ),
    ("CUDA out of memory at step 1, flux, gc off. two 3090s but it only needs one", "fix_oom"),
    # a count of cards is no card the job is on
    ("NCCL error usando 2 placas, alguem?", "off_topic"),
    # cards of a model sold in more than one size give no memory
    ("2x A100, job goes to GPU 0 but I set GPU 1, OOM", "outside_guide"),
    # what GC costs, asked
    (
        "Se fosse pra desligar o GC eu teria uma 5090, mas tenho uma 3060 12GB, então fica "
        "ligado mesmo. A dúvida é: ligado, quanto de velocidade eu perco em média?",
        "explain",
    ),
    # another program closed, the crash gone
    ("fechei o photoshop e parou o OOM kkkkk", "outside_guide"),
    ("closed comfyui and it works now", "outside_guide"),
    ("pessoal, era o outro treino que eu esqueci rodando no tmux", "outside_guide"),
    (
        "nvidia-smi shows a python process using 30GB that isn't mine?? my training crashes "
        "with CUDA OOM",
        "outside_guide",
    ),
    # a program closed in vain is no other process
    ("Já reiniciei o PC, fechei o Chrome, tudo. OOM no passo 1 no zit com gc off", "fix_oom"),
    (
        "kohya has --lowram and --highvram flags, whats the ai-toolkit equivalent?",
        "where_to_change",
    ),
    ("simpletuner has --validation_steps. what are those called in ai toolkit?", "where_to_change"),
    ("no simpletuner tem --validation_steps. como chama isso no ai toolkit?", "where_to_change"),
    # another trainer's own question
    ("kohya question sorry: --max_train_steps vs --max_train_epochs, which one wins?", "off_topic"),
    (
        "o flux_train_network.py do kohya dá oom com --blocks_to_swap 30, é bug? não to usando "
        "ai toolkit, so perguntando",
        "off_topic",
    ),
    ("no kohya_ss gui onde fica a aba de dataset preparation? sumiu", "off_topic"),
    # memory use wondered at, nothing crashing
    (
        "is it normal that it uses 23gb on a 24gb card? flux dev, gc on, no oom just scary lol",
        "explain",
    ),
    ("bro o zit tá usando 15.8gb de 16, é normal? não deu oom ainda, gc on, batch 1", "explain"),
    # the crash was the try with GC off
    (
        "The Flux.2 LoRA kept crashing with OOM at step 1 when GC was off; with it on it "
        "trains, but each run takes 7 hours. Is there a setting besides GC that gives speed "
        "back?",
        "speed",
    ),
    (
        "zit dava OOM no passo 1 com o gc desligado; com ele ligado treina, mas leva 5h. tem "
        "como acelerar?",
        "speed",
    ),
    # the crash word inside a phrase of when it breaks is still a crash
    (
        "so crasha nas imagens grandes, as de 2048x1536. as menores treinam normal. chroma",
        "fix_oom",
    ),
    ("fp8 on the transformer stopped the oom but now every sample has this grainy look", "quality"),
    (
        "A dica do 768 funcionou pro OOM, mas as imagens ficaram com cara de baixa resolução. "
        "Tem como treinar em 1024 com 16GB?",
        "quality",
    ),
    # the crash is over; what is asked now is the goal
    (
        "ok so after it OOMed at 1300 I resumed from the step 1250 save with batch 1 instead "
        "of 2 and it's been fine for 400 steps. gc still off. will batch 1 make the lora worse "
        "than 2?",
        "quality",
    ),
    (
        "resumed twice now after OOMs at 1900 and 2600 (gc off, 4090, flux dev). finally "
        "finished. does resuming from checkpoints hurt the final lora?",
        "quality",
    ),
    (
        "depois do OOM no 1300 retomei do save de 1250 com batch 1 em vez de 2 e ta de boa faz "
        "400 steps. batch 1 vai deixar a lora pior?",
        "quality",
    ),
    (
        "it doesn't die anymore, I switched GC back on, it's at 2750/3000 now. before it was "
        "dying at step 3 with CUDA OOM. will the lora come out worse because of GC?",
        "quality",
    ),
    ("rank 64 on flux, will it fit on 12gb?", "explain"),
    # how to switch it somewhere is where to change it
    ("como eu desligo o gradient checkpointing pelo yaml?", "where_to_change"),
    ("how do i turn off gc in the ui? runs fine just slow", "where_to_change"),
    # a switch told beside the update explains the crash
    (
        "pulled the latest ai toolkit and turned gc off the same night, now sdxl OOMs at step 1",
        "fix_oom",
    ),
    (
        "atualizei o ai toolkit e aproveitei pra subir o batch de 2 pra 4, agora oom no passo 1",
        "fix_oom",
    ),
    # the same settings as before: the update is the suspect
    (
        "after the update my flux config that trained fine yesterday now OOMs at step 1, "
        "nothing else changed",
        "outside_guide",
    ),
    # an update only planned is no regression
    (
        "thinking of updating ai toolkit this weekend. zit trains fine with gc on, would gc "
        "off be faster after that?",
        "speed",
    ),
    (
        "vale a pena atualizar o ai toolkit pra treinar mais rapido? o meu é de agosto, ta "
        "tudo rodando de boa",
        "speed",
    ),
    # an update weighed, not done
    (
        "oom at step 1 with flux on a 4070, gc on, batch 1. someone said just update. should i "
        "update or change settings?",
        "fix_oom",
    ),
    (
        "recreated the venv from scratch yesterday and now the same sdxl job OOMs at step 1",
        "outside_guide",
    ),
    (
        "o windows atualizou sozinho essa noite e agora o treino de chroma da oom no carregamento",
        "outside_guide",
    ),
    # fine since the update: the change explains
    (
        "o windows atualizou faz 2 semanas, sem problema desde entao. ontem subi o batch pra 4 "
        "e deu oom no passo 1",
        "fix_oom",
    ),
    (
        "had florence-2 captioning running in another window while the lora trained, and it "
        "crashed with cuda out of memory",
        "outside_guide",
    ),
    (
        "tava com o lm studio com um modelo carregado e o treino do flux deu oom no passo 1",
        "outside_guide",
    ),
    # memory not enough is running out of it
    ("the GC I make it false and memory is not enough. zimage turbo lora, 3090", "fix_oom"),
    ("bs1 fixed it. now how do i make it not take 9 hours", "speed"),
    ("sorted the oom!!! now how do i make it go brrr", "speed"),
    # a crash fixed, then what is asked now
    (
        "resolvi o OOM do flux dev voltando pra batch 1. agora ta 2.6s/it com gc ligado, "
        "normal ou lento?",
        "speed",
    ),
    (
        "mudar pra fp8 tirou o OOM da qwen edit, mas a lora obedece pior os prompts. fp8 faz isso?",
        "quality",
    ),
    ("quantizing fixed the OOM on my 3060 but does fp8 hurt likeness?", "quality"),
    (
        "admin please, where the setting of gc in yaml? gradient_checkpointing or grad_checkpoint?",
        "where_to_change",
    ),
    # the crash told is the one over
    (
        "with gc back on the oom is gone, thx. follow up: does gradient_accumulation: 2 use "
        "more vram?",
        "accumulation",
    ),
    ("com gc de volta sumiu o oom, valeu. gradient_accumulation 2 usa mais vram?", "accumulation"),
    # a crash after the one over
    ("the oom is gone at 1024 but now it ooms at 1280", "fix_oom"),
    # solved, then asked: not news alone
    (
        "resolved the oom by going 1024 -> 768 and the lora trains fine now but details are "
        "mush. is it the res or should i train longer",
        "quality",
    ),
    # a crash fixed in an edit leaves what is asked
    (
        "OOM at step 1 with bs 4, gc off.\nEDIT: batch 1 + gc on works now, thanks! but one "
        "image per step is slow, how can I get an effective batch of 4?",
        "accumulation",
    ),
    (
        "Título: OOM no Qwen Edit com GC off\nOOM no passo 1.\nEDIT: liguei o GC e roda "
        "normal. mas por que um modelo precisa tanto disso?",
        "explain",
    ),
    # 'edit' in a model's name is no edit of the post
    (
        "Turned quantize off to compare quality and now it doesn't even load, CUDA OOM. qwen "
        "edit 2509 on a 4090.",
        "fix_oom",
    ),
    ("EDIT: still OOM at 768 after turning GC back on. flux dev, 3060", "fix_oom"),
    (
        "compose has shm_size: 32gb. kontext OOM at step 2000 with CUDA out of memory, 24gb card",
        "fix_oom",
    ),
    (
        "DataLoader worker killed by signal: Bus error. /dev/shm is 64M in the container",
        "outside_guide",
    ),
    # asking whether it is memory is not a report of it
    (
        "OSError: [Errno 28] No space left on device happens exactly when it saves at step "
        "500. runpod, 20 GB container disk, flux lora. am i out of memory??",
        "off_topic",
    ),
    (
        'Timeout de NCCL com duas 4090 no vast.ai. Travou no passo 1200 e caiu com "Watchdog '
        'caught collective operation timeout". Alguma ideia?',
        "off_topic",
    ),
    (
        "o treino fecha sozinho com codigo 3221225477 quando comeca a gerar as amostras. 3080, "
        "flux",
        "off_topic",
    ),
    (
        "ReadTimeout baixando o modelo do huggingface, fica parado em 37% e cai. wan 2.2",
        "off_topic",
    ),
    ('rx 6600 dando "HIP error: invalid device function". amd nao roda?', "off_topic"),
    (
        "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  "
        "std::bad_alloc\nAborted (core dumped)\nlinux, 16gb ram, during caching latents",
        "outside_guide",
    ),
    # the card or the machine failing, not its memory
    (
        "3090 hits 87c after like 20 min then the screen goes black and the nvidia driver "
        "resets. training just dies, nothing in the log. gc is on, flux dev, batch 1",
        "off_topic",
    ),
    (
        "[48213.551204] NVRM: Xid (PCI:0000:01:00): 79, pid=23114, name=python, GPU has fallen "
        "off the bus.",
        "off_topic",
    ),
    (
        "5090 pulls 600W and my 850W psu cuts out right at step 1. should i lower the power limit?",
        "off_topic",
    ),
    (
        "tá dando pau: a fonte não aguenta, o pc reinicia quando começa o treino. 4090 com "
        "fonte de 750",
        "off_topic",
    ),
    (
        "Tela azul VIDEO_TDR_FAILURE no meio do treino de LoRA do Flux Kontext, RTX 5070. "
        "Sempre com a temperatura perto de 83°C.",
        "off_topic",
    ),
    (
        'Alugando uma A100 40GB na nuvem, o treino parou com "RuntimeError: CUDA error: '
        'uncorrectable ECC error encountered". Memória com defeito?',
        "off_topic",
    ),
    # a launch line choosing the card is no wrong card
    (
        "rodei com `CUDA_VISIBLE_DEVICES=0 python run.py wan14b.yaml` e crashou depois de 2h "
        "de treino, cuda oom. wan 2.1 14b, gc on, 4090",
        "fix_oom",
    ),
    ("I set CUDA_VISIBLE_DEVICES=1 but it still trains on the 3060 and OOMs", "outside_guide"),
    (
        "CUDA_VISIBLE_DEVICES=1 nao ta funcionando, o treino vai sempre pra placa 0 e crasha "
        "sem memoria",
        "outside_guide",
    ),
    # a card corrected is no wrong card
    ("wrong card lol its a 3090 not a 4090. same 24 gigs tho so idk if it matters", "unclear"),
    (
        "placa errada, é a 3060 de 12, não a 3060 Ti. qie 2509 com quantize, OOM ao carregar",
        "fix_oom",
    ),
    ("it trains on the wrong card, the 3060, and runs out of memory", "outside_guide"),
    # a kill told to come from elsewhere is not the run's
    (
        "No, the exit 137 wasn't from the training run, that was a different container I had "
        "running. The training run itself gets a normal `CUDA out of memory` at step 1. Qwen "
        "Edit 2511, GC off",
        "fix_oom",
    ),
    (
        "O exit 137 é de outro container, esquece ele. O treino mesmo dá `CUDA out of memory` "
        "normal no primeiro step. Flux.1 dev, L4.",
        "fix_oom",
    ),
    # how a setting is written in the job file, or where it goes, asked
    ("Is cache_text_embeddings under datasets or train?", "where_to_change"),
    ("num_frames vai no dataset ou no train? ltx", "where_to_change"),
    ("low_vram: true or lowvram: true? qie 2509 on a 4090", "where_to_change"),
    ("yaml aceita tab?", "where_to_change"),
    (
        "train:\n  gradient_checkpointing: False\n\nFalse com maiusculo funciona ou tem que "
        "ser minusculo?",
        "where_to_change",
    ),
    (
        "como seto o tamanho das amostras pra 512? tão em 1024 e demora mt pra gerar",
        "where_to_change",
    ),
    (
        "what does gradient_checkpointing actually do? the comment in the example yaml just "
        'says "saves vram"',
        "explain",
    ),
    ("como eu aumento o batch sem estourar minha 5070? tô no 1", "accumulation"),
    # an update told as the only change
    (
        "only thing that changed is I updated this morning. qwen image, bs1, 1024, gc on, OOM "
        "at step 1. 4090",
        "outside_guide",
    ),
    (
        "so atualizei hoje de manha, mais nada mudou. wan 2.2 5b, gc ligado, OOM no passo 1. 3090",
        "outside_guide",
    ),
    # the crash is what the other settings do; what is asked is the goal
    (
        "yeah batch 1 and 512 is the only combo that survives on my 3060, everything else oom. "
        "will 512 make my sdxl lora look worse than 1024?",
        "quality",
    ),
    # whether a setup would run, asked before any crash
    ("flux dev 1024 bs 1 gc ligado na 3090. vai rodar?", "explain"),
    ("first zit lora, 4060 ti 16gb at 1024 with gc on. is that doable?", "explain"),
    # a card read as empty before the run holds no other program
    (
        "Rebooted the whole machine twice. nvidia-smi shows the 4090 at 0 MiB used before "
        "launch. Still OOM on step 4.",
        "fix_oom",
    ),
    # something put in place of the memory is no card
    (
        "coloquei o cache dos latentes no disco em vez da memória, nenhuma diferença, continua "
        "OOM assim que o treino começa",
        "fix_oom",
    ),
    # a driver update tried in vain is no regression
    (
        "Updated the nvidia driver to the latest, same OOM. z-img on a T4, dies while it's "
        "still loading the model.",
        "fix_oom",
    ),
    (
        "Atualizei o driver da nvidia, mesmo OOM. flux.2 numa A4000, morre ainda carregando o "
        "modelo.",
        "fix_oom",
    ),
]


@pytest.mark.parametrize(("text", "intent"), INTENTS)
def test_what_is_wanted(text: str, intent: str) -> None:
    assert understand(text).intent == intent


# (text, facts it must read, facts it must not read)
MORE: list[tuple[str, dict[str, FactValue], set[str]]] = [
    # someone else's crash says nothing of when one's own breaks
    (
        "my buddy gets OOM during sampling, mine OOMs too but at step 3",
        {"oom_phase": "first_steps"},
        set(),
    ),
    (
        "o do meu amigo da OOM na hora do sample, o meu da OOM no passo 3",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # a total of steps is no size, in thousands or not
    ("ltx 97 frames @ 512 no gc, ooms around step 800 of 2k", {"max_resolution": 512}, set()),
    ("wan 49 frames em 512, oom la pelo passo 900 de 2k", {"max_resolution": 512}, set()),
    # the previews of a step are that step's, not a size
    (
        "nao, as amostras do 500 sairam de boa. morre de OOM la pelo 650",
        {"oom_phase": "later"},
        {"sample_width", "sample_height"},
    ),
    # a stage told at its end got through
    ("caching latents hits 100% then OOM", {}, {"oom_phase"}),
    ("Caching latents 100% e dps OOM", {}, {"oom_phase"}),
    # the machine freezing with its memory full while quantizing: the system's memory
    (
        "quando ta quantizando o transformer a ram do pc vai a 100% e trava tudo",
        {"memory_kind": "system"},
        set(),
    ),
    (
        "quando ta quantizando o transformer a ram enche e o processo morre com Killed",
        {"oom_phase": "loading"},
        set(),
    ),
    # quantization left for full precision
    (
        "Had it quantized (qfloat8), so I switched to bf16. Now it OOMs at the first sample",
        {"quantize": False},
        set(),
    ),
    ("Went from qfloat8 to full bf16 and the likeness didn't improve", {"quantize": False}, set()),
    ("troquei o fp8 pelo bf16 e agora da oom", {"quantize": False}, set()),
    ("qfloat8 on, bf16 dtype, oom", {"quantize": True}, set()),
    # "verdadeiro"/"falso" and "botei de novo"
    (
        "gradiente chekpoint tava falso, coloquei verdadeiro e o erro mudou",
        {"gc": "enabled"},
        set(),
    ),
    (
        "tirei o gc, deu oom, botei de novo e voltou a treinar",
        {"gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),  # a photo's size is no training size; frames are never the preview's steps
    ("the source photos are ~4000px. resolution 1024. oom", {"max_resolution": 1024}, set()),
    ("as fotos originais tem uns 4000px, oom no cache", {}, {"max_resolution"}),
    ("sample com 41 frames, 832x480, 20 steps, oom", {"sample_steps": 20}, set()),
    ("preview of 49 frames at 512, 25 steps, oom while sampling", {"sample_steps": 25}, set()),
    # a phrase ends with its sentence: the state after a quoted question is the question's
    (
        "> preview size?\n1024, 20 steps. it dies when it starts a sample\n> gc?\noff",
        {"gc": "disabled"},
        {"sampling_disabled"},
    ),
    (
        "> tamanho do preview?\n1024, 20 steps. morre quando comeca o sample\n> e o gc?\ndesligado",
        {"gc": "disabled"},
        {"sampling_disabled"},
    ),
    # "preview tb em 1024" says the preview's size too, not that it is off too
    (
        "desliguei o gc e agora da oom no passo 2. preview tb em 1024 com 8 steps",
        {"gc": "disabled", "sample_width": 1024},
        {"sampling_disabled"},
    ),
    ("qfloat8 tá ligado, low_vram tb", {"quantize": True, "low_vram": True}, set()),
    # a setting taken off right after it was named, with nothing else named between
    ("my wan run was fine with qfloat8, i removed it to test quality", {"quantize": False}, set()),
    (
        "rodava liso com o fp8, tirei pra testar qualidade e agora estoura",
        {"quantize": False},
        set(),
    ),
    # the previews' progress bar as the log's last line before the error
    (
        "dies at step 500 every run. the log:\nGenerating Images:   0%|    | 0/4 [00:00<?, ?it/s]"
        "\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.10 GiB",
        {"oom_phase": "sampling"},
        set(),
    ),
    # the end of the run, when the final previews are made
    (
        "gets to 2000/2000 then OOMs at the end when it does the final previews",
        {"oom_phase": "sampling"},
        set(),
    ),
    (
        "chega no 2000/2000 e morre bem no final, quando gera as amostras finais",
        {"oom_phase": "sampling"},
        set(),
    ),
    # previews that came out fine, a step with no previews: no crash while sampling
    (
        "the baseline samples come out fine, then OOM as soon as training starts",
        {"oom_phase": "first_steps"},
        set(),
    ),
    (
        "OOM around step 1700, every run. there's no sample at the step where it dies",
        {"oom_phase": "later"},
        set(),
    ),
    # a screen's fields pasted as one line: checkboxes and "Key:value" pairs
    (
        "Batch Size: 2 | Gradient Checkpointing: [ ] | Low VRAM: [x] flux dev, oom on step 1",
        {"batch_size": 2, "gc": "disabled", "low_vram": True},
        set(),
    ),
    (
        "Lote: 1 | Gradient Checkpointing: [x] | Low VRAM: [ ] zimage, estoura no passo 2",
        {"gc": "enabled", "low_vram": False},
        set(),
    ),
    ("- [x] I searched the issues\n- [ ] I read the docs\nflux dev ooms", {}, {"gc", "low_vram"}),
    (
        "BatchSize:1 GradAccum:2 Res:768,1024 GC:off LowVRAM:off Quantize:on qwen edit 2509",
        {"gradient_accumulation": 2, "gc": "disabled", "low_vram": False, "quantize": True},
        set(),
    ),
    # the shared memory's total is no card's size
    (
        'crawls after step 30, task manager says "Shared GPU memory 14.2/31.9 GB". 4060 ti 16gb',
        {"vram_gb": 16},
        set(),
    ),
    (
        "fica lento, a memoria compartilhada da GPU no gerenciador enche (12/32 GB). placa de 8gb",
        {"vram_gb": 8},
        set(),
    ),
    # an old run's GC state, and where to find it in the new job: the new one's is not told
    (
        "my old job had gradient checkpointing on. where is it in the new template?",
        {},
        {"gc"},
    ),
    (
        "ja tive gc ligado em outro treino, mas no job novo nao acho a opcao. onde fica?",
        {},
        {"gc"},
    ),
    (
        "where do i set gradient_checkpointing? i turned it off last time and want it back",
        {"gc": "disabled"},
        set(),
    ),
    # the run now beside an earlier one: "de agora", "o anterior", a sentence opened by "now"
    ("zimage: o lora de agora (gc on) ta pior q o anterior (gc off)", {"gc": "enabled"}, set()),
    (
        "the best one was the gc off run. Now I'm redoing it on my 3060 with gc on at 1024",
        {"gc": "enabled"},
        set(),
    ),
    # a stage named in a question away from the crash is asked about, not when it broke
    ("religuei o gc e continua dando oom no qwen edit. sera q quantizar ajuda?", {}, {"oom_phase"}),
    ("zimage 1280 bs 4 sem gc = oom na cara. qual o primeiro passo?", {}, {"oom_phase"}),
    ("is adamw8bit the same as quantizing? flux OOMs on my 3060 with gc off", {}, {"oom_phase"}),
    # …but a log's progress bar is no question
    (
        "Caching text embeddings:   0%|   | 0/42 [00:00<?, ?it/s]\nCUDA out of memory",
        {"oom_phase": "loading"},
        set(),
    ),
    # "want" before a value or a setting: a wish, not the run
    ("where's the quantize option on runcomfy? want qfloat8 on wan 2.2", {}, {"quantize"}),
    ("want bs 16 on chroma but 24gb only fits 2", {}, {"batch_size"}),
    # a crash feared, "without blowing up", is none told
    ("zero OOMs, I just want a bigger batch without blowing up my 8GB", {}, {"goal"}),
    # the error's total capacity is the card's size as measured, over the name's
    (
        "A100 80GB, gc off: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate "
        "10.13 GiB. GPU 0 has a total capacity of 79.14 GiB of which 6.55 GiB is free.",
        {"vram_gb": 79.14},
        set(),
    ),
    # a value corrected away with its name between ("NOT bs 8"), and a wish "would be great"
    ("pony, bs 1 accum 8 (NOT bs 8!), gc off and oom at step 1", {"batch_size": 1}, set()),
    (
        "would be great to run bs 4 at 1024, but right now I can only do bs 1 at 768",
        {"batch_size": 1, "max_resolution": 768},
        set(),
    ),
    (
        "seria ótimo treinar em 1280, mas por enquanto só roda em 896 com gc ligado",
        {"max_resolution": 896},
        set(),
    ),
    # a setting only supposed, learned or not
    ("if I set disable_sampling: true will it stop the OOM? gc off", {}, {"sampling_disabled"}),
    # a state asked about as the cause, in short forms, is the run's
    ("the samples look fried, is it cuz gradient checkpointing is off?", {"gc": "disabled"}, set()),
    (
        "as amostras tão queimadas depois de 2000 passos, é pq o gc tá desligado?",
        {"gc": "disabled"},
        set(),
    ),
    # a crash told in disbelief is no question about a setup
    ("no gc, bs 1, 512 on a 3060 and it still OOMs??", {"gc": "disabled", "batch_size": 1}, set()),
    ("sem gc, batch 1, 512 numa 3060 e mesmo assim dá OOM?", {"gc": "disabled"}, set()),
    ("does a 4090 handle flux without gc?", {}, {"gc"}),
    ("uma 4090 aguenta flux sem gc?", {}, {"gc"}),
    # the card moved to, a card only wished for, a size no model trains at
    (
        "swapped my 3080 for a used 3090 and qwen edit 2509 still OOMs at 768",
        {"vram_gb": 24},
        set(),
    ),
    ("troquei minha 3060 ti por uma 4060 ti de 16 e o zit ainda dá oom", {"vram_gb": 16}, set()),
    ("troquei a 3060 por uma 4060 ti e ainda dá oom", {}, {"vram_gb"}),
    ("thinking of buying a 5090, on a 3060 ti now and chroma OOMs at 768", {"vram_gb": 8}, set()),
    ("queria ter uma 4090 kkk, aqui é 3060 de 12 e o zimage estoura", {"vram_gb": 12}, set()),
    (
        "my photos are 4000px but I train at 1024, gc off, OOM at step 1",
        {"max_resolution": 1024},
        set(),
    ),
    ("fotos de 4000px no dataset, treino em 1024, oom no passo 1", {"max_resolution": 1024}, set()),
    # a stage the log skips, a stage told in other words, a "no" to one stage only
    (
        "Skipping first sample\n0%| | 0/2500 [00:00<?, ?it/s]\ntorch.OutOfMemoryError: CUDA out of"
        " memory.",
        {"oom_phase": "first_steps"},
        set(),
    ),
    ("previews em 1024 e dá oom toda vez que vai amostrar", {"oom_phase": "sampling"}, set()),
    ("estoura quando o bucket muda de 768 pra 1024", {"oom_phase": "bucket_spike"}, set()),
    (
        "goes oom exactly when the bucket switches from 768 to 1024",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    ("crashou com CUDA OOM fazendo as amostras finais", {"oom_phase": "sampling"}, set()),
    ("> does it OOM at step 1?\nnope, does like 600 steps fine then dies", {}, {"oom_phase"}),
    ("> dá OOM no passo 1?\nnão, roda uns 600 passos e morre", {"oom_phase": "later"}, set()),
    ("> any OOM errors?\nno, it's just slow", {"oom_phase": "none"}, set()),
    # a negation inside an aside closed before the state is not the state's; a wish misspelt
    ("qwen image (the normal one not edit) ooms w gc on", {"gc": "enabled"}, set()),
    ("qwen image (não o edit) estoura com gc ligado", {"gc": "enabled"}, set()),
    ("wish i cud turn grad checkpoiting off tbh, flux dev is sloooow", {}, {"gc"}),
    # a guess about any setting is no statement of it
    ("to usando adamw8bit, entao ja ta quantizado ne? oom no step 1, gc off", {}, {"quantize"}),
    (
        "the log only says Quantizing text encoder, so the transformer is unquantized I guess?",
        {},
        {"quantize"},
    ),
    # a negation before "e"/"and" belongs to the verb before it, not to the next one
    (
        "nao quantizei nada e nao ativei low_vram, mas o gc ta on. oom no load",
        {"quantize": False, "low_vram": False, "gc": "enabled"},
        set(),
    ),
    (
        "didn't quantize anything and didn't enable low_vram, gc is on",
        {"quantize": False, "low_vram": False, "gc": "enabled"},
        set(),
    ),
    ("não, não é quantizado, é o modelo cheio. gc off", {"quantize": False}, set()),
    # an empty checkbox is a setting off
    ("the GC checkbox is empty, is that it?? sdxl batch 6 OOMing", {"gc": "disabled"}, set()),
    ("o checkbox do GC tá vazio, é isso?? sdxl batch 6 estourando", {"gc": "disabled"}, set()),
    # a number joined to one only wished for is wished too; the run now against a wish is not
    (
        "training Flex.2 at 512 with GC on, but I'd love to go to 1024 and maybe even 1536 buckets",
        {"max_resolution": 512},
        set(),
    ),
    (
        "treino chroma em 512 com gc ligado, mas queria subir pra 1024 e quem sabe 1536 depois",
        {"max_resolution": 512},
        set(),
    ),
    ("id love to run bs 8 but even bs 2 OOMs on my 4080. gc is on", {"batch_size": 2}, set()),
    ("queria bs 8 mas até com bs 2 dá oom na 4080, gc ligado", {"batch_size": 2}, set()),
    # the first sample, or sampling just starting, is the sampling stage, not the first steps
    (
        "HiDream em 1024 dá OOM assim que começa a amostragem. GC ligado.",
        {"oom_phase": "sampling"},
        set(),
    ),
    ("wan 2.1 ooms as soon as it starts sampling, gc off", {"oom_phase": "sampling"}, set()),
    ("gc off, 5080 16gb. OOM na hora q gera a primeira amostra", {"oom_phase": "sampling"}, set()),
    (
        "deu out of memmory na primeira imagem de amostra, antes de comecar o treino",
        {"oom_phase": "sampling"},
        set(),
    ),
    # "his"/"dele" open a clause about someone else's run
    (
        "me and a friend both train flux on 4090s. his OOMs at the first sample, mine never OOMs,"
        " it's just slow with gc on",
        {},
        {"oom_phase"},
    ),
    (
        "eu e um amigo treinamos flux na 4090. a dele estoura no primeiro sample, a minha nunca deu"
        " OOM, só é lenta com gc ligado",
        {},
        {"oom_phase"},
    ),
    # a state after a quoted question is not the state of what was named before the quote
    (
        "> quantized?\nyes, qfloat8\n> and gradient checkpointing?\noff, turned it off yesterday",
        {"quantize": True, "gc": "disabled"},
        set(),
    ),
    (
        "> tá quantizado?\nsim, qfloat8\n> e o gradient checkpointing?\ndesligado, tirei ontem",
        {"quantize": True, "gc": "disabled"},
        set(),
    ),
    # the size of an earlier run, then the one of the run now
    (
        "last time i trained at 1536, this time 1152 and it still dies at step 1",
        {"max_resolution": 1152},
        set(),
    ),
    (
        "da última vez treinei em 1536, agora tô em 1152 e ainda morre no passo 1",
        {"max_resolution": 1152},
        set(),
    ),
    # memory another program eats and an upscaler's target are no card and no training size
    (
        "forge is running in the other window eating 9gb and the lora ooms at load",
        {},
        {"vram_gb"},
    ),
    (
        "upscaled the photos to 2048 first, training at 832 with gc off, oom on step 2",
        {"max_resolution": 832},
        set(),
    ),
    # never one run finished: no stable run to go back to
    (
        "never got a single lora to finish on this laptop, gc on, chroma dies on step 1",
        {"stable_with_gc": "no"},
        set(),
    ),
    (
        "nunca terminei uma lora nesse notebook, gc ligado, o chroma morre no passo 1",
        {"stable_with_gc": "no"},
        set(),
    ),
    # older cards named with their size, and a step number that only looks like one
    (
        "training sdxl on a gtx 1070, batch 1, oom at step 3",
        {"vram_gb": 8},
        set(),
    ),
    (
        "flux com gc off, deu oom no passo 1660 de 3000 numa 3090",
        {"vram_gb": 24, "oom_phase": "later"},
        set(),
    ),
    # a setting commented out in a pasted config is not set
    (
        "model:\n  quantize: true\n  # low_vram: true\ntrain:\n  batch_size: 1\n"
        "gc off, oom at step 2",
        {"quantize": True},
        {"low_vram"},
    ),
    (
        "quantize: true  # low_vram: true\nbatch_size: 1\ngc desligado, oom no passo 2",
        {"quantize": True},
        {"low_vram"},
    ),
    # another program's low-VRAM mode is not the run's
    (
        "comfyui runs flux fine with --lowvram on my 3070, but training it here ooms at load",
        {},
        {"low_vram"},
    ),
    (
        "no forge eu uso o modo low vram e vai de boa, mas o treino aqui dá oom carregando",
        {},
        {"low_vram"},
    ),
    # one state after two names joined by "+" is of both; a name that says its own is not
    (
        "quantize + low_vram on, gc off, hidream ooms at step 1",
        {"quantize": True, "low_vram": True, "gc": "disabled"},
        set(),
    ),
    (
        "quantize + gc ligados e mesmo assim oom no passo 1",
        {"quantize": True, "gc": "enabled"},
        set(),
    ),
    (
        "help w/ gradient checkpointing + qfloat8 pls",
        {"quantize": True},
        {"gc"},
    ),
    # the transformer trained in plain bf16 is unquantized; the side a change left is not
    (
        "only the text encoder is quantized, the transformer is plain bf16, oom at step 1",
        {"quantize": False},
        set(),
    ),
    (
        "qie OOM at step 1, quantized only the text encoder (transformer full bf16)",
        {"quantize": False},
        set(),
    ),
    (
        "por enquanto o transformer tá em bf16 puro e dá oom no passo 1",
        {"quantize": False},
        set(),
    ),
    (
        "moved from full bf16 to qfloat8 and it fits now",
        {"quantize": True},
        set(),
    ),
    # a step the previews were made at is no preview size
    (
        "the samples at 250 came out fine, then oom at step 400 with gc off",
        {},
        {"sample_width", "sample_height"},
    ),
    (
        "a amostra no 750 saiu de boa, depois oom no passo 900 com gc off",
        {},
        {"sample_width", "sample_height"},
    ),
    # what it would be without GC, beside what it is with it: GC is on and nothing was retried
    (
        "without gradient checkpointing it runs out of memory, with it on it trains fine, just"
        " 2x slower. any middle ground on a 4080?",
        {"gc": "enabled", "vram_gb": 16},
        {"gc_retry"},
    ),
    # a size that was, beside the one now
    (
        "bs 1, res 768 now (was 1024) and it STILL cuda oom's at step 1. 3080 10gb, flux dev",
        {"max_resolution": 768, "batch_size": 1},
        set(),
    ),
    (
        "batch 1 agora (era 4), ainda oom no passo 2 numa 3060",
        {"batch_size": 1},
        set(),
    ),
    # other people's batch, another run's size
    (
        "with gc on i can only fit bs1 at 1024 on my 4070. how are people getting batch 8??",
        {"batch_size": 1, "max_resolution": 1024},
        set(),
    ),
    (
        "gc on, bs1 at 512 on a 3060 and the samples look blurry compared to the same lora"
        " trained at 1024 on runcomfy",
        {"max_resolution": 512},
        set(),
    ),
    # a model tried for the first time is the one now
    (
        "Been doing SDXL LoRAs for a year with gradient checkpointing on. First Z-Image LoRA"
        " this week, GC still on, and it OOMs at step 1",
        {"model_family": "z_image", "oom_phase": "first_steps"},
        set(),
    ),
    # two settings each with its own state are no pair compared
    (
        "quantize: false e gc ligado no flex.2, 24 giga, oom no step 1",
        {"quantize": False, "gc": "enabled"},
        set(),
    ),
    (
        "quantize false and gc on, flex.2, oom at step 1",
        {"quantize": False, "gc": "enabled"},
        set(),
    ),
    # a list of what is on, after a name that says its state alone or a "with"
    (
        "4070ti super 16gb, chroma, bs1 512, still ooms. quantized, low vram, gc, all of it",
        {"quantize": True, "low_vram": True},
        set(),
    ),
    (
        "qie 2511 estourou a vram no passo 1 mesmo com fp8 e low vram, 24gb",
        {"quantize": True, "low_vram": True},
        set(),
    ),
    (
        "fp8 and low vram, would that help? oom at step 1",
        {},
        {"quantize", "low_vram"},
    ),
    # memory in use is not the card's size; the old error's "total capacity" is
    (
        "not an oom btw, vram sits at about 20gb. loss goes nan",
        {},
        {"vram_gb"},
    ),
    (
        "vram peaks at 23gb on my 4090 then OOM",
        {"vram_gb": 24},
        set(),
    ),
    (
        "old 2080 Ti: RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 10.75"
        " GiB total capacity; 9.89 GiB already allocated)",
        {"vram_gb": 10.75},
        set(),
    ),
    # the previews made before training, told by what makes them
    (
        "antes do primeiro step ele gera umas samples e morre com cuda oom",
        {"oom_phase": "sampling"},
        set(),
    ),
    (
        "cuda oom when it renders the baseline images, before step 1",
        {"oom_phase": "sampling"},
        set(),
    ),
    # a crash told as coming after the switch back on
    (
        "OOM after re-enabling grad checkpointing too. 3060 12gb, flux schnell, 512 only",
        {"gc_retry": "still_oom", "gc": "enabled"},
        set(),
    ),
    ("da oom mesmo depois de religar o gc", {"gc_retry": "still_oom"}, set()),
    # the act that opens the next sentence, or follows "so", is done to the setting named
    (
        "com gc ligado treinava de boa, 4 loras sem nenhum problema. tirei pra ver se ia mais"
        " rapido e agora crasha por memoria no step 3.",
        {"gc": "disabled", "stable_with_gc": "yes"},
        set(),
    ),
    (
        "Vi num video que desligar o gradient checkpointing deixa mais rapido entao desmarquei."
        " Quando comeca o treino aparece erro de CUDA out of memory",
        {"gc": "disabled"},
        set(),
    ),
    # what would happen if it were switched off says it is on
    (
        "gc on, never a crash. would anything change if i turned it off",
        {"gc": "enabled"},
        set(),
    ),
    # the card's memory, however the crash and the fill are told
    (
        "turned off gradient checkpointing on zit and now it cuda oom's on the first step lol",
        {"memory_kind": "gpu"},
        set(),
    ),
    (
        "it's definitely the VRAM that fills, not the RAM. OOMs as soon as training starts",
        {"memory_kind": "gpu"},
        set(),
    ),
    # memory another program sits on is not the card's size
    (
        "cuda oom at step 1 but nvidia-smi shows comfyui still sitting on 9gb lol. 24gb card",
        {"vram_gb": 24},
        set(),
    ),
    ("me on a 4000 ada (the sff one) at 896, bs1, gc off: oom on step 1", {"vram_gb": 20}, set()),
    # another model's encoder beside the model trained
    (
        "OOM while caching text embeddings (the qwen 2.5 vl encoder) for qie, 24gb, before"
        " training",
        {"model_family": "qwen_edit"},
        set(),
    ),
    (
        "OOM loading the Lumina 2 text encoder on a 3090",
        {"model_family": "other"},
        set(),
    ),
    # memory in use on the card, held by something else, is not its size
    (
        "o comfy tava aberto comendo uns 10gb de vram e o treino deu cuda oom. placa de 24gb",
        {"vram_gb": 24},
        set(),
    ),
    ("My 4090 holds batch 2 at 1024", {"vram_gb": 24, "batch_size": 2}, set()),
    # the system's memory near full, told by numbers
    (
        "mano o treino some do nada, nem erro da. a ram tava em 15.6/16 logo antes de sumir",
        {"memory_kind": "system"},
        set(),
    ),
    ("32gb ram, 24/24 vram used then oom", {}, {"memory_kind"}),
    # the person's own switch, told in the past, with the crash after it: the run now
    (
        "I've done 30 LoRAs on Flux dev, always with gradient checkpointing on, never a single"
        " OOM. Last week I disabled it to see how much faster it would be. Every time it pulls a"
        " 1280 image it dies with CUDA out of memory.",
        {"gc": "disabled"},
        set(),
    ),
    # the job's own progress bar after the loading lines: training had started
    (
        "Loading transformer\nQuantizing transformer\nmy_zit_lora:   0%|          | 0/2500"
        " [00:00<?, ?it/s]\ntorch.OutOfMemoryError: CUDA out of memory.",
        {"oom_phase": "first_steps"},
        set(),
    ),
    (
        "Caching latents to disk\n  0%|          | 0/48 [00:00<?, ?it/s]\n"
        "torch.OutOfMemoryError: CUDA out of memory.",
        {"oom_phase": "loading"},
        set(),
    ),
    (
        "I only flipped it to false, now CUDA out of memory before step 1 even finishes",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # a setting named with no state is no state, learned or not
    (
        "If I quantize the transformer, does gradient checkpointing still matter?",
        {"goal": "explain"},
        {"quantize"},
    ),
    # "slow otherwise" is how it runs the other way, not a crash GC keeps away
    (
        "still cuda oom on the very first step. qie 2509 on a 4090, gc off because its sooo slow"
        " otherwise",
        {"gc": "disabled"},
        set(),
    ),
    # what was read somewhere is no state; "never had a single crash" is no crash
    (
        "trained a dozen Flux LoRAs on my 3090 (GC on, bs1, 1024) and never had a single crash."
        " It's just slow. I've read that disabling GC gives you 25-35% but eats VRAM.",
        {"gc": "enabled", "stable_with_gc": "yes", "goal": "speed"},
        set(),
    ),
    # accumulations offered to choose between are no setting
    (
        "batch 4 crashes. options: bs2 + gradient_accumulation_steps 4, or bs1 +"
        " gradient_accumulation_steps 8. which one is better?",
        {},
        {"gradient_accumulation"},
    ),
    # frames said of the previews, after a sentence about training
    (
        "gc off, wan 2.2 i2v, 5090, oom while it samples the first video before training."
        " previews at 832x480 41 frames",
        {"oom_phase": "sampling"},
        {"num_frames"},
    ),
    # "na hora que…" is at the time of what follows; never reaching step 1 is loading
    (
        "ja ta ativado mano, continua estourando na hora q ele ta quantizando o modelo",
        {"oom_phase": "loading"},
        set(),
    ),
    (
        "Quantizing transformer\ntorch.OutOfMemoryError: CUDA out of memory.\n\ncrashes right"
        " here every time, never reaches step 1. gc is off",
        {"oom_phase": "loading"},
        set(),
    ),
    ("crashou na hora q começou o treino kkkk flux kontext", {"oom_phase": "first_steps"}, set()),
    # what quantize does, asked in general; a resolution a change ended at
    (
        'dumb q but what is "quantize" in the model section actually quantizing, the lora or the'
        " base model?",
        {"goal": "explain"},
        {"quantize"},
    ),
    (
        "I fixed the OOM by dropping from 1024 to 768, but now the LoRA looks way softer than the"
        " ones I made at 1024 on my old card (a rented A6000).",
        {"max_resolution": 768},
        set(),
    ),
    # a stage told as what it broke before is not when it breaks
    (
        "it ooms while loading, before the first sample. 8gb",
        {"oom_phase": "loading"},
        set(),
    ),
    # a stage told as what it broke before is not when it breaks
    (
        "da oom qdo ta carregando, antes do primeiro sample. 8gb",
        {"oom_phase": "loading"},
        set(),
    ),
    # a stage said instead of is not when it breaks
    (
        "estourou a vram dnv, agora no step 3 em vez de no sampling como ontem. zit 16gb gc off",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # the sample at a step is the moment, not the step
    (
        "wan 2.2 5b, clips of 49 frames. the sample video at step 500 kills it, cuda oom. 4090",
        {"oom_phase": "sampling"},
        set(),
    ),
    # right away is the loading it names
    (
        "ltx-2 won't even get past loading the transformer on my 4090, cuda oom instantly",
        {"oom_phase": "loading"},
        set(),
    ),
    # the default asked about is not the run's state
    (
        "If GC only saves memory, why does the toolkit ship with it on by default? I've never "
        "seen an OOM on my A6000.",
        {"goal": "explain"},
        {"stable_with_gc", "gc"},
    ),
    # on by default in one's own job is its state
    (
        "quantize is on by default in my job and i wanna turn it off, where is it in runcomfy",
        {"quantize": True},
        set(),
    ),
    # a negation of the outcome does not negate the act after it
    (
        "Obrigado pela paciência, mas não resolveu: liguei o GC de novo e continua estourando a "
        "vram no passo 1.",
        {"gc": "enabled"},
        set(),
    ),
    # a negation of the outcome does not negate the act after it
    (
        "didn't help, turned gc back on and it still ooms at step 1",
        {"gc": "enabled"},
        set(),
    ),
    # all it took was switching it back on: done
    (
        "vlw galera, funcionou! era so religar o gradient checkpointing mesmo",
        {"gc": "enabled"},
        set(),
    ),
    # switched back off
    (
        "tried gc on, still oom'd at step 2 so i set it back to off. no point being slow AND "
        "crashing lol",
        {"gc": "disabled"},
        set(),
    ),
    # the calm side said to be kept is the run now
    (
        "gc on = 7 s/it, no crash, finished. gc off = 4 s/it, crash at the 1st preview. 3090 "
        "flex.2. going with on for now but ugh, any tips?",
        {"gc": "enabled"},
        set(),
    ),
    # the pictures' size beside the one trained at is not trained at
    (
        "my images are 2k but i train at 1024 with bs 2 on 24gb, gc off, crashes cuda oom "
        "around step 900 on flux dev",
        {"max_resolution": 1024},
        set(),
    ),
    # the pictures' size beside the one trained at is not trained at
    (
        "minhas fotos sao 2k mas treino em 1024 e mesmo assim a qie 2511 estoura a vram no step "
        "3, 24gb",
        {"max_resolution": 1024},
        set(),
    ),
    # an image made after training is not trained at
    (
        "lora trained at 512 on sd1.5 looks fine at 512 but when i hires fix to 1024 the faces "
        "melt. 6gb card, gc on",
        {"max_resolution": 512},
        set(),
    ),
    # the list trained at stays whole
    (
        "Flux dev, dataset de 60 imagens, resolution [512, 768, 1024], batch 2. da CUDA out of "
        "memory quando pega uma das imagens 1024",
        {"max_resolution": 1024, "resolutions": [512, 768, 1024]},
        set(),
    ),
    # with no size told as trained at, the pictures' sizes are the buckets
    (
        "so da oom nas imagens de 1536, as de 1024 vao de boa. zimage gc off",
        {"max_resolution": 1536},
        set(),
    ),
    # a model's size in parameters is no time into training
    (
        "wan 2.2 i2v 14b in fp8, 480x832 clips, 81 frames, gc on, 4090. oom on step 1",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # the machine struggling is no run breaking: when is not set
    (
        "Host RAM goes to 100% while loading Wan 2.2 14B and the whole machine freezes, 64GB "
        "RAM, 4090. It never reaches training",
        {"memory_kind": "system"},
        {"oom_phase"},
    ),
    # the machine struggling is no run breaking: when is not set
    (
        "Quando carrega o Wan 2.2 14B a RAM do PC vai pra 100%, o swap sobe pra uns 30GB e o pc "
        "fica travando. Nao chega a dar erro",
        {"memory_kind": "system"},
        {"oom_phase"},
    ),
    # the first run of each session is no first run ever
    (
        "weird one: only the first run after a reboot OOMs, while it's quantizing the "
        "transformer. if i just hit start again it trains all night no issue",
        {"oom_phase": "loading"},
        {"stable_with_gc"},
    ),
    # a first LoRA that went through
    (
        "Fala pessoal! Passando só pra agradecer, consegui minha primeira lora graças às dicas "
        "daqui.",
        {},
        {"stable_with_gc"},
    ),
    # never managed to finish one: no stable run
    (
        "nunca consegui terminar nenhum lora, sempre da oom",
        {"stable_with_gc": "no"},
        set(),
    ),
    # a crash feared again is no crash after the retry
    (
        "turned gradient checkpointing off to go faster on sdxl (1024, bs4, 3090) and it oomed. "
        "back on now, no oom anymore but its like 35% slower. any way to get the speed back "
        "without it blowing up again?",
        {"gc_retry": "fixed"},
        set(),
    ),
    # a run still going has fixed nothing yet
    (
        "turned gc back on for the wan run, 4090. 3 hours in, no oom yet",
        {"gc": "enabled"},
        {"gc_retry"},
    ),
    # the most that fits is the batch run
    (
        "como faço batch 8 numa placa de 12? bs 2 é o max que cabe no zit com gc ligado, bs 3 "
        "ja estoura",
        {"batch_size": 2},
        set(),
    ),
    # the crash told is of the runs GC went back on for: the run now has no moment of breaking
    (
        "gc off bs2 1024 died at step 2, bs1 same thing, flipped gc back on at bs1 and it ran "
        "all 3000 steps no problem. now i just want it faster",
        {"gc": "enabled", "gc_retry": "fixed"},
        {"oom_phase"},
    ),
    # runs told one by one: the one told last is the run now
    (
        "Run 1: gc on, 1024, fine. Run 2: gc off, OOM at step 1. Run 3: gc off, low_vram on, "
        "768, gets to around step 1400, then OOM.",
        {"gc": "disabled", "oom_phase": "later", "max_resolution": 768, "low_vram": True},
        set(),
    ),
    # the same in Portuguese
    (
        "tentativa 1: gc desligado, oom no passo 2. tentativa 2: gc desligado, bs 1, foi ate o "
        "passo 1800 e estourou",
        {"gc": "disabled", "oom_phase": "later", "batch_size": 1},
        set(),
    ),
    # the state of the run told last
    (
        "v4 oom'd with gc off, v5 = v4 + gc on and it finished clean. can i get the speed back",
        {"gc": "enabled"},
        {"oom_phase"},
    ),
    # the run told last is the highest-numbered, not the last one named
    (
        "Run 4 (now): gc back on, 49 frames, resolution 512, OOM at step 1 again. Run 1 was at "
        "480. Run 4 should be lighter than run 1",
        {"gc": "enabled", "oom_phase": "first_steps", "max_resolution": 512, "num_frames": 49},
        set(),
    ),
    # the run of the one answered is not the asker's
    (
        "@lucas o teu roda em 1024 pq tu tem 4090 ne, aqui na 4060 ti 8gb eu to em 512 com gc "
        "desligado e da oom",
        {"max_resolution": 512, "vram_gb": 8, "gc": "disabled"},
        set(),
    ),
    # a count of images is no size
    (
        "Qwen-Image at 1024 and 1328 on an H100. This is a 2000-image dataset, so every minute "
        "counts.",
        {"max_resolution": 1328, "resolutions": [1024, 1328]},
        set(),
    ),
    # a card not had yet
    (
        "thinking of getting a 5080 for qie, how much does gc save?",
        {"model_family": "qwen_edit"},
        {"vram_gb"},
    ),
    # a card not bought yet, in Portuguese
    (
        "nem comprei ainda a 4060 de 8, mas com gc ligado flux roda nela?",
        {"model_family": "flux_flex"},
        {"vram_gb"},
    ),
    # a card bought is had
    (
        "just bought a 5090, flux oom at step 1",
        {"vram_gb": 32},
        set(),
    ),
    # runs told by ordinals: the last one runs, so no moment of breaking
    (
        "Lumina 2 LoRA: - 1st: gc off, 1024 → OOM immediately - 2nd: gc off, 512 → OOM "
        "immediately - 3rd: gc on, 512 → runs, 9.8 s/it, at step 300. Anything to make the 3rd "
        "faster?",
        {"gc": "enabled", "max_resolution": 512},
        {"oom_phase"},
    ),
    # the same in Portuguese
    (
        "na 1a sem gc bs 2 oom no passo 1, na 2a com gc e bs 1 passou, ta no passo 1500",
        {"gc": "enabled", "batch_size": 1},
        {"oom_phase"},
    ),
    # no error from a run that is stuck is no run going well
    (
        "runcomfy ai toolkit, sdxl. progress sits at step 0 for 20 min, no error in the log, "
        "nothing",
        {"model_family": "other"},
        {"oom_phase"},
    ),
    # two cards only weighed for buying
    (
        "Deciding between a 4080 and a used 3090 for SDXL LoRAs, how much does gc save?",
        {"model_family": "other"},
        {"vram_gb"},
    ),
    # the card had, beside one wished for
    (
        "would upgrading to a 5090 be a better speed fix than turning off gc on my 3090? wan "
        "runs fine with gc",
        {"vram_gb": 24},
        set(),
    ),
    # a size told as trained at, and one told as the previews'
    (
        "@kev nah I'm on 768 for training, the 1024 is just the sample size lol. gc off, 3090, "
        "still ooms the second it starts the samples",
        {"max_resolution": 768, "sample_width": 1024, "sample_height": 1024},
        set(),
    ),
    # a width × height beside the size trained at is not trained at
    (
        "Coloquei 1344x768 nas amostras e agora dá OOM na hora de gerar. O treino em si é em "
        "1024, Z-Image, placa de 16GB",
        {"max_resolution": 1024},
        set(),
    ),
    # the first of runs told in order is no first run ever
    (
        "@nova nah mine's different, my first run with gc on went fine, it's the second one "
        "with gc off that oom'd. 4070 ti, sdxl, bs 3",
        {"stable_with_gc": "yes"},
        set(),
    ),
    # the same, with the runs numbered by ordinals and colons
    (
        "first run: gc off 1024 bs1 oom at step 1. second: gc on → went through fine. third "
        "(now): gc on, bs1, added a 1536 bucket → ooms only on the 1536 images",
        {"stable_with_gc": "yes", "gc": "enabled", "max_resolution": 1536},
        set(),
    ),
    # after a colon, the verb is the next setting's
    (
        "mesma coisa aqui com qie sem quantize: religuei o gc e o treino foi até o fim, 4000 "
        "passos",
        {"quantize": False, "gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    # a bare name does not undo a preposition's state
    (
        "Treino qie 2509 sem quantizar porque o fp8 estragava os detalhes do produto, numa H100 "
        "alugada.",
        {"quantize": False},
        set(),
    ),
    # one state said of a list of settings joined by '+'
    (
        "zit lora on a 4060 8gb. quantize + low vram + gc all on, bs 1 at 512 and it still dies "
        "with cuda oom on the first step",
        {"quantize": True, "low_vram": True, "gc": "enabled"},
        set(),
    ),
    # a list joined by commas and 'e', with 'tudo ligado' after it
    (
        "notebook com 4070 de 8gb, zit, low vram, quantize e gc tudo ligado, bs1 em 512, cuda "
        "oom logo no passo 1",
        {"quantize": True, "low_vram": True, "gc": "enabled"},
        set(),
    ),
    # a name in a comma list takes no state said after another without 'all' or 'both'
    (
        "flux, quantize, gc on, bs 1, oom at step 1",
        {"gc": "enabled"},
        set(),
    ),
    # 'on at 1024': a state, then where it runs
    (
        "4080 super, currently gc on at 1024. would 896 be noticeably faster or should i kill "
        "gc and stay at 1024",
        {"gc": "enabled", "max_resolution": 1024},
        set(),
    ),
    # a switch one had to make is made, not wished for
    (
        "I had to turn GC back on after OOMs on my 16GB 4060 Ti with Flux. Now it trains fine",
        {"gc": "enabled"},
        set(),
    ),
    # 'tive que religar': done, because it had to be
    (
        "tive que religar o gc, agora roda de boa na 3060",
        {"gc": "enabled"},
        set(),
    ),
    # what one does not want to go back to is not the setup
    (
        "Right now it's adamw8bit, GC off, bs1, 1024 on a 4090. I really don't want to go back "
        "to GC on, it was 40% slower.",
        {"gc": "disabled"},
        set(),
    ),
    # 'because of' is no 'off'
    (
        "sdxl lora came out burned. I had to turn gradient checkpointing on because of OOMs on "
        "my 8gb card, then it trained through to the end",
        {"gc": "enabled"},
        set(),
    ),
    # a crash that moved from one step to another breaks at the second
    (
        "lowvram off → on, res 1024 → 768, gc still off. oom moved from step 1 to step ~1800 "
        "lol. progress?",
        {"oom_phase": "later", "max_resolution": 768},
        set(),
    ),
    # the step of the crash told in the sentence that ends on 'now'
    (
        "copied his config onto my 4080 and it oomed at step 1. turned gc on afterwards and it "
        "gets further but still ooms, around step 300 now",
        {"oom_phase": "later", "gc": "enabled"},
        set(),
    ),
    # when it broke before ('antes era na hora') is not when it breaks now
    (
        "Continua dando CUDA out of memory, mas agora so no passo 800. Antes era na hora.",
        {"oom_phase": "later"},
        set(),
    ),
    # a step reached with nothing breaking, said with 'agora', is no crash's step
    (
        "deixei o forge aberto e fui treinar, cuda out of memory no carregamento do "
        "transformer. 4060 ti 16gb. fechei o forge e passou, ta no step 300 agora",
        {"oom_phase": "loading"},
        set(),
    ),
    # the machine moved to is the run's, not the one moved from
    (
        "moved from the 48GB machine to the 24GB one on runcomfy to save money and now zit ooms "
        "on step 1. gc is off btw",
        {"vram_gb": 24},
        set(),
    ),
    # 'troquei pra de 24GB': the machine now
    (
        "No RunComfy eu usava a maquina de 48GB e rodava com gc ligado de boa. Troquei pra de "
        "24GB pra economizar credito e agora da OOM no primeiro step.",
        {"vram_gb": 24},
        set(),
    ),
    # 'I'm on the 24GB tier' beside someone else's machine
    (
        "@mira_v you're on the 80GB one, of course it works for you. I'm on the 24GB tier, same "
        "config and mine dies with CUDA OOM at step 1",
        {"vram_gb": 24},
        set(),
    ),
    # 'ram is 64gb' is the system's memory
    (
        "my ram is 64gb and vram 12gb, the training of flux dies with cuda oom on step 1, gc is on",
        {"vram_gb": 12},
        set(),
    ),
    # RAM named before a card's size
    (
        "Box has 32GB RAM and a 24GB card. Training HiDream on 1000 images, it gets Killed "
        "while caching latents.",
        {"vram_gb": 24},
        set(),
    ),
    # a peak of memory used is not the card's size
    (
        "To treinando wan 2.2 i2v com gc ligado, 81 frames, pico de uns 52gb segundo o monitor "
        "e zero oom.",
        {"gc": "enabled"},
        {"vram_gb"},
    ),
    # a folder's size on disk
    (
        "my output folder is 180GB lol, how do i stop it from saving optimizer.pt every 250 steps",
        {},
        {"vram_gb"},
    ),
    # cached latents' size on disk
    (
        "cache_latents_to_disk ta enchendo meu ssd, 60gb de latents pra 3000 imagens?? normal?",
        {},
        {"vram_gb"},
    ),
    # memory climbing to an amount is in use, not the card
    (
        "trying gc off on my 4060 ti at home: no crash but 40 s/it, and the shared GPU memory "
        "in task manager climbs to 9GB",
        {"gc": "disabled"},
        {"vram_gb"},
    ),
    # a switch made after the pasted config outranks the config's key
    (
        "Found this config on reddit, said to work for Flux on 12GB:\n```\nnetwork: "
        "lora\ngradient_checkpointing: true\nresolution: [512, 768]\n```\nI changed linear to "
        "32 and turned gradient_checkpointing off since I wanted faster steps. Now it OOMs at "
        "random points",
        {"gc": "disabled"},
        set(),
    ),
    # 'religa': advice to switch it back on, so it is off
    (
        "@joao_vitor mano tu desligou o gc, por isso ta estourando. 3070 com 8gb e sdxl em 1024 "
        "nao cabe. religa e baixa pra bs1",
        {"gc": "disabled"},
        set(),
    ),
    # 'put' is also the past: a terse report of the switch
    (
        "put gc back on, trained fine",
        {"gc": "enabled"},
        set(),
    ),
    # 'e nada de oom' is no OOM, not 'tried it e nada'
    (
        "to treinando flux dev na minha 3090, gc ligado, 1024, batch 1, 3.2 s/it e nada de oom. "
        "tem como acelerar sem desligar o gc?",
        {"gc": "enabled", "oom_phase": "none"},
        set(),
    ),
    # getting speed back: the calm side, GC on, is the run now
    (
        "qie 2511 on my 5090 with gc on: 9 s/it at 1328, never ooms. with gc off it ooms. any "
        "middle ground to get some speed back?",
        {"gc": "enabled"},
        set(),
    ),
    # switching it off supposed, to gain speed: it is on now
    (
        "e se eu desligar o gc, quanto ganho? to na 3090 treinando zit a 1024 bs1, ta levando "
        "umas 3h",
        {"gc": "enabled"},
        set(),
    ),
    # the step a sample is made at, with the crash beside it
    (
        "o sample no step 250 da oom, o treino em si vai de boa. 4070",
        {"oom_phase": "sampling"},
        set(),
    ),
    # samples made fine at a step, the crash told in another sentence
    (
        "> morre na hora do sample?\n\nnao, as amostras do 500 sairam de boa. morre de OOM la "
        "pelo 650",
        {"oom_phase": "later"},
        set(),
    ),
    # what was never tried is set apart in brackets; the state beside it stands
    (
        "Flex.1 alpha, gradient checkpointing on (never tried it off), 3080 10GB, quantized. It "
        "crashes only when a 1024 batch comes up",
        {"gc": "enabled"},
        set(),
    ),
    # what it had been before the switch back ('tinha desligado') is not now
    (
        "2. religuei o `gradient_checkpointing` (tinha desligado pra testar velocidade) -> "
        "resolveu, treinou 3000 steps sem OOM nenhum",
        {"gc": "enabled"},
        set(),
    ),
    # 'tinha desmarcado' alone is the act that set it
    (
        "hj testei com batch 1 e continua dando CUDA out of memory. o GC eu tinha desmarcado pq "
        "um video falou que deixava mais rapido",
        {"gc": "disabled"},
        set(),
    ),
    # a list of sizes changed into the next: the one after the arrow
    (
        "Mudancas: - batch 4 → 2 → 1 - resolucao [768, 1024, 1280] → [768, 1024] - "
        "gradient_checkpointing false → true. Continua dando CUDA out of memory",
        {"resolutions": [768, 1024], "max_resolution": 1024},
        set(),
    ),
    # an arrow to the outcome changes no size
    (
        "flux dev 24gb gc off batch 1 512/768/1024 -> oom so no bucket 1024",
        {"resolutions": [512, 768, 1024], "max_resolution": 1024},
        set(),
    ),
    # a size anything above which breaks is a limit, not the size trained at
    (
        "who's got a 5070 ti doing zit loras? what res do u use with gc off, mine ooms on "
        "anything above 768",
        {"gc": "disabled"},
        {"max_resolution"},
    ),
    # the batch run now ('to rodando bs 4'), beside one tried that crashed
    (
        "tem como ter batch efetivo 16 na minha 3080 treinando sdxl? to rodando bs 4 com gc "
        "ligado, bs 6 deu oom",
        {"batch_size": 4},
        set(),
    ),
    # 'I'd like bs4' is a wish
    (
        "Qwen-Image-Edit-2509 on a 48GB card, GC on, bs1 at 1024 uses about 41GB. I'd like bs4. "
        "Can gradient accumulation get me there?",
        {"batch_size": 1},
        set(),
    ),
    # advice after advice ('liga o gc e ativa o quantize') is no state
    (
        "@bia vc ta na maquina de 16gb do runcomfy com qwen edit e gc desligado, nao tem "
        "milagre. ou sobe pra de 48 ou liga o gc e ativa o quantize",
        {"gc": "disabled"},
        {"quantize"},
    ),
    # 'turn it back on' in a terse report is the switch made
    (
        "gc off -> oom. turn it back on, fine now",
        {"gc": "enabled"},
        set(),
    ),
    # 'epoch 4' tells a later crash
    (
        "wan 2.1 t2v, died in epoch 4 of 12 with cuda oom, gc off, 4090",
        {"oom_phase": "later", "gc": "disabled"},
        set(),
    ),
    # 'depois de 3 épocas' tells a later crash
    (
        "deu oom depois de 3 epocas, sdxl na 3060, gc ligado",
        {"oom_phase": "later", "gc": "enabled"},
        set(),
    ),
    # 'turned it back on' after low_vram is low_vram's, not a GC retry
    (
        "I had turned low_vram off to compare speed, then turned it back on. still OOMs at step "
        "1, flux on a 4080",
        {"low_vram": True, "oom_phase": "first_steps"},
        {"gc", "gc_retry"},
    ),
    # 'liguei de novo' after quantize is not GC
    (
        "desliguei o quantize pra ver a qualidade, depois liguei de novo e continua dando oom "
        "no passo 1",
        {"oom_phase": "first_steps"},
        {"gc", "gc_retry"},
    ),
    # 'turned gc back on' names GC itself
    (
        "turned GC and quantize off to go faster, oom. turned gc back on and it trains now",
        {"gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    # a negated negation is no negation
    (
        "it's not like I didn't enable gradient checkpointing, it's on, and sdxl still OOMs on "
        "step 1",
        {"gc": "enabled"},
        {"gc_retry"},
    ),
    # 'não é que eu não' negates nothing
    (
        "não é que eu não tenha ativado o gc, tá ativado. mesmo assim o flux estoura no passo 1",
        {"gc": "enabled"},
        set(),
    ),
    # 'switch on my job' is no 'on'
    (
        "the gradient checkpointing switch on my job is unticked, OOM at step 1 on qie",
        {"gc": "disabled"},
        set(),
    ),
    # an empty checkbox is off
    (
        "o checkbox do gradient checkpointing ficou vazio quando dupliquei o job, agora dá oom "
        "no passo 1",
        {"gc": "disabled"},
        set(),
    ),
    # a chain of states: the last one
    (
        "gradient_checkpointing: false -> true -> false, and now chroma OOMs at step 2",
        {"gc": "disabled"},
        {"gc_retry"},
    ),
    # a chain back where it began is a switch back on
    (
        "gradient_checkpointing: true → false → true and it still OOMs around step 1800, 12gb",
        {"gc": "enabled", "gc_retry": "still_oom"},
        set(),
    ),
    # a switch back told after the config that was
    (
        "Config was:\n```yaml\ntrain:\n  batch_size: 1\n  gradient_checkpointing: "
        "false\n```\nSet gradient_checkpointing back to true and the OOM at step 1 is gone.",
        {"gc": "enabled"},
        set(),
    ),
    # thought of, not done: still on
    (
        "thought about turning gc off but didn't, sdxl bs2 runs fine, just slow",
        {"gc": "enabled", "oom_phase": "none"},
        set(),
    ),
    # a step got past is not where it broke
    (
        "religuei o gc e agora passa do step 2, mas dá oom no passo 1500",
        {"oom_phase": "later", "gc": "enabled"},
        set(),
    ),
    # '900 e poucos passos' is no 'poucos passos'
    (
        "roda 900 e poucos passos e morre com cuda oom, flux na 3090",
        {"oom_phase": "later"},
        set(),
    ),
    # not right away
    (
        "it doesn't crash right away, it OOMs somewhere around step 300 every run",
        {"oom_phase": "later"},
        set(),
    ),
    # right after training starts
    (
        "goes OOM right after training starts, flux dev on a 4090",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # before step 1 shows
    (
        "clico em start, carrega tudo e dá CUDA out of memory, nem chega a mostrar o passo 1",
        {"oom_phase": "loading"},
        set(),
    ),
    # always the same photo
    (
        "sempre na mesma foto, uma 1536x1024, dá cuda oom. as outras passam",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    # the first sample images before training are sampling
    (
        "quando vai gerar as primeiras imagens de amostra, antes do treino, dá CUDA out of memory",
        {"oom_phase": "sampling"},
        set(),
    ),
    # a 3000-step run is how long a run is, not where it broke
    (
        "OOM at step 3 now. Before the update, a 3000-step run took 3 hours and never crashed.",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # 'does turning it off help' asks: GC is on
    (
        "sdxl on my 4060 takes 3h with gc on, does turning it off help or will it just oom",
        {"gc": "enabled"},
        set(),
    ),
    # neither run crashed; two runs compared, neither the setup
    (
        "testei na 4090: com gc 3s/it, sem gc 2s/it, e nenhum dos dois deu oom. compensa?",
        {"oom_phase": "none"},
        {"gc"},
    ),
    # the quantize named apart from the 8-bit optimizer
    (
        "bnb 8bit optimizer + quantize qfloat8 + gc on, flux kontext on 24gb, oom at step 1",
        {"quantize": True, "gc": "enabled"},
        set(),
    ),
    # an optimizer's int8 is no quantization
    (
        "adamw8bit + the int8 thing for the optimizer states, gc on, trains fine",
        {"gc": "enabled"},
        {"quantize"},
    ),
    # two settings timed, nothing crashed: no retry
    (
        "qie 2509 on a 4090: gc off 2.3s/it no oom, gc on 3.4s/it. what is gc doing with that "
        "extra second",
        {},
        {"gc_retry"},
    ),
    # keeping it on is no switch back after a crash
    (
        "No OOM with GC off on zimage at 768 on my 4090. Is there any reason to keep it on then?",
        {"oom_phase": "none"},
        {"gc_retry"},
    ),
    # a switch back on that made it work
    (
        "gc was off, turned it back on and now it works, thanks",
        {"gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    # the crash was the GC-off trial; the run now goes
    (
        "wan 2.2 com 81 frames: sem gc = oom no step 1. com gc = roda, mas 14s/it. to rodando "
        "com gc agora. tem algum meio termo?",
        {"gc": "enabled", "goal": "speed"},
        {"oom_phase"},
    ),
    # each way with what it does, and no word of which runs now: a comparison
    (
        "wan 2.2 com 81 frames: sem gc = oom no step 1. com gc = roda, mas 14s/it. tem algum "
        "meio termo?",
        {"goal": "speed"},
        {"oom_phase", "gc"},
    ),
    # a crash with GC on too is no trial of GC off only
    (
        "batch 4, GC off -> OOM right away. batch 4, GC on -> OOM at step 3. batch 1, GC on -> "
        "runs. how do I get an effective batch of 4?",
        {"gc": "enabled"},
        set(),
    ),
    # the size written beside a laptop card, not the desktop card's
    (
        "zit num notebook com 3060 (a de notebook tem 6gb!!) bs1 768 gc ligado e dá oom no passo 1",
        {"vram_gb": 6},
        set(),
    ),
    # a 3080 of 12 is not the 10GB one (nor read as 12 without a unit)
    (
        "> qual placa?\numa 3080 de 12",
        {},
        {"vram_gb"},
    ),
    # a model file's size is not the card's memory
    (
        "reinstalei tudo e baixei o modelo de novo (30gb!!), continua dando oom no passo 1 na "
        "minha 4080",
        {"vram_gb": 16},
        set(),
    ),
    # a card's size after a model's name
    (
        "zit model, 16gb card, oom at step 1",
        {"vram_gb": 16},
        set(),
    ),
    # the batch mimicked is not the one run
    (
        "qie only does bs1 at 1024 on my 4090, accum is 2 now. should i push accum to 8 to "
        "mimic bs8?",
        {"batch_size": 1},
        set(),
    ),
    # a peak is memory in use, not the card
    (
        "hunyuan video on a rented A6000, gc on, peak is around 41GB and it never OOMs",
        {"vram_gb": 48},
        set(),
    ),
    # 'yours' is the other person's run; the stage got through is not when it breaks
    (
        "@mira yours dies at caching because you're on 8gb. mine's a 3090, it gets through "
        "caching fine and then OOMs on step 1 with gc off",
        {"oom_phase": "first_steps", "gc": "disabled", "vram_gb": 24},
        set(),
    ),
    # stages survived are not when it breaks
    (
        "survives caching, survives the baseline samples, ooms at step 1. every time. flux.2 "
        "klein on a 4080",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # a step whose sample went fine is not the crash's
    (
        "bro o sample do step 0 passa liso, ai no step 1 ja era, oom. zit, placa de 16 giga, gc "
        "off",
        {"oom_phase": "first_steps", "gc": "disabled"},
        set(),
    ),
    # a sample never reached is not when it breaks
    (
        "Tried GC off today to shave some time and it doesn't even reach the first sample at "
        "step 250, it dies at step 3 with an out of memory.",
        {"oom_phase": "first_steps", "gc": "disabled"},
        set(),
    ),
    # previews whose bar finished, then the job's bar at 0: the first step
    (
        "qie 2509, gc false, bs 1\n```\nCaching latents: 100%|██████████| 48/48\nGenerating "
        "baseline samples before training\nGenerating Images: 100%|██████████| "
        "3/3\nqwen_edit_lora:   0%|          | 0/2500\ntorch.OutOfMemoryError: CUDA out of "
        "memory. Tried to allocate 3.38 GiB.\n```",
        {"oom_phase": "first_steps", "gc": "disabled"},
        set(),
    ),
    # a loading stage's bar is no training step
    (
        "ltx-2 on my 4090, 121 frames at 768\n```\nLoading Gemma 3 text encoder...\nEncoding "
        "prompts:  12%|█▏        | 6/50\ntorch.OutOfMemoryError: CUDA out of memory.\n```",
        {"num_frames": 121, "oom_phase": "loading"},
        set(),
    ),
    # what follows 'but' after 'yours' is one's own
    (
        "@kat same setup as yours but 16gb instead of 24, so yeah mine OOMs even earlier lol",
        {"vram_gb": 16},
        set(),
    ),
    # a list's ticks before the names
    (
        "settings:\n- ✅ Low VRAM\n- ✅ Quantize transformer (float8)\n- ❌ Gradient "
        "checkpointing\n- batch size 1",
        {"low_vram": True, "quantize": True, "gc": "disabled", "batch_size": 1},
        set(),
    ),
    # ticks after each name
    (
        "minhas configs: gc ✅ quantize ✅ low vram ❌ bs 1 1024. e ai?",
        {"gc": "enabled", "quantize": True, "low_vram": False},
        set(),
    ),
    # a table's two tick columns: whose is which is not read
    (
        "| Setting | Default | Mine |\n|---|---|---|\n| Grad ckpt | ✓ | ✗ |\n\nzit on a 16gb "
        "5080, ooms on the first sample image",
        {"oom_phase": "sampling"},
        {"gc"},
    ),
    # never run with GC on: it is off
    (
        "bro i never once ran it with gc on, always off since day 1, 4090. and today it ooms",
        {"gc": "disabled"},
        set(),
    ),
    # never tested with GC on: off
    (
        "mano nunca testei com gc ligado, sempre deixei off. zit na 4060ti 16g crashando no "
        "primeiro sample",
        {"gc": "disabled"},
        set(),
    ),
    # never tested with GC off: on
    (
        "nunca testei com o gc desligado. ta rodando de boa com ele ligado na 4090, zero oom",
        {"gc": "enabled"},
        set(),
    ),
    # the negation is the crash's, not GC's
    (
        "aqui nao da OOM nenhum com gc ligado, so ta lento pra caramba. sdxl na 4070",
        {"gc": "enabled", "oom_phase": "none"},
        set(),
    ),
    # the other state told as why it was changed is of before
    (
        "49 frames, buckets 480 and 640, gc off because it was doing 30s/it with it on. oom at "
        "step 1",
        {"gc": "disabled"},
        set(),
    ),
    # the state in the parenthesis was before
    (
        "gradient_checkpointing false (it was 11s/it with it on, too slow) and now it OOMs at "
        "step 2",
        {"gc": "disabled"},
        set(),
    ),
    # '(it was off)' is what GC was before
    (
        "enabled low_vram, enabled gc (it was off), quantize on. still runs out of memory at "
        "the first sample",
        {"gc": "enabled", "low_vram": True},
        set(),
    ),
    # a state said 'now' after a pasted key outranks it
    (
        "gradient_checkpointing: true batch_size: 4 (isso era antes, agora ta batch 1 e gc "
        "false) zit, 3060. oom no passo 1",
        {"gc": "disabled", "batch_size": 1},
        set(),
    ),
    # GC on beside crashes that stopped is the run now
    (
        "With gradient checkpointing on, my Flux LoRA on a 12GB 3060 doesn't crash anymore, but "
        "it's at 45 s/it. With GC off it crashed instantly.",
        {"gc": "enabled"},
        set(),
    ),
    # 'gc on não deu', 'gc on demora': states, not prepositions
    (
        "gc off deu oom, gc on nao deu. mas gc on demora 3x mais. sdxl 3060. tem como deixar "
        "mais rapido com gc on?",
        {"gc": "enabled"},
        set(),
    ),
    # yesterday's run and today's switch
    (
        "oom no passo 1, sdxl 1024. ontem com gc ligado tava de boa, hj desliguei",
        {"gc": "disabled", "oom_phase": "first_steps"},
        set(),
    ),
    # a 'was' of another clause is no state of before
    (
        "I set `quantize: false` to see if quality was better, got OOM, so I put it back to "
        "`quantize: true`. Still OOM right at step 1.",
        {"quantize": True, "oom_phase": "first_steps"},
        set(),
    ),
    # one state of all, then the list
    (
        "tudo ligado: gc, quantize, low vram. ainda da oom na 4060 de 8",
        {"gc": "enabled", "quantize": True, "low_vram": True},
        set(),
    ),
    # 'everything on:' and the list
    (
        "everything on: gc, quantize, low vram, still oom at step 1",
        {"gc": "enabled", "quantize": True, "low_vram": True, "oom_phase": "first_steps"},
        set(),
    ),
    # all off, listed in parentheses
    (
        "tudo desligado (gc, low vram, quantize) pq tenho uma 5090 e achei q sobrava memoria",
        {"gc": "disabled", "quantize": False, "low_vram": False},
        set(),
    ),
    # fields answered yes or no
    (
        "gc: sim / low vram: nao / quantize: nao / batch: 1 / placa: 3080 10gb / problema: oom "
        "no carregamento",
        {"gc": "enabled", "low_vram": False, "quantize": False, "batch_size": 1},
        set(),
    ),
    # 'não sei' is no 'não'
    (
        "gc: nao sei, low vram: sim",
        {"gc": "unknown", "low_vram": True},
        set(),
    ),
    # the size said 'now' is the run's
    (
        "training res is 768 now, dropped it from 1024 yesterday like you suggested. still goes "
        "out of memory every time it samples though",
        {"max_resolution": 768, "oom_phase": "sampling"},
        set(),
    ),
    # a size to try instead of the one run
    (
        "now going to try 640 instead of 768 on Flex.1 alpha, still at batch 1, still OOM, 12GB "
        "3080 Ti",
        {"max_resolution": 768, "batch_size": 1},
        set(),
    ),
    # the batch likened to is not the one run
    (
        "to rodando batch 2 com gradient_accumulation 2 porque batch 4 em 1024 nao cabe na "
        "3090. isso é igual batch 4 mesmo?",
        {"batch_size": 2, "gradient_accumulation": 2},
        set(),
    ),
    # a batch that didn't fit, and one run now
    (
        "I'm running bs1 now because bs4 didn't fit on my 16gb card even with gc on. Is bs1 "
        "with grad accum 4 the same thing as bs4?",
        {"batch_size": 1},
        set(),
    ),
    # a batch asked to go back to is not the one run
    (
        "galera, deu OOM again no zit, mesma config de ontem mas agr com bs 4 em vez de 2. gc "
        "on, 3090, 1024. baixo pra bs 2 de novo ou tem outro jeito?",
        {"batch_size": 4},
        set(),
    ),
    # stages told done, one after the other, are not when it breaks
    (
        "Carregou tudo, fez o cache, gerou as imagens de baseline, e quando foi pro step 1 deu "
        "isso: torch.OutOfMemoryError: CUDA out of memory.",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # samples that 'generate fine' were got through
    (
        "The baseline samples generate fine, then it dies on step 1 with CUDA OOM.",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # 'quando fez o cache' is when, not got through
    (
        "deu oom quando fez o cache dos latents, 3060",
        {"oom_phase": "loading"},
        set(),
    ),
    # the text encoder's cache is loading
    (
        "+1 aqui. 5060 Ti de 16, qwen edit 2509, da oom no cache do text encoder antes do step 0",
        {"oom_phase": "loading"},
        set(),
    ),
    # 'logo no começo' is the loading it names
    (
        "minha placa é uma 3060 de 12 e agora da CUDA out of memory logo no comeco, antes mesmo "
        "do primeiro passo, na parte de quantizar o modelo.",
        {"oom_phase": "loading"},
        set(),
    ),
    # before the first step ends is the first steps
    (
        "to com a maquina de 16gb e da oom logo no inicio, antes do primeiro step terminar",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # a name alone after 'and' takes the state said before
    (
        "gc is on. and quantize. still oom at step 1",
        {"gc": "enabled", "quantize": True},
        set(),
    ),
    # 'É o GC?' is no 'e o GC'
    (
        "Depois que liguei o GC (tava dando OOM antes) o treino terminou certinho, mas o lora "
        "ficou pior. É o GC?",
        {"gc": "enabled"},
        set(),
    ),
    # 'the vram explode' is a crash
    (
        "i take off the gradient checkpointing and the vram explode in the first step can you "
        "help me please",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # 'sem nenhum dos dois' is without, not a negation of the crash
    (
        "> @vini tenta quantize + low_vram\nvou testar amanha. por enquanto ta sem nenhum dos "
        "dois e dando oom no step 1 da wan 2.1 14b, 4090",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # the shared memory climbing is the spill
    (
        "dedicated 23,6/24 e a shared subindo, wan 2.2 ta a 40s por step. nao da erro, so fica "
        "lerdo. anyone?",
        {"oom_phase": "none"},
        set(),
    ),
    # never run with GC on: no stable run with it
    (
        "bro i never once ran it with gc on, always off since day 1, 4090. and today it ooms",
        {"stable_with_gc": "no"},
        set(),
    ),
    # stages gone through, then the first step
    (
        "I have 96GB. It goes through loading and the baseline samples, then at step 1:\n\n    "
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB.",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # 'nada e' of 'and' is no 'nothing is' that negates the crash
    (
        "funcionava ontem, nao mudei nada e hj da out of memory no cache dos latents. flux dev",
        {"oom_phase": "loading"},
        set(),
    ),
    # the bucket that explodes now and then
    (
        "treino com [512, 640, 768, 896, 1024] e so o 1024 explode de vez em quando. flux dev, "
        "24gb",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    # a yes to whether it is the first LoRA: no run went well yet
    (
        "> Is this your first LoRA?\nyes first one ever. gc is on, it just OOMs when it hits "
        "the 1280 images",
        {"stable_with_gc": "no"},
        set(),
    ),
    # a no to whether any run ever went well
    (
        "> Has this setup ever trained without crashing?\nnope, never got a single run "
        "through. always the same cuda oom",
        {"stable_with_gc": "no"},
        set(),
    ),
    # a 'no' opening an answer denies nothing after it
    (
        "no this is my first time training anything, it crashes as soon as it starts",
        {"stable_with_gc": "no", "oom_phase": "first_steps"},
        set(),
    ),
    # what each way does, side by side: neither is the run's setting
    (
        "gc on = 4.1s/it and it finishes fine, gc off = oom at step 1 lol. 3090 wan 2.2 81 "
        "frames. any middle ground??",
        {},
        {"gc"},
    ),
    # a comparison that names on first
    (
        "gc on: 4.2s/it. gc off: OOM at step 1. so no free lunch I guess. any other way to get "
        "it faster?",
        {},
        {"gc"},
    ),
    # a dozen steps in is barely started
    ("My 4090 makes it to around step 12 and then CUDA OOM.", {"oom_phase": "first_steps"}, set()),
    # the steps it gets through before it breaks
    (
        "Wan 2.2 i2v 14B em fp8, 121 frames, 480p, GC ligado, A6000. Passa uns 5 steps e estoura.",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # many steps trained before the crash
    (
        "Ele treina umas 1200 steps e do nada capota com CUDA out of memory. Placa é uma A5000.",
        {"oom_phase": "later"},
        set(),
    ),
    # moving the model onto the card is loading
    (
        "text encoder cache goes through fine but it OOMs when moving the transformer to cuda",
        {"oom_phase": "loading"},
        set(),
    ),
    # moving the model onto the card is loading (pt)
    (
        'morre qnd ta movendo o modelo pra gpu, antes de qualquer step, com "CUDA out of '
        'memory". 4070',
        {"oom_phase": "loading"},
        set(),
    ),
    # the text encoder's value said between is not the model's
    (
        "LTX-2 LoRA, `quantize_te: true`, `quantize: true`, `gradient_checkpointing: true`, "
        "buckets 512/768",
        {"quantize": True},
        set(),
    ),
    # the text encoder's quantization, its type named after
    (
        "The text encoder is quantized (quantize_te: true, qfloat8) to save memory. OOM at the "
        "first preview.",
        {},
        {"quantize"},
    ),
    # a list after the act of switching on
    (
        "Fiz tudo que falaram: liguei low_vram, quantize, GC ligado, batch 1, resolução só 512.",
        {"low_vram": True, "quantize": True, "gc": "enabled"},
        set(),
    ),
    # 'already on' answers the suggestion
    (
        "> Try enabling low_vram in the model settings.\nalready on. it's gc that i turned "
        "off, the oom came right after",
        {"low_vram": True, "gc": "disabled"},
        set(),
    ),
    # a colon ends the negation: what follows it is the crash
    (
        "After toggling gradient checkpointing off in the UI the job doesn't even start: OOM "
        'during "Quantizing transformer"',
        {"oom_phase": "loading"},
        set(),
    ),
    # asking where to switch it off is no state
    ("where do u turn off gc in the ui, want to test speed w/ quant", {}, {"gc"}),
    # the card's RAM is its VRAM
    ("gpu ram full, 12gb card, crashes at step 1", {"memory_kind": "gpu"}, set()),
    # what killed the detail is no process killed
    (
        "Is the quantization what killed the fine detail? Chroma, quantize on (float8), GC on",
        {},
        {"memory_kind"},
    ),
    # the same crash after switching it back on
    ("religuei o gc e crashou igual, 1024 batch 1 sdxl 3080", {"gc_retry": "still_oom"}, set()),
    # a crash 'too' after the switch back on
    (
        "today same config except gc off and it craps out at step 1. put it back on and now "
        "that crashes too??",
        {"gc_retry": "still_oom"},
        set(),
    ),
    # the crash 'do mesmo jeito' after the retry
    (
        "Desliguei o GC, OOM. Religuei o GC, OOM do mesmo jeito, logo no primeiro step.",
        {"gc_retry": "still_oom"},
        set(),
    ),
    # the whole run trained after the retry
    (
        "ok religuei e funcionou, treinou inteiro. mas pq com ele desligado usa tanta vram a mais?",
        {"gc_retry": "fixed", "stable_with_gc": "yes"},
        set(),
    ),
    # runs of before told in their own clause, the crash in another
    (
        "sim, ja treinei umas 4 de qwen edit com gc ligado sem oom nenhum, so essa quinta q ta "
        "dando pau no step 1",
        {"stable_with_gc": "yes"},
        set(),
    ),
    # switched on 'de novo', with no crash after, is no crash again
    (
        "primeiro lora: 8h com gc ligado, terminou. segundo: desliguei pra ganhar tempo e "
        "estourou no passo 2. terceiro (agora): gc ligado de novo, batch 1, 512, sem OOM",
        {"gc_retry": "fixed"},
        set(),
    ),
    # the pictures' size beside the buckets listed is no bucket
    (
        "> which model and what GPU?\nqwen image edit 2511, 4060 ti. buckets are 512 and 768, "
        "images are 1024x1024 pairs. dies with cuda oom around step 1200",
        {"resolutions": [512, 768], "max_resolution": 768},
        set(),
    ),
    # the previews' size beside the list is no bucket
    (
        "Everything was fine at [640, 896] for about 5 hours, then OOM at step 2437 on SD3.5 "
        "Medium. Previews every 400 steps at 1024x1024.",
        {"resolutions": [640, 896], "max_resolution": 896},
        set(),
    ),
    # a photo's size beside the sizes trained at
    (
        "Minha lora do Chroma treinada em 768 e 1024 com GC ligado não ficou parecida. O "
        "dataset são fotos 3024x4032 do celular.",
        {"resolutions": [768, 1024], "max_resolution": 1024},
        set(),
    ),
    # the size the pictures were resized to is no bucket
    (
        "redimensionei tudo pra 1536 no lado maior, mas o treino é em [512, 768] hidream",
        {"resolutions": [512, 768], "max_resolution": 768},
        set(),
    ),
    # a laptop's card, named in Portuguese
    ("> Quanto de VRAM?\n6gb, é uma 3060 de notebook", {"vram_gb": 6}, set()),
    # 'primeiro' answering whether it is the first run
    ("> é teu primeiro treino?\nprimeiro kkkkk e ja capotou", {"stable_with_gc": "no"}, set()),
    # switching GC back on told as changing nothing, with no crash word: the crash goes on
    ("religuei o gc, mesmo erro", {"gc": "enabled", "gc_retry": "still_oom"}, set()),
    # 'didn't help' right after the switch back
    ("put gc back on. didn't help", {"gc": "enabled", "gc_retry": "still_oom"}, set()),
    # 'e nada' after the switch back
    ("gc religado e nada. 4070", {"gc": "enabled", "gc_retry": "still_oom", "vram_gb": 12}, set()),
    # 'nada' that is no trouble at all is no failed retry
    ("religuei e nao deu mais nada, treinou tudo", {"gc": "enabled"}, {"gc_retry"}),
    # 'the same' far from the switch, about memory use, is no failed retry
    (
        "liguei o gc esperando economizar bastante vram, mas o nvidia-smi mostra quase a mesma "
        "coisa",
        {},
        {"gc_retry"},
    ),
    # the step of previews that went well is not when it breaks
    (
        "the preview at step 0 came out fine, then OOM at step 2",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # 'passou pelos samples': a stage got through
    (
        "passou pelos samples do step 0, entrou no treino e estourou no step 1",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # 'dnv' after the crash that follows the switch back
    ("religuei o gc e ta dando oom dnv", {"gc": "enabled", "gc_retry": "still_oom"}, set()),
    # a crash told right after the switch back
    (
        "put gc back on and now it ooms at the first sample",
        {"gc": "enabled", "gc_retry": "still_oom"},
        set(),
    ),
    # the OOM that led to the switch is no crash after it
    (
        "turned gc back on after the OOM and it trains now",
        {"gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    # a crash said over right after the switch is not still there
    ("Liguei o GC de volta e o cuda oom parou", {"gc": "enabled"}, {"gc_retry"}),
    # steps done of a run's total are no resolution
    ("ta em 800 de 3000 depois de 3 horas, zit", {"model_family": "z_image"}, {"max_resolution"}),
    # a list with slashes keeps its resolution
    (
        "gc true / bs 1 / 1024 / 3080 / qwen edit -> OOM no step 1",
        {"max_resolution": 1024, "batch_size": 1},
        set(),
    ),
    # the switch back done, answered as changing nothing
    (
        "> Did you switch gradient checkpointing back on?\nya did that first thing. didnt help",
        {"gc": "enabled", "gc_retry": "still_oom"},
        set(),
    ),
    # 'não deu mais nada' is nothing wrong, no failed retry
    (
        "> Você religou o gradient checkpointing?\nsim, e nao deu mais nada",
        {"gc": "enabled"},
        {"gc_retry"},
    ),
    # '8bit adam' is the optimizer's bits
    ("zit oom at step 3, 8bit adam, gc off", {"gc": "disabled"}, {"quantize"}),
    # a crash only asked about does not undo the calm run told
    (
        "gc on, no oom, just slow. 5s/it on a 3060. would turning it off help or would it just "
        "crash?",
        {"gc": "enabled", "stable_with_gc": "yes"},
        set(),
    ),
    # 'treinei de boa' with GC: a run that went well
    (
        "sempre treinei de boa com gc, primeira vez que desligo e ja crashou",
        {"gc": "disabled", "stable_with_gc": "yes"},
        set(),
    ),
    # 'durante o quantize' is while the model is loaded
    ("crashou com cuda oom durante o quantize", {"oom_phase": "loading"}, set()),
    # GC tried off then on, each with its crash: the switch did not help
    (
        "GC off: CUDA out of memory at step 0. GC on: CUDA out of memory at step 3. 4090",
        {"gc_retry": "still_oom"},
        set(),
    ),
    # the second try, with GC on, crashed too
    (
        "lumina 2 lora, 4060 8gb. gc off, bs1 @ 1024: OOM. gc on: OOM too lol. what now",
        {"gc_retry": "still_oom"},
        set(),
    ),
    # the try with GC on is the one right after GC off
    (
        "mano ja tentei 3x. gc off oom, gc off bs1 oom, gc on bs1 oom tb. morre no step 1 sempre",
        {"gc_retry": "still_oom"},
        set(),
    ),
    # the try with GC on changed the batch too: not GC failing
    (
        "## Recap 1. zit 1024, GC on, bs 2: fine 2. zit 1024, GC off, bs 2: OOM at step 1 3. "
        "zit 1024, GC on, bs 4: OOM at step 1",
        {},
        {"gc_retry"},
    ),
    # the try with GC on switched quantize off too
    (
        "- quantize on, GC off: OOM at step 1\n- quantize off, GC on: OOM while loading",
        {},
        {"gc_retry"},
    ),
    # GC on with no crash after it is not a failed retry
    ("gc off -> oom at step 2. gc on -> 3s/it, any way to go faster?", {}, {"gc_retry"}),
    # a share of the run told beside the crash: well into it
    (
        "dies at 12 percent. 3080. flux schnell. gc off. bs 1. out of mem",
        {"oom_phase": "later"},
        set(),
    ),
    # 'nos 40%' after the crash is how far the run got
    ("vram estourou nos 40% de novo kkkk flux dev bs1 1024 3090", {"oom_phase": "later"}, set()),
    # minutes into the run
    (
        "10 min in and vram full, oom. flux2 on 5090, gc off, bs1 1024",
        {"oom_phase": "later"},
        set(),
    ),
    # a count of the steps, in the sentence before a crash told alone
    ("1234/3000 e puf. oom. toda vez no 1234 kkk", {"oom_phase": "later"}, set()),
    # an epoch past the first
    (
        "always somewhere in epoch 5ish, never the exact same step. OOM.",
        {"oom_phase": "later"},
        set(),
    ),
    # a share of the card's memory is no share of the run
    ("CUDA out of memory but task manager says only like 60% vram used?? how", {}, {"oom_phase"}),
    # 'a ram ta em 35%': how full the memory is
    ("diz out of memory mas a ram ta em 35%, como assim?? gc desligado", {}, {"oom_phase"}),
    # a share of speed
    ("lmao turn gc off for 30% speed they said. now it ooms 🙃 4090 flux", {}, {"oom_phase"}),
    # stuck at a share is no crash
    ("travou em 52% e nao fala nada", {}, {"oom_phase"}),
    # a crash only feared
    ("gc off, want to test it without risking an overnight crash", {}, {"oom_phase"}),
    # 'nothing quantized' says the model is not
    (
        "ok so i re-enabled gradient_checkpointing and it STILL ooms on step 1. zimage "
        "deturbo, nothing quantized, 16gb 5060 ti",
        {"quantize": False},
        set(),
    ),
    # 'nada quantizado'
    (
        "Tudo em bf16, nada quantizado, gradient checkpointing ligado. Nunca deu OOM.",
        {"quantize": False},
        set(),
    ),
    # a quantization asked about, its mark left off
    ("what is qfloat8", {}, {"quantize"}),
    # qtypes compared in a question say nothing of the run
    (
        "whats the difference between qfloat8 and uint4 in the qtype dropdown, which one saves "
        "more vram",
        {},
        {"quantize"},
    ),
    # a qtype told of the run
    ("flux with qfloat8 on a 3090, oom at step 1", {"quantize": True}, set()),
    # 'with gc checked' is the state those runs had, not a switch
    (
        "trained like 3 loras on zit with gc checked, no issue. unchecked it to go faster and "
        "now cuda oom on step 1 lol",
        {"stable_with_gc": "yes"},
        set(),
    ),
    # fine up to a step, then the crash: no stable run
    (
        "GC on, trains fine up to ~step 2200 then OOM. 3 times now. kontext, 4090, batch 1, 1024",
        {"oom_phase": "later"},
        {"stable_with_gc"},
    ),
    # 'gc on died' tells GC on, then what the run did
    (
        "sd1.5 on a 1660 6gb lol. gc off died, gc on died, 512 bs1",
        {"gc": "enabled", "gc_retry": "still_oom"},
        set(),
    ),
    # a value said again after an edit is the one now, the last edit's
    (
        "ltx lora dies on step 1 at 121 frames. edit: 97 too. edit 2: even 65 frames ooms, gc "
        "on, 4090",
        {"num_frames": 65},
        set(),
    ),
    # a number corrected by 'sorry'
    (
        "z-image training dies at step 1, bs 4... sorry, bs 2, the 4 was another config. 16gb card",
        {"batch_size": 2, "vram_gb": 16},
        set(),
    ),
    # the card corrected: the one said after 'ah não'
    (
        "3070. ah não, troquei mês passado, agora é 3080 ti. flux dev dando oom logo no step 1",
        {"vram_gb": 12},
        set(),
    ),
    # the previews' size changed in an edit
    (
        "amostras 1024x1024, 25 steps, gc off, qie 2511 estourando nas amostras.\nEdit: baixei "
        "as amostras pra 768x768 e passou",
        {"sample_width": 768, "sample_height": 768},
        set(),
    ),
    # a size taken out in an edit is no longer trained at
    (
        "buckets 512, 768, 1024, 1280, oom around step 300 on the 32gb card. edit: 1280 "
        "removed, still ooms",
        {"resolutions": [512, 768, 1024], "max_resolution": 1024},
        set(),
    ),
    # GC switched in an edit: the state after it is the one now
    (
        "Training SDXL on a 4090 with gradient checkpointing on, 14GB used.\n\nEdit: tried "
        "turning it off for a quick test, 21GB peak and 30% faster, no crash. Should I just "
        "leave it off?",
        {"gc": "disabled"},
        set(),
    ),
    # switched back on in an edit
    (
        "tinha o gradient checkpointing desligado e capotava no step 2. EDIT: liguei o "
        "gradient checkpointing e passou",
        {"gc": "enabled"},
        set(),
    ),
    # a cloud machine named by its memory is the card's
    (
        "On RunComfy, where's the gradient checkpointing box? I'm on the 48GB machine training "
        "Qwen Edit.",
        {"vram_gb": 48},
        set(),
    ),
    # 'máquina de 24' on a cloud service is the card's memory
    ("maquina de 24 no runcomfy, zimage a 1280, gc off, capotou no step 1", {"vram_gb": 24}, set()),
    # 'minha placa é de 16'
    ("onde fica o gradient checkpointing na ui? minha placa é de 16", {"vram_gb": 16}, set()),
    # a card asked about in a question without its mark is no setup
    ("anyone know if the 4090 is back in stock anywhere", {}, {"vram_gb"}),
    # no crash with GC on, answered under the question
    (
        "> Do you get any OOM with gradient checkpointing on?\nnope, never. did 3 runs with "
        "it. just want it faster",
        {"gc": "enabled", "stable_with_gc": "yes"},
        set(),
    ),
    # English 'n' is 'and', not a negation; a size it breaks on each time it comes is a bucket spike
    (
        "buckets 768 1024 1280 n it ooms every time it hits 1280 w/ gc off. 4070",
        {"oom_phase": "bucket_spike", "max_resolution": 1280, "gc": "disabled"},
        set(),
    ),
    # 'grad chkpt' names GC
    (
        "turned off grad chkpt to go faster n now flux ooms on step 1",
        {"gc": "disabled", "oom_phase": "first_steps"},
        set(),
    ),
    # 'toda vez que pega uma 1536'
    (
        "morre toda vez que pega uma imagem 1536, o resto vai de boa",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    # a round count of steps is no training size
    ("crashes every time it hits 1000, gc off", {"gc": "disabled"}, {"oom_phase"}),
    # 'sample gen' is the previews
    (
        "trains fine but blows up every time it hits sample gen at step 500",
        {"oom_phase": "sampling"},
        set(),
    ),
    # 'no meio das amostras'
    ("estourou no step 1500 bem no meio das amostras", {"oom_phase": "sampling"}, set()),
    # two values weighed in a question are neither the run's
    (
        "whats the difference between batch 4 and batch 1 with grad accum 4? just curious",
        {},
        {"batch_size", "gradient_accumulation"},
    ),
    # weighed in a question typed without its mark
    ("is batch 2 really faster than batch 1 or same time per image", {}, {"batch_size"}),
    # lowered again, told with 'then'
    (
        "went from bs 4 to 2, same crash. then 1. still oom on flux dev, 3080",
        {"batch_size": 1},
        set(),
    ),
    # 'agora tô no 1' after lowering
    (
        "com batch 4 estourou, baixei pro 2 e nada. agora to no 1 e foi, mas lento",
        {"batch_size": 1},
        set(),
    ),
    # a run compared to another is not two values weighed
    (
        "my last lora (gc off, bs 1) came out sharper than this one (gc on, bs 4)?? no ooms either",
        {"batch_size": 4},
        set(),
    ),
    # 'dps de desligar': switched off, done
    ("deu oom no step 2 dps de desligar o gc. qwen edit, 4090", {"gc": "disabled"}, set()),
    # 'check pointing' typed apart names GC
    (
        "check pointing off + 1280 + bs 2 on a 3080 was dumb huh, instant oom",
        {"gc": "disabled"},
        set(),
    ),
    # a run with GC on that does not break is a stable one
    ("gc on, no oom, just slow. 6s/it on zimage at 1024, 4090", {"stable_with_gc": "yes"}, set()),
    # a run still going is not a stable one yet
    ("gc on, no ooms so far at step 400, can i turn it off to go faster?", {}, {"stable_with_gc"}),
    # crawling with memory spilled is no stable run
    (
        "windows, 4060 ti, gc on, no oom but shared gpu memory climbs and it crawls at 40 s/it",
        {},
        {"stable_with_gc"},
    ),
    # the low-VRAM option said to have changed nothing was put on
    ("low vram didnt change anything, still oom at step 1", {"low_vram": True}, set()),
    # 'o low vram não mudou nada'
    ("o low vram nao mudou nada, continua estourando", {"low_vram": True}, set()),
    # 'e nada de oom' is no verdict on low_vram
    ("low vram e nada de oom, so ta lento", {}, {"low_vram"}),
    # a card asked about, not had: no memory from it
    ("would a 4090 fix this? flux keeps crashing", {"model_family": "flux_flex"}, {"vram_gb"}),
    # the rented card is only weighed: the card of the run is the 3090
    (
        "if i rent an a100 80gb on vast can i turn gc off for qwen edit? my 3090 dies without it",
        {"vram_gb": 24, "model_family": "qwen_edit"},
        set(),
    ),
    # a memory only wished for ('se eu pegar uma de 16') is not the card's
    (
        "treino zit numa 3060 de 12 com gc ligado e ta lento. se eu pegar uma de 16 melhora?",
        {"vram_gb": 12, "model_family": "z_image"},
        set(),
    ),
    # 'if i get a 32gb card': not their card
    (
        "zimage runs out of vram at step 2 without gc. if i get a 32gb card can i go without?",
        {"model_family": "z_image"},
        {"vram_gb"},
    ),
    # a card rented now is theirs
    (
        "I rent an L40S by the hour, qwen edit, gc on, no crashes. worth turning it off?",
        {"vram_gb": 48, "model_family": "qwen_edit"},
        set(),
    ),
    # a card just got is theirs
    ("acabei de pegar uma 5090 e o flux ja deu oom no carregamento", {"vram_gb": 32}, set()),
    # beside their own card, one only weighed ('will a 5090') is not it
    (
        "on my 3090 with gc on it takes 6h per lora, will a 5090 fix that or should i turn gc off",
        {"vram_gb": 24},
        set(),
    ),
    # a move to another model only weighed leaves the model trained now
    (
        "flux dev for now but thinking of switching to z-image. the OOM is at step 1 since gc "
        "is off",
        {"model_family": "flux_flex", "gc": "disabled"},
        set(),
    ),
    # a move only weighed, in Portuguese
    (
        "treino SDXL numa 4060 ti de 16 com gc ligado. to pensando em migrar pro zit, muda algo?",
        {"model_family": "other"},
        set(),
    ),
    # a move done: the model moved to
    ("moved from SDXL to Z-Image and now it OOMs at step 1", {"model_family": "z_image"}, set()),
    # the step the run was taken up again from is not where it broke
    (
        "retomei do checkpoint do passo 1800 e agora estoura a vram. flux dev, gc off",
        {"model_family": "flux_flex", "gc": "disabled"},
        {"oom_phase"},
    ),
    # a resume point, in English
    ("resumed from the step 2500 save and it OOMs again", {}, {"oom_phase"}),
    # a step a run broke at is still read
    ("it OOMs at step 2500 every time, flux dev", {"oom_phase": "later"}, set()),
    # a price is no training size
    (
        "paid 2k for this 5090 and zit at 1024 still crawls with gc on",
        {"max_resolution": 1024, "vram_gb": 32},
        set(),
    ),
    # a price told with its unit after
    ("1800 bucks on a 4090 and flux still ooms", {"vram_gb": 24}, {"max_resolution"}),
    # 'bsz' is the batch
    (
        "specs: 4070 ti / zit / bsz 2 / res 1024 / gc off -> oom step 1",
        {"batch_size": 2, "max_resolution": 1024, "gc": "disabled"},
        set(),
    ),
    # the batch the card takes, not the one asked after
    (
        "minha 3060 so aguenta batch 1 no sdxl. como o pessoal faz batch 8? accumulation?",
        {"batch_size": 1},
        set(),
    ),
    # the batch the card takes, in English
    (
        "my card can only do bs 2 on flux. how do i get something like batch 8?",
        {"batch_size": 2},
        set(),
    ),
    # a pasted fragment naming a model the guide files under 'other'
    (
        "my config has name_or_path: Qwen/Qwen-Image and batch_size: 1, OOM at step 1",
        {"model_family": "other", "batch_size": 1},
        set(),
    ),
    # SDXL named by its repository
    (
        "model:\n  name_or_path: stabilityai/stable-diffusion-xl-base-1.0\nooms right away on "
        "my 3070",
        {"model_family": "other", "vram_gb": 8},
        set(),
    ),
    # how often previews are made, told by when it breaks
    (
        "every 250 steps when sampling kicks in it dies with cuda oom, training itself is fine",
        {"sample_every": 250, "oom_phase": "sampling"},
        set(),
    ),
    # the same, in Portuguese
    (
        "a cada 300 passos quando vai gerar as amostras estoura a vram",
        {"sample_every": 300, "oom_phase": "sampling"},
        set(),
    ),
    # saving every N steps is no preview cadence
    ("save every 250 steps, flux, oom at step 3", {"oom_phase": "first_steps"}, {"sample_every"}),
    # shortened preview settings
    (
        "config: prev a cada 400, samp steps 25, gc on",
        {"sample_every": 400, "sample_steps": 25},
        set(),
    ),
    # an error's own words for the card's memory running out: a crash of the GPU's memory
    (
        "cudnn CUDNN_STATUS_NOT_ENOUGH_MEMORY while caching latents, qwen edit on a 4090",
        {"memory_kind": "gpu", "oom_phase": "loading", "vram_gb": 24},
        set(),
    ),
    # cuBLAS failing to allocate is the card's memory running out
    (
        "tried bs 4 on chroma and got CUBLAS_STATUS_ALLOC_FAILED, gc on",
        {"memory_kind": "gpu", "gc": "enabled"},
        set(),
    ),
    # a full disk is no memory trouble, and the run's card stays the run's
    (
        "saving at step 2000: OSError: [Errno 28] No space left on device. wan 2.2 on a 4090, "
        "is 24gb not enough?",
        {"vram_gb": 24},
        {"memory_kind", "oom_phase"},
    ),
    # a thousands separator is part of the number
    (
        "buckets 512 and 1,024, batch 1, cuda oom at step 1,250 of 3,000",
        {"max_resolution": 1024, "resolutions": [512, 1024], "batch_size": 1},
        set(),
    ),
    # the Brazilian thousands dot too
    ("treino em 1.024 px com batch 2 e estoura", {"max_resolution": 1024, "batch_size": 2}, set()),
    # of two cards, the one the crash is told of
    (
        "works fine on my desktop 3090 but my laptop 4060 just OOMs the moment training starts",
        {"vram_gb": 8},
        set(),
    ),
    # the cloud card ran fine, the home card broke
    (
        "alugo uma h100 pra testar e roda liso. em casa na minha 4090 a mesma config dá oom na "
        "hora",
        {"vram_gb": 24},
        set(),
    ),
    # two cards, no crash told of either: neither
    ("my 3090 runs it fine and my 4060 too, no idea what changed", {}, {"vram_gb"}),
    # "batch of one": the one counted by what it numbers, with "of" between
    (
        "bs of one, gc off, flux dev, oom on the first step",
        {"batch_size": 1, "gc": "disabled"},
        set(),
    ),
    # "lote de um"
    ("lote de um, gc desligado, estoura no passo um", {"batch_size": 1}, set()),
    # "one hundred" is a hundred, not a batch of one
    ("one of the folders has a batch of one hundred images", {}, {"batch_size"}),
    # a hundred and twenty-one, said in words
    ("ltx 2, hundred and twenty one frames at 768, vram blew up", {"num_frames": 121}, set()),
    # "cento e vinte e um"
    ("ltx-2, cento e vinte e um frames, 768, estourou", {"num_frames": 121}, set()),
    # "not always" is sometimes
    ("it doesn't always crash, most runs make it to 2k steps", {}, {"oom_phase"}),
    # nor "nem sempre"
    ("nem sempre estoura, às vezes vai até o fim", {}, {"oom_phase"}),
    # "só no bucket de 1024" is no "no OOM": the biggest bucket is when it breaks
    ("não dá oom no 512, só no bucket de 1024", {"oom_phase": "bucket_spike"}, set()),
    # slowness alone stays no crash
    ("no crash, just slow: 30 s/it", {"oom_phase": "none"}, set()),
    # in Portuguese too
    ("nao crasha, so se arrasta a 30 s/it", {"oom_phase": "none"}, set()),
    # "put it false", as a setting is written by people new to English
    ("the gradient checkpoint I put it false and now it explodes", {"gc": "disabled"}, set()),
    # "coloquei como false"
    ("coloquei o gc como false e agora estoura", {"gc": "disabled"}, set()),
    # "step zero" in words
    ("it gives me OOM in the step zero", {"oom_phase": "first_steps"}, set()),
    # "passo zero"
    ("estourou no passo zero, flux", {"oom_phase": "first_steps"}, set()),
    # "zero" alone numbers nothing
    ("zero oom so far at batch 2", {"batch_size": 2}, set()),
    # "ao fim de", as said in Portugal: after
    (
        "Aparece isto ao fim de umas 2000 iterações: CUDA out of memory",
        {"oom_phase": "later"},
        set(),
    ),
    # "a few hundred" says no number
    ("it trains for a few hundred steps, then cuda oom", {}, {"sample_steps"}),
    # "put again true" switches it back on; "is work again" is fixed
    (
        "Then I read it makes it slow, so I put false. Now CUDA out of memory in step 1. I put "
        "again true and now is work again, the lora finished with no error.",
        {"gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    # the setting named beside "coloquei … false" keeps its own state
    (
        "Hoje coloquei gc false + quantize false pra testar e agora dá OOM carregando",
        {"gc": "disabled", "quantize": False},
        set(),
    ),
    # GC switched on by the person and told to change nothing: still crashing
    ("turned gc on, didn't help", {"gc": "enabled", "gc_retry": "still_oom"}, set()),
    # in Portuguese
    ("liguei o gc e não adiantou nada, mesmo erro", {"gc_retry": "still_oom"}, set()),
    # nothing changed about speed is no crash after a retry
    ("turned gc on to save memory but it didnt help with speed", {"gc": "enabled"}, {"gc_retry"}),
    # a size of cards in general is no card of theirs
    (
        "Why does AI Toolkit default gradient checkpointing to true even on 80GB cards?",
        {},
        {"vram_gb"},
    ),
    # nor a card named as an example
    ("what does gc cost on a big card like an H100?", {}, {"vram_gb"}),
    # a model named as the VAE file of another is a part, not the model trained
    (
        "Loading Z-Image transformer Loading VAE (flux ae.safetensors) Loading Qwen3-4B text "
        "encoder, then CUDA out of memory",
        {"model_family": "z_image"},
        set(),
    ),
    # a model named by a workflow elsewhere is not the one trained
    (
        "ComfyUI has my flux workflow loaded while AI Toolkit trains a Z-Image LoRA on the "
        "same 3090, OOM at step 1",
        {"model_family": "z_image"},
        set(),
    ),
    # a log's progress lines: the crash comes after the last one
    (
        "step 1/4000 | loss 0.13 step 2/4000 | loss 0.12 ... step 2210/4000 | loss 0.09 "
        "RuntimeError: CUDA error: out of memory",
        {"oom_phase": "later"},
        set(),
    ),
    # one progress count is the crash's step
    ("oom at step 5/3000", {"oom_phase": "first_steps"}, set()),
    # "0 crashes" is no crash
    (
        "gc on, 3000 steps, 0 crashes, and the face looks like a stranger",
        {"oom_phase": "none"},
        set(),
    ),
    # "step 0 oom" is a crash at step zero, not "0 ooms"
    ("step 0 oom, zimage turbo, 8gb 3070, bs1", {"oom_phase": "first_steps"}, set()),
    # a dtype error is another error
    (
        "RuntimeError: expected scalar type Float but found Half depois que desativei o gc",
        {"gc": "disabled"},
        {"memory_kind", "oom_phase"},
    ),
    # a chain of batch sizes in words ends at one
    (
        "lowered batch from four to two to one. still OOM on the first step",
        {"batch_size": 1},
        set(),
    ),
    # in Portuguese: "e depois pra um"
    ("baixei o batch de quatro pra dois e depois pra um. continua oom", {"batch_size": 1}, set()),
    # "to one" with no number before is no number
    ("i went to one of the meetups with my 3090", {"vram_gb": 24}, {"batch_size"}),
    # a card named as an example of a kind, with a word between
    ("qual o custo de deixar o gc ligado numa placa grande tipo uma H100?", {}, {"vram_gb"}),
    # settings told of another trainer are not this run's; the ones after "aqui" are
    (
        "no kohya eu rodava batch 4 em 1024, aqui com batch 1 em 512 dá oom no step 1",
        {"batch_size": 1, "max_resolution": 512},
        set(),
    ),
    # kohya's flag is no state of this run (asking to switch it off here says it is on)
    (
        "In kohya with --gradient_checkpointing off my SDXL lora ran at 1.6 it/s on the 3090. "
        "In ai-toolkit it trains fine, just slower. Can I switch GC off here too?",
        {"vram_gb": 24, "gc": "enabled"},
        set(),
    ),
    # the settings lines a sentence naming another trainer introduces are that trainer's
    (
        "this is my musubi dataset config:\n\n[general]\nresolution = [960, 544]\nbatch_size = "
        "1\n[[datasets]]\ntarget_frames = [1, 25, 45]\n\nhow do I write this for ai toolkit?",
        {},
        {"batch_size", "max_resolution", "num_frames", "resolutions"},
    ),
    # settings lines pointed back at as another trainer's config
    (
        '"batch_size": 2,\n"resolution": "1024",\n\nessa era minha config do onetrainer. qual '
        "o equivalente no ai toolkit?",
        {},
        {"batch_size", "max_resolution"},
    ),
    # a trainer named only to liken this run to it leaves the run's words alone
    (
        "went back to GC on like in my kohya days and it ran all 3000 steps",
        {"gc": "enabled"},
        set(),
    ),
    # the card and model told beside another trainer are still the person's
    (
        "kohya trained my flux lora on this same 3090 fine, ai-toolkit OOMs at step 1",
        {"vram_gb": 24, "model_family": "flux_flex"},
        set(),
    ),
    # of a count that works and one that crashes, the one that crashes; its unit left out
    ("wan 2.2 i2v 14b. 33 frames worked, 81 ooms", {"num_frames": 81}, set()),
    # in Portuguese, the frames that crash
    (
        "Hunyuan video: 33 frames a 512 roda, 65 frames a 512 da out of memory",
        {"num_frames": 65},
        set(),
    ),
    # the preview size that crashes
    (
        "sample 512 roda, sample 1024 estoura a memoria da placa",
        {"sample_width": 1024, "sample_height": 1024},
        set(),
    ),
    # a size after frames is no count of frames, whatever follows it
    (
        "wan 2.2 5b, 49 frames at 512, oom on step 1",
        {"num_frames": 49, "max_resolution": 512},
        set(),
    ),
    # a config that trained with GC on is a stable run with it
    (
        "qie 2511 lora. this exact yaml trained last saturday w/ gc on. today i set gc off and "
        "boom: CUDA out of memory",
        {"stable_with_gc": "yes", "gc": "disabled"},
        set(),
    ),
    # "the gradient thing" names gradient checkpointing
    ("it doesnt work. the gradient thing is off", {"gc": "disabled"}, set()),
    # "checkpoint do gradiente" names it in Portuguese
    ("checkpoint do gradiente desligado, estoura no step 1", {"gc": "disabled"}, set()),
    # gradient clipping is not gradient checkpointing
    ("desliguei o gradient clipping e agora dá oom", {}, {"gc"}),
    # a memory readout's total is the card's size, with no unit
    (
        "flux dev keeps OOMing at step 1. nvidia-smi says 23.8/24 right before it dies",
        {"vram_gb": 24},
        set(),
    ),
    # in Portuguese; the memory in use is not the card
    ("nvidia-smi mostra 15.7/16 antes de morrer", {"vram_gb": 16}, set()),
    # a rating is no memory readout
    ("results are 8/10 on my gpu", {}, {"vram_gb"}),
    # a config copied exactly is the person's own
    (
        "my buddy's config has gradient_checkpointing: false and trains on his 4090. i copied "
        "it exactly onto my 3080 and it crashes out of memory",
        {"gc": "disabled", "vram_gb": 10},
        set(),
    ),
    # a size's box ticked says nothing of GC
    ("ta dando pau com oom no step 1. GC off, batch 1, so 1280 marcado", {"gc": "disabled"}, set()),
    # a state after a card's name is still GC's
    (
        "pq o gc deixa mais lento? ele faz oq exatamente? (chroma, 4070, ligado)",
        {"gc": "enabled"},
        set(),
    ),
    # a state on the line after a number answers the quote
    (
        "> qual gpu?\n3090\n> gc ta ligado?\ndesliguei pra ficar mais rapido, ai crashou com OOM",
        {"gc": "disabled"},
        set(),
    ),
    # "aqui" turns from the earlier run to this one
    (
        "eu rodava batch 4 em 1024, aqui com batch 1 em 512 dá oom no step 1",
        {"batch_size": 1, "max_resolution": 512},
        set(),
    ),
    # a run granted in a concession ("even though it ran last week") is no fix
    (
        "GC off, still batch 1, OOM on step 1. turned GC back on. it STILL OOMs on step 1, "
        "even though that exact config ran a week ago",
        {"gc_retry": "still_oom", "gc": "enabled"},
        set(),
    ),
    # "gas" (gradient accumulation steps) glued to its number
    (
        "ok so bs=1, gas=8 res=896, gc=off -> oom on sample at step 250",
        {"batch_size": 1, "gradient_accumulation": 8, "max_resolution": 896},
        set(),
    ),
    # a card's number said aloud
    (
        "hey can you tell me if turning off gradient checkpointing will make it faster. I have "
        "a forty ninety",
        {"vram_gb": 24},
        set(),
    ),
    # a batch a tutorial advises is no batch run
    (
        "tutorial says use batch 4 for best results but i can only fit 1 on my 4070. how do i "
        "fake batch 4",
        {},
        {"batch_size"},
    ),
    # in Portuguese: the batch a moderator told of
    ("o moderador falou pra usar batch 8, minha 3060 nao aguenta", {"vram_gb": 12}, {"batch_size"}),
    # advice followed ("did that") is the run's
    ("the mod said to use batch 1, did that, still oom", {"batch_size": 1}, set()),
    # a value said after the advice, not right after it, is the run's
    (
        "first lora ever, sdxl on a 3060 ti, gc off because the tutorial said so, bs 1, oom",
        {"batch_size": 1, "gc": "disabled"},
        set(),
    ),
    # of two runs side by side, the one that crashes: a sentence opened by the other state, told as
    # running, is the comparison
    (
        "zimage, gc desligado, batch 2. estoura no passo 1. Com gc ligado roda a 6 s/it, mas "
        "nunca terminei",
        {"gc": "disabled"},
        set(),
    ),
    # in Portuguese: the LoRAs done with GC on are the runs before
    (
        "pony, gc desligado, estoura no passo 1. com gc ligado e batch 1 ja fiz umas 10",
        {"gc": "disabled"},
        set(),
    ),
    # the error's own measure of the card beats the size written beside its name
    (
        "RTX A5000 24GB here. log says GPU 0 has a total capacity of 23.68 GiB of which 20.00 "
        "MiB is free",
        {"vram_gb": 23.68},
        set(),
    ),
    # a larger batch asked for: the batch that trains is the run, the one that crashed a try
    (
        "batch 1 runs fine with gc on, batch 2 ooms right away. can gradient accumulation get "
        "me an effective batch 4?",
        {"batch_size": 1},
        set(),
    ),
    # …not when the batch that trained was an earlier run's and the crash is now
    (
        "my older loras were at batch 1 and fine. this time batch 4 and it dies at step 1. "
        "should I use accumulation?",
        {"batch_size": 4},
        set(),
    ),
    # a size generated at in ComfyUI is no preview of the training
    (
        "trained at 640 with gc off and when I generate at 1024x1024 in comfyui the hands melt",
        {"max_resolution": 640},
        {"sample_height", "sample_width"},
    ),
    # in Portuguese
    (
        "treinei em 768, mas gerando em 1024 no comfy fica deformado",
        {"max_resolution": 768},
        {"sample_height", "sample_width"},
    ),
    # a bucket removed is no longer trained
    (
        "only 512 and 768 now, the 1024 bucket I removed",
        {"max_resolution": 768, "resolutions": [512, 768]},
        set(),
    ),
    # two sizes weighed against each other in a question set no resolution
    ("what's the vram difference of gc off at 768 vs 1024? just planning", {}, {"max_resolution"}),
    # runs that always finish with GC on are a stable run
    (
        "my sdxl loras with gc on always finish, ~2 s/it. worth trying it off?",
        {"stable_with_gc": "yes", "gc": "enabled"},
        set(),
    ),
    # two kinds of quantization weighed against each other say nothing of the run
    ("how much memory does 4bit vs qfloat8 save on qwen edit", {}, {"quantize"}),
    # of both states in one sentence, the calm is told of the one in its clause
    (
        "with gc on it's 5 s/it and totally fine, with gc off it ooms at step 2. 4080 zimage",
        {"stable_with_gc": "yes"},
        set(),
    ),
    # gradient clipping switched on is no checkpointing switched back on
    (
        "turned on gradient clipping and it still ooms at step 1",
        {"oom_phase": "first_steps"},
        {"gc_retry", "gc"},
    ),
    # in Portuguese
    (
        "ativei o gradient clipping e continua dando oom no passo 1",
        {"oom_phase": "first_steps"},
        {"gc_retry", "gc"},
    ),
    # a size said not to be the training resolution is not
    (
        "1024 isnt the training res, it's the preview size. training is 640",
        {"max_resolution": 640},
        set(),
    ),
    # each way told with its outcome, and the person wants to keep the crashing one: it is theirs
    # now
    (
        "gc on = fine. gc off = oom. flux schnell 3080ti. any way to keep it off?",
        {"gc": "disabled"},
        set(),
    ),
    # …the same in Portuguese
    (
        "wan 2.1 14b, 49, 624, gc ligado: terminou. desligado: morre no step 2 por OOM. 4090, "
        "quero manter sem",
        {"gc": "disabled"},
        set(),
    ),
    # an 'ok so' opening the message is no run that went well
    (
        "ok so gc off = OOM on the first sample every single time. gc on = fine. can i keep gc "
        "off and just make the samples cheaper?",
        {"gc": "disabled", "oom_phase": "sampling"},
        set(),
    ),
    # 'zero erro em 3 loras' beside GC on is a run that went well
    (
        "treinando qwen image na a6000, bs 4, 1024, gc ligado, zero erro em 3 loras. quero "
        "acelerar, desligo o gc ou aumento o bs?",
        {"gc": "enabled", "stable_with_gc": "yes"},
        set(),
    ),
    # '3000 passos limpos' with GC on, and the crash is today's
    (
        "semana passada treinei com gc ligado, 3000 passos limpos. hoje desliguei e dá OOM "
        "antes de terminar o primeiro passo. chroma 4090",
        {"gc": "disabled", "stable_with_gc": "yes"},
        set(),
    ),
    # 'it did finish'
    (
        "With GC on it did finish, but it took 14 hours.",
        {"gc": "enabled", "stable_with_gc": "yes"},
        set(),
    ),
    # 'estouram a memória' is the crash
    (
        "as amostras em 1280x1920 estouram a memória, o treino em si parece de boa. lumina 2, "
        "gc true",
        {"sample_width": 1280, "sample_height": 1920, "gc": "enabled"},
        set(),
    ),
    # of two models, the one the crash is told of, the other having gone well
    (
        "com sdxl e gc ligado nunca tive problema. agora no wan 2.1 14b com gc desligado, OOM "
        "no primeiro step, 4090",
        {"model_family": "video", "gc": "disabled"},
        set(),
    ),
    # …each model in its own sentence with its own outcome
    (
        "3090: zimage bs 2 works. 4090: qwen edit bs 1 OOMs at 1024. 5090 is on order.",
        {"model_family": "qwen_edit"},
        set(),
    ),
    # the crash follows the last model named, but nothing says the first one went well: neither
    (
        "I'd love to train the kontext lora at 1024 like my sdxl ones, but for now it's 768 on "
        "a 4070 Ti and it crashes at step 1 anyway, gc off",
        {},
        {"model_family"},
    ),
    # a model that broke and one that only 'barely cared': nothing told of the other's run
    (
        "why does gc help so much more on video than on images? wan was oom without it and "
        "fine with it, flux barely cared either way",
        {},
        {"model_family"},
    ),
    # a saved file's size is not the card's
    ("my checkpoint is 18GB is that why it ooms", {}, {"vram_gb"}),
    # a container's memory limit is not the card's
    (
        "My docker compose has `mem_limit: 16g` for the ai-toolkit service. Training Lumina 2 "
        "it dies silently",
        {},
        {"vram_gb"},
    ),
    # the machine's memory and WSL's share of it
    (
        "My machine has 64GB, WSL gets 32 of it, and loading HiDream gets the process Killed.",
        {},
        {"vram_gb"},
    ),
    # what another program holds is not the card's size
    (
        "was helldivers in the background (like 7gb) the reason my wan 2.2 lora kept OOMing??",
        {},
        {"vram_gb"},
    ),
    # '30 steps each' is the preview's steps
    (
        "samples at 1024 every 100 steps, 30 steps each, flux, gc off, ooms on the first "
        "preview. 3090",
        {"sample_steps": 30, "sample_every": 100},
        set(),
    ),
    # 'not the 4090': the card named as not theirs
    (
        "nvm it's the 5090 not the 4090, still ooms on wan 2.2 14b 81 frames gc off",
        {"vram_gb": 32},
        set(),
    ),
    # 'wait actually' corrects what was said before it
    (
        "runcomfy, medium machine (24gb), zit, gc off -> oom on step 1. wait actually I'm on "
        "the large one, 48gb. still ooms?? at batch 8 1536",
        {"vram_gb": 48},
        set(),
    ),
    # 'mentira,' takes back what came before
    (
        "zimage turbo, 12gb, gc off, deu oom no passo 1. ai baixei pra 512 e passou. edit: "
        "mentira, passou 40 passos e morreu de novo",
        {"max_resolution": 512, "gc": "disabled"},
        set(),
    ),
    # a first LoRA that came out fine with GC on is a run that went well
    (
        "my buddy trains zit with gc off on his 5090 and says its twice as fast. im on the "
        "default template with gc on, 4090, first lora came out fine. worth turning it off for "
        "me?",
        {"stable_with_gc": "yes", "gc": "enabled"},
        set(),
    ),
    # …'it went fine'
    (
        "Trained my very first LoRA yesterday with the RunComfy Z-Image Turbo template, it "
        "went fine (checkpointing was on, I didn't touch it) but took almost 2 hours.",
        {"stable_with_gc": "yes"},
        set(),
    ),
    # a first run that crashed is still the first run
    (
        "minha primeira lora de zimage deu OOM no passo 1, gc desligado, 3060",
        {"stable_with_gc": "no"},
        set(),
    ),
    # a switch asked about, then told done by what it did: the run's state
    (
        "So turning GC back on fixed it, but why? I have an A6000 and people told me I don't "
        "need it.",
        {"gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    # advised, then done ('e funcionou'): GC is on
    (
        "meu primo falou pra religar o gc e funcionou kkkk mas q diabos é gc afinal",
        {"gc": "enabled"},
        set(),
    ),
    # advice followed, and what it did
    ("my friend told me to turn gc back on and it worked, thanks", {"gc": "enabled"}, set()),
    # a switch asked about out of curiosity is no state of the run
    (
        "works with GC on again 👍 out of curiosity what does it actually do? why does turning "
        "it off blow up memory that badly",
        {"gc": "enabled"},
        set(),
    ),
    # 'still' said of another setting's state, not of the crash
    (
        "gc off + quantize off = oom. turned gc back on, quantize still off = fine. qwen edit "
        "2509 on a 6000 ada",
        {"gc": "enabled", "gc_retry": "fixed", "quantize": False},
        set(),
    ),
    # the crash again after the switch back
    ("gc on again, oom again", {"gc": "enabled", "gc_retry": "still_oom"}, set()),
    # the size of an upscale is no training resolution
    (
        "training at 768 and upscaling outputs 2x to 1536 afterwards anyway. no crashes with it on",
        {"max_resolution": 768},
        set(),
    ),
    # upscale 4x pra 2048: the output's size
    (
        "treino em 512 e depois faço upscale 4x pra 2048, nunca deu crash com gc ligado",
        {"max_resolution": 512},
        set(),
    ),
    # images made with the LoRA, not trained at
    ("anyone know a good upscaler to take my 1024 outputs to 4k?", {}, {"max_resolution"}),
    # the buckets taken out are not the run's
    (
        "religuei, mas ainda crasha com oom. agora tô com bs 1 (era 3), tirei os buckets de "
        "1280, só 768. chroma na 4080",
        {"max_resolution": 768, "batch_size": 1},
        set(),
    ),
    # as soon as training started
    (
        "flux dev died with out of memory as soon as training started, gc off",
        {"oom_phase": "first_steps", "gc": "disabled"},
        set(),
    ),
    # as soon as I hit start
    (
        "my config dies with CUDA OOM as soon as I hit start. gc on",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # the first two steps, then the crash
    (
        "first 2 steps ok then boom OOM, bs1, zimage turbo, 12gb card, gc unchecked",
        {"oom_phase": "first_steps", "batch_size": 1},
        set(),
    ),
    # mid way thru: well into the run
    (
        "hunyuan video lora 33 frames 512 on a 4090 OOMs mid way thru, gc on",
        {"oom_phase": "later"},
        set(),
    ),
    # 'buket' read as bucket
    (
        "oom at the 1024 buket, 768 and 512 train fine. qwen edit plus",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    # a bucket switch
    (
        "turned it off for #4 and it oom'd on the first bucket switch to 1280. 4090",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    # 'trying to allocate' is the CUDA error's own wording
    (
        "why is it trying to allocate 20 GiB on a 3090?? zit, gc off, step 1",
        {"gc": "disabled", "oom_phase": "first_steps", "vram_gb": 24},
        set(),
    ),
    # of several memory figures, the one named their card's
    (
        "set gradient_checkpointing: true again and now it runs at about 20.1GB peak on my "
        "24GB card.",
        {"vram_gb": 24},
        set(),
    ),
    # another card named 'a 48GB card' is not preferred to theirs
    (
        "In a README example someone trains at 1024 on a 48GB card. I'm on 24GB. What does "
        "checkpointing reduce?",
        {"vram_gb": 24},
        set(),
    ),
    # another error than memory: the OOM ruled out still reads
    ("not oom, its nan loss at step 400. gc off", {"oom_phase": "none", "gc": "disabled"}, set()),
    # a quoted error the reply owns: the person's own log
    (
        "> torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a "
        "total capacity of 23.64 GiB of which 1.12 GiB is free.\n\nthis is what I get now, "
        "every time it hits the first sample. gc is off, batch 1",
        {"memory_kind": "gpu", "vram_gb": 23.64, "oom_phase": "sampling", "gc": "disabled"},
        set(),
    ),
    # '> Killed' / 'só isso no log'
    (
        "> Killed\nsó isso no log, sem traceback nenhum. acontece carregando o modelo, tô num "
        "container com 32GB de RAM",
        {"memory_kind": "system", "oom_phase": "loading"},
        set(),
    ),
    # a quoted suggestion is not the person's log
    (
        "> you should check whether it's a real OOM error\nok, will do tomorrow",
        {},
        {"memory_kind", "oom_phase"},
    ),
    # put back on after what befell it, in one clause
    (
        "last night GC off OOMd at step 3 so this morning i put it back on and its training, "
        "step 900 now",
        {"gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    # 'entao liguei de volta'
    ("gc off deu oom no passo 2 entao liguei de volta e ta rodando", {"gc": "enabled"}, set()),
    # advice followed ('did that')
    (
        "told to turn gc back on, did that, still OOM.",
        {"gc": "enabled", "gc_retry": "still_oom"},
        set(),
    ),
    # 'fiz isso': done
    (
        "o cara mandou religar o gc, fiz isso e continua oom",
        {"gc": "enabled", "gc_retry": "still_oom"},
        set(),
    ),
    # '(had it off)': the state before
    ("Turned gradient checkpointing on (had it off). still oom", {"gc": "enabled"}, set()),
    # 'with it checked again': switched back on
    (
        "With Gradient Checkpointing unchecked the job fails at step 1 with CUDA OOM. With it "
        "checked again the job gets to step ~700 and fails again with OOM.",
        {"gc": "enabled", "gc_retry": "still_oom"},
        set(),
    ),
    # a batch asked about after the one run
    (
        "took the advice from reddit, disabled GC on my A6000, flux dev 1024 batch 1. no OOM, "
        "went from 3.1 to 2.3 s/it. want more. batch 2?",
        {"batch_size": 1},
        set(),
    ),
    # 'tried low_vram too' is no state said again
    (
        "my buddy runs the same zit config on his 4090 no problem. mine: 3060, gc off, bs 1, "
        "768. tried low_vram too. still oom step 2",
        {"gc": "disabled", "batch_size": 1},
        {"low_vram"},
    ),
    # a chat pasted with its speakers reads as a reply under a quote
    ("bot: is gradient checkpointing on?\nme: off, since last night", {"gc": "disabled"}, set()),
    # the helper's line is quoted, the person's line is theirs
    (
        "[21:10] HelperBot: which card are you on?\n[21:11] kai_r: a 4070 ti, the one that "
        "keeps dying",
        {"vram_gb": 12},
        {"oom_phase"},
    ),
    # the number answers the helper's question
    ("ajudante: quantos frames por clipe?\neu: 97", {"num_frames": 97}, set()),
    # a yes to one question confirms what it says
    (
        "helper: so you're on flux dev at 1024 with batch 2?\nme: yep",
        {"model_family": "flux_flex", "max_resolution": 1024, "batch_size": 2},
        set(),
    ),
    # a yes to one question about the moment
    (
        "> estoura logo que o treino comeca?\nsim, sempre no passo 0",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # a yes to a retry is read by the answers, not the recap
    (
        "> Did you try turning GC back on?\nyes, same OOM",
        {"gc": "enabled", "gc_retry": "still_oom"},
        set(),
    ),
    # the quote's own statement is not confirmed by the yes
    (
        "> did you drop to batch 1?\n> that fixed it for me on my 3090\nyeah did that, still "
        "crashing",
        {"batch_size": 1},
        {"vram_gb"},
    ),
    # asks GC's state, not the moment
    (
        "> Was GC off when the OOMs started?\noff for a week now, that's when it began",
        {"gc": "disabled"},
        {"oom_phase"},
    ),
    # 'on the largest bucket' is a place, not a state
    (
        "> And when does it OOM?\non the largest bucket, the 1536 ones",
        {"oom_phase": "bucket_spike"},
        {"gc"},
    ),
    # the family asked, its version answered
    (
        "> Qual Hunyuan?\no video 1.5, e estoura no passo 1",
        {"model_family": "video", "oom_phase": "first_steps"},
        set(),
    ),
    # an old card's bare number beside a card named: the wrong GPU
    ("tenho uma 3090 e uma 1070 no pc e o treino carrega na 1070 e dá oom", {}, {"vram_gb"}),
    # the value an option moves a setting to is not the run's
    (
        "zit ooms at step 1 on my 3060. batch 1 or res down to 768?",
        {"oom_phase": "first_steps"},
        {"max_resolution"},
    ),
    # the options come after the setup told
    (
        "flux dev, gc off, oom na hora. ligo o gc ou baixo pra 512?",
        {"gc": "disabled"},
        {"max_resolution"},
    ),
    # the option to keep is the run as it is
    (
        "sem oom nenhum, 4080. compensa cair pra 768 ou deixo em 1024 e espero?",
        {"max_resolution": 1024},
        set(),
    ),
    # a wish still says how it is now
    ("should i lower the res or turn gc back on first? chroma, 3090", {"gc": "disabled"}, set()),
    # a value corrected after 'erm'
    ("wan 2.2, 81 frames. erm 49. 4090, gc off, dies at once", {"num_frames": 49}, set()),
    # a bare 'no' after a dash corrects the value
    (
        "zimage at 1280 — no, 1024, i removed the big bucket — ooms on step 1",
        {"max_resolution": 1024},
        set(),
    ),
    # a correction right after the value replaces it
    (
        "previews at 1024x1024, 40 steps — my bad, 30 steps. ooms while sampling",
        {"sample_steps": 30},
        set(),
    ),
    # a progress bar's step and total are no sizes
    (
        "flux_x:  34%|███▍      | 1023/3000 [58:12<1:52:30,  3.41s/it]\n"
        "torch.OutOfMemoryError: CUDA out of memory",
        {},
        {"max_resolution", "resolutions"},
    ),
    # a count of modules is no size
    (
        "create LoRA network. base dim (alpha): 32, unet: 1152 modules\nthen OOM",
        {},
        {"max_resolution"},
    ),
    # an exponent's digits are no size
    ("step 900 | loss: 1.024e-01 | then CUDA out of memory", {}, {"max_resolution"}),
    # a letter held ('oooom') is read as written twice
    (
        "zimage gc off, oooooom at step 1 again",
        {"oom_phase": "first_steps", "gc": "disabled"},
        set(),
    ),
    # a Slack copy: the other speaker's card and GC are theirs, not the asker's
    (
        "Priya Nair  10:14 AM\nwhere is the gradient checkpointing toggle in the ai-toolkit "
        "UI?\nTom Becker  10:15 AM\nit's under Training. I keep it off on my 4090 for flux\n"
        "Priya Nair  10:16 AM\nthanks, will look. I'm on a 12gb 3060",
        {"vram_gb": 12},
        {"gc", "model_family"},
    ),
    # a WhatsApp export: the second speaker's batch and card are not Ana's
    (
        "12/03/2026 21:14 - Ana: zimage oom no passo 2, gc off\n12/03/2026 21:20 - Pedro: eu "
        "rodo batch 4 na minha 4090 de boa",
        {"model_family": "z_image", "gc": "disabled", "oom_phase": "first_steps"},
        {"batch_size", "vram_gb"},
    ),
    # a Telegram copy: Bia's GC and card are hers
    (
        "Thiago Lima, [10.03.26 14:02]\nonde fica a opção de gradient checkpointing na "
        "interface?\nBia, [10.03.26 14:04]\nna aba de training. eu deixo desligado na minha "
        "5090",
        {},
        {"gc", "vram_gb"},
    ),
    # a WhatsApp copy in the US format
    (
        "[3/12/26, 11:03 PM] Leah: wan 2.2 14b keeps dying, CUDA out of memory at step 1, gc "
        "off\n[3/12/26, 11:05 PM] Omar: i do 81 frames at 720 on an h100 with gc on, no issues",
        {"model_family": "video", "gc": "disabled", "oom_phase": "first_steps"},
        {"stable_with_gc", "vram_gb", "num_frames", "max_resolution"},
    ),
    # the one replied to is not the one asking
    (
        "Lena — Yesterday at 23:10\ngc off on my 5090 and it's like 35% faster, zero regrets\n"
        "jordan — Today at 00:02\nReplying to @Lena\nok but would I get that on a 4090 with "
        "flux dev? mine trains fine with gc on",
        {"vram_gb": 24, "gc": "enabled", "model_family": "flux_flex"},
        set(),
    ),
    # a log's timestamped lines are no chat
    (
        "[14:13:10] gradient_checkpointing: False\n[14:13:12] torch.OutOfMemoryError: CUDA out "
        "of memory",
        {"gc": "disabled", "memory_kind": "gpu"},
        set(),
    ),
    # the answer picks one of the two sizes offered
    ("> 8GB or 16GB 4060 Ti?\nthe 16", {"vram_gb": 16}, set()),
    # 'no segundo' picks the second size offered
    (
        "> você tá treinando em 512 ou 1024?\nno segundo. deu CUDA OOM no step 1",
        {"max_resolution": 1024, "oom_phase": "first_steps"},
        set(),
    ),
    # the previews named as what runs out of memory
    (
        "trains at 512 no problem, its the 1024 samples that OOM it",
        {"oom_phase": "sampling", "max_resolution": 512},
        set(),
    ),
    # os previews estouram: the previews are when
    ("os previews estouram a memoria, gc on", {"oom_phase": "sampling", "gc": "enabled"}, set()),
    # previews switched off are not what breaks
    (
        "disabled sampling and it still ooms at step 1",
        {"oom_phase": "first_steps", "sampling_disabled": True},
        set(),
    ),
    # no comecinho: right at the start
    ("estourou a memória da gpu no comecinho do treino", {"oom_phase": "first_steps"}, set()),
    # na carga: while loading
    ("o ai toolkit deu OOM na carga, flux dev", {"oom_phase": "loading"}, set()),
    # '0 oom em 5 treinos' is no OOM
    (
        "5090 zit 1024 gc on 0 oom em 5 treinos",
        {"oom_phase": "none", "stable_with_gc": "yes"},
        set(),
    ),
    # a supposed card is not theirs
    (
        "Suppose I had a 24GB card (I don't yet, currently a 4060 Ti 16GB). Would GC still be "
        "needed?",
        {"vram_gb": 16},
        set(),
    ),
    # a supposed batch is not the run's
    ("suppose batch 4, how much vram on zit?", {}, {"batch_size"}),
    # a disk's size is no card's
    (
        "runpod A100, 16 vCPU, 125GB RAM, 200GB volume. flux dev lora, bs 2, gc on",
        {"batch_size": 2},
        {"vram_gb"},
    ),
    # the memory listed after the processor is the machine's
    ("Ryzen 9 7950X, 64GB, Fedora 40, RTX 4090, sdxl oom at step 1", {"vram_gb": 24}, set()),
    # a difference in memory is no card
    ("if i turn gc off is it +2gb or +10gb for zit at 1024?", {}, {"vram_gb"}),
    # 'numa de 16': a card of 16GB
    ("flux dev 1024 bs1 gc off, OOM no step 1, rodando numa de 16", {"vram_gb": 16}, set()),
    # 'minha placa tem 24'
    ("CUDA out of memory ??? minha placa tem 24. qwen image, 1328", {"vram_gb": 24}, set()),
    # a size only wanted next is not the run's
    (
        "flux.2 dev at 1024, gc off, bs1, quantized. I wanted 1536 next for details",
        {"max_resolution": 1024},
        set(),
    ),
    # the switch left aside is on now
    (
        "any way to make bs1 go faster on a 3060 besides turning gc off",
        {"gc": "enabled", "batch_size": 1},
        set(),
    ),
    # 'besides' before a state told is no switch left aside
    (
        "besides gc off i also set batch 1 and it still ooms",
        {"gc": "disabled", "batch_size": 1},
        set(),
    ),
    # advice not tried yet is not the run's
    (
        "chatgpt told me batch 1 + accumulation 8. havent tried it yet, right now im at batch "
        "4 and it OOMs on the 1280 bucket",
        {"batch_size": 4},
        {"gradient_accumulation"},
    ),
    # a docs example's setup is not the run's
    (
        "the docs example uses gradient_accumulation: 8 with batch 1. is that what i should copy?",
        {},
        {"batch_size", "gradient_accumulation"},
    ),
    # o tutorial usa: the tutorial's values
    (
        "o tutorial usa gradient accumulation 16 com batch 1. isso nao é exagero pra 15 imagens?",
        {},
        {"batch_size", "gradient_accumulation"},
    ),
    # advice carried out is the run's
    ("the guide says to use batch 1, did that, still oom", {"batch_size": 1}, set()),
    # the previous config's previews are not this run's
    (
        "nem começa o treino, crasha com cuda oom. a config anterior tinha disable_sampling "
        "true e ia",
        {},
        {"sampling_disabled"},
    ),
    # 'before anyone says' tells no earlier run
    (
        "dies with cuda oom at step 250. and before anyone says previews, disable_sampling is "
        "true.",
        {"sampling_disabled": True},
        set(),
    ),
    # the batch it is likened to is asked about, not run
    (
        "im on batch 1 w grad accum 2 now, does that equal batch 2?",
        {"batch_size": 1, "gradient_accumulation": 2},
        set(),
    ),
    # the run's speed told, then 'with it on': GC named in the question is on
    (
        "how much faster is it without checkpointing? I'm at 2.7s/it with it on",
        {"gc": "enabled"},
        set(),
    ),
    # 'hj tô sem ele': the run is without the setting the question named
    (
        "se eu ligar o GC, quanto fica mais lento? hj to sem ele, zit 768 numa 4090",
        {"gc": "disabled"},
        set(),
    ),
    # 'I'm fine, without it…' is a case told, not the run without it
    (
        "With checkpointing on I'm fine, without it the thing runs out of memory at the first "
        "step, so on it stays.",
        {"gc": "enabled"},
        set(),
    ),
    # 'nothing much except' is the change made; 'before bed' is no earlier run
    (
        "Didn't change much except turning off gradient checkpointing and setting batch to 2 "
        "because I wanted it done before bed. It crashes at step 1",
        {"gc": "disabled", "batch_size": 2},
        set(),
    ),
    # a wish after the value tells why, not that the value is only wished
    (
        "only change is batch 2 instead of 1 because I wanted it done. it ooms at step 0.",
        {"batch_size": 2},
        set(),
    ),
    # 'prévia' is a preview: its size is no training size
    (
        "uai sô, o trem treina de boa mas na hora de fazer as prévia a placa arriou. chroma, "
        "3090, gc off, prévia 832x1216",
        {"sample_width": 832, "sample_height": 1216},
        {"max_resolution"},
    ),
    # earlier runs with GC on told done
    (
        "qie 2511, 3 control imgs per sample, 4090. gc on for the first two runs → both "
        "completed. third: gc off + bs2 = oom before the first step finishes",
        {"stable_with_gc": "yes", "gc": "disabled"},
        set(),
    ),
    # a run that went 2000/2000 with GC on
    (
        "81 frames, res 512, gc false. my 2 earlier wan runs (gc true) made it to 2000/2000. 4090",
        {"stable_with_gc": "yes", "gc": "disabled"},
        set(),
    ),
    # 'com gc on o treino inteiro fechou'
    (
        "gc off = oom só nas imgs de 1280, as outras passam. com gc on o treino inteiro fechou "
        "semana passada. chroma, 5080",
        {"stable_with_gc": "yes", "gc": "disabled"},
        set(),
    ),
    # the run after the switch back on went to its end
    (
        "gc back on and it finished!! same settings as the run that crashed, just slower. "
        "thanks a ton",
        {"stable_with_gc": "yes"},
        set(),
    ),
    # a friend's run that finished is not the writer's
    (
        "A friend ran my exact config with GC on on his 5090 and it finished. On my 4070 with "
        "GC on it OOMs at step 1.",
        {"gc": "enabled"},
        {"stable_with_gc"},
    ),
    # a stage done is no run done
    (
        "Quantizing transformer... done, then OOM on step 1 — this is with quantize: true "
        "(qfloat8) and gc true.",
        {"gc": "enabled"},
        {"stable_with_gc"},
    ),
    # 'none … ever finished' is no finished run
    (
        "None of my runs has ever finished, GC on or off. Right now it's off because someone "
        "said it doesn't matter.",
        {"gc": "disabled"},
        set(),
    ),
    # the card that only drives the screens is not the one training
    (
        "got the 4090 doing the training now and the 1080ti just runs my monitors. gc off, oom "
        "at step 2",
        {"vram_gb": 24},
        set(),
    ),
    # the 2060 is for the monitors
    (
        "sdxl on the 3080 ti (other slot has a 2060 for the monitors), gc off, OOM on the "
        "first sample",
        {"vram_gb": 12},
        set(),
    ),
    # a crash in ComfyUI tells nothing of the training's model, size or moment
    (
        "my flux lora OOMs in comfy when i load it at 1536, on a 3090",
        {"vram_gb": 24},
        {"max_resolution", "memory_kind", "model_family", "oom_phase"},
    ),
    # AMD's HIP out of memory is the card's memory
    (
        "RX 7900 XTX, ROCm 6.2, HIP out of memory at step 1 with gc off, sdxl",
        {"memory_kind": "gpu", "gc": "disabled"},
        set(),
    ),
    # speech-to-text: 'grading check pointing', 'kuda', 'memorial'
    (
        "turned off grading check pointing and now kuda out of memorial on step one. 4090 batch 1",
        {"gc": "disabled", "memory_kind": "gpu", "oom_phase": "first_steps"},
        set(),
    ),
    # speech-to-text: 'radiant checkpoint' is gradient checkpointing
    (
        "my Laura looks nothing like the person since i turned radiant checkpoint off is that "
        "related",
        {"gc": "disabled"},
        set(),
    ),
    # 'zip turbo' is Z-Image Turbo autocorrected
    (
        "laura on zip turbo keeps crashing out of memory ever since i unchecked radiant checkpoint",
        {"model_family": "z_image", "gc": "disabled"},
        set(),
    ),
    # a value denied first, then wished: neither is the run's
    (
        "not batch 8, i WANT batch 8. im on 2 w/ 24gb. can grad accum get me there",
        {"vram_gb": 24},
        {"batch_size"},
    ),
    # a value the assistant gave, asked about, is not the run's
    ("you said batch 1 - why not 2? its a 4090", {"vram_gb": 24}, {"batch_size"}),
    # vc falou pra: advice given, not done
    ("vc falou pra baixar pra 512 mas onde fica o tamanho da amostra?", {}, {"max_resolution"}),
    # the run's batch is said; the advised one is not taken up
    (
        "ok, GC is already on and I'm at batch 2 now. you said drop to 1, I'd rather not. any "
        "other way to keep an effective batch of 2?",
        {"gc": "enabled"},
        {"batch_size"},
    ),
    # advice carried out 'like you said' is the run's
    (
        "turned sampling down like you said (512x512, 8 steps) and it still crashes at the "
        "first preview",
        {"sample_width": 512, "sample_height": 512, "sample_steps": 8, "oom_phase": "sampling"},
        set(),
    ),
    # written on someone's behalf: their run is the one asked about
    (
        "asking for a friend: 5090, zimage turbo, gc on, 1.3 it/s. worth turning off?",
        {"vram_gb": 32, "model_family": "z_image", "gc": "enabled"},
        set(),
    ),
    # pergunta de um amigo: the friend's run is the one asked about
    (
        "pergunta de um amigo: ele tem uma A100 80gb, treina qwen edit com gc ligado, quer "
        "saber quanto ganha de velocidade desligando",
        {"vram_gb": 80, "model_family": "qwen_edit", "gc": "enabled"},
        set(),
    ),
    # the writer's own run told beside: the friend's stays the friend's
    (
        "my buddy runs qwen edit at batch 4 on his 3090 no problem, mine dies at batch 1 lol "
        "same card",
        {"batch_size": 1},
        set(),
    ),
    # a doubt right after the name, past the dots
    (
        "flux schnell, quantizado, low_vram ligado, e o GC... sei la. oom no step 0",
        {"gc": "unknown", "low_vram": True},
        set(),
    ),
    # a doubt right after the name's question mark
    ("gc? no idea. oom at step 1", {"gc": "unknown"}, set()),
    # before step 0 is before the first step
    ("morreu antes do step 0, cuda oom", {"oom_phase": "loading"}, set()),
    # the samples before step 0 are sampling
    (
        "CUDA OOM while generating the baseline samples before step 0",
        {"oom_phase": "sampling"},
        set(),
    ),
    # advice carried out 'like you said'
    (
        "I did quantize like you said (qfloat8 on the transformer) and the OOM went away on my "
        "4070",
        {"quantize": True},
        set(),
    ),
    # imagens por vez is the batch
    ("processa 2 imagens por vez e estoura no passo 1", {"batch_size": 2}, set()),
    # two jobs at a time are no batch
    ("is there a way to stop the queue from running two at a time?", {}, {"batch_size"}),
    # clips at a time
    (
        "It processes 2 clips at a time and I had gradient checkpointing off",
        {"batch_size": 2},
        set(),
    ),
    # clips per step are the batch
    (
        "hunyuan video, 1 clip/step, accum 4, 65 frames, gc false",
        {"batch_size": 1, "gradient_accumulation": 4},
        set(),
    ),
    # seconds per step are a speed
    ("takes 12 s per step on a 4090", {}, {"batch_size"}),
    # every N in a sentence about the previews
    (
        "flux dev, 24gb, 1024, previews 768 every 250 w/ 28. OOMs at the previews since i "
        "unticked GC",
        {"sample_every": 250, "max_resolution": 1024},
        set(),
    ),
    # a cada N passos beside the previews
    (
        "mano a zit da oom toda vez q vai gerar as amostras, ta 1024x1024 a cada 250 passos",
        {"sample_every": 250},
        set(),
    ),
    # a save interval is not the previews'
    ("the previews at 1024 take forever, it saves every 250 too", {}, {"sample_every"}),
    # the crash moved further, it did not go
    (
        "GC back on: got 4 hours further than before, then CUDA OOM at step 2750",
        {"gc_retry": "still_oom", "gc": "enabled"},
        set(),
    ),
    # no longer at step 1, but still dying
    (
        "Turned GC back on for Chroma and it no longer OOMs on step 1, but it dies every 50 to "
        "100 steps",
        {"gc_retry": "still_oom"},
        set(),
    ),
    # a crash denied only in part is one told, with when it comes
    ("it doesn't OOM at 512, only when a 768 batch comes up", {"oom_phase": "bucket_spike"}, set()),
    # …in Portuguese, told as no crash but for the biggest bucket
    (
        "não dá oom no 512 só no bucket de 1024",
        {"oom_phase": "bucket_spike", "goal": "fix_oom"},
        set(),
    ),
    # 'runs smooth always' is no crash denied in part
    (
        "4090 com gc ligado no flux kontext, roda liso sempre mas demora 3h. vale desligar?",
        {"goal": "speed"},
        {"oom_phase"},
    ),
    # slow only at the previews is no crash at the previews
    (
        "flux dev na 3090 bs1 gc on, sem oom, mas demora 9 min so nos previews iniciais. como "
        "acelero?",
        {"oom_phase": "none", "goal": "speed"},
        set(),
    ),
    # no crash so far, of a run still going, is no crash told
    (
        "been at it 40 minutes with no crash so far, but it's only at step 700 of 3000",
        {},
        {"goal", "oom_phase"},
    ),
    # a state word followed by what it is on for is the state
    ("gc on pra economizar memoria e ainda oom", {"gc": "enabled"}, set()),
    # …but 'on to the' is where it went
    ("I moved gc on to the next run", {}, {"gc"}),
    # switched on to fix the crashes, and it worked: a retry that fixed it
    ("liguei o gc pra resolver o oom e funcionou", {"gc": "enabled", "gc_retry": "fixed"}, set()),
    # …in English
    ("I turned GC on to fix the OOMs and it worked", {"gc": "enabled", "gc_retry": "fixed"}, set()),
    # 'on to GC off' is a change, not what it is on for
    (
        "went from GC on to GC off once I upgraded to the bigger machine and my zit lora came "
        "out worse",
        {"gc": "disabled"},
        set(),
    ),
    # 'as de 1344 é que matam': the images that crash it
    ("as de 1344 é que matam, o resto vai. zit, gc off, 24gb", {"goal": "fix_oom"}, set()),
    # …'the 1024 bucket that kills it'
    (
        "it's only the 1024 bucket that kills it",
        {"goal": "fix_oom", "oom_phase": "bucket_spike"},
        set(),
    ),
    # not what kills the quality
    ("isso que mata a qualidade", {}, {"oom_phase"}),
    # a bound found by trying is no setting
    ("tudo acima de 768 estoura, sdxl 3060", {"goal": "fix_oom"}, {"max_resolution"}),
    # what a setting was used in place of is left out
    (
        "qie 2509 w/ low_vram on instead of quant, OOM at the sample step",
        {"low_vram": True},
        {"quantize"},
    ),
    # …in Portuguese
    (
        "Liguei o low_vram no lugar de ativar o gradient checkpointing. RTX 4090, batch 1",
        {"low_vram": True},
        {"gc"},
    ),
    # …and full precision left for 8-bit is no full precision
    (
        "I trained on Flux dev with 8-bit quantization instead of full bf16 because of my card",
        {"quantize": True},
        set(),
    ),
    # a size replaced is not the size trained
    (
        "My LoRA trained at 512 instead of 1024 (VRAM reasons, 3060) looks soft",
        {"max_resolution": 512},
        set(),
    ),
    # a value put right after a pause is the run's: in brackets, after "it's", after "na verdade"
    (
        "zit OOMs at step 1 with gc off, resolution 1024 (no wait, it's 896, I lowered it)",
        {"max_resolution": 896},
        set(),
    ),
    (
        "zit dando oom no passo 1, resolução 1024 (na verdade 768, esqueci que tinha mudado)",
        {"max_resolution": 768},
        set(),
    ),
    ("flux OOMs on step 1, batch 4 sorry i mean 2", {"batch_size": 2}, set()),
    ("flux estoura no passo 1, batch 4 ops quer dizer 2", {"batch_size": 2}, set()),
    # the chat's star puts a typo right; a star between spaces multiplies
    ("wan 2.2 dies while caching latents, 16gb card *12gb, typo", {"vram_gb": 12}, set()),
    ("ltx-2 morre no cache, placa de 4gb *48gb kkkk", {"vram_gb": 48}, set()),
    ("bs 2 * 4 accumulation and it OOMs", {"batch_size": 2}, set()),
    # a value struck through is no longer the run's
    ("batch ~~4~~ 1 and it still blows up on step 1", {"batch_size": 1}, set()),
    ("batch ~~3~~ 1 e continua estourando no step 1", {"batch_size": 1}, set()),
    # dropped to, in a chat's words
    ("tava em batch_size: 4 e caí pra 2, mesmo OOM no step 1", {"batch_size": 2}, set()),
    # what was changed, told as the act: done, not wished
    ("o que mudei foi tirar o gc e agora estoura a vram no passo 2", {"gc": "disabled"}, set()),
    (
        "a única coisa que eu fiz foi desligar o gc, agora dá oom no step 1",
        {"gc": "disabled"},
        set(),
    ),
    ("o que eu queria era desligar o gc pra ir mais rápido", {}, {"gc"}),
    # a stage's line at 100%: the bar after it is training's
    (
        "Loading transformer...\nQuantizing transformer: 100%\nCaching text embeddings: 100%\n "
        " 0%|          | 1/2500 [00:09<6:15:02]\ntorch.OutOfMemoryError: CUDA out of memory.",
        {"oom_phase": "first_steps"},
        set(),
    ),
    ("Caching latents: 100%\nKilled\nZ-Image, 16GB de RAM no pc", {"oom_phase": "loading"}, set()),
    # no crash yet in a run still going is no stable run
    (
        "tá ligado agora, 5090, chroma. vale desligar? por enquanto sem crash nenhum",
        {},
        {"stable_with_gc"},
    ),
    # a value doubted right after it is said is a guess, not the run's
    (
        "gc off on qwen-image, batch 4 I think. not sure actually, might be 2. crashes with "
        "out of memory on step 1",
        {"gc": "disabled"},
        {"batch_size"},
    ),
    (
        "gc off no qwen-image, batch 4 eu acho. nao tenho certeza, pode ser 2. crasha no step 1",
        {"gc": "disabled"},
        {"batch_size"},
    ),
    (
        "crashes on every sample pass with OOM. samples every 100 steps, or maybe 250, don't "
        "remember",
        {"oom_phase": "sampling"},
        {"sample_every"},
    ),
    (
        "crasha em toda rodada de amostra com OOM. amostra a cada 100 steps, ou 200, não lembro",
        {},
        {"sample_every"},
    ),
    (
        "flux.2 dies with cuda oom on the first preview, 24gb card. hmm or is it 20? it's a "
        "rented box",
        {},
        {"vram_gb"},
    ),
    (
        "SDXL com GC desligado, OOM logo de cara. Tô treinando em 1024... na real não sei se é "
        "1024",
        {"gc": "disabled"},
        {"max_resolution"},
    ),
    (
        "SDXL with GC off, OOM right away. It's at 1024... actually not sure it's 1024",
        {"gc": "disabled"},
        {"max_resolution"},
    ),
    (
        "zit at 1024, batch 2, OOM at step 1 with gc off",
        {"max_resolution": 1024, "batch_size": 2},
        set(),
    ),
    # names as dictation writes them
    (
        "I already turned on low v ram and it still crashes out of memory training zee image turbo",
        {"low_vram": True, "model_family": "z_image"},
        set(),
    ),
    (
        "já liguei o low v ram e ainda falta memória no zee image",
        {"low_vram": True, "model_family": "z_image"},
        set(),
    ),
    # the machine's RAM listed, spelled out, is no RAM that ran out
    (
        "I have sixty four gigs of ram and a twelve gig card and when I turn off checkpointing "
        "on SDXL it crashes at the first step out of memory",
        {"vram_gb": 12},
        {"memory_kind"},
    ),
    (
        "tenho sessenta e quatro giga de ram e uma placa de doze giga, desliguei o gc e "
        "estoura no primeiro passo",
        {"vram_gb": 12},
        {"memory_kind"},
    ),
    # a log's step lines that went through are not when it broke
    (
        "gradient_checkpointing: true again:\nstep 1/2000 ... ok\nstep 2/2000 ... "
        "ok\n...\nstep 640/2000 CUDA out of memory\nso still dying, just later. wan 2.1 14b "
        "t2v, 4090",
        {"oom_phase": "later"},
        set(),
    ),
    (
        "passo 1/3000 ok\npasso 2/3000 ok\n...\npasso 1200/3000 CUDA out of memory\nflux dev, "
        "gc off",
        {"oom_phase": "later"},
        set(),
    ),
    (
        "OOM at step 2, loss was fine before that. flux dev, gc off",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # a run told before, then a turn to the run now: the values after the turn
    (
        "first flux lora at 1024 actually looked like her. this one i had to do at 512 to fit "
        "on my 3080 and it looks nothing like her",
        {"max_resolution": 512},
        set(),
    ),
    (
        "meu primeiro lora de flux foi em 1024 e ficou identico. esse de agora fiz em 640 na "
        "3060 e ficou generico",
        {"max_resolution": 640},
        set(),
    ),
    (
        "picked the 48GB machine this time because the 24GB one was painfully slow last month. "
        "Qwen-Image, 1328, OOM while loading",
        {"vram_gb": 48},
        set(),
    ),
    # "acho que" doubts the value after it, not the one before
    (
        "Batch 1, 1024, acho que 24GB, Flux Kontext, gc off. CUDA out of memory carregando o "
        "modelo.",
        {"batch_size": 1, "max_resolution": 1024},
        set(),
    ),
    (
        "[step 3120] loss: 0.213\n[step 3121] loss: 0.198\nRuntimeError: CUDA out of memory. "
        "Tried to allocate 64.00 MiB (GPU 0; 7.79 GiB total capacity)",
        {"oom_phase": "later"},
        set(),
    ),
    # cards of one model: whichever the job is on, its memory is known
    (
        "RunPod pod with 2x 4090. I set the job to GPU 1 but it still loads onto GPU 0 where "
        "my ComfyUI is running, and then CUDA out of memory.",
        {"vram_gb": 24},
        set(),
    ),
    (
        "tenho uma 3090 e uma 1660 (pro monitor). o ai toolkit ta pegando a 1660 e da OOM na "
        "hora. como escolho a placa?",
        {},
        {"vram_gb"},
    ),
    ("2x A100, job goes to GPU 0 but I set GPU 1, OOM", {}, {"vram_gb"}),
    # of cards moved through one after another, the last one
    (
        "comecei com uma 3060, passei pra uma 4080 e agora tô numa 5090. hidream, 1024, oom",
        {"vram_gb": 32},
        set(),
    ),
    # a card started on is left behind
    (
        "trained sdxl on my 2070 for a year. started on a 2060 (6GB!), now on a 4090. flux oom",
        {"vram_gb": 24},
        set(),
    ),
    (
        "aposentei minha 2060 Super e comprei uma 5080. flux, 1024, batch 1, oom no passo 1",
        {"max_resolution": 1024},
        set(),
    ),
    # a screen's 2K is no training size
    (
        "flux, 1024, batch 1, oom no passo 1. alguém recomenda monitor 2K até 1500?",
        {"max_resolution": 1024},
        set(),
    ),
    # the model of the run now, named after a word of now
    (
        "Trained 15 LoRAs on SDXL with kohya, all fine. Current project is 300 shots. Model is "
        "Flux dev, gc off, OOM at step 1",
        {"model_family": "flux_flex"},
        set(),
    ),
    (
        "Agora tô treinando o Z-Image na 4090. Antes fiz 5 LoRAs de SDXL. OOM no passo 1",
        {"model_family": "z_image"},
        set(),
    ),
    # a move only meant is not made
    (
        "ia trocar pra zit mas ainda tô no flux. dá oom no passo 1 com 12gb (3080 ti)",
        {"model_family": "flux_flex"},
        set(),
    ),
    (
        "gonna switch from flux to wan 2.2 next, for now the flux one OOMs at step 1",
        {"model_family": "flux_flex"},
        set(),
    ),
    # a model compared to is not moved to
    (
        "trained 40 SDXL loras with gc on. now moving to flux, wondering how much it saves on "
        "flux compared to sdxl",
        {"model_family": "flux_flex"},
        set(),
    ),
    (
        "I've trained like six Flux LoRAs on my 3090 with gradient checkpointing on and never "
        "had an issue. This time I unchecked it and it OOMs at step 1 at 1024.",
        {"stable_with_gc": "yes", "gc": "disabled"},
        set(),
    ),
    # a setting told as what fixed it is on
    (
        "> try the Low VRAM checkbox\n\nthanks, the low_vram checkbox did it! what's the "
        "difference between low_vram and gradient checkpointing?",
        {"low_vram": True},
        set(),
    ),
    (
        "o low_vram resolveu o loading, obrigado! mas agora o cache demora 20 min",
        {"low_vram": True},
        set(),
    ),
    ("o low vram não resolveu, continua oom no loading", {}, {"low_vram"}),
    (
        "samples are off, low vram is on, quantize on, gc off. still oom at step 1 on qwen edit",
        {"sampling_disabled": True},
        set(),
    ),
    # only on one bucket: the spike, whatever step it came at
    (
        "epoch 3 step 1187 bucket 1152x896 CUDA out of memory, only on that one bucket",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    (
        "step 589/2500 CUDA out of memory. tava indo bem, pelo visto só estoura nas fotos "
        "verticais de 1536",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    ("wan22 i2v OOMed on the longest clip again. 4090", {"oom_phase": "bucket_spike"}, set()),
    (
        "dataset misto 60 fotos + 15 videos no wan 2.2 5b, foto vai de boa mas quando pega "
        "video da oom",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    # a value only planned
    ("ok, amanhã testo com batch 1 e aviso. boa noite", {}, {"batch_size"}),
    (
        "I trained about 15 Wan LoRAs on our 4090s with GC on, no trouble. Since it's 80GB I "
        "turned gradient checkpointing off for speed. OOM at step 1",
        {"stable_with_gc": "yes", "gc": "disabled"},
        set(),
    ),
    (
        "The 3070 with GC on ran these exact datasets at batch 1 without issues. On the 5080 I "
        "turned GC off and it OOMs at step 1",
        {"stable_with_gc": "yes"},
        set(),
    ),
    (
        "Every run had gradient checkpointing on, and none of them ever crashed. The current "
        "one is Wan 2.1 again, GC on.",
        {"stable_with_gc": "yes", "gc": "enabled"},
        set(),
    ),
    # the log's total batch is no accumulation
    (
        "Batch size: 4 Gradient accumulation steps: 2 Total train batch size (w. parallel, "
        "distributed & accumulation) = 8 RuntimeError: CUDA error: out of memory",
        {"batch_size": 4, "gradient_accumulation": 2},
        set(),
    ),
    (
        "tô rodando 2 imagens por passo e acumulando 4. se inverter o resultado é o mesmo?",
        {"gradient_accumulation": 4},
        set(),
    ),
    ("acum=2 bs=1, zimage turbo, gc off", {"gradient_accumulation": 2, "batch_size": 1}, set()),
    # no crash told, no retry outcome
    ("I ran both back to back on a 4090, neither crashed. GC true vs false", {}, {"gc_retry"}),
    # struck text is no longer in force
    (
        "~~bs 4~~ bs 2, ~~no quant~~ qfloat8, and sdxl still OOMs at step 1",
        {"batch_size": 2, "quantize": True},
        set(),
    ),
    # a diff's removed line
    (
        "```diff\n-  resolution: [512, 768, 1024]\n+  resolution: [512, 768]\n```\nstill OOM "
        "at step 1",
        {"resolutions": [512, 768], "max_resolution": 768},
        set(),
    ),
    # the old value in a comment
    (
        "batch_size: 1   # before: 4\nresolution: 768  # was 1024\nOOM at step 1",
        {"batch_size": 1, "max_resolution": 768},
        set(),
    ),
    # the old values in an aside
    (
        "treino em 640 (era 768, 1024) e ainda dá oom no passo 2",
        {"max_resolution": 640},
        {"resolutions"},
    ),
    # a table's before column
    (
        "| setting | before | after |\n|---|---|---|\n| batch_size | 4 | 1 |\n| resolution | "
        "1024 | 640 |\n\nstill CUDA OOM at step 3",
        {"batch_size": 1, "max_resolution": 640},
        set(),
    ),
    # a change shown in code spans
    (
        "1. `batch_size: 4` → `2`\n2. `low_vram: false` → `true`\nstill oom at step 1",
        {"batch_size": 2, "low_vram": True},
        set(),
    ),
    # GC's old state stays: the retry is told
    (
        "~~gc off~~ gc on now and it still OOMs at step 2",
        {"gc": "enabled", "gc_retry": "still_oom"},
        set(),
    ),
    # a change only planned
    (
        "training at 1024, tonight's run died at step 1800 with cuda oom again. next i'll go "
        "1024 -> 768",
        {"max_resolution": 1024},
        set(),
    ),
    # a change only planned
    (
        "121 frames and the run OOMs at step 400. my plan is to go 121 -> 81 frames tomorrow",
        {"num_frames": 121},
        set(),
    ),
    # the images' bits
    ("my photos are 8-bit jpgs, could that matter? zit OOMs at step 1", {}, {"quantize"}),
    # another program's bits
    (
        "running a 4bit llama beside the training for captions and flux OOMs at step 1",
        {},
        {"quantize"},
    ),
    # bits beside the batch's images are the model's
    (
        "qwen edit em 4 bits, 2 imagens por vez e oom no passo 3",
        {"quantize": True, "batch_size": 2},
        set(),
    ),
    # a quantization asked about
    ("anyone tried nf4 on chroma? 12gb and it OOMs at step 1", {}, {"quantize"}),
    ("we both train flux in bf16, neither of us quantized", {"quantize": False}, set()),
    # GC named by what it does
    ("unticked the memory saving checkbox and now sdxl OOMs at step 1", {"gc": "disabled"}, set()),
    # GC named by what it does
    (
        "tirei a opcao que economiza memoria e agora o flux estoura no passo 1",
        {"gc": "disabled"},
        set(),
    ),
    # part of a run that crashes is no stable run
    (
        "gc on, it trains fine for the first 600 steps and then OOMs",
        {"gc": "enabled"},
        {"stable_with_gc"},
    ),
    # part of a run that crashes is no stable run
    ("com gc ligado vai de boa ate o passo 900, ai estoura", {"gc": "enabled"}, {"stable_with_gc"}),
    # until the end is the whole run
    (
        "same config with gc on worked until the end last week, now it OOMs at step 2000",
        {"stable_with_gc": "yes"},
        set(),
    ),
    (
        "ja fiz 4 loras com gc ligado, sussa. desliguei e agora da oom no passo 1",
        {"stable_with_gc": "yes", "gc": "disabled"},
        set(),
    ),
    (
        "with gc on it made it through all 2000 steps. turned it off today and it OOMs at step 5",
        {"stable_with_gc": "yes", "gc": "disabled"},
        set(),
    ),
    # the container's memory
    ("docker shm de 64m pra 8g e sumiu o bus error", {}, {"vram_gb"}),
    # the system's memory
    (".wslconfig memory=16GB and it still gets killed", {}, {"vram_gb"}),
    ("task manager shows 6GB of shared gpu memory and it crawls", {}, {"vram_gb"}),
    # a card shared is still the card
    ("A100 de 40GB compartilhada com outro aluno", {"vram_gb": 40}, set()),
    ("out of memory in the loading of the model, 12gb card", {"oom_phase": "loading"}, set()),
    ("depois de uns 40 minutos treinando vem o cuda oom", {"oom_phase": "later"}, set()),
    ("after 2 hours of training it goes OOM", {"oom_phase": "later"}, set()),
    ("oom so nas fotos de corpo inteiro, o resto passa", {"oom_phase": "bucket_spike"}, set()),
    # GC of the runs told as done is no state now
    (
        "sdxl dando oom no passo 1 com gc desligado, com ele ligado minhas loras sempre fecharam",
        {"gc": "disabled", "stable_with_gc": "yes"},
        set(),
    ),
    (
        "ja treinei umas 5 loras com gc ligado e todas completaram. desliguei hoje e deu oom "
        "no passo 1",
        {"gc": "disabled", "stable_with_gc": "yes"},
        set(),
    ),
    # community shorthand names the model
    ("F.1 dev lora dies at step 700 with cuda oom", {"model_family": "flux_flex"}, set()),
    ("fluxdev, gc off, oom at step 1", {"model_family": "flux_flex", "gc": "disabled"}, set()),
    ("lora de schnell estoura no passo 2", {"model_family": "flux_flex"}, set()),
    ("noobai lora OOMs at step 3 on an 8gb card", {"model_family": "other"}, set()),
    (
        "animagine xl lora, batch 2, oom no passo 1",
        {"model_family": "other", "batch_size": 2},
        set(),
    ),
    # a guess beside GC's state says none
    (
        "flux lora OOMs around step 2000, gc off i believe, i copied a speed preset",
        {"oom_phase": "later"},
        {"gc"},
    ),
    (
        "wan 2.1 estoura no passo 1800. GC desligado eu acho, peguei a config de um video",
        {"oom_phase": "later"},
        {"gc"},
    ),
    # a guess then a doubt: not known
    (
        "acho que tá ligado o gc mas nem tenho certeza. zit crasha no passo 1",
        {"gc": "unknown"},
        set(),
    ),
    (
        "gc off i guess, anyway the qwen edit lora dies on step 2",
        {"oom_phase": "first_steps"},
        {"gc"},
    ),
    # a guess that opens its own clause is about what follows
    (
        "desliguei o gc e acho q por isso ta dando oom no passo 1, zimage 1024",
        {"gc": "disabled"},
        set(),
    ),
    # a tag asking to agree is no guess
    ("16gb nao aguenta flex.1 sem gc ne? crashou no passo 2", {"gc": "disabled"}, set()),
    (
        "my own fault I guess: gc off and batch 4 at 1024, oom at step 2",
        {"gc": "disabled", "batch_size": 4},
        set(),
    ),
    ("sem ideia se o gc ta on, mas da oom no passo 3 com sdxl", {"gc": "unknown"}, set()),
    ("not even sure GC is on in my setup, oom at step 1 on sdxl", {"gc": "unknown"}, set()),
    (
        "I might have enabled low vram at some point, dont remember. qie OOMs at step 900",
        {"oom_phase": "later"},
        {"low_vram"},
    ),
    # a run still going is no stable run
    (
        "zit with gc on, 4070, ~6 s/it. no OOM, run is going fine so far (step 700). is that "
        "normal?",
        {"gc": "enabled"},
        {"stable_with_gc"},
    ),
    (
        "liguei o gc de novo, 900 steps e nada de crash ainda, mas ta 8s/it. como acelero?",
        {"gc": "enabled"},
        {"gc_retry"},
    ),
    # to this day is not so far
    (
        "ja fiz umas 6 loras com gc ligado e nenhum OOM ate hoje. desligar acelera muito?",
        {"stable_with_gc": "yes"},
        set(),
    ),
    # a step in thousands
    (
        "bro crashou com cuda oom at like step 1.2k, zit, bs 2",
        {"oom_phase": "later", "batch_size": 2},
        set(),
    ),
    ("crash no passo 2.5k, chroma, gc off", {"oom_phase": "later", "gc": "disabled"}, set()),
    # a count of steps is no size
    (
        "gc on, 2k/3k steps and no crash yet on my 4090",
        {"gc": "enabled"},
        {"resolutions", "max_resolution"},
    ),
    (
        "resolucao 1024, 2k de passos, bs 1, oom na amostra",
        {"max_resolution": 1024, "batch_size": 1},
        {"resolutions"},
    ),
    # dashes between three sizes list them
    (
        "16 GiB, zimage, checkpointing off, b1, 512-768-1024 -> oom",
        {"resolutions": [512, 768, 1024], "max_resolution": 1024},
        set(),
    ),
    (
        "resolucao? 512 ate 1024 (512, 768, 1024). gc desligado, estoura no passo 3",
        {"resolutions": [512, 768, 1024]},
        set(),
    ),
    # a name far on in the clause is not what the switch acts on
    (
        "comecei com gc ligado, tudo certo. desliguei agora e na primeira imagem de preview ja "
        "estourou a vram",
        {"gc": "disabled", "oom_phase": "sampling"},
        set(),
    ),
    # runs told as done: GC then, not now
    (
        "kontext, batch 1, gc off. antes de mexer no gc ja tinha feito 2 loras completas com "
        "ele ligado, agora oom no passo 1",
        {"gc": "disabled"},
        set(),
    ),
    (
        "Chroma, 24gb. When I desactivated the gradient checkpointing it crash in the step 1. "
        "I have activated it again and now works but slow",
        {"gc": "enabled", "gc_retry": "fixed"},
        set(),
    ),
    # the guide's setting as a translator names it
    (
        "o treinamento apresenta erro de memoria insuficiente da GPU quando a verificacao de "
        "gradiente e desativada",
        {"gc": "disabled"},
        set(),
    ),
    ("please help, video card memory explode when train flux", {"memory_kind": "gpu"}, set()),
    (
        "task manager: dedicated 16.0/16.0 GB. a couple of steps in, python crashes with "
        "torch.OutOfMemoryError",
        {"oom_phase": "first_steps", "memory_kind": "gpu"},
        set(),
    ),
    # memory error written the other way round
    (
        "my lora of illustrious, the training stop with error memory at step 600. gpu 3070",
        {"oom_phase": "later", "vram_gb": 8},
        set(),
    ),
    (
        "o treino rebenta com falta de memoria na GPU logo ao inicio, placa 5060 ti",
        {"oom_phase": "first_steps", "memory_kind": "gpu"},
        set(),
    ),
    # numbered tries: the size now is the last step's
    (
        "### To Reproduce\n1. flex.2, gc off, bs 4 at 1024 -> OOM at step 1\n2. bs 2, 768 -> "
        "OOM at step 1\n3. bs 1, 512 -> trains, then OOM around step 900",
        {"max_resolution": 512, "batch_size": 1},
        set(),
    ),
    (
        "passos: 1. batch 2 em 1280 -> oom 2. batch 1 em 1024 -> oom 3. batch 1 em 896 -> terminou",
        {"max_resolution": 896, "batch_size": 1},
        set(),
    ),
    (
        "1. set resolution to 1024\n2. batch 2\n3. run -> oom at step 1",
        {"max_resolution": 1024, "batch_size": 2, "oom_phase": "first_steps"},
        set(),
    ),
    # advice to others tells no one's run (advice.unadvised)
    (
        "Tip for anyone on 12GB doing Flux: keep gradient checkpointing on, batch 1, 768 max.",
        {},
        {"batch_size", "vram_gb", "gc", "model_family", "max_resolution"},
    ),
    ("@bruna liga o gc de novo e desce pra 768 que para de estourar", {}, {"gc", "max_resolution"}),
    (
        "dica pra quem tem 3060: gc ligado, batch 1 e 512. alguém sabe onde fica o quantize no "
        "runcomfy?",
        {},
        {"batch_size", "gc", "max_resolution"},
    ),
    (
        "For anyone on a 16GB card, this is what I'd paste:\n```yaml\ntrain:\n  batch_size: "
        "1\n  gradient_checkpointing: true\nmodel:\n  quantize: true\n```",
        {},
        {"batch_size", "gc", "quantize"},
    ),
    # a tip told from what one did is what one did
    (
        "Tip: if the first previews OOM, set disable_sampling: true. saved me on my 4060 8gb",
        {"vram_gb": 8, "sampling_disabled": True},
        set(),
    ),
    # advice drawn from one's own run tells that run
    (
        "dica pra quem tem 5090: desliga o GC no zit que voa. aqui foi de 2.4 pra 1.5 s/it",
        {"gc": "disabled"},
        set(),
    ),
    # a question to others is not advice
    (
        "pra quem usa runcomfy: compensa mais a maquina de 48gb com gc desligado ou a de 24gb "
        "com gc ligado?",
        {},
        set(),
    ),
    # what a run cannot do without a setting says it is on
    (
        "Without low_vram it won't even load. With it the Wan 2.1 run loads but OOMs as soon "
        "as training starts.",
        {"low_vram": True},
        set(),
    ),
    ("sem quantize nem carrega, qwen edit numa 4090", {"quantize": True}, set()),
    ("trained without low vram and it loads fine", {"low_vram": False}, set()),
    # a switch under 'unless' is a condition, not the setup
    ("It's fine unless I turn GC off, just slow. flux dev on a 5090", {"gc": "enabled"}, set()),
    ("só dá pau se eu desligo o gc, flux dev", {}, {"gc"}),
    ("when I turned gc off it crashed at step 1", {"gc": "disabled"}, set()),
    # an old run told with its frames is an earlier run
    (
        "OOM at step ~20 with GC off. Turned GC on, trained to 2000 without a crash. EDIT: my "
        "old 33 frame run with GC off had much better motion, is it the checkpointing?",
        {"gc": "enabled"},
        set(),
    ),
    # the moment told after 'instead of' is no longer when it breaks
    (
        "gc ligado, batch 1. agora em vez de dar OOM no começo dá OOM no passo 1200",
        {"oom_phase": "later"},
        set(),
    ),
    # …and the moment it moved to is when it breaks now
    (
        "went from OOM at step 1 to OOM at step ~900 after turning gc on",
        {"oom_phase": "later"},
        set(),
    ),
    # shared memory set in gigabytes is a flag of the setup, not the trouble
    (
        "docker run --gpus all --shm-size=24g ... and kontext still hits CUDA out of memory at "
        "step 0. 16gb card",
        {"memory_kind": "gpu"},
        set(),
    ),
    (
        "subi o --shm-size pra 16g mas o erro é CUDA out of memory mesmo, no passo 1",
        {"memory_kind": "gpu"},
        set(),
    ),
    (
        "raised --shm-size=2g and still Bus error in the dataloader",
        {"memory_kind": "system"},
        set(),
    ),
    # an interval in thousands is a thousand steps
    (
        "samples every 1k steps, training at 1k on sdxl",
        {"sample_every": 1000, "max_resolution": 1024},
        set(),
    ),
    # a decimal comma before k is one number
    ("bs2 + 1,2k de res + GC off = OOM", {"batch_size": 2}, {"max_resolution"}),
    ("amostras 768x1.344, flux", {"sample_width": 768, "sample_height": 1344}, set()),
    # sizes listed without a space after the comma are each a size
    ("samples 896x1152,1024x1024 on flux", {"sample_width": 896, "sample_height": 1152}, set()),
    # a typo of a key word is read as the word by every rule, the numbers' too
    ("gc off, 3090, bacth size 1, oom at step 1", {"batch_size": 1, "gc": "disabled"}, set()),
    (
        "crashs evry time it hits the sampel step (sampel every 250), previews 1344x768",
        {"sample_every": 250},
        set(),
    ),
    ("121 frmaes on ltx2, gc on, oom at step 1", {"num_frames": 121}, set()),
    ("tô no bath 2 com gc desligado e dá oom", {"batch_size": 2}, set()),
    # a misspelt false is a string in a job file, and a string switches it on: left unread
    ("set gradient_checkpointing: flase and now it errors on startup??", {}, {"gc"}),
    # 'simples' is Portuguese, not a typo of 'samples'
    ("O treino é uma LoRA de SDXL bem simples, 1024, batch 2, dá OOM", {"batch_size": 2}, set()),
    # the value gone back to is the run's
    (
        "bs 4 oom, bs 2 oom, bs 1 works, now back on 2 with gc turned on and no oom at all",
        {"batch_size": 2},
        set(),
    ),
    (
        "primeiro bs 6, dps 3, dps 1, agora 2. sdxl 1024 numa 4060 ti 8gb. oom no passo 1",
        {"batch_size": 2},
        set(),
    ),
    (
        "Was at 1024 with GC on, dropped to 768 and turned GC off. Now I'm back at 1024 with "
        "GC still off, step 200, no crash so far",
        {"max_resolution": 1024},
        set(),
    ),
    # getting back to a batch is a wish, not the run
    (
        "batch 4 OOMed immediately on my chroma lora so I'm on batch 1 now and it trains. how "
        "do I get back to an effective 4?",
        {"batch_size": 1},
        set(),
    ),
    # a value asked whether it fits is not the run's
    (
        "5090 aqui, zit 1024 batch 2 gc on sem oom nenhum. se eu desligar o gc aguenta batch 4?",
        {"batch_size": 2},
        set(),
    ),
    (
        "oom no step 1 com 8gb, sdxl, já tá tudo ligado gc lowvram quantize. 768 roda?",
        {},
        {"max_resolution"},
    ),
    ("does 1024 fit if i quantize? flux dev 3090 gc off, dying at step 1", {}, {"max_resolution"}),
    ("como acelero o treino sem dar oom? 3090 sdxl, batch 3 daria?", {}, {"batch_size"}),
    # a share of the run is no setting
    (
        "I sample every 10% of the run (every 300 of 3000 steps) and every single sample OOMs",
        {"sample_every": 300},
        set(),
    ),
    # a lone size is a multiple of 16; 1000 is a step
    (
        "qwen edit lora. samples every 500 w/ 25 steps. the 500 and 1000 samples came out "
        "fine, then CUDA OOM at step 1290",
        {},
        {"sample_height", "sample_width"},
    ),
    # a screen typed out: only the ticked sizes are trained
    (
        "Resolutions ☑ 512 ☑ 768 ☐ 1024, batch 1, oom at step 1",
        {"resolutions": [512, 768], "max_resolution": 768},
        set(),
    ),
    ("[x] 512 [x] 768 [ ] 1280 bs 1 help", {"resolutions": [512, 768]}, set()),
    # OCR's letters in numbers
    (
        "ocr of my config lol Resolution 1O24 ,768 ,512 bs: l Gradient Checkpointing: OFF sdxl "
        "on 3060. OOM instantly",
        {"max_resolution": 1024, "batch_size": 1, "gc": "disabled"},
        set(),
    ),
    (
        "ocr: 'Gradient Checkpointing: 0N Low VRAM: 0FF Batch: 1' and it still OOMs on step 2",
        {"gc": "enabled", "low_vram": False},
        set(),
    ),
    (
        "this is my screen Low VRAM (•) ON ( ) OFF Gradient Checkpointing ( ) ON (•) OFF, CUDA "
        "OOM when it caches latents",
        {"gc": "disabled", "low_vram": True},
        set(),
    ),
    (
        "Low VRAM (•) Gradient Checkpointing ( ) hidream, 24gb, oom when it caches the text "
        "embeddings",
        {"gc": "disabled", "low_vram": True},
        set(),
    ),
    # a stage's setting ticked is not when it breaks
    (
        "nas opcoes avancadas ta assim:\nlow vram [ ]\ncache latents [x]\n\nsdxl 768 bs 4 na "
        "3060ti. da oom na hora q comeca\n",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # words added below a pasted chat, after a blank line, are the writer's
    (
        "me — Today at 7:07 PM\ndisabled sampling entirely, still OOM\nhollow — Today at 7:09 "
        "PM\nwhen does it die\nme — Today at 7:10 PM\naround step 300-400, never the same "
        "step\nhollow — Today at 7:11 PM\nsmells like a big bucket\n\nlumina 2, GC off, "
        "1024+1280 buckets\n",
        {"gc": "disabled", "max_resolution": 1280},
        set(),
    ),
    (
        "[21:14, 12/03/2025] Bruno: desligou o gradient checkpointing né\n[21:15, 12/03/2025] "
        "Eu: desliguei pra ver se ia mais rapido\n[21:16, 12/03/2025] Bruno: religa q "
        "resolve\n\nnao queria religar, tem outro jeito? zit, 4070 ti, 1024\n",
        {"max_resolution": 1024, "model_family": "z_image"},
        set(),
    ),
    # the last switch told is the state now, even told in the past
    (
        "hidream: gc on 2.4s/it, gc off 1.6s/it but OOM'd once around step 3000. turned it "
        "back on for the overnight run. any middle ground?",
        {"gc": "enabled"},
        set(),
    ),
    (
        "Flux dev with GC off runs fine on my A6000. Same settings on Qwen Image Edit 2509: "
        "OOM while caching text embeddings. Turned GC on for the qwen run, same OOM at the "
        "same point.",
        {"gc": "enabled"},
        set(),
    ),
    # the previews' bar, not yet done, right before the error
    (
        "```\nGenerating Images:  50%|█████     | 2/4 [00:41<00:41, "
        "20.5s/it]\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.50 "
        "GiB.\n```\nthis happens at step 750 every run",
        {"oom_phase": "sampling"},
        set(),
    ),
    (
        "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  "
        "std::bad_alloc\nAborted (core dumped)\nlinux, 16gb ram, during caching latents",
        {"memory_kind": "system"},
        set(),
    ),
    # an arrow drawn as an emoji is an arrow
    (
        "gradient_checkpointing: true ➡️ false e pronto, OOM no primeiro passo. lumina 2, 3080 Ti",
        {"gc": "disabled"},
        set(),
    ),
    # the machine restarting as the system's memory fills is that memory's trouble
    (
        "a ram de 32 enche toda no carregamento do modelo e o pc reinicia sozinho",
        {"memory_kind": "system"},
        set(),
    ),
    # a numbered list of tries: the last try that tells a value holds it
    (
        "Passos pra reproduzir: 1. Hunyuan Video, fp8 2. 65 frames em 544 → OOM 3. 33 frames "
        "em 544 → OOM 4. 17 frames em 384 → OOM no passo 3 5. GC ligado o tempo todo. RTX 5090",
        {"num_frames": 17, "max_resolution": 384, "oom_phase": "first_steps"},
        set(),
    ),
    (
        "Tried:\n1. 121 frames at 640 -> OOM\n2. 81 frames -> OOM\n3. 49 frames at 512 -> OOM "
        "at step 2\nWan 2.2 14B, 5090",
        {"num_frames": 49, "max_resolution": 512},
        set(),
    ),
    # the days of a diary, told in turn
    (
        "Fri: Flux dev LoRA, GC off, 1024, bs 1 → OOM after ~2 hours. Sat: same, GC back on → "
        "OOM again. Sun: GC on + 896 → OOM at 2500. 4090.",
        {"max_resolution": 896},
        set(),
    ),
    (
        "1ª tentativa: LTX-Video, 121 frames, 768, GC desligado → OOM no passo 1 2ª: 73 frames "
        "→ OOM no passo 1 3ª: 49 frames, GC ligado, 512 → chegou no passo 1700 e deu OOM de "
        "novo",
        {"num_frames": 49, "max_resolution": 512, "gc": "enabled"},
        set(),
    ),
    (
        "run_01 gc=False bs=1 res=1024 OOM @ step 1 run_02 gc=False bs=1 res=768 OOM @ step 1 "
        "run_03 gc=True bs=1 res=512 OOM @ step 1 (flux2 dev, A5000)",
        {"max_resolution": 512, "gc": "enabled"},
        set(),
    ),
    # a try that holds several sizes: not one value per try
    (
        "Timeline:\n1. Z-Image LoRA, GC on, batch 1, buckets 512/768/1024. Trained fine on my "
        "4080.\n2. Disabled GC and added 1536. OOM on step 3.\n3. Re-enabled GC, kept 1536. "
        "Still OOM around step 40.\n",
        {"resolutions": [512, 768, 1024, 1536], "max_resolution": 1536},
        set(),
    ),
    # a try only asked about holds nothing
    (
        "wan 2.2 i2v 14B, 5090, 81 frames, gradient_checkpointing: false, right at step 1. "
        "questions:\n1) is block swapping a thing?\n2) or 49 frames?\n3) or just GC back on",
        {"num_frames": 81},
        set(),
    ),
    # a value denied is not the run's
    (
        "nah you got it backwards. 1280 isn't my max res, that's the sample width. samples are "
        "1280x720, training buckets are 512, 640, 768. the OOM only shows up when it renders "
        "those samples",
        {"max_resolution": 768, "resolutions": [512, 640, 768]},
        set(),
    ),
    (
        "perae, o treino NÃO é em 1024. 1024 é o tamanho das minhas fotos. eu treino em 512 só",
        {"max_resolution": 512},
        set(),
    ),
    (
        "ajudante: então vc tá em 1024 com batch 4 na placa de 24GB? eu: batch 4 não, 1. o "
        "resto tá certo",
        {"vram_gb": 24},
        {"batch_size"},
    ),
    # asked, not denied
    ("isn't 24gb enough for flux at 1024?", {"vram_gb": 24, "max_resolution": 1024}, set()),
    # numbers inside paths and file names name old runs
    (
        "docker run --gpus all --shm-size=64m -v /data/loras_1024:/data -v "
        "/out/flux_kontext_bs4:/app/output ai-toolkit:latest and the dataloader dies with a "
        "bus error",
        {},
        {"batch_size", "max_resolution"},
    ),
    (
        "My LoRA anna_v3_768_no_gc.safetensors looks way better than "
        "anna_v4_1024_gc.safetensors. SDXL, same dataset.",
        {},
        {"gc", "max_resolution"},
    ),
    (
        "I'm on RunComfy, the address is runcomfy.com/trainer/ai-toolkit/app/2048. Where do I "
        "find gradient checkpointing?",
        {},
        {"max_resolution"},
    ),
    (
        "so i have output/run_2024_11_03_bs2/ full of safetensors files and idk what now",
        {},
        {"batch_size"},
    ),
    # a config's keys are no names
    (
        "gradient_checkpointing: false\nbatch_size: 2\nresolution: [512, 768]\noom on flux, 24gb",
        {"batch_size": 2, "max_resolution": 768, "gc": "disabled"},
        set(),
    ),
    # memory used or saved is not the card's
    (
        "Why does this diff take peak memory from 21GB down to 13GB on Z-Image? Not complaining",
        {},
        {"vram_gb"},
    ),
    (
        "ué, por que o pico de memória cai de 30 pra 18 gb? achei q fosse coisa pouca",
        {},
        {"vram_gb"},
    ),
    ("Tipo, num modelo de 20B a diferença é de 5GB ou de 30GB?", {}, {"vram_gb"}),
    ("To save credits I switched to the 24GB one, turned GC on", {"vram_gb": 24}, set()),
    # frames told of the previews after them
    (
        "é no sample do wan 2.2 i2v, 81 frames no sample e 41 no treino, gc ligado",
        {},
        {"num_frames"},
    ),
    ("wan 2.2 5B, 33 frames, samples every 100 steps", {"num_frames": 33}, set()),
    # the container's memory told not to be the trouble
    (
        "shm is plenty and RAM is fine. The error is CUDA OOM whenever the 1280 bucket comes "
        "up. docker, L40S, GC off",
        {"memory_kind": "gpu"},
        set(),
    ),
    # memory in use, then the card's total
    ("batch 2, 11,5 GB used out of 12 right before it crashes. sdxl", {"vram_gb": 12}, set()),
    (
        "chega a 11,5 GB de 12 e crasha lá pelo step 1,5 mil. sdxl",
        {"vram_gb": 12, "oom_phase": "later"},
        set(),
    ),
    # a stage's bar at its end is passed; its count is no card
    (
        "Caching latents: 100% 40/40 0%| | 1/2000 [00:14<?, ?it/s] torch.OutOfMemoryError: "
        "CUDA out of memory. zimage, gc desativado",
        {"oom_phase": "first_steps"},
        {"vram_gb"},
    ),
    # a plan told under a label is not the run now
    (
        "EOD: turned gc back on, still OOMs on step 1. flux dev 1024 bs 4 on a 16gb card. "
        "tomorrow: bs 1",
        {"batch_size": 4, "gc": "enabled"},
        set(),
    ),
    (
        "anotação de hoje: sdxl 1024 batch 6 numa 3070, continua estourando. amanhã: batch 2 e 768",
        {"batch_size": 6, "max_resolution": 1024},
        set(),
    ),
    (
        "changelog 0.2\n- bs 2 -> 1\n- gc: off (same)\nresult: chroma still OOMs at step "
        "1\n\nchangelog 0.3 (planned)\n- gc on\n- quantize",
        {"batch_size": 1, "gc": "disabled"},
        {"quantize"},
    ),
    (
        "Status: fixed, previews at 512x512 don't crash anymore. zimage, gc on, 4090.\nNext "
        "steps: turn on low_vram for the 2k-image run. Where is that option?",
        {"sample_width": 512, "gc": "enabled"},
        {"low_vram"},
    ),
    (
        "Próximos passos: ligar o quantize e tentar 1024. Hoje: flux dev em 768, gc ligado, "
        "OOM no preview",
        {"max_resolution": 768, "gc": "enabled"},
        {"quantize"},
    ),
    # no error said of a run that stops: no message, not no crash
    (
        "the job exits right after the step 500 save, no error, exit code 0. sdxl, 3090, GC on",
        {"gc": "enabled"},
        {"stable_with_gc", "oom_phase"},
    ),
    (
        "o treino simplesmente para no meio, sem erro nenhum, e volta pro prompt. zit, gc off",
        {"gc": "disabled"},
        {"oom_phase"},
    ),
    (
        "it freezes during the samples at step 250 and then nothing, no error. flux kontext",
        {},
        {"oom_phase"},
    ),
    ("the runcomfy job shows failed, no error at all. wan 2.1", {}, {"oom_phase"}),
    # no error of a run that finished is no crash
    (
        "finished 3000 steps with GC on, no errors, just slow. sdxl on a 3060",
        {"oom_phase": "none", "stable_with_gc": "yes"},
        set(),
    ),
    # now and then, at a moment told, is that moment
    (
        "random OOM on chroma, but it's always while it caches the latents, maybe 1 in 4 "
        "launches. 3060",
        {"oom_phase": "loading"},
        set(),
    ),
    (
        "o OOM é aleatório mas é sempre nas amostras. 4 prompts, 1024x1024, 25 passos. sdxl",
        {"oom_phase": "sampling"},
        set(),
    ),
    (
        "sdxl, 8gb card, gc on, bs 1. sometimes it OOMs on step 1, sometimes it goes all the way",
        {"oom_phase": "first_steps"},
        set(),
    ),
    # a moment of a crash gone is not when the random ones come
    (
        "Turned GC back on, it doesn't die at step 3 anymore, but it still OOMs at random "
        "points mid-run. Z-Image, 4090",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    (
        "dá oom de vez em quando no meio do treino, parece aleatório. flux dev, 3090",
        {"oom_phase": "bucket_spike"},
        set(),
    ),
    # a size told, then removed: no longer trained at
    (
        "Closing: the 1280 bucket caused the random OOMs, removed it and it trains fine now. "
        "Thanks!",
        {},
        {"max_resolution"},
    ),
    ("era o bucket de 1536 que estourava, tirei e agora vai de boa", {}, {"max_resolution"}),
    (
        "buckets 768 and 1024, removed the 512 one and it still OOMs at step 1",
        {"max_resolution": 1024},
        set(),
    ),
    # a switch back on names the setting right after it
    (
        "should i re-enable low_vram? switched it off last night and now chroma OOMs while loading",
        {"low_vram": False},
        {"gc"},
    ),
    ("devo religar o quantize? tirei ontem e agora o flux estoura no carregamento", {}, {"gc"}),
    # a speed wanted back is not GC wanted back on
    (
        "zit 768 bs 1 on a 4070, turned GC on after the OOM, stable now, finished 2500 steps. "
        "want that speed back though",
        {"gc": "enabled"},
        set(),
    ),
    (
        "religuei o gc depois do oom, terminou os 3000 passos. quero essa velocidade de volta",
        {"gc": "enabled"},
        set(),
    ),
    # GC wanted back on is off now
    ("preciso ligar o gc de volta, tá dando oom no passo 1", {"gc": "disabled"}, set()),
    # a card a source speaks of, beside the one used, is not the run's
    (
        "A página da RunComfy recomenda a H100 80GB pro Qwen Edit. Peguei a A10G porque era "
        "mais barata e dá OOM no passo 3.",
        {"vram_gb": 24},
        set(),
    ),
    # of values tried, the one told as set now
    (
        "wan 2.1 14B on a 4090, tried:\n33 frames ok\n49 frames ok\n81 frames OOM at step "
        "1\nit's set to 81 right now since that's what I need. what do I cut first?",
        {"num_frames": 81},
        set(),
    ),
    (
        "testei 41 frames: ok, 61 frames: ok, 81 frames: estoura no passo 1. tô no 61 agora, "
        "dá pra subir?",
        {"num_frames": 61},
        set(),
    ),
    (
        "bs 1 and bs 2 train fine, bs 3 OOMs right away. sitting at 2 now, how do I get an "
        "effective 8?",
        {"batch_size": 2},
        set(),
    ),
    # GC told as what the run needs, before GC off told with a crash
    (
        "zit only trains with gc on. turn it off = cuda oom at step 1. 3090. any way to get "
        "speed back?",
        {"gc": "enabled"},
        set(),
    ),
    (
        "so roda com o checkpointing ligado. desligo e da OOM no passo 1. 4090 com zit. ta mt "
        "lento",
        {"gc": "enabled"},
        set(),
    ),
    # GC on told as what should have been kept
    (
        "if I'd left checkpointing on it would have finished. it died at 2900/3000 with out of "
        "memory",
        {"gc": "disabled"},
        {"stable_with_gc"},
    ),
    # a value the person would use is not the run's
    (
        "If my card allowed it I'd use batch 8. It doesn't (12GB, 3060). GC is already on.",
        {"vram_gb": 12},
        {"batch_size"},
    ),
    (
        "se a placa aguentasse eu usaria batch 4. zit, 12gb, gc ligado",
        {"vram_gb": 12},
        {"batch_size"},
    ),
    # the one value that runs, of several tried
    (
        "batch 1 is the only batch that survives. Batch 2 gets a few steps in and then it's "
        "CUDA out of memory.",
        {"batch_size": 1},
        set(),
    ),
    (
        "batch 1 é o unico que sobrevive aqui na 3080, batch 2 crasha na hora",
        {"batch_size": 1},
        set(),
    ),
    # a run that cannot get past a step crashes there
    (
        "FLUX.2 dev is enormous. Can't get through step one on a 48GB A6000 even with quantize on.",
        {"oom_phase": "first_steps", "vram_gb": 48},
        set(),
    ),
    ("nao passa do passo 1, flux dev na 3090, gc ligado", {"oom_phase": "first_steps"}, set()),
    # what a source says is needed is not the card
    (
        "RunComfy's Wan 2.2 I2V 14B template says it needs an 80GB machine, so I'm trying it "
        "at home on a 24GB card with fp8 and GC on",
        {"vram_gb": 24},
        set(),
    ),
    (
        "o guia diz que com low_vram ligado cabe em 12GB. onde liga o low_vram na UI?",
        {},
        {"vram_gb"},
    ),
]


@pytest.mark.parametrize(
    "text",
    [
        "if i switch off gradient checkpointing will the OOM hit right away or later? it runs fine",
        "se eu desligar o gc vai dar oom logo no começo? hoje ta ligado e roda liso",
    ],
)
def test_whether_it_would_crash_is_asked(text: str) -> None:
    assert understand(text).intent == "explain"


@pytest.mark.parametrize(
    "text",
    [
        "why would flux dev oom on step 1 with batch 4 at 1024? gc is off",
        "bs 1 fits with gc on. how do i get batch 4 behaviour without oom?",
    ],
)
def test_a_crash_asked_about_otherwise_is_no_explanation(text: str) -> None:
    assert understand(text).intent != "explain"


@pytest.mark.parametrize(
    "text",
    [
        "> what GPU?\n3090\n> and when does it die?\nfirst step, right after caching",
        "> em que passo ele crasha?\nla pelo 3 mil",
    ],
)
def test_an_answer_to_when_it_breaks_is_a_crash(text: str) -> None:
    found = understand(text)
    assert found.intent == "fix_oom"
    assert "oom_phase" in found.facts


@pytest.mark.parametrize(
    "text",
    [
        "wanted to train at 1536 but even 1024 blows the vram at step 1",
        "queria treinar em 1536 mas nem 1024 ta indo",
    ],
)
def test_a_size_only_wanted_is_not_the_runs(text: str) -> None:
    assert extract(text).facts.get("max_resolution") in (None, 1024)


@pytest.mark.parametrize(("text", "facts", "absent"), STATES + WHEN + NUMBERS + MORE)
def test_reads_what_is_said_and_nothing_else(
    text: str, facts: dict[str, FactValue], absent: set[str]
) -> None:
    found = extract(text).facts
    assert facts.items() <= found.items()
    assert not absent & found.keys()


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("caching latents 0/40 [00:00<?, ?it/s] then OutOfMemoryError", False),
        ("Generating Images: 0%| | 0/4 [00:00<?, ?s/it] e estoura", False),
        ("sampling 0/4 [00:00<?, ?it/s], why does it crash here?", True),
        ("será que quantizar ajuda?", True),
    ],
)
def test_a_progress_bars_question_mark_asks_nothing(text: str, asks: bool) -> None:
    reading, _ = _read(text)
    assert reading.question(0) is asks


def test_what_was_switched_off_before_is_no_state_beside_the_switch_back() -> None:
    # the rules' reading; the fact model, learned from annotators who weigh such stories
    # differently, may doubt it and leave GC to be asked
    text = (
        "3. turned gradient checkpointing back on (I had switched it off last week) -> trained "
        "200 steps, then OOM at the first sample"
    )
    assert extract(text, learned=False).facts.get("gc") == "enabled"
    assert extract(text).facts.get("gc") in ("enabled", None)


@pytest.mark.parametrize(
    ("text", "moments"),
    [
        # no run told as broken, so the rules claim no moment of breaking; the fact model, from
        # annotators split on it, may take the quantizing as the moment
        ("quando ta quantizando o transformer a ram do pc vai a 100% e trava tudo", {"loading"}),
    ],
)
def test_a_moment_only_the_learned_model_may_read(text: str, moments: set[str]) -> None:
    assert "oom_phase" not in extract(text, learned=False).facts
    assert extract(text).facts.get("oom_phase") in {None, *moments}


@pytest.mark.parametrize(
    ("text", "fact", "value"),
    [
        (
            "colleague runs the same yaml on the same box every week without issues. I run it "
            "with gc off (only change) and it OOMs after around 1000 steps.\n"
            "  train:\n    batch_size: 1\n    gradient_checkpointing: true   # his\n",
            "gc",
            "disabled",
        ),
        (
            "Colei a config do meu irmão pq a dele funciona. A minha é igual exceto: batch 1 em "
            "vez de 2 e gc ligado. Dá OOM no primeiro step.\n\n"
            "train:\n  batch_size: 2\n  gradient_checkpointing: false\n",
            "gc",
            "enabled",
        ),
    ],
)
def test_someone_elses_config_beside_what_changed_in_theirs(
    text: str, fact: str, value: FactValue
) -> None:
    found = understand(text)
    assert found.facts[fact] == value
    assert fact in found.changed


def test_of_two_pasted_configs_the_one_told_last_is_the_run() -> None:
    text = (
        "yesterday's config (trained all the way through):\n```\ntrain:\n  batch_size: 2\n"
        "  gradient_checkpointing: true\n```\ntoday's config:\n```\ntrain:\n  batch_size: 2\n"
        "  gradient_checkpointing: false\n  gradient_accumulation: 2\n```\nOOM on step 1."
    )
    found = understand(text)
    assert found.facts["gc"] == "disabled"
    assert found.facts["gradient_accumulation"] == 2


def test_when_it_broke_before_gc_went_back_on_is_not_when_it_breaks_now() -> None:
    # around step 1500 is; whether that is read depends on the learned second opinion, but
    # step 1 of the run with GC off never is
    found = extract(
        "With gradient_checkpointing: false: OOM at step 1. With gradient_checkpointing: true: "
        "it trains, but around step 1500 I get CUDA out of memory anyway."
    ).facts
    assert found["gc"] == "enabled"
    assert found.get("oom_phase") in (None, "later")


@pytest.mark.parametrize(
    "text",
    [
        # memory held by a notebook, a server, a colleague's job or an old session
        "a colleague's jupyter notebook is sitting on 30gb of the a6000 and my zit run ooms at "
        "step 1",
        "o comfy tá com 10GB presos na 3090 mesmo parado e o treino de flux dá oom no primeiro "
        "passo",
        "my old session is still open and still has the model loaded, the new training OOMs while "
        "loading",
        "toda vez que meu irmão abre o comfy o treino de sdxl cai com OOM",
        "tô rodando 2 treinos ao mesmo tempo na 4090 e deu oom no segundo",
        # memory taken before anything of theirs runs
        "nvidia-smi shows 14GB already used and I haven't started anything yet. the training OOMs "
        "right away",
        "antes de abrir o toolkit a vram já tá em 6GB ocupada e o treino do sdxl dá oom no passo 1",
        # PyTorch names the run's own process "this process": a numbered one is another
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total "
        "capacity of 23.64 GiB of which 800.00 MiB is free. Process 4411 has 11.20 GiB memory in "
        "use. Including non-PyTorch memory, this process has 11.60 GiB memory in use.",
        # the job on the card not meant
        "I have a 4090 and a 3060 in the box and ai toolkit always picks the 3060, cuda oom at "
        "step 1",
        "subi o treino e o comfy e os dois foram parar na GPU 0, a GPU 1 ficou parada. o treino "
        "morreu com OOM",
    ],
)
def test_memory_held_by_something_else_is_outside_the_guide(text: str) -> None:
    assert understand(text).intent == "outside_guide"


@pytest.mark.parametrize(
    "text",
    [
        # the same card shared at other times, or the desktop's own memory, holds nothing
        "My coworker and I share the same A5000, never at the same time. His run finished fine, "
        "mine OOMs at step 1 with GC off",
        "closed chrome and discord, task manager shows ~1.1GB used before i launch. still cuda oom "
        "at step 2 with gc on",
        # the amounts PyTorch gives of its own allocations are no other program
        "Generating baseline samples before training\nGenerating Images: 0%\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. Of the "
        "allocated memory 6.21 GiB is allocated by PyTorch",
    ],
)
def test_memory_of_ones_own_run_is_not_held_by_another(text: str) -> None:
    assert understand(text).intent == "fix_oom"


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # memory told as finished, in the words of people writing in a second language
        (
            "i have desactivated the gradient checkpointing and now the memory is finished in the "
            "step 2. zit, batch 1",
            "disabled",
        ),
        ("yo desactivé el gradient checkpointing y ahora la memoria acabou no passo 1", "disabled"),
    ],
)
def test_memory_told_as_finished_is_a_crash(text: str, gc: str) -> None:
    found = understand(text)
    assert found.intent == "fix_oom"
    assert found.facts["oom_phase"] == "first_steps"
    assert found.facts["gc"] == gc


def test_memory_finished_only_without_gc_is_no_crash_now() -> None:
    found = understand("con él ligado funciona, só é lento. si desligo el gc a memoria acaba")
    assert found.facts.get("gc") != "disabled"
    assert found.intent != "fix_oom"


@pytest.mark.parametrize(
    ("text", "vram"),
    [
        # one card or the other: neither is known
        ("rented a 3090 or a 3080, cant remember which. zit 1024, oom at step 2 with gc off", None),
        ("rented either the 24GB or the 48GB machine, not sure which. flux oom at step 1", None),
        ("não sei qual máquina escolher no runcomfy: a de 24GB ou a de 48GB. zit em 1024", None),
        # the card had, beside two only weighed as one or the other
        ("current: 3060 Ti, sdxl OOMs at 1024 even at batch 1. 4070 ti super or used 3090?", 8),
        # memory told as taken is not the card's size
        ("antes de iniciar o treino a VRAM já tá em 5GB ocupada. placa de 12GB, oom no step 1", 12),
    ],
)
def test_a_card_told_as_one_or_another_and_memory_taken(text: str, vram: int | None) -> None:
    assert understand(text).facts.get("vram_gb") == vram


def test_a_switch_next_on_a_list_is_not_made_yet() -> None:
    found = understand(
        "did both, still cuda oom on the very first step. zimage, 3080 ti. gc is off. next on my "
        "list is turning gc back on, saving that for last since everyone says it's slow"
    )
    assert found.facts["gc"] == "disabled"


@pytest.mark.parametrize(
    "text",
    [
        "FIRST LORA EVER AND IT CRASHES. SDXL, 1024, batch 1. i don't even know what gradient "
        "checkpointing is",
        "nem sei o que é gradient checkpointing, só sei que deu oom no passo 1",
    ],
)
def test_gc_not_even_known_is_unknown(text: str) -> None:
    assert understand(text).facts["gc"] == "unknown"


def test_memory_held_by_a_process_named_in_portuguese() -> None:
    found = understand(
        "fechei o navegador. o nvidia-smi ainda mostra 6gb ocupados por um python.exe que nem é "
        "o treino. flux dev, 3090, OOM no step 1"
    )
    assert found.intent == "outside_guide"


def test_a_card_corrected_after_an_earlier_message_is_no_wrong_card() -> None:
    found = understand(
        "wrong card in my last msg, sorry — it's a 3080 not a 3090. flux dev, gc on, 512 only and "
        "it still OOMs on step 1"
    )
    assert found.intent == "fix_oom"
    assert found.facts["vram_gb"] == 10


def test_memory_changed_from_an_amount_is_not_held_by_another() -> None:
    found = understand(
        "before i start: how does turning off one checkbox take someone from 20gb used to OOM? "
        "i want to understand it before i touch it on my sdxl run"
    )
    assert found.intent == "explain"
