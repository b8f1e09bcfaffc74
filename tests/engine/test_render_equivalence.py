"""The memos never answer for a different rendering: a memoized engine gives the same turns as
one that renders every text and every answer, a template's memo key keeps every fact it can read,
and an answer's memo key every fact and signal it can read."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest

from engine.engine import Engine
from engine.errors import InvalidReply
from engine.render import Answered, Renderer, _facts_read, _Whens
from engine.state import ConversationState, Opening, Reply
from kb.contract import FACTS, FactSpec, FactType, FactValue
from kb.schema import AnswerNode, QuestionNode
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
    """Never finds a text or an answer again: every one is built."""

    def _memo_key(self, key: str, locale: str, params: dict[str, Any]) -> tuple[Hashable, ...]:
        return (object(),)

    def _answered_key(self, *args: Any, **kwargs: Any) -> tuple[Hashable, ...]:
        return (object(),)


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


def _value(spec: FactSpec, rng: random.Random) -> FactValue:
    if spec.type is FactType.ENUM:
        return rng.choice(spec.values)
    if spec.type is FactType.BOOL:
        return rng.random() < 0.5
    if spec.type is FactType.INT_LIST:
        return sorted(set(rng.choices([256, 512, 768, 1024, 1280, 1536], k=rng.randint(1, 4))))
    if spec.type is FactType.NUMBER:
        return rng.choice([6, 8, 12, 16, 24, 32, 48, 80, 10.5])
    return rng.choice([1, 2, 3, 4, 8, 16, 20, 33, 81, 250, 512, 1024, 1536])


def _facts(rng: random.Random) -> dict[str, FactValue]:
    return {n: _value(spec, rng) for n, spec in FACTS.items() if rng.random() < 0.5}


def _shown(answered: Answered) -> tuple[str, ...]:
    cited = [c.model_dump_json() for c in answered.citations]
    return (answered.answer.model_dump_json(), *cited, answered.text, answered.read_more)


def test_memoized_diagnoses_are_the_diagnoses_built() -> None:
    """Diagnoses (which always assess the risk) from a memoized renderer, asked again and mixed
    with turns that end on the same answers, equal those built from scratch."""
    kb, catalog = load_validated()
    memoized = Engine(kb, catalog, "/guide")
    plain = Engine(kb, catalog, "/guide")
    plain.renderer = _Unmemoized(kb, catalog, "/guide")
    rng = random.Random(11)
    openings = [Opening(locale=loc, text=t) for t in TEXTS for loc in catalog.locales]
    for _ in range(400):
        text = rng.choice([None, None, *TEXTS])
        openings.append(Opening(locale=rng.choice(catalog.locales), text=text, facts=_facts(rng)))
    openings += rng.choices(openings, k=len(openings))
    for opening in openings:
        if rng.random() < 0.3:
            assert memoized.start(opening)[1] == plain.start(opening)[1]
        one = memoized.diagnose(opening).model_dump_json()
        assert one == plain.diagnose(opening).model_dump_json(), opening


@pytest.mark.parametrize("with_risk", [False, True])
def test_an_answer_reads_only_what_its_memo_key_keeps(with_risk: bool) -> None:
    """Facts and signals outside an answer node's reads, changed, added or dropped, never change
    its share of a turn or of a diagnosis (with the risk assessed whether or not the node shows
    one); so equal keys are equal answers."""
    kb, catalog = load_validated()
    engine = Engine(kb, catalog, "/guide")
    renderer = _Unmemoized(kb, catalog, "/guide")
    gates = engine.graph.gates
    whens = _Whens.of(kb, gates)
    all_signals = [s.id for s in kb.signals]
    rng = random.Random(7)
    answers = [n for n in kb.nodes if isinstance(n, AnswerNode)]
    for _ in range(3000):
        node, locale = rng.choice(answers), rng.choice(catalog.locales)
        reads = renderer._reads_of(node, locale, whens, with_risk=with_risk)
        assert reads is not None  # every text reads facts by name
        facts = _facts(rng)
        signals = frozenset(s for s in all_signals if rng.random() < 0.2)
        other = {n: v for n, v in _facts(rng).items() if n not in reads.facts}
        other.update({n: v for n, v in facts.items() if n in reads.facts})
        heard = reads.signals
        if heard is None:
            other_signals = signals
        else:
            unread = [s for s in all_signals if s not in heard]
            other_signals = (signals & heard) | {s for s in unread if rng.random() < 0.5}
        one = renderer.answered(node, locale, facts, signals, gates, with_risk=with_risk)
        two = renderer.answered(
            node, locale, other, frozenset(other_signals), gates, with_risk=with_risk
        )
        assert _shown(one) == _shown(two), (node.id, locale, facts, other)
