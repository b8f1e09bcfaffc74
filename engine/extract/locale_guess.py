"""Which language a message is written in, from its function words and its accents."""

from __future__ import annotations

from typing import Final

from engine.extract.lexicon import LEXICON

_PT_MARKS: Final = frozenset("ãõçáéíóúâêôà")
_MAX_MARK_VOTES: Final = 3  # accents support Portuguese but must not outvote a whole sentence


def guess_locale(text: str, words: tuple[str, ...]) -> str | None:
    """``"pt-BR"``, ``"en"``, or None when the message gives no evidence either way (or a tie)."""
    pt_words = LEXICON.locale_words["pt-BR"]
    en_words = LEXICON.locale_words["en"]
    pt = sum(1 for w in words if w in pt_words)
    en = sum(1 for w in words if w in en_words)
    pt += min(_MAX_MARK_VOTES, sum(1 for c in text if c in _PT_MARKS))
    if pt == en:
        return None
    return "pt-BR" if pt > en else "en"
