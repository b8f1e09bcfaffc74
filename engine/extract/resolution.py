"""Training resolutions: one size ("resolution 1536", "1024x1024") or dataset buckets.

A single bucket said as such ("só 512", "512 only") gives both facts.

Bucket lists ("512, 768 e 1024", "resolution: [512, 768, 1024]") and ranges ("buckets
512-1024") give ``resolutions`` and their maximum; a range means the usual buckets inside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import takewhile
from typing import Final

from engine.extract.anchors import SIZE, Anchored, Match
from engine.extract.found import Found

# The bucket sizes AI Toolkit offers; a range "512-1024" stands for those within it.
STANDARD_BUCKETS: Final = (256, 512, 768, 1024, 1280, 1536)

_KEYS: Final = (
    "resolution",
    "resolutions",
    "resolucao",
    "resolucoes",
    "res",
    "bucket",
    "buckets",
    "max",
    "maxres",
    "maximum",
    "maxima",
)
_KEY: Final = r"(?:resolutions?|resolucao|resolucoes|res|buckets?|max[ _-]?res(?:olution)?)"
_NUM: Final = r"\d{3,4}"
# After "só 512": not a count of something else, nor part of a size or a list.
_ONLY_END: Final = (
    r"(?:\s*px)?(?![\w.])(?!\s*(?:x|,|/|-|e|and|or|ou)\s*\d)"
    r"(?!\s*(?:gb|gib|mb|steps?|passos?|frames|quadros|its|iteration|imag|images|fotos|photos"
    r"|pics|samples|amostras|%))"
)
RULES: Final = (
    Anchored(
        "res_list",
        _KEYS,
        re.compile(
            _KEY
            + r"\s*(?:[:=]|de|of|em|at|in)?\s*\[?\s*("
            + _NUM
            + r"(?:(?:\s*(?:,|/|\be\b|\band\b)\s*|\s+)"  # after the key, spaces list too
            + _NUM
            + r")+)(?![\d.])(?!\s*(?:or|ou)\s*\d)"
        ),
    ),
    Anchored(
        "res_list",
        (SIZE,),
        re.compile(
            r"(?<![\d.x])("
            + _NUM
            + r"(?:\s*(?:,|/)\s*"
            + _NUM
            + r"){1,8}\s*(?:,|e|and|/)\s*"
            + _NUM
            + r")(?![\d.x])"
        ),
    ),
    Anchored(
        "res_range",
        _KEYS,
        re.compile(
            _KEY
            + r"\s*(?:[:=]|de|from|entre|between)?\s*("
            + _NUM
            + r")\s*(?:-|a|to|ate|and|e)\s*("
            + _NUM
            + r")(?![\d.])"
        ),
    ),
    Anchored(
        "res_single",
        (*_KEYS, "train", "training", "trained", "treino", "treinando", "treinei"),
        re.compile(
            r"(?:resolucao maxima|resolucao max|maxima resolucao|resolution|resolucao|res"
            r"|max(?:imum)?[ _-]?res(?:olution)?|train(?:ing|ed)? at|trein(?:o|ando|ei) em"
            r"|buckets?)"
            r"\s*(?:[:=]|de|of|em|at|is)?\s*("
            + _NUM
            + r")(?:\s*x\s*("
            + _NUM
            + r"))?(?![\d.])(?!\s*(?:or|ou|,|/|-)\s*\d{3})"
        ),
    ),
    # "só 512", "512 only": the one bucket there is.
    Anchored(
        "res_only",
        ("so", "only", "apenas", "somente", "just"),
        re.compile(
            r"(?:so|only|apenas|somente|just)\s+(?:em\s+|at\s+)?(" + _NUM + r")" + _ONLY_END
        ),
    ),
    Anchored(
        "res_only",
        (SIZE,),
        re.compile(r"(?<![\w.])(" + _NUM + r")\s*(?:px\s*)?(?:only|apenas|somente)\b"),
    ),
    Anchored(
        "res_size",
        (SIZE,),
        re.compile(r"(?<![\w.])(" + _NUM + r")(?:\s*x\s*(" + _NUM + r")|\s*px\b)(?![\w.])"),
    ),
)
_NAMES: Final = frozenset(rule.name for rule in RULES)
_LIST_END: Final = 2048  # a number above this after a bucket list is not one of its sizes
_AFTER_SAMPLE: Final = frozenset({"res_size", "res_only"})  # read as a preview's after "sample"
# A size written right after these words is a preview's, not the training resolution.
_SAMPLE_BEFORE: Final = re.compile(
    r"(?:sample|sampling|preview|amostra|amostragem|width|height)\S*\s*\S*\s*$"
)


def _plausible(sizes: list[int]) -> bool:
    return all(128 <= s <= 4096 and s % 32 == 0 for s in sizes)


def _sizes(name: str, m: re.Match[str]) -> list[int]:
    if name == "res_list":
        return [int(n) for n in re.findall(r"\d+", m.group(1))]
    numbers = [int(g) for g in m.groups() if g]
    if name != "res_range":
        return numbers
    low_end, high_end = sorted(numbers)
    inside = {b for b in STANDARD_BUCKETS if low_end <= b <= high_end}
    return sorted(inside | {low_end, high_end})


def _candidates(low: str, matches: Iterable[Match]) -> Iterator[tuple[str, list[int], int, int]]:
    for name, m in matches:
        if name not in _NAMES:
            continue
        sizes = _sizes(name, m)
        if not _plausible(sizes):
            if name != "res_list":
                continue
            # "512 768 1024, 3090": a GPU's number after a bucket list ends the list
            kept = list(takewhile(lambda s: _plausible([s]), sizes))
            if not kept or sizes[len(kept)] <= _LIST_END:
                continue
            sizes = kept
        if name in _AFTER_SAMPLE and _SAMPLE_BEFORE.search(low, max(0, m.start() - 24), m.start()):
            continue
        yield name, sizes, m.start(), m.end()


def find_resolutions(low: str, matches: Iterable[Match]) -> list[Found]:
    """Bucket facts when the text lists buckets, else the single training size it gives."""
    singles: list[Found] = []
    for name, sizes, start, end in _candidates(low, matches):
        buckets = sorted(set(sizes))
        if name == "res_only" or (name in ("res_list", "res_range") and len(buckets) >= 2):
            return [
                Found("resolutions", buckets, start, end),
                Found("max_resolution", buckets[-1], start, end),
            ]
        if name in ("res_single", "res_size"):
            singles.append(Found("max_resolution", max(sizes), start, end))
    return singles[:1]
