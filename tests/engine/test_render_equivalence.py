"""The text memo never answers for a different rendering: a memoized engine gives the same turns
as one that renders every text, and a template's memo key keeps every fact it can read."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from engine.engine import Engine
from engine.errors import InvalidReply
from engine.render import Renderer, _facts_read
from engine.state import ConversationState, Opening, Reply
from kb.schema import QuestionNode
from kb.validate import load_validated

TEXTS = [
    "out of memory",
    "gc is off",
    "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4",
    "Using Flex.2 with gc off, I get OOM. bs=4, buckets 512-1024",
    "quero treinar mais rápido, já tenho um treino estável com GC ligado",
    "Qwen-Image-Edit, batch 1, 48GB, previews every 250 steps at 20 steps",
    "Wan 2.2 com 81 frames estoura a VRAM, GC ligado, bs=1",
    "my samples look bad, does GC hurt quality?",
    "training Killed",
    "still OOM at step 3",
    "it works now",
]


class _Unmemoized(Renderer):
    def _memo_key(self, key: str, locale: str, params: dict[str, Any]) -> tuple[Hashable, ...]:
        return (object(),)  # never found again: every text is rendered


def _conversations(engine: Engine, seed: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    for _ in range(60):
        locale = rng.choice(["en", "pt-BR"])
        state: ConversationState
        state, turn = engine.start(Opening(locale=locale, text=rng.choice(TEXTS)))
        out.append(turn.model_dump_json())
        for _ in range(rng.randint(1, 6)):
            pending = engine.graph.nodes.get(state.pending or "")
            if isinstance(pending, QuestionNode) and pending.options and rng.random() < 0.7:
                reply = Reply(value=rng.choice(pending.options))
            else:
                reply = Reply(text=rng.choice(TEXTS))
            try:
                state, turn = engine.reply(state, reply)
            except InvalidReply:
                continue
            out.append(turn.model_dump_json())
        out.append(
            engine.diagnose(Opening(locale=locale, text=rng.choice(TEXTS))).model_dump_json()
        )
    return out


def test_memoized_texts_are_the_texts_rendered() -> None:
    kb, catalog = load_validated()
    memoized = Engine(kb, catalog, "/guide")
    plain = Engine(kb, catalog, "/guide")
    plain.renderer = _Unmemoized(kb, catalog, "/guide")
    for seed in range(3):
        assert _conversations(memoized, seed) == _conversations(plain, seed)


@pytest.mark.parametrize(
    ("source", "read"),
    [
        ("plain {{ level }}", ()),
        ("{{ facts.get('gc') }} {{ facts.get('goal') }} {{ facts.get('gc') }}", ("gc", "goal")),
        ("{% if facts is defined %}{{ facts.get('gc') }}{% endif %}", ("gc",)),
        ("{{ facts }}", None),
        ("{{ facts['gc'] }}", None),
        ("{{ facts.gc }}", None),
        ("{{ facts.get('gc', 'on') }}", None),
        ("{{ facts.get(name) }}", None),
        ("{% set facts = {} %}{{ facts.get('gc') }}", None),
        ("{% for k in facts %}{{ k }}{% endfor %}", None),
        ("{{ facts is undefined }}{{ facts.get('gc') }}", None),
    ],
)
def test_facts_read_only_through_get_with_a_name(source: str, read: tuple[str, ...] | None) -> None:
    assert _facts_read(source) == read
