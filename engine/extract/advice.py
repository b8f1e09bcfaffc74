"""Advice given to someone else: a tip, a quick guide, an answer to another person.

"Tip for 12GB users: keep GC on, batch 1, 768 max", "@maria turn gc back on and drop to 768",
"pra quem tem 3060: liga o gc e usa 512" tell no one's run here: the settings they name are
what the writer recommends, not what anyone in this conversation runs. What the writer says of
their own run inside the advice ("I'm on a 3060 myself", "aqui eu faço preview a cada 500", "saved
me on my 4060") is theirs, and stays.
"""

from __future__ import annotations

import re
from typing import Final

from engine.extract.normalize import fold

# The words up to a colon that ends an address ("pra quem tem 12gb e quer treinar wan 2.2 5B,
# copia isso:"), a version's dot and all.
_TO_ITS_COLON: Final = r"(?:[^\n:.?]|\.(?=\d)){0,80}:"
# A message or a line that opens as advice for others: a tip, a PSA, a guide, "for anyone on
# 16GB:", "pra quem tem 12gb:", "to the OP:". Advice runs from there to the end of the message.
_OPENS_ADVICE: Final = re.compile(
    r"(?:^|\n)[ \t#*_\-]*(?:(?:pro ?)?tips?|protip|psa|dicas?|(?:quick|short) guide|guia"
    r"(?: rapido)?)\b(?: (?:for|pra|para) [^\n:]{1,60})?[ \t]*[:\-!]"
    r"|(?:^|\n)[ \t#*]*(?:for (?:anyone|anybody|everyone|those|people|folks|the (?:people|folks))"
    r" (?:on|with|doing|training|using|running|asking|who)|(?:pra|para) (?:quem|galera|voces|vcs)"
    r" (?:ta|tem|esta|quer|usa|treina|roda|com|que))\b"
    + _TO_ITS_COLON
    + r"|\bso to the op\b|\bto the op[:,]|\b(?:folks|people|guys) asking\b"
    + _TO_ITS_COLON
)
# A reply that opens on a name and tells them what to do: "@maria turn gc back on",
# "@tom @ana both of you: GC on", "@carol volta o gc pra true".
_TOLD_BY_NAME: Final = re.compile(
    r"^[ \t]*(?:@[\w.\-]+[ \t,:]*)+(?:both of you[: ]+|"
    r"(?:just |so |then |e |entao )?(?:turn|keep|drop|enable|disable|lower|raise|bump|switch|flip"
    r"|add|try|cap|reduce|increase|change|remove|quantize|cache|leave|stick|use|go|get|make"
    r"|liga|desliga|religa|ativa|ative|desativa|desative|volta|tira|usa|use|coloca|bota|baixa"
    r"|desce|aumenta|sobe|deixa|mantem|mantenha|troca|muda|testa|tenta)\b)"
)
# Where one piece of advice ends: a sentence, a line, an aside in brackets.
_PIECE: Final = re.compile(r"[^.!?;\n()\[\]]+(?:[.!?;]+|(?=[\n()\[\]])|$)")
# The writer's own run, said inside the advice.
_MINE: Final = re.compile(
    r"\b(?:i|i'?m|im|i'?ve|ive|my|me|mine|myself|we|our|us"
    r"|eu|meu|minha|meus|minhas|mim|comigo|aqui|nossa|nosso)\b"
)
# What a run did, told in the past: one's own story even without "I" ("forgot comfy was open,
# threw cuda oom at step 1, closed it and it trains fine").
_HAPPENED: Final = re.compile(
    r"\b(?:threw|got|went|ran|did|was|were|had|broke|blew|crashed|oomed|died|failed|worked"
    r"|finished|tried|turned|dropped|forgot|closed|switched|enabled|disabled|lowered|raised"
    r"|deu|rodou|travou|estourou|crashou|capotou|morreu|funcionou|terminou|falhou|liguei"
    r"|desliguei|religuei|baixei|subi|tentei|testei|mudei|troquei|ativei|desativei|fechei"
    r"|esqueci|treinei|usei|coloquei|tirei|fiz)\b"
)
# "I'd keep every default", "eu deixaria ligado": the writer's advice, not their run.
_WOULD: Final = re.compile(
    r"\b(?:i'?d|i would|if i were you|eu faria|eu deixaria|eu usaria|eu ligaria|eu manteria"
    r"|se eu fosse (?:voce|vc|tu))\b"
)


def unadvised(text: str) -> tuple[str, int | None]:
    """Advice to others becomes blanks, offsets holding, when it tells nothing of the writer's
    own run; a question asked in it stays. Also where the advice begins, if it was blanked: a
    config pasted after it is the advice's too ("For anyone on 16GB, this is what I'd paste:")."""
    low = fold(text)
    opened = _OPENS_ADVICE.search(low)
    start = 0 if _TOLD_BY_NAME.match(low) else opened.start() if opened else -1
    if start < 0:
        return text, None
    every = list(_PIECE.finditer(low, start))
    if every and every[0].group().endswith("?"):
        return text, None  # "pra quem usa runcomfy: compensa a de 48gb?": asked of others
    pieces = [piece for piece in every if not piece.group().endswith("?")]
    if any(_told_of_mine(piece.group()) for piece in pieces):
        # "dica pra quem tem 5090: desliga o GC no zit. aqui foi de 2.4 pra 1.5 s/it": advice
        # from one's own run tells that run
        return text, None
    out, at = [], 0
    for begin, end in (piece.span() for piece in pieces):
        out.append(text[at:begin])
        out.append(re.sub(r"[^\n]", " ", text[begin:end]))
        at = end
    out.append(text[at:])
    return "".join(out), start


def _told_of_mine(said: str) -> bool:
    """The writer's own run, or what happened to it, told in a piece of the advice."""
    return bool((_MINE.search(said) and not _WOULD.search(said)) or _HAPPENED.search(said))
