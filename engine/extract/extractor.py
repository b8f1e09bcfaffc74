"""The extraction pipeline: normalise, find phrases and numbers, reason, collect the facts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.extract import numbers, resolution, situation, vram
from engine.extract.anchors import anchored_matches, build_index
from engine.extract.config_block import ConfigBlock, find_config
from engine.extract.found import Found
from engine.extract.locale_guess import guess_locale
from engine.extract.model import (
    MAX_CONFIG_CHARS,
    MAX_SCAN_CHARS,
    Evidence,
    Extraction,
    evidence,
)
from engine.extract.normalize import Tokens, fold, spaced, tokenize
from engine.extract.numbers import find_numbers
from engine.extract.phrases import Hit, find_hits
from engine.extract.reading import Reading
from engine.extract.resolution import find_resolutions
from engine.extract.settings import SettingState, setting_states
from engine.extract.signals import OFF_TOPIC_GREETING, signal_hits
from engine.extract.typos import correct
from engine.extract.vram import find_vram
from kb.contract import FactValue

_TOPIC_KINDS: Final = frozenset(
    {"topic", "oom", "mention", "assert", "fact", "gpu", "vram", "ram", "shared_memory", "signal"}
)
_AMBIGUOUS_IN_PT: Final = frozenset({"neg", "weak_off"})  # "no" is "in the" in Portuguese
# Every numeric pattern of the package, tried in one pass over the words.
_ANCHORS: Final = build_index([*numbers.RULES, *resolution.RULES, *vram.RULES])
_GC_VALUES: Final = {"on": "enabled", "off": "disabled", "unknown": "unknown"}
# Facts that nothing but a setting's stated state sets.
_SETTINGS_ONLY: Final = frozenset({"gc", "low_vram", "quantize", "sampling_disabled"})
# Settings read as another fact: (fact, whether "on" means False for it).
_SETTING_FACTS: Final = {
    "sampling": ("sampling_disabled", True),
    "disable_sampling": ("sampling_disabled", False),
}


def _blank(text: str, block: ConfigBlock | None) -> str:
    """The config's lines become line breaks: read as a config, not as prose, and offsets hold."""
    if block is None or block.start >= len(text):
        return text
    end = min(block.end, len(text))
    return text[: block.start] + "\n" * (end - block.start) + text[end:]


def _scanned(text: str) -> tuple[str, ConfigBlock | None]:
    """The part of a message read as prose, and the config pasted in it."""
    block = find_config(text[:MAX_CONFIG_CHARS])
    return _blank(text[:MAX_SCAN_CHARS], block), block


def _tokens(scan: str) -> tuple[str, Tokens]:
    low = fold(scan)
    return low, tokenize(spaced(low))


def _read(scan: str) -> tuple[Reading, str | None]:
    low, tokens = _tokens(scan)
    words = correct(tokens.words)
    hits = find_hits(words)
    locale = guess_locale(scan, words)
    if locale == "pt-BR":
        hits = [h for h in hits if not (h.kind in _AMBIGUOUS_IN_PT and words[h.first] == "no")]
    return Reading(scan, low, tokens, tuple(hits)), locale


def _setting_facts(reading: Reading, states: Sequence[SettingState]) -> list[Found]:
    found: list[Found] = []
    for state in states:  # later statements win: they come later in the sheet
        start, end = reading.span(state.first, state.last)
        if state.setting == "gc":
            found.append(Found("gc", _GC_VALUES[state.state], start, end))
        elif state.state != "unknown":
            on = state.state == "on"
            fact, inverted = _SETTING_FACTS.get(state.setting, (state.setting, False))
            found.append(Found(fact, on != inverted, start, end))
    return found


def _word_facts(reading: Reading) -> list[Found]:
    """The model family and the GPU's memory named by words; only the first of each counts."""
    found: list[tuple[Hit, Found]] = []
    for hit in reading.of("fact"):
        if hit.arg.startswith("model_family="):
            start, end = reading.span(hit.first, hit.last)
            found.append((hit, Found("model_family", hit.arg.partition("=")[2], start, end)))
            break
    for hit in reading.of("gpu"):
        if hit.arg != "unknown":
            start, end = reading.span(hit.first, hit.last)
            found.append((hit, Found("vram_gb", int(hit.arg), start, end)))
            break
    found.sort(key=_said_first)  # in the order the message says them
    return [f for _, f in found]


def _said_first(entry: tuple[Hit, Found]) -> tuple[int, str]:
    return entry[0].first, entry[0].kind


def _situation(
    reading: Reading,
    states: Sequence[SettingState],
    signals: dict[str, Hit],
    numbered: Sequence[Found],
) -> list[Found | None]:
    ooms = situation.reported_ooms(reading, signals)
    return [
        situation.goal(reading, ooms),
        situation.memory_kind(reading, ooms, signals),
        situation.phase(reading, ooms, numbered),
        situation.gc_retry(reading, ooms, states),
        situation.stable_with_gc(reading, states),
    ]


def _found_facts(
    reading: Reading, states: Sequence[SettingState], signals: dict[str, Hit]
) -> list[Found | None]:
    """Every finding, in the order that decides which one wins for a fact."""
    matches = anchored_matches(_ANCHORS, reading.low, reading.tokens)
    numbers = find_numbers(matches)
    return [
        *_situation(reading, states, signals, [f for f in numbers if f.fact == "oom_phase"]),
        *_word_facts(reading),
        *[f for f in numbers if f.fact != "oom_phase"],
        *find_resolutions(reading.low, matches),
        find_vram(reading.low, matches),
    ]


def _sheet(
    reading: Reading, states: Sequence[SettingState], signals: dict[str, Hit]
) -> tuple[dict[str, FactValue], tuple[Evidence, ...]]:
    """First finding wins, except settings: the last thing said about a setting is its state."""
    chosen: dict[str, Found] = {}
    for found in _found_facts(reading, states, signals):
        if found is not None and found.fact not in chosen:
            chosen[found.fact] = found
    for found in _setting_facts(reading, states):
        chosen[found.fact] = found
    facts = {f.fact: f.value for f in chosen.values()}
    text = reading.text
    said = tuple([evidence(f.fact, f.value, text[f.start : f.end]) for f in chosen.values()])
    return facts, said


def extract(text: str) -> Extraction:
    """Read what a message says about the user's situation. Never raises."""
    scan, block = _scanned(text)
    reading, locale = _read(scan)
    states = setting_states(reading)
    signals = signal_hits(reading)
    facts, evidence = _sheet(reading, states, signals)
    on_topic = bool(facts) or block is not None or reading.has(*_TOPIC_KINDS)
    names = set(signals)
    if not on_topic and reading.has("greeting"):
        names.add(OFF_TOPIC_GREETING)
    return Extraction(
        facts=facts,
        evidence=evidence,
        signals=frozenset(names),
        locale=locale,
        config_text=None if block is None else block.text,
        on_topic=on_topic,
    )


def extract_fact(text: str, fact: str) -> FactValue | None:
    """``extract(text).facts.get(fact)``, reading only what can set that fact.

    A reply is read a second time for the one fact its question asks ("gc " + the reply), so
    the facts that a single step of the pipeline sets skip the rest of it.
    """
    scan, _ = _scanned(text)
    if fact == "resolutions":  # only bucket lists and ranges set it
        low, tokens = _tokens(scan)
        buckets = find_resolutions(low, anchored_matches(_ANCHORS, low, tokens))
        return next((f.value for f in buckets if f.fact == fact), None)
    if fact not in _SETTINGS_ONLY and fact != "oom_phase":
        return extract(text).facts.get(fact)
    reading, _ = _read(scan)
    if fact == "oom_phase":  # only the phase words and step numbers of a reported OOM set it
        ooms = situation.reported_ooms(reading, signal_hits(reading))
        matches = anchored_matches(_ANCHORS, reading.low, reading.tokens)
        numbered = [f for f in find_numbers(matches) if f.fact == fact]
        phase = situation.phase(reading, ooms, numbered)
        return None if phase is None else phase.value
    value: FactValue | None = None
    for found in _setting_facts(reading, setting_states(reading)):
        if found.fact == fact:  # the last thing said about a setting is its state
            value = found.value
    return value
