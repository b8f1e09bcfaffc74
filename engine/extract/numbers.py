"""Counts and sizes written as numbers: batch size, accumulation, frames, preview settings, steps.

Each pattern is anchored on its keyword, so a stray number ("4 GPUs") never becomes a fact, and a
choice ("batch 4 or 8?") is left unread rather than guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

from engine.extract.found import Found

_SEP: Final = r"\s*(?:[:=]\s*|(?:de|of|is|em|to|para|pra|at|igual a|=)\s+)?"
# Not part of a choice or range, a size, or a longer number.
_ALONE: Final = r"(?![\d.])(?!\s*(?:or|ou|/|-)\s*\d)"

_INTS: Final[tuple[tuple[str, str], ...]] = (
    (
        "batch_size",
        r"(?<!effective )(?<!efetivo )\b(?:batch[ _-]?size|batchsize|batch|bs"
        r"|tamanho d[oe] batch|tamanho d[oe] lote)"
        + _SEP
        + r"(\d{1,3})"
        + _ALONE
        + r"(?!\s*(?:x\b|gb|steps?\b|passos?\b))",
    ),
    (
        "gradient_accumulation",
        r"\b(?:grad(?:ient)?[ _-]?accum(?:ulation)?(?:[ _-]?steps)?"
        r"|accumulation(?:[ _-]?steps)?|acumulacao(?: de gradientes?)?)"
        + _SEP
        + r"(\d{1,3})"
        + _ALONE,
    ),
    ("num_frames", r"\bnum[ _-]?frames" + _SEP + r"(\d{1,4})" + _ALONE),
    ("num_frames", r"(?<![\d.])(\d{1,4})\s*(?:frames|quadros)\b"),
    (
        "sample_steps",
        r"\b(?:sample|sampling|preview|amostragem)[ _-]?steps" + _SEP + r"(\d{1,3})" + _ALONE,
    ),
    ("sample_steps", r"(?<![\d.])(\d{1,3})\s*(?:sample|sampling|preview)[ _-]?steps\b"),
    (
        "sample_steps",
        r"(?<![\d.])(\d{1,3})\s*(?:passos|steps)\s*(?:de|of|na|no|for|in)?\s*"
        r"(?:amostragem|sampling|preview|amostra)",
    ),
    ("sample_every", r"\bsample[ _-]?every" + _SEP + r"(\d{1,6})" + _ALONE),
    (
        "sample_every",
        r"\b(?:samples?|sampling|previews?|amostras?|amostragem)\s+"
        r"(?:a cada|every|cada)\s+(\d{1,6})" + _ALONE,
    ),
    ("sample_width", r"\b(?:sample|preview)[ _-]?(?:width|largura)" + _SEP + r"(\d{3,4})\b"),
    ("sample_height", r"\b(?:sample|preview)[ _-]?(?:height|altura)" + _SEP + r"(\d{3,4})\b"),
)
_INT_PATTERNS: Final = tuple((fact, re.compile(p)) for fact, p in _INTS)

_SAMPLE_SIZE: Final = re.compile(
    r"\b(?:samples?|sampling|previews?|amostras?|amostragem)(?:[ _-]?(?:size|resolution))?"
    r"\s*(?:[:=]|em|at|de|of|in|com)?\s*(\d{3,4})(?:\s*x\s*(\d{3,4}))?(?![\d.])(?!\s*(?:x|-)\s*\d)"
)
_STEP: Final = re.compile(
    r"(?<!sample )(?<!sampling )\b(?:step|passo|iteration|iteracao)\s*#?\s*(\d{1,6})"
    r"(?:\s*/\s*\d+)?\b"
)
_AFTER_STEPS: Final = re.compile(
    r"\b(?:after|depois de|apos|past|passados)\s+(?:uns |about |around |cerca de |~)?"
    r"(\d{1,6})\s*(?:steps|passos|its|iterations|iteracoes)\b"
)
_FIRST_STEPS: Final = re.compile(r"\b(?:primeiros|first)\s+(\d{1,3})\s*(?:passos|steps)\b")
_AFTER_HOURS: Final = re.compile(
    r"\b(?:after|depois de|apos)\s+(?:\d+|uma|duas|one|two)\s+(?:horas?|hours?)\b"
)


def _ints(low: str) -> Iterator[Found]:
    for fact, pattern in _INT_PATTERNS:
        for m in pattern.finditer(low):
            value = int(m.group(1))
            if value > 0:
                yield Found(fact, value, m.start(), m.end())


def _sample_size(low: str) -> Iterator[Found]:
    for m in _SAMPLE_SIZE.finditer(low):
        width = int(m.group(1))
        height = int(m.group(2)) if m.group(2) else width
        if width > 0 and height > 0:
            yield Found("sample_width", width, m.start(), m.end())
            yield Found("sample_height", height, m.start(), m.end())


def _phase_of_step(step: int) -> str | None:
    if step <= 10:
        return "first_steps"
    return "later" if step >= 100 else None


def _steps(low: str) -> Iterator[Found]:
    rules: tuple[tuple[re.Pattern[str], Callable[[int], str | None]], ...] = (
        (_STEP, _phase_of_step),
        (_AFTER_STEPS, _phase_of_step),
        (_FIRST_STEPS, lambda n: "first_steps" if n <= 50 else None),
    )
    for pattern, phase_of in rules:
        for m in pattern.finditer(low):
            phase = phase_of(int(m.group(1)))
            if phase is not None:
                yield Found("oom_phase", phase, m.start(), m.end())
    for m in _AFTER_HOURS.finditer(low):
        yield Found("oom_phase", "later", m.start(), m.end())


def find_numbers(low: str) -> list[Found]:
    """Numeric facts in folded text, plus the OOM phase a step number implies."""
    return [*_ints(low), *_sample_size(low), *_steps(low)]
