"""Benchmark of one in-process turn: extraction, traversal and rendering.

Run by ``make bench`` with ``-s``: prints the median and the 99th percentile in microseconds.
"""

from __future__ import annotations

import gc
import statistics
import time

from engine.engine import Engine
from engine.state import ConversationState, Opening, Reply
from kb.validate import load_validated

OPENINGS = [
    ("pt-BR", "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"),
    ("en", "help, out of memory"),
    ("en", "Using Flex.2 with gc off, I get OOM. bs=4, buckets 512-1024"),
    ("en", "FLUX.1-dev OOM during training step, RTX 3090"),
    ("pt-BR", "quero treinar mais rápido, já tenho um treino estável com GC ligado"),
    ("en", "training Killed"),
    ("en", "my samples look bad, does GC hurt quality?"),
    ("en", "what's the weather today?"),
]
REPLIES = [Reply(text="it's off, Wan 2.2, batch 2, 81 frames"), Reply(value="still_oom")]
ROUNDS = 300


def _turns(engine: Engine) -> list[float]:
    """Seconds per turn: every opening, and two replies after the 'help' opening."""
    timings = []
    for locale, text in OPENINGS:
        begin = time.perf_counter()
        engine.start(Opening(locale=locale, text=text))
        timings.append(time.perf_counter() - begin)
    state: ConversationState
    state, _ = engine.start(Opening(locale="en", text="help, out of memory"))
    for reply in REPLIES:
        begin = time.perf_counter()
        state, _ = engine.reply(state, reply)
        timings.append(time.perf_counter() - begin)
    return timings


def test_a_turn_is_fast() -> None:
    kb, catalog = load_validated()
    engine = Engine(kb, catalog, "/guide")
    for _ in range(20):
        _turns(engine)  # warm-up: template compilation and caches
    gc.collect()
    gc.disable()  # as timeit does: a collector pause belongs to no one turn
    try:
        samples = [t * 1e6 for _ in range(ROUNDS) for t in _turns(engine)]
    finally:
        gc.enable()
    samples.sort()
    median = statistics.median(samples)
    p99 = samples[int(len(samples) * 0.99) - 1]
    print(f"\nengine turn: median {median:.0f} µs, p99 {p99:.0f} µs over {len(samples)} turns")
    assert median < 200
    assert p99 < 1000
