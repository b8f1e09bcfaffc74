"""What a message tells of another trainer than AI Toolkit: kohya's flags, a OneTrainer config,
"no musubi eu usava batch 4". Those settings are another tool's, not the run that crashed."""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Final

from engine.extract.reading import Reading

# The trainers people come from, by name or by the script they launch.
_TRAINER: Final = re.compile(
    r"\b(?:kohya(?:[ _-]?ss)?|sd[ _-]scripts|one ?trainer|simple ?tuner|diffusion[ _-]pipe"
    r"|flux ?gym|musubi(?:[ _-]tuner)?|\w*train_network(?:\.py)?)\b"
)
# Words that come back to this run within a sentence: "batch 4 in kohya, here batch 1 OOMs".
_BACK_HERE: Final = re.compile(
    r"\b(?:ai[ -]?toolkit|aitoolkit|ostris|here|aqui|this time|dessa vez|desta vez|now|agora"
    r"|but|mas|porem|however|while|enquanto|whereas|vs|versus|then|depois"
    r"|because|bc|cause|cuz|since|pq|porque|por ?que|so (?:i|we|now|then)|entao)\b|[;,()]"
)
# A trainer named only to liken this run to it: "GC on like in my kohya days", "igual no kohya",
# "slower than onetrainer": the words around it are of this run.
_LIKENED: Final = re.compile(
    r"\b(?:like|as in|same as|than|compared (?:to|with)|igual|como|tipo|que"
    r"|comparad[oa]s? (?:a|com)|vs|versus)(?: [\w']+){0,4}\s+$"
)
# A line of settings: "batch_size = 1", "[general]", "--fp8_base", '"resolution": "1024",'.
_SETTING_LINE: Final = re.compile(r"[ \t]*(?:\[|--|\"?[\w.]+\"?[ \t]*[=:](?!//))")
# A sentence pointing at the lines above it: "^ this works", "esse é meu dataset do musubi".
_POINTING: Final = re.compile(
    r"[ \t]*(?:\^|(?:this|that|these|those|above|esse|essa|isso|esses|essas|acima)\b)"
)


def trainer_spans(reading: Reading) -> list[tuple[int, int]]:
    """Where the message speaks of another trainer: from the trainer named to the end of its
    sentence (or a word back to this run), the clause before it, and the lines of settings the
    sentence introduces (ending in ":") or points back at ("^ this works on my box")."""
    low = reading.low
    spans: list[tuple[int, int]] = []
    for m in _TRAINER.finditer(low):
        if reading.said_before(_LIKENED, m.start(), 32):
            spans.append((m.start(), m.end()))
            continue
        begin, end = _sentence(reading, m.start())
        back = [b.end() for b in _BACK_HERE.finditer(low, begin, m.start())]
        ahead = _BACK_HERE.search(low, m.end(), end)
        start = back[-1] if back else begin
        stop = ahead.start() if ahead else end
        if ahead is None and low[:end].rstrip().endswith(":"):
            stop = _lines_after(low, end)
        if not back and _POINTING.match(low, begin):
            start = _lines_before(low, begin)
        spans.append((start, stop))
    return spans


def within(spans: list[tuple[int, int]], at: int) -> bool:
    return any(start <= at < stop for start, stop in spans)


def _sentence(reading: Reading, at: int) -> tuple[int, int]:
    ends = reading.sentence_ends
    i = bisect_right(ends, at - 1)
    begin = ends[i - 1] + 1 if i else 0
    return begin, ends[i] if i < len(ends) else len(reading.low)


def _lines_after(low: str, at: int) -> int:
    """The end of the lines of settings that follow ``at`` (blank lines among them allowed)."""
    end = at
    line = at + 1
    while line < len(low):
        line_end = low.find("\n", line)
        line_end = len(low) if line_end < 0 else line_end
        text = low[line:line_end]
        if text.strip() and not _SETTING_LINE.match(text):
            break
        if text.strip():
            end = line_end
        line = line_end + 1
    return end


def _lines_before(low: str, at: int) -> int:
    """The start of the lines of settings that end before ``at`` (blank lines among them
    allowed)."""
    first = at
    end = len(low[:at].rstrip())
    while end > 0:
        begin = low.rfind("\n", 0, end) + 1
        text = low[begin:end]
        if text.strip() and not _SETTING_LINE.match(text):
            break
        if text.strip():
            first = begin
        end = begin - 1
    return first
