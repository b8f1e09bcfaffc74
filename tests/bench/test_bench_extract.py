"""Extraction speed over long messages (20-60 words, every fact kind): median under 400 µs, p99
under 1 ms.

The floor users are promised is the turn's (a median under 200 µs over the conversations of
test_bench_engine.py, most of whose messages are shorter). These messages are the long end: every
number scored for every role, states weighed by tense, quotes and wishes, the learned intent model
where the cues are unsure. Well under a millisecond, no one can tell; the budget is there to catch
a reading that suddenly costs ten times more. (It was 300 µs until the rules for numbers said in
words, guesses, comparisons and previews' frames made a long message about a tenth slower, 253 →
277 µs at best on this machine; the turn's floor still holds. It was 350 µs until the next
reading round: on a slower day of this shared machine the code that round started from measured
327–362 µs and its end 368–383 µs, alternated runs of the same loop; about 40 µs more, most of it
in the number roles and the larger word lists.)
"""

from __future__ import annotations

import statistics
import time

from engine.extract import extract

MESSAGES = [
    "Oi! Desliguei o gradient checkpointing no Z-Image Turbo pra treinar mais rápido e agora dá"
    " CUDA out of memory logo no passo 2. Estou com uma RTX 4090, batch 4, buckets 512, 768 e"
    " 1024. O que eu faço?",
    "Hi, I turned off gradient checkpointing on Flux dev because training was too slow, and now I"
    " get torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB at step 3."
    " 24GB card, batch size 2, resolution 1024.",
    "Já reativei o GC e continua dando OOM durante o preview. Qwen-Image-Edit-2509, sample"
    " 1024x1024, sample steps 30, sample every 250, 32GB de VRAM numa 5090, low_vram: true.",
    "Training Wan 2.2 with 81 frames on an A6000. GC is on, batch 1, grad accum 4, but it randomly"
    " OOMs on some buckets after a few hours. Is this a known issue after updating AI Toolkit?",
    "Does gradient checkpointing hurt quality? My samples look bad and I was thinking about"
    " turning GC off to see if likeness improves. SDXL, 12gb vram, RTX 3060, batch 1.",
    "meu treino travou por falta de memória depois de atualizar o ai toolkit, apareceu só Killed"
    " no terminal, exit code 137. tenho 32gb de ram e uma 3090. é a ram do sistema?",
    "o que é gradient checkpointing e por que todo mundo diz pra deixar ligado? tenho uma 4070 Ti"
    " Super de 16GB e treino Chroma com batch 2 e previews em 768",
    "no OOM at all, just want it faster. Flex.2, gc on, bs=4, 1024x1024, sample steps 25,"
    " disable_sampling: false, quantize: true with fp8. Where's the real speed win?",
    "GC não está desligado, mas às vezes estoura a VRAM no bucket de 1536 com o Z-Image. Batch"
    " size de 2, gradient accumulation 2, 24 GB de VRAM. Devo remover o bucket mais alto?",
    "gradiant checkpoiting off, out of memori while caching latents on LTX video, num_frames: 49,"
    " 16GB 4080, low vram ligado, quantizado, sample every 500 steps. any ideas??",
]
ROUNDS = 300


def _timings() -> list[float]:
    for message in MESSAGES:  # warm the typo cache and the interpreter's own caches
        extract(message)
    timings: list[float] = []
    for _ in range(ROUNDS):
        for message in MESSAGES:
            # CPU time of this thread: other processes sharing the machine do not count.
            start = time.thread_time()
            extract(message)
            timings.append(time.thread_time() - start)
    return timings


def test_extract_is_fast() -> None:
    timings = sorted(_timings())
    median_us = statistics.median(timings) * 1e6
    p99_us = timings[int(len(timings) * 0.99)] * 1e6
    print(f"\nextract: median {median_us:.1f} µs, p99 {p99_us:.1f} µs over {len(timings)} runs")
    assert median_us < 400
    assert p99_us < 1000
