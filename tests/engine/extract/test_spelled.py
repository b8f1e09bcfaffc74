from __future__ import annotations

import pytest

from engine.extract import extract
from engine.extract.spelled import spelled_numbers


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("twenty four gigs", [24]),
        ("eighty-one frames", [81]),
        ("two hundred fifty steps", [250]),
        ("vinte e quatro giga", [24]),
        ("oitenta e um frames", [81]),
        ("duzentos e cinquenta passos", [250]),
        ("mil e vinte e quatro", [1024]),
        ("mil duzentos e oitenta", [1280]),
        # resolutions said in two parts
        ("at ten twenty four", [1024]),
        ("five twelve and seven sixty eight", [512, 768]),
        ("twelve eighty", [1280]),
        # only sizes models train at read that way
        ("batch two twenty four gig card", [2, 24]),
        # "one" and "um" are articles unless they follow what they count
        ("one of the runs", []),
        ("um treino", []),
        ("batch one", [1]),
        ("passo um", [1]),
        # "os dois", "the two": both
        ("os dois economizam vram", []),
        ("the two of them", []),
        # "mil" alone is a count ("10 mil imagens")
        ("10 mil imagens", []),
    ],
)
def test_numbers_said_in_words(text: str, values: list[int]) -> None:
    assert [value for value, _, _ in spelled_numbers(text)] == values


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "z image turbo crashes at step two with cuda out of memory im on a twenty four gig"
            " card batch two at ten twenty four",
            {"batch_size": 2, "vram_gb": 24, "max_resolution": 1024, "oom_phase": "first_steps"},
        ),
        (
            "o z image dá falta de memória no passo dois minha placa é de vinte e quatro giga",
            {"vram_gb": 24, "oom_phase": "first_steps"},
        ),
        ("wan with eighty one frames crashed on step one", {"num_frames": 81}),
        (
            "eu faço sample a cada duzentos e cinquenta passos com trinta steps",
            {"sample_every": 250},
        ),
    ],
)
def test_dictated_messages_are_read(text: str, facts: dict[str, object]) -> None:
    found = extract(text).facts
    assert {name: found.get(name) for name in facts} == facts
