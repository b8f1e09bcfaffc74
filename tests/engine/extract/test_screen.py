"""A screen typed out: only the ticked options hold, OCR's letters in numbers are digits, and
the text keeps its length (every offset read later still points where it did)."""

from __future__ import annotations

import pytest

from engine.extract.screen import screen_read


@pytest.mark.parametrize(
    ("typed", "kept", "gone"),
    [
        ("Resolutions ☑ 512 ☑ 768 ☐ 1024", ["512", "768"], ["1024", "☑", "☐"]),
        ("[x] 512 [ ] 768 [x] 1024", ["512", "1024"], ["768", "[x]", "[ ]"]),
        ("Low VRAM (•) ON ( ) OFF", ["ON"], ["OFF", "(•)"]),
        ("Resoluções ✓512 ✗768", ["512"], ["768"]),
    ],
)
def test_only_the_ticked_options_stay(typed: str, kept: list[str], gone: list[str]) -> None:
    read = screen_read(typed)
    assert len(read) == len(typed)
    for option in kept:
        assert option in read
    for option in gone:
        assert option not in read


@pytest.mark.parametrize(
    "typed",
    [
        "[ ] 512 [ ] 768",  # nothing ticked: the options shown, none picked
        "☑ 512 for the dataset",  # one box alone is no list
        "step 500/3000 [x]",
        "1024x1024 (•) sample",
    ],
)
def test_no_list_of_ticked_options_is_left_as_written(typed: str) -> None:
    assert screen_read(typed) == typed


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("Resolution 1O24", "Resolution 1024"),
        ("res 1o24 ,768", "res 1024 ,768"),
        ("bs: l grad accum: 4", "bs: 1 grad accum: 4"),
        ("Batch Size l", "Batch Size 1"),
        ("Gradient Checkpointing: 0N Low VRAM: 0FF", "Gradient Checkpointing: ON Low VRAM: OFF"),
    ],
)
def test_ocr_letters_in_numbers_are_digits(typed: str, read: str) -> None:
    assert screen_read(typed) == read


@pytest.mark.parametrize(
    "typed",
    ["sdxl on a 1080 ti", "morreu no 2o passo", "i'm on 2 gpus lol", "version 2.0 now", "10 lora"],
)
def test_ordinary_text_is_untouched(typed: str) -> None:
    assert screen_read(typed) == typed
