"""Options weighed in a question: "gc on or low_vram?", "ligo o gc ou baixo pra 512?". A switch
offered as a choice is not the run's setting, nor is the value an option moves a setting to, nor
a setup only supposed ("suppose I had a 24GB card", "supondo batch 4")."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from typing import Final

from engine.extract.reading import Reading


def option_spans(reading: Reading) -> list[tuple[int, int]]:
    """Where a question (or a sentence that says a choice is being made) offers alternatives:
    from the clause holding the first one to the end of the sentence, an aside in brackets left
    out ("remove the bucket or go to batch 1 (im at 3)?")."""
    low = reading.low
    spans: list[tuple[int, int]] = []
    for match in _OR.finditer(low):
        if _NOT_AN_OPTION.match(low, match.end()):
            continue
        begin, end = _sentence(reading, match.start())
        asked = end < len(low) and low[end] == "?"
        if not asked and _DECIDING.search(low, begin, end) is None:
            continue
        breaks = [b.end() for b in _BREAK.finditer(low, begin, match.start())]
        if breaks and not low[breaks[-1] : match.start()].strip():
            breaks.pop()  # "…and going to 768, or keep 1024?": the first option is before
        start = breaks[-1] if breaks else begin
        aside = low.find("(", match.end(), end)
        stop = end if aside == -1 else aside
        # the options are the words beside the "or": "gc on or off for a 5090 doing zit at
        # 1024?" weighs GC, not the resolution told after it
        at = reading.word_at(match.start())
        words = reading.tokens
        start = max(start, words.starts[max(0, at - _REACH)])
        stop = min(stop, words.ends[min(len(words.words) - 1, at + _REACH)])
        if _KEEP.match(low, match.end()):
            # "…cair pra 768 ou deixo em 1024 com gc?": the second option is the run as it is
            stop = match.start()
        elif _KEPT.search(low, start, match.start()):
            # "fico com ele ligado mesmo, ou tem outro jeito?": so is the first
            start = match.end()
        spans.append((start, stop))
    return spans


_REACH: Final = 5  # words on either side of the "or" that an option may take
_PROPOSED: Final = re.compile(r"\b(?:to|pra|para|pro) (\d+(?:[.,]\d+)?(?:\s*x\s*\d+)?)")


def proposed_values(reading: Reading, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The numbers an option moves a setting to ("res down to 768", "baixo pra 512"), as spans:
    a proposal, not the run's value. A value moved from ("sample_steps from 30 to 10") is."""
    low = reading.low
    return [
        (number.start(1), number.end(1))
        for start, stop in spans
        for number in _PROPOSED.finditer(low, start, stop)
    ]


def supposed_spans(reading: Reading) -> list[tuple[int, int]]:
    """From a supposed setup ("suppose I had a 24GB card", "supondo uma 4090", "suppose batch 4") to
    the end of its sentence, or to the words that turn back to the run now ("hoje tenho")."""
    return _to_sentence_end(reading, _SUPPOSED.finditer(reading.low), _BACK_TO_NOW)


_SUPPOSED: Final = re.compile(
    r"\b(?:(?:suppose|supposing|supondo)(?: (?:i had|que eu tivesse|eu tivesse|que))?"
    r"|(?:if|say) i had|se eu tivesse) (?:a|an|uma?|batch|bs|lote|\d)\b"
)
_BACK_TO_NOW: Final = re.compile(
    r"\b(?:but|mas|now|agora|rn|currently|today|hoje|atualmente|i have|i'?m on|tenho|to com"
    r"|estou com)\b"
)


def advised_spans(reading: Reading) -> list[tuple[int, int]]:
    """From a setup described as a guide's or a tutorial's ("the docs example uses
    gradient_accumulation: 8 with batch 1", "o tutorial usa accumulation 16"), or advice not
    tried yet ("chatgpt told me batch 1 + accumulation 8. havent tried it"), to the end of its
    sentence or to the words that turn to one's own run ("right now I'm at batch 4")."""
    if reading.has("did_it"):
        return []  # "the guide says batch 1, did that, still oom": the advice is the run's
    told = _NOT_TRIED_YET.search(reading.low) is not None
    advised = (m for m in _ADVISED.finditer(reading.low) if told or not m.group("told"))
    return _to_sentence_end(reading, advised, _BACK_TO_MINE)


def _to_sentence_end(
    reading: Reading, matches: Iterable[re.Match[str]], back: re.Pattern[str]
) -> list[tuple[int, int]]:
    """From each match to the end of its sentence, or to where ``back`` turns to the run now."""
    spans = []
    for match in matches:
        end = _sentence(reading, match.start())[1]
        turn = back.search(reading.low, match.end(), end)
        spans.append((match.start(), end if turn is None else turn.start()))
    return spans


_ADVISED: Final = re.compile(
    r"\b(?:the (?:docs|guide|tutorial|readme)(?: example)?|(?:o|um) tutorial|o guia|a doc)"
    r"\s+(?:uses|usa|used|usou)\b"
    r"|\b(?P<told>(?:chatgpt|gpt|claude|gemini|the mod|o mod|my friend|a friend|meu amigo"
    r"|um amigo)\s+(?:told me|said|says|suggested|recommended|falou|disse|sugeriu|recomendou"
    r"|mandou))\b"
)
_NOT_TRIED_YET: Final = re.compile(
    r"\b(?:haven'?t tried|havent tried|not tried|didn'?t try|before i try|ainda nao testei"
    r"|nao testei|nem testei|ainda nao tentei|antes de testar)\b"
)
_BACK_TO_MINE: Final = re.compile(
    r"\b(?:but|mas|now|agora|rn|right now|currently|hoje|i'?m|im|i have|i run|i use|mine|my run"
    r"|what i|o meu|a minha|eu uso"
    r"|eu to|to em|to no|tou|estou|meu|minha|havent|haven't|ainda nao)\b"
)


def _sentence(reading: Reading, at: int) -> tuple[int, int]:
    """The sentence around ``at``, across the line breaks of a wrapped paragraph."""
    low = reading.low
    ends = [e for e in reading.sentence_ends if low[e] != "\n" or low[e + 1 : e + 2] == "\n"]
    i = bisect_right(ends, at - 1)
    begin = ends[i - 1] + 1 if i else 0
    return begin, ends[i] if i < len(ends) else len(low)


_OR: Final = re.compile(r"\b(?:or|ou|vs|versus)\b")
# "or not", "ou algo assim": no second option; "is it a leak or is it bs2 + gc off?": causes
# supposed, told as they are
_NOT_AN_OPTION: Final = re.compile(
    r"\s+(?:not|nao|so|something|smth|what|anything|nah|algo|o que|qualquer|whatever|is|e|eh"
    r"|was|foi|era)\b"
)
_DECIDING: Final = re.compile(
    r"\b(?:deciding|decide|decidir|decidindo|choose|choosing|escolher|escolhendo|options"
    r"|opcoes|on the fence|na duvida)\b"
)
_KEEPING: Final = "keep|stay|stick|leave|deixo|mantenho|continuo|sigo|fico"
_KEPT: Final = re.compile(rf"\b(?:{_KEEPING})\b")
_KEEP: Final = re.compile(rf"\s+(?:(?:should i|do i|i|eu|just)\s+)?(?:{_KEEPING}|deixar|manter)\b")
_BREAK: Final = re.compile(r"[,;:]|\s[-\u2013\u2014]\s")
