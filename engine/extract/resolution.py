"""Training resolutions: one size ("resolution 1536", "1024x1024") or dataset buckets.

Bucket lists ("512, 768 e 1024", "resolution: [512, 768, 1024]") and ranges ("buckets
512-1024") give ``resolutions`` and their maximum; a range means the usual buckets inside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from engine.extract.found import Found

# The bucket sizes AI Toolkit offers; a range "512-1024" stands for those within it.
STANDARD_BUCKETS: Final = (256, 512, 768, 1024, 1280, 1536)

_KEY: Final = r"\b(?:resolutions?|resolucao|resolucoes|res|buckets?|max[ _-]?res(?:olution)?)"
_NUM: Final = r"\d{3,4}"
_LIST: Final = re.compile(
    _KEY
    + r"\s*(?:[:=]|de|of|em|at|in)?\s*\[?\s*("
    + _NUM
    + r"(?:\s*(?:,|/|\be\b|\band\b)\s*"
    + _NUM
    + r")+)(?![\d.])(?!\s*(?:or|ou)\s*\d)"
)
_BARE_LIST: Final = re.compile(
    r"(?<![\d.x])("
    + _NUM
    + r"(?:\s*(?:,|/)\s*"
    + _NUM
    + r"){1,8}\s*(?:,|e|and|/)\s*"
    + _NUM
    + r")(?![\d.x])"
)
_RANGE: Final = re.compile(
    _KEY
    + r"\s*(?:[:=]|de|from|entre|between)?\s*("
    + _NUM
    + r")\s*(?:-|a|to|ate|and|e)\s*("
    + _NUM
    + r")(?![\d.])"
)
_SINGLE: Final = re.compile(
    r"(?:\b(?:resolution|resolucao|res|max[ _-]?res(?:olution)?|train(?:ing|ed)? at|"
    r"trein(?:o|ando|ei) em)\s*(?:[:=]|de|of|em|at|is)?\s*)("
    + _NUM
    + r")(?:\s*x\s*("
    + _NUM
    + r"))?(?![\d.])(?!\s*(?:or|ou|,|/|-)\s*\d)"
)
_SIZE: Final = re.compile(r"(?<![\w.])(" + _NUM + r")(?:\s*x\s*(" + _NUM + r")|\s*px\b)(?![\w.])")
# A size written right after these words is a preview's, not the training resolution.
_SAMPLE_BEFORE: Final = re.compile(
    r"(?:sample|sampling|preview|amostra|amostragem|width|height)\S*\s*\S*\s*$"
)


def _plausible(sizes: list[int]) -> bool:
    return all(128 <= s <= 4096 and s % 32 == 0 for s in sizes)


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def _lists(low: str) -> Iterator[tuple[list[int], int, int]]:
    for m in _LIST.finditer(low):
        yield _numbers(m.group(1)), m.start(), m.end()
    for m in _BARE_LIST.finditer(low):
        yield _numbers(m.group(1)), m.start(), m.end()
    for m in _RANGE.finditer(low):
        low_end, high_end = sorted((int(m.group(1)), int(m.group(2))))
        inside = {b for b in STANDARD_BUCKETS if low_end <= b <= high_end}
        yield sorted(inside | {low_end, high_end}), m.start(), m.end()


def _bucket_facts(low: str) -> list[Found]:
    for sizes, start, end in _lists(low):
        buckets = sorted(set(sizes))
        if len(buckets) >= 2 and _plausible(buckets):
            return [
                Found("resolutions", buckets, start, end),
                Found("max_resolution", buckets[-1], start, end),
            ]
    return []


def _single_size(low: str) -> Found | None:
    for m in _SINGLE.finditer(low):
        sizes = [int(g) for g in m.groups() if g]
        if _plausible(sizes):
            return Found("max_resolution", max(sizes), m.start(), m.end())
    for m in _SIZE.finditer(low):
        sizes = [int(g) for g in m.groups() if g]
        if _plausible(sizes) and not _SAMPLE_BEFORE.search(low, max(0, m.start() - 24), m.start()):
            return Found("max_resolution", max(sizes), m.start(), m.end())
    return None


def find_resolutions(low: str) -> list[Found]:
    """Bucket facts when the text lists buckets, else the single training size it gives."""
    buckets = _bucket_facts(low)
    if buckets:
        return buckets
    single = _single_size(low)
    return [single] if single else []
