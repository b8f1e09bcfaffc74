"""Which language a message is written in, from its function words and its accents."""

from __future__ import annotations

import re
from typing import Final

from engine.extract.lexicon import LEXICON

_PT_MARKS: Final = re.compile("[ãõçáéíóúâêôàÃÕÇÁÉÍÓÚÂÊÔÀ]")
_MAX_MARK_VOTES: Final = 3  # accents support Portuguese but must not outvote a whole sentence


def guess_locale(text: str, words: tuple[str, ...]) -> str | None:
    """``"pt-BR"``, ``"en"``, or None when the message gives no evidence either way (or a tie)."""
    pt_words = LEXICON.locale_words["pt-BR"]
    en_words = LEXICON.locale_words["en"]
    pt = len(pt_words.intersection(words))  # distinct function words: cheap and enough
    en = len(en_words.intersection(words))
    if not text.isascii():
        pt += min(_MAX_MARK_VOTES, len(_PT_MARKS.findall(text)))
    if pt == en:
        return None
    return "pt-BR" if pt > en else "en"
