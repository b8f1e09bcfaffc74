"""Answers under a quoted question: "> Is GC on in this job?" then "yes, still OOMs at step 1".

Discord, Slack and forum replies quote what they answer, often the assistant's own question. The
quote is not what the person says (the extractor reads it as blanks), but it is what a short
"yes", "no idea" or "did that" means: the quote's setting, with the quote's polarity.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from engine.extract.lexicon import GC_WORDS, LEXICON
from engine.extract.normalize import fold, words_of
from engine.extract.reading import Reading
from engine.extract.reply_tables import TABLES, Words
from engine.extract.settings import setting_states
from kb.contract import FactValue

# One or more quoted lines, then the lines that answer them (up to the next quote).
_PAIR: Final = re.compile(r"((?:^[ \t]*>[^\n]*\n?)+)((?:^(?![ \t]*>)[^\n]*\n?)*)", re.MULTILINE)
# A yes that says the act worked: a retry that fixed it.
_WORKED: Final = frozenset(
    {
        ("that", "worked"),
        ("it", "worked"),
        ("worked",),
        ("funcionou",),
        ("resolveu",),
        ("that", "did", "it"),
        ("deu", "certo"),
        ("that", "fixed", "it"),
    }
)
# Answers that say "I did what you asked": a yes to "turn it back on and retry".
_DONE: Final = _WORKED | {
    ("did", "that"),
    ("did", "it"),
    ("done",),
    ("fiz",),
    ("fiz", "isso"),
    ("feito",),
    ("ja",),
    ("did", "exactly", "that"),
    ("fiz", "exatamente", "isso"),
    ("tried", "this"),
    ("tried", "that"),
    ("tried", "it"),
    ("tentei", "isso"),
    ("testei", "isso"),
}
# Words of a quote that asks to try again: a yes to it is a retry.
_AGAIN: Final = frozenset({"again", "retry", "rerun", "try", "novamente", "novo", "tenta", "tente"})
_STABLE: Final = frozenset({"stable", "stably", "estavel", "estaveis"})
# An answer that says it is the first: "> é teu primeiro treino?" / "primeiro kkkk e ja capotou"
_FIRST: Final = frozenset({"primeiro", "primeira", "first"})
# A question whether any run has gone well: "has this setup ever trained without crashing?", "did
# a previous run work?", "seu treino já funcionou alguma vez?".
_ASKS_A_GOOD_RUN: Final = re.compile(
    r"\bever (?:trained|finished|worked|completed|run|ran)\b|\b(?:previous|earlier|past|other) "
    r"(?:run|runs|lora|loras|training) (?:work|worked|finish|finished)\b|\b(?:funcionou|terminou|"
    r"rodou|treinou) (?:alguma vez|antes|direito alguma vez)\b|\bja (?:funcionou|terminou|rodou)\b"
)
_LEAD: Final = 3  # words at the start of an answer that may hold its yes or no
_FILLERS: Final = frozenset(
    {"ok", "okay", "k", "so", "well", "ah", "oh", "blz", "beleza", "hmm", "honestly", "tbh"}
    | {"sinceramente", "cara", "mano"}
)
# An instruction quoted: doing it is a retry ("> turn gc back on" / "done, still OOM").
_TOLD: Final = frozenset(
    {"turn", "set", "switch", "flip", "enable", "reenable", "re", "put", "change"}
    | {"liga", "religa", "ativa", "reativa", "coloca", "bota", "volta", "muda", "habilita"}
)
# A question about how an act went: "did re-enabling it help?", "isso resolveu?".
_OUTCOME: Final = frozenset(
    {
        "help",
        "helped",
        "fix",
        "fixed",
        "work",
        "worked",
        "solve",
        "solved",
        "ajudou",
        "resolveu",
        "funcionou",
        "adiantou",
        "change",
        "mudou",
        "difference",
        "diferenca",
        "sumiu",
        "parou",
        "acabou",
        "gone",
        "stopped",
        "away",
    }
)
# An act that helped only in part: it still crashes.
_PARTLY: Final = frozenset(
    {"partially", "partly", "somewhat", "kinda", "melhorou", "parcialmente", "parte", "partes"}
    | {"further", "improved", "better"}
)
# A question that takes its act as done: "what happened when you re-enabled it?".
_PRESUMED: Final = frozenset({"when", "after", "quando", "depois", "happened", "aconteceu"})


@dataclass(frozen=True)
class QuotedAnswer:
    """A fact an answer gives through the question it quotes; ``start``/``end`` span both."""

    fact: str
    value: FactValue
    start: int
    end: int
    retried: bool = False  # yes to switching GC back on: what follows says how the retry went
    worked: bool = False  # the yes says it worked ("that did it", "funcionou")


def _worked(words: Words) -> bool:
    return any(words[:size] in _WORKED for size in range(1, _LEAD + 1))


def _done(words: Words) -> bool:
    while words[:1] and words[0] in _FILLERS:
        words = words[1:]
    return any(words[:size] in _DONE for size in range(1, _LEAD + 1))


def _answer(words: Words) -> str | None:
    """ "yes", "no" or "unknown" when the answer opens with one; None otherwise."""
    while words[:1] and words[0] in _FILLERS:
        words = words[1:]  # "ok, did it", "blz, feito"
    for size in range(min(len(words), _LEAD), 0, -1):
        lead = words[:size]
        if lead in TABLES.unknown:
            return "unknown"
        if lead in TABLES.yes or lead in _DONE:
            return "yes"
        if lead in TABLES.no:
            return "no"
    return None


# A state given as the whole answer to a question naming GC.
_STATE_SAID: Final[dict[tuple[str, ...], str]] = {
    **{(w,): "enabled" for w in ("on", "ligado", "ligada", "ativado", "ativada", "true")},
    **{(w,): "enabled" for w in ("enabled", "marcado", "checked", "ticked")},
    **{(w,): "disabled" for w in ("off", "desligado", "desligada", "desativado", "false")},
    **{(w,): "disabled" for w in ("desativada", "disabled", "desmarcado", "unchecked")},
}


# The fact each named setting's state is, and its value when off and when on.
_STATED: Final[dict[str, tuple[str, tuple[FactValue, FactValue]]]] = {
    "gc": ("gc", ("disabled", "enabled")),
    "low_vram": ("low_vram", (False, True)),
    "quantize": ("quantize", (False, True)),
    "sampling": ("sampling_disabled", (True, False)),
    "disable_sampling": ("sampling_disabled", (False, True)),
}


_PLACED: Final = frozenset(
    (w,) for w in ("the", "a", "an", "my", "that", "this", "step", "steps", "epoch")
)
# Words before a state given as an answer: "still off", "it's on", "ainda desligado".
_BEFORE_A_STATE: Final = frozenset(
    {"still", "ainda", "it's", "its", "it", "is", "ta", "esta", "continua", "currently", "now"}
    | {"atualmente", "agora", "sempre", "always", "already"}
)
_DENIALS: Final = frozenset({("i",), ("eu",), ("nao",), ("didn't",), ("didnt",), ("never",)})
_WHY: Final = frozenset({"why", "pq", "porque", "por"})


_NOT_TRIED: Final = re.compile(
    r"\s*(?:i )?(?:haven'?t|havent|have not|didn'?t|didnt|never|not yet)"
    r" (?:tried|try|tested|test)\b|\s*(?:(?:eu )?(?:nem|nao|nunca|ainda nao) (?:testei|tentei))\b"
)


def _asks_with_gc_on(quoted: Reading) -> bool:
    """ "> Does it work with gradient checkpointing on?", "> Funciona com o GC ligado?"."""
    return "?" in quoted.text and any(
        s.setting == "gc" and s.state == "on" and not s.retry for s in setting_states(quoted)
    )


def _asked_why_off(quoted: Reading) -> bool:
    """ "> Why did you turn GC off in the first place?", "> Por que você desligou o GC?"."""
    words = quoted.tokens.words
    return (
        "?" in quoted.text
        and not _WHY.isdisjoint(words[:3])
        and any(s.setting == "gc" and s.state == "off" for s in setting_states(quoted))
    )


def _pairs(text: str) -> Iterator[tuple[str, int, int, int]]:
    """(quote, quote start, answer start, answer end) for each quote followed by an answer."""
    for match in _PAIR.finditer(text):
        if match.group(2).strip():
            yield match.group(1), match.start(1), match.start(2), match.end(2)


def quoted_answers(text: str, read: Callable[[str], Reading]) -> list[QuotedAnswer]:
    """What the answers under quoted questions say about GC and about a stable run."""
    if ">" not in text:
        return []
    found: list[QuotedAnswer] = []
    for quote, start, answer_start, answer_end in _pairs(text):
        answer = text[answer_start:answer_end]
        answer_words = words_of(answer)
        said = _answer(answer_words)
        quoted = read(quote.replace(">", " "))
        end = answer_start + len(answer.split("\n", 1)[0])  # the answer's first line
        batch = _proposed_batch(quote, answer, said)
        if batch is not None:
            # "> did you try batch 1?" / "ya same crash", "> use batch 1" / "already am"
            found.append(QuotedAnswer("batch_size", batch, start, end))
        asks = said is None and quote.rstrip().endswith("?")
        family = _family_asked(quoted, read(answer)) if asks else None
        if family is not None:
            # "> Qual Wan?" / "2.2 5b ti2v", "> flux dev ou schnell?" / "schnell": the family
            # asked about, its version answered
            found.append(QuotedAnswer("model_family", family, start, end))
        answered_first = not _FIRST.isdisjoint(answer_words[:2])
        if quoted.has("first_run") and (said == "yes" or answered_first) and "?" in quote:
            # "> Is this your first LoRA?" / "yes, first one ever", "> é teu primeiro treino?" /
            # "primeiro kkkk": no run has gone well yet
            found.append(QuotedAnswer("stable_with_gc", "no", start, end))
            continue
        if said is None and _PARTLY.intersection(answer_words[:_LEAD]):
            said = "partly"  # "> Did re-enabling GC fix it?" / "partially, still OOMs later"
        lead = words_of(text[answer_start:end])
        while lead[:1] and lead[0] in _BEFORE_A_STATE:
            lead = lead[1:]
        # "on the biggest bucket only": a place, not a state
        placed = lead[:1] == ("on",) and lead[1:2] in _PLACED
        state = None if placed else _STATE_SAID.get(lead[:1])
        if said is None and state is None and _PRESUMED.intersection(quoted.tokens.words):
            said = "presumed"  # "> What happened when you re-enabled it?": it was re-enabled
        if said is None:
            # "> gc?" / "desligado", "> preview?" / "desativado", "> is low_vram on?" / "still
            # off", "> was GC off when the crashes started?" / "off since yesterday": a state
            # as the whole answer
            named = {h.arg for h in quoted.of("mention")}
            if state is not None and len(named) == 1:
                fact, values = _STATED[named.pop()]
                found.append(QuotedAnswer(fact, values[state == "enabled"], start, end))
            elif _asked_why_off(quoted) and lead[:1] not in _DENIALS:
                # "> Why did you turn GC off?" / "speed": the answer grants that it is off
                found.append(QuotedAnswer("gc", "disabled", start, end))
            elif _NOT_TRIED.match(fold(text[answer_start:end])) and _asks_with_gc_on(quoted):
                # "> Does it work with GC on?" / "haven't tried, I heard it's slow": it is off
                found.append(QuotedAnswer("gc", "disabled", start, end))
            continue
        if said == "partly":
            gc = next((s for s in setting_states(quoted) if s.setting == "gc"), None)
            if gc is not None and gc.state == "on" and _OUTCOME.intersection(quoted.tokens.words):
                found.append(QuotedAnswer("gc", "enabled", start, end))
                found.append(QuotedAnswer("gc_retry", "still_oom", start, end))
            continue
        if said == "presumed":
            gc = next((s for s in setting_states(quoted) if s.setting == "gc"), None)
            if gc is not None and gc.retry:
                found.append(QuotedAnswer("gc", "enabled", start, end, retried=True))
            continue
        if said == "no" and quoted.has("oom") and not quoted.has("mention", "assert"):
            # "> Are you seeing any out-of-memory errors?" / "no, it's just slow"; not "> does
            # it OOM at step 1?" / "nope, does 600 steps fine then dies": not then, but later
            if not quoted.has("phase", "stage") and not read(answer).has("oom"):
                found.append(QuotedAnswer("oom_phase", "none", start, end))
            continue
        stable = (
            _STABLE.intersection(quoted.tokens.words)
            or quoted.has("stable", "stable_run")
            or _ASKS_A_GOOD_RUN.search(fold(quote))
        )
        if stable and said != "unknown" and "?" in quote:
            found.append(QuotedAnswer("stable_with_gc", said, start, end))
            continue
        states = setting_states(quoted)
        other = next((s for s in states if s.setting in _YES_NO and s.state != "unknown"), None)
        if other is not None and said in ("yes", "no"):
            # "> For this OOM: is low_vram enabled?" / "yep it's true"
            on = (other.state == "on") == (said == "yes")
            found.append(QuotedAnswer(other.setting, on, start, end))
            continue
        gc = next((s for s in states if s.setting == "gc"), None)
        if gc is None or gc.state == "unknown":
            continue
        if said == "unknown":
            found.append(QuotedAnswer("gc", "unknown", start, end))
            continue
        if gc.state == "on" and _OUTCOME.intersection(quoted.tokens.words):
            # "> Did re-enabling GC help?" / "nope, still OOM": it was done; the answer is how
            # it went
            outcome = "fixed" if said == "yes" else "still_oom"
            found.append(QuotedAnswer("gc", "enabled", start, end))
            found.append(QuotedAnswer("gc_retry", outcome, start, end))
            continue
        if (
            said in ("yes", "no")
            and quote.count("?") == 1  # not "> is GC on? > and does it crash at sampling?"
            and quoted.has("oom")
            and _asks_with_gc_on(quoted)
        ):
            # "> Do you get any OOM with gradient checkpointing on?" / "nope never, 4 runs done":
            # GC is on either way; no crash with it is a run that went well
            found.append(QuotedAnswer("gc", "enabled", start, end))
            if said == "no" and not read(answer).has("oom"):
                found.append(QuotedAnswer("stable_with_gc", "yes", start, end))
            continue
        on = (gc.state == "on") == (said == "yes")
        # done as told: "> turn gc back on" / "ok, did it"; not "it IS on, never turned it off"
        done = _done(answer_words)
        again = (
            gc.retry
            or bool(_AGAIN.intersection(quoted.tokens.words))
            or (quoted.tokens.words[:1] in {(w,) for w in _TOLD} and done)
        )
        retried = said == "yes" and gc.state == "on" and again
        worked = _worked(answer_words)
        found.append(
            QuotedAnswer("gc", "enabled" if on else "disabled", start, end, retried, worked)
        )
        if retried and not worked and _no_effect(read(answer)):
            # "> Did you switch GC back on?" / "ya did that first thing. didnt help"
            found.append(QuotedAnswer("gc_retry", "still_oom", start, end))
    return found


def _family_asked(quoted: Reading, answer: Reading) -> str | None:
    """The one model family a quoted "which one?" names, when the answer names none."""
    if _WHICH.isdisjoint(quoted.tokens.words) or any(
        h.arg.startswith(_FAMILY) for h in answer.of("fact")
    ):
        return None
    families = {h.arg[len(_FAMILY) :] for h in quoted.of("fact") if h.arg.startswith(_FAMILY)}
    return families.pop() if len(families) == 1 else None


_FAMILY: Final = "model_family="
_WHICH: Final = frozenset({"which", "what", "qual", "quais", "or", "ou", "version", "versao"})


def _no_effect(answer: Reading) -> bool:
    """The answer tells the switch back changed nothing: "didnt help", "não adiantou nada"; not
    "e não deu mais nada" (nothing went wrong)."""
    return any(
        not answer.negated(h) and answer.words(h) not in ("nada", "nope")
        for h in answer.of("no_effect")
    )


def _proposed_batch(quote: str, answer: str, said: str | None) -> int | None:
    """The one batch size a quote proposes ("> try batch 1", "> tentou batch 1?"), when the
    answer says it was done or is already so ("yes, same crash", "fiz isso", "already am",
    "já tô em 1")."""
    asked = fold(quote.replace(">", " ")).strip()
    if "?" not in asked and _PROPOSING.match(asked) is None:
        return None  # "> bot: batch 4 at 1536 is a lot" / "yeah it is": agreeing, not doing
    values = {int(v) for v in _BATCH_PROPOSED.findall(asked)}
    if len(values) > 1:
        return None
    head = fold(answer.lstrip())[:40]
    if not values:
        # "> try a smaller batch" / "went from 4 down to 2, same thing", "já tá em 1"
        named = _BATCH_NAMED.search(asked) is not None
        moved = _MOVED_TO.match(head)
        return int(moved.group(1)) if named and moved is not None else None
    if said != "yes" and _ALREADY.match(head) is None:
        return None
    (value,) = values
    own = re.match(r"\D{0,12}?(\d+)", head)  # "2, ja tentei 1" gives its own number
    return value if own is None or int(own.group(1)) == value else None


_PROPOSING: Final = re.compile(
    r"(?:\w+:\s*)?(?:did you try|have you tried|tentou|ja tentou|testou|try|use|set|drop"
    r"|lower|go|put|reduce|tenta|tente|usa|reduz|reduza|baixa|baixe|diminui|diminua|coloca"
    r"|coloque|bota|muda|mude|poe)\b"
)
_BATCH_PROPOSED: Final = re.compile(
    r"\b(?:batch(?:[ _]size)?|bs|lote)\s*(?:de|to|para|pra|=|:)?\s*(\d{1,2})\b"
)
_BATCH_NAMED: Final = re.compile(r"\b(?:batch(?:[ _]size)?|bs|lote)\b")
# An answer that opens with where the batch is now: "already at 1", "went from 4 down to 2".
_MOVED_TO: Final = re.compile(
    r"(?:\w+,? ){0,2}?(?:(?:ja|already) (?:(?:ta|to|esta|estou|is|am|i'?m) )?(?:em|no|at|on)"
    r"|i'?m already (?:at|on)|(?:went|dropped|got|baixei|desci|fui)(?: it)?(?: (?:de|from) \d+)?"
    r"(?: (?:down|all the way))? (?:to|pra|para|pro|ate)) (\d{1,2})\b(?!\s*(?:gb|k|steps|passos|x))"
)
_ALREADY: Final = re.compile(
    r"(?:ya |yeah |yes |sim |)?(?:already|ja|i'?m already|i am already|fiz isso|did that|did it"
    r"|same (?:crash|thing|error|oom)|mesma coisa|mesmo erro|tried|tentei|testei)\b"
)


def confirmed_recaps(text: str) -> list[tuple[str, bool]]:
    """(quote, whole) for each quoted summary of one's setup that the answer confirms as a
    whole ("> So: 12GB card, flux dev, GC off, batch 1 at 512?" / "yes that's all correct",
    "> Resumindo: 5090, zimage, batch 4?" / "exato, é isso"), or for one question answered
    yes, whose switches the answers to quoted questions read (not ``whole``)."""
    if ">" not in text:
        return []
    found = []
    for quote, _, answer_start, answer_end in _pairs(text):
        answer = fold(text[answer_start:answer_end].lstrip())
        # or one's own message quoted and corrected: "> zimage, batch 4, GC off" / "correction:
        # it's batch 2 not 4, everything else is the same" (the answer's own words come first)
        if ("?" in quote and _CONFIRMED.match(answer[:60])) or _REST_SAME.search(answer):
            found.append((quote.replace(">", " "), True))
        elif (
            quote.count("?") == 1
            and quote.rstrip().endswith("?")  # not "> did you try batch 1?\n> fixed it for me"
            and _YES.match(answer)
            and not _EITHER.search(fold(quote))
        ):
            # one question answered yes: "> Ele estoura logo no começo do treino?" / "sim, no
            # passo 0", "> Aparece 'CUDA out of memory' no erro?" / "sim"
            found.append((quote.replace(">", " "), False))
    return found


_YES: Final = re.compile(r"(?:yes|yep|yeah|yup|ya|sim|aham|uhum|exato|correct|right)\b(?![' ]s)")
_EITHER: Final = re.compile(r"\b(?:or|ou)\b")


_REST_SAME: Final = re.compile(
    r"\b(?:everything else|all else|the rest|rest)(?: of it)? (?:is|are|stays|was)"
    r" (?:the same|same|right|correct|unchanged)"
    r"|\bo resto (?:ta|esta|e|fica|continua) (?:certo|igual|o mesmo|correto)"
    r"|\bresto (?:tudo )?igual\b"
)


_CONFIRMED: Final = re.compile(
    r"(?:(?:yes|yep|yeah|yup|sim|exato|exatamente|isso)\W+)?(?:that'?s |thats |its |it'?s |e |eh )?"
    r"(?:all correct|all right|exactly (?:it|right)|exactly|right|correct|correto|certinho"
    r"|isso mesmo|(?:e |eh )?isso ai|(?:e |eh )?isso\b|exato|tudo certo|tudo isso)"
)


# Settings a quoted yes/no question may ask about besides GC (their facts share their names).
_YES_NO: Final = frozenset({"low_vram", "quantize"})


# What a quoted question or instruction is about, when the answer under it names nothing itself:
# "> Do you want me to explain what gradient checkpointing does?" / "yes pls".
_QUOTE_INTENTS: Final = (
    ("oom", "fix_oom"),
    ("phase", "fix_oom"),
    ("where", "where_to_change"),
    ("accumulation", "accumulation"),
    ("quality", "quality"),
    ("speed", "speed"),
    ("explain", "explain"),
)


def quoted_intent(text: str, read: Callable[[str], Reading]) -> str | None:
    """The intent the quotes answered speak of, the last that names one: "> zimage oom again,
    help" / "> Qual o batch size?" / "2" is still about the crash."""
    if ">" not in text:
        return None
    for quote, *_ in reversed(list(_pairs(text))):
        quoted = read(quote.replace(">", " "))
        intent = next((intent for kind, intent in _QUOTE_INTENTS if quoted.has(kind)), None)
        if intent is not None:
            return intent
    return None


def quoted_setting(text: str, read: Callable[[str], Reading]) -> str | None:
    """The setting the last quoted lines name: the answer's "it" is that setting ("> liga o
    low_vram" / "liguei, continua oom"). GC when they name it; else the one other setting they
    name, if only one. Answers under earlier questions are theirs ("> GC?\non\n> preview?\n
    desativado")."""
    last = None
    for quote, *_ in _pairs(text):
        last = quote
    if last is None:
        return None
    named = {h.arg for h in read(last.replace(">", " ")).of("mention")}
    if "gc" in named:
        return "gc"
    return named.pop() if len(named) == 1 else None


# The fact a quoted question asks for, by the words it uses: the answer under it is read as
# the answer to that question ("> how many frames per clip?" / "81").
_ASKED_FOR: Final = (
    ("frames", "num_frames"),
    ("quadros", "num_frames"),
    ("vram", "vram_gb"),
    ("gpu", "vram_gb"),
    ("placa", "vram_gb"),
    ("card", "vram_gb"),
    ("batch", "batch_size"),
    ("lote", "batch_size"),
    ("accumulation", "gradient_accumulation"),
    ("acumulacao", "gradient_accumulation"),
    ("resolution", "max_resolution"),
    ("resolucao", "max_resolution"),
    ("buckets", "max_resolution"),
    ("res", "max_resolution"),
    ("ram", "system_ram"),  # "> How much system RAM?" / "32gb": not the card's
)
_WHEN: Final = LEXICON.words("asked_when")
_EVERY: Final = frozenset({"every", "cada", "often", "frequencia"})
_SAMPLES: Final = frozenset(
    {"sample", "samples", "preview", "previews", "amostra", "amostras", "sampling", "amostragem"}
)
_STEP: Final = frozenset({"step", "steps", "passo", "passos"})


def quoted_expecting(text: str, read: Callable[[str], Reading]) -> str | None:
    """What the last quoted question asks for, when it plainly asks for one thing: when the
    OOM happens ("> When does it OOM: while loading, in the first steps…?"), or a number.
    After earlier questions and their answers, a number is read as each one's own answer
    (``earlier_answers``): the message's first number answers the first question ("> how
    much vram?\n24\n> batch?\n1" is no batch of 24)."""
    if ">" not in text:
        return None
    pairs = [quote for quote, *_ in _pairs(text)]
    if not pairs:
        return None
    asked = _asked(pairs[-1], read)
    if len(pairs) > 1 and asked in _NUMBERS_ASKED:
        return None
    return asked


def earlier_answers(text: str, read: Callable[[str], Reading]) -> list[tuple[str, str, bool]]:
    """(fact, answer, last) for each quoted question that asks for one number, with the answer
    under it: "> what batch size?\n4, with 1280 as the max bucket\n> and GC?\noff". The last
    question's answer is the rest of the message; it is listed only after others."""
    if ">" not in text:
        return []
    pairs = list(_pairs(text))
    found = []
    for index, (quote, _, answer_start, answer_end) in enumerate(pairs):
        fact = _asked(quote, read)
        last = index == len(pairs) - 1
        # when it OOMs, answered before the last question ("> when does it OOM?" / "like 2
        # hours in" / "> is GC on?" / "off"): the last answer is the message's own
        earlier = fact == "oom_phase" and not last
        if fact is not None and ((fact in _NUMBERS_ASKED and not (last and index == 0)) or earlier):
            found.append((fact, text[answer_start:answer_end], last))
    return found


_NUMBERS_ASKED: Final = frozenset(
    {"batch_size", "vram_gb", "num_frames", "gradient_accumulation", "max_resolution"}
)


def _asked(quote: str, read: Callable[[str], Reading]) -> str | None:
    if "?" not in quote:
        return None
    quoted = read(quote.replace(">", " "))
    words = set(quoted.tokens.words)
    asked = {fact for word, fact in _ASKED_FOR if word in words}
    if words & _EVERY and words & _SAMPLES:
        return "sample_every"  # "> A cada quantos steps saem os samples?" / "250"
    # "> what step does it OOM at?", but not "> what batch and what step does it OOM at?"
    when = words & _WHEN and not (asked and words & _WHEN <= _STEP)
    # (not "> was GC off when the crashes started?", which asks for GC's state)
    last = read(quote.replace(">", " ").rstrip().rsplit("\n", 1)[-1])
    of_gc = any(h.arg == "gc" for h in last.of("mention"))
    stated = of_gc and last.has("on", "off", "on_after", "off_after")
    if quoted.has("oom") and (when or len(quoted.of("phase")) >= 2) and not stated:
        return "oom_phase"  # "> Does the OOM happen while loading, in the first steps, or…?"
    return asked.pop() if len(asked) == 1 else None


def transcript(text: str) -> str:
    """A chat pasted with its speakers ("bot: what batch size?" / "me: 2", "[20:03] AjudanteBot:
    qual placa?" / "[20:04] lucas_m: 3060 de 12") rewritten as replies under quotes: the helper's
    lines quoted, the person's own without their name. The text as it was unless a helper and
    the person both speak, the helper first unless the person is "me" or "eu"."""
    lines = text.split("\n")
    turns = [(index, _SPEAKER.match(line)) for index, line in enumerate(lines)]
    named = [(index, fold(match.group(1))) for index, match in turns if match is not None]
    helpers = {name for _, name in named if _HELPER.search(name)}
    if not helpers:
        return text
    own = next((name for _, name in named if name in _ME), None) or next(
        (name for _, name in named if name not in helpers), None
    )
    if own is None or (own not in _ME and named[0][1] not in helpers):
        return text  # "INFO: loading" / "bot: hi": a log's line names no one
    speaker = None
    for index, match in turns:
        name = fold(match.group(1)) if match is not None else None
        if match is not None and name in helpers | {own}:
            speaker = name
            lines[index] = lines[index][match.end() :]
        if speaker is not None and speaker != own:
            lines[index] = "> " + lines[index]
    return "\n".join(lines)


def timestamped(text: str) -> str:
    """A chat copied from an app with its names and times ("Marcos — Today at 20:03", "Priya
    Nair  10:14 AM", "Bia, [10.03.26 14:04]", "12/03/2026 21:14 - Ana: …", "[21:03] <nadia> …")
    rewritten as the person's own lines under the others' quoted: the person is "me" or "eu",
    else the first speaker who is not a helper; what follows a blank line after the last turn
    is the person's own, added below the chat. The text as it was with fewer than two such
    lines."""
    lines = text.split("\n")
    said: list[tuple[str | None, str | None]] = []  # (speaker, what the line says) per line
    for line in lines:
        header = _HEADER.match(line)
        prefixed = None if header else _PREFIXED.match(line)
        if header is not None:
            said.append((fold(header.group("name")).strip(), None))
        elif prefixed is not None:
            who = prefixed.group("name") or prefixed.group("irc")
            said.append((fold(who).strip(), line[prefixed.end() :]))
        else:
            said.append((None, line))
    names = [name for name, _ in said if name is not None]
    if len(names) < 2:
        return _replied(text)
    # "Replying to @Lena": the one replied to is not the one asking
    replied = {fold(m.group(1)) for m in map(_REPLYING.match, lines) if m is not None}
    own = next((n for n in names if n in _ME), None) or next(
        (n for n in names if not _HELPER.search(n) and n.split()[0] not in replied), names[0]
    )
    # after the chat's last turn, a blank line, then the person's own words added below it
    last_named = max(index for index, (name, _) in enumerate(said) if name is not None)
    added = next(
        (index for index in range(last_named + 1, len(said)) if not lines[index].strip()), None
    )
    out: list[str] = []
    speaker: str | None = None
    for index, (name, told) in enumerate(said):
        if name is not None:
            speaker = name
        elif index == added:
            speaker = own
        if told is None:
            continue  # a line that only says who speaks and when
        quoted = speaker is not None and speaker != own and told.strip()
        if quoted and not told.lstrip().startswith(">"):
            # the speaker named: "> pedro: eu rodo batch 4" is not one's own words quoted
            told = f"> {speaker}: {told}"
        out.append(told)
    return _replied("\n".join(out))


def picked(text: str) -> str:
    """An answer that picks one of two numbers a quoted question offers ("> 8GB or 16GB 4060
    Ti?" / "the 16", "> 512 ou 1024?" / "no segundo") rewritten as the number picked, with
    the unit the question gives it."""
    if ">" not in text:
        return text
    for quote, _, answer_start, answer_end in reversed(list(_pairs(text))):
        offered = _OFFERED.search(fold(quote))
        if offered is None:
            continue
        first, second = offered.group(1, 3)
        unit = offered.group(2) or offered.group(4) or ""
        answer = fold(text[answer_start:answer_end])
        pick = _PICK.match(answer)
        if pick is None:
            continue
        said = pick.group("ordinal") or pick.group("number")
        if said in (first, second):
            value = said
        elif said in _FIRST_PICKED:
            value = first
        elif said in _SECOND_PICKED:
            value = second
        else:
            continue
        text = text[:answer_start] + value + unit + text[answer_start + pick.end() :]
    return text


# Two numbers offered as alternatives, with a unit on either: "8 ou 16gb", "1024 or 768".
_OFFERED: Final = re.compile(
    r"\b(\d{1,4})\s*(gb|g|px)?\s+(?:or|ou)\s+(?:the\s+|a\s+|o\s+)?(\d{1,4})\s*(gb|g|px)?\b"
)
_PICK: Final = re.compile(
    r"\s*(?:the\s+|a\s+|o\s+|na\s+|no\s+|em\s+|a de\s+|the one with\s+)?"
    r"(?:(?P<ordinal>first|1st|primeir[oa]|second|2nd|segund[oa]|last|ultim[oa])(?:\s+one)?"
    r"|(?P<number>\d{1,4})(?!\s*(?:x\b|\d|[.,]\d)))\b"
)
_FIRST_PICKED: Final = frozenset({"first", "1st", "primeiro", "primeira"})
_SECOND_PICKED: Final = frozenset(
    {"second", "2nd", "segundo", "segunda", "last", "ultimo", "ultima"}
)


def _replied(text: str) -> str:
    """Discord's "Replying to @dex: gc off = 30% faster" read as the quote it is; a bare
    "Replying to @mira" line, above the quote, says nothing."""
    if "replying to" not in text.lower() and "respondendo a" not in text.lower():
        return text
    lines = []
    for line in text.split("\n"):
        replying = _REPLYING.match(line)
        if replying is None:
            lines.append(line)
        elif replying.group(2):
            lines.append("> " + replying.group(2))
    return "\n".join(lines)


# A line of its own naming who speaks and when: Discord ("Marcos — Today at 20:03", "Ana —
# 11/03/2026 20:20"), Slack ("Priya Nair  10:14 AM"), Telegram ("Bia, [10.03.26 14:04]").
_HEADER: Final = re.compile(
    r"[ \t]*(?:\*\*)?(?P<name>[^\W\d][\w.'-]{0,20}(?: [^\W\d][\w.'-]{0,20}){0,3}?)(?:\*\*)?"
    r"(?:[ \t]+(?:bot|app))?[ \t]*(?:"
    r"[\u2014\u2013-][ \t]*(?:today|yesterday|hoje|ontem|\d{1,2}/\d{1,2}/\d{2,4})[^\n]{0,24}"
    r"|[ \t]+\d{1,2}:\d{2}(?:[ \t]?[ap]m)?"
    r"|,[ \t]*\[\d{1,2}[./]\d{1,2}[./]\d{2,4}[ \t]+\d{1,2}:\d{2}(?::\d{2})?\])[ \t]*$",
    re.IGNORECASE,
)
# A line opened by when and who: WhatsApp ("12/03/2026 21:14 - Ana: ", "[3/9/26, 10:02:11 PM]
# Jake: ", "[21:30, 02/03/2026] Letícia: "), IRC ("[21:03] <nadia> ").
_PREFIXED: Final = re.compile(
    r"[ \t]*(?:\d{1,2}/\d{1,2}/\d{2,4},?[ \t]+\d{1,2}:\d{2}(?:[ \t]?[ap]m)?[ \t]+-[ \t]+"
    r"|\[(?=[^\]\n]*\d:\d\d)[\d/.,: ]{4,24}(?:[ap]m)?\][ \t]*)"
    r"(?:<(?P<irc>[^>\n]{1,30})>"
    # a name, not a log's own words ("[14:02:13] torch.OutOfMemoryError: …", "INFO: …")
    r"|(?!(?:info|warning|warn|error|debug|critical|traceback|step|epoch|\w+ing)\b)"
    r"(?P<name>[^\W\d_][^\W_]*(?: [^\W\d_][^\W_]*){0,2}):)[ \t]*",
    re.IGNORECASE,
)
_REPLYING: Final = re.compile(
    r"\s*(?:replying to|respondendo a)\s+@(\S+?):?(?:\s+(.*))?$", re.IGNORECASE
)


# A line opened by who says it: "bot: ", "HelperBot — ", "[20:03] AjudanteBot: ", "@ostris: ".
_SPEAKER: Final = re.compile(
    r"(?:\[[\d:]{4,8}(?:\s?[ap]m)?\][ \t]*)?@?([A-Za-z][\w.]{0,23})"
    r"[ \t]*(?::|[ \t][\u2014\u2013])[ \t]*"
)
_HELPER: Final = re.compile(r"bot|helper|ajudante|assistant|assistente|support|suporte|^mod$")
_ME: Final = frozenset({"me", "eu", "i", "user", "op", "usuario"})


def interleaved(text: str) -> str:
    """Numbered questions quoted together, answered by number in one reply ("> 1. GC on?
    2. VRAM? 3. When does it OOM?" / "1) yes 2) 24gb 3) at the first sample"), rewritten as
    one quoted question over each answer, the way every other reply is read. The text as it
    was when the numbers do not pair up."""
    if ">" not in text:
        return text
    match = _PAIR.search(text)
    if match is None:
        return text
    quote = " ".join(line.strip().lstrip(">").strip() for line in match.group(1).splitlines())
    questions = _numbered(quote, _QUESTION_MARK)
    reply = match.group(2)
    if len(questions) < 2:
        return _listed(text, match, quote)
    answers = _numbered(reply.lstrip(), _ANSWER_MARK, len(questions))
    if len(answers) != len(questions):
        return text
    pairs = "".join(f"> {q}\n{a}\n" for q, a in zip(questions, answers, strict=True))
    return text[: match.start()] + pairs + text[match.end() :]


def _listed(text: str, match: re.Match[str], quote: str) -> str:
    """Settings asked for in a row and answered in the same order on one line ("> batch?
    accumulation? buckets?" / "1 / 4 / 768 e 1024", "> gc?" "> vram?" / "off, 16"), rewritten
    as one quoted question over each answer. The text as it was unless every part of the
    question names one setting and the answer has as many parts."""
    if "?" not in quote:
        return text
    asks = [a.strip() for a in _ASKS.split(quote.rsplit("?", 1)[0]) if a.strip()]
    if not 2 <= len(asks) <= _MAX_ASKS or not all(_names_one(a) for a in asks):
        return text
    reply = match.group(2)
    first, _, rest = reply.lstrip().partition("\n")
    for splitter in (_SLASHES, _COMMAS, _ANDS):
        answers = [a.strip() for a in splitter.split(first.strip().rstrip(".!")) if a.strip()]
        if len(answers) == len(asks):
            break
    else:
        return text
    pairs = "".join(f"> {q}?\n{a}\n" for q, a in zip(asks, answers, strict=True))
    return text[: match.start()] + pairs + rest + text[match.end() :]


def _names_one(ask: str) -> bool:
    words = set(words_of(ask))
    named = {fact for word, fact in _ASKED_FOR if word in words}
    named |= {"gc" for word in GC_WORDS if word in words}
    return len(named) == 1


_ASKS: Final = re.compile(r"\?|\s/\s|/|,|\s(?:e|and|ou|or)\s")
_SLASHES: Final = re.compile(r"\s*/\s*")
_COMMAS: Final = re.compile(r"\s*[,;]\s*")
_ANDS: Final = re.compile(r"\s*(?:,|;|/|\s(?:e|and)\s)\s*")
_MAX_ASKS: Final = 5


def _numbered(text: str, mark: str, count: int = 9) -> list[str]:
    """The items of "1. a 2. b 3. c" in order, while the numbers follow on from 1; the
    first at the start. ``mark`` is the pattern of a marker, ``{n}`` its number."""
    bounds: list[tuple[int, int]] = []
    at = 0
    for number in range(1, count + 1):
        hit = re.compile(mark.format(n=number)).search(text, at)
        if hit is None or (number == 1 and text[: hit.start()].strip()):
            break
        bounds.append((hit.start(), hit.end()))
        at = hit.end()
    items = [
        text[end : bounds[index + 1][0] if index + 1 < len(bounds) else len(text)].strip()
        for index, (_, end) in enumerate(bounds)
    ]
    return items if all(items) else []


# "1." "1)" "1-" "1:" before a question; an answer's marker may also be the bare number.
_QUESTION_MARK: Final = r"(?:^|(?<=\s)){n}\s*[.)\-:]\s*"
_ANSWER_MARK: Final = r"(?:^|(?<=\s)){n}(?:\s*[.)\-:]\s*|\s+)"
