"""How a conversation is written in the store: its working state on the first line, then one
line of JSON per transcript entry, oldest first, the whole compressed as one zstd frame.

A turn needs the state (facts, pending question, attempts) but nothing of what was said before,
so the transcript's lines stay bytes: a turn parses and writes the state alone and adds its
entries by joining lines, never decoding the text of earlier ones.

After a few answers the transcript is most of the record: about 25 KB for twenty entries, since
every answer restates its recommendations in full. Answers repeat most of their wording, so the
record compresses to a tenth of that in about 15 µs. In SQLite a record that small fits in the
row's own page instead of a chain of overflow pages: over 2,000 conversations, a turn's write
added 3 pages to the log instead of 16, and each of them is copied again by the checkpoint. In
Redis it is less to send and keep.

Records written as text (the lines uncompressed, or, before that, one JSON object) still read.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import zstandard
from pydantic import TypeAdapter

from engine.state import MAX_TRANSCRIPT, ConversationState, TranscriptEntry

# The largest record a frame may unpack to. A long conversation's is about 25 KB, and none can
# pass a few hundred (twenty entries of at most 8,000 characters); the cap only keeps a damaged
# frame from taking the memory.
MAX_RECORD_BYTES = 4 * 1024 * 1024
# Level 1, the fastest, with tables sized for records of tens of KB: between requests they are
# out of the processor's caches, and level 1's own tables took 28 µs per record there against 16
# for these, for 2 % more bytes. Higher levels gained a few percent for twice the time.
_PARAMETERS = zstandard.ZstdCompressionParameters.from_level(
    1, window_log=15, hash_log=11, chain_log=10
)
# Every zstd frame begins with these bytes; a record written as text begins with "{".
_FRAME_MAGIC = b"\x28\xb5\x2f\xfd"

_STATE = TypeAdapter(ConversationState)
_ENTRY = TypeAdapter(TranscriptEntry)
_ENTRIES = TypeAdapter(list[TranscriptEntry])
_NO_TRANSCRIPT = {"transcript"}


class UnreadableRecord(ValueError):
    """Stored bytes that are not a record this code wrote."""


@dataclass(frozen=True)
class ConversationRecord:
    state: ConversationState  # with an empty transcript: its entries are in ``lines``
    lines: bytes  # the transcript's entries as JSON, one per line, oldest first; b"" for none

    @classmethod
    def decode(cls, data: bytes) -> ConversationRecord:
        text = _decompress(data) if data.startswith(_FRAME_MAGIC) else data
        head, _, lines = text.partition(b"\n")
        state = _STATE.validate_json(head)
        if state.transcript:  # written when the transcript was still part of the state
            lines = b"\n".join([*(_ENTRY.dump_json(e) for e in state.transcript), lines]).rstrip(
                b"\n"
            )
            state = state.model_copy(update={"transcript": []})
        return cls(state, lines)

    @classmethod
    def encode_new(cls, state: ConversationState) -> bytes:
        """The record of a conversation that starts with ``state``."""
        return cls(state.model_copy(update={"transcript": []}), b"").encode_after(state)

    def encode_after(self, new_state: ConversationState) -> bytes:
        """The record once ``new_state`` is kept: a state the engine made from ``self.state``, so
        that its transcript holds only this turn's entries. The oldest lines go past
        MAX_TRANSCRIPT."""
        added = [_ENTRY.dump_json(entry) for entry in new_state.transcript[-MAX_TRANSCRIPT:]]
        kept = _last_lines(self.lines, MAX_TRANSCRIPT - len(added))
        head = _STATE.dump_json(new_state, exclude=_NO_TRANSCRIPT)
        return _CODECS.compressor.compress(b"\n".join([head, *([kept] if kept else []), *added]))

    def full_state(self) -> ConversationState:
        """The state with its transcript, as the conversation's view shows it."""
        entries = _ENTRIES.validate_json(b"[" + self.lines.replace(b"\n", b",") + b"]")
        return self.state.model_copy(update={"transcript": entries})


def _last_lines(lines: bytes, count: int) -> bytes:
    """The last ``count`` lines of ``lines``, found from the end without splitting them all."""
    if count <= 0:
        return b""
    cut = len(lines)
    for _ in range(count):
        cut = lines.rfind(b"\n", 0, cut)
        if cut < 0:
            return lines
    return lines[cut + 1 :]


class _Codecs(threading.local):
    """A compressor and a decompressor per thread: zstandard's objects are not thread-safe, and
    making new ones for every record took half as long again as the work itself."""

    def __init__(self) -> None:
        self.compressor = zstandard.ZstdCompressor(compression_params=_PARAMETERS)
        self.decompressor = zstandard.ZstdDecompressor()


_CODECS = _Codecs()


def _decompress(frame: bytes) -> bytes:
    # Frames are written with their size, so a damaged or foreign one is refused before any
    # memory is taken for it.
    try:
        size = zstandard.frame_content_size(frame)
        if not 0 <= size <= MAX_RECORD_BYTES:
            raise UnreadableRecord(f"a record frame of unknown or excessive size ({size} bytes)")
        return _CODECS.decompressor.decompress(frame, max_output_size=MAX_RECORD_BYTES)
    except zstandard.ZstdError as error:
        raise UnreadableRecord(f"a damaged record frame: {error}") from None
