"""Properties of whole conversations: they always end, and the same inputs give the same turns."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.engine import Engine
from engine.errors import InvalidReply
from engine.models import Turn
from engine.state import ConversationState, Opening, Reply
from kb.schema import QuestionNode
from kb.validate import load_validated

MAX_TURNS = 25

OPENINGS = [
    "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4",
    "help, out of memory",
    "I want faster training",
    "quero treinar mais rápido",
    "what's the weather today?",
    "GC não está desligado e ainda dá OOM",
    "gc=false bs=4 1024x1024 flux",
    "Killed",
    "",
]

PHRASES = [
    "still oom",
    "it works now",
    "fix my OOM",
    "I want faster training",
    "out of memory at the first preview",
    "gc is off",
    "não sei",
    "ainda dá OOM",
    "Wan 2.2, batch 2, 81 frames",
    "RTX 4090",
    "sim",
    "no",
    "buckets 512-1024",
]

OPTION_VALUES = [
    "fix_oom", "speed", "quality", "explain", "enabled", "disabled", "unknown", "fixed",
    "still_oom", "loading", "first_steps", "sampling", "bucket_spike", "later", "z_image",
    "qwen_edit", "flux_flex", "video", "other", "yes", "no", "true", "false", "1", "4",
]  # fmt: skip

texts = st.one_of(
    st.sampled_from(PHRASES),
    st.text(max_size=40),
    st.integers(min_value=-5, max_value=10**7).map(str),
    st.just(""),
    st.text(alphabet=st.characters(min_codepoint=0x80, max_codepoint=0x2FFF), max_size=12),
)
replies = st.one_of(
    texts.map(lambda t: Reply(text=t)),
    st.one_of(st.sampled_from(OPTION_VALUES), st.text(max_size=10)).map(lambda v: Reply(value=v)),
)
openings = st.builds(
    Opening,
    locale=st.sampled_from(["pt-BR", "en"]),
    text=st.one_of(st.sampled_from(OPENINGS), st.text(max_size=60)),
)


@cache
def _engine() -> Engine:
    kb, catalog = load_validated()
    return Engine(kb, catalog, "/guide")


def _offered(engine: Engine, state: ConversationState) -> tuple[str, ...] | None:
    node = engine.graph.nodes.get(state.pending or "")
    return node.options if isinstance(node, QuestionNode) else None


def _converse(opening: Opening, script: list[Reply]) -> list[Turn]:
    """Play the script until the conversation is done; replies the engine refuses are skipped."""
    engine = _engine()
    state, turn = engine.start(opening)
    turns = [turn]
    script_iter = iter(script)
    while not turn.done:
        reply = next(script_iter, Reply(text="???"))
        options = _offered(engine, state)
        valid = reply.value is None or (options is not None and reply.value in options)
        try:
            state, turn = engine.reply(state, reply)
        except InvalidReply:
            assert not valid, f"a valid reply was refused: {reply}"
            continue
        assert valid or not options, f"an invalid value was accepted: {reply.value!r}"
        turns.append(turn)
        assert len(turns) <= MAX_TURNS, [t.question.fact if t.question else None for t in turns]
    return turns


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opening=openings, script=st.lists(replies, max_size=40))
def test_every_conversation_ends_in_an_answer(opening: Opening, script: list[Reply]) -> None:
    turns = _converse(opening, script)
    last = turns[-1]
    assert last.done
    assert last.kind == "answer"
    assert last.answer is not None
    assert last.answer.recommendations
    assert last.question is None
    assert [t.turn for t in turns] == list(range(1, len(turns) + 1))


@settings(max_examples=60, deadline=None)
@given(opening=openings, script=st.lists(replies, max_size=15))
def test_same_inputs_same_turns(opening: Opening, script: list[Reply]) -> None:
    first = [t.model_dump() for t in _converse(opening, script)]
    second = [t.model_dump() for t in _converse(opening, script)]
    assert first == second


@settings(max_examples=60, deadline=None)
@given(value=st.text(max_size=20))
def test_a_value_outside_the_options_is_refused(value: str) -> None:
    engine = _engine()
    state, turn = engine.start(Opening(locale="en", text="help, out of memory"))
    assert turn.question is not None
    offered = {o.value for o in turn.question.options}
    if value in offered:
        engine.reply(state, Reply(value=value))
        return
    with pytest.raises(InvalidReply) as refused:
        engine.reply(state, Reply(value=value))
    assert refused.value.field == "value"
