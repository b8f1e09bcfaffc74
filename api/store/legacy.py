"""Reading the records release 0.1 stored, once, to move them to the current layout.

A record was the conversation's state as JSON on its first line, then one line of JSON per
transcript entry, the whole usually compressed as one zstd frame; older records were the same
lines uncompressed, or one JSON object with the transcript inside the state.
"""

from __future__ import annotations

import json

import zstandard

MAX_RECORD_BYTES = 4 * 1024 * 1024  # no record of release 0.1 came near it
_FRAME_MAGIC = b"\x28\xb5\x2f\xfd"


class UnreadableRecord(ValueError):
    """Stored bytes that are not a record release 0.1 wrote."""


def split_record(data: bytes | str) -> tuple[bytes, list[bytes]]:
    """A release 0.1 record as (the state's JSON without its transcript, the messages)."""
    raw = data.encode() if isinstance(data, str) else data
    text = _decompress(raw) if raw.startswith(_FRAME_MAGIC) else raw
    head, _, lines = text.partition(b"\n")
    try:
        state = json.loads(head)
    except ValueError as error:
        raise UnreadableRecord(f"a record whose state is not JSON: {error}") from None
    if not isinstance(state, dict):
        raise UnreadableRecord("a record whose state is not a JSON object")
    inline = [
        json.dumps(entry, ensure_ascii=False).encode() for entry in state.pop("transcript", [])
    ]
    messages = [*inline, *(line for line in lines.split(b"\n") if line)]
    return json.dumps(state, ensure_ascii=False).encode(), messages


def _decompress(frame: bytes) -> bytes:
    try:
        size = zstandard.frame_content_size(frame)
        if not 0 <= size <= MAX_RECORD_BYTES:
            raise UnreadableRecord(f"a record frame of unknown or excessive size ({size} bytes)")
        return zstandard.ZstdDecompressor().decompress(frame, max_output_size=MAX_RECORD_BYTES)
    except zstandard.ZstdError as error:
        raise UnreadableRecord(f"a damaged record frame: {error}") from None
