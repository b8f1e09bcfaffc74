"""Reading a reply to a pending question about one fact ("ligado", "batch 4", "RTX 4090")."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine.extract.extractor import extract, extract_fact
from engine.extract.model import MAX_SCAN_CHARS, Extraction
from engine.extract.normalize import fold, words_of
from engine.extract.reply_tables import TABLES, Words
from engine.extract.typos import correct
from kb.contract import FACTS, FactSpec, FactType, FactValue

# A reply to a setting's question rarely names the setting; read "não está ligado" as if it did.
_SUBJECT: Final = {
    "gc": "gc",
    "low_vram": "low vram",
    "quantize": "quantize",
    "sampling_disabled": "sampling",
    "oom_phase": "oom",  # "no passo 2" answers "when does the OOM happen?"
}
_SELF_NEGATING: Final = frozenset({"gc", "low_vram", "quantize", "sampling_disabled"})
# "no" is left out: in Portuguese it is "in the" ("no passo 2").
_NEGATIONS: Final = frozenset({"nao", "not", "nem", "never", "nunca", "didn't", "didnt"})
_NUMBER: Final = re.compile(r"(?<![\d.])(\d{1,5}(?:[.,]\d{1,2})?)(?:\s*x\s*(\d{1,5}))?(?![\d])")


@dataclass
class _Reply:
    """A reply being read; the text's own extraction is made at most once, and only if needed."""

    text: str
    words: Words
    extraction: Extraction | None = None

    @property
    def facts(self) -> dict[str, FactValue]:
        if self.extraction is None:
            self.extraction = extract(self.text)
        return self.extraction.facts


def _contains(words: Words, phrase: Words) -> bool:
    size = len(phrase)
    return any(words[i : i + size] == phrase for i in range(len(words) - size + 1))


def _by_first_word(table: dict[Words, str]) -> dict[str, tuple[tuple[Words, str], ...]]:
    index: dict[str, list[tuple[Words, str]]] = {}
    for phrase, value in table.items():
        index.setdefault(phrase[0], []).append((phrase, value))
    return {word: tuple(entries) for word, entries in index.items()}


# Option phrases by their first word, so a reply is only compared with phrases it could hold.
_OPTION_INDEX: Final = {fact: _by_first_word(t) for fact, t in TABLES.options.items()}


def _numbers_by_first_word() -> dict[str, tuple[tuple[int, Words, int], ...]]:
    """Number phrases by their first word, each with its place in the table (longest first)."""
    index: dict[str, list[tuple[int, Words, int]]] = {}
    for place, (phrase, number) in enumerate(TABLES.numbers):
        index.setdefault(phrase[0], []).append((place, phrase, number))
    return {word: tuple(entries) for word, entries in index.items()}


_NUMBER_INDEX: Final = _numbers_by_first_word()


def _option(words: Words, fact: str) -> str | None:
    table = TABLES.options.get(fact, {})
    if words in table:
        return table[words]
    negated = _NEGATIONS.intersection(words)
    index = _OPTION_INDEX.get(fact, {})
    named = {
        value
        for word in set(words)
        for phrase, value in index.get(word, ())
        # "não foi no preview": a named option is not the answer, unless the option itself
        # says the negation ("nem rodei ainda" for "no OOM yet")
        if _contains(words, phrase) and (not negated or negated & set(phrase))
    }
    return named.pop() if len(named) == 1 else None


def _from_text(reply: _Reply, fact: str) -> FactValue | None:
    found = reply.facts.get(fact)
    if found is not None or fact not in _SUBJECT:
        return found
    if fact not in _SELF_NEGATING and _NEGATIONS.intersection(reply.words):
        return None  # only settings read their own negations ("não está ligado")
    return extract_fact(f"{_SUBJECT[fact]} {reply.text}", fact)


def _yes_no(words: Words) -> bool | None:
    if words in TABLES.yes:
        return True
    return False if words in TABLES.no else None


def _leading_yes_no(words: Words) -> bool | None:
    """ "yes, batch 2 at 768": a reply that opens with its answer and goes on with details."""
    if any(words[:size] in TABLES.unknown for size in range(1, min(len(words), 4) + 1)):
        return None
    return _yes_no(words[:1])


def _by_words(values: tuple[str, ...]) -> dict[Words, str]:
    """A reply that is just a value's name ("first steps" for ``first_steps``): the first wins."""
    table: dict[Words, str] = {}
    for value in values:
        table.setdefault(words_of(value), value)
    return table


# Each enum fact's values read as words, once: a reply is compared with them on every turn.
_VALUE_WORDS: Final = {
    name: _by_words(spec.values) for name, spec in FACTS.items() if spec.type is FactType.ENUM
}


def _enum(reply: _Reply, spec: FactSpec) -> FactValue | None:
    words = reply.words
    value = _VALUE_WORDS[spec.name].get(words)
    if value is not None:
        return value
    if spec.name == "stable_with_gc" and _yes_no(words) is not None:
        return "yes" if _yes_no(words) else "no"
    if spec.name == "gc" and words in TABLES.unknown:
        return "unknown"
    if words in TABLES.options.get(spec.name, {}):
        return _option(words, spec.name)
    found = _from_text(reply, spec.name) or _option(words, spec.name)
    leading = _leading_yes_no(words) if found is None and spec.name == "stable_with_gc" else None
    if leading is not None:
        return "yes" if leading else "no"
    return found


def _bool(reply: _Reply, spec: FactSpec) -> FactValue | None:
    answer = _yes_no(reply.words)
    if answer is not None:
        return answer
    found = _from_text(reply, spec.name)
    if isinstance(found, bool):
        return found
    return _leading_yes_no(reply.words)  # "não, gera amostra a cada 500"


def _numbers(text: str, words: Words, fact: str) -> list[float]:
    """The numbers a reply gives, a size ``WxH`` read as the one the fact asks for."""
    values: list[float] = []
    for m in _NUMBER.finditer(fold(text)):
        first = float(m.group(1).replace(",", "."))
        second = float(m.group(2)) if m.group(2) else None
        if second is None:
            values.append(first)
        elif fact == "sample_height":
            values.append(second)
        else:
            values.append(max(first, second) if fact == "max_resolution" else first)
    if not values:
        values = _worded_number(words)
    return values


def _worded_number(words: Words) -> list[float]:
    """The first number of the table ("vinte e quatro" before "quatro") the words hold."""
    found = [
        (place, number)
        for word in set(words)
        for place, phrase, number in _NUMBER_INDEX.get(word, ())
        if _contains(words, phrase)
    ]
    return [float(min(found)[1])] if found else []


def _single(values: list[float]) -> float | None:
    distinct = set(values)
    return distinct.pop() if len(distinct) == 1 else None


def _int(reply: _Reply, spec: FactSpec) -> FactValue | None:
    found = reply.facts.get(spec.name)
    if found is not None:
        return found
    value = _single(_numbers(reply.text, reply.words, spec.name))
    return int(value) if value is not None and value.is_integer() and value > 0 else None


def _number(reply: _Reply, spec: FactSpec) -> FactValue | None:
    found = reply.facts.get(spec.name)
    if found is not None:
        return found
    value = _single(_numbers(reply.text, reply.words, spec.name))
    if value is None or value <= 0:
        return None
    return int(value) if value.is_integer() else value


def _int_list(reply: _Reply, spec: FactSpec) -> FactValue | None:
    found = extract_fact(f"buckets {reply.text}", "resolutions")
    if found is not None:
        return found
    single = _single(_numbers(reply.text, reply.words, "max_resolution"))
    return [int(single)] if single is not None and single.is_integer() and single > 0 else None


_READERS: Final[dict[FactType, Callable[[_Reply, FactSpec], FactValue | None]]] = {
    FactType.ENUM: _enum,
    FactType.BOOL: _bool,
    FactType.INT: _int,
    FactType.NUMBER: _number,
    FactType.INT_LIST: _int_list,
}


def parse_reply(text: str, fact: str, extraction: Extraction | None = None) -> FactValue | None:
    """The value a reply gives for ``fact``, or None when it says nothing about it.

    ``extraction`` is ``extract(text)`` when the caller already has it, so it is not made twice.
    """
    spec = FACTS.get(fact)
    if spec is None:
        return None
    text = text[:MAX_SCAN_CHARS]
    words = correct(words_of(text))
    if not words:
        return None
    return _READERS[spec.type](_Reply(text, words, extraction), spec)
