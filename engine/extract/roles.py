"""Numbers by role: every number in a message is scored for each role it could play.

A number ("896", "1280px", "24 gigs", "bs4", "896x1152", "512, 768 e 1024") is a candidate for
batch size, resolution, preview size and steps, frames, VRAM, the step it crashed at… Its unit,
its shape and magnitude, and the cue words on either side in the same clause (``roles.yaml``)
add evidence to each role. It takes the best role only when that role clearly wins; when two
roles score close, or the best is ``none`` (a rank, a learning rate, a count of images), it sets
no fact and the engine asks.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence, Set
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Final

from engine.extract.found import Found
from engine.extract.lexicon import LEXICON, expand, read_data
from engine.extract.normalize import words_of
from engine.extract.phrases import Hit
from engine.extract.reading import Reading, in_a_name, in_a_plan
from engine.extract.settings import (
    ADVISED,
    of_another_person,
    opens_a_question,
    revised_at,
    runs_in_order,
    told_runs,
)
from engine.extract.spelled import spelled_numbers
from engine.extract.trie import Trie, build

NONE: Final = "none"
# The bucket sizes AI Toolkit offers; a range "512-1024" stands for those within it.
STANDARD_BUCKETS: Final = (256, 512, 768, 1024, 1280, 1536)
# The role a pending question gives a bare number.
EXPECTED_ROLE: Final = {
    "batch_size": "batch_size",
    "gradient_accumulation": "gradient_accumulation",
    "max_resolution": "max_resolution",
    "resolutions": "max_resolution",
    "sample_width": "sample_width",
    "sample_height": "sample_height",
    "sample_steps": "sample_steps",
    "sample_every": "sample_every",
    "num_frames": "num_frames",
    "vram_gb": "vram_gb",
    "system_ram": "none",  # "> Quanta RAM o sistema tem?" / "16gb só"
    "oom_phase": "step",  # "> How many steps in when it crashes?" / "around 2150"
}
# Values each role can take; a number outside them is not evidence for the role.
_RANGES: Final = {
    "batch_size": (1, 64),
    "gradient_accumulation": (1, 256),
    "max_resolution": (128, 4096),
    "sample_size": (128, 4096),
    "sample_width": (128, 4096),
    "sample_height": (128, 4096),
    "sample_steps": (1, 200),
    "sample_every": (1, 1_000_000),
    "num_frames": (1, 2000),
    "vram_gb": (2, 200),
    "step": (0, 10_000_000),
    "hours": (1, 200),
}
_INTEGER_ROLES: Final = frozenset(_RANGES) - {"vram_gb"}
# Roles a wish or question ("should I try batch 1?") does not set: they are settings, not facts
# about the person's hardware or what already happened.
_SETTING_ROLES: Final = frozenset(
    {
        "batch_size",
        "gradient_accumulation",
        "max_resolution",
        "sample_size",
        "sample_width",
        "sample_height",
        "sample_steps",
        "sample_every",
        "num_frames",
    }
)
# Settings that, said only of an earlier run or in a supposition, are left unknown: the run now
# may well differ ("I tried batch 2 last time"). A resolution said so is usually still the one.
_ASIDE_ALONE_DROPPED: Final = frozenset({"batch_size", "gradient_accumulation"})
# Settings and the card's memory: said again after "edit:" or "sorry,", the later value is the one.
_REVISED_ROLES: Final = _SETTING_ROLES | {"vram_gb"}
# What a quoted question about the previews leaves in its place: the answer under it is theirs.
ASKED_PREVIEWS: Final = "previewsasked"
_PREVIEW_WORDS: Final = frozenset(
    {"preview", "previews", "sample", "samples", "sampling", "amostra", "amostras", "amostragem"}
    | {ASKED_PREVIEWS}
)
_PREVIEW_SENTENCE: Final = 1.5
_SIZE_AFTER_EVERY: Final = 3  # words from "every 100 steps" to "at 1024"
_AT: Final = frozenset({"at", "em", "a", "de", "in"})
_PREVIEW_WXH: Final = 1.0
_ANSWERS_THE_PREVIEWS: Final = 2.0
# "disable sampling", "desativei os samples": a preview word that says there are none.
_DISABLING: Final = frozenset({"disable", "disabled", "desativei", "desliguei", "sem", "no"})
_OF_A_TOTAL: Final = re.compile(r"\d\s*/\s*$")
_TOTAL: Final = 2.0
_CARD_TOTAL: Final = 4.0
_COUNT_BEFORE: Final = re.compile(r"(?<![\w.])(\d+)/$")
_OF_TOTAL: Final = re.compile(r"\s*/\s*\d")
_COUNT_TOTAL: Final = 6.0
# "vram 14.2/24.0 GB", "22 / 24 gb": the memory in use, out of the card's total after the slash
_IN_USE: Final = re.compile(r"(?:,\d{1,2})?\s*/\s*\d{1,3}(?:[.,]\d{1,2})?\s*(?:gb|gib|g)\b")
# a word, then a colon or "=", then a number, names that number: "GPU: 4090", "frames=81"
_LABEL: Final = re.compile(r"\s*[:=]\s*\d")
_DISABLING_VERBS: Final = frozenset({"disable", "disabled", "desativei", "desliguei", "tirei"})
_PREPOSITIONS: Final = frozenset({"at", "em", "a", "de", "in", "no", "na"})


def _after_a_preview(words: Sequence[str], number: Number) -> bool:
    """A preview word a few words before the number: "samples are 1024x1024 at 30 steps"."""
    return any(w in _PREVIEW_WORDS for w in words[max(0, number.first - 6) : number.first])


def _previewed_before(reading: Reading, number: Number, previews: Sequence[int]) -> bool:
    """A preview word before the number in its sentence, or in the sentence before: "previews
    take forever. 1024x1024, 40 steps"; not "batch 2, 512, sample every 100 steps"."""
    if _said_of_previews(reading, number, previews):
        return True
    # a bare number in the next sentence is as likely the training's ("OOM when the samples
    # run. sdxl 1024 bs 1"); a size written WxH there is the previews'
    if number.second is None:
        return False
    start, _ = reading.sentence_words(reading.sentence_of(number.first))
    if start == 0:
        return False
    before = reading.sentence_of(start - 1)  # the sentence before, past blank lines
    return any(reading.sentence_of(at) == before for at in previews)


def _said_of_previews(reading: Reading, number: Number, previews: Sequence[int]) -> bool:
    """A preview word before the number in its own sentence."""
    sentence = reading.sentence_of(number.first)
    return any(at < number.first and reading.sentence_of(at) == sentence for at in previews)


def _total_of_a_count(low: str, number: Number) -> bool:
    """The number after the slash of "612/1500", a count done of a total; not a list of sizes
    written with slashes ("512/768/1024")."""
    done = _COUNT_BEFORE.search(low, max(0, number.start - 8), number.start)
    if done is None or not number.integer:
        return False
    count = float(done.group(1))
    return count < number.value and not (_size_like(count) and _size_like(number.value))


def _a_card_s_total(reading: Reading, number: Number) -> bool:
    """ "nvidia-smi says 23.8/24", "vram 15.7/16", "11,5 GB used out of 12": a card's size,
    with no unit, after the memory in use, told of the card's memory or in gigabytes."""
    used = _USED_BEFORE.search(reading.low, max(0, number.start - 24), number.start)
    return (
        used is not None
        # not a progress bar's count: "Caching latents: 100% 40/40"
        and not reading.low[max(0, used.start() - 3) : used.start()].rstrip().endswith("%")
        and number.unit is None
        and _in_use_of(float((used.group(1) or used.group(2)).replace(",", ".")), number.value)
        # "11,5 GB used out of 12", "chega a 11,5 GB de 12": gigabytes in use are memory
        and (used["gb"] is not None or _of_memory(reading, number))
    )


def _in_use_of_a_card(reading: Reading, number: Number) -> bool:
    """The memory in use before a card's size: the 23.8 of "nvidia-smi 23.8/24"."""
    total = _CARD_AFTER.match(reading.low, number.end)
    if total is None:
        # "11,5 GB used out of 12", "chega a 11,5 GB de 12": gigabytes in use are memory
        total = _OF_A_CARD_AFTER.match(reading.low, number.end) if number.unit else None
        return total is not None and _in_use_of(number.value, float(total.group(1)))
    return _in_use_of(number.value, float(total.group(1))) and _of_memory(reading, number)


def _in_use_of(used: float, total: float) -> bool:
    return total in _CARD_SIZES and total / 2 <= used <= total


def _of_memory(reading: Reading, number: Number) -> bool:
    return not _MEMORY_WORDS.isdisjoint(reading.words_of_sentence(number.first))


_USED_BEFORE: Final = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:[.,]\d{1,2})?)\s*/\s*$"
    r"|(?<![\w.,])(\d{1,3}(?:[.,]\d{1,2})?)\s*(?P<gb>gb|gib|g)\s*(?:used\s+|usados\s+)?"
    r"(?:/|of|out of|de)\s*$"
)
_CARD_AFTER: Final = re.compile(r"\s*/\s*(\d{1,3})(?![\d.,]|\s*(?:gb|gib|g)\b)")
_OF_A_CARD_AFTER: Final = re.compile(
    r"\s*(?:used\s+|usados\s+|in use\s+|em uso\s+)?(?:of|out of|de)\s*(\d{1,3})(?![\d.,])"
)
_CARD_SIZES: Final = frozenset(
    {6.0, 8.0, 10.0, 11.0, 12.0, 16.0, 20.0, 24.0, 32.0, 40.0, 48.0, 80.0, 96.0}
)
_MEMORY_WORDS: Final = frozenset(
    {"vram", "memory", "memoria", "mem", "nvidia", "smi", "nvtop", "dedicated", "dedicada"}
    | {"usage", "used", "usado", "usada", "uso"}
)


def _count_of_a_total(low: str, number: Number) -> bool:
    """The number before the slash (or "de"/"of") of "512/2500", "800 de 3000": a count done of
    a larger total that is no size."""
    total = _A_TOTAL_AFTER.match(low, number.end)
    if total is None or not number.integer or number.second is not None:
        return False
    whole = float(total.group(1))
    return number.value < whole and not _size_like(whole)


_A_TOTAL_AFTER: Final = re.compile(r"(?:/|\s+(?:de|of)\s+)(\d+)\b(?!\s*(?:gb|g\b|gib|x|px|%))")


def _timed_like_previews(reading: Reading, number: Number) -> bool:
    """A size written WxH, then in its sentence a count of steps and an interval: "1024x1024,
    28 steps, every 100 steps", "1280x1280, 40 steps, a cada 100"."""
    if number.second is None:
        return False
    _, end = reading.sentence_words(reading.sentence_of(number.first))
    after = reading.tokens.words[number.last + 1 : min(end, number.last + _TIMED_REACH) + 1]
    steps = any(w in _STEP_WORDS for w in after[:_STEPS_REACH])
    return steps and any(w in _INTERVAL_WORDS for w in after)


_TIMED_REACH: Final = 9  # words from the size to its interval
_STEPS_REACH: Final = 4  # words from the size to its steps
_STEP_WORDS: Final = frozenset({"steps", "step", "passos", "passo"})
_INTERVAL_WORDS: Final = frozenset({"every", "cada"})


def _among_preview_settings(words: Sequence[str], number: Number) -> bool:
    near = words[max(0, number.first - 3) : number.last + 5]
    return bool(_PREVIEW_SETTINGS.intersection(near))


_LOGGED: Final = frozenset({"generating", "gerando"})  # "[sample] generating …"
_PREVIEW_SETTINGS: Final = frozenset({"prompts", "prompt", "steps", "passos", "cfg"})
_AMONG_PREVIEW_SETTINGS: Final = 1.0
_SAVED: Final = frozenset({"save", "saves", "saving", "salva", "salvar", "salvando", "checkpoint"})


def _preview_frames(reading: Reading, number: Number, previews: Sequence[int]) -> bool:
    """Frames said of the previews: a preview word shortly before them in their sentence, and
    no word of the training clips beside them ("clips de 49 frames no dataset")."""
    sentence = reading.sentence_of(number.first)
    words = reading.tokens.words
    near = [
        word
        for at, word in enumerate(words[: number.last + 4])
        if at >= number.first - 4 and reading.sentence_of(at) == sentence
    ]
    if _CLIP_WORDS.intersection(near):
        return False
    # "81 frames no sample e 41 no treino", "33 frames in the previews"
    clause = reading.clauses_of_words
    after = [
        w
        for at, w in enumerate(words[: number.last + 5])
        if at > number.last and clause[at] == clause[number.first]
    ]
    told_after = next((i for i, w in enumerate(after) if w not in _OF_THE), len(after))
    if told_after < len(after) and after[told_after] in _PREVIEW_WORDS and "frames" in after:
        return True
    return any(
        0 < number.first - at <= _PREVIEW_FRAMES_REACH and reading.sentence_of(at) == sentence
        for at in previews
    )


_CLIP_WORDS: Final = frozenset({"clip", "clips", "clipes", "dataset", "training", "treino"})
_OF_THE: Final = frozenset(
    {"frames", "frame", "f", "no", "na", "nos", "nas", "in", "the", "for", "of", "do", "da", "dos"}
    | {"das", "on", "em", "pro", "pra", "para", "os", "as", "o", "a"}
)
_PREVIEW_FRAMES_REACH: Final = 8


def _bare(words: Sequence[str], cue: tuple[float, int, int]) -> bool:
    """The cue that won is only a preposition."""
    _, first, last = cue
    return first == last and words[first] in _PREPOSITIONS


_VIDEO_SIZES: Final = frozenset({480.0, 720.0, 1080.0})
_PREVIEW_STEPS: Final = 4.0
# "…, 30 steps, every 100 steps" in a sentence about the previews: how often they are made. It
# outweighs what "every" alone says (a schedule of something else) and the unit "steps".
_PREVIEW_EVERY: Final = 7.0
_EVERY: Final = frozenset({("every",), ("cada",)})
_FRAME_UNITS: Final = frozenset({"frames", "frame", "quadros", "f"})
_STEP_UNITS: Final = frozenset({"steps", "step", "passos", "passo"})
_OFF: Final = frozenset({"off", "disabled", "desligado", "desligados", "desativado", "desativados"})
_HYPO_REACH: Final = 5  # words from a wish to the number it wishes for
_BEFORE_REACH: Final = 12  # words before a number where a cue may start (its reach and length)
_AFTER_REACH: Final = 8


@dataclass(frozen=True)
class Cue:
    role: str
    weight: float
    reach: int
    after: bool  # the cue stands after the number


@dataclass(frozen=True)
class RoleBook:
    threshold: float
    margin: float
    decay: float
    units: dict[str, dict[str, float]]
    prefixes: dict[str, dict[str, float]]
    longest_cue: int
    trie: Trie  # the cue phrases word by word


def _weights(table: dict[str, str]) -> dict[str, float]:
    return {role: float(weight) for role, weight in table.items()}


def _load() -> RoleBook:
    data: dict[str, Any] = read_data("roles.yaml")
    reach = {side: int(n) for side, n in data["reach"].items()}
    cues: dict[tuple[str, ...], list[Cue]] = defaultdict(list)
    for role, sides in data["cues"].items():
        for side, table in sides.items():
            for pattern, spec in (table or {}).items():
                weight, own = (spec[0], int(spec[1])) if isinstance(spec, list) else (spec, None)
                cue = Cue(role, float(weight), own or reach[side], side == "after")
                for phrase in expand(pattern):
                    words = words_of(phrase) or (phrase,)
                    cues[words].append(cue)
    return RoleBook(
        trie=build({words: tuple(found) for words, found in cues.items()}),
        threshold=float(data["threshold"]),
        margin=float(data["margin"]),
        decay=float(data["decay"]),
        units={u: _weights(t) for u, t in data["units"].items()},
        prefixes={p: _weights(t) for p, t in data["prefixes"].items()},
        longest_cue=max(len(words) for words in cues),
    )


BOOK: Final = _load()

# A number and the word right after it, which is its unit when ``units`` lists it ("24 gigs",
# "1280px", "896x1152"). The regex starts at a digit, so it is tried only where one stands.
_NUMBER: Final = re.compile(
    r"(?<![\d.])(\d{1,3},\d{1,2}(?=\s*(?:gb|gib|g)\b)|\d,\d(?=k\b|\s*mil\b)|[1-9]\d?[,.]\d{3}(?![\d]|[.,]\d)"
    r"|\d{1,7}(?:\.\d{1,2})?)"
    r"(?:\s*[x*]\s*(\d{2,5}|[1-9][,.]\d{3})(?![\d]))?"
    r"(?:\s*([a-z]+|%|²))?"
    r"(?![\w]|\.\d)"
)
_THOUSANDS: Final = re.compile(r"\d{1,2}[,.]\d{3}")


def _whole(raw: str) -> str:
    """A number written with a thousands separator, without it: "1,024", "1.024" -> "1024"."""
    return raw[:-4] + raw[-3:] if _THOUSANDS.fullmatch(raw) else raw


# Letters before a number ("bs4", "bs=2", "bs 2"): a prefix it lists, or a word the number is
# part of ("sd3", "a100"), which makes it no number at all.
_BEFORE: Final = re.compile(r"(?<![a-z0-9])([a-z]+)(\s*[:=]?\s*)$")
_JOIN: Final = re.compile(r"\s*(?:,|/|;|&|\+|\be\b|\band\b|,\s*(?:e|and)\b)?\s*")
_BULLET_GAP: Final = re.compile(r"\s*-\s*")


def _bulleted(low: str, previous: Number, gap: str) -> bool:
    """A YAML list's items ("resolution:\n  - 512\n  - 1024", or the same flattened to "- 512
    - 1024"): sizes each named, not a range."""
    if not _BULLET_GAP.fullmatch(gap):
        return False
    return "\n" in gap or low[max(0, previous.start - 2) : previous.start] == "- "


_CHOICE: Final = re.compile(r"\s*(?:\bou\b|\bor\b|\bor maybe\b|\bou talvez\b)\s*")
_FROM: Final = re.compile(r"\b(?:from|de|do|da)\s+$")
# "from OOM at step 1 to OOM at step ~900": the crash's words between the change and the step
_CRASH_AT: Final = (
    r"(?:(?:an?|um|uma)\s+)?(?:(?:oom|ooms|ooming|crash|crashing|crashes|dying|dies)\s+)?"
    r"(?:(?:at|on|in|no|na|em)\s+)?$"
)
_STEP_FROM: Final = re.compile(r"\b(?:from|do|de)\s+" + _CRASH_AT)
_STEP_TO: Final = re.compile(r"\b(?:to|pra|para|pro|ate o)\s+" + _CRASH_AT)
_RANGE: Final = re.compile(r"\s*(?:-|\bto\b|\bate\b|\ba\b)\s*")
_FIRST_BEFORE: Final = re.compile(r"(?:first|primeiros?|1st)\s+$")
# "só 512", "512 only": the one bucket there is.
_ONLY_BEFORE: Final = re.compile(
    r"(?:\bso|\bonly|\bapenas|\bsomente|\bjust|\bsingle res(?:olution)?)\s+(?:em\s+|at\s+)?$"
)
# "512 only", "1024 bucket only", "1024 (only one)", "[512]": the one bucket there is
_ONLY_AFTER: Final = re.compile(
    r"(?:\s*px)?(?:\s+(?:only|apenas|somente)\b|\s*\((?:only one|so essa|so esse)\))"
)


@dataclass
class Number:
    """One number as written, with what stands on and around it."""

    value: float
    second: float | None  # the H of "WxH"
    unit: str | None
    prefix: str | None
    start: int
    end: int
    first: int  # word indices
    last: int
    members: list[float] = field(default_factory=list)  # a list or range of sizes, in order
    choice: bool = False  # "4 ou 8": one of several, so none of them
    ranged: bool = False  # "512-1024": its members are a range's, not a list said

    @property
    def integer(self) -> bool:
        return self.value.is_integer()


_SOURCE_LINE: Final = re.compile(r"[\"'],\s*line\s*$")


def _numbers(low: str, starts: Sequence[int], words: Sequence[str]) -> list[Number]:
    found = []
    for m in _NUMBER.finditer(low):
        raw, second, unit = m.groups()
        start, end, prefix = m.start(), m.end(), None
        if in_a_name(low, start):
            continue  # "/out/flux_kontext_bs4", "anna_v3_768_no_gc.safetensors": a name's
        if in_a_plan(low, start):
            continue  # "amanhã: bs 1", "tomorrow: try 1024": planned, not run
        before = _BEFORE.search(low, max(0, start - 8), start)
        if before is not None and before.group(1) in BOOK.prefixes:
            if _BEFORE_SLANG.match(low, m.end()) and low[before.start(1) : m.end()] == "b4":
                continue  # "b4 i turned gc off it was fine": "before", no batch
            prefix, start = before.group(1), before.start(1)
        elif start > 0 and (low[start - 1].isalnum() or low[start - 1] == "_"):
            continue  # part of a word: "sd3", "a100", "wan22"
        if _SOURCE_LINE.search(low, max(0, start - 8), start):
            continue  # a traceback's 'File "run.py", line 512, in <module>': no value
        after = m.end(2) if second else m.end(1)
        total = _BAR_TOTAL.search(low, max(0, start - 8), start) and _BAR.match(low, after)
        # a bar's step stays a step ("step 3/2000 [") unless it could pass for a size
        step = _BAR_STEP.match(low, after) and _size_like(float(raw.replace(",", ".")))
        if _LOG_COUNT.match(low, after) or total or step:
            continue  # a progress bar's "1023/3000 [58:12<…", "unet: 256 modules", "1.920e-01"
        thousands = unit == "mil" and second is None  # "lá pelo 3 mil", "uns 2 mil steps"
        if thousands and _IMAGES_AFTER.match(low, end):
            continue  # "3 mil imagens": a count of images, never a size
        if thousands:
            unit = None
        elif unit is not None and (
            unit not in BOOK.units or (unit.isalpha() and _LABEL.match(low, m.end(3)))
        ):
            # "Res: 512 Frames: 17": a word with a colon names the value after it, not this one
            unit, end = None, m.end(2) if second else m.end(1)
        first = bisect_left(starts, start)
        # The unit's own word is not "after" the number for cues: "25 passos de amostragem".
        last = max(first, bisect_left(starts, m.end(2) if second else m.end(1)) - 1)
        value = float(_whole(raw).replace(",", "."))
        if thousands:
            value = float(round(value * 1000))  # "lá pelo 3 mil", "1,5 mil passos"
        if (
            unit == "k"
            and value in _K_SIZES
            and not _COUNTED.match(low, end)
            and not _WHEN_BEFORE.search(low, max(0, start - 16), start)
            and not _SCREEN_BESIDE.search(low, max(0, start - 16), min(len(low), end + 12))
        ):
            value, unit = value * 1024, None  # "1k res", "zit at 1k": 1024, not a thousand steps
        elif unit == "k" and _WHEN_BEFORE.search(low, max(0, m.start() - 16), m.start()):
            value, unit = float(round(value * 1000)), None  # "step 1.2k", "no passo 1.5k"
        elif unit == "k" and _EVERY_BEFORE.search(low, max(0, start - 12), start):
            value, unit = float(round(value * 1000)), None  # "samples every 1k steps"
        found.append(
            Number(
                value=value,
                second=float(_whole(second)) if second else None,
                unit=unit,
                prefix=prefix,
                start=start,
                end=end,
                first=first,
                last=last,
            )
        )
    found.extend(_spelled(low, starts, words))
    return sorted(found, key=lambda number: number.start)


# What a log counts after a number: a progress bar's step ("512/2000 [38:57<"), modules, an
# exponent ("loss: 1.920e-01"), a card's watts ("290w / 320w").
_LOG_COUNT: Final = re.compile(r"\s*modules\b|e[-+]\d|w\b")
_BAR_STEP: Final = re.compile(r"/\d+\s*\[")
_BAR_TOTAL: Final = re.compile(r"\d/$")  # the total after the step: "511/2000 [38:52<…"
_BAR: Final = re.compile(r"\s*\[")
_UNIT_AFTER: Final = re.compile(r"\s*([a-z]+)")
_IMAGES_AFTER: Final = re.compile(r"\s*(?:de\s+)?(?:imagens|images|imgs|fotos|photos|pics|clips)")
_BEFORE_SLANG: Final = re.compile(r"\s+(?:i|it|that|this|the|we|my|eu|o|a|u)\b")
_K_SIZES: Final = frozenset({1.0, 1.5, 2.0})
# "monitor 2K", "a 2k screen", "tela 2k": a display's size, not a picture's
_SCREEN_BESIDE: Final = re.compile(r"\b(?:monitor|monitores|monitors|screen|display|tela|tv)\b")
_WHEN_BEFORE: Final = re.compile(
    r"(?:step|passo|around|after|depois de|~|ate|until|of|(?:step|passo)\s*\d+\s+de)\s*$"
)
_EVERY_BEFORE: Final = re.compile(r"\b(?:every|each|a cada|cada)\s*$")
_COUNTED: Final = re.compile(  # "1k steps", "1k product shots", "2k de fotos": counts
    # …and a range of them: "2k/3k steps", "2k de passos"
    r"\s*(?:[/-]\s*\d+(?:[.,]\d+)?k\s*)?(?:de\s+)?(?:steps?|passos?|imgs?|images?|imagens|epochs?"
    r"|it|its|iter"
    r"|(?:[a-z]+\s+)?(?:shots|pics|photos|fotos|pairs|pares|clips|clipes|videos|files|arquivos))"
)


def _spelled(low: str, starts: Sequence[int], words: Sequence[str]) -> Iterator[Number]:
    """Numbers dictated in words ("batch two", "vinte e quatro giga"), with a unit after them."""
    for value, start, end in spelled_numbers(low, words):
        unit_after = _UNIT_AFTER.match(low, end)
        unit = unit_after.group(1) if unit_after and unit_after.group(1) in BOOK.units else None
        ends = unit_after.end() if unit_after is not None and unit else end
        first = bisect_left(starts, start)
        last = max(first, bisect_left(starts, end) - 1)
        yield Number(
            value=float(value),
            second=None,
            unit=unit,
            prefix=None,
            start=start,
            end=ends,
            first=first,
            last=last,
        )


_LARGEST_TRAINED: Final = 2048
# Sizes a model is known to train at that are no multiple of 64 (Qwen-Image's 1328).
_MODEL_SIZES: Final = frozenset({1328.0})


_SAVES: Final = frozenset(
    {"salva", "salvar", "salvo", "salvando", "save", "saves", "saving", "checkpoint", "ckpt"}
)


def _size_like(value: float) -> bool:
    return value.is_integer() and 128 <= value <= 4096 and value % 32 == 0


def _bucket_like(value: float) -> bool:
    """A size some models train at, beside a common one: "buckets 1024 and 1328"."""
    return value.is_integer() and 256 <= value <= 2048 and value % 16 == 0


def _group(low: str, numbers: list[Number]) -> list[Number]:
    """Sizes joined as a list ("512, 768 e 1024") or a range become one number with members;
    numbers joined by "ou"/"or" are a choice."""
    grouped: list[Number] = []
    for number in numbers:
        previous = grouped[-1] if grouped else None
        gap = low[previous.end : number.start] if previous else ""
        if previous is not None and previous.second is None and number.second is None:
            if _CHOICE.fullmatch(gap):
                previous.choice = number.choice = True
            elif (
                previous.unit in (None, "px")
                and number.unit in (None, "px")
                and _bucket_like(previous.value)
                and _bucket_like(number.value)
                and (_size_like(previous.value) or _size_like(number.value))
            ):
                if previous.ranged and gap.strip() == "-":
                    # "512-768-1024": a list written with dashes, not a range
                    previous.members = [previous.members[0], previous.members[-1], number.value]
                    previous.ranged = False
                    previous.end, previous.last = number.end, number.last
                    continue
                if _JOIN.fullmatch(gap) or _bulleted(low, previous, gap):
                    previous.members = previous.members or [previous.value]
                    previous.members.append(number.value)
                    previous.end, previous.last = number.end, number.last
                    continue
                if (
                    _RANGE.fullmatch(gap)
                    and not previous.members
                    and previous.value < number.value
                    and not _FROM.search(low, max(0, previous.start - 6), previous.start)
                ):  # "512-1024", not "from 1024 to 768" (a change)
                    low_end, high_end = sorted((previous.value, number.value))
                    inside = {float(b) for b in STANDARD_BUCKETS if low_end <= b <= high_end}
                    previous.members = sorted(inside | {low_end, high_end})
                    previous.end, previous.last = number.end, number.last
                    previous.ranged = True
                    continue
        grouped.append(number)
    return grouped


def _elided(numbers: list[Number], words: Sequence[str]) -> list[Number]:
    """A count whose unit is left out when it is told again with a verdict: "33 frames worked,
    81 ooms", "49 frames roda, 81 estoura" (the 81 is frames too)."""
    for previous, number in pairwise(numbers):
        if (
            previous.unit in _FRAME_UNITS
            and number.unit is None
            and not _VERDICTS.isdisjoint(words[number.last + 1 : number.last + 2])
            and number.second is None
            and number.prefix is None
            and number.value >= _FEWEST_FRAMES
            and not _size_like(number.value)  # "49 frames at 512 OOMs": the size
            and 0 < number.first - previous.last <= _ELIDED_REACH
            # "33 frames worked, 81 ooms": a verdict on each
            and not _VERDICTS.isdisjoint(words[previous.last + 1 : number.first])
        ):
            number.unit = previous.unit
    return numbers


# How a value went, told right after it: crashed ("81 ooms", "1024 estoura") or went fine.
_FAILED: Final = frozenset(
    {"fails", "failed", "dies", "died", "crashes", "crashed", "morre", "morreu", "crasha"}
    | {"crashou", "capota", "capotou", "explode", "explodes", "explodiu", "falha", "falhou"}
)
_WENT_FINE: Final = frozenset(
    {"works", "worked", "fine", "ok", "okay", "runs", "ran", "trains", "trained", "fits"}
    | {"finishes", "finished", "goes", "went", "passes", "passed", "roda", "rodou", "rodava"}
    | {"cabe", "coube", "vai", "foi", "ia", "passa", "passou", "funciona", "funcionou"}
    | {"treina", "treinou", "termina", "terminou", "tranquilo", "liso"}
)
_VERDICTS: Final = _FAILED | _WENT_FINE | {"oom", "ooms", "oomed", "estoura", "estourou"}
_ELIDED_REACH: Final = 4  # "33 frames worked fine, 81 ooms"
_FEWEST_FRAMES: Final = 9  # "81 frames, 4 ooms": a count of crashes


@dataclass(frozen=True)
class _Placed:
    cue: Cue
    first: int
    last: int


def _cues(words: Sequence[str], numbers: Sequence[Number], after_comma: Set[int]) -> list[_Placed]:
    """Every cue phrase within reach of a number, longest first: "sample every" is not also
    "every". Left to right; a phrase never runs across a comma ("per sample, resolution 1024"
    is no "sample resolution"), though it does across a line ("sample:\n  width: 1536")."""
    placed: list[_Placed] = []
    count, trie = len(words), BOOK.trie
    spans = sorted((max(0, n.first - _BEFORE_REACH), n.last + _AFTER_REACH) for n in numbers)
    i = 0
    for low_end, high_end in spans:
        i = max(i, low_end)
        while i <= high_end and i < count:
            found: tuple[Cue, ...] = ()
            end, branch, j = i, trie.get(words[i]), i
            while branch is not None:
                if branch[0]:
                    found, end = branch[0], j
                j += 1
                if branch[1] is None or j >= count or j in after_comma:
                    break
                branch = branch[1].get(words[j])
            if found:
                placed.extend(_Placed(cue, i, end) for cue in found)
                i = end + 1
            else:
                i += 1
    return placed


def _shape(number: Number, scores: dict[str, float]) -> None:
    """What the number's own shape says, before any word around it."""
    value = number.value
    if number.second is None and not number.members and value > _LARGEST_TRAINED:
        scores["max_resolution"] -= 3.0  # "the source photos are ~4000px": not trained at
    # A size is an image's: the training resolution unless words say it is a preview's.
    if number.members:
        scores["max_resolution"] += 3.0
        return
    if number.second is not None:
        if _size_like(value) and _size_like(number.second):
            scores["max_resolution"] += 2.5
            scores["sample_size"] += 1.5
        return
    if number.unit not in (None, "px"):
        return
    if value in _VIDEO_SIZES:
        scores["max_resolution"] += 2.0  # "121 frames at 720"
    elif value in _MODEL_SIZES:
        scores["max_resolution"] += 2.5  # "qwen image 1328 bs1": Qwen-Image's own square size
        scores["sample_size"] += 1.5
    elif value.is_integer() and 256 <= value <= 2048:
        if value % 64 == 0:
            scores["max_resolution"] += 2.5
            scores["sample_size"] += 1.5
        elif value % 32 == 0:
            scores["max_resolution"] += 1.5
            scores["sample_size"] += 1.0
    if not number.integer:
        scores[NONE] += 1.5
    elif value > 4096:
        scores[NONE] += 3.0


@dataclass
class _Score:
    scores: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    best_cue: dict[str, tuple[float, int, int]] = field(default_factory=dict)

    def add(self, role: str, weight: float, first: int, last: int) -> None:
        self.scores[role] += weight
        if weight > self.best_cue.get(role, (0.0, 0, 0))[0]:
            self.best_cue[role] = (weight, first, last)


def _score(
    number: Number,
    placed: Iterable[_Placed],
    clause_of: Sequence[int],
    after: bool = True,
    others: Sequence[tuple[int, int]] = (),
    labels: Set[int] = frozenset(),
    unit_words: Set[int] = frozenset(),
) -> _Score:
    """The evidence for each role; with ``after`` false, cues after the number do not count
    (in "batch 1 + grad accum 6" what follows the "+" is the next item's). A cue does not reach
    over another number (``others``: the words each spans) to this one: in "OOM at step 1 on zimage
    1024" the step is the 1's."""
    score = _Score()
    # "1024x1024 x 4 prompts": a size times a count; the "x" multiplies, it is no unit of the size
    unit = None if number.second is not None and number.unit == "x" else number.unit
    for role, weight in BOOK.units.get(unit or "", {}).items():
        score.add(role, weight, number.first, number.last)
    for role, weight in BOOK.prefixes.get(number.prefix or "", {}).items():
        score.add(role, weight, number.first, number.last)
    _shape(number, score.scores)
    clause = clause_of[number.first]
    low_end, high_end = number.first - _BEFORE_REACH, number.last + _AFTER_REACH
    for spot in placed:
        if spot.first > high_end or spot.last < low_end:
            continue
        cue = spot.cue
        if cue.after:
            if not after or spot.first <= number.last or clause_of[spot.first] != clause:
                continue
            if spot.last in labels:
                continue  # "LTX-2 GPU: 4060": the label is the next value's
            gap = spot.first - number.last
            over = any(number.last < first < spot.first for first, _ in others)
        else:
            if spot.last >= number.first or clause_of[spot.last] != clause:
                continue
            if spot.first == spot.last and spot.first in unit_words:
                continue  # "49 frames 512": the unit of the number before, no cue of this one
            gap = number.first - spot.last
            over = any(spot.last < last < number.first for _, last in others)
        if gap <= cue.reach and not over:
            score.add(cue.role, cue.weight * BOOK.decay ** (gap - 1), spot.first, spot.last)
    return score


def _fits(role: str, number: Number) -> bool:
    if number.prefix == "step" and role in ("max_resolution", "sample_size"):
        return False  # "the first sample at step 500": a step, whatever the words around it
    low_end, high_end = _RANGES.get(role, (0, float("inf")))
    values = number.members or [number.value, *([number.second] if number.second else [])]
    if number.unit == "%" and role in _SETTING_ROLES:
        return False  # "sample every 10% of the run", "50% do treino": a share, not a setting
    if role in _INTEGER_ROLES and not all(v.is_integer() for v in values):
        return False
    if role in _SIZES and not all(v % 8 == 0 for v in values):
        return False  # "the samples at 250 went fine": a step; images are sized by eights
    if role in _SIZES and number.second is None and values[0] % 500 == 0 and values[0] % 64:
        return False  # "the 500 and 1000 samples came out fine": steps, not sizes
    return all(low_end <= v <= high_end for v in values)


_SIZES: Final = frozenset({"max_resolution", "sample_size", "sample_width", "sample_height"})


def _role(number: Number, score: _Score) -> str | None:
    ranked = sorted(
        ((s, r) for r, s in score.scores.items() if r == NONE or _fits(r, number)), reverse=True
    )
    if not ranked:
        return None
    best, role = ranked[0]
    if role in _PREVIEW_SIZE:
        # "width 1024": the preview's size and its width agree; the named side is the answer
        ranked = [ranked[0], *(r for r in ranked[1:] if r[1] not in _PREVIEW_SIZE)]
        named = [r for r, weight in score.scores.items() if r in _SIDES and weight > 0]
        if len(named) == 1:
            role = named[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
    if role == NONE or best < BOOK.threshold or best - runner_up < BOOK.margin:
        return None
    return role


_SIDES: Final = frozenset({"sample_width", "sample_height"})
_PREVIEW_SIZE: Final = _SIDES | {"sample_size"}


@dataclass(frozen=True)
class Assigned:
    role: str
    number: Number
    start: int  # the span of the number and the cue that won
    end: int


def _wished(reading: Reading, number: Number, clause_of: Sequence[int]) -> bool:
    """A number in a wish or question about the setup ("should I try batch 1?")."""
    return _shortly_after(reading, number, clause_of, "hypo", _HYPO_REACH)


def _wish_goes_on(reading: Reading, number: Number, wished: Number | None) -> bool:
    """ "I'd love to go to 1024 and maybe even 1536 buckets eventually", "queria subir pra 1024
    e quem sabe 1536 depois": a number joined to the one just wished for is wished too."""
    if wished is None or reading.sentence_of(number.first) != reading.sentence_of(wished.last):
        return False
    if not 0 < number.first - wished.last <= _WISH_JOINED_REACH:
        return False
    between = reading.low[wished.end : number.start]
    # not "I'd love batch 4 but right now even batch 1 OOMs": the run now, against the wish
    return _JOINED_WISH.search(between) is not None and _NOW_AGAINST.search(between) is None


_WISH_JOINED_REACH: Final = 8
_JOINED_WISH: Final = re.compile(r"\b(?:and|e|or|ou|then|depois|maybe|talvez|quem sabe)\b")
_NOW_AGAINST: Final = re.compile(
    r"\b(?:but|mas|now|agora|rn|hoje|currently|nem|not|nao|so|only|just|ja|already)\b"
)


def _shortly_after(
    reading: Reading, number: Number, clause_of: Sequence[int], kind: str, reach: int
) -> bool:
    """A hit of ``kind`` at most ``reach`` words before the number, in its clause."""
    clause = clause_of[number.first]
    return any(
        h.last < number.first and number.first - h.last <= reach and clause_of[h.first] == clause
        for h in reading.of(kind)
    )


def assign(reading: Reading, covered: set[int], expecting: str | None = None) -> list[Assigned]:
    """Each number of the message with the role it clearly plays, left to right."""
    starts = reading.tokens.starts
    if not starts:
        return []
    clause_of = reading.clauses_of_words
    numbers = _group(reading.low, _numbers(reading.low, starts, reading.tokens.words))
    numbers = _elided(numbers, reading.tokens.words)
    tokens = reading.tokens
    after_comma = {bisect_left(starts, at) for at in tokens.stops if reading.low[at] in ",;"}
    placed = _cues(tokens.words, numbers, after_comma)
    ends = tokens.ends  # the words a colon or "=" and a number follow: one pass over the text
    labels = {
        i
        for m in _LABEL.finditer(reading.low)
        if (i := bisect_left(ends, m.start())) < len(ends) and ends[i] == m.start()
    }
    unit_words = {  # "81 frames", not "12gb"
        word
        for n in numbers
        if n.unit
        and len(n.unit) > 1
        and n.unit.isalpha()
        and not n.prefix  # "bs 1 steps 2000": "steps" is the next one's
        and (word := bisect_right(starts, n.end - 1) - 1) > n.last
    }
    expected = EXPECTED_ROLE.get(expecting or "")
    wished: Number | None = None  # the last number only wished for
    words = reading.tokens.words
    in_phase = {i for h in reading.of("phase") for i in range(h.first, h.last + 1)}
    previews = [
        i
        for i, w in enumerate(words)
        if w in _PREVIEW_WORDS
        and i not in in_phase
        and _OFF.isdisjoint(words[i + 1 : i + 3])  # "samples off", "previews are disabled"
        and "".join(words[i - 1 : i]) not in _DISABLING
        and "".join(words[i - 2 : i - 1]) not in _DISABLING_VERBS  # "desativei os samples"
    ]
    # a size written WxH after the crash's "while sampling" is the previews' too ("dá oom na
    # hora de gerar as amostras, 768x1344 com 40 steps")
    sampled = [i for i in in_phase if words[i] in _PREVIEW_WORDS]
    every_preview = [*previews, *sampled]
    # "previews take forever. 1024x1024, 40 steps, every 50": that sentence and the next
    previewed = {reading.sentence_of(i) + after for i in previews for after in (0, 1)}
    # "[sample] Generating 4 images at 1344x768, 28 steps": the log line of the previews
    previewed |= {reading.sentence_of(i) for i in sampled if _LOGGED.intersection(words[i : i + 2])}
    assigned: list[Assigned] = []
    previous: tuple[Number, str | None] | None = None
    instead: str | None = None  # the role of a value wished in place of the next one
    spans = [(n.first, n.last) for n in numbers]
    for number in numbers:
        if number.first in covered or number.first >= len(starts) or number.choice:
            continue
        joined = reading.low[number.end : number.end + 3].lstrip().startswith(("+", "&"))
        score = _score(number, placed, clause_of, not joined, spans, labels, unit_words)
        # before a size written WxH, a bare "at"/"em" is no cue: "as amostras estão em 1024x1024"
        uncued = all(
            role not in score.best_cue
            or (number.second is not None and _bare(words, score.best_cue[role]))
            for role in ("max_resolution", "sample_size")
        )
        at = score.best_cue.get("max_resolution")
        if (
            at is not None
            and _bare(words, at)
            and (
                _PREVIEW_WORDS.intersection(words[max(0, at[1] - 3) : at[1]])
                or (number.second is not None and _said_of_previews(reading, number, every_preview))
            )
        ):
            # "preview tb em 1024", "samples at 1024", "previews every 250 steps at 1024x1024":
            # the preposition is the previews'
            score.scores["max_resolution"] -= at[0]
            score.best_cue.pop("max_resolution")
        if (
            (
                (
                    number.unit in ("gb", "g", "gib")
                    and reading.said_before(_OF_A_TOTAL, number.start, 8)
                )
                # "nvidia-smi 23.8/24", "11,5 GB used out of 12"
                or (number.unit is None and _a_card_s_total(reading, number))
            )
            # not the shared memory's total: "memória compartilhada … enche (12/32 GB)"
            and not reading.said_before(_SHARED, number.start, 60)
        ):
            # "19/24 gb used", "22.8/24gb", "nvidia-smi 23.8/24": the total after the slash is
            # the card's
            score.scores.pop("none", None)
            weight = _TOTAL if number.unit else _CARD_TOTAL  # no unit to weigh with it
            score.add("vram_gb", weight, number.first, number.last)
        elif (
            number.unit is None
            and (_IN_USE.match(reading.low, number.end) or _in_use_of_a_card(reading, number))
        ) or (number.unit in ("gb", "g", "gib") and _in_use_of_a_card(reading, number)):
            score.scores.pop("vram_gb", None)
            score.best_cue.pop("vram_gb", None)
        elif number.unit is None and _total_of_a_count(reading.low, number):
            # "612/1500 [bucket 832x1216]": the steps of a progress bar, not a size
            score.add("none", _COUNT_TOTAL, number.first, number.last)
        elif number.unit is None and _count_of_a_total(reading.low, number):
            # "| 512/2500 [21:40<…", "ta em 800 de 3000": steps done of a run's total, no size
            for size in ("max_resolution", "sample_size"):
                score.scores.pop(size, None)
                score.best_cue.pop(size, None)
        if (
            number.second is None
            and _size_like(number.value)
            and _said_of_previews(reading, number, every_preview)
            and _among_preview_settings(words, number)
        ):
            # "the previews take 4 minutes (10 prompts, 1024, 30 steps)": listed with theirs
            score.add("sample_size", _AMONG_PREVIEW_SETTINGS, number.first, number.last)
        if (
            number.second is None
            and number.first > 0
            and words[number.first - 1] in _INTERVAL_WORDS
            and _said_of_previews(reading, number, every_preview)
            and not _SAVED.intersection(words[max(0, number.first - 4) : number.first])
        ):
            # "previews at 1024 every 250 w/ 28", "amostras 1024x1024 a cada 250 passos": the
            # interval of the previews the sentence speaks of
            score.add("sample_every", _PREVIEW_EVERY, number.first, number.last)
        if (
            _size_like(number.value)
            and assigned
            and assigned[-1].role == "sample_every"
            and 0 < number.first - assigned[-1].number.last <= _SIZE_AFTER_EVERY
            and words[number.first - 1] in _AT
            and _said_of_previews(reading, number, every_preview)
        ):
            # "samples every 100 steps at 1024 with 30 steps": the size of the previews timed
            score.add("sample_size", _PREVIEW_STEPS, number.first, number.last)
        seen = every_preview if number.second is not None else previews
        if uncued and _size_like(number.value) and _timed_like_previews(reading, number):
            # "1024x1024, 28 steps, every 100 steps": a size with its steps and its interval
            score.add("sample_size", _PREVIEW_SENTENCE + _PREVIEW_WXH, number.first, number.last)
        elif uncued and _size_like(number.value) and _previewed_before(reading, number, seen):
            # a size in a sentence about the previews, too far from any cue to say whose it is;
            # written WxH, as preview sizes are ("samples take forever. 1024x1024, 30 steps")
            weight = _PREVIEW_SENTENCE + (_PREVIEW_WXH if number.second is not None else 0.0)
            if any(words[i] == ASKED_PREVIEWS and i < number.first for i in seen):
                weight += _ANSWERS_THE_PREVIEWS  # "> Qual o tamanho dos previews?" / "768x1344"
            score.add("sample_size", weight, number.first, number.last)
        elif (
            number.unit in _STEP_UNITS
            and reading.sentence_of(number.first) in previewed
            and "sample_every" not in score.best_cue
            and (
                "step" not in score.best_cue
                # "samples are 1024x1024 at 30 steps", not "it OOMs at 30 steps, samples 1024"
                or (_bare(words, score.best_cue["step"]) and _after_a_preview(words, number))
            )
        ):
            # "previews are 1024x1024 at 30 steps": steps said of the previews are theirs
            score.add("sample_steps", _PREVIEW_STEPS, number.first, number.last)
        if (
            number.unit in _STEP_UNITS
            and assigned
            and assigned[-1].role == "sample_size"
            and assigned[-1].number.second is not None
            and 0 < number.first - assigned[-1].number.last <= _STEPS_AFTER_SIZE
            and "step" not in score.best_cue
            and "sample_steps" not in score.best_cue
        ):
            # "4 prompts at 1024x1024, 25 steps each": the steps of the previews just sized
            score.add("sample_steps", _PREVIEW_STEPS, number.first, number.last)
        cue = score.best_cue.get("step")
        if cue is not None and words[max(0, cue[1] - 1) : cue[1]] in _ORDINALS:
            # "OOM on first step at 1024": the step is named by its order, the number is not it
            score.scores.pop("step")
            score.best_cue.pop("step")
        if (
            number.unit in _FRAME_UNITS and _preview_frames(reading, number, previews)
        ) or _of_the_previews_section(reading, number):
            # "the video previews OOM (preview is 121 frames 768x512)": the previews' length
            score.scores.pop("num_frames", None)
            score.best_cue.pop("num_frames", None)
        if number.unit in _FRAME_UNITS:
            # "sample com 41 frames, 832x480, 20 steps": frames are never the preview's steps
            score.scores.pop("sample_steps", None)
            score.best_cue.pop("sample_steps", None)
        if (
            words[max(0, number.first - 1) : number.first] in _EVERY
            and reading.sentence_of(number.first) in previewed
            and "sample_every" not in score.best_cue
            # "salva a cada 250, amostra a cada 500": how often it saves
            and _SAVES.isdisjoint(words[max(0, number.first - 3) : number.first - 1])
        ):
            score.add("sample_every", _PREVIEW_EVERY, number.first - 1, number.last)
        if (
            expected is not None
            and not assigned
            # "> when does it OOM?" / "no cache, 16 GB": a step has no unit but its own, and
            # words of the moment say it better ("during previews, the bar gets to 250/2000")
            and (
                expected != "step"
                or (not reading.has("phase") and (not number.unit or number.unit in _STEP_UNITS))
            )
        ):
            # the answer to "what batch?" is the first number given, not "I also tried 2"
            score.add(expected, 3.0, number.first, number.last)
        role = _role(number, score)
        moved = (
            previous is not None
            and _moved(reading.low, previous[0], number)
            # "bs 1 -> 2.4 s/it" is no batch of 2.4
            and (previous[1] is None or _fits(previous[1], number))
        )
        if moved and previous is not None and _supposed(reading, previous[0], clause_of):
            # "if dropping sample steps from 30 to 15 would…": 30 is run, 15 only supposed
            previous = (number, None)
            continue
        if moved and previous is not None and previous[1] is not None:
            # "from 2 to 4": the second is what it is now, in the same role
            role = role or previous[1]
            if assigned and assigned[-1].number is previous[0]:
                assigned.pop()
        elif (
            moved
            and previous is not None
            and assigned
            and (assigned[-1].number.value == previous[0].value)
        ):
            # "> what batch?" / "4. well it was 4, I dropped it to 1": the value said again,
            # then changed
            role = role or assigned[-1].role
            assigned.pop()
        if role is None and _lowered_to(reading, number, assigned):
            # "121 frames, oom. i lower to 81, still oom": the same setting, changed
            role = assigned.pop().role
        if role is None and reading.said_before(_GONE_BACK_TO, number.start, 32):
            # "bs 4 oom, bs 2 oom, bs 1 works, now back on 2": a value told before, again
            said = [a.role for a in assigned if a.number.value == number.value]
            role = said[-1] if said else None
        replaced = instead is not None and _INSTEAD_BEFORE.search(
            reading.low, max(0, number.start - 24), number.start
        )
        if replaced:
            role, instead = role or instead, None
        previous = (number, role)
        if role is None:
            continue
        if (
            role in _SETTING_ROLES
            and not replaced
            and (_wished(reading, number, clause_of) or _wish_goes_on(reading, number, wished))
        ):
            if _put_instead(reading, number) == "wished":
                instead = role  # "going to try 640 instead of 768": 768 is the run's
            wished = number
            continue
        if role in _SETTING_ROLES and _THAN_IT.search(
            reading.low, max(0, number.start - 24), number.start
        ):
            continue  # "I'd like the previews smaller than 1024": compared to, not set
        if role in _SETTING_ROLES and _corrected_away(reading, number, numbers, clause_of):
            continue  # "a resolução é 768 e não 1024", "it's batch 2 not 4": not the value
        if role in _REVISED_ROLES and _hedged(reading, number):
            continue  # "batch 4 I think, might be 2", "every 100 steps, or maybe 250": a guess
        if (
            role == "max_resolution"
            and not number.members
            and int(number.value) in _taken_out(reading)
        ):
            continue  # "edit: 1280 removed, still ooms": no longer trained at
        put_instead = _put_instead(reading, number) if role in _SETTING_ROLES else None
        if put_instead is not None:
            # "want previews at 512 instead of 1024": 1024 is the run's; asked ("is training at
            # 512 instead of 1024 worse?") neither is
            instead = role if put_instead == "wished" else None
            continue
        if of_another_person(reading, number.first) and not reading.has("did_it"):
            continue  # "guy above runs bs4 on 24g, im on 16g": his card, not theirs
        if role == "vram_gb" and card_wished(reading, _card_start(reading, number)):
            continue  # "if i get a 32gb card", "se eu pegar uma de 16": not theirs yet
        if role == "vram_gb" and _of_the_ram(reading, number):
            continue  # "RAM fills all the way up (64GB)": the system's memory, not the card's
        if role == "vram_gb" and _not_a_card(reading, number):
            continue  # "200GB volume", "+2gb or +10gb?", "7950X, 64GB, Fedora": not a card
        if role == "vram_gb" and _IN_USE_BEFORE.search(
            reading.low, max(0, number.start - 24), number.start
        ):
            continue  # "comfy was eating about 10gb of vram", "segurando 17GB": memory in use
        if role == "vram_gb" and _TAKEN_AFTER.match(reading.low, number.end):
            continue  # "a VRAM já tá em 5GB ocupada", "22gb is taken": memory in use
        if role == "vram_gb" and _A_FILE_BEFORE.search(
            reading.low, max(0, number.start - 32), number.start
        ):
            continue  # "baixei o modelo de novo (30gb!!)", "o safetensors de 23gb": a file
        if role == "vram_gb" and (
            reading.said_before(_SHARED_BEFORE, number.start, 40)
            or (
                reading.said_before(_OF_A_TOTAL, number.start, 8)
                and reading.said_before(_SHARED, number.start, 60)
            )
        ):
            continue  # "shared GPU memory at 9 GB", "memória compartilhada em 10gb": spilled
        _, first, last = score.best_cue.get(role, (0.0, number.first, number.last))
        start = min(number.start, starts[first])
        end = max(number.end, reading.tokens.ends[last])
        assigned.append(Assigned(role, number, start, end))
    return assigned


# A value doubted right after it, in its own clause: a second guess at it ("or maybe 250", "ou
# é 20?"), or the writer's doubt ("batch 4 I think, not sure", "1024... na real não sei se é")
_HEDGED_AFTER: Final = re.compile(
    r"(?:\s*(?:steps|passos|gb|px|frames|card|placa))?[ \t,;:(\u2014-]*(?:\.\.\.\s*)?"
    r"(?:hmm+[ \t,.]*)?"
    # "24gb card. hmm or is it 20?": a second guess may follow a full stop
    r"(?:\.\s*(?:hmm+[ \t,.]*)?(?:or|ou)\s+(?:is it|was it|e|eh|seria|era|maybe|talvez)\s+~?\d"
    r"|(?:or|ou)\s+(?:maybe\s+|talvez\s+|is it\s+|was it\s+|e\s+|eh\s+|seria\s+|era\s+)?~?\d"
    # a bare "I think" is as sure as people get ("resolution is 768 I think"): only with a
    # doubt after it ("batch 4 I think. not sure actually")
    r"|(?:(?:i think|i guess|eu acho|acho)[.,;]?\s+(?:not sure|nao tenho certeza|maybe|talvez"
    r"|might|pode ser)|maybe not|talvez nao"
    r"|not sure|nao tenho certeza|nao sei se"
    r"|na real nao sei|actually,? not sure|i don'?t remember|don'?t remember"
    r"|nao lembro)\b)"
)


def _hedged(reading: Reading, number: Number) -> bool:
    """Doubted right after it is said, and not said again after the doubt ("16gb I think.
    yeah 16" is sure in the end)."""
    doubt = _HEDGED_AFTER.match(reading.low, number.end)
    if doubt is None:
        return False
    digits = _DIGITS.search(reading.low, number.start, number.end)
    if digits is None:
        return True
    again = re.compile(rf"(?<![\d.]){re.escape(digits.group())}(?!\d|[.,]\d)")
    return not any(
        _SENTENCE_BREAK.search(reading.low, doubt.end(), m.start())
        for m in again.finditer(reading.low, doubt.end())
    )


_DIGITS: Final = re.compile(r"\d+(?:[.,]\d+)?")
_SENTENCE_BREAK: Final = re.compile(r"[.!?\n]")


def _corrected_away(
    reading: Reading, number: Number, numbers: Sequence[Number], clause_of: Sequence[int]
) -> bool:
    """A value said not to be the one, beside the one that is: "768 e não 1024", "it's 1152
    not 1536", "not 1024 but 768"."""
    denied = reading.said_before(_NOT_THIS, number.start, 12)
    if denied is None:
        return False
    first, _ = reading.sentence_words(reading.sentence_of(number.first))
    if (
        reading.word_at(denied.start() + len(denied.group()) - len(denied.group().lstrip()))
        == first
    ):
        return True  # "not batch 8, i WANT batch 8", "nao é 24gb, é a 3060": put right first
    clause = clause_of[number.first]  # "768, não 1024": the comma does not part them
    return any(
        other is not number and clause_of[other.first] in (clause, clause - 1)
        for other in numbers
        if other.first < len(clause_of) and abs(other.first - number.first) <= _CORRECTION_REACH
    )


_CORRECTION_REACH: Final = 4


_NOT_THIS: Final = re.compile(
    r"(?:^|[\s,(])(?:not|nao|and not|e nao|but not|mas nao)\s+(?:bs|batch|lote|b)?\s*$"
)


# What follows a wished value ("want previews at 512 instead of 1024"), and what comes before a
# value only compared to ("I'd like the previews smaller than 1024").
_IN_PLACE_OF: Final = r"(?:instead of|rather than|em vez d[eoa]|ao inves de|no lugar d[eoa])"
_INSTEAD: Final = re.compile(rf"\s*(?:px|x\d+)?\s*{_IN_PLACE_OF}\b")
_INSTEAD_BEFORE: Final = re.compile(
    rf"\b{_IN_PLACE_OF}\s+(?:every\s+|a cada\s+|the\s+|o\s+|a\s+)?$"
)


def _put_instead(reading: Reading, number: Number) -> str | None:
    """ "wished" for a value put in place of another in a wish ("want previews at 512 instead
    of 1024", "idea: sample_every 1000 instead of 250"), "asked" in a question alone ("is
    training at 512 instead of 1024 worse?"); None when told as done ("samples at 768 instead
    of 1024 did it": the run's)."""
    if _INSTEAD.match(reading.low, number.end) is None:
        return None
    words = set(reading.words_of_sentence(number.first))
    # the wish before the value: "batch 2 instead of 1 because I wanted it done" tells why
    first, _ = reading.sentence_words(reading.sentence_of(number.first))
    before = set(reading.tokens.words[first : number.first])
    if not _WISHING.isdisjoint(before) or words & _TRYING:
        return "wished"
    return "asked" if reading.question(number.first) else None


_TRYING: Final = frozenset({"idea", "ideia", "try", "tentar", "testar", "going"})


_THAN_IT: Final = re.compile(
    r"\b(?:smaller|bigger|larger|lower|higher|less|more|menor|maior|menos|mais)"
    r"\s+(?:than|que|do que)\s+(?:the\s+|o\s+|a\s+)?(?:current\s+|atual\s+)?$"
)


_TO: Final = re.compile(
    r"\s*(?:to|pra|pro|para|->|→|=>|ate|down to|up to|then|then to|and then to|depois|e depois"
    r"|e depois pra|e depois para|e depois pro|e pra|e para)\s*"
)


def _lowered_to(reading: Reading, number: Number, assigned: Sequence[Assigned]) -> bool:
    """A bare value a setting was changed to, with the setting said a sentence or so before."""
    if not assigned or assigned[-1].role not in _SETTING_ROLES:
        return False
    if not _fits(assigned[-1].role, number):
        return False
    if reading.sentence_of(number.first) - reading.sentence_of(assigned[-1].number.first) > 1:
        return False
    return bool(
        reading.said_before(_CHANGED_IT_TO, number.start, 32)
        # "went from bs 4 to 2, same thing. then 1", "baixei pro 2, nada. agora tô no 1"
        or reading.said_before(_THEN_ON, number.start, 24)
        # "bs 4 OOM, then 2 OOM, then 1 worked, now im back to 2"
        or reading.said_before(_GONE_BACK_TO, number.start, 32)
        or (
            number.unit is None
            and number.prefix is None
            and reading.said_before(_NOW_ON, number.start, 12) is not None
        )
    )


_THEN_ON: Final = re.compile(
    r"(?:[.,;]\s*|\b(?:and|e)\s+)(?:then|depois|dps|agora (?:to|estou|ta) (?:no|na|em))\s+$"
)
# "primeiro bs 6, dps 3, dps 1, agora 2": a bare value, now
_NOW_ON: Final = re.compile(r"[,;]\s*(?:now|agora)\s+$")


_CHANGED_IT_TO: Final = re.compile(
    r"\b(?:lower(?:ed)?|drop(?:ped)?|reduced?|cut|decreased?|went down|go down|raised?"
    r"|bump(?:ed)?|increased?|baixei|reduzi|diminui|abaixei|desci|subi|aumentei|passei"
    r"|went back|dropped back|voltei|volto)"
    r"(?:\s+(?:it|them|ele|ela|eles|isso|o|a))?\s+(?:to|pra|para|pro|down to|up to|ate)\s*$"
)


_STEPS_AFTER_SIZE: Final = 3  # words from a preview's WxH to its steps: "1024x1024, 25 steps"


def _moved(low: str, before: Number, after: Number) -> bool:
    """ "from 2 to 4", "de 4 pra 1": the value changed, and the second is the one now; or
    corrected ("batch 4, no wait, 2", "81 frames, aliás 49", "it was 4, I dropped it to 1")."""
    if low[max(0, before.start - 2) : before.start] == "~~" and _STRUCK.fullmatch(
        low, before.end, after.start
    ):
        return True  # "batch ~~4~~ 1": the value struck through, then the one now
    return bool(
        _TO.fullmatch(low, before.end, after.start)
        or _REVISED.fullmatch(low, before.end, after.start)
        or _NOW.fullmatch(low, before.end, after.start)
    )


_STRUCK: Final = re.compile(r"~~\s*")
_NOW: Final = re.compile(r"\s*,\s*(?:now|agora|hoje|today)\s*")  # "was batch 4, now 1"


_REVISED: Final = re.compile(
    r"\s*[,.(#\u2014\u2013-]*\s*(?:"
    r"(?:(?:no|nao)\s*[,.]?\s+)?"
    r"(?:(?:wait|sorry|sry|pera|alias|i mean|actually|or rather|quer dizer|digo|ops|oops|erm"
    r"|err|my bad|errei|na verdade|na real|correction|correcao|corrigindo|scratch that)"
    r"\s*[,.:]?\s*)+"  # "batch 4 sorry i mean 2"
    r"|(?:i |eu )?(?:dropped|lowered|reduced|cut|changed|baixei|reduzi|diminui|mudei)"
    r"(?: it| ele| isso)?\s*(?:to|pra|para|pro|down to)"
    r"|(?:e |and )?(?:eu )?cai\s*(?:pra|para|pro)"  # "tava em batch 4 e caí pra 2"
    # "1024 — no, 768", "sdxl com 1536... não, 1280": a bare no after a pause
    r"|(?<=[\u2014\u2013.-] )(?:no|nao)"
    # "16gb card *12gb", "placa de 4gb *48gb": the chat's mark of a typo put right
    r"|(?:(?:gb|card|placa|gpu|vram|px|frames|lol|kkk+)\s+){0,2}\*(?!\s)"
    r")\s*[,.:]?\s*(?:(?:e|era|it's|it'|its|it is|sao|is|are|was)\s*)?"
)


_ORDINALS: Final = frozenset(
    (w,) for w in ("first", "1st", "second", "primeiro", "primeira", "segundo", "segunda")
)


def _supposed(reading: Reading, number: Number, clause_of: Sequence[int]) -> bool:
    """A change supposed, not made: "if" or "se" shortly before the value it starts from, or
    a change asked about ("diminuir o sample_steps de 30 pra 15 ajuda?")."""
    if reading.question(number.first) and _PROPOSED_CHANGE.search(
        reading.low, max(0, number.start - 40), number.start
    ):
        return True
    if _PLANNED_CHANGE.search(reading.low, max(0, number.start - 48), number.start):
        return True  # "next I'll go 1024 -> 896", "want to change it from [512, 1024] to…"
    return _shortly_after(reading, number, clause_of, "supposing", _SUPPOSED_REACH)


_PROPOSED_CHANGE: Final = re.compile(
    r"\b(?:diminuir|baixar|reduzir|aumentar|subir|lowering|dropping|reducing|raising"
    r"|cutting|cortar|going)\b[^.?!]*$"
)


_PLANNED_CHANGE: Final = re.compile(
    r"\b(?:i'?ll|i will|gonna|going to|want to|wanna|would like to|thinking (?:of|about)"
    r"|planning(?: to| on)?|plan|plano|next (?:i'?ll|run|time)|vou|quero|pretendo|penso em"
    r"|pensando em|queria)\s+(?:\w+\s+){0,4}?(?:go(?:ing)?|try|drop|lower|change|switch|move"
    r"|bump|raise|reduce|cut|baixar|subir|mudar|trocar|passar|reduzir|diminuir|aumentar|ir|testar"
    r"|tentar)\b[^.?!\n]*$"
)


_SUPPOSED_REACH: Final = 8  # "se baixar os sample steps de 30": words from "se" to the value


def _int(value: float) -> int:
    return int(value)


# A value that does not fit, that is refused, or that other people run: not the run now
# ("placa de 12 não aguenta batch 4", "not going to bs1", "how do ppl get batch 8?").
# A value never tried: "batch 4 nem tentei", "never tried bs 4"
_NOT_TRIED: Final = (
    r"(?:nem|nao|nunca|never|haven'?t|have not|didn'?t|did not) (?:even )?"
    r"(?:tentei|testei|tried|try|tested)"
)
_NOT_RUN: Final = re.compile(
    r"(?:\bnao (?:aguenta|cabe|roda|rola|suporta|vou (?:pra|para|pro))"
    r"|\b(?:can'?t|cannot|won'?t|doesn'?t|does not|couldn'?t) (?:do|handle|fit|run|take|hold)"
    r"|\bnot going (?:to|down to)"
    r"|\b(?:people|ppl|others|folks|everyone) (?:get|run|use|do|train with|train at|go with"
    r"|getting|running|using|doing|training (?:with|at))"
    r"|\b(?:galera|pessoal|o povo) (?:usa|roda|consegue|treina com|treinam com)"
    r"|\b(?:fake|simulate|emulate|mimic|imitate|simular|emular|imitar|fingir)(?: a| um)?"
    rf"|\b{_NOT_TRIED}"
    r"|\b(?:the man|the guy|the tutorial|the video|o tutorial|o video|o cara)"
    r" (?:uses?|used|usa|usou))"
    r"\s+(?:(?:a|o|um|uma|the)\s+)?(?:batch|bs|batch size|batches)?\s*(?:de|of|=|:)?\s*$"
)


# The other side of a comparison, or an example: not the run's.
_COMPARED_TO: Final = re.compile(
    r"\b(?:compared (?:to|with)|comparado (?:a|ao|com)|em comparacao (?:a|ao|com)|versus|vs"
    r"|something like|algo como|for example|por exemplo|tipo)\b[^.?!,;\n]{0,32}$"
)


def _of_the_previews_section(reading: Reading, number: Number) -> bool:
    """A setting pasted under a job's ``sample:`` section ("sample:\n  num_frames: 33") is the
    previews' own."""
    sections = _SECTION_LINE.findall(reading.low, 0, number.start)
    return bool(sections) and sections[-1] == "sample"


_SECTION_LINE: Final = re.compile(r"^([a-z_]+)[ \t]*:[ \t]*$", re.MULTILINE)
_KEYED: Final = re.compile(r"\b[a-z]+_[a-z_]+\s*[:=]\s*$")  # "batch_size: ", "num_frames="
_COMPARED_KEYS: Final = ("compar", "versus", "vs", "like", "algo como", "exemplo", "example")


# A value followed, in its clause, by its not fitting.
_DOES_NOT_FIT: Final = re.compile(
    r"(?:(?!\bbut\b|\bmas\b|\bbatch\b|\blote\b)[^.?!,;\n]){0,40}?"
    r"\b(?:(?:won'?t|wouldn'?t|doesn'?t|does not|will not|can'?t) (?:fit|work)"
    r"|(?:is|it'?s) (?:obviously |just |definitely )?not happening|nem pensar|nem a pau"
    r"|nao (?:cabe|aguenta)"
    rf"|{_NOT_TRIED})\b"
)
# In a question, a value proposed rather than run: going back to it, wanting it, the other
# option ("I'd like something like bs 8, how…?").
_PROPOSED: Final = re.compile(
    r"(?:\bvoltar (?:pro|pra|para|ao)|\bgo back (?:to|down to)"
    r"|\b(?:i'?d like|i want|i wanna|quero|queria) (?:something like|to (?:get|run|use|do))"
    r"|\b(?:ou|or) (?:e|is it) (?:melhor|better)"
    r"|\b(?:what now|and now|e agora|then|entao)\s*,?"
    # "volto o gc ou baixo o bs pra 2?", "tiro o 1024 ou volto o batch pra 1?"
    r"|\b(?:baixo|volto|diminuo|reduzo|coloco|ponho|subo|drop|lower|reduce|set|lowering"
    r"|dropping|reducing|baixar|reduzir|diminuir)"
    r"\s+(?:(?:o|a|the)\s+)?(?:batch|bs|batch size|lote)\s+(?:pra|para|pro|to|em))"
    r"\s+(?:(?:a|o|um|uma|the)\s+)?(?:batch|bs|batch size|lote)?\s*(?:de|of|=|:)?\s*$"
)


def _guessed(reading: Reading, number: Number) -> bool:
    return (
        reading.said_before(_GUESS_BEFORE, number.start, 16) is not None
        or _GUESS_AFTER.match(reading.low, number.end) is not None
    )


_GUESSED_ROLES: Final = frozenset({"num_frames"})
_GUESS_BEFORE: Final = re.compile(
    r"(?:~|\b(?:like|around|about|roughly|approx|approximately|tipo uns|tipo umas|uns|umas"
    r"|cerca de|mais ou menos|some))\s*$"
)
_GUESS_AFTER: Final = re.compile(r"-?ish\b|\s*(?:or so|mais ou menos|e pouco)\b")


def _feared_or_advised(reading: Reading, number: Number) -> bool:
    """A value after a worry, or in a question about someone's advice: "I'm worried that
    dropping the buckets to 512/768 like the guide suggests…", "tenho medo de baixar pra 768"."""
    if reading.said_before(_ADVICE_BEFORE, number.start, 60) and not reading.has("did_it"):
        return True  # "tutorial says use batch 4 but I can only fit 1", "o cara diz batch 8"
    told = reading.said_before(_ADVISED_TO_ME, number.start, 60)
    if told is not None and not reading.has("did_it"):
        # "you said batch 1 - why not 2?", "vc falou pra baixar pra 512"; not "dropped to 768
        # like you said", "tentei o que vc falou de baixar pra 768"
        done = _DONE_AS_SAID.search(reading.low, max(0, told.start() - 16), told.start())
        if done is None and not _I_DID.search(reading.low):
            return True
    if not reading.has("fear", "hearsay"):
        return False
    sentence = reading.sentence_of(number.first)
    said = reading.in_sentence(sentence)
    feared = any(h.kind == "fear" and h.last < number.first for h in said)
    advised = any(h.kind == "hearsay" and h.first > number.last for h in said)
    return feared or (advised and reading.question(number.first))


# Advice told from a source, right before the value: "the tutorial says use batch 4", "o mod
# falou pra usar batch 1".
_ADVICE_BEFORE: Final = re.compile(
    r"\b(?:tutorial|guide|guia|video|youtube|youtuber|reddit|readme|docs|mod|moderador"
    r"|moderator|chatgpt|gpt|claude|gemini|example|exemplo)\b[^.!?\n]{0,24}?\b(?:says?|said|diz"
    r"|disse|falou|fala|recommends?|recomenda|suggests?|suggested|sugere|sugeriu|told me|mandou"
    r"|uses|usa|usou)\b(?:\s+(?:(?:to|pra|para|me to|pra eu|para eu)\s+)?(?:use|usar|put|colocar"
    r"|set|setar|botar))?"
    r"\s+(?:(?:a|o|um|uma|the)\s+)?(?:batch(?: size)?|bs|lote|res(?:olution)?|resolucao|frames"
    r"|(?:gradient )?(?:accumulation|acumulacao)(?: steps)?)?\s*(?:de\s+|of\s+|to\s+|[=:]\s*)?$"
)

# Advice the person was given in this conversation, in the same sentence before the value:
# "you said drop to 1", "you told me batch 1 on mine", "vc disse pra deixar o batch em 1".
_ADVISED_TO_ME: Final = re.compile(ADVISED.pattern + r"[^.!?\n]{0,40}$")

_DONE_AS_SAID: Final = re.compile(
    r"\b(?:like|as|what|how|como|oq|o que|que|everything|tudo)\s+(?:the bot\s+|you\s+)?$"
)
_I_DID: Final = re.compile(r"\b(?:i did|did it|done|fiz|feito|i tried|tentei)\b")


def _aside(reading: Reading, number: Number, *, same_job: bool = False) -> bool:
    """Said of an earlier run, or asked about ("if batch is 1, does…?", "is bs 1 with accum 4
    the same as bs 4?"): not the run now. With ``same_job``, the earlier run is the one now."""
    if reading.said_before(_KEYED, number.start, 32) and not (_asked_of(reading, number)):
        # "gradient_accumulation: 4 with batch_size: 1, is that…?": set, not supposed; not "is
        # gradient_accumulation: 4 the same as batch 4?", "if I set gradient_accumulation: 8…?"
        return False
    sentence = reading.sentence_of(number.first)
    past = [h for h in reading.of("past") if reading.sentence_of(h.first) == sentence]
    if past and not same_job and not _corrected_since(reading, past[-1], number):
        return True
    if any(
        h.first <= number.first <= h.last
        or (number.first == h.last + 1 and reading.tokens.words[h.last] in _BATCH_WORDS)
        for h in reading.of("accumulation")
    ):
        # "como faço batch 16 numa placa de 16gb", "manter o comportamento de batch 4": the
        # batch wanted
        return True
    if reading.said_before(_NOT_RUN, number.start, 40):
        return True
    window = reading.low[max(0, number.start - 48) : number.start]
    if any(key in window for key in _COMPARED_KEYS) and _COMPARED_TO.search(window):
        return True  # "compared to batch 8 on a bigger card", "for something like Z-Image at 1024"
    if not _VERSUS.isdisjoint(reading.words_of_sentence(number.first)):
        return True  # "bs1 ga4 vs bs4 ga1, which one": both sides weighed, neither run
    if _DOES_NOT_FIT.match(reading.low, number.end):
        return True  # "I already know batch 16 straight up won't fit", "batch 4 não cabe"
    if reading.question(number.first) and _PROPOSED.search(
        reading.low, max(0, number.start - 40), number.start
    ):
        return True  # "vou ter que voltar pro batch 1?", "ou é melhor lote 8 direto?"
    if _wanted_change(reading, number):
        return True  # "want to bump to 1024 buckets, batch 4 and turn gc off"
    if reading.question(number.first) and reading.said_before(_LIKENED_TO, number.start, 40):
        return (
            True  # "does that actually equal batch 2?", "é igual a batch 8?": what it is likened to
        )
    if reading.said_before(_RUN_NOW, number.start, 28):
        return False  # "I'm at bs 2 with accum 2, so effective 4?": the run now, then a question
    if _RUNNING_THIS.search(reading.low):
        return False  # "Batch Size 2 and Gradient Accumulation 4? that's what I'm running"
    if _compared_in_a_question(reading, number):
        return True  # "what's the difference between batch 4 and batch 1 with accum 4?"
    first, _ = reading.sentence_words(sentence)
    if reading.question(number.first) and (
        _EQUALS.search(reading.low, number.end, reading.tokens.ends[_sentence_end(reading, number)])
        or _EQUALS_BEFORE.search(reading.low, reading.tokens.starts[first], number.start)
    ):
        return True  # "so bs 2 ga 2 = 4?", "does ga4 = bs4 for the loss?": sums asked about
    if _options(reading, number) and (
        reading.question(number.first) or _WHICH.search(reading.text_of_sentence(number.first))
    ):
        # "gc off with batch 1, or gc on with batch 4?", "lote 2 ou acc 2, qual gasta menos
        # vram": two options weighed
        return True
    # "se eu usar batch 1, dá pra…?", "can I do batch 8…?": the number inside what is supposed.
    # A supposition after it, in a clause of its own, asks about the run the number describes
    # ("zit, batch 1 na 4080, dá pra tirar o gc?")
    clause = reading.clauses_of_words[number.first]
    return reading.question(number.first) and any(
        reading.sentence_of(h.first) == sentence
        and (
            kind == "accumulation"  # "is bs 2 accum 4 the same as bs 8?": all weighed
            or h.first < number.first
            or reading.clauses_of_words[h.first] == clause
        )
        for kind in ("hypo", "supposing", "accumulation")
        for h in reading.of(kind)
    )


def _asked_of(reading: Reading, number: Number) -> bool:
    """The number's sentence is a question that opens before the number: "does X need…?"."""
    if not reading.question(number.first):
        return False
    first, _ = reading.sentence_words(reading.sentence_of(number.first))
    before = reading.tokens.words[first : number.first]
    if not _KEPT.isdisjoint(before[-4:]):
        return False  # "if I keep batch_size: 1 and…?": what it is now, kept
    return not _ASKING.isdisjoint(before)


_ASKING: Final = frozenset(
    {"what", "whats", "what's", "does", "do", "is", "will", "would", "should", "can", "could"}
    | {"if", "how", "difference", "se", "qual", "como", "devo", "posso", "sera", "diferenca"}
)
_KEPT: Final = frozenset({"keep", "keeping", "leave", "manter", "mantiver", "mantendo", "deixar"})


_CHOOSING: Final = frozenset({"which", "qual", "quais", "better", "melhor", "vs", "versus"})


def _asked_or_wished(reading: Reading, number: Number) -> bool:
    return reading.question(number.first) or _wished_before(reading, number)


def _batch_wished(reading: Reading, number: Number) -> bool:
    """A batch wished for ("want to push it to batch 2", "batch 3 would crash", "bumped?"), or
    asked about in a question of its own ("want more. batch 2?"); not one in a longer question
    that tells the run ("I'm on batch 4 now, what's the best way to go faster?")."""
    if reading.question(number.first):
        first, end = reading.sentence_words(reading.sentence_of(number.first))
        if end - first <= _A_BARE_ASK:
            return True
    return _wished_before(reading, number)


def _wished_before(reading: Reading, number: Number) -> bool:
    """Wanted, planned or said by someone, just before the number in its sentence."""
    sentence = reading.sentence_of(number.first)
    return reading.said_before(_WANTED_BEFORE, number.start, 24) is not None or any(
        0 < number.first - h.last <= _WISH_REACH and reading.sentence_of(h.first) == sentence
        for kind in ("hypo", "hearsay")
        for h in reading.of(kind)
    )


_A_BARE_ASK: Final = 4
_WISH_REACH: Final = 4
_WANTED_BEFORE: Final = re.compile(
    r"\b(?:want|wants|wanted|quero|queria|planning|push|bump|raise|increase|subir|aumentar"
    r"|said|says|disse|diz|falou|fala|recommends?|suggests?|recomenda|sugere)\b[^.?!,;]*$"
)


def _corrected_since(reading: Reading, past: Hit, number: Number) -> bool:
    """ "I said batch 4 earlier, it's actually batch 2", "tava 4, baixei pra 1": the value put
    right or changed to, after what was said before, is the run's."""
    if past.last >= number.first:
        return False
    between = reading.low[reading.tokens.ends[past.last] : number.start]
    # "tava 4, baixei pra 1": the value a change ended at, after what it was; "1280 last time,
    # this time 1024": the value of the run now, after the earlier one's
    return any(r.search(between) for r in (_ACTUALLY, _CHANGED_TO, _THIS_TIME))


_ACTUALLY: Final = re.compile(r"\b(?:actually|na verdade|i mean|quer dizer|corre[cç]\w*)\b")
_THIS_TIME: Final = re.compile(
    r"\b(?:now|agora|this time|dessa vez|desta vez|nessa vez|currently|atualmente|rn|here|aqui"
    r"|(?:in|on|no|na) (?:the )?ai[ -]?toolkit)\b"
)


_BATCH_WORDS: Final = frozenset({"batch", "bs", "lote"})
_EQUALS_BEFORE: Final = re.compile(r"(?:\s=|(?<![a-z_ ])=)\s*(?:bs|batch|lote|ga|acc|accum)?\s*$")
_EQUALS: Final = re.compile(r"(?<![a-z_ ])\s*=\s*[a-z\d]|\s=\s*[a-z\d]")


def _options(reading: Reading, number: Number) -> bool:
    """Two batch sizes (or a batch and an accumulation) offered as alternatives in one
    sentence."""
    sentence = reading.text_of_sentence(number.first)
    return len(_A_BATCH.findall(sentence)) >= 2 and _OR_WORD.search(sentence) is not None


_A_BATCH: Final = re.compile(
    r"\b(?:batch(?: size)?|bs|lote|acc|accum|accumulation|acumulacao|ga)\s*(?:de |of |=|:)?\s*\d"
)
_WHICH: Final = re.compile(r"\b(?:which|what'?s better|whats better|qual|better|melhor)\b")
_OR_WORD: Final = re.compile(r"\b(?:or|ou)\b")


def _sentence_end(reading: Reading, number: Number) -> int:
    _, last = reading.sentence_words(reading.sentence_of(number.first))
    return last - 1


def _wanted_change(reading: Reading, number: Number) -> bool:
    """A change still wished, said earlier in the number's sentence: "want to bump to bigger
    buckets, batch 4…", "queria subir o batch pra 4", "planning to try bs 2"."""
    if _WISHING.isdisjoint(reading.words_of_sentence(number.first)):
        return False  # most sentences wish nothing
    first, _ = reading.sentence_words(reading.sentence_of(number.first))
    if reading.said_before(_CHANGED_FROM, number.start, 20):
        return False  # "want to go from batch 4 to 16": 4 is the run's
    return any(
        found.end() >= number.start - _WANTED_REACH
        for found in _WANTED.finditer(reading.low, reading.tokens.starts[first], number.start)
    )


_WANTED_REACH: Final = 40  # characters from the wished change to the value: a list of changes


_WISHING: Final = frozenset(
    {"want", "wanna", "i'd", "id", "would", "planning", "plan", "going", "gonna", "quero"}
    | {"queria", "pretendo", "planejo", "planejando", "penso", "pensando", "thinking", "vou"}
    | {"considering", "considerando", "might", "maybe", "talvez"}
    | {"wanted", "ia", "planejava", "pretendia"}
)
_CHANGED_FROM: Final = re.compile(r"\b(?:from|de)\s+(?:(?:o|a|the)\s+)?(?:batch|bs|lote)?\s*$")


_WANTED: Final = re.compile(
    r"\b(?:want to|wanna|i'?d like to|would like to|planning to|plan to|going to|gonna|quero"
    r"|queria|pretendo|planejo|planejando|penso em|pensando em|thinking (?:of|about)|vou"
    r"|might|maybe|talvez)"
    r"(?:\s+[\w']+){0,5}?\s+"
    r"(?:bump|raise|increase|go|try|test|push|use|move|add|subir|aumentar|testar|tentar|usar"
    r"|colocar|passar|ir|mudar|trocar|voltar|adicionar|incluir|bumping|raising|going|trying"
    r"|testing|using|moving|adding|suba|aumente|teste|tente|use|coloque|passe|mude|volte)\b"
    # "thinking either batch 2 or GC off", "pensando entre batch 2 ou GC off": options weighed
    r"|\b(?:thinking|pensando|considering|considerando)(?: (?:either|entre|about|em))?"
    r"\s+(?:\S+\s*)?$"
    # "I wanted 1536 next", "ia testar 1280 essa semana", "planejava usar 1328": a plan dropped
    # or not yet carried out
    r"|\b(?:wanted|planejava(?: usar)?|pretendia(?: usar)?|ia (?:testar|tentar|usar|subir|colocar"
    r"|pra|para))\s+(?:o\s+|a\s+)?$"
)


# The GPU's shared memory (system RAM it spills into) named just before an amount of it
_SHARED: Final = re.compile(r"\b(?:shared|compartilhada)\b")
_SHARED_BEFORE: Final = re.compile(
    r"\b(?:shared|compartilhada)\b(?: (?:gpu |da gpu |de gpu |video |de video )?"
    r"(?:memory|memoria|mem|ram))?[^.?!,;\d]{0,14}"
    r"(?:\d+(?:[.,]\d+)?\s*(?:gb|gib|g)?\s*/\s*)?$"  # "shared GPU memory 14.2/31.9 GB"
)


def _of_the_ram(reading: Reading, number: Number) -> bool:
    """The system's memory named in the number's clause, and no card: "RAM goes to 100%
    (64GB)", "100% of 32GB ram"."""
    if not reading.has("ram", "fact"):
        return False
    clause = reading.clauses_of_words[number.first]
    # "(64GB)" right after what it is the size of
    said = {clause, clause - 1} if reading.low[: number.start].rstrip().endswith("(") else {clause}
    in_clause = [h for h in reading.hits if reading.clauses_of_words[h.first] in said]
    words = [w for i, w in enumerate(reading.tokens.words) if reading.clauses_of_words[i] in said]
    return (
        any(
            h.kind == "ram"
            or (
                h.arg == "memory_kind=system"
                and "ram" in reading.tokens.words[h.first : h.last + 1]
            )
            for h in in_clause
        )
        and not any(h.kind in ("vram", "gpu") for h in in_clause)
        and not _CARD_WORDS.intersection(words)
    )


_CARD_WORDS: Final = frozenset({"placa", "card", "gpu", "vram", "gpus", "placas"})


def _not_a_card(reading: Reading, number: Number) -> bool:
    """An amount of memory that is no card's: a disk's ("200GB volume"), a difference ("+2gb
    or +10gb?"), or the system's in a machine's list right after its processor ("7950X, 64GB,
    Fedora", "i7 12700k, 64gb")."""
    low = reading.low
    return (
        low[max(0, number.start - 1) : number.start] == "+"
        or _STORAGE_AFTER.match(low, number.end) is not None
        or reading.said_before(_AFTER_A_CPU, number.start, 40) is not None
        # "shm do docker de 64m pra 16g", ".wslconfig memory=8GB", "swap of 32GB"
        or reading.said_before(_OF_THE_SYSTEM_BEFORE, number.start, 40) is not None
        # "the diff takes peak memory from 21GB down to 13GB", "o pico cai de 30 pra 18 gb",
        # "a diferença é de 5GB ou de 30GB?": memory used, or saved, not a card's
        or any(
            found.start("a") <= number.start <= found.start("b")
            for found in _USE_CHANGED.finditer(low)
        )
        or reading.said_before(_SAVED_BEFORE, number.start, 48) is not None
    )


_USE_CHANGED: Final = re.compile(
    r"\b(?:peak|pico|usage|uso|consumo|memory use|vram use)\b[^.\n;?!]{0,30}?\b(?:from|de)\s+~?"
    r"(?P<a>\d+(?:[.,]\d+)?)\s*(?:gb|gib|g)?\s+(?:(?:down|up|caiu|cai|sobe|subiu|desce|desceu"
    r"|foi|vai)\s+)?(?:to|pra|para|->|→|ate)\s*~?(?P<b>\d+(?:[.,]\d+)?)"
)
_SAVED_BEFORE: Final = re.compile(
    r"\b(?:difference|diferenca|saves|saved|saving|economiza|economizou|economia|poupa|frees"
    r"|freed|libera|liberou)"
    # "saves like 6gb", "a diferença é de 5GB ou de 30GB": the amount right after
    r"(?:\s+(?:is|was|e|foi|of|de|like|about|around|only|just|me|you|uns|umas|cerca|tipo"
    r"|ou|or|\d+(?:[.,]\d+)?\s*(?:gb|g)))*\s*~?$"
)
_STORAGE_AFTER: Final = re.compile(
    r"\s*(?:gb|gib|g|tb)?\s*(?:volume|disk|disco|ssd|nvme|hdd|hd|storage|armazenamento|swap"
    r"|pagefile|page file|paging|de paginacao|ddr\d?|lpddr\d?)\b"
    # "7GB de memória compartilhada", "6GB of shared GPU memory": what spilled, not the card
    r"|[ \t]*(?:gb|gib|g)?[ \t]*(?:of shared|de memoria compartilhada|shared memory"
    r"|shared gpu memory|de shm|of shm)\b"
)
_OF_THE_SYSTEM_BEFORE: Final = re.compile(
    r"(?:\bshm|\bshm[ _-]?size|wslconfig|\bswap|\bpagefile|\bmemory\s*=)[^.\n;]{0,30}$"
)
# A processor's name, then the list goes on: the memory named next is the machine's
_AFTER_A_CPU: Final = re.compile(
    r"\b(?:\d{4,5}x3d|\d{4,5}(?:x|k|kf|f|hx|hs|h)|i[3579][ -]?\d{4,5}\w*|threadripper(?: pro)?"
    r" \w+|epyc \w+|xeon \w+|ryzen \d (?:pro )?\d{4}\w*)\s*(?:[,/|;]|\s-)\s*(?:ram\s*[:=]?\s*)?$"
)


def _card_start(reading: Reading, number: Number) -> int:
    """Where the card a memory size is written after begins ("an a100 80gb"), or the size's."""
    for hit in reading.of("gpu"):
        end = reading.span(hit.first, hit.last)[1]
        if 0 <= number.start - end <= 2:
            return reading.span(hit.first, hit.last)[0]
    return number.start


def card_wished(reading: Reading, start: int, beside_another: bool = False) -> bool:
    """The card (or the memory) said at ``start`` is one not had yet: "thinking of getting a
    5080", "would a 4090 fix this", "if i rent an a100 80gb", "se eu pegar uma de 16"; with
    ``beside_another`` (a card of theirs is told too), also one only weighed ("will a 5090 be
    enough", "considering an A6000", "vou alugar uma H100") or one a source speaks of ("a
    página recomenda H100 80GB")."""
    low = reading.low
    window = max(0, start - 48)
    return (
        _WISHED_CARD.search(low, window, start) is not None
        or _WISHED_RIGHT_BEFORE.search(low, window, start) is not None
        or (
            beside_another
            and (
                _WEIGHED_RIGHT_BEFORE.search(low, window, start) is not None
                # "a página recomenda H100 80GB. Peguei a A10G": the source's card
                or _A_SOURCE_SAYS.search(low, max(0, start - 90), start) is not None
            )
        )
        # "the template says it needs an 80GB machine", "o guia diz que cabe em 12GB", "the
        # estimator says 14gb": what a source says is needed, not the card
        or (
            _AN_AMOUNT.match(low, start) is not None
            and _A_SOURCE_NEEDS.search(low, max(0, start - 90), start) is not None
        )
    )


_TAKEN_AFTER: Final = re.compile(
    r"\s*(?:gb|gib|g)?\s*(?:(?:is|are|ja|already|ta|tao|esta|estao) )*"
    r"(?:ocupad[ao]s?|taken|in use|em uso)\b"
)
_A_SOURCE_SAYS: Final = re.compile(
    r"\b(?:readme|docs?|documentation|documentacao|guide|guia|tutorial|video|youtube|youtuber"
    r"|reddit|blog|page|pagina|site|preset|template|description|descricao|ostris|discord|support"
    r"|suporte|runcomfy)\b[^.!?\n]{0,40}?\b(?:says?|said|claims?|recommends?|suggests?|diz"
    r"|disse|dizem|falou|fala|recomenda|sugere|afirma|promete|promises?)\b"
    # nothing of one's own between the source's words and the card
    r"(?:(?!\b(?:i|i'm|im|my|mine|me|eu|meu|minha|tenho|tou|estou)\b)[^.!?\n]){0,60}$"
)


_AN_AMOUNT: Final = re.compile(r"\d+(?:[.,]\d+)?\s*(?:gb|gib|g|gigs?|giga)\b")
_A_SOURCE_NEEDS: Final = re.compile(
    r"\b(?:readme|docs?|documentation|documentacao|guide|guia|tutorial|template|preset"
    r"|estimator|calculator|calculadora|estimador|requirements?|requisitos?|model card)\b"
    r"[^.!?\n]{0,40}?\b(?:says?|diz|needs?|requires?|precisa|requer|pede|recommends?|recomenda"
    r"|estimates?|estima|cabe|fits?)\b"
    r"(?:(?!\b(?:i|i'm|im|my|mine|me|eu|meu|minha|tenho|tou|estou|have|tem)\b)[^.!?\n]){0,40}$"
)
_WISHED_CARD: Final = re.compile(
    r"\b(?:thinking (?:of|about) (?:getting|buying)|planning to (?:get|buy)|want to (?:get|buy)"
    r"|wanna (?:get|buy)|to buy|buying|saving (?:up )?for|upgrade to|upgrading to|selling it for"
    r"|deciding between|pensando em (?:pegar|comprar)|quero comprar|vou comprar|comprar"
    r"|juntando (?:grana|dinheiro) (?:pra|para)|nem comprei ainda)"
    r"\b[^.,;!?\n\d]{0,24}$"  # not "thinking of buying a 5090, on a 3060 ti now"
)
# Only articles and such between a wish and the card wished for.
_BEFORE_A_CARD: Final = (
    r"(?:\s+(?:a|an|the|one|um|uma|o|new|nova|novo|used|usada|second[- ]hand|bigger|maior|rtx"
    r"|nvidia|geforce|de|with|com))*\s*$"
)
_WISHED_RIGHT_BEFORE: Final = re.compile(
    r"\b(?:would (?:a|an)|is (?:a|an) (?:used|new)"
    r"|(?:if|once|when) i (?:get|got|buy|bought|rent|had|grab)"
    r"|should i (?:just )?(?:get|buy|rent|grab|pick up|upgrade to)"
    r"|ordered|eyeing|pull the trigger on|still want"
    r"|se eu (?:pegar|comprar|alugar|tivesse)|vale (?:a pena )?(?:pegar|comprar|alugar)"
    r"|(?:quero|queria|penso em) (?:pegar|alugar)|compro|juntando (?:pra|para)|sonho com"
    # a card named as an example of a kind: "a big card like an H100", "placas tipo a 5090"
    r"|(?:cards?|gpus?|placas?)(?: [a-z]+)? (?:like|such as|tipo|como))" + _BEFORE_A_CARD
)
_WEIGHED_RIGHT_BEFORE: Final = re.compile(
    r"\b(?:(?:will|could) (?:a|an)|to rent|(?:if|once|when) i (?:go|went|switch|move|upgrade)"
    r"(?: (?:to|with|for))?|thinking (?:of|about) (?:renting|going|grabbing)(?: (?:to|with|for))?"
    r"|getting (?:a|an)|considering|torn between|stretch to"
    r"|se eu (?:trocar pra|trocar por|for pra|for pr[oa]|for de)|vale (?:a pena )?trocar pr[oa]"
    r"|(?:vou|pensando em|penso em) (?:alugar|ir pra))" + _BEFORE_A_CARD
)
HOLDS: Final = "|".join(sorted(map(re.escape, LEXICON.words("holds_memory"))))
"""The words of memory held on the card, as a regex alternation (see lexicon.yaml)."""
_IN_USE_BEFORE: Final = re.compile(
    rf"\b(?:{HOLDS})\s+(?:up\s+)?(?:(?:uns|umas|about|like|around|quase|already|ja|only|so)\s+)?~?$"
    # "peak is around 52GB", "peaks at 21gb", "pico de uns 30gb"
    r"|\b(?:peak|peaks|peaked|peaking|pico)(?:\s+(?:is|was|at|of|around|about|de|em|uns|~))*\s*~?$"
)


def _crash_after(reading: Reading, item: Assigned) -> bool:
    """A crash told right after the value: "batch 2 OOMed", "bs 2 estourou"."""
    return _CRASHED.match(reading.low, item.number.end) is not None


_CRASHED: Final = re.compile(
    r"\s*(?:\w+\s+){0,2}?(?:oomed|ooms|oom'd|crashed|estourou|estoura|estourava|deu oom"
    r"|doesn'?t|does not|didn'?t|did not|nao|não|won'?t|blew up|blows up)\b"
)


def _fits_the_card(reading: Reading, item: Assigned) -> bool:
    """The batch the card takes: "batch 1 fits", "only fits batch 1", "cabe batch 1", "back on
    bs1", "voltei pra 1"."""
    number = item.number
    return (
        _FITS_AFTER.match(reading.low, number.end) is not None
        or reading.said_before(_FITS_BEFORE, number.start, 24) is not None
    )


_FITS_AFTER: Final = re.compile(
    r"\s*(?:\(\w+\)\s*)?(?:fits|cabe|works|funciona|trains|treina|roda|is (?:all|what|the max)"
    r"|(?:e|eh|é) o (?:max|maximo|máximo)? ?que cabe|is all that fits|is the most that fits)\b"
)
_FITS_BEFORE: Final = re.compile(
    r"\b(?:fits?|cabe|only fits?|so cabe|só cabe|back (?:on|to)|voltei (?:pro|pra|para|ao)"
    r"|went back to|i'?m back on"
    # "minha 3060 só aguenta batch 1", "my card can only do bs 2", "only handles batch 1"
    r"|(?:so|só) (?:aguenta|roda|consigo(?: rodar| usar)?)|can only (?:do|run|fit|handle|use)"
    r"|only (?:handles|takes|runs|does))"
    r"\s+(?:(?:a|o|the|um)\s+)?(?:batch|bs|lote)?\s*(?:de\s+)?$"
)


_VERSUS: Final = frozenset({"vs", "versus"})


def _compared_in_a_question(reading: Reading, number: Number) -> bool:
    """A question weighing two values against each other: "difference between batch 4 and
    batch 1 with accum 4?", "is batch 2 actually faster than batch 1", "qual a diferença entre
    lote 4 e lote 1?"."""
    sentence = reading.sentence_of(number.first)
    words = reading.words_of_sentence(number.first)
    digits = [at for at, word in enumerate(words) if word.isdigit()]

    def after(at: int, reach: int) -> int:
        return sum(at < d <= at + reach for d in digits)

    weighed = any(
        (word in _BETWEEN and after(at, _BETWEEN_REACH) >= 2)
        # "than batch 1", not "than this one (gc on, bs 4)"
        or (word in _THAN and any(d < at for d in digits) and after(at, _THAN_REACH) > 0)
        for at, word in enumerate(words)
    )
    if not weighed:
        return False
    return (
        reading.question(number.first)
        or opens_a_question(reading, sentence)
        or words[0] in _ASKING_VERBS  # "is batch 2 actually faster than batch 1"
    )


_ASKING_VERBS: Final = frozenset({"is", "are", "does", "do", "would", "will", "can", "should"})
_BETWEEN: Final = frozenset({"between", "entre"})
_THAN: Final = frozenset({"than", "identical", "compared", "comparado"})
_BETWEEN_REACH: Final = 6
_THAN_REACH: Final = 3


# "the exact same config that trained fine last week (bs1, 1024) OOMs now": what the earlier run
# was set to is what this one is set to
_SAME_JOB: Final = re.compile(
    r"\b(?:(?:exact|exactly the|the) same (?:config|settings|job|yaml|setup|run|params|parameters)"
    r"|same (?:config|settings|job|yaml|setup|params|parameters) (?:as|that|which)"
    r"|(?:mesm[oa]s?|identic[oa]) (?:config|configs|configuracao|configuracoes|job|yaml|setup"
    r"|parametros)|nothing (?:else )?changed|nada mudou|sem mudar nada|didn'?t change anything"
    r"|nao mudei nada)\b"
    # "same settings as last week but with batch 4": the numbers after the "but" changed; not
    # "as mesmas configurações, mas desmarquei o GC"
    r"(?![^.?!\n]*\b(?:but|except|mas|exceto|so que|menos|other than|apart from)\b"
    r"[^.?!\n]*\b(?:batch|bs|lote|res|resolution|resolucao|buckets?|\d+)\b)"
)
_RUNNING_THIS: Final = re.compile(
    r"\b(?:that'?s what i'?m (?:running|using)|e o que (?:to|estou) (?:rodando|usando)"
    r"|(?:to|estou) (?:rodando|usando) assim|i'?m running (?:it )?like that|rodando assim agora)\b"
)
_RUN_NOW: Final = re.compile(
    r"\b(?:i'?m (?:at|on|using|running)|i run|running|using|currently|to com|estou com|to usando"
    r"|usando|rodo com|roda|rodo|runs (?:at|on|with)|it runs"
    r"|rodando com|rodando|atualmente)\b[^.?!,;]*$"
)


def _run_now(reading: Reading, item: Assigned, items: Sequence[Assigned]) -> bool:
    """The value said as the one run now ("I'm running bs1 now"), with no other value between
    the words and it ("running bs1 now because bs4 didn't fit": bs4 is not)."""
    said = reading.said_before(_RUN_NOW, item.number.start, 28)
    return said is not None and not any(
        said.start() <= other.start < item.start for other in items if other is not item
    )


def _only(low: str, number: Number) -> bool:
    if number.second is not None:
        return False
    return bool(
        _ONLY_BEFORE.search(low, max(0, number.start - 16), number.start)
        or _ONLY_AFTER.match(low, number.end)
        or (low[: number.start].rstrip().endswith("[") and low[number.end :].lstrip()[:1] == "]")
        # "1024 bucket only"; not "oom on the 1536 bucket only", which says where it breaks
        or (
            _BUCKET_ONLY.match(low, number.end) is not None
            and not _ON_THE.search(low, max(0, number.start - 8), number.start)
        )
    )


_BUCKET_ONLY: Final = re.compile(r"\s*(?:px\s*)?buckets?\s+only\b")
_ON_THE: Final = re.compile(r"\b(?:on|at|in)\s+(?:the\s+)?$|\b(?:no|na|em)\s+$")


_PREVIEW_AFTER: Final = re.compile(
    r"\s*(?:preview|previews|sample|samples|amostra|amostras)\b"
    r"(?!\s+(?:off|disabled|desligad|desativad))"  # "oom step 3 samples off": previews are off
    # "the step 0 previews go through fine, then it OOMs on step 1": made, not when it broke
    r"(?!\s+(?:go|goes|went) (?:through|fine|ok)"
    r"|\s+(?:passa|passam|passaram|passou|sai|saem|sairam)\b)"
)


_NOT_AT: Final = re.compile(
    r"\b(?:not|nao|nem|never|nunca)\s+(?:even\s+)?(?:at|on|in|no|na|em)?\s*"
    r"(?:the\s+|o\s+)?(?:step|passo|it)?\s*$"
    # "never reaches step 1", "nem chega no passo 1": loading, before any step
    r"|\b(?:never|not|nao|nem|nunca|hasn'?t|doesn'?t|didn'?t)\s+(?:even\s+)?(?:reach(?:es|ed)?"
    r"|gets? to|got to|makes? it to|chega(?:r|va)?(?:\s+(?:no|ao|a|na))?|(?:a\s+)?mostrar?"
    r"|shows?)\s+(?:the\s+|o\s+)?"
    # "doesn't even reach the first sample at step 250, it dies at step 3"
    r"(?:(?:first|primeiro|1st)\s+)?(?:(?:samples?|previews?|amostras?)\s+(?:at|on|no|na|do|em)\s+)?"
    r"(?:(?:step|passo)\s*)?$"
)


_A_FILE_BEFORE: Final = re.compile(
    r"\b(?:modelo|model|safetensors|arquivo|file|download|downloaded|baixei|baixar|weights|pesos)"
    r"\b(?:(?!\b(?:on|in|my|na|numa|minha|card|placa|gpu|vram)\b)[^.,;:?!\n\d]){0,20}$"
)
_GOT_PAST: Final = re.compile(
    r"\b(?:passa|passou|passando|gets|got|getting|goes|went)"
    r" (?:past|beyond|through|do|da|dos|pelo|pela|pelos|pelas)\s+(?:the\s+|o\s+|os\s+|as\s+)?"
    r"(?:(?:samples?|previews?|amostras?)\s+(?:do|da|at|of|no|em)\s+)?(?:(?:step|passo)\s*)?$"
)
_WENT_WELL_AT: Final = re.compile(
    r"\s*(?:(?:preview|sample|amostra)s?\s+)?(?:passa|passou|passam|works|worked|goes through"
    r"|went through|is fine|was fine|went fine|goes fine|renders fine|rendered fine|roda|rodou"
    r"|sai|saiu|was ok|were ok|was okay|generates? fine|generated fine|came out(?: fine| ok)?"
    r"|foi de boa|sairam|gerou de boa|gera de boa)\b(?!\s+(?:and|e|but|mas)\b)"
)
_A_RUN_LENGTH: Final = re.compile(
    r"[- ]?steps?\s+(?:run|training|job|lora|treino)\b|\s+(?:run|job|lora)\b"
)


def _not_at(reading: Reading, number: Number) -> bool:
    return reading.said_before(_NOT_AT, number.start, 48) is not None


def _reached_well(reading: Reading, number: Number) -> bool:
    sentence = reading.in_sentence(reading.sentence_of(number.first))
    calm = any(h.kind in _WENT_WELL_TO_THE_END for h in sentence)
    return calm and not any(h.kind == "oom" for h in sentence)


# "no errors" is said of a run up to its crash too ("depois de 2 horas fecha, sem erro")
_WENT_WELL_TO_THE_END: Final = frozenset({"fine", "stable", "worked"})


_SAMPLE_BEFORE: Final = re.compile(
    r"\b(?:samples?|amostras?|previews?|sampling|amostragem)"
    r"(?: (?:at|on|no|na|do|da|em|around|~|de|of))*(?: (?:step|passo))? ?~?$"
)


def _resumed_from(reading: Reading, number: Number) -> bool:
    """The step a run was taken up again from, not where it broke: "resumed from the 1500
    save", "ao retomar do step 2000", "continuei do checkpoint de 1200"."""
    return (
        reading.said_before(_RESUMED_FROM, number.start, 48) is not None
        and reading.said_before(_RESUME_FROM_AT, number.start, 24) is not None
    )


_RESUMED_FROM: Final = re.compile(
    r"\b(?:resum\w*|restart\w*|continu\w*|retom\w*|reinici\w*|recomec\w*|picked it up"
    r"|pick it up)\b[^.!?\n]*$"
)
_RESUME_FROM_AT: Final = re.compile(
    r"\b(?:from|do|da|de|a partir d[oa])\s+(?:(?:the|my|o|a|last|ultimo|ultima)\s+)*"
    r"(?:(?:step|steps|passo|save|checkpoint|ckpt|salvamento)\s+(?:(?:at|of|do|de|no)\s+)?)?~?$"
)


def _phase_of_step(reading: Reading, number: Number) -> str | None:
    step = number.value * (1000 if number.unit == "k" else 1)  # "no passo 2k"
    if _PREVIEW_AFTER.match(reading.low, number.end):
        return "sampling"  # "the step-0 preview"
    if reading.said_before(_SAMPLE_BEFORE, number.start, 32) and any(
        h.kind == "oom" for h in reading.in_sentence(reading.sentence_of(number.first))
    ):
        return "sampling"  # "o sample no step 250 dá oom", "the second round of samples, ~500"
    if reading.said_before(_FIRST_BEFORE, number.start, 12):
        return "first_steps" if step <= 50 else None
    if step <= _FIRST_STEPS:
        return "first_steps"
    return "later" if step >= 100 else None


# "makes it to around step 12 and then CUDA OOM" has barely started; "around step 20" is
# too far in to say, and not yet later
_FIRST_STEPS: Final = 15


def facts_of(reading: Reading, assigned: Sequence[Assigned]) -> list[Found]:
    """The facts the numbers give: the last batch size said (the one run now), the largest
    resolution, the first of everything else. A setting said of an earlier run, or supposed in
    a question ("if batch is 1, does…?"), does not count when one is said of the run now, and
    alone it does not count either."""
    by_role: dict[str, list[Assigned]] = defaultdict(list)
    for item in assigned:
        by_role[item.role].append(item)
    found: list[Found] = []
    runs = told_runs(reading)
    revised = revised_at(reading)
    for role, items in by_role.items():
        if runs is not None and any(runs[0] < i.number.start < runs[1] for i in items):
            # "run 1: bs 4 → OOM step 1. run 2: bs 2 → OOM at step 300": the run told last,
            # where the runs before it tell their own
            items = [i for i in items if i.number.start > runs[1]] or _told_last_of(reading, items)
        elif runs is None and role != "resolutions":
            # "Tried: 1. 121 frames → OOM 2. 81 → OOM 3. 49 frames → OOM at step 2", "Fri: …
            # 1024 → OOM. Sun: GC on + 896 → OOM": the try told last
            items = _told_last_of(reading, items)
        if role in _SETTING_ROLES:
            items = [i for i in items if not _feared_or_advised(reading, i.number)]
            if role in _GUESSED_ROLES:
                # "clips are like 60-ish frames", "tipo uns 80 frames": a guess, not the setting
                items = [i for i in items if not _guessed(reading, i.number)]
            if not items:
                continue
            now = [i for i in items if not _aside(reading, i.number)]
            if not now and _SAME_JOB.search(reading.low):
                # "the exact same config that trained fine last week (bs1, 1024) OOMs now": the
                # earlier run was set as this one is
                now = [i for i in items if not _aside(reading, i.number, same_job=True)]
            if not now and role in _ASIDE_ALONE_DROPPED:
                continue
            items = now or items
            # "bs 1, res 768 now (was 1024)": what a setting was, beside what it is
            items = [
                i
                for i in items
                if i.number.members or not reading.said_before(_WAS, i.number.start, 24)
            ] or items
        if role in _REVISED_ROLES and role != "resolutions":
            # "meu primeiro LoRA foi em 768 … Agora tô em 1024", "o antigo era 768, o novo é
            # 1024": a run told before, then the run now
            items = _of_the_run_now(reading, items)
        if role in _SETTING_ROLES:
            # "batch 3 daria?", "does 1024 fit if i quantize?": asked, not set
            items = [i for i in items if not _asked_if_it_fits(reading, i.number)]
            if not items:
                continue
            items = _gone_back_to(reading, items)
            if not revised:  # "hoje tô com batch 2 — errei, batch 1": the correction decides
                items = _marked_now(reading, items)
        if revised and role in _REVISED_ROLES:
            # "81 frames. edit: 49 too. edit 2: even 33 ooms", "4. digo, 2": said last, after
            # the message corrects or updates itself
            last = max(bisect_right(revised, i.number.start) for i in items)
            items = [i for i in items if bisect_right(revised, i.number.start) == last]
            # "…it's 49 frames, the 81 was my old job", "it's the 12GB 3080, not the 10GB one"
            items = [i for i in items if not _said_as_wrong(reading.low, i.number)] or items
        if role in _DENIABLE_ROLES:
            # "1280 isn't my max res, that's the sample width … buckets are 512, 640, 768",
            # "o treino NÃO é em 1024 … eu treino em 512", "batch 4 não, 1": the value denied,
            # not asked ("isn't 24gb enough?")
            denied = {
                i.number.value
                for i in items
                if not reading.question(i.number.first) and _denied(reading.low, i.number)
            }
            items = [i for i in items if i.number.value not in denied]
            if not items:
                continue
        if role == "vram_gb":
            # "A6000 48GB … GPU 0 has a total capacity of 47.41 GiB": the error's own measure
            items = [i for i in items if _CAPACITY.search(reading.low, 0, i.number.start)] or items
            # "runs at about 20.1GB peak on my 24GB card": of several, the one named their card's
            items = [
                i
                for i in items
                if _A_CARD.match(reading.low, i.number.end)
                and _MY.search(reading.low, 0, i.number.start)
            ] or items
        if role in _CONTRASTED_ROLES:
            items = _the_failing(reading, items)
        elif role == "batch_size" and _MORE_BATCH_ASKED.search(reading.low):
            # "batch 1 with gc on is fine, batch 2 already ooms. is accumulation the same as
            # batch 4?": the batch that trains is the run; the one that crashed was a try
            items = _the_failing(reading, items, keep="calm")
        found.extend(_facts(reading, role, items))
    return _at_a_sample(reading, _paired_batch(reading, found, by_role), by_role)


def _told_last_of(reading: Reading, items: list[Assigned]) -> list[Assigned]:
    """Of runs told in their order, the values of the last one that tells any: "2. 65 frames →
    OOM 3. 33 frames → OOM 4. 17 frames → OOM at step 3 5. GC on the whole time"."""
    starts = runs_in_order(reading)
    if not starts:
        return items
    by_try: dict[int, list[Assigned]] = defaultdict(list)
    for item in items:
        by_try[bisect_right(starts, item.number.start)].append(item)
    if any(i.number.members for i in items) or any(
        len({i.number.value for i in tried}) > 1 for tried in by_try.values()
    ):
        return items  # "1. buckets 512/768/1024 … 2. added 1536": one try holds several
    # not "3. ??? how do I get the smoother training of batch 4": a try asked about
    told = [
        t for t, tried in by_try.items() if any(not reading.question(i.number.first) for i in tried)
    ]
    return by_try[max(told or by_try)]


def _marked_now(reading: Reading, items: list[Assigned]) -> list[Assigned]:
    """Of several values tried, the one told as set now, there or again further on: "33 frames
    ✓ 49 ✓ 81 ✗ … it's set to 81 right now", "bs 1 and 2 fine, 3 OOMs. sitting at 2 now",
    "61 frames agora"."""
    if len({i.number.value for i in items}) < 2 or any(i.number.members for i in items):
        return items
    low = reading.low
    own: set[int] = set()  # where a value told as set now begins
    bare: set[float] = set()  # such values with nothing of another setting before them
    for m in _NOW_VALUE.finditer(low):
        at = m.start("before") if m["before"] else m.start("after")
        if reading.said_before(_TRIED_NOW, at, 24) is None:  # not "ok trying 768 now"
            own.add(at)
            if _BARE_BEFORE.search(low, max(0, at - 16), at):
                bare.add(float(low[at : m.end("before") if m["before"] else m.end("after")]))
    # "batch 1 is the only batch that survives", "batch 1 é o único que sobrevive": the one
    # value that runs
    own.update(m.start("n") for m in _ONLY_ONE_RUNS.finditer(low))
    marked = [i for i in items if i.number.start in own or i.number.value in bare]
    return marked if len({i.number.value for i in marked}) == 1 else items


_ONLY_ONE_RUNS: Final = re.compile(
    r"\b(?P<n>\d{1,4})[ \t]*(?:px|frames?|f)?[ \t]*(?:is|e) (?:the |o )?(?:only|unico) (?:batch "
    r"|one |size |value |valor |tamanho )?(?:that|que) (?:survives|fits|works|runs|trains|goes"
    r"|sobrevive|cabe|roda|funciona|treina|passa|vai)\b"
)
_TRIED_NOW: Final = re.compile(
    r"\b(?:try|trying|tentando|testando|vou|will|gonna|going to)\b[^.,;!?\n]*$"
)
_BARE_BEFORE: Final = re.compile(r"(?:^|\n|\b(?:to|at|on|no|na|em|com|is|e|it'?s))\s*$")
_NOW_VALUE: Final = re.compile(
    r"\b(?:currently(?: on| at)?|atualmente(?: em| no| com)?|right now|i'?m (?:on|at)"
    r"|sitting at|current run:?|set to|setado (?:em|pra)"
    r"|hoje (?:ta|esta|to|estou) (?:em|no))"
    r"[ \t]*(?:bs|batch|res|frames?)?[ \t]*(?P<before>\d{1,4})\b"
    r"|\b(?P<after>\d{1,4})[ \t]*(?:px|frames?|f)?[ \t]*(?:right now|currently|atualmente|rn\b"
    r"|agora\b|now(?=\s*(?:[,.;)!\n]|$|with\b|w/)))"
)


def _of_the_run_now(reading: Reading, items: list[Assigned]) -> list[Assigned]:
    """Of values said before and after a turn to the run now ("this one", "o novo", "now"),
    in a message that tells an earlier run first, the ones after the turn."""
    if len({i.number.value for i in items}) < 2 or any(i.number.members for i in items):
        return items
    first = min(i.number.start for i in items)
    if not any(
        reading.sentence_of(h.first) == reading.sentence_of(reading.word_at(first))
        for h in reading.of("past")
    ) and not _EARLIER_RUN.search(reading.low, 0, first + 1):
        return items
    sentence_of = reading.sentence_of
    turns = [
        m.start()
        for m in _TURN_TO_NOW.finditer(reading.low)
        # the run before told in a sentence of its own: not "picked the 48GB machine this time
        # because the 24GB one was slow"
        if any(sentence_of(i.number.first) < sentence_of(reading.word_at(m.start())) for i in items)
        and any(i.number.start > m.start() for i in items)
    ]
    if not turns:
        return items
    return [i for i in items if i.number.start > turns[-1]]


def _asked_if_it_fits(reading: Reading, number: Number) -> bool:
    """A value asked about, whether it would fit or work: "768 roda?", "batch 2 cabe se eu
    desligar o gc?", "does 1024 fit if i quantize?", "aguenta batch 4?", "can I go to 1280?"."""
    if not reading.question(number.first):
        return False
    return bool(
        _WOULD_FIT_AFTER.match(reading.low, number.end)
        or reading.said_before(_WOULD_FIT_BEFORE, number.start, 40)
        # "aguenta batch 4?", not "só aguenta bs 1 no qwen edit, como simulo bs 4?"
        or (
            reading.said_before(_HOLDS_BEFORE, number.start, 24)
            and _CLOSES_A_QUESTION.match(reading.low, number.end)
        )
    )


_WOULD_FIT_AFTER: Final = re.compile(
    r"[ \t]*(?:px|p|frames?|f|gb)?[ \t]*(?:(?:even|still|really|also|tambem|ainda|mesmo)\s+)?"
    # "768 roda?", "896 vai?": a bare verb closes the question; not "batch 2 vai dar oom?"
    r"(?:(?:roda|vai|passa|works?|runs?)\s*\?"
    r"|(?:cabe|caberia|daria|rodaria|iria|passaria|resolve|resolveria|aguenta|aguentaria|fits?"
    r"|would (?:fit|work)|will (?:fit|work)|possible|realistic|doable|feasible|viavel|possivel)"
    r"\b[^.!?\n,\d]{0,25}\?)"
)
_WOULD_FIT_BEFORE: Final = re.compile(
    r"\b(?:let me (?:do|run|go to|use)|aguentaria|da pra (?:fazer|rodar|usar|subir pra"
    r"|ir pra|ir ate)|consigo (?:rodar|fazer|usar|subir pra|ir pra)|(?:can|could) i (?:do|run"
    r"|go(?: up)? to|push(?: it)? to|squeeze|fit|use))\s+(?:batch\s+(?:size\s+)?|bs\s*"
    r"|res(?:olution)?\s+|o\s+|a\s+)?$"
)


_HOLDS_BEFORE: Final = re.compile(r"\b(?:aguenta|handles?|holds?)\s+(?:batch\s+|bs\s*|o\s+)?$")
_CLOSES_A_QUESTION: Final = re.compile(r"[ \t]*(?:px|frames?|gb)?[ \t]*\?")


def _gone_back_to(reading: Reading, items: list[Assigned]) -> list[Assigned]:
    """Of values tried one after another, the one gone back to and those after it: "bs 4 oom,
    2 oom, 1 works, now back on 2", "97 frames oom, 49 runs, voltei pro 97"."""
    back = [i for i in items if reading.said_before(_GONE_BACK_TO, i.number.start, 32)]
    if not back or len({i.number.value for i in items}) < 2:
        return items
    return [i for i in items if i.number.start >= back[-1].number.start]


_GONE_BACK_TO: Final = re.compile(
    r"\b(?:(?:went|go|gone|now|i'?m|am|switched|moved|dropped|came) back (?:on|to|at)"
    r"|reverted to|voltei (?:pra|pro|para|ao|a|no|na)"
    r"|(?:tou|to|estou|ta) de volta (?:pra|pro|no|na|ao|a))"
    r"(?: batch(?: size)?| bs| res(?:olution)?| o| a)?\s*[:=]?\s*$"
)
_EARLIER_RUN: Final = re.compile(
    r"\b(?:first|my first|primeiro|primeira|last time|ultima vez|o antigo|a antiga|the old|old job"
    r"|previous|anterior|semana passada|last week|last month|mes passado|before|antes|run a|v1)\b"
)
_TURN_TO_NOW: Final = re.compile(
    r"\b(?:this one|this time|the new one|the new job|the current one|o novo|a nova|o de agora"
    r"|a de agora|esse de agora|essa de agora|dessa vez|desta vez|nessa vez|hoje|today|now|agora"
    r"|run b|v2)\b"
)


def _the_failing(reading: Reading, items: list[Assigned], keep: str = "crash") -> list[Assigned]:
    """Of values told as going well and as crashing ("33 frames ok, 81 ooms", "sample 512 roda,
    1024 estoura"), the ones that crash: the run asked about. Not when the one that goes well
    is where the person moved to ("desci pra 49 frames e agora vai"). With ``keep="calm"``, the
    ones that go well: the run kept while a larger batch is asked for."""
    if len({i.number.value for i in items}) < 2:
        return items
    verdicts = [_verdict(reading, i, items) for i in items]
    if "crash" not in verdicts or "calm" not in verdicts:
        return items
    if any(v == "calm" and _changed_to(reading, i) for i, v in zip(items, verdicts, strict=True)):
        return items
    clause_of = reading.clauses_of_words
    if keep == "calm" and any(
        (v == "calm" and h.kind == "past")
        or (v == "crash" and h.kind == "now" and clause_of[h.first] == clause_of[i.number.first])
        for i, v in zip(items, verdicts, strict=True)
        for h in reading.in_sentence(reading.sentence_of(i.number.first))
    ):
        return items  # "my previous loras were all at bs1 and fine. this time bs4 dies"
    return [i for i, v in zip(items, verdicts, strict=True) if v == keep]


def _verdict(reading: Reading, item: Assigned, items: Sequence[Assigned]) -> str | None:
    """What is told of the value: "crash", "calm" or nothing. Read in its clause, or, told of
    nothing there, from it up to the next value or the sentence's end ("81 frames -> oom")."""
    clause = reading.clauses_of_words
    first, last = reading.sentence_words(reading.sentence_of(item.number.first))
    own = [i for i in range(first, last) if clause[i] == clause[item.number.first]]
    verdict = _told(reading, own)
    if verdict is None:
        after = [i.number.first for i in items if i.number.first > item.number.last]
        stop = min([last, *after])
        verdict = _told(reading, list(range(item.number.last + 1, stop)))
    return verdict


def _told(reading: Reading, at: Sequence[int]) -> str | None:
    if not at:
        return None
    span = range(at[0], at[-1] + 1)
    words = reading.tokens.words
    crashed = any(
        h.first in span and not reading.negated(h) for h in reading.of("oom")
    ) or not _FAILED.isdisjoint(words[i] for i in span)
    calm = not _WENT_FINE.isdisjoint(words[i] for i in span) or any(
        h.first in span and not reading.negated(h) for k in _WENT_WELL for h in reading.of(k)
    )
    if crashed == calm:
        return None
    return "crash" if crashed else "calm"


_CONTRASTED_ROLES: Final = frozenset({"num_frames", "sample_size"})


_CAPACITY: Final = re.compile(r"\btotal capacity of\s*$")
_A_CARD: Final = re.compile(r"\s*(?:gb|gib|gigs?|g)?\s*(?:card|gpu|placa)\b")
_MY: Final = re.compile(r"\b(?:my|meu|minha)\s+$")


# A larger batch than the card allows, asked for: accumulation, an effective or simulated batch.
_MORE_BATCH_ASKED: Final = re.compile(
    r"\b(?:grad(?:ient)? accum\w*|accum(?:ulation)?|acumula\w*|effective(?:ly)? batch"
    r"|batch efetivo|lote efetivo|simulat\w* (?:a )?(?:bigger |larger )?batch|simular (?:um )?batch"
    r"|any way to get (?:bs|batch)|how do i get (?:like )?batch|(?:bigger|larger) batch"
    r"|batch maior|lote maior)\b"
)


def _said_as_wrong(low: str, number: Number) -> bool:
    return bool(
        _NOT_THE.search(low, max(0, number.start - 12), number.start)
        or _WAS_AFTER.match(low, number.end)
    )


def _denied(low: str, number: Number) -> bool:
    return bool(
        _DENIED_BEFORE.search(low, max(0, number.start - 40), number.start)
        or _DENIED_AFTER.match(low, number.end)
    )


_DENIABLE_ROLES: Final = frozenset(
    {"max_resolution", "resolutions", "batch_size", "vram_gb", "num_frames"}
)
_DENIED_BEFORE: Final = re.compile(
    r"\b(?:(?:it'?s|its|is|was|e|eh|ta) not|isn'?t|wasn'?t|nao e|nao eh|nao ta|nao to|nao tou"
    r"|nao estou)\s+(?:the\s+|o\s+|a\s+|em\s+|at\s+|on\s+|my\s+)?"
    r"(?:(?:rtx|gtx)\s+)?(?:\d{4}\s*(?:ti|super)?\s+)?(?:batch\s+|bs\s*)?$"
)
_DENIED_AFTER: Final = re.compile(
    r"[ \t]*(?:px|gb|frames)?[ \t]*(?:(?:isn'?t|is not|wasn'?t|was not)\s+(?:my|the|a|an)\b"
    # "batch 4 não, 1", "1024 não é a minha resolução"
    r"|nao\s*[,.;!]|nao (?:e|eh) (?:o|a|meu|minha)\b)"
)
_NOT_THE: Final = re.compile(r"\b(?:not|nao|e nao|and not)\s+(?:the\s+|o\s+|a\s+)?$")
_WAS_AFTER: Final = re.compile(r"\s*(?:frames|gb|px|steps)?\s*(?:was|were|era|eram)\b")


_WAS: Final = re.compile(
    r"(?:\bwas|\bwere|\bera|\beram|\btava|\bestava|\bantes|\bused to be|\bpreviously)\s*"
    r"(?:at\s+|em\s+|:\s*)?$"
)


def _paired_batch(
    reading: Reading, found: list[Found], by_role: dict[str, list[Assigned]]
) -> list[Found]:
    """The batch said beside an accumulation, when the batch taken is their product: "batch 1
    accum 4 came out worse than batch 4", "accum 4 com batch 1 dá o mesmo que batch 4?". The
    product is the batch simulated, not the one run, unless it is told as run itself ("I'm at
    batch 4", "new run: batch 4, accum 1") or as what crashed before the pair is proposed."""
    batch = next((f for f in found if f.fact == "batch_size"), None)
    if batch is None:
        return found
    accums = by_role.get("gradient_accumulation", [])
    batches = by_role.get("batch_size", [])

    def paired(item: Assigned) -> Assigned | None:
        return next(
            (a for a in accums if abs(item.number.first - a.number.first) <= _PAIRED_REACH), None
        )

    products = [i for i in batches if i.number.value == batch.value]
    if any(
        paired(i) is not None or reading.said_before(_RUN_NOW, i.number.start, 28) for i in products
    ):
        return found
    for item in batches:
        accum = paired(item)
        if accum is None or item.number.value == batch.value:
            continue
        if _compared_in_a_question(reading, item.number):
            continue  # "the difference between batch 4 and batch 1 with accum 4?": weighed
        if item.number.value * accum.number.value != batch.value:
            continue
        told_first = any(
            i.number.first < item.number.first and not reading.question(i.number.first)
            for i in products
        )
        if told_first and reading.question(item.number.first):
            return found  # "bs 2 OOMs at step 1. is bs 1 + accum 2 the move?"
        taken = Found("batch_size", _int(item.number.value), item.start, item.end)
        return [taken if f is batch else f for f in found]
    return found


_PAIRED_REACH: Final = 4  # words between a batch and its accumulation ("bs 1 accum 4")


def _at_a_sample(
    reading: Reading, found: list[Found], by_role: dict[str, list[Assigned]]
) -> list[Found]:
    """A crash at a step where previews are made is a crash while sampling: "dies every time
    it reaches step 100" with ``sample_every: 100``; at a later one, when the message says it
    was making them ("step 900… exatamente quando tava fazendo o sample (sample_every 300)")."""
    steps, every = by_role.get("step"), by_role.get("sample_every")
    phase = next((f for f in found if f.fact == "oom_phase"), None)
    if not steps or not every or phase is None:
        return found
    # the step the phase was read from, not one a run that went well reached
    crashed = next((i for i in steps if i.start == phase.start), None)
    if crashed is None:
        return found  # the phase was read from the hours, or from words
    step, period = crashed.number.value, every[0].number.value
    told = any(
        h.arg == "sampling" and not reading.negated(h)
        for h in (*reading.of("stage"), *reading.of("phase"))
    )
    if step != period and not (told and period > 0 and step % period == 0):
        return found  # a multiple alone is too loose: "every 250, so not the sample at 500"
    return [f._replace(value="sampling") if f.fact == "oom_phase" else f for f in found]


def _either_card(reading: Reading, items: Sequence[Assigned]) -> bool:
    """Two cards of different memory told as one or the other, a few words apart."""
    ordered = sorted(items, key=lambda i: i.start)
    return any(
        a.number.value != b.number.value
        and b.start - a.end <= 24
        and _EITHER.search(reading.low, a.end, b.start) is not None
        for a, b in pairwise(ordered)
    )


_EITHER: Final = re.compile(r"\b(?:or|ou)\b")
_ONTO_A_MACHINE: Final = re.compile(
    r"\b(?:(?:moved|switched|went|downgraded|upgraded|dropped|down|up|over|migrated|now)"
    r"(?: (?:back|down|up|over))? to|(?:i'?m|i am|im|now) on|troquei|mudei|passei|fui|desci"
    r"|migrei|(?:eu )?(?:to|tou|t[oô]|estou|agora) na"
    r"|(?:machine|one|tier|card|gpu|box|pod|instance|maquina|placa) (?:to|pra|para|pro))"
    r"(?: (?:the|a|o|uma|um|pra|para|pro|de|da|do))*(?: runcomfy)?(?: \w+)?(?: \()?\s*$"
)
_CHANGED_TO: Final = re.compile(r"(?:\bto|\bpra|\bpara|->|→)\s*$")


def _fine_before(reading: Reading, item: Assigned) -> bool:
    """The value of a run told as having gone well before ("it was fine at bs 2", "com bs 1 ia
    de boa"), not the value a change ended at ("dropped to bs 1 and it trained fine")."""
    if _changed_to(reading, item) or _CHANGED_IT_TO.search(
        reading.low, max(0, item.number.start - 30), item.number.start
    ):
        return False
    clause = reading.clauses_of_words[item.number.first]
    said = [w for i, w in enumerate(reading.tokens.words) if reading.clauses_of_words[i] == clause]
    calm = any(
        h.kind in _WENT_WELL and reading.clauses_of_words[h.first] == clause for h in reading.hits
    )
    return calm and not _BEFORE_NOW.isdisjoint(said)


_WENT_WELL: Final = frozenset({"fine", "stable", "worked", "no_crash"})
_BEFORE_NOW: Final = frozenset(
    {"was", "were", "used", "worked", "before", "yesterday", "previously", "ia", "foi", "rodava"}
    | {"treinava", "tava", "estava", "funcionava", "antes", "ontem", "rodou", "treinou"}
)


def _changed_to(reading: Reading, item: Assigned) -> bool:
    """ "dropped to 49 frames", "mudei pra 33": the value a change ended at."""
    start = item.number.start
    return reading.said_before(_CHANGED_TO, start, 8) is not None


def _a_size_not_run(reading: Reading, item: Assigned) -> bool:
    start, end = item.number.start, item.number.end
    return (
        reading.said_before(_DENIED, start, 16) is not None
        or _NOT_RUN_AFTER.match(reading.low, end) is not None
    )


def _a_size_now(reading: Reading, item: Assigned) -> bool:
    start = item.number.start
    if item.number.second or reading.said_before(_A_TRY, start, 16):
        return False  # "768x768 now" is a preview's; "trying 768 now" is a try
    # "training res is 768 now", "now at 1024", "agora em 1024"
    return any(
        0 < item.number.first - h.last <= _NOW_REACH or h.first == item.number.last + 1
        for h in reading.of("now")
    )


_A_TRY: Final = re.compile(
    r"\b(?:trying|testing|tentando|testando|try|tentar|testar)\s+(?:at\s+|em\s+)?$"
)
_ASKED_TO_GO: Final = re.compile(
    r"\b(?:get|back to|go to|go up to|try|tentar|baixo|subo|volto|ir|switch to|should i|can i"
    r"|could i|posso|devo)\b[^.?!,;]{0,20}$"
)
_LIKENED_TO: Final = re.compile(
    r"\b(?:same(?: thing)? as|igual(?: a| ao)?|equal to|like|effect of|efetivo de|effective"
    r"(?: batch)?(?: of)?|simular|simulate|mimic|emular)\s+(?:a\s+|o\s+|um\s+)?"
    r"(?:batch|bs|lote)?\s*(?:size\s+)?(?:de\s+)?$"
)


_DENIED: Final = re.compile(r"\b(?:not|nao)\s+(?:at\s+|em\s+)?$")  # "I meant 768 not 1024"
_NOT_RUN_AFTER: Final = re.compile(
    r"(?:px)?\s+(?:nao testei|nunca testei|not tried|haven'?t tried|never tried|not yet)\b"
)
_NOW_REACH: Final = 3  # "agora tá em 1024"


def _of_the_last_step(reading: Reading, items: list[Assigned]) -> list[Assigned]:
    """Sizes told in numbered steps, each a try ("1. batch 2, 1024 -> OOM 2. batch 1, 1024 ->
    OOM 3. batch 1, 768 -> finished"): the size now is the last step's."""
    marks: list[int] = []  # where steps 1, 2, 3… start, in order
    for m in _STEP_MARK.finditer(reading.text):
        if int(m[1]) == len(marks) + 1:
            marks.append(m.start())
    steps = [bisect_left(marks, i.number.start) for i in items]  # 0: before step 1
    if len(marks) < 2 or len(set(steps)) < 2 or 0 in steps:
        return items
    return [i for i, step in zip(items, steps, strict=True) if step == max(steps)]


_STEP_MARK: Final = re.compile(r"(?:^|(?<=\s))(\d{1,2})[.)][ \t]+(?=\S)", re.MULTILINE)


def _resolution_moved_to(reading: Reading, item: Assigned) -> bool:
    """A training size a change or a row of tries ended at: "dropped to 768", "went from batch
    4 @1024 down to batch 1 @768", "fui pra 1024", "tried 1024, then 768"."""
    start = item.number.start
    return reading.said_before(_MOVED_TO, start, 40) is not None


_MOVED_TO: Final = re.compile(
    r"(?:\b(?:dropped|dropping|lowered|reduced|cut|went|going|changed|switched|moved|came|down)"
    r"|\b(?:baixei|reduzi|diminui|abaixei|desci|fui|passei|mudei|troquei|voltei|cai))"
    r"(?:\s+(?:it|them|ele|ela|isso|back|the res|the resolution|a resolucao))?"
    r"(?:\s+(?:from|de)\s+\d+(?:px)?)?"  # "dropping from 1024 to 768"
    r"\s+(?:down\s+)?(?:to|pra|para|pro|ate)\b[^.?!\n0-9]{0,14}(?:\d{1,2}\s*[^.?!\n0-9]{0,4})?$"
    r"|\b(?:then|depois|dps)\s*(?:tried\s+|tentei\s+)?(?:at\s+|em\s+)?$"
)


def _trained_at(reading: Reading, item: Assigned) -> bool:
    start = item.number.start
    return (
        reading.said_before(_TRAINED_AT, start, 28) is not None
        or _TRAINED_AT_AFTER.match(reading.low, item.end) is not None
    )


def _of_the_pictures(reading: Reading, item: Assigned) -> bool:
    """A size told of the dataset's pictures or of images made after training."""
    start, end = item.number.start, item.number.end
    return (
        reading.said_before(_PICTURES_BEFORE, start, 24) is not None
        or _PICTURES_AFTER.match(reading.low, end) is not None
    )


_PICTURE: Final = (
    r"(?:images?|imagens?|fotos?|photos?|pics|portraits?|retratos?|renders?|screenshots?|crops"
    r"|clips?|gens|outputs?|controles?|controls?|alvos|targets)"
)
_PICTURES_BEFORE: Final = re.compile(
    rf"\b{_PICTURE}\b[^.?!\n\d]{{0,18}}$"
    r"|\b(?:upscale[ds]?|upscaling|upscayl|upscaled|hires fix|hi-res fix|gen|generate|gero|gerar"
    r"|upscale 2x|render|resized?|resizing|downscaled?|redimensionei|redimensionar|redimensionadas?"
    r"|redimensionados?)\b[^.?!\n\d]{0,14}$"
)
_PICTURES_AFTER: Final = re.compile(rf"\s*(?:px\s*)?{_PICTURE}\b")
# A size told as the one trained at: "i train at 1024", "training res 480", "resolution is 512,
# 768, 1024", "treino em 1024", "config has `resolution: [1024]`".
_TRAINED_AT: Final = re.compile(
    r"\b(?:train|trained|training|treino|treinei|treinando|treinar|treina)\s+(?:at|em|in|a)\s+$"
    r"|\b(?:training res(?:olution)?|resolution|resolucao|resolutions|res)\b[\s:=\[(`'\"]*"
    r"(?:(?:is|of|to|em|de|pra|list|set to|now|just|only|so|in the config is)\s+)*$"
    # "o treino em si é em 1024", "training itself is at 768"
    r"|\b(?:treino|training)(?: em si| itself)? (?:e|is|esta|ta|fica|runs) (?:em|at|a)\s+$"
)
# "I'm on 768 for training", "1024 pra treinar"
_TRAINED_AT_AFTER: Final = re.compile(
    r"\s*(?:px\s*)?(?:for (?:the )?training|pra treinar|para treinar|no treino|de treino)\b"
)


def _side(item: Assigned) -> float:
    """The longest side of a size: "896x1152" is 1152."""
    return max(item.number.value, item.number.second or 0)


def _taken_out(reading: Reading) -> set[int]:
    return {int(m[1] or m[2] or m[3]) for m in _TAKEN_OUT.finditer(reading.low)}


# "tirei o 1024", "desmarquei 1024", "512, 768 (1024 unticked)": a size no longer trained
_TAKEN_OUT: Final = re.compile(
    r"\b(?:tirei|removi|desmarquei|dropped|removed|took out|unticked|unchecked)\s+(?:o|a|the)?\s*"
    r"(?:bucket\s+(?:de\s+)?)?(\d{3,4})\b(?!\s*(?:steps|passos|x))"
    r"|\b(\d{3,4})\s+(?:unticked|unchecked|removed|desmarcad[oa]|removid[oa]|tirad[oa])\b"
    # "it was the 1536 bucket: removed it", "era o bucket de 1280, tirei e…"
    r"|\b(\d{3,4})(?:px)?[^.;!?\n\d]{0,50}?[\s:,](?:so |then |entao |e )?"
    r"(?:removed|took out|ditched|deleted|tirei|removi|cortei)"
    r"(?: (?:it|ele|ela|esse|essa|that one|that))?(?=\s*(?:[,.;:!]|and\b|e\b|$))"
)


_ARROW_AFTER: Final = re.compile(r"\s*\]?\s*(?:-+>|=>|→|⇒)\s*\[?\s*\d{3,4}\b")


def _facts(reading: Reading, role: str, items: list[Assigned]) -> list[Found]:
    if role == "max_resolution":
        # "my images are 2k but i train at 1024", "upscale the gens to 2048": the size of the
        # pictures, beside one trained at, is not trained at
        trained = [i for i in items if _trained_at(reading, i)]
        if trained:
            # …nor is a width × height beside it, a picture's or a preview's ("coloquei 1344x768
            # (queria ver em paisagem)… o treino em si é em 1024")
            items = [
                i
                for i in items
                if i in trained or not (_of_the_pictures(reading, i) or i.number.second)
            ]
        if len(items) > 1:
            # "resolucao [768, 1024, 1280] → [768, 1024]": a list changed into the next
            kept = [i for i in items if not _ARROW_AFTER.match(reading.text, i.number.end)]
            items = kept or items
        # "512 até 1024 (512, 768, 1024)": the list says which buckets the range has
        listed = next((i for i in items if i.number.members and not i.number.ranged), None)
        listed = listed or next((i for i in items if i.number.members), None)
        if listed is not None:
            # "the 1024 bucket OOMs, the 512 and 768 ones are fine": every size named is one
            # …but not a picture's or a preview's width × height beside the list, nor a photo's
            # size no model trains at ("buckets are 512 and 768, images are 1024x1024 pairs")
            items = [
                i
                for i in items
                if i.number.members
                or not (
                    i.number.second or _of_the_pictures(reading, i) or _side(i) > _LARGEST_TRAINED
                )
            ]
            named = {_int(v) for i in items for v in (i.number.members or [i.number.value])}
            # "512, 768 e 1024. pera, tirei o 1024 ontem": a size taken out is no longer one
            sizes = sorted(named - _taken_out(reading)) or sorted(named)
            return [
                Found("resolutions", sizes, listed.start, listed.end),
                Found("max_resolution", sizes[-1], listed.start, listed.end),
            ]
        # "fotos de 4000px no dataset, treino em 1024": a size no model trains at is the
        # photos', beside one it does
        items = [i for i in items if _side(i) <= _LARGEST_TRAINED] or items
        if len(items) > 1:
            # "768, would switching to 512 help?", "I meant 768 not 1024", "em 1024 não testei
            # ainda": a size asked of, denied or never run, beside one that is
            items = [i for i in items if not _a_size_not_run(reading, i)] or items
            # "bs1 at 512 was fine but now at 1024 it ooms", "training res is 768 now"
            items = [i for i in items if _a_size_now(reading, i)] or items
        items = _of_the_last_step(reading, items)
        top = max(items, key=_side)
        moved = [i for i in items if _resolution_moved_to(reading, i)] if len(items) > 1 else []
        if moved:
            # "kept oom at 1024 so I dropped to 768", "tried 1024, then 768"; "dropped from 1024
            # to 768… the ones I made at 1024 on my old card": the value a change ended at
            top = moved[-1]
        size = _int(_side(top))
        found = [Found("max_resolution", size, top.start, top.end)]
        if len(items) == 1 and _only(reading.low, top.number):
            found.insert(0, Found("resolutions", [size], top.start, top.end))
        return found
    if role == "gradient_accumulation":
        # "running bs 1 accum 4 and it's fine. can I push accum to 16?": the last one told,
        # not asked about nor wished for
        told = [i for i in items if not _asked_or_wished(reading, i.number)]
        items = told or items[:1]
        if len({i.number.value for i in items}) > 1 and _CHOOSING.intersection(
            reading.tokens.words
        ):
            return []  # "bs2 + accum 4, or bs1 + accum 8: which one is better?": options
    if role in ("batch_size", "gradient_accumulation") or (
        role == "num_frames" and _changed_to(reading, items[-1])
    ):
        if role == "batch_size" and len(items) > 1:
            # "to rodando batch 2 com accumulation 2. isso é igual batch 4?": the batch it is
            # likened to is no batch run
            told = [
                i
                for i in items
                if not reading.said_before(_LIKENED_TO, i.number.start, 32)
                # "any way to get bs4 back?", "baixo pra bs 2 de novo?": a batch asked to go to
                and not (
                    reading.question(i.number.first)
                    and _ASKED_TO_GO.search(
                        reading.low, max(0, i.number.start - 28), i.number.start
                    )
                )
                # "someone in the discord runs bs 4"
                and not of_another_person(reading, i.number.first)
            ]
            # "flux dev 1024 batch 1. no OOM… want more. batch 2?", "batch 3 would crash": of
            # the batches told, not one only asked about or wished for
            run = [i for i in told if not _batch_wished(reading, i.number)]
            items = run or told or items
        last = items[-1]  # a chain of changes ends at the value run now
        run = [i for i in items if _run_now(reading, i, items)]
        if role == "batch_size" and run and run[-1] is not last and _crash_after(reading, last):
            last = run[-1]  # "I'm on batch 1 now, which works; batch 2 OOMed"
        fits = [i for i in items if _fits_the_card(reading, i)]
        if (
            role == "batch_size"
            and fits
            and fits[-1] is not last
            and (_crash_after(reading, last) or reading.question(last.number.first))
        ):
            # "batch 1 fits, batch 2 OOMs", "cabe batch 1, batch 2 já estoura"; "só aguenta
            # batch 1. como o pessoal faz batch 4?": the batch asked after is not run
            last = fits[-1]
        if role == "batch_size" and len(items) > 1 and _fine_before(reading, last):
            # "bs 4 with gc off -> OOM at step 1. it was fine with GC on at bs 2": the run that
            # went well is the one before
            last = items[-2]
        return [Found(role, _int(last.number.value), last.start, last.end)]
    if role == "step":
        # "why now and not at step 1??": the step it did not crash at
        items = [i for i in items if not _not_at(reading, i.number)]
        # "a 2500-step run took 2 hours": how long a run is, not where it broke
        items = [i for i in items if not _A_RUN_LENGTH.match(reading.low, i.number.end)]
        # "agora passa do step 3 mas dá oom no 1200": a step got through, then the crash's
        got_past = [i for i in items if reading.said_before(_GOT_PAST, i.start, 40)]
        items = [i for i in items if i not in got_past] if len(got_past) < len(items) else items
        # "o sample do step 0 passa liso, aí no step 1 já era": a step that went well
        went = [i for i in items if _WENT_WELL_AT.match(reading.low, i.number.end)]
        items = [i for i in items if i not in went] if len(went) < len(items) else items
        if not items:
            return []
    if role == "step":
        items = [i for i in items if not _resumed_from(reading, i.number)]
        if not items:
            return []
    if role in ("step", "hours"):
        # "with GC on it trained all the way to step 3000 last week, no problem", "it worked
        # fine, took 6 hours": how far a run that went well got, not where this one crashed
        well = [i for i in items if not _reached_well(reading, i.number)]
        if not well and role == "step":
            well = items  # "tava no step 1600 sem crash nenhum… aí OOM": the crash's step
        items = well
        if not items:
            return []
    if role == "step":
        progress = [i for i in items if _OF_TOTAL.match(reading.low, i.number.end)]
        if len(progress) > 1:
            # a log's lines "step 1/4000 … step 2/4000 … step 2210/4000", then the OOM: the
            # last line's
            items = [progress[-1]]
    item = items[0]
    if role == "step":
        # "parou de estourar no passo 2 mas agora morre no passo 1900": the step said after the
        # message turns to now
        turn = reading.of("now")
        now = [i for i in items if turn and i.number.first > turn[-1].last]
        if turn and not now and reading.bare_now(turn[-1]):
            # "still ooms, around step 300 now": the step of the sentence that ends on now
            now = [
                i
                for i in items
                if reading.sentence_of(i.number.first) == reading.sentence_of(turn[-1].first)
                and any(
                    h.kind == "oom"
                    for h in reading.in_sentence(reading.sentence_of(i.number.first))
                )
            ]
        item = now[0] if now else item
        # "oom moved from step 1 to step ~1800": the step it moved to
        if reading.said_before(_STEP_FROM, item.start, 24):
            to = [
                i
                for i in items
                if i.start > item.end and reading.said_before(_STEP_TO, i.start, 24)
            ]
            item = to[0] if to else item
    if role == "vram_gb" and _either_card(reading, items):
        return []  # "a 3090 or a 3080, cant remember", "a 4060 ti de 8 ou de 16": not known
    if role == "vram_gb" and len({i.number.value for i in items}) > 1:
        # "moved from the 48GB machine to the 24GB one", "troquei pra de 24GB", "you're on the
        # 80GB one… I'm on the 24GB tier": the machine the run is on now
        onto = [i for i in items if _ONTO_A_MACHINE.search(reading.low, 0, i.number.start)]
        item = onto[-1] if onto else item
    number = item.number
    if role == "sample_size":
        height = number.second or number.value
        return [
            Found("sample_width", _int(number.value), item.start, item.end),
            Found("sample_height", _int(height), item.start, item.end),
        ]
    if role == "vram_gb":
        value = number.value
        return [
            Found("vram_gb", _int(value) if value.is_integer() else value, item.start, item.end)
        ]
    if role == "step":
        phase = _phase_of_step(reading, number)
        return [] if phase is None else [Found("oom_phase", phase, item.start, item.end)]
    if role == "hours":
        return [Found("oom_phase", "later", item.start, item.end)]
    return [Found(role, _int(number.value), item.start, item.end)]
