"""Numbers written as words, the way people dictate them: "batch two", "twenty four gigs",
"lote de dois", "vinte e quatro giga", "oitenta e um frames", "a cada quinhentos passos".

Only from two up: "one" and "um/uma" are articles far more often than numbers, so they count
only as the last part of a compound ("eighty one", "oitenta e um") or right after what they
count ("batch one", "batch of one", "passo um"). A resolution may be read in two parts ("ten
twenty four"). Text is folded (lower case, no accents) before it gets here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

_UNITS: Final = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "dois": 2,
    "duas": 2,
    "tres": 3,
    "quatro": 4,
    "cinco": 5,
    "seis": 6,
    "sete": 7,
    "oito": 8,
    "nove": 9,
}
_TEENS: Final = {
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "dez": 10,
    "onze": 11,
    "doze": 12,
    "treze": 13,
    "quatorze": 14,
    "catorze": 14,
    "quinze": 15,
    "dezesseis": 16,
    "dezessete": 17,
    "dezoito": 18,
    "dezenove": 19,
}
_TENS: Final = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "vinte": 20,
    "trinta": 30,
    "quarenta": 40,
    "cinquenta": 50,
    "sessenta": 60,
    "setenta": 70,
    "oitenta": 80,
    "noventa": 90,
}
_HUNDREDS: Final = {
    "cem": 100,
    "cento": 100,  # "cento e vinte e um"
    "hundred": 100,  # "a hundred and twenty one", "one hundred"
    "duzentos": 200,
    "trezentos": 300,
    "quatrocentos": 400,
    "quinhentos": 500,
    "seiscentos": 600,
    "setecentos": 700,
    "oitocentos": 800,
    "novecentos": 900,
}
_LAST: Final = {**_UNITS, "one": 1, "um": 1, "uma": 1}
# Said alone right after what they number: "batch one", "passo um", "step zero".
_COUNTED_ALONE: Final = {**_LAST, "zero": 0}

# "one" and "um" count right after what they number.
_COUNTED: Final = frozenset({"batch", "bs", "lote", "step", "passo", "size", "frame"})
_BOTH: Final = frozenset({"os", "as", "the", "both", "dos", "das", "nos", "nas", "these"})
_WORD: Final = re.compile(r"[a-z]+")


def spelled_numbers(low: str, said: Iterable[str] | None = None) -> Iterator[tuple[int, int, int]]:
    """(value, start, end) of each number written in words in ``low``; ``said``, the words
    of ``low`` when known, saves looking for them."""
    words_said = said if said is not None else _WORD.findall(low)
    if _VOCABULARY.isdisjoint(words_said) and (
        _ONES.isdisjoint(words_said) or _COUNTED_ONE.search(low) is None
    ):
        return  # most messages: no number word at all
    words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(low)]
    i, said_last = 0, -9  # the word a number was last said at
    while i < len(words):
        before = words[i - 1][0] if i else ""
        if before in _OF and i > 1 and words[i - 2][0] in _COUNTED:
            before = words[i - 2][0]  # "batch of one", "bs of one", "lote de um"
        value, end, taken = _compound(words, i)
        # "from four to two to one", "de quatro pra dois e depois pra um": a chain ending at one
        chained = before in _TO and i - said_last <= _CHAIN_GAP
        if (
            not taken
            and (before in _COUNTED or chained)
            and words[i][0] in _COUNTED_ALONE
            and _next(words, i) != "hundred"
        ):
            value = _COUNTED_ALONE[words[i][0]]
            end, taken = words[i][2], 1
        if taken and before in _BOTH:
            taken, i = 0, i + taken - 1  # "os dois", "the two of them": both, not a number
        if taken:
            yield value, words[i][1], end
            said_last = i + taken - 1
            i += taken
        else:
            i += 1


_TO: Final = frozenset({"to", "pra", "para", "pro"})
_CHAIN_GAP: Final = 4  # "dois e depois pra um": the number before, a few words back


_VOCABULARY: Final = frozenset({*_UNITS, *_TEENS, *_TENS, *_HUNDREDS, "mil"})
_ONES: Final = frozenset({"one", "um", "uma", "zero"})
_OF: Final = frozenset({"of", "de"})
_COUNTED_ONE: Final = re.compile(
    r"\b(?:" + "|".join(sorted(_COUNTED)) + r")\s+(?:(?:of|de)\s+)?(?:one|um|uma|zero)\b"
)


def _compound(words: list[tuple[str, int, int]], i: int) -> tuple[int, int, int]:
    """The number starting at word ``i``: its value, where it ends, and how many words."""
    size = _said_as_a_size(words, i)
    if size[2]:
        return size
    word = words[i][0]
    if word == "mil":  # only with more after it: "mil e vinte e quatro", "mil duzentos e oitenta"
        rest, end, taken = _thousand_rest(words, i)
        return (1000 + rest, end, 1 + taken) if taken else (0, 0, 0)
    if word in _HUNDREDS or word in _TEENS or word in _UNITS:
        base = _HUNDREDS.get(word) or _TEENS.get(word) or _UNITS[word]
        if word in _UNITS and _next(words, i) == "hundred":
            rest, end, taken = _after_and(words, i + 1, allow_tens=True)
            return base * 100 + rest, end if taken else words[i + 1][2], 2 + taken
        if word not in _HUNDREDS:
            return base, words[i][2], 1
        rest, end, taken = _after_and(words, i, allow_tens=True)
        if word == "cento" and not taken:
            return 0, 0, 0  # "cento e poucos": only ever the start of a compound
        if word == "hundred" and (i == 0 or words[i - 1][0] not in ("a", "one")) and not taken:
            return 0, 0, 0  # "a few hundred steps": no number said; "a hundred frames" is
        return base + rest, end if taken else words[i][2], 1 + taken
    if word in _TENS:
        rest, end, taken = _after_and(words, i, allow_tens=False)
        return _TENS[word] + rest, end if taken else words[i][2], 1 + taken
    return 0, 0, 0


def _thousand_rest(words: list[tuple[str, int, int]], i: int) -> tuple[int, int, int]:
    j = i + 1 + (_next(words, i) == "e")
    if j >= len(words):
        return 0, 0, 0
    if words[j][0] in _HUNDREDS:
        value, end, taken = _compound(words, j)
        return value, end, j - i + taken - 1
    if words[j][0] in _TENS or words[j][0] in _TEENS or words[j][0] in _UNITS:
        value, end, taken = _compound(words, j)
        return value, end, j - i + taken - 1
    return 0, 0, 0


def _said_as_a_size(words: list[tuple[str, int, int]], i: int) -> tuple[int, int, int]:
    """A resolution said in two parts, as people read it: "ten twenty four" (1024), "five
    twelve" (512), "seven sixty eight" (768), "twelve eighty" (1280). Only sizes models train
    at, so that "batch two twenty four gig card" stays two numbers."""
    first = words[i][0]
    high = _UNITS.get(first) or _TEENS.get(first)
    if high is None or i + 1 >= len(words):
        return 0, 0, 0
    low, end, taken = (
        _compound(words, i + 1)
        if words[i + 1][0] in _TENS or (words[i + 1][0] in _TEENS)
        else (0, 0, 0)
    )
    value = high * 100 + low
    if not taken or value not in _SIZES:
        return 0, 0, 0
    return value, end, 1 + taken


_SIZES: Final = frozenset(
    {256, 384, 480, 512, 576, 640, 704, 720, 768, 832, 896, 960, 1024, 1088, 1152, 1216, 1280}
    | {1328, 1344, 1408, 1536, 1600, 1728, 1920, 2048}
)


def _after_and(
    words: list[tuple[str, int, int]], i: int, *, allow_tens: bool
) -> tuple[int, int, int]:
    """What a compound adds after word ``i``: "e quatro", "four", "-four", "e vinte e dois"."""
    j = i + 1
    if _next(words, i) in ("e", "and"):
        j += 1
    if j >= len(words):
        return 0, 0, 0
    word = words[j][0]
    if word in _LAST:
        return _LAST[word], words[j][2], j - i
    if allow_tens and word in _TENS:
        rest, end, taken = _after_and(words, j, allow_tens=False)
        return _TENS[word] + rest, end if taken else words[j][2], j - i + taken
    if allow_tens and word in _TEENS:
        return _TEENS[word], words[j][2], j - i
    return 0, 0, 0


def _next(words: list[tuple[str, int, int]], i: int) -> str | None:
    return words[i + 1][0] if i + 1 < len(words) else None
