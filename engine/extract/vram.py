"""GPU memory written as a size ("24GB", "12 GB de VRAM"), told apart from other sizes.

Host RAM, disk, file sizes and the allocation figures of a PyTorch error are not the card's
memory; "total capacity of 23.64 GiB" in that error is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from engine.extract.anchors import NUMBER, Anchored, Match
from engine.extract.found import Found

_SIZE: Final = re.compile(
    r"(?<![\w.])(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:gb|gib|g|giga(?:s|bytes)?)(?!\w|\.\w)"
)
_NOT_VRAM_BEFORE: Final = re.compile(
    r"alloca|alocar|\bram\b|swap|disk|disco|ssd|\bhd\b|download|arquivo|file|dataset|model"
    r"|pesa|weigh|checkpoint|safetensors"
)
_NOT_VRAM_AFTER: Final = re.compile(
    r"\s*(?:de\s+|of\s+)?(?:ram|memoria ram|system|sistema|swap|disk|disco|ssd|hd\b|free|livres?"
    r"|is free|is allocated|allocated|reserved|in use|em uso|de espaco|of space|download|file"
    r"|arquivo|model|modelo|dataset|lora|checkpoint|safetensors)"
)
RULES: Final = (Anchored("vram_size", (NUMBER,), _SIZE),)
_CAPACITY: Final = re.compile(r"total capacity of\s*$")
_MAX_GB: Final = 512.0


def find_vram(low: str, matches: Iterable[Match]) -> Found | None:
    """The first size in the text that reads as the GPU's memory."""
    for name, m in matches:
        if name != "vram_size":
            continue
        before = low[max(0, m.start() - 24) : m.start()]
        if (
            _NOT_VRAM_BEFORE.search(before) or _NOT_VRAM_AFTER.match(low, m.end())
        ) and not _CAPACITY.search(before):
            continue
        value = float(m.group(1).replace(",", "."))
        if 0 < value <= _MAX_GB:
            gb: float | int = int(value) if value.is_integer() else value
            return Found("vram_gb", gb, m.start(), m.end())
    return None
