"""Advice given to others is read as blanks, offsets holding; the writer's own run stays."""

from __future__ import annotations

import pytest

from engine.extract.advice import unadvised


@pytest.mark.parametrize(
    "text",
    [
        "Tip for 12GB users: keep GC on, batch 1, 768 max.",
        "@bruna liga o gc de novo e desce pra 768",
        "PSA: disable sampling if the first previews OOM",
        "pra quem tem 12gb e quer treinar wan 2.2 5B, copia isso: batch 1, gc ligado",
    ],
)
def test_advice_alone_is_blanked_and_offsets_hold(text: str) -> None:
    blanked, start = unadvised(text)
    assert start is not None
    assert len(blanked) == len(text)
    assert "768" not in blanked and "batch 1" not in blanked and "disable" not in blanked


def test_a_question_inside_advice_stays() -> None:
    text = "dica: gc ligado e batch 1. alguém sabe onde fica o quantize no runcomfy?"
    blanked, _ = unadvised(text)
    assert "onde fica o quantize no runcomfy?" in blanked
    assert "batch 1" not in blanked


@pytest.mark.parametrize(
    "text",
    [
        # the writer's own run, told inside the advice
        "dica pra quem tem 5090: desliga o GC no zit. aqui foi de 2.4 pra 1.5 s/it",
        "psa: forgot comfy was open, threw cuda oom at step 1. closed it and it trains fine",
        # a question asked of others is no advice
        "pra quem usa runcomfy: compensa a maquina de 48gb com gc desligado?",
        # a reply that tells one's own run to the person named
        "@tom dropped to 512 like you said, still oom at step 300",
        # no advice at all
        "gc off, batch 4, OOM at step 1 on my 3090",
    ],
)
def test_ones_own_run_is_read_as_written(text: str) -> None:
    assert unadvised(text) == (text, None)
