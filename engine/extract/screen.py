"""A screen typed out: the options ticked in a list, and what OCR makes of digits.

People copy the AI Toolkit screen as text, by hand or by OCR: "Resolutions ☑ 512 ☑ 768 ☐ 1024",
"[x] 512 [ ] 768", "Low VRAM (•) ON ( ) OFF", "Resolution 1O24", "Batch Size l". Only the ticked
options hold, so the unticked are read as blanks (ticks too), and a letter OCR put in a number
is the digit it stands for. Offsets hold: every change keeps the text's length.
"""

from __future__ import annotations

import re
from typing import Final

# A tick or an empty box, as typed or as OCR gives it.
_MARK: Final = r"(?:\[[ xX×✓✔]\]|\([ xX•*●]\)|[☐☑☒✓✔✗✘])\uFE0F?"
# Two or more options in a row, each behind its box: sizes ("☑ 512 ☑ 768 ☐ 1024") or a switch's
# radio buttons ("(•) ON ( ) OFF").
_OPTION: Final = r"(?:\d{2,4}(?!\d|[.,]\d|x\d)|(?i:on|off|true|false|yes|no|sim|nao|não)\b)"
_TICKED_LIST: Final = re.compile(rf"(?:{_MARK}[ \t]*{_OPTION}[ \t,;|/]*){{2,}}")
_BOXED: Final = re.compile(rf"(?P<mark>{_MARK})[ \t]*(?P<option>{_OPTION})")
_EMPTY: Final = frozenset({"[ ]", "( )", "☐", "✗", "✘"})
# OCR's letters in numbers: "1O24", "1o24" (an O between digits), "bs: l", "Batch Size l".
_O_IN_A_NUMBER: Final = re.compile(r"(?<=\d)[Oo](?=[Oo]?\d)")
_L_AS_ONE: Final = re.compile(r"(?i)\b(bs|batch(?:[ _]size)?)([ \t]*[:=]?[ \t]*)l\b")
# A zero for an O in a switch's state: "Gradient Checkpointing: 0N", "Low VRAM: 0FF".
_ZERO_FOR_O: Final = re.compile(r"(?<![\w.])0(?=N\b|FF\b|n\b(?![-']))")


def screen_read(text: str) -> str:
    """``text`` with the unticked options of a typed-out screen blanked and OCR's letters in
    numbers read as digits; the same string when there are none."""
    text = _TICKED_LIST.sub(_ticked_only, text)
    text = _ZERO_FOR_O.sub("O", _O_IN_A_NUMBER.sub("0", text))
    return _L_AS_ONE.sub(lambda m: f"{m[1]}{m[2]}1", text)


def _ticked_only(run: re.Match[str]) -> str:
    boxes = list(_BOXED.finditer(run[0]))
    if not any(_bare(box["mark"]) not in _EMPTY for box in boxes):
        return run[0]  # nothing ticked: a list of options shown, not the ones picked
    out = run[0]
    for box in boxes:
        end = box.end() if _bare(box["mark"]) in _EMPTY else box.end("mark")
        out = out[: box.start()] + " " * (end - box.start()) + out[end:]
    return out


def _bare(mark: str) -> str:
    return mark.replace("\ufe0f", "").lower()
