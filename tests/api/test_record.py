"""The stored record of a conversation: the state on one line, then the transcript's lines,
compressed."""

from __future__ import annotations

import json

import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

from api.record import MAX_RECORD_BYTES, ConversationRecord, UnreadableRecord
from engine.state import MAX_TRANSCRIPT, ConversationState, TranscriptEntry


def _entry(role: str, turn: int, text: str) -> TranscriptEntry:
    return TranscriptEntry(role=role, turn=turn, text=text)


def _state(turn: int, *entries: TranscriptEntry) -> ConversationState:
    return ConversationState(
        locale="en", facts={"gc": "disabled"}, turn=turn, transcript=list(entries)
    )


def test_a_new_record_reads_back_as_the_same_state() -> None:
    state = _state(1, _entry("user", 1, "OOM\nat step 3"), _entry("bot", 1, "**Is GC on?**\n\n-"))
    data = ConversationRecord.encode_new(state)

    head, *lines = zstandard.ZstdDecompressor().decompress(data).decode().split("\n")
    assert "transcript" not in json.loads(head)
    assert [json.loads(line)["text"] for line in lines] == ["OOM\nat step 3", "**Is GC on?**\n\n-"]
    assert ConversationRecord.decode(data).full_state() == state


def test_a_turn_reads_the_state_alone_and_appends_its_entries() -> None:
    record = ConversationRecord.decode(
        ConversationRecord.encode_new(_state(1, _entry("bot", 1, "first")))
    )
    assert record.state.transcript == []
    after = _state(2, _entry("user", 2, "batch 4"), _entry("bot", 2, "second"))

    kept = ConversationRecord.decode(record.encode_after(after))
    assert kept.state == after.model_copy(update={"transcript": []})
    assert [e.text for e in kept.full_state().transcript] == ["first", "batch 4", "second"]


def test_only_the_latest_entries_are_kept() -> None:
    data = ConversationRecord.encode_new(_state(1, _entry("bot", 1, "0")))
    for turn in range(2, 30):
        record = ConversationRecord.decode(data)
        step = _state(turn, _entry("user", turn, f"u{turn}"), _entry("bot", turn, f"b{turn}"))
        data = record.encode_after(step)

    transcript = ConversationRecord.decode(data).full_state().transcript
    assert len(transcript) == MAX_TRANSCRIPT
    assert [e.text for e in transcript[-2:]] == ["u29", "b29"]
    assert transcript[0].text == f"u{29 - MAX_TRANSCRIPT // 2 + 1}"


def test_a_long_conversation_is_stored_in_a_fraction_of_its_size() -> None:
    def answer(turn: int) -> str:
        steps = [
            f"{n}. **Lower Batch Size from {turn + n} to 1.** In the Training panel."
            for n in range(30)
        ]
        return "**Recommendations**\n\n" + "\n".join(steps)

    data = ConversationRecord.encode_new(_state(1, _entry("bot", 1, answer(1))))
    for turn in range(2, 12):
        step = _state(
            turn, _entry("user", turn, f"batch {turn}"), _entry("bot", turn, answer(turn))
        )
        data = ConversationRecord.decode(data).encode_after(step)

    plain = zstandard.ZstdDecompressor().decompress(data)
    assert len(plain) > 20_000
    assert len(data) < len(plain) / 5


def test_a_record_written_as_text_lines_still_reads() -> None:
    state = _state(1, _entry("user", 1, "oom"), _entry("bot", 1, "Is GC on?"))
    lines = [state.model_dump_json(exclude={"transcript"})]
    lines += [entry.model_dump_json() for entry in state.transcript]

    record = ConversationRecord.decode("\n".join(lines).encode())

    assert record.full_state() == state


@pytest.mark.parametrize(
    "damaged",
    [
        zstandard.ZstdCompressor().compress(b'{"locale": "en"}')[:-3],  # cut short
        zstandard.ZstdCompressor(write_content_size=False).compress(b'{"locale": "en"}'),
        zstandard.ZstdCompressor().compress(b" " * (MAX_RECORD_BYTES + 1)),
    ],
    ids=["truncated", "size-unknown", "too-large"],
)
def test_a_damaged_frame_is_refused_with_a_reason(damaged: bytes) -> None:
    with pytest.raises(UnreadableRecord, match="record frame"):
        ConversationRecord.decode(damaged)


def test_a_record_written_as_one_json_state_still_reads() -> None:
    old = _state(2, _entry("user", 1, "oom"), _entry("bot", 1, "q"), _entry("bot", 2, "a"))
    record = ConversationRecord.decode(old.model_dump_json().encode())

    assert record.state.transcript == []
    assert record.full_state() == old
    after = _state(3, _entry("user", 3, "more"), _entry("bot", 3, "b"))
    texts = [
        e.text
        for e in ConversationRecord.decode(record.encode_after(after)).full_state().transcript
    ]
    assert texts == ["oom", "q", "a", "more", "b"]


@settings(max_examples=200)
@given(st.lists(st.lists(st.text(max_size=12), max_size=MAX_TRANSCRIPT + 3), max_size=12))
def test_the_transcript_is_always_the_latest_entries_in_order(turns: list[list[str]]) -> None:
    """Whatever each turn adds (none, a few, more than fit), the record keeps the latest ones."""
    said: list[TranscriptEntry] = []
    data = ConversationRecord.encode_new(_state(0))
    for number, texts in enumerate(turns, start=1):
        added = [_entry("bot", number, text) for text in texts]
        said += added
        data = ConversationRecord.decode(data).encode_after(_state(number, *added))

    assert ConversationRecord.decode(data).full_state().transcript == said[-MAX_TRANSCRIPT:]
