"""What people tell of their runs: what went well before, what they wish, what they changed."""

from __future__ import annotations

import pytest

from engine.extract import extract


@pytest.mark.parametrize(
    ("text", "stable"),
    [
        # a run that went well, told beside GC on, in plain words
        ("Old run (GC on, 768 only, batch 2): fine. New run (GC on, 768 + 1024): OOM.", "yes"),
        (
            "trained 3 zit loras with GC on, bs2 768, no issues. this time I turned it off: OOM",
            "yes",
        ),
        ("Treino antigo (GC ligado, só 768, batch 2): ok. Treino novo: OOM depois de 3h.", "yes"),
        (
            "fiz umas 8 loras de flux com GC ligado sem nenhum problema. desliguei e agora estoura",
            "yes",
        ),
        ("Up to now I've always trained with GC on and batch 1 and it's been bulletproof.", "yes"),
        # a calm run before GC was switched off: it was on then
        ("gc is of and my lora keeps OOMing. it trained fine befor i turnd it of", "yes"),
        ("desativei o gc e agora dá oom no passo 2. antes tava treinando de boa", "yes"),
        # the crash is the run that was fine
        ("flex2 LoRA, gc on, ran fine for 3 hours then this: torch.OutOfMemoryError", None),
        # how things look, or a memory, is no run going well
        ("my samples look fine but the lora is mushy, flux dev gc on bs1. is it the gc?", None),
        ("dmesg says Killed process when my flux run dies. vram is fine (4090), gc on", None),
        # what switching it back on did is gc_retry, unless the run went through
        ("Turned GC on and it's fine. Why would it matter only once training starts?", None),
        ("re enabled gc, no more oom, it finish all 3000 steps, thanks guys", "yes"),
        # asked, or fine so far
        ("gc on, is it fine to go to batch 2?", None),
        ("GC on, fine so far at step 400", None),
        # another model told of before the one trained now, in the same sentence
        ("Started with SDXL, that was fine, then moved to Qwen-Image and turned GC off: OOM", None),
    ],
)
def test_a_stable_run_told_in_plain_words(text: str, stable: str | None) -> None:
    assert extract(text).facts.get("stable_with_gc") == stable


@pytest.mark.parametrize(
    ("text", "gc", "batch"),
    [
        # the switch still to do, under a wish said earlier in the sentence
        (
            "zit at 512 only, batch 1, gc on: no OOM, just slow. want to bump to 1024+1536"
            " buckets, batch 4 and turn gc off for speed. good idea on a 4090 or nah",
            "enabled",
            1,
        ),
        (
            "zimage on a 5090, batch 2 with GC on, zero OOMs. I'd like to test GC off to see"
            " how much faster it gets",
            "enabled",
            2,
        ),
        (
            "gc ligado, sem oom, batch 1. quero subir o batch pra 4 e desligar o gc, da?",
            "enabled",
            1,
        ),
        # what they read is no act of theirs
        (
            "GC on, batch 1, no crashes. I read turning off GC gives +30% speed. Worth it?",
            "enabled",
            1,
        ),
        # the value a change starts from is the run's
        (
            "want to go from batch 4 to effective 16 on 24gb, gc on and stable at batch 4",
            "enabled",
            4,
        ),
    ],
)
def test_a_wish_said_earlier_in_the_sentence(text: str, gc: str, batch: int) -> None:
    facts = extract(text).facts
    assert (facts.get("gc"), facts.get("batch_size")) == (gc, batch)


@pytest.mark.parametrize(
    ("text", "fact", "value"),
    [
        # a bare value a setting was lowered to keeps the setting's role
        ("Wan 2.1 t2v, 121 frames, oom 😩 i lower to 81 still oom. gc off.", "num_frames", 81),
        ("Wan 2.1, 121 frames, oom, baixei pra oitenta e um e continua. gc off", "num_frames", 81),
        ("batch 4 oom, i lower to 2 still oom", "batch_size", 2),
        # the effective batch wanted is not the batch run
        (
            "my card only fit batch 1 with zimage 1024. how to have batch 4 effective?",
            "batch_size",
            1,
        ),
        # sums and options asked about are not the run's
        ("effective batch = batch x accumulation? so bs 2 ga 2 = 4?", "batch_size", None),
        (
            "what is faster: gc off with batch 1, or gc on with batch 4? zimage 1024",
            "batch_size",
            None,
        ),
        ("I run batch 2, should I go to batch 4 or stay?", "batch_size", 2),
        # another person's card, and memory another process holds
        (
            "in the video the guy uses a 4090 with gc off. i have a 4060 ti and it ooms",
            "vram_gb",
            None,
        ),
        ("nvidia-smi shows another python process using 6gb on my gpu, then oom", "vram_gb", None),
    ],
)
def test_values_changed_wanted_or_not_theirs(text: str, fact: str, value: object) -> None:
    assert extract(text).facts.get(fact) == value


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # "na hora de/que…" is the moment of what follows, no "right away"
        ("ltx2 dando oom na hora de cachear os text embeddings, nem começou os steps", "loading"),
        ("trava sem memória bem na hora que gera a primeira imagem de amostra", "sampling"),
        ("deu oom na hora", "first_steps"),
        ("dá oom na hora que roda", None),
        # minutes into the run
        ("GC off + wan 2.2 5B + 49 frames = oom after ~40 min", "later"),
        ("crashes at step 2, estimated 40 min for the run", "first_steps"),
        # typos of the previews
        ("my flux dev lora keeps OOMing wen it makes the sampels", "sampling"),
        ("cuda out of mem on flux schnell when the sample generate, 768 x 1344", "sampling"),
        ("the memory of the GPU is full and crash, in the step 1 or 2", "first_steps"),
    ],
)
def test_when_it_broke(text: str, phase: str | None) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    ("text", "gc", "retry"),
    [
        (
            "I deactivate the gradient checkpointing for gain time and it crashes at step 1",
            "disabled",
            None,
        ),
        (
            "Gradient checkpointing: falso. O erro é out of memory no primeiro passo.",
            "disabled",
            None,
        ),
        # the verb after an "and" takes the next setting
        (
            "i enable back the gradient checkpointing and disable the sampling but still oom",
            "enabled",
            "still_oom",
        ),
        (
            "habilitei de volta o gradient checkpointing e desativei o sampling mas continua oom",
            "enabled",
            "still_oom",
        ),
        # a list of states is no verb of the next one
        ("bs1 gc on quantize on low_vram on 512 e ainda OOM", "enabled", None),
        # a key written in a question about where it goes is not the run's
        ("pls where i put gradient_checkpointing: true, in which block", None, None),
        ("where is the gc option, gc is off and it ooms", "disabled", None),
    ],
)
def test_gc_said_other_ways(text: str, gc: str | None, retry: str | None) -> None:
    facts = extract(text).facts
    assert (facts.get("gc"), facts.get("gc_retry")) == (gc, retry)


def test_another_process_on_the_card_is_outside_the_guide() -> None:
    read = extract("nvidia-smi show other python process use 6gb on my gpu, then ai toolkit oom")
    assert read.intent == "outside_guide"


def test_the_gpu_memory_full_is_the_card_s() -> None:
    read = extract("toda vez que chega lá pelo passo 600 acaba a memória de vídeo")
    assert read.facts.get("memory_kind") == "gpu"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        ("it crash oom at sampling. flux dev", "sampling"),
        ("runs out of vram the moment it starts sampling, training itself is 768", "sampling"),
        ("trains fine up to 500 then the sample round hits and CUDA OOM", "sampling"),
        ("dies every time it hits sample_every: 500 with CUDA out of memory", "sampling"),
        ("OOM during samples. I have 10 sample prompts", "sampling"),
        ("i copy his config and it OOM at start of training", "first_steps"),
        ("zimage keeps oom'ing after like 2h", "later"),
        # a preview round that takes long is no crash at the previews
        ("gc on, nothing crashes, but every preview round takes like 4 minutes", "none"),
    ],
)
def test_more_ways_to_say_when(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        ("put GC back on → still oom. dropped batch 4→2 → still oom.", 2),
        (
            "always trained with GC on and batch 1, bulletproof. Thinking about turning GC off"
            " and going to batch 2 for this round. Good idea?",
            1,
        ),
        ("currently GC on + batch 1, no OOM ever. thinking either batch 2 or GC off?", 1),
        ("Agora: batch 2, GC ligado, nenhum OOM. Queria voltar a ter o efeito do batch 6.", 2),
    ],
)
def test_the_batch_run_beside_the_batch_wished(text: str, batch: int) -> None:
    assert extract(text).facts.get("batch_size") == batch


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # a verb that says the state, with "it" for the setting named before
        (
            "Did 3 with the defaults, gc on, never crashed. Yesterday I read that turning off"
            " gradient checkpointing is faster so I unchecked it and now it OOMs",
            "disabled",
        ),
        ("o gc tava ligado, desliguei ele ontem e agora estoura", "disabled"),
        # the run that went well, told beside the one asked about, is the other side
        (
            "Gradient checkpointing desativado, low VRAM ativado. Dá OOM logo no início. Com GC"
            " ativado rodei dois treinos sem problema.",
            "disabled",
        ),
        # a question typed with a typo still asks
        (
            "gradiant checkpointing is off, oom at step 1. shud i turn it back on or lower bs",
            "disabled",
        ),
    ],
)
def test_the_state_now_beside_the_run_before(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # a crash named in a question about GC in general is no crash of theirs
        (
            "Quick question before I mess with anything: does turning off gradient checkpointing"
            " basically always OOM on 12GB? I'd be trying it on my Flux dev LoRA.",
            "explain",
        ),
        ("Why does disabling gradient checkpointing make it run out of memory?", "explain"),
        (
            "pergunta sincera: gc desligado sempre dá oom em placa de 12gb? ou depende do modelo?",
            "explain",
        ),
        # "anyone else getting" tells their own
        (
            "anyone else getting OOM on flux dev when the first sample generates? gc is off",
            "fix_oom",
        ),
        ("why does my zimage OOM at step 2 with gc off?", "fix_oom"),
        # memory another program holds, or the other card
        (
            "tava jogando enquanto treinava kkkk, aí o treino do sdxl deu out of memory",
            "outside_guide",
        ),
        (
            "o chrome com aceleração de hardware tava segurando 3gb de vram e dava oom",
            "outside_guide",
        ),
        (
            "tenho uma 4090 e uma 3060, treina na 3060 e dá oom. como escolho a gpu?",
            "outside_guide",
        ),
    ],
)
def test_what_a_crash_named_is_about(text: str, intent: str) -> None:
    assert extract(text).intent == intent


@pytest.mark.parametrize(
    ("text", "fact", "value"),
    [
        ("b4 i turned gc off it was fine, now oom at step 1", "batch_size", None),
        ("meaning bs 2 = double the extra memory?", "batch_size", None),
        (
            "gradient accumulation 4 com batch 2 = batch efetivo 8, certo? tô rodando assim",
            "batch_size",
            2,
        ),
        ("zimage 1024 bs4 gc off = oom instantâneo kkkk. com bs2 passava de boa", "batch_size", 4),
        ("planejo adicionar o bucket de 1536, hoje tá em 768/1024 bs 1", "max_resolution", 1024),
        (
            "sdxl com gc ligado, estável. diminuir o sample_steps de 30 pra 15 ajuda?",
            "sample_steps",
            30,
        ),
        ("Kontext dev: OOM ao aumentar o batch de 1 pra 3 com GC ligado.", "batch_size", 3),
    ],
)
def test_values_proposed_or_of_before(text: str, fact: str, value: object) -> None:
    assert extract(text).facts.get(fact) == value


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        (
            "training steps go fine but the moment the sampler kicks in at step 250 -> OOM",
            "sampling",
        ),
        (
            "ltx video lora, training steps are ok but it OOMs every time it renders the sample"
            " video",
            "sampling",
        ),
        (
            "Traceback:\n  self.sample(self.step_num)\ntorch.OutOfMemoryError: CUDA out of memory.",
            "sampling",
        ),
        ("gc off + batch 3 on zit was fine for like 800 steps then oom", "later"),
    ],
)
def test_the_moment_told_by_what_ran(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


def test_a_whole_image_job_says_no_clip_length() -> None:
    from engine.message import understand

    job = (
        "oom at step 1\n\njob: extension\nconfig:\n  name: x\n  process:\n    - type: sd_trainer\n"
        "      train:\n        batch_size: 4\n        gradient_checkpointing: false\n"
        "      model:\n        name_or_path: Tongyi-MAI/Z-Image-Turbo\n        arch: zimage\n"
        "      datasets:\n        - folder_path: /data\n          resolution: [512, 1024]\n"
    )
    facts = understand(job).facts
    assert facts.get("batch_size") == 4 and "num_frames" not in facts


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # the run that never crashed, told as a state beside the one that does, is the other
        (
            "SDXL na minha 3060, sem gradient checkpointing, dá OOM só de vez em quando. Com o GC"
            " ligado nunca deu problema, fiz umas 10 LoRAs assim.",
            "disabled",
        ),
        # "should I go back to it?" asks
        (
            "fiz 5 LoRAs com GC ligado, tudo certinho. testei GC off e deu OOM no primeiro"
            " preview. Volto pro ligado e fico quieta?",
            "disabled",
        ),
        # what people say is not the run's
        ("o pessoal fala que GC ligado estraga a semelhança. faz sentido?", None),
    ],
)
def test_the_other_run_told_beside(text: str, gc: str | None) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # a crash dealt with right away: what is asked after it is the goal
        (
            "com GC off minhas amostras ficavam melhores, aí deu OOM e religuei. agora tá tudo"
            " meio genérico. GC piora qualidade sim ou é coincidência?",
            "quality",
        ),
        ("deu OOM e religuei, continua dando OOM", "fix_oom"),
        # "no gc" is GC off, not a crash ruled out
        ("zimage turbo bs8 no gc 4090 OOM instantly. yes i know", "fix_oom"),
        # other programs on the card, the card picked, the toolkit updated
        (
            "ai-toolkit picks GPU 0 (the 3060) and OOMs at step 1. how do i point it at the 3090",
            "outside_guide",
        ),
        (
            "training was fine until i started comfyui on the same card, now the toolkit OOMs",
            "outside_guide",
        ),
        (
            "Atualizei o toolkit pelo launcher e desde então o job dá OOM no cache de latents",
            "outside_guide",
        ),
    ],
)
def test_what_is_wanted_after_a_crash(text: str, intent: str) -> None:
    assert extract(text).intent == intent


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # images of a size, said as where it breaks
        ("bs 2, buckets 512 768 1024. it dies once it hits a 1024 batch", "bucket_spike"),
        ("flex.2, 512 + 1024 buckets, only the 1024 batches blow up", "bucket_spike"),
        ("gc off -> OOM only on the 1328 ones", "bucket_spike"),
        ("512, 768 e 1024, batch 3. o OOM só vem quando pega imagem de 1024", "bucket_spike"),
        # a size beside the step it dies at is no bucket
        ("sdxl a 1024 batch 1, e mesmo assim dá CUDA OOM no primeiro passo", "first_steps"),
        ("oom on step 1 at 1024 batch 2", "first_steps"),
        # the previews and the loading said other ways
        ("sampling OOM with gc on. flux dev fp8, 12gb 3060", "sampling"),
        ("OOM durante o cache dos text embeddings. z-image, 8GB", "loading"),
        ("erro de VRAM na hora de carregar o modelo, qwen edit 2511", "loading"),
        ("o treino roda bem até uns 1800 passos e aí dá OOM do nada", "later"),
        ("ltx-video 121 frames 768 bs1 gc off → oom in 2 steps", "first_steps"),
    ],
)
def test_where_and_when_it_breaks(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


def test_a_feared_blow_up_is_no_crash() -> None:
    read = extract("Run B: gc off -> 2.4 s/it, no OOM either way. Is B safe or will it blow up?")
    assert read.intent != "fix_oom"


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        # "on" before a size or a card in a list of settings is GC's state
        ("qie 2509 b1 1024 gc on 24g. ooms at sample step 20/25", "enabled"),
        ("zimage 512/1024/1280 bs 2 gc on 24g. de vez em quando oom", "enabled"),
        # "on" after a state is where it runs
        ("sdxl at 1024 w/ bs8 and gc off on 12g. ooms instantly. too greedy?", "disabled"),
        ("zimage turbo gc off on 3070, lowvram on, oom loading model", "disabled"),
        # a friend's state is not theirs
        (
            "gc is on and my flux loras look worse than my friend's who has it off. coincidence?",
            "enabled",
        ),
        # the setup told while asking to understand is theirs when said as now
        (
            "how much slower is ga4 vs bs4 if both fit? flux dev 1024, 5090, currently bs4 ga1"
            " gc on",
            "enabled",
        ),
    ],
)
def test_gc_in_dense_lists(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        # the batch the card takes, beside the one that crashed
        ("3090 fits batch 1 at 1024 for qwen edit with gc on, batch 2 ooms. effective 8?", 1),
        (
            "qwen edit on a 4090: batch 1 fits, batch 2 doesn't (OOMs). how do I get batch 4 then?",
            1,
        ),
        ("na 4090 cabe batch 1 em 1024 no qwen edit, batch 2 ja estoura.", 1),
        # a crash of the batch run now
        ("batch 2 OOMs at step 1 on zimage", 2),
    ],
)
def test_the_batch_that_fits(text: str, batch: int) -> None:
    assert extract(text).facts.get("batch_size") == batch


@pytest.mark.parametrize(
    ("text", "gc", "stable"),
    [
        (
            "updated ai-toolkit yesterday and now my same job OOMs at step 1. gc is on like always",
            "enabled",
            "yes",
        ),
        (
            "H100, Qwen Image Edit, zero problema de memória com GC ligado. Vale a pena desligar?",
            "enabled",
            "yes",
        ),
        (
            "RunComfy bills by the hour. gc is on, runs complete without issues.",
            "enabled",
            "yes",
        ),
    ],
)
def test_as_always_and_without_issues(text: str, gc: str, stable: str) -> None:
    facts = extract(text).facts
    assert (facts.get("gc"), facts.get("stable_with_gc")) == (gc, stable)


@pytest.mark.parametrize(
    "text",
    [
        "my computer freezes and the whole RAM is full like 64 gigs when the flux training starts",
        "RuntimeError: unable to mmap 10485760 bytes from file: Cannot allocate memory (12)",
        "o treino nem começa, a memória RAM do pc vai a 100% e o windows fecha tudo",
        "o pc começa a usar swap até travar, durante o treino do flux dev",
        'o container reinicia no meio do treino e o log diz "container exceeded memory limit"',
    ],
)
def test_the_system_s_memory_running_out(text: str) -> None:
    read = extract(text)
    assert (read.intent, read.facts.get("memory_kind")) == ("outside_guide", "system")


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("right now it samples every 100 steps, 4 prompts at 1024x1024, 25 steps each", 25),
        ("sdxl dá oom na hora de gerar as amostras, 768x1344 com 40 steps. 3060", 40),
        ("tô gerando sample a cada 200 passos, 768x768, 20 steps. vale a pena subir pra 1000?", 20),
        # the training's size and a count of steps are no previews
        ("training at 1024x1024, 30 steps in it ooms", None),
    ],
)
def test_the_previews_steps_after_their_size(text: str, steps: int | None) -> None:
    assert extract(text).facts.get("sample_steps") == steps


@pytest.mark.parametrize(
    "text",
    [
        "I trained the same Z-Image LoRA twice, once with GC on and once with it off, and the"
        " off one looks sharper. Coincidence?",
        "Two runs on the same dataset, one with gradient checkpointing on, one off. Is the off one"
        " really better?",
        "ai toolkit + zimage. tried everything. GC on off on off. nothing",
    ],
)
def test_two_runs_told_side_by_side_give_no_state(text: str) -> None:
    assert "gc" not in extract(text).facts


def test_frames_pasted_under_the_sample_section_are_the_previews() -> None:
    text = (
        "sample:\n  sample_every: 200\n  num_frames: 33\ntrain:\n  gradient_checkpointing: false\n"
        "  batch_size: 1\n\nwan 2.2 on a 5090, it dies while generating the samples"
    )
    assert "num_frames" not in extract(text).facts


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        ("gonna flip gc back on and pray. flux dev ooms at step 1 on my 4080", "disabled"),
        (
            "galera desliguei o gradient checkpointing pq tava lento e agora estoura a vram",
            "disabled",
        ),
        (
            "treinando sdxl em 1024 com bs 1 e gc desligado. CUDA out of memory logo no começo",
            "disabled",
        ),
        (
            "Sempre usei GC ligado, nunca deu problema. Vi um video dizendo q desligar o gc deixa"
            " mais rapido e fui testar. Resultado: CUDA out of memory no primeiro passo.",
            "disabled",
        ),
    ],
)
def test_plans_greetings_and_numbers_beside_the_state(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


@pytest.mark.parametrize(
    "text",
    [
        "turned gc back on and it went through, thx",
        "crashed at step 2 with GC off. I switched it back on and it finished overnight",
        "reativei o gc. sem mais oom 👍 terminou os 3000 passos, valeu galera",
        "> Did turning gradient checkpointing back on fix it?\nyes!! finished all 3000 steps, ty",
        "> Reativar o gradient checkpointing resolveu?\nresolveu sim!! terminou o treino inteiro",
    ],
)
def test_a_retry_that_went_to_the_end_is_a_stable_run(text: str) -> None:
    facts = extract(text).facts
    assert facts.get("gc_retry") == "fixed"
    assert facts.get("stable_with_gc") == "yes"


@pytest.mark.parametrize(
    "text",
    [
        "thanks, flipped it back on and it's training fine now",
        "religuei o gc e já passou do passo 800 sem crashar",
    ],
)
def test_a_retry_still_running_is_no_stable_run(text: str) -> None:
    assert "stable_with_gc" not in extract(text).facts


@pytest.mark.parametrize(
    ("text", "fact", "value"),
    [
        (
            "how do I set the sample size? want previews at 512 instead of 1024",
            "sample_width",
            1024,
        ),
        ("want previews every 500 instead of every 100, where is it?", "sample_every", 100),
        ("still OOM, now going to try 640 instead of 768 on Flex.1", "max_resolution", 768),
        ("samples at 768 instead of 1024 did it, thanks", "sample_width", 768),
        ("will training at 768 instead of 1024 cost me detail?", "max_resolution", None),
        ("I'd like the previews smaller than 1024, where is the field?", "sample_width", None),
        ("sdxl, captions up to 1024 tokens, training at 768, batch 4, OOM", "max_resolution", 768),
        (
            "flux.2, max_sequence_length 512, res 1024/1280, oom at step 3",
            "resolutions",
            [1024, 1280],
        ),
    ],
)
def test_values_wished_in_place_of_others_and_lengths_of_text(
    text: str, fact: str, value: object
) -> None:
    assert extract(text).facts.get(fact) == value


@pytest.mark.parametrize(
    "text",
    [
        "there's a python.exe from the run I stopped still sitting on 18GB. thats why it OOMs?",
        "o jogo comeu a vram e o treino morreu com cuda out of memory",
        "top\nMiB Mem :  31906.2 total,  211.4 free\nMiB Swap:  16384.0 total\nkswapd0 99%",
        "RuntimeError: unable to write to file </torch_31_2>: No space left on device (28)",
        "so atualizei o driver da nvidia ontem e hj o treino ta em 25s/it, sem erro nenhum",
    ],
)
def test_memory_trouble_outside_the_guide_told_without_its_name(text: str) -> None:
    assert extract(text).intent == "outside_guide"


@pytest.mark.parametrize(
    "text",
    [
        "trained like a dozen loras on zit with gc on never an issue. unticked it and now cuda oom",
        "galera treinei uns 10 lora de zit com gc ligado e nunca deu problema. desliguei e agora"
        " estoura a vram no passo 2",
        "com gc ligado nunca tive problema nenhum, desliguei hj e ja crashou 3x por falta de vram",
        "terminei 3 loras assim com gc ligado, nenhum pau. se eu desligar fica qto mais rapido?",
        "Previous runs with GC on: 4 completed, zero OOM.",
    ],
)
def test_runs_that_went_well_with_gc_on_said_every_way(text: str) -> None:
    assert extract(text).facts.get("stable_with_gc") == "yes"


def test_a_crash_out_of_nowhere_is_still_a_crash() -> None:
    facts = extract(
        "roda lindo por umas 2 horas e do nada estoura a VRAM, la pelo passo 2300"
    ).facts
    assert facts.get("oom_phase") == "later"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        ("toda vez que vai samplear estoura a VRAM. zimage, gc off", "sampling"),
        ("da oom direto, logo que começa o treino. chroma, 4090, gc off", "first_steps"),
        ("no meio da epoca 3 estoura, sempre. wan 2.2 5b, gc desligado", "later"),
    ],
)
def test_when_it_breaks_in_more_words(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    ("text", "retry"),
    [
        ("re enabled gc and its fine now", "fixed"),
        ("bro, turned GC back on e agr ta treinando normal, thanks!!", "fixed"),
        ("gc on again, now it ooms at the FIRST SAMPLE instead of step 1", "still_oom"),
        ("Re-enabled GC and the OOM is gone.", "fixed"),
        ("GC is still on, it was never off, and it OOMs at step 2", None),
    ],
)
def test_what_a_switch_back_on_did(text: str, retry: str | None) -> None:
    assert extract(text).facts.get("gc_retry") == retry


def test_an_emoji_ends_the_clause_of_a_state() -> None:
    facts = extract("finished overnight with gc on 🎉 now how do i make it not take 9 hours").facts
    assert facts.get("gc") == "enabled"
    assert facts.get("stable_with_gc") == "yes"


@pytest.mark.parametrize(
    "text",
    [
        "no kohya meu sdxl rodava com gc on sem problema. aqui no ai toolkit desliguei e oom",
        "In OneTrainer I ran the same dataset with checkpointing on, never a problem. Here it OOMs",
    ],
)
def test_runs_in_another_trainer_are_no_stable_run_here(text: str) -> None:
    assert "stable_with_gc" not in extract(text).facts


@pytest.mark.parametrize(
    ("text", "width", "height"),
    [
        ("previews every 100 steps at 1024 with 30 steps, any tips to go faster?", 1024, 1024),
        ("previews are 1024x1024 x 4 prompts every 200 steps and eat half my time", 1024, 1024),
        ("flux dev, gc off, bs 1, sample_steps 28, width 1024 height 768, 24 GB", 1024, 768),
    ],
)
def test_the_previews_size_said_among_their_settings(text: str, width: int, height: int) -> None:
    facts = extract(text).facts
    assert (facts.get("sample_width"), facts.get("sample_height")) == (width, height)


def test_the_training_resolution_after_the_previews_interval_is_not_theirs() -> None:
    facts = extract("previews 1024x1024 8 steps every 250, training 512/768, gc off").facts
    assert facts.get("max_resolution") == 768


@pytest.mark.parametrize(
    "text",
    [
        "tem como acelerar o treino sem desligar o gc? ta mto lento na minha 3060",
        "nao ta dando OOM, so quero mais rapido: 9 s/it no qwen edit em 1024 com gc ligado",
    ],
)
def test_gc_on_beside_a_wish_for_speed(text: str) -> None:
    assert extract(text).facts.get("gc") == "enabled"


@pytest.mark.parametrize(
    "text",
    [
        "rodava liso com gc ligado ontem, hj tirei pra acelerar e deu oom na primeira amostra",
        "tava rodando liso com gc ligado, mudei pra off e agora OOM no sample inicial",
        "gc was on and it ran fine. changed to off and it ooms at step 2",
    ],
)
def test_a_switch_that_names_no_setting_takes_the_one_named_before(text: str) -> None:
    assert extract(text).facts.get("gc") == "disabled"


def test_taking_off_something_else_is_no_switch_of_gc() -> None:
    text = "> liga o gradient checkpointing\nliguei. mesma coisa.\n> tira o bucket de 1280\ntirei"
    assert extract(text).facts.get("gc") == "enabled"


def test_going_back_to_on_after_an_oom_is_a_retry() -> None:
    text = "tava com GC on e suave. mudei pra off e oom nos samples. voltei pra on e ainda oom"
    facts = extract(text).facts
    assert (facts.get("gc"), facts.get("gc_retry")) == ("enabled", "still_oom")


@pytest.mark.parametrize(
    "text",
    [
        "ja tive gc desligado, hj ta ligado, e o qwen ainda estoura a vram nos samples",
        "nao desliguei o gc nem ativei o low vram. zimage morre quantizando numa 3080",
        "Sem o GC o treino nem comeca, estoura na hora. Com ele vai, mas lento demais.",
        "why did my step time go up ~30% when I enabled it on Flex.1?",
    ],
)
def test_gc_now_beside_what_it_was_or_would_be(text: str) -> None:
    assert extract(text).facts.get("gc") == "enabled"


@pytest.mark.parametrize(
    "text",
    [
        "dizem q gc off deixa a lora mais nitida, procede?",
        "I've seen claims in Reddit threads that LoRAs trained with `gradient_checkpointing: false`"
        " come out sharper. Is that true?",
    ],
)
def test_what_others_claim_of_gc_is_not_the_run(text: str) -> None:
    assert "gc" not in extract(text).facts


def test_ones_own_config_quoted_is_the_run_even_after_says() -> None:
    text = "Mine says gradient_checkpointing: false somewhere and I want to flip it back."
    assert extract(text).facts.get("gc") == "disabled"


@pytest.mark.parametrize(
    "text", ["a resolução é 768, não 1024", "it's not 1024 but 768", "res 768 and not 1024"]
)
def test_a_value_said_not_to_be_the_one(text: str) -> None:
    assert extract(text).facts.get("max_resolution") == 768


@pytest.mark.parametrize(
    "text",
    [
        "It crashes at random steps. Is there a middle ground, or is it just GC back on?",
        "Tava tudo certo com o GC ligado. Ai li que desligar o gradient checkpointing acelera"
        " bastante e desliguei. Agora crasha no primeiro preview.",
        "I read that disabling gc makes it faster and turned it off, now it OOMs at step 1",
    ],
)
def test_gc_off_told_beside_a_wish_or_a_rumour(text: str) -> None:
    assert extract(text).facts.get("gc") == "disabled"


@pytest.mark.parametrize(
    ("text", "batch"),
    [
        (
            "Qwen Edit 2509, batch 2, 1024, GC off, OOM on step 1. The previous job with the same"
            " settings but GC on and batch 1 trained fine.",
            2,
        ),
        (
            "Qwen Edit, batch 4, gc desligado, OOM nos lotes de 1024. Os jobs anteriores, com gc"
            " ligado e batch 2, foram perfeitos.",
            4,
        ),
    ],
)
def test_the_batch_of_a_previous_job_is_not_the_run_now(text: str, batch: int) -> None:
    facts = extract(text).facts
    assert (facts.get("batch_size"), facts.get("gc")) == (batch, "disabled")


def test_a_speed_after_gc_is_no_state() -> None:
    # "3.2s/it" is no state of GC; with and without, each with what it does, is a comparison
    text = "c/ gc: 3.2s/it, zero oom\ns/ gc: 1.9s/it, mas oom no primeiro sample"
    assert extract(text).facts.get("gc") is None
    assert extract("s/ gc: 1.9s/it, mas oom no primeiro sample").facts.get("gc") == "disabled"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        ("it STILL crashes with CUDA out of memory after roughly 500 steps", "later"),
        ("crashou por oom depois de uns 2 mil steps", "later"),
        ("OOM after ~2 hours, step 1800 or so", "later"),
        (
            "cuda oom at random steps, it's always a 1024 batch when it dies",
            "bucket_spike",
        ),
    ],
)
def test_when_it_breaks_said_with_approximations(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


def test_thousands_of_images_are_no_size() -> None:
    text = "o processo some, 'Killed', cacheando os latents do dataset (3 mil imagens), 3090"
    assert "max_resolution" not in extract(text).facts


@pytest.mark.parametrize(
    ("text", "gc"),
    [
        (
            "The video recommended turning off gradient checkpointing for speed, which I did.",
            "disabled",
        ),
        (
            "6 loras on hidream with gc on and never had an issue. this one i turned it off",
            "disabled",
        ),
        ("disabled gc and the samples look way sharper?? is that real or placebo", "disabled"),
        (
            "Meu LoRA ficou horrivel. Treinei com gradient checkpointing ligado. Sera que e isso?",
            "enabled",
        ),
    ],
)
def test_ones_own_act_on_gc_told_in_passing(text: str, gc: str) -> None:
    assert extract(text).facts.get("gc") == gc


def test_gc_switched_one_state_after_another_is_no_comparison() -> None:
    assert (
        extract("gc was off -> turned it on -> still dies at step 40").facts.get("gc") == "enabled"
    )


def test_a_doubt_after_gcs_name_with_a_filler() -> None:
    text = "LTX, 121 frames, 4090. GC: honestly no idea, I used a config from Civitai. OOM at once"
    assert extract(text).facts.get("gc") == "unknown"


@pytest.mark.parametrize(
    ("text", "intent", "fact", "value"),
    [
        # crashing said in the gerund
        (
            "mano meu treino de flux schnell ta crashando na hora do preview, gc off, 3080 ti",
            "fix_oom",
            "oom_phase",
            "sampling",
        ),
        (
            "reativei o gc e continua crashando na hora das amostras. flux dev, 3090",
            "fix_oom",
            "oom_phase",
            "sampling",
        ),
        # the system's RAM filling up, told without the word OOM
        (
            "ai-toolkit eats all 32GB of my system RAM while caching latents and Windows freezes",
            "outside_guide",
            "memory_kind",
            "system",
        ),
        (
            "a RAM de 64gb enche, começa a usar swap e o treino do flux 2 fica parado",
            "outside_guide",
            "memory_kind",
            "system",
        ),
    ],
)
def test_crashes_and_ram_filling_told_without_the_usual_words(
    text: str, intent: str, fact: str, value: str
) -> None:
    extraction = extract(text)
    assert (extraction.intent, extraction.facts.get(fact)) == (intent, value)


@pytest.mark.parametrize(
    "text",
    [
        "64gb ram, 4090, gc off, oom at step 2",
        "tenho 32gb de ram e uma 3060 ti, da OOM no primeiro step com zit e gc off",
    ],
)
def test_how_much_ram_there_is_is_not_what_ran_out(text: str) -> None:
    extraction = extract(text)
    assert extraction.intent == "fix_oom"
    assert "memory_kind" not in extraction.facts


@pytest.mark.parametrize(
    "text",
    [
        "in the yaml is it `gradient_checkpointing: true` under `train:` or under `model:`?",
        "no yaml é `gradient_checkpointing: true` dentro de train ne? ou vai em model?",
    ],
)
def test_the_key_quoted_to_ask_where_it_goes_is_no_state(text: str) -> None:
    extraction = extract(text)
    assert extraction.intent == "where_to_change"
    assert "gc" not in extraction.facts


@pytest.mark.parametrize(
    "text",
    [
        "a 3090 and a 1080 Ti here, and the training always lands on the 1080 Ti and OOMs",
        "tenho 2 placas aqui (3090 + 3060), selecionei a 3090 mas o treino foi parar na 3060",
        "Training ends up on GPU 0 while the second 3090 sits idle. OOM at step 1 with Chroma.",
    ],
)
def test_the_job_on_the_wrong_gpu_told_more_ways(text: str) -> None:
    assert extract(text).intent == "outside_guide"


def test_two_cards_of_the_same_kind_are_no_wrong_gpu() -> None:
    text = "sdxl, maquina com 2 placas 3090. cuda out of memory no step 0 com gc off, batch 8"
    assert extract(text).intent == "fix_oom"


@pytest.mark.parametrize(
    "text",
    [
        "turned GC back on and it works now!! but it's slow again. was OOMing at step 2 with it"
        " off. anything else i can do for speed?",
        "religuei o gc e funcionou!! mas voltou a ficar lento. tava dando OOM no step 2 com ele"
        " desligado. tem outra coisa pra acelerar?",
        "qnd eu desligo o gc da oom, entao deixo ligado, mas ta lento demais. dica pra acelerar?",
        "gc ta ligado e nao da erro nenhum, 6 horas por lora. desligar o gc ajuda ou vai dar oom?",
        "3h a lora with gc on, never crashed. can i turn it off to go faster or will it oom?",
    ],
)
def test_a_crash_feared_or_told_as_how_it_was_leaves_the_wish_for_speed(text: str) -> None:
    assert extract(text).intent == "speed"


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        # a log that went on past the loading lines: the training bar says the first step
        (
            "Loading transformer\nQuantizing transformer\nCaching latents: 100%|████| 24/24\n"
            "my_lora:   0%|          | 0/3000 [00:00<?, ?it/s]\n"
            "torch.OutOfMemoryError: CUDA out of memory.",
            "first_steps",
        ),
        ("OOM right after caching latents finishes, first step never completes", "first_steps"),
        ("crasha com cuda oom assim que termina de cachear os latents, no passo 1", "first_steps"),
        ("o cache dos latents termina e no passo 1 da cuda out of memory", "first_steps"),
        # the loading line's own bar, unfinished: the crash is in it
        (
            "Caching latents to disk\n  0%|          | 0/48 [00:00<?, ?it/s]\n"
            "RuntimeError: CUDA error: out of memory",
            "loading",
        ),
        (
            "Quantizing transformer 12%|#2 | 6/48 [00:22<02:37]\n"
            "torch.OutOfMemoryError: CUDA out of memory",
            "loading",
        ),
        ('OOMs right after "Loading transformer", so before training even starts', "loading"),
    ],
)
def test_a_loading_stage_got_through_is_not_when_it_broke(text: str, phase: str) -> None:
    assert extract(text).facts.get("oom_phase") == phase


@pytest.mark.parametrize(
    "text",
    [
        "gc off, flex.2, bs 2. OOMs maybe 1 in 20 steps, looks random",
        "ooms randomly mid-epoch, 768 + 1024 buckets, gc on",
        "ainda estoura de vez em quando no meio do treino. chroma, 3090",
        "morre em step aleatorio, ja foi no 57, no 213 e agora no 140",
        "OOM depois de uns 300 steps, sempre quando cai um clipe de 720",
        "wan 2.2 5b, da OOM so em alguns clipes, os outros passam",
        "step 233: OOM\nstep 601: OOM\nalways on a 1216 batch. flux dev bs 2 gc off",
    ],
)
def test_now_and_then_or_on_some_images_is_a_spike(text: str) -> None:
    assert extract(text).facts.get("oom_phase") == "bucket_spike"


@pytest.mark.parametrize(
    "text",
    [
        "gc off no z image de-turbo, 5090, 1536 bucket, bs 4 -> OOM no primeiro passo",
        "so bucket 1024, b4, qie 2509, gc off -> oom no primeiro step",
    ],
)
def test_a_bucket_set_is_no_spike(text: str) -> None:
    assert extract(text).facts.get("oom_phase") == "first_steps"
