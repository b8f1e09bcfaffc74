"""Counts and sizes written as numbers: batch size, accumulation, frames, preview settings, steps.

Each pattern is anchored on its keyword, so a stray number ("4 GPUs") never becomes a fact, and a
choice ("batch 4 or 8?") is left unread rather than guessed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from engine.extract.anchors import Anchored, Match
from engine.extract.found import Found

_SEP: Final = r"\s*(?:[:=]\s*|(?:de|of|is|em|to|para|pra|at|igual a|=)\s+)?"
# Not part of a choice or range, a size, or a longer number.
_ALONE: Final = r"(?![\d.])(?!\s*(?:or|ou|/|-)\s*\d)"
_SAMPLE_WORDS: Final = ("sample", "samples", "sampling", "preview", "previews", "amostra")
_SAMPLE_WORDS_PT: Final = ("amostras", "amostragem")


def _rule(name: str, triggers: tuple[str, ...], pattern: str, offset: int = 0) -> Anchored:
    return Anchored(name, triggers, re.compile(pattern), offset)


RULES: Final = (
    _rule(
        "batch_size",
        ("batch", "batchsize", "bs", "tamanho"),
        r"(?<!effective )(?<!efetivo )(?:batch[ _-]?size|batchsize|batch|bs"
        r"|tamanho d[oe] batch|tamanho d[oe] lote)"
        + _SEP
        + r"(\d{1,3})"
        + _ALONE
        + r"(?!\s*(?:x\b|gb|steps?\b|passos?\b))",
    ),
    _rule(
        "gradient_accumulation",
        ("grad", "gradient", "gradientaccumulation", "accumulation", "acumulacao"),
        r"(?:grad(?:ient)?[ _-]?accum(?:ulation)?(?:[ _-]?steps)?"
        r"|accumulation(?:[ _-]?steps)?|acumulacao(?: de gradientes?)?)"
        + _SEP
        + r"(\d{1,3})"
        + _ALONE,
    ),
    _rule("num_frames", ("num", "numframes"), r"num[ _-]?frames" + _SEP + r"(\d{1,4})" + _ALONE),
    _rule("num_frames", ("frames", "quadros"), r"(\d{1,4})\s*(?:frames|quadros)\b", -1),
    _rule(
        "sample_steps",
        ("sample", "sampling", "preview", "amostragem"),
        r"(?:sample|sampling|preview|amostragem)[ _-]?steps" + _SEP + r"(\d{1,3})" + _ALONE,
    ),
    _rule(
        "sample_steps",
        ("sample", "sampling", "preview"),
        r"(\d{1,3})\s*(?:sample|sampling|preview)[ _-]?steps\b",
        -1,
    ),
    _rule(
        "sample_steps",
        ("passos", "steps"),
        r"(\d{1,3})\s*(?:passos|steps)\s*(?:de|of|na|no|for|in)?\s*"
        r"(?:amostragem|sampling|preview|amostra)",
        -1,
    ),
    _rule("sample_every", ("sample",), r"sample[ _-]?every" + _SEP + r"(\d{1,6})" + _ALONE),
    _rule(
        "sample_every",
        _SAMPLE_WORDS + _SAMPLE_WORDS_PT,
        r"(?:samples?|sampling|previews?|amostras?|amostragem)\s+(?:a cada|every|cada)\s+"
        r"(\d{1,6})" + _ALONE,
    ),
    _rule(
        "sample_width",
        ("sample", "preview"),
        r"(?:sample|preview)[ _-]?(?:width|largura)" + _SEP + r"(\d{3,4})\b",
    ),
    _rule(
        "sample_height",
        ("sample", "preview"),
        r"(?:sample|preview)[ _-]?(?:height|altura)" + _SEP + r"(\d{3,4})\b",
    ),
    _rule(
        "sample_size",
        _SAMPLE_WORDS + _SAMPLE_WORDS_PT,
        r"(?:samples?|sampling|previews?|amostras?|amostragem)(?:[ _-]?(?:size|resolution))?"
        r"\s*(?:[:=]|em|at|de|of|in|com)?\s*(\d{3,4})(?:\s*x\s*(\d{3,4}))?(?![\d.])"
        r"(?!\s*(?:x|-)\s*\d)",
    ),
    _rule(
        "step",
        ("step", "passo", "iteration", "iteracao"),
        r"(?<!sample )(?<!sampling )(?:step|passo|iteration|iteracao)\s*#?\s*(\d{1,6})"
        r"(?:\s*/\s*\d+)?\b",
    ),
    _rule(
        "step",
        ("after", "depois", "apos", "past", "passados"),
        r"(?:after|depois de|apos|past|passados)\s+(?:uns |about |around |cerca de |~)?"
        r"(\d{1,6})\s*(?:steps|passos|its|iterations|iteracoes)\b",
    ),
    _rule(
        "first_steps",
        ("primeiros", "first"),
        r"(?:primeiros|first)\s+(\d{1,3})\s*(?:passos|steps)\b",
    ),
    _rule(
        "later",
        ("after", "depois", "apos"),
        r"(?:after|depois de|apos)\s+(?:\d+|uma|duas|one|two)\s+(?:horas?|hours?)\b",
    ),
)
_NAMES: Final = frozenset(rule.name for rule in RULES)


def _phase_of_step(step: int) -> str | None:
    if step <= 10:
        return "first_steps"
    return "later" if step >= 100 else None


def _read(name: str, m: re.Match[str]) -> tuple[Found, ...]:
    start, end = m.start(), m.end()
    if name == "sample_size":
        width = int(m.group(1))
        height = int(m.group(2)) if m.group(2) else width
        return Found("sample_width", width, start, end), Found("sample_height", height, start, end)
    if name == "step":
        phase = _phase_of_step(int(m.group(1)))
        return () if phase is None else (Found("oom_phase", phase, start, end),)
    if name == "first_steps":
        if int(m.group(1)) > 50:
            return ()
        return (Found("oom_phase", "first_steps", start, end),)
    if name == "later":
        return (Found("oom_phase", "later", start, end),)
    return (Found(name, int(m.group(1)), start, end),)


def find_numbers(matches: Iterable[Match]) -> list[Found]:
    """Numeric facts among the anchored matches, plus the OOM phase a step number implies."""
    found = [f for name, m in matches if name in _NAMES for f in _read(name, m)]
    return [f for f in found if not isinstance(f.value, int) or f.value > 0]
