"""Whether a setting the message names is on, off or unknown to the writer.

Works per clause: the state word nearest to the setting's name decides, a negation just before
that state word flips it ("GC não está desligado" is on), a doubt ("não sei se") makes it
unknown, and a wish or question ("devo desligar o GC?") says nothing about the current setup.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Final, NamedTuple

from engine.extract.lexicon import GC_WORDS, LEXICON
from engine.extract.phrases import Hit
from engine.extract.reading import Reading, in_a_name, in_a_plan

_STRONG: Final = frozenset({"on", "off", "reon"})
_NAMED: Final = frozenset({"mention", "assert"})
_WINDOW: Final = 6  # words between a setting and a state word that still belongs to it
_NEAR: Final = 3  # words for prepositions, trailing "on"/"true" and negations
_DOUBT: Final = 4  # "não sei se o GC": words from a doubt to the name it doubts
# Words from a wish to the state it wishes: "quero desligar o gc"; not "só quero mais rápido:
# 9 s/it no qwen edit em 1024 com gc ligado", where the state is told after the wish.
_HYPO_REACH: Final = 10
# Words between a doubt and the name that say nothing: "nem sei se esse tal de gradient…".
_DOUBT_FILLERS: Final = frozenset(
    {"se", "if", "whether", "esse", "essa", "tal", "de", "do", "da", "o", "a", "the", "this"}
    | {"that", "thing", "negocio", "aquele", "aquela", "my", "meu", "minha", "opcao", "option"}
    | {"honestly", "sinceramente", "tbh", "really", "hmm", "uh", "um"}
)
_HEDGE: Final = 6  # words from a state to the doubt that takes it back
# Doubts that stand alone at a clause's end, about what was just said.
_HEDGES: Final = frozenset(
    {("nao", "tenho", "certeza"), ("not", "sure"), ("unsure",), ("not", "certain"), ("sei", "la")}
    | {("nem", "tenho", "certeza")}
)
# State words that name the act rather than the setup: read as a wish inside a question.
_INFINITIVES: Final = frozenset(
    {
        "desligar",
        "ligar",
        "ativar",
        "desativar",
        "habilitar",
        "desabilitar",
        "disable",
        "enable",
        "disabling",
        "enabling",
        "turn",
        "turning",
        "switch",
        "switching",
        "ligo",  # "ligo o gc de volta?": should I
        "desligo",
        "religo",
        "desativo",
        "reativo",
        "volto",  # "volto pro ligado?": should I go back to it
        "voltar",
    }
)
_ON: Final = frozenset({"on", "reon", "on_after", "weak_on"})
_EITHER, _AFTER, _BEFORE = 0, 1, -1
# How far a state word reaches from the setting's name, and on which side of it. "on"/"true"
# count only after the name; prepositions ("sem", "with") only just before it; the weak ones
# are read only when no strong state word fits.
_REACH: Final = {
    "on": (_WINDOW, _EITHER),
    "off": (_WINDOW, _EITHER),
    "reon": (_WINDOW, _EITHER),
    "on_after": (_NEAR, _AFTER),
    "off_after": (_NEAR, _AFTER),
    "weak_on": (_NEAR, _BEFORE),
    "weak_off": (_NEAR, _BEFORE),
}


class SettingState(NamedTuple):
    """``setting`` is ``state`` ("on", "off", "unknown") per words ``first`` .. ``last``."""

    setting: str
    state: str
    first: int
    last: int
    retry: bool  # said while switching it back on ("reativei", "turned it back on")
    keyed: bool = False  # written as a setting ("gradient_checkpointing: false"), not in prose
    weak: bool = False  # said only by a preposition ("sem GC", "with gradient checkpointing")
    wished: bool = False  # wished, planned or told to do ("desativar o GC"): not the setup
    bare: bool = False  # a name that says the state alone ("fp8", "quantizado"), no state word


# Words that may follow "on" when it is the setting's state ("GC on and bs 1", "GC on now").
_AFTER_ON: Final = frozenset(
    {
        "and",
        "e",
        "now",
        "agora",
        "again",
        "but",
        "mas",
        "so",
        "then",
        "still",
        "ainda",
        "too",
        "also",
        "tambem",
        "tbm",
        "ja",
        "already",
        "mesmo",
        "or",
        "ou",
        "vs",
        "in",
        "no",
        "na",
        "with",
        "at",  # "gc on at 1024"
        "cuz",
        "cause",
        "because",
        "bc",
        "porque",
        "pq",
        "obviously",
        "obv",
        "runs",  # "my gc-on runs are fine"
        "run",
        # what the run with it did: "gc on for the first two runs", "gc on it ran 2000 steps"
        "for",
        "it",
        "finished",
        "completed",
        "ran",
        "trained",
        "worked",
        "terminou",
        "rodou",
        "treinou",
        # "gc off died, gc on died": what the run did, not what GC is on
        "dies",
        "died",
        "crashed",
        "crasha",
        "morre",
        "estoura",
        "obviamente",
        "since",
        "by",
        "as",
        "right",
        "atm",
        "rn",
        "tbh",
        "currently",
        "today",
        "hoje",
        "yesterday",
        "ontem",
        "while",
        "enquanto",
        "when",
        "quando",
        # the next item of a list of settings, or the crash: "gc on bs 1", "gc on oom step 2"
        "thoughts",
        "ideas",
        "help",
        "pls",
        "please",
        "anyone",
        "guys",
        "bs",
        "batch",
        "lote",
        "res",
        "resolution",
        "rank",
        "lr",
        "steps",
        "accum",
        "ga",
        "sample",
        "samples",
        "preview",
        "previews",
        "oom",
        "ooms",
        "crash",
        "crashes",
        "same",
        "here",
        "aqui",
        "lol",
        "tho",
        "though",
        "btw",
        "fwiw",
        "default",
        "padrao",
        "i",
        "eu",
        # what it did, or a thank-you: "gc on fixed it ty", "gc on w/ 12gb"
        "w",
        "fixed",
        "fixes",
        "solved",
        "resolved",
        "resolveu",
        "resolve",
        "funcionou",
        "funciona",
        "helped",
        "ajudou",
        "ty",
        "thanks",
        "valeu",
        "vlw",
        "obg",
        # what it does with it on: "gc on nao deu", "gc on demora 3x mais"
        "nao",
        "demora",
        "fica",
        "ficava",
        "leva",
        "levava",
    }
)


def _preposition(hit: Hit, reading: Reading) -> bool:
    """ "on" followed by what it is on ("GC on zit", "turned off GC on a friend's advice");
    "of" read as a typo of "off" only where nothing follows it ("checkpointing of and…")."""
    if (hit.kind, reading.tokens.words[hit.first]) not in (("on_after", "on"), ("off_after", "of")):
        return False
    after = hit.last + 1
    words = reading.tokens.words
    if words[hit.first] == "of" and words[hit.first - 1 : hit.first] in _OF_WHAT:
        return True  # "turned it on because of OOMs", "instead of": "of" as itself
    if after >= len(words) or reading.clauses_of_words[after] != reading.clauses_of_words[hit.last]:
        return False
    tokens = reading.tokens
    if reading.low[tokens.ends[hit.last] : tokens.starts[after]].strip():
        return False  # "currently on (the default)", "GC on; bs 1": a break, not an object
    if reading.low[tokens.ends[hit.first - 1] : tokens.starts[hit.first]].strip(" \t[") in (
        ":",
        "=",
    ):
        return False  # "Quantize:on flux.2 dev", "Low VRAM: [x] flux": a field's value
    if any(h.first == after for kind in _NAMED for h in reading.of(kind)):
        return False  # "gc on quantize on low_vram on": the next setting, not an object
    if any(h.first == after for h in reading.of("as_usual")):
        return False  # "GC is on like always"
    if words[hit.first - 1 : hit.first] in _A_STATE_BEFORE:
        return True  # "gc off on 12g": the state was said; "on" is where
    if _A_VALUE.fullmatch(words[after]):
        return False  # "gc on bs1 768", "gc on 1024", "gc on 24g": the next item of a list
    if _for_what(after, reading):
        return False  # "gc on to save memory", "gc on pra economizar": what it is on for
    return words[after] not in _AFTER_ON


def _for_what(at: int, reading: Reading) -> bool:
    """A purpose at ``at``: "to save memory", "pra economizar"; not "on to the next run" nor a
    change ("from GC on to GC off")."""
    words = reading.tokens.words
    if words[at] not in _FOR_WHAT or words[at + 1 : at + 2] in _AN_OBJECT:
        return False
    return words[at + 1] not in _STATE_ON and not any(
        h.first == at + 1 for kind in _NAMED for h in reading.of(kind)
    )


_FOR_WHAT: Final = frozenset({"to", "pra", "para"})
_FOR: Final = frozenset((w,) for w in _FOR_WHAT)
_FIX: Final = frozenset(
    (w,) for w in ("fix", "stop", "solve", "resolver", "parar", "consertar", "corrigir", "acabar")
)
_AN_OBJECT: Final = frozenset(
    {()} | {(w,) for w in ("the", "a", "an", "my", "this", "that", "o", "os", "as", "um", "uma")}
)


_OF_WHAT: Final = frozenset(
    (w,) for w in ("because", "instead", "out", "kind", "sort", "lot", "all", "most", "some")
)
_A_DECIMAL: Final = re.compile(r"[.,]\d|\s*(?:s/it|it/s|s|gb|g)\b")
_A_STATE_BEFORE: Final = frozenset(
    (w,) for w in ("off", "on", "false", "true", "disabled", "enabled", "desligado", "ligado")
)
_A_VALUE: Final = re.compile(r"(?:bs|ga|r)?\d[\w.]*")


def _state_word(mention: Hit, clause: Sequence[Hit], reading: Reading) -> Hit | None:
    """The state word that belongs to ``mention``: strong words first, then the nearest.

    On a tie in distance the word after the name ("GC on") beats the one before it, then the
    first one said.
    """
    best: Hit | None = None
    best_key, best_weak = (0, False), True
    first, last = mention.first, mention.last
    others = [h.first for h in clause if h.kind in _NAMED and h.arg != mention.arg]
    ends = [h.last for h in clause if h.kind in _NAMED and h.arg != mention.arg]
    for hit in clause:
        reach = _REACH.get(hit.kind)
        if reach is None or hit is mention or _preposition(hit, reading):
            continue
        if any(min(hit.last, first) < at < max(hit.first, last) for at in others):
            continue  # "preview + LoRA dá OOM com GC desligado": GC's state, not the preview's
        if (
            hit.last < first
            and any(hit.first - end == 1 for end in ends)
            and not _LISTING.issuperset(reading.tokens.words[hit.last + 1 : first])
        ):
            continue  # "gc desligado deu OOM na hora de quantizar": the state of the name before
        if _verb_of_the_next(hit, last, others, reading):
            continue  # "enabled GC back and disabled the sampling": the verb of the next one
        if (
            hit.first > last
            and _had_done(reading.tokens.words, hit.first - 1)
            and any(h.kind == "reon" and 0 < first - h.last <= 2 for h in clause)
        ):
            continue  # "religuei o gc (tinha desligado pra testar)": what it had been
        limit, side = reach
        before = hit.last < first
        if (side == _AFTER and before) or (side == _BEFORE and not before):
            continue
        gap = hit.first - last if last < hit.first else first - hit.last
        if not before:  # "gc itself is still on"
            gap -= sum(w in _ITSELF for w in reading.tokens.words[last + 1 : hit.first])
        if gap > limit or (gap > 1 and reading.tokens.words[hit.first].isdigit()):
            continue  # "gc 1", "gc: 0" are states; "gc no passo 1" is a step
        if reading.tokens.words[hit.first].isdigit() and _A_DECIMAL.match(
            reading.low, reading.tokens.ends[hit.first]
        ):
            continue  # "s/ gc: 1.9s/it": a speed, not a state
        weak, key = side == _BEFORE, (gap, hit.first < first)
        if best is None or (best_weak and not weak) or (weak == best_weak and key < best_key):
            best, best_key, best_weak = hit, key, weak
    switched_back = [h for h in clause if h.kind == "reon" and 0 < first - h.last <= 2]
    if best is not None and best.first > last and switched_back and _was(best, reading):
        return switched_back[-1]  # "reativei o gc (tava desligado)": the switch, then what it was
    return best


_ITSELF: Final = frozenset({"itself", "si"})
# Words that carry a state on to the next name: "gc ligado e low vram", "GC on with low_vram"
_LISTING: Final = frozenset({"e", "and", "com", "with", "o", "a", "the", "tb", "tbm", "too"})


def _was(hit: Hit, reading: Reading) -> bool:
    """ "was off", "tava desligado": a state word told as what it had been."""
    words = reading.tokens.words
    return (
        words[hit.first - 1 : hit.first] in _WAS_BEFORE
        or words[hit.first : hit.first + 1] in _WAS_BEFORE
    )


_WAS: Final = frozenset({"was", "tava", "estava", "were", "been"})
_WAS_BEFORE: Final = frozenset((w,) for w in _WAS)


_NEGATED_REACH: Final = 5  # "never once ran it with gc on"
_CRASH_KINDS: Final = frozenset({"oom", "no_crash"})
_NEGATED_VERBS: Final = frozenset(
    {"had", "have", "has", "ever", "even", "got", "use", "used", "using", "turned", "put", "set"}
    | {"tive", "usei", "uso", "usando", "liguei", "coloquei", "botei"}
    # "never once ran it with gc on", "nunca testei com gc ligado": never tried that way
    | {"once", "ran", "run", "tried", "try", "tested", "test", "trained", "train", "it", "with"}
    | {"testei", "rodei", "treinei", "tentei", "com", "o"}
)


def _verb_of_the_next(hit: Hit, last: int, others: Sequence[int], reading: Reading) -> bool:
    """ "…and disable the sampling": a verb after an "and" that takes the next setting."""
    if hit.kind not in ("on", "off", "reon") or hit.first <= last:
        return False
    tokens = reading.tokens
    # "qie sem quantize: religuei o gc": after a colon, the verb opens what follows
    colon = ":" in reading.low[tokens.ends[hit.first - 1] : tokens.starts[hit.first]]
    if tokens.words[hit.first - 1] not in _AND and not colon:
        return False
    return any(hit.last < at <= hit.last + 3 for at in others)


_AND: Final = frozenset({"and", "e", "then", "depois", "plus", "nem", "nor"})
_JOINS: Final = frozenset({"and", "e"})
# "…que desligar o GC acelera, então desmarquei": the act after what was said of it
_AND_SO: Final = _AND | {"entao", "so", "ai", "dai"}
_NOT_IS: Final = frozenset({("nao",), ("n",)})


def _negations(anchor: Hit, clause: Sequence[Hit], setting: str, reading: Reading) -> list[Hit]:
    """The negations just before ``anchor``; not one before another setting named between
    ("no quant no lowvram": the first "no" is the quantizing's), nor one inside an aside closed
    before it ("qwen image (not edit) ooms w gc on")."""
    words = reading.tokens.words
    others = [h.first for h in clause if h.kind in _NAMED and h.arg != setting]
    # "não quantizei nada e não ativei low_vram": a negation before an "e"/"and" is another
    # verb's; not "não é quantizado", whose "é" reads "e"
    joined = max(
        (
            i
            for i in range(max(0, anchor.first - _NEAR - 1), anchor.first)
            if words[i] in _JOINS and words[i - 1 : i] not in _NOT_IS
        ),
        default=-1,
    )
    # "não dá OOM nenhum com GC ligado", "no OOM with gc on": the crash's negation
    crashes = {
        i for h in clause if h.kind in ("oom", "no_crash") for i in (h.first - 1, h.last + 1)
    }
    return [
        h
        for h in clause
        if h.kind == "neg"
        and joined < h.first
        and h.last < anchor.first
        and anchor.first - h.last <= _NEAR
        and not any(h.last < at < anchor.first for at in others)
        and not (h.first == h.last and h.first in crashes)
        and not reading.closed_between(h, anchor.first)
        # "não resolveu: liguei o GC de novo", "didn't help, turned it back on": the outcome's
        and not (h.last + 1 < anchor.first and words[h.last + 1] in _OUTCOMES)
    ]


_OUTCOMES: Final = frozenset(
    {"resolveu", "resolve", "funcionou", "adiantou", "ajudou", "mudou"}
    | {"help", "helped", "work", "worked", "fix", "fixed", "solve", "solved", "change"}
)


# Portuguese infinitives name the act, never the setup: "desligar o GC" is a wish, a plan or an
# instruction ("penso em (a) desligar GC", "o bot falou pra ligar o GC").
_PT_INFINITIVES: Final = frozenset(
    {
        "desligar",
        "ligar",
        "religar",
        "ativar",
        "reativar",
        "desativar",
        "habilitar",
        "desabilitar",
        "tirar",
        "desmarcar",
    }
)
# Verbs that take an object: with no setting named beside them, they may be about anything
# ("tirei o bucket de 1280").
_OBJECT_VERBS: Final = frozenset(
    {"tirei", "removi", "removed", "tirar", "tirando", "killing", "ditch", "ditching"}
)


def _no_object(word: Hit, reading: Reading) -> bool:
    """A verb that takes a thing with no thing after it ("hj tirei pra acelerar", "tirei e deu
    OOM"): the setting named before is what was taken off."""
    named = [h for h in reading.hits if h.kind in _NAMED and h.last < word.first]
    sentence = reading.sentence_of(word.first)
    opens = reading.sentence_words(sentence)[0] == word.first
    if not named or reading.sentence_of(named[-1].first) not in (
        sentence,
        *((sentence - 1,) if opens else ()),  # "com gc ligado ia bem. tirei pra ver se…"
    ):
        return False  # "> tira o bucket de 1280" / "tirei": what the quote named
    after = reading.tokens.words[word.last + 1 : word.last + 2]
    if not after:
        return True
    of_word = reading.clauses_of_words
    return of_word[word.last + 1] != of_word[word.last] or after[0] in _NOT_AN_OBJECT


_NOT_AN_OBJECT: Final = frozenset(
    {
        "pra",
        "para",
        "e",
        "mas",
        "hj",
        "hoje",
        "ontem",
        "agora",
        "ai",
        "dai",
        "pq",
        "porque",
        "and",
        "but",
        "to",
        "today",
        "yesterday",
        "now",
        "then",
        "because",
        "since",
        "it",  # "…with qfloat8, i removed it to test quality": the one named before
    }
)


def _asked(word: Hit, reading: Reading) -> bool:
    """An infinitive in a question is a wish, not the setup: "desligar o GC deixa melhor?"."""
    words = reading.tokens.words
    said = words[word.first]
    before = words[max(0, word.first - 2) : word.first]
    if before in _AFTER_DOING or before[-1:] in (("apos",), ("after",)):
        return False  # "mesmo depois de religar o gc", "after turning it back on": done
    if said in _PT_INFINITIVES and before in _ALL_IT_TOOK and not reading.question(word.first):
        return False  # "funcionou! era só religar o gradient checkpointing mesmo": done
    if said in _PT_INFINITIVES and before[-2:] in (("tive", "que"), ("tive", "de")):
        return False  # "tive que religar o gc": done, because it had to be
    if (
        said in _PT_INFINITIVES
        and before[-1:] == ("foi",)
        and not _CHANGED_WHAT.isdisjoint(words[max(0, word.first - 4) : word.first - 1])
    ):
        return False  # "o que mudei foi tirar o gc", "a única coisa que fiz foi desligar": done
    if said in _PT_INFINITIVES:
        # "desligar o gradient checkpointing foi a melhor ideia da semana 🙃", "desligar o GC
        # deixou tudo mais rápido": the act done, told by what it did
        return not _DID.intersection(words[word.last + 1 : word.last + 6])
    if not (reading.question(word.first) or _asks_unmarked(reading, word.first)):
        return False
    # "is the fix just turning it back on?", "do I just turn gc on again?"; not "did turning
    # it back on ruin my lora?", which asks about an act done
    near = words[max(0, word.first - 3) : word.first + 1]
    if any(w in _DONE_ASKED for w in near):
        return False
    # "is there a middle ground, or is it just GC back on?": the fix asked about
    # "guess I need it back on?": what it needs, asked
    return any(w in _INFINITIVES or w in _JUST or w in _NEED for w in near)


_CHANGED_WHAT: Final = frozenset({"mudei", "fiz", "alterei", "mexi", "troquei", "mudamos"})
_AFTER_DOING: Final = frozenset({("depois", "de"), ("dps", "de"), ("dpois", "de")})
_ALL_IT_TOOK: Final = frozenset(
    {("era", "so"), ("foi", "so"), ("era", "apenas"), ("foi", "apenas"), ("so", "bastou")}
    | {("e", "bastou"), (",", "bastou"), ("precisei", "so"), ("so", "precisei")}
)
_JUST: Final = frozenset({"just", "simply"})
_NEED: Final = frozenset({"need", "needs", "preciso", "precisa"})


_DONE_ASKED: Final = frozenset({"did", "has", "have", "had"})


def opens_a_question(reading: Reading, sentence: int) -> bool:
    """Sentence ``sentence`` opens the way questions do, its mark perhaps left off: "qual lr
    pro wan…", "how long does…", "what is qfloat8"."""
    first, last = reading.sentence_words(sentence)
    opening = " ".join(reading.tokens.words[first : min(last, first + 4)])
    return f"{opening} ".startswith(_QUESTION_OPENINGS)


# How a question opens when its mark is left off.
_QUESTION_OPENINGS: Final = tuple(f"{words} " for words in LEXICON.words("question_openings"))


def _asks_unmarked(reading: Reading, word: int) -> bool:
    """A question typed without its mark: "so do I just turn it off and pray or what", "does
    turning off gradient checkpointing change the results"."""
    opening = reading.words_of_sentence(word)[:4]
    if opening[:1] in _AUXILIARIES and opening[1:2] and opening[1].endswith("ing"):
        return True
    return " ".join(opening).startswith(_ASKING)


_AUXILIARIES: Final = frozenset(
    (w,) for w in ("does", "do", "would", "will", "is", "can", "could", "should")
)


_ASKING: Final = tuple(
    f"{lead}{aux} i " for lead in ("", "so ", "then ", "ok ") for aux in ("do", "should", "can")
)
_DID: Final = frozenset(
    {"foi", "deixou", "fez", "resolveu", "ajudou", "acelerou", "piorou", "quebrou", "causou"}
)
# A wish said as the reason for the state: "GC tá desligado pq quero velocidade".
_BECAUSE: Final = frozenset({"pq", "porque", "because", "cuz", "cause", "since", "bc"})


def _left_since(word: Hit, mention: Hit, reading: Reading) -> bool:
    """ "Haven't touched the checkpointing since": left as it was set before, whatever that
    was; only "never touched it" says it is at its default (on)."""
    words = reading.tokens.words
    said = " ".join(words[word.first : word.last + 1])
    if not any(verb in said for verb in _TOUCHED):
        return False
    after = words[mention.last + 1 : mention.last + 4]
    return "since" in after or "desde" in after or "desde entao" in " ".join(after)


_TOUCHED: Final = ("touch", "mess", "mexi", "mexo", "changed")


def _switched(mention: Hit, word: Hit, reading: Reading) -> bool:
    """ "switching gradient checkpointing off", "turn GC on": a switch verb, the name, the side."""
    if word.kind not in ("on_after", "off_after") or word.first != mention.last + 1:
        return False
    return reading.tokens.words[mention.first - 1 : mention.first] in _SWITCH_VERBS


_SWITCH_VERBS: Final = frozenset(
    (verb,)
    for verb in (
        "switch",
        "switching",
        "turn",
        "turning",
        "flip",
        "flipping",
        "set",
        "setting",
        "toggle",
        "toggling",
        "put",
        "putting",
    )
)


def _state_of(mention: Hit, clause: Sequence[Hit], reading: Reading) -> SettingState | None:
    word = _state_word(mention, clause, reading)
    if (
        word is not None
        and word.kind == "weak_on"
        and reading.tokens.words[word.first - 1 : word.first] in _HELP_WITH
    ):
        return None  # "help with gradient checkpointing pls", "dúvida com o GC": the topic
    anchor = word or mention
    end = max(anchor.last, mention.last)
    wished = (
        (
            any(
                (
                    (hit.kind == "hypo" and not _obliged(hit, reading))
                    # "I really don't want to go back to GC on": what is feared is not the setup
                    or (
                        hit.kind == "fear"
                        and 0 < anchor.first - hit.last <= _HYPO_REACH
                        and not _WANT.isdisjoint(reading.tokens.words[hit.first : hit.last + 1])
                    )
                )
                and (0 < anchor.first - hit.last <= _HYPO_REACH or 0 < hit.first - end <= 2)
                and not _BECAUSE.intersection(reading.tokens.words[end + 1 : hit.first])
                for hit in clause
            )
            or (word is not None and _asked(word, reading))
            or _advised(min(mention.first, anchor.first), reading)
            or _besides(min(mention.first, anchor.first), reading)
            or (word is not None and _wished_in_sentence(mention, word, reading))
            or (word is not None and _asked_where(mention, word, reading))
            or (
                word is not None
                and _announced(
                    min(mention.first, word.first), max(mention.last, word.last), reading
                )
            )
        )
        and not own_act(  # "será que é porque deixei o GC ligado?" asks about what they did
            SettingState(mention.arg, "on", min(mention.first, anchor.first), end, False), reading
        )
        # "since turning grad ckpt back on my likeness got worse?", "if I already have it on?"
        and _DONE_BY_NOW.isdisjoint(
            reading.tokens.words[
                max(0, min(mention.first, anchor.first) - 2) : min(mention.first, anchor.first)
            ]
        )
        and not _done_as_told(end, reading)
    )
    if wished:
        if word is None or not (word.kind in _STRONG or _switched(mention, word, reading)):
            return None
        is_on = word.kind in _ON
        first, last = min(mention.first, word.first), max(mention.last, word.last)
        retry = word.kind == "reon"
        return SettingState(mention.arg, "on" if is_on else "off", first, last, retry, wished=True)
    doubt = None
    if mention.arg == "gc":
        doubt = _doubt(
            mention if mention.first <= anchor.first else anchor,
            clause,
            word,
            reading.tokens.words,
        )
    if doubt is None and mention.arg == "gc":
        doubt = _hedged(end, reading) or _doubt_next(mention, reading)
    if doubt is None and _guessed(min(mention.first, anchor.first), end, clause, reading):
        return None  # a guess alone; with "not sure" beside it, the doubt is what is said
    if doubt is not None:
        return SettingState(
            "gc",
            "unknown",
            min(doubt.first, mention.first),
            max(mention.last, anchor.last, doubt.last),
            False,
        )
    if word is None and mention.kind != "assert":
        return _done_without(mention, clause, reading)
    if mention.arg != "gc" and _supposed(min(mention.first, anchor.first), reading):
        return None  # "if the model is already 8-bit quantized…", "não lembro se marquei"
    if word is None and _offered_as_a_fix(mention, reading):
        return None  # "is fp8 the fix?", "would 8bit help?": asked about, not the setup
    if word is None and mention.kind == "assert" and _asked_in_general(mention, reading):
        return None  # "qfloat8 vs int8 vs fp8, qual a diferença?": no run of theirs told
    if word is not None and _left_since(word, mention, reading):
        return None
    negations = _negations(anchor, clause, mention.arg, reading)
    key = next((h for h in clause if _keyed_to(h, anchor, reading)), None)
    if key is not None:
        # "model NOT quantized (quantize: false)": the key's value is said as written
        negations = [h for h in negations if h.first > key.last]
    if not negations and key is None and (anchor.first > mention.first or anchor.kind == "weak_on"):
        # "never had gradient checkpointing on", "never ran it with gc on": the negation is
        # before the name, with only a verb between ("no OOM with GC on" negates the OOM)
        words = reading.tokens.words
        head = min(mention, anchor, key=lambda h: h.first)
        negations = [
            h
            for h in clause
            if h.kind == "neg"
            and 0 < head.first - h.last <= _NEGATED_REACH
            and set(words[h.last + 1 : head.first]) <= _NEGATED_VERBS
            # "não dá OOM nenhum com GC ligado": the crash's negation
            and not any(
                o.kind in _CRASH_KINDS and h.first - 2 <= o.last and o.first <= h.last + 2
                for o in clause
            )
        ][-1:]
    is_on = (word is None or word.kind in _ON) != (len(negations) % 2 == 1)
    if word is not None and word.kind == "weak_off" and not negations:
        # "without low_vram it won't even load", "sem o gc nem roda": it is on, and has to be;
        # not "essa sem gc nem começa", a run told without it
        end = reading.tokens.ends[max(mention.last, word.last)]
        is_on = bool(_WONT_EVEN.match(reading.low, end)) and (
            reading.tokens.words[word.first - 1 : word.first] not in _A_RUN_WITHOUT
        )
    first = min(mention.first, anchor.first)
    if negations:  # a clause lists its hits left to right: the first negation is the earliest
        first = min(first, negations[0].first)
    last = max(mention.last, anchor.last)
    words = reading.tokens.words
    # "gc on again", "ligado de novo": switched back on
    again = words[last + 1 : last + 2] in _AGAIN or words[last + 1 : last + 3] == ("de", "novo")
    # "turned GC on to fix the OOMs", "liguei o gc pra resolver o oom": on again after crashes
    again = again or (words[last + 1 : last + 2] in _FOR and words[last + 2 : last + 3] in _FIX)
    retry = word is not None and (word.kind == "reon" or (is_on and again))
    keyed = reading.followed_by_key(mention)
    weak = word is not None and word.kind in ("weak_on", "weak_off")
    # a quantization named with no state word: "fp8 made my samples black"
    bare = word is None and mention.kind == "assert"
    if bare and _NOTHING_OF_IT.intersection(
        {words[max(0, first - 1) : first], words[max(0, first - 2) : first]}
    ):
        is_on = False  # "tudo em bf16, nada quantizado", "nothing is quantized"
    return SettingState(
        mention.arg, "on" if is_on else "off", first, last, retry, keyed, weak, bare=bare
    )


_A_RUN_WITHOUT: Final = frozenset(
    (word,) for word in ("essa", "esse", "this", "one", "run", "lora", "treino", "job")
)
# What a setup cannot do without a setting: "(without X) it won't even load", "(sem X) nem roda".
_WONT_EVEN: Final = re.compile(
    r"\s*,?\s*(?:it |this |that |ele |ela |o treino )?(?:won'?t|wouldn'?t|doesn'?t|does not|can'?t"
    r"|cannot|nem|nao) (?:even |sequer |nem )?(?:load|fit|start|run|open|carrega|carregava|abre"
    r"|abria|roda|rodava|cabe|cabia|inicia|comeca)\b"
)


def _advised(first: int, reading: Reading) -> bool:
    """A switch told as advice to someone, the verb bare at the head of its clause: "@joao you
    turned gc off, put it back on and drop to 768", "religa e baixa pra bs1"."""
    words = reading.tokens.words
    at = next(
        (i for i in (first, first - 1, first - 2) if i >= 0 and words[i] in _IMPERATIVES), None
    )
    if at is None or (at < first and not set(words[at + 1 : first]) <= {"it", "o", "a", "the"}):
        return False
    of_words = reading.clauses_of_words
    head = at
    while head > 0 and of_words[head - 1] == of_words[at] and words[head - 1] in _LEADS:
        head -= 1
    if (
        head > 0
        and words[head] in _JOINED
        and _IMPERATIVES.intersection(words[max(0, head - 4) : head])
    ):
        return True  # "liga o gc e ativa o quantize": advice after advice
    return head == 0 or of_words[head - 1] != of_words[at]


_IMPERATIVES: Final = frozenset(
    {"flip", "religa", "liga", "desliga", "ativa", "desativa", "reativa", "reenable"}
)
_JOINED: Final = frozenset({"e", "and", "ou", "or"})
_LEADS: Final = frozenset({"just", "so", "then", "pls", "please", "e", "and", "entao"})


def _obliged(hit: Hit, reading: Reading) -> bool:
    """A switch one had to make, told as made: "I had to turn GC back on", "tive que religar"."""
    words = reading.tokens.words
    return words[hit.first - 1 : hit.first] in _HAD_TO or words[hit.first : hit.first + 2] in (
        ("tive", "que"),
        ("tive", "de"),
    )


_HAD_TO: Final = frozenset({("had",), ("precisei",)})
_WANT: Final = frozenset({"want", "wanna", "quero", "queria"})


def _keyed_to(name: Hit, value: Hit, reading: Reading) -> bool:
    """``value`` is written as ``name``'s value: "quantize: false", "low_vram=true"."""
    if name.kind != "mention" or name.last != value.first - 1:
        return False
    start = reading.span(name.first, name.last)[1]
    end = reading.span(value.first, value.last)[0]
    return _KEY_VALUE.fullmatch(reading.text, start, end) is not None


_KEY_VALUE: Final = re.compile(r"[`'\"]?\s*[:=]\s*[`'\"]?\s*")
_HELP_WITH: Final = frozenset((w,) for w in LEXICON.words("help_with"))


def _announced(first: int, last: int, reading: Reading) -> bool:
    """A switch told as what comes next, not what was done: "lol ok turning it back on", "ok
    I'm convinced, turning gc back on. is it under train?", "Turning it back on feels like
    admitting defeat"; not "turning it back on fixed it", which tells what it did, nor
    "turning it back on. still OOM", where what it did comes next."""
    words = reading.tokens.words
    verb = next(
        (
            at
            for at in range(first, max(-1, first - 4), -1)
            if words[at] in _GERUNDS and set(words[at + 1 : first]) <= _OBJECTS
        ),
        None,
    )
    if verb is None:
        return False
    of_words = reading.clauses_of_words
    begin = verb
    while begin > 0 and of_words[begin - 1] == of_words[verb]:
        begin -= 1
    if not set(words[begin:verb]) <= _LEAD_INS:
        return False
    _, end = reading.sentence_words(reading.sentence_of(verb))
    after = words[last + 1 : end]
    if after and after[0] not in _PRESENT and not set(after) <= _TRAILING:
        return False
    # nothing told after it but questions
    return all(reading.question(at) for at in range(end, len(words)))


_GERUNDS: Final = frozenset({"turning", "switching", "flipping", "putting", "religando"})
_OBJECTS: Final = frozenset({"it", "gc", "that", "gradient", "checkpointing", "o", "a"})
_LEAD_INS: Final = frozenset(
    {"ok", "okay", "k", "lol", "so", "alright", "fine", "welp", "well", "then", "and", "guess"}
)
_PRESENT: Final = frozenset({"feels", "is", "seems", "sounds", "would", "will", "should", "might"})
_TRAILING: Final = frozenset({"now", "then", "again", "lol", "tonight", "tomorrow", "agora"})


_DONE_BY_NOW: Final = frozenset({"since", "desde", "already", "ja"})


def _done_as_told(end: int, reading: Reading) -> bool:
    """A switch asked about or advised, then told done by what it did: "so turning GC back on
    fixed it, but why?", "meu primo falou pra religar o gc e funcionou", "they told me to turn
    it back on and it worked"; or by thanks to whoever advised it ("quem falou pra religar o gc:
    obrigadão")."""
    sentence = reading.sentence_of(end)
    words = reading.tokens.words
    if words[end + 1 : end + 2] in _DID_IT:
        return True  # "told to turn gc back on, did that, still OOM", "mandou religar, fiz isso"
    for hit in reading.hits:
        gap = hit.first - end
        if not 0 < gap <= _RESULT_REACH or reading.sentence_of(hit.first) != sentence:
            continue
        between = set(words[end + 1 : hit.first])
        if hit.kind in ("fixed", "worked") and between <= _RESULT_LINKS:
            return True
        if hit.kind == "thanks" and not between and reading.has("hearsay"):
            return True
    return False


_RESULT_REACH: Final = 3
_RESULT_LINKS: Final = frozenset({"and", "e", "it", "that", "isso", "so", "ai"})
_DID_IT: Final = frozenset({("did",), ("done",), ("fiz",), ("feito",)})


def _advised_then_done(state: SettingState, reading: Reading) -> bool:
    """The switch told as advice ("told me to turn it back on", "falou pra religar o gc"), then
    as done by what it did ("…and it worked", "…e funcionou"); not "said he turned it off"."""
    told_to = reading.tokens.words[state.first - 1 : state.first] in (("to",), ("pra",), ("para",))
    return told_to and _done_as_told(state.last, reading)


def _besides(start: int, reading: Reading) -> bool:
    """A switch named as the one way left aside: "any way to go faster besides turning gc off",
    "other than switching it off", "além de desligar o gc"; not the one change made ("changed
    nothing except turning GC off")."""
    words = reading.tokens.words
    if _INFINITIVES.isdisjoint(words[max(0, start - 1) : start + 1]):
        return False  # "besides gc off I also set batch 1": a state told, not a switch
    first, _ = reading.sentence_words(reading.sentence_of(start))
    if not _ALL_BUT.isdisjoint(words[first:start]):
        return False  # "changed nothing besides turning GC off": the one change made
    before = words[max(0, start - 3) : start]
    pairs = set(pairwise(before))
    return not _BESIDES.isdisjoint(before) or not _BESIDES_PAIRS.isdisjoint(pairs)


_BESIDES: Final = frozenset({"besides", "except", "tirando"})
_ALL_BUT: Final = frozenset({"nothing", "anything", "much", "nada", "only", "so", "apenas"})
_BESIDES_PAIRS: Final = frozenset({("other", "than"), ("apart", "from"), ("alem", "de")})


def _wished_in_sentence(mention: Hit, word: Hit, reading: Reading) -> bool:
    """A switch still to do, under a wish said earlier in the sentence: "want to bump the
    buckets, batch 4 and turn gc off", "I'd like to test GC off", "quero subir o batch e
    desligar o gc"; the verb bare ("turn", "desligar"), not done ("turned", "desliguei")."""
    words = reading.tokens.words
    start = min(mention.first, word.first)
    verb = words[max(0, start - 1) : start + 1]
    if not _TO_DO.intersection(verb):
        return False
    first, _ = reading.sentence_words(reading.sentence_of(start))
    return any(
        h.kind == "hypo" and first <= h.first < start - 1 and not _obliged(h, reading)
        for h in reading.hits
    )


def _asked_where(mention: Hit, word: Hit, reading: Reading) -> bool:
    """A switch asked where to do: "where do u turn off gc in the ui", "onde eu desligo o gc?";
    the verb bare, after the "where" of its sentence."""
    words = reading.tokens.words
    start = min(mention.first, word.first)
    if not _TO_DO.intersection(words[max(0, start - 1) : start + 1]):
        return False
    sentence = reading.sentence_of(start)
    return any(
        h.kind == "where" and h.first < start and reading.sentence_of(h.first) == sentence
        for h in reading.hits
    )


# Bare switch verbs, and the verbs that put a setting on trial ("test GC off", "try it off").
_TO_DO: Final = (_INFINITIVES - {"turning", "switching", "disabling", "enabling"}) | {
    "flip",
    "test",
    "try",
    "testar",
    "tentar",
    "tirar",
    "desmarcar",
    "uncheck",
    "untick",
}


def asked_whether(reading: Reading, word: int) -> bool:
    """Asked about before trying it: "does gc off oom on 12gb? asking before i try", "gc off
    dá oom em 12gb? pergunto antes de testar". A question opened by "does"/"will", or any
    question in a message that says it is asked before trying."""
    if not reading.question(word):
        return False
    said = reading.words_of_sentence(word)
    if _BECAUSE.intersection(said):
        return False  # "could that be because GC is on?": the run's setting blamed
    if (
        not _WHY_OF.isdisjoint(said)
        and not _MINE.isdisjoint(said)
        and not any(h.kind == "past" for h in reading.in_sentence(reading.sentence_of(word)))
    ):
        return False  # "can someone help me figure out why my LoRA keeps running out of memory?"
    return said[:1] in _WHETHER or _BEFORE_TRYING.search(reading.low) is not None


_WHETHER: Final = frozenset((w,) for w in ("does", "do", "will", "would", "can", "could"))
_WHY_OF: Final = frozenset({"why", "pq", "porque"})
_BEFORE_TRYING: Final = re.compile(
    r"\b(?:before i (?:try|test|do|start|experiment)|antes de (?:testar|tentar|fazer|comecar)"
    r"|pergunto antes)"
)


def _offered_as_a_fix(named: Hit, reading: Reading) -> bool:
    if not reading.question(named.first):
        return False
    return not _A_FIX.isdisjoint(reading.words_of_sentence(named.first))


def _asked_in_general(named: Hit, reading: Reading) -> bool:
    """Named in a question that tells nothing of the asker's own run: "is qfloat8 + GC worse
    than either alone?", "what is quantize actually quantizing?"."""
    if _in_a_quote(reading, named.first):
        return False  # "> Is the model quantized (fp8)?" / "no": the answer tells it
    if not (
        reading.question(named.first) or opens_a_question(reading, reading.sentence_of(named.first))
    ):
        return False
    words = reading.tokens.words
    if words[named.first].startswith(("quantizing", "quantizar", "quantizando")) and (
        words[named.first + 1 : named.first + 2] and words[named.first + 1] in _MODEL_PARTS
    ):
        return False  # "OOM no meio do 'Quantizing transformer'?": what the run was doing
    said = set(reading.words_of_sentence(named.first))
    # a question of what or which, not "is the model quantized?" (asked of them, and answered)
    return not _WHAT.isdisjoint(said) and _FIRST_PERSON.isdisjoint(said)


_MODEL_PARTS: Final = frozenset({"transformer", "model", "modelo", "te", "t5", "text", "unet"})
_WHAT: Final = frozenset(
    {"what", "which", "how", "why", "vs", "versus", "difference", "qual", "quais", "oq", "que"}
    | {"como", "diferenca", "x"}
)


_A_FIX: Final = frozenset(
    {"fix", "help", "helps", "solve", "ajuda", "ajudaria", "resolve", "resolveria", "should"}
    | {"would", "devo", "vale", "worth", "try", "tentar", "testar", "usar", "use", "tried"}
    | {"need", "needed", "preciso", "precisa", "testou", "tentou", "experimentou"}
)


def _guessed(first: int, last: int, clause: Sequence[Hit], reading: Reading) -> bool:
    """A guess about the state just said is no statement of it: "i think GC is on?", "pretty
    sure checkpointing is on", "o gc tava ligado acho". Only right before the name (little but
    articles between) or right after the state: "acho que é porque desliguei o GC" says GC
    is off and guesses the cause."""
    words = reading.tokens.words
    for hit in clause:
        if hit.kind != "guess":
            continue
        if hit.last < first and set(words[hit.last + 1 : first]) <= _GUESS_FILLERS:
            return True
    # after it, across a comma too: "tá no padrão (ligado, acho?)"
    sentence = reading.sentence_of(last)
    return any(
        0 < hit.first - last <= _GUESS_AFTER and reading.sentence_of(hit.first) == sentence
        for hit in reading.of("guess")
    )


_GUESS_AFTER: Final = 3  # "tá ligado por padrão, né?": words from the state to the guess
_GUESS_FILLERS: Final = frozenset(
    {"que", "q", "o", "a", "the", "that", "my", "meu", "minha", "ta", "esta", "is", "was"}
    | {"tava", "estava"}
)


def _hedged(end: int, reading: Reading) -> Hit | None:
    """A state taken back at once: "acho que tá ligado o GC, mas não tenho certeza", "it's on I
    think, not sure though"."""
    sentence = reading.sentence_of(end)
    words = reading.tokens.words
    for hit in reading.of("uncertain"):
        if hit.first <= end or reading.sentence_of(hit.first) != sentence:
            continue
        after = hit.last + 1
        alone = (
            after >= len(words)
            or reading.clauses_of_words[after] != reading.clauses_of_words[hit.last]
        )
        if hit.first - end > _HEDGE:
            continue
        if tuple(words[hit.first : after]) in _HEDGES and alone:
            return hit
        if _OF_IT.match(" ".join(words[after : after + 4])):
            return hit  # "haven't touched GC, no idea what it's set to"
    return None


# A doubt about the setting just named: "no idea what it's set to", "não sei como tá".
_OF_IT: Final = re.compile(
    r"(?:what|how) (?:it|its)\b|(?:o que|como) (?:ta|esta)\b"
    r"|(?:if|whether|se) (?:it s|it is|its|ta|esta)"
    r" (?:on|off|set|enabled|disabled|ligado|desligado)"
)


def _doubt_next(named: Hit, reading: Reading) -> Hit | None:
    """A doubt right after the name, past a mark that ends its clause: "gc? no idea", "e o
    GC... sei lá"."""
    after = next((h for h in reading.of("uncertain") if h.first == named.last + 1), None)
    if after is None:
        return None
    between = reading.low[reading.tokens.ends[named.last] : reading.tokens.starts[after.first]]
    return after if _ONLY_MARKS.fullmatch(between) else None


_ONLY_MARKS: Final = re.compile(r"[\s?.:…-]*")


def _doubt(
    named: Hit, clause: Sequence[Hit], word: Hit | None = None, words: Sequence[str] = ()
) -> Hit | None:
    """A doubt just before the name or its state word ("não sei se tá ligado o GC", "nem sei se
    esse tal de gradient checkpointing tá ligado"), or right after the name ("GC: unknown",
    "gc? no idea")."""
    # Close only: "não sei por que dá OOM com GC off" doubts the OOM, not GC.
    for hit in clause:
        if hit.kind != "uncertain":
            continue
        between = [w for w in words[hit.last + 1 : named.first] if w not in _DOUBT_FILLERS]
        if hit.last < named.first and (
            named.first - hit.last <= _DOUBT or (words and len(between) < _DOUBT)
        ):
            return hit
        if word is not None and named.last < hit.first and hit.last < word.first:
            return hit  # "gc eu nem sei se tá ligado": between the name and its state
        after = [w for w in words[named.last + 1 : hit.first] if w not in _DOUBT_FILLERS]
        if (
            named.kind in _NAMED
            and hit.first > named.last
            and (hit.first - named.last == 1 or (words and not after))
        ):
            return hit  # "GC: unknown", "GC: honestly no idea"
    return None


def _bare_state(
    word: Hit, clause: Sequence[Hit], previous: str | None, reading: Reading, after_and: bool
) -> SettingState | None:
    """A state verb with nothing named in its clause refers back: "...GC on, mas desliguei";
    or, after an "and", past the state the name had: "li que desligar o GC acelera e desliguei".

    Switching back on with nothing named at all ("reativei e resolveu") means GC, the guide's topic.
    """
    # a name far on in the clause is not what the verb acts on: "desliguei agora e na primeira
    # imagem de preview estourou"
    named = [
        h
        for h in clause
        if h.kind in ("mention", "assert") and h.first - word.last <= _OBJECT_REACH
    ]
    if not after_and and named and not _back_on_after_then(word, named, reading):
        return None
    if reading.tokens.words[word.first] in _OBJECT_VERBS and not _no_object(word, reading):
        return None
    if _names_another_thing(word, reading) or _slang(word, reading):
        return None
    if any(
        h.kind in ("hypo", "where") and 0 < word.first - h.last <= _WANTED_REACH for h in clause
    ):
        return None  # "quero religar", "how do i turn it back on?"
    if _asked(word, reading) or _announced(word.first, word.last, reading):
        return None
    if reading.tokens.words[word.last + 1 : word.last + 2] in _NOTHING:
        return None  # "I've disabled nothing, changed nothing"
    if reading.tokens.words[word.last + 1 : word.last + 2] in _A_NUMBER_NEXT:
        return None  # "bs 4 OOMs so I'm back on 2": a value gone back to, not a switch
    if _guessed(word.first, word.last, clause, reading):
        return None  # "…gradient checkpointing, tá ligado por padrão, né?"
    said = reading.tokens.words[word.first : word.last + 1]
    setting = (
        "gc"
        if word.kind == "reon" and (previous not in _SWITCHED_BACK or GC_WORDS.intersection(said))
        else previous  # "turned quantize off last week, turned it back on today"
    )
    if setting is None or (setting != "gc" and _supposed(word.first, reading)):
        return None  # "…marca quantize mas não lembro se marquei"
    negations = _negations(word, clause, setting, reading)
    is_on = (word.kind in _ON) != (len(negations) % 2 == 1)
    first = min(word.first, negations[0].first) if negations else word.first
    retry = word.kind == "reon" and setting == "gc"
    return SettingState(setting, "on" if is_on else "off", first, word.last, retry)


def _back_on_after_then(word: Hit, named: Sequence[Hit], reading: Reading) -> bool:
    """Switched back on after what befell the setting named before, in one clause: "GC off
    OOMd at step 3 so i put it back on", "gc off deu oom entao liguei de volta"."""
    if word.kind != "reon" or any(h.first > word.first for h in named):
        return False
    between = reading.tokens.words[max(h.last for h in named) + 1 : word.first]
    return not _THEN_WORDS.isdisjoint(between)


_THEN_WORDS: Final = frozenset({"so", "then", "entao", "ai", "dai"})
_OBJECT_REACH: Final = 4  # words from a switch to the name it acts on
_NOTHING: Final = frozenset({("nothing",), ("nada",), ("anything",)})
_NOTHING_OF_IT: Final = frozenset(
    {("nothing",), ("nada",), ("none",), ("nothing", "is"), ("nothing", "was")}
    | {("nada", "e"), ("nada", "ta"), ("nada", "esta"), ("nada", "foi")}
)
# Settings besides GC that a bare "turned it back on" can be said of
_SWITCHED_BACK: Final = frozenset({"quantize", "low_vram"})
_A_NUMBER_NEXT: Final = frozenset((str(n),) for n in range(1, 65))


def _if_switched_off(reading: Reading) -> SettingState | None:
    """ "Se eu desligar o gradient checkpointing, corro risco?", "if I turn off GC will it
    OOM?": switching it off supposed, so it is on now."""
    words = reading.tokens.words
    for cond in reading.of("cond"):
        said = words[cond.first : cond.last + 1]
        if not _OFF_VERBS.intersection(said) or not _I.intersection(said):
            continue  # "queria saber se desligar o GC melhora": whether, not if I do
        named = any(h.arg == "gc" and 0 < h.first - cond.last <= 2 for h in reading.of("mention"))
        if not named or _in_a_quote(reading, cond.first):
            continue
        done = reading.first("did_it")
        # "…if I switch off gradient checkpointing. I did that": the act supposed, then done
        state = "off" if done is not None and done.first > cond.last else "on"
        return SettingState("gc", state, cond.first, cond.last, False)
    return None


_I: Final = frozenset({"i", "eu"})


_OFF_VERBS: Final = frozenset(
    {"desligar", "desativar", "tirar", "desmarcar", "off", "disable", "untick", "uncheck"}
)


def _wished_back_on(reading: Reading) -> SettingState | None:
    """ "Preciso ligar o gc de volta", "I want to re-enable it": wanting it back on, said outside
    a quote, means it is off now."""
    for word in reading.of("reon"):
        clause = reading.clauses[word.first]
        wanted = any(
            h.kind in ("hypo", "where")
            and 0 < word.first - h.last <= _WANTED_REACH
            and not _obliged(h, reading)
            for h in reading.by_clause[clause]
        )  # "preciso ligar o gc de volta"; not "trying to understand why … when I enabled it"
        named = [h for h in reading.hits if h.kind in _NAMED and h.first < word.first]
        if named and named[-1].arg != "gc":
            continue  # "desliguei o quantize e deu ruim, vou religar": another setting's
        acted_on = next(
            (
                h
                for h in reading.by_clause[clause]
                if h.kind in (*_NAMED, "speed") and 0 < h.first - word.last <= _OBJECT_REACH
            ),
            None,
        )
        if acted_on is not None and acted_on.arg != "gc":
            # "should i re-enable low_vram?": the setting it names after it; "want that speed
            # back": no setting (a speed word has no arg)
            continue
        if any(
            h.kind == "speed" and 0 < word.first - h.last <= _WANTED_REACH
            for h in reading.by_clause[clause]
        ):
            continue  # "quero essa speed de volta", "want that speed back": not GC
        if (
            wanted
            and not _in_a_quote(reading, word.first)
            and not _done_as_told(word.last, reading)  # "told to turn it back on, did that"
        ):
            return SettingState("gc", "off", word.first, word.last, False)
    return None


_WANTED_REACH: Final = 5


def _in_a_quote(reading: Reading, word: int) -> bool:
    """On a line quoted from someone else ("> Would you like to turn it back on?")."""
    start = reading.tokens.starts[word]
    line = reading.low.rfind("\n", 0, start) + 1
    return reading.low[line : line + 1] == ">"


def _slang(word: Hit, reading: Reading) -> bool:
    """ "…dá OOM no passo 2, tá ligado?": "you know?", not a setting switched on."""
    words = reading.tokens.words
    if words[word.first] != "ligado" or words[word.first - 1 : word.first] not in (
        ("ta",),
        ("to",),
        ("tao",),
    ):
        return False
    if words[word.first - 2 : word.first - 1] in _NOW_BEFORE:
        return False  # "ja tive gc desligado, hj ta ligado, e…": its state now
    end = reading.span(word.first, word.last)[1]
    rest = reading.low[end:].lstrip(" ")
    return bool(rest) and rest[0] in "?,"


_NOW_BEFORE: Final = frozenset((w,) for w in ("hj", "hoje", "agora", "ainda", "sempre"))


def _names_another_thing(word: Hit, reading: Reading) -> bool:
    """The state verb's clause names what it switched, and that is no setting read here:
    "sample desligado", "já desativei os samples", "turned EMA off"."""
    clause = reading.clauses_of_words[word.first]
    words = reading.tokens.words
    return any(
        reading.clauses_of_words[at] == clause and words[at] in _OTHER_SWITCHES
        for at in range(max(0, word.first - 3), min(len(words), word.last + 4))
    )


# Things people switch on and off beside GC: a bare "off" next to one is said of it.
_OTHER_SWITCHES: Final = LEXICON.words("other_switches")


def _of_the_optimizer(hit: Hit, reading: Reading) -> bool:
    words = reading.tokens.words
    near = words[max(0, hit.first - 3) : hit.last + 3]
    clause = reading.clauses_of_words
    return any(
        w.startswith(_OPTIMIZERS)
        and clause[i] == clause[hit.first]
        and not (
            _LISTED_APART.search(reading.low, *_gap(reading, i, hit))
            and _NAMED_QUANT.intersection(words[hit.first : hit.last + 1])
        )
        for i, w in enumerate(near, start=max(0, hit.first - 3))
    )


def _gap(reading: Reading, word: int, hit: Hit) -> tuple[int, int]:
    """The characters between a word and a hit, whichever comes first."""
    starts, ends = reading.tokens.starts, reading.tokens.ends
    if word < hit.first:
        return ends[word], starts[hit.first]
    return ends[hit.last], starts[word]


_LISTED_APART: Final = re.compile(r"[+,;]")  # "bnb 8bit optimizer + quantize qfloat8"
# Words that name the model's quantization itself, unlike "8bit" or "int8" (an optimizer's too)
_NAMED_QUANT: Final = frozenset({"quantize", "quantized", "quantizado", "qfloat8", "fp8", "float8"})


def _of_the_text_encoder(hit: Hit, reading: Reading) -> bool:
    """ "quantize_te", "quantizing the text encoder", "the T5 in fp8", "the text encoder is
    quantized (qfloat8)": the text encoder's, when it is named just before or after and no
    model or transformer comes between."""
    words = reading.tokens.words
    clause = reading.clauses_of_words
    after = tuple(
        w
        for i, w in enumerate(words[hit.last + 1 : hit.last + 6], hit.last + 1)
        if clause[i] == clause[hit.last]
    )
    while after[:1] and after[0] in _ONLY:  # "quantized only the text encoder", "so o te"
        after = after[1:]
    if tuple(after[:1]) in _TE_NAMES or " ".join(after[:3]).startswith(_TEXT_ENCODER):
        return True
    sentence = reading.sentence_of(hit.first)
    for i in range(hit.first - 1, max(-1, hit.first - _TE_REACH), -1):
        if reading.sentence_of(i) != sentence or words[i] in _THE_MODEL:
            return False
        if words[i] in _TRUE_FALSE and words[hit.first] == "quantize":
            return False  # "`quantize_te: true`, `quantize: true`": the TE's value came between
        if words[i] in _TE_WORDS:
            return True
    return False


_TEXT_ENCODER: Final = ("text encoder", "the text encoder", "o text encoder")
_ONLY: Final = frozenset({"only", "just", "so", "apenas", "somente", "the", "o"})
_TE_NAMES: Final = frozenset({("te",), ("t5",), ("umt5",), ("t5xxl",)})
_TE_WORDS: Final = frozenset({"te", "t5", "umt5", "clip", "encoder", "encoders", "t5xxl"})
_THE_MODEL: Final = frozenset({"transformer", "model", "modelo", "unet", "dit", "and", "e"})
_TE_REACH: Final = 8  # words back to the text encoder's name
_TRUE_FALSE: Final = frozenset({"true", "false"})


def _supposed(first: int, reading: Reading) -> bool:
    """A setting told after "if"/"se" in its clause: supposed, or not known, not the setup."""
    clause = reading.clauses_of_words
    words = reading.tokens.words
    return any(
        words[i] in _IF and clause[i] == clause[first] for i in range(max(0, first - 8), first)
    )


_IF: Final = frozenset({"if", "se", "caso"})


def _done_without(mention: Hit, clause: Sequence[Hit], reading: Reading) -> SettingState | None:
    """ "no quantization", "sem quantização", "didn't quantize anything", "nunca usei
    quantização", "not low vram, just bf16": the option the run goes without, told by a
    negation right before it, or by the name itself ("unquantized bf16")."""
    if mention.arg not in ("quantize", "low_vram"):
        return None
    words = reading.tokens.words
    if words[mention.first] in ("unquantized", "non") or _in_full_precision(mention, reading):
        return SettingState(mention.arg, "off", mention.first, mention.last, False)
    for negation in _negations(mention, clause, mention.arg, reading):
        if set(words[negation.last + 1 : mention.first]) <= _USED:
            return SettingState(mention.arg, "off", negation.first, mention.last, False)
    return None


_USED: Final = frozenset({"use", "used", "usei", "uso", "using", "usando", "any", "a", "de"})


def _in_full_precision(mention: Hit, reading: Reading) -> bool:
    """ "plain bf16", "transformer em bf16 puro": trained unquantized; not the side a change
    left ("went from full bf16 to qfloat8", "de bf16 pra fp8")."""
    words = reading.tokens.words
    if "bf16" not in words[mention.first : mention.last + 1]:
        return False
    return _CHANGE_ENDS.isdisjoint(words[max(0, mention.first - 1) : mention.last + 3])


_CHANGE_ENDS: Final = frozenset({"from", "de", "to", "pra", "para", "pro", "->", "→"})


def _not_the_model_trained(hit: Hit, reading: Reading) -> bool:
    """Quantized, but not the model this run trains: the text encoder ("quantize_te: true"), a
    file downloaded ("flux1-dev-fp8.safetensors", "o base fp8 que baixei"), a model run for
    inference ("int8 in Forge"), or the optimizer's bits ("everything in 8 bit, I use
    adamw8bit")."""
    if _of_the_text_encoder(hit, reading):
        return True
    start, end = reading.span(hit.first, hit.last)
    before, after = reading.text[max(0, start - 1) : start], reading.text[end : end + 2]
    words = reading.tokens.words
    joined = (
        before in _IN_A_NAME
        or after[:1] in _IN_A_NAME
        or (after[:1] == "." and after[1:].isalnum())
    )
    if joined and not any(w.startswith("quantiz") for w in words[hit.first - 1 : hit.last + 2]):
        return True  # "chroma-unlocked-v48-quant", "zimage_turbo_quant_test/": a name's part
    sentence = reading.sentence_of(hit.first)
    around = {
        w
        for i, w in enumerate(words[max(0, hit.first - 2) : hit.last + 3], max(0, hit.first - 2))
        if reading.sentence_of(i) == sentence and not hit.first <= i <= hit.last
    }
    if around & _A_FILE:
        return True
    if not _NOT_TRAINED_HERE.isdisjoint(reading.words_of_sentence(hit.first)):
        return True
    bits = " ".join(words[hit.first : hit.last + 1]) in _BARE_BITS
    if bits and _of_other_bits(words, hit):
        return True  # "8bit and 16bit pngs", "jpg 8 bits", "a 4bit llama in ollama"
    return bits and _OPTIMIZER_BITS.search(reading.low) is not None


_IN_A_NAME: Final = frozenset("_/-")
_A_FILE: Final = frozenset(
    {"safetensors", "file", "files", "arquivo", "ckpt", "gguf", "weights", "pesos", "base"}
)
_INFERENCE: Final = frozenset(
    {"inference", "inferencia", "forge", "comfy", "comfyui", "tensorrt", "a1111", "webui"}
)
_DOWNLOADED: Final = frozenset({"downloaded", "baixado", "baixada", "civitai"})
# Other programs with a low-VRAM mode of their own.
_OTHER_PROGRAMS: Final = _INFERENCE | frozenset(
    {"swarmui", "swarm", "kohya", "onetrainer", "fooocus"}
)
_NOT_TRAINED_HERE: Final = _INFERENCE | _DOWNLOADED
_BARE_BITS: Final = frozenset({"8bit", "8 bit", "8 bits", "4bit", "4 bit", "4 bits"})


def _of_other_bits(words: Sequence[str], hit: Hit) -> bool:
    """The bits named are another thing's, written right beside them: "8-bit jpgs", "jpg 8
    bits", "8bit and 16bit pngs", "a 4bit llama"."""
    beside = {*words[hit.last + 1 : hit.last + 2], *words[max(0, hit.first - 1) : hit.first]}
    if words[hit.last + 1 : hit.last + 2] in (("and",), ("e",), ("or",), ("ou",)):
        beside.update(words[hit.last + 3 : hit.last + 4])  # "8bit and 16bit pngs"
    return not _OTHER_BITS.isdisjoint(beside)


# What else has bits: the images of the dataset, a language model run beside the training
_OTHER_BITS: Final = frozenset(
    {"png", "pngs", "jpg", "jpgs", "jpeg", "jpegs", "tiff", "images", "imagens", "fotos"}
    | {"photos", "color", "cor", "llm", "llama", "ollama", "lm", "gpt", "mistral", "gemma"}
)
_OPTIMIZER_BITS: Final = re.compile(
    r"\b(?:\w*adamw?[_ ]?8[_ ]?bit\w*|\w*8[_ ]?bit[_ ]?(?:adam|optim)\w*|bitsandbytes|bnb)\b"
)


# What else is 8-bit or quantized beside the model trained: the optimizer, or a GGUF file
# downloaded for inference ("grabbed the Q8 gguf for comfy").
_OPTIMIZERS: Final = ("optim", "otimizador", "adam", "lion", "prodigy", "adafactor", "gguf")


# What a setting was used in place of: "low_vram on instead of quant", "fp8 instead of full
# bf16", "liguei o low_vram no lugar de ativar o gradient checkpointing"
_REPLACED: Final = re.compile(
    r"\b(?:instead of|rather than|in place of|em vez d[eoa]s?|no lugar d[eoa]s?|ao inves d[eoa]s?)"
    r"\s+(?:(?:turning|turn|using|use|switching|ativar|ativando|ligar|ligando|usar|usando|the|o|a"
    r"|os|as|my|meu|minha|back|on|full|plain|puro)\s+){0,3}$"
)


def setting_states(reading: Reading, subject: str | None = None) -> list[SettingState]:
    """Every stated setting, in the order the message states them. ``subject`` is the setting
    a state word with nothing named refers to before any is named (the one a quoted question
    asked about: "> Is GC on?" / "I turned it off")."""
    if not reading.has("mention", "assert", "on", "off", "reon"):
        return []
    states: list[SettingState] = []
    previous: str | None = subject
    named_at = -1  # the last word of the name ``previous`` comes from
    by_clause, clause_of = reading.by_clause, reading.clauses
    through = -1  # the last word of a change read as one ("gc true -> false")
    unstated: list[Hit] = []  # the settings named just before with no state of their own
    for hit in reading.hits:
        kind = hit.kind
        at = reading.tokens.starts[hit.first]
        if in_a_name(reading.low, at):
            continue  # "anna_v3_768_no_gc.safetensors", "renamed the run to zimg_gc_back_on"
        if in_a_plan(reading.low, at):
            continue  # "next steps: turn on low_vram", "changelog 0.4 (planned) - gc on"
        if kind in _NAMED:
            if reading.said_before(_REPLACED, at, 60):
                continue  # "low_vram on instead of quant", "no lugar de ativar o gc": left out
            if kind == "assert" and _of_the_optimizer(hit, reading):
                continue  # "the optimizer is 8bit", "adamw 8 bit": not the model quantized
            if hit.arg == "quantize" and _not_the_model_trained(hit, reading):
                continue  # "quantize_te: true", "the fp8 file I downloaded", "int8 in Forge"
            if hit.arg == "low_vram" and not _OTHER_PROGRAMS.isdisjoint(
                reading.words_of_sentence(hit.first)
            ):
                continue  # "ComfyUI with --lowvram", "o preset low vram do kohya"
            changed = _changed_over(hit, reading) or _to_full_precision(hit, reading)
            if changed is not None:
                states.append(changed)
                through = changed.last  # the state words inside the change are read with it
                previous, named_at = hit.arg, hit.last
                continue
            state = _ticked(hit, reading) or _state_of(
                hit, by_clause[clause_of[hit.first]], reading
            )
            if state is None and states and _also(hit, reading):
                # "qfloat8 tá ligado, low_vram tb": the state said just before, of this one too
                last = min(hit.last + 1, len(reading.tokens.words) - 1)  # "…and gc" ends it
                state = states[-1]._replace(setting=hit.arg, first=hit.first, last=last)
            elif state is None and states and _plus(hit, states[-1], reading):
                # "quantizado + low vram": added to the one said on
                state = states[-1]._replace(setting=hit.arg, first=hit.first, last=hit.last)
            elif state is None and states and _acted_on_both(hit, states[-1], reading):
                # "ativei low_vram e quantização", "turned on low_vram and quantize": one act
                state = states[-1]._replace(
                    setting=hit.arg, first=hit.first, last=hit.last, retry=False
                )
            if state is None and hit.arg in _TRIED_WHEN_USELESS and _did_nothing(hit, reading):
                # "low vram didnt change anything, still oom", "low vram nao mudou nada": put on
                # to no effect
                state = SettingState(hit.arg, "on", hit.first, hit.last, False)
            if state is None:
                joined = unstated and _listed_with(unstated[-1], hit, reading)
                unstated = [*unstated, hit] if joined else [hit]
            elif unstated and kind != "assert":  # "gradient checkpointing + nf4": nf4's own
                # "quantize + low_vram on", "qfloat8 + gc ligados", "quantize + low vram + gc
                # all on", "quantize e gc ligados": one state of all of them
                after = hit
                for named in reversed(unstated):
                    if not (
                        _joined_by_plus(named, after, reading)
                        or (_listed_with(named, after, reading) and _of_all(state, reading))
                    ):
                        break
                    states.append(state._replace(setting=named.arg, first=named.first))
                    after = named
                unstated = []
            previous, named_at = hit.arg, hit.last
        elif kind in _STRONG:
            # "…que desligar o GC acelera e desliguei": a second verb, after the name's own
            after_and = (
                bool(states)
                and states[-1].last < hit.first - 1
                and reading.tokens.words[hit.first - 1] in _AND_SO
                and any(h.kind == "mention" for h in by_clause[clause_of[hit.first]])
                and reading.tokens.words[hit.first] in _SWITCH_ACTS
                # not "…e ativei o low vram", "desliguei o gc": the verb of the name after it
                and not any(
                    h.kind in _NAMED and 0 < h.first - hit.last <= 3
                    for h in by_clause[clause_of[hit.first]]
                )
            )
            if _a_value_ticked(hit, reading):
                continue  # "GC off, batch 1, só 1280 marcado": the box of a size, not GC's
            # "yeah qfloat8 / > and GC? / off, turned it off": what a quote between asked of
            referred = None if _quote_between(reading, named_at, hit.first) else previous
            state = _bare_state(hit, by_clause[clause_of[hit.first]], referred, reading, after_and)
            if state is not None and previous == subject != state.setting and subject is not None:
                # "> liga o low_vram" / "liguei, continua oom": the act on the setting quoted
                state = state._replace(setting=subject, retry=False)
            if state is not None and _advised(hit.first, reading):
                state = state._replace(wished=True)  # "put it back on and drop to 768"
            if state is not None:  # "switched GC back on… then turned it off again"
                previous = state.setting
        else:
            continue
        if state is not None and hit.first > through:
            states.append(state)
    listed = _listed_after_all(reading, states)
    if listed:
        states = sorted([*states, *listed], key=lambda s: s.first)
    return _set_after_a_key(reading, states)


def _a_value_ticked(hit: Hit, reading: Reading) -> bool:
    """A box ticked beside a size in the same clause: "768 e 1024 marcados", "1280 px checked";
    not a card's name ("(chroma, 4070, ligado)")."""
    words, clause = reading.tokens.words, reading.clauses_of_words
    if hit.kind not in _TICKED or hit.first == 0 or words[hit.first] not in _BOX_WORDS:
        return False
    at = hit.first - 1
    if words[at] == "px" and at > 0:
        at -= 1
    return (
        _A_SIZE.fullmatch(words[at]) is not None
        and clause[at] == clause[hit.first]
        and "\n" not in reading.low[reading.tokens.ends[at] : reading.tokens.starts[hit.first]]
        and not any(h.first <= at <= h.last for h in reading.of("gpu"))
    )


_TICKED: Final = frozenset({"on", "on_after", "off", "off_after"})
_BOX_WORDS: Final = frozenset(
    {"checked", "ticked", "selected", "unchecked", "unticked", "marcado", "marcada", "marcados"}
    | {"marcadas", "desmarcado", "desmarcada", "desmarcados", "desmarcadas", "selecionado"}
    | {"selecionada", "selecionados", "selecionadas"}
)
_A_SIZE: Final = re.compile(r"\d{3,4}(?:px|p)?")


def _listed_after_all(reading: Reading, states: Sequence[SettingState]) -> list[SettingState]:
    """One state said of all, then the list of what: "tudo ligado: gc, quantize, low vram",
    "everything on (gc, low_vram, quantize 8bit)", "tudo desligado (gc, low vram, quantize)",
    "Everything in the guide is activated: gradient checkpointing, low vram, quantize"."""
    found: list[SettingState] = []
    for said in _ALL_THEN_LIST.finditer(reading.low):
        state = "off" if said["state"] in _ALL_OFF else "on"
        sentence = reading.sentence_of(reading.word_at(said.end()))
        for hit in reading.in_sentence(sentence):
            if hit.kind not in _NAMED or reading.span(hit.first, hit.last)[0] < said.end():
                continue
            if any(s.setting == hit.arg and s.first <= hit.first <= s.last + 1 for s in states):
                continue  # "tudo ligado: gc, quantize 4bit": said of it already
            found.append(SettingState(hit.arg, state, hit.first, hit.last, False))
    return found


_ALL_THEN_LIST: Final = re.compile(
    r"\b(?:tudo|everything|everythings|all|todas as opcoes|all the memory (?:savers|options))"
    r"(?:'s| is| in the guide is| que o guia manda)?\s+(?:(?:aqui|here|ja|already)\s+)?"
    r"(?P<state>ligad[oa]s?|on|enabled|ativad[oa]s?|activated|checked|marcad[oa]s?|ticked"
    r"|desligad[oa]s?|off|disabled|desativad[oa]s?|unchecked|desmarcad[oa]s?)"
    r"(?:\s+(?:aqui|here))?\s*[:(\-]"
)
_ALL_OFF: Final = frozenset(
    {"desligado", "desligada", "desligados", "desligadas", "off", "disabled", "desativado"}
    | {"desativada", "desativados", "desativadas", "unchecked", "desmarcado", "desmarcada"}
    | {"desmarcados", "desmarcadas"}
)


def _changed_over(named: Hit, reading: Reading) -> SettingState | None:
    """A change written right after the name: "gc true -> false", "GC: off→on", "changed
    gradient_checkpointing from true to false", "mudei o gc de ligado pra desligado". The state
    now is the one it ended at ("true → false → true": back where it began); from off to on is
    a switch back on."""
    change = _CHANGED_OVER.match(reading.low, reading.tokens.ends[named.last])
    if change is None:
        return None
    said = [_STATE_ON[state] for state in _ANY_STATE.findall(change[0])]
    if len(set(said)) == 1:
        return None
    last = reading.word_at(change.end() - 1)
    now = said[-1]
    keyed = reading.followed_by_key(named)
    return SettingState(named.arg, "on" if now else "off", named.first, last, now, keyed)


def _to_full_precision(named: Hit, reading: Reading) -> SettingState | None:
    """Quantization left for full precision, told in the same sentence: "went from qfloat8 to
    full bf16", "had it quantized… so I switched to bf16", "troquei o fp8 pelo bf16"."""
    if named.arg != "quantize":
        return None
    start = reading.tokens.ends[named.last]
    sentence = reading.sentence_of(named.last)
    end = reading.sentence_ends[sentence] if sentence < len(reading.sentence_ends) else None
    left = _FULL_PRECISION.search(reading.low, start, end or len(reading.low))
    if left is None:
        return None
    last = reading.word_at(left.end() - 1)
    return SettingState(named.arg, "off", named.first, last, False)


_FULL_PRECISION: Final = re.compile(
    r"\b(?:to|pra|para|pelo|por|->|→)\s+(?:the\s+|o\s+)?(?:full\s+|plain\s+|unquantized\s+)?"
    r"(?:bf16|fp16|full precision|precisao cheia)\b"
)


_STATE_ON: Final = {
    **dict.fromkeys(("on", "true", "enabled", "ligado", "ativado", "checked", "marcado"), True),
    **dict.fromkeys(
        ("off", "false", "disabled", "desligado", "desativado", "unchecked", "desmarcado"), False
    ),
}
_ARROW: Final = re.compile(r"-+>|=>|→|⇒")
_A_STATE: Final = "(" + "|".join(_STATE_ON) + ")"
_CHANGED_OVER: Final = re.compile(
    rf"[\s:`(=]{{0,4}}(?:(?:from|de)\s+)?{_A_STATE}`?"
    rf"(?:\s*(?:-+>|=>|→|⇒|>|\bto\b|\bpra\b|\bpara\b)\s*`?{_A_STATE}\b)+"
)
_ANY_STATE: Final = re.compile(rf"\b{_A_STATE}\b")


def _set_after_a_key(reading: Reading, states: list[SettingState]) -> list[SettingState]:
    """A key's value changed by an act told right after it: "had `gradient_checkpointing:
    false`, set it to true and it still OOMs", "tava `false`, mudei pra true". Back to true
    is a switch back on."""
    found = list(states)
    for key in (s for s in states if s.keyed):
        start = reading.tokens.ends[key.last]
        changed = _SET_IT_TO.search(reading.low, start, start + _SET_REACH)
        if changed is None:
            continue
        first = reading.word_at(changed.start())
        last = reading.word_at(changed.end() - 1)
        state = "on" if changed.group(1) == "true" else "off"
        between = [s for s in states if key.last < s.first <= last]
        if state == key.state or any(s.first < first or s.setting != key.setting for s in between):
            continue  # nothing changed, or another setting's state comes between
        # the act, read already as prose ("flipped it to false"), outranks the key as one does
        found = [s for s in found if s not in between]
        found.append(SettingState(key.setting, state, first, last, state == "on", keyed=True))
    return sorted(found, key=lambda s: s.first)


# A config seen or sent, not run: "o config dele", "my friend's yaml", "vi um preset no civitai"
def _of_a_preset_left(reading: Reading, state: SettingState) -> bool:
    """A state of a preset told as not the one used: "the preset had quantize and low_vram on
    but I switched to the high quality one", "tinha um preset com low_vram ligado mas usei o
    padrão", "accum 4 in the flux preset? I'm not using that preset"."""
    at = reading.span(state.first, state.last)[1]
    sentence = reading.sentence_of(state.first)
    start = reading.tokens.starts[reading.sentence_words(sentence)[0]]
    if _PRESET_HAD.search(reading.low, start, at) is None:
        return False
    left = _ANOTHER_USED.search(reading.low, at)
    return left is not None and left.start() - at <= _LEFT_REACH


_PRESET_HAD: Final = re.compile(
    r"\b(?:preset|template)\b[^.!?]{0,40}?\b(?:had|has|with|tinha|tem|com|vem com|came with"
    r"|comes with)\b"
)
_ANOTHER_USED: Final = re.compile(
    r"\b(?:but|mas|so|then|e)\s+(?:i\s+|eu\s+)?(?:switched to|used|usei|went with|picked|chose"
    r"|escolhi|peguei|fui no|fui de|troquei pr[ao])\b[^.!?]{0,30}?\b(?:preset|template|one|outro)\b"
    r"|\b(?:not using|nao uso|nao to usando|nao estou usando) (?:that|this|esse|essa|o|a)"
    r" (?:preset|template)\b"
)
_LEFT_REACH: Final = 80  # characters from the preset's state to the one used instead


_NOT_MY_CONFIG: Final = re.compile(
    r"\b(?:config|yaml|preset|setup)\s+(?:dele|dela|deles|delas|do meu amigo|do cara|da galera"
    r"|of (?:a|my) friend)\b|\b(?:friend'?s|buddy'?s|guy'?s|someone'?s|his|her|their)\s+"
    r"(?:config|yaml|preset|setup)\b|\b(?:vi|saw|found|achei|seen)\s+(?:(?:um|uma|a|an|o|the"
    r"|this|esse|essa)\s+)?(?:preset|config|yaml)\b"
)
# …unless it was taken to run: "loaded his config as-is", "copiei o preset dele"
_TAKEN_CONFIG: Final = re.compile(
    r"\b(?:loaded|copied|used|using|imported|downloaded|copiei|usei|usando|peguei|baixei"
    r"|importei)\s+(?:\w+\s+){0,2}?(?:config|configs|preset|yaml)\b"
)
_SEEN_REACH: Final = 60  # characters from a config seen or sent to the key it has
_SET_REACH: Final = 60  # characters from the key to the act that changed it
_SET_IT_TO: Final = re.compile(
    r"\b(?:changed|set|switched|flipped|put|turned|mudei|coloquei|troquei|botei|alterei"
    r"|passei|deixei)\s+(?:(?:it|that|ele|isso|o valor)\s+)?(?:back\s+)?(?:to|pra|para|pro|em)"
    r"\s+(?:`)?(true|false)\b"
)


def _quote_between(reading: Reading, last: int, first: int) -> bool:
    """A quoted line (read blank) between word ``last`` and word ``first``."""
    if last < 0:
        return False
    tokens = reading.tokens
    return _BLANKED_QUOTE.search(reading.text, tokens.ends[last], tokens.starts[first]) is not None


_BLANKED_QUOTE: Final = re.compile(r"\n[ \t]+\n")


def _acted_on_both(named: Hit, previous: SettingState, reading: Reading) -> bool:
    """The name joined by "and" to the one an act just switched: "ativei low_vram e
    quantização"."""
    words = reading.tokens.words
    between = words[previous.last + 1 : named.first]
    # "liguei low_vram, quantize, GC ligado": a list after the act
    listed = not between and _plus_between(previous.last, named.first, reading, joins=(",",))
    return (
        previous.setting != named.arg
        and words[previous.first] in _SWITCH_ACTS
        and (listed or (bool(between) and between[0] in _AND and set(between) <= _JOINING))
    )


_JOINING: Final = frozenset({"e", "and", "o", "a", "the", "my", "tambem", "also"})


def _plus(named: Hit, previous: SettingState, reading: Reading) -> bool:
    """A name added with "+" to a setting said on just before: "quantizado + low vram",
    "qfloat8 + low_vram, gc on"."""
    if previous.state != "on":
        return False
    if _plus_between(previous.last, named.first, reading):
        return True
    # "quantized, low vram, gc, all of it", "mesmo com fp8 e low vram": a list of what is on,
    # after a name that says its state alone or a "with"
    between = reading.low[reading.tokens.ends[previous.last] : reading.tokens.starts[named.first]]
    listed = between.strip(" ,") in ("", "e", "and") and between.strip()
    return bool(listed) and (previous.bare or previous.weak) and not previous.wished


def _joined_by_plus(first: Hit, second: Hit, reading: Reading) -> bool:
    """Two names joined by "+" ("quantize + low_vram on"): the state after both is of both."""
    return first.arg != second.arg and _plus_between(first.last, second.first, reading)


def _listed_with(first: Hit, second: Hit, reading: Reading) -> bool:
    """Two names one after the other in a list: "quantize, low vram", "quantize e gc"."""
    between = reading.low[reading.tokens.ends[first.last] : reading.tokens.starts[second.first]]
    return first.arg != second.arg and between.strip() in _LIST_JOINS


def _ticked(named: Hit, reading: Reading) -> SettingState | None:
    """A list's or a table's tick beside the name: "- ✅ Low VRAM", "- [ ] gradient
    checkpointing", "| Gradient checkpointing | ❌ |", "quantize ✔", "✅ gc ✅ low vram ❌
    quantize". A line whose first tick comes before its first name ticks each name before it;
    otherwise after it."""
    low = reading.low
    start, end = reading.span(named.first, named.last)
    line_start = low.rfind("\n", 0, start) + 1
    line_end = low.find("\n", end) % (len(low) + 1)
    answered = _YES_NO_KEY.match(low, end, line_end)
    if answered is not None:  # "gc: sim / low vram: nao / quantize: nao"
        state = "on" if answered["answer"] in ("sim", "yes", "y", "s") else "off"
        return SettingState(named.arg, state, named.first, named.last, False, keyed=True)
    first_tick = _TICK.search(low, line_start, line_end)
    if first_tick is None:
        return None
    first_name = min(
        (
            at
            for h in reading.hits
            if h.kind in _NAMED and line_start <= (at := reading.span(h.first, h.last)[0])
        ),
        default=start,
    )
    if first_tick.start() < first_name:
        ticks = [
            t
            for t in _TICK.finditer(low, line_start, start)
            if not low[t.end() : start].strip(_BULLETS)
        ]
        tick = ticks[-1] if ticks else None
    else:
        tick = _TICK_AFTER.match(low, end, line_end)
        if (
            tick is not None
            and "|" in low[end : tick.start("tick")]
            and len(_TICK.findall(low, end, line_end)) > 1
        ):
            return None  # "| Grad ckpt | ✓ | ✗ |": a table's columns, whose is which unknown
    if tick is None:
        return None
    state = "off" if tick["tick"] in _UNTICKED else "on"
    return SettingState(named.arg, state, named.first, named.last, False, keyed=True)


_YES_NO_KEY: Final = re.compile(
    r"[ \t]*[:=][ \t]*(?P<answer>sim|yes|nao|no|y|n|s)[ \t]*(?=$|[/|,;)\n]|\s[/|]|\s\w+\s*[:=])",
    re.MULTILINE,
)
_TICK: Final = re.compile(r"(?P<tick>✅|✔️?|✓|☑️?|☒|🟢|❌|✖️?|✗|✘|❎|🔴|⬜|☐|\[[x×✓✔ ]\]|\([x•*● ]\))")
_UNTICKED: Final = frozenset({"❌", "✖", "✖️", "✗", "✘", "❎", "🔴", "⬜", "☐", "[ ]", "( )"})
_BULLETS: Final = " \t-+*•>|:"
_TICK_AFTER: Final = re.compile(r"[ \t]*[:=|]?[ \t]*" + _TICK.pattern)


_LIST_JOINS: Final = frozenset({"+", "&", ",", "and", "e", ", and", ", e", "/"})


def _of_all(state: SettingState, reading: Reading) -> bool:
    """A state said of all the names listed before it: "all on", "both on", "tudo ligado",
    "ligados"."""
    words = reading.tokens.words[state.first : state.last + 4]
    return not _OF_ALL.isdisjoint(words)


_OF_ALL: Final = frozenset(
    {"all", "both", "tudo", "todos", "todas", "ambos", "ambas", "dois", "duas", "ligados"}
    | {"ligadas", "ativados", "ativadas", "marcados", "marcadas", "habilitados", "desligados"}
    | {"desligadas", "desativados", "desativadas", "desmarcados", "enabled", "disabled"}
)


def _plus_between(
    last: int, first: int, reading: Reading, joins: tuple[str, ...] = ("+", "&")
) -> bool:
    """Only a "+" (or "&", or one of ``joins``) between the word ``last`` and word ``first``."""
    between = reading.low[reading.tokens.ends[last] : reading.tokens.starts[first]]
    return between.strip() in joins


_TRIED_IT: Final = frozenset({("tried",), ("testei",), ("tentei",)})


def _also(named: Hit, reading: Reading) -> bool:
    """The name followed at once by "too", "também": the state said before, again.

    Not when something is said of it after the word: "preview tb em 1024" is a size."""
    words, also = reading.tokens.words, named.last + 1
    if words[named.first - 1 : named.first] in _TRIED_IT:
        return False  # "gc off, bs 1. tried low_vram too": put on to try, not the state before
    if words[also : also + 1] not in _ALSO:
        return _and_alone(named, reading)
    if also + 1 == len(words):
        return True
    tokens = reading.tokens
    between = reading.low[tokens.ends[also] : tokens.starts[also + 1]]
    return bool(between.strip()) or words[also + 1] in _AND


def _and_alone(named: Hit, reading: Reading) -> bool:
    """The name alone in its clause after "and": "already on lol. and quantize. and gc."."""
    words, clause_of = reading.tokens.words, reading.clauses_of_words
    lead = named.first - 1
    if lead >= 0 and words[lead] in ("o", "a"):
        lead -= 1
    if lead < 0 or reading.text[slice(*reading.span(lead, lead))].lower() not in ("and", "e"):
        return False  # not "É o GC?"
    opens = lead == 0 or clause_of[lead - 1] != clause_of[lead]
    ends = named.last + 1 == len(words) or clause_of[named.last + 1] != clause_of[named.last]
    return opens and ends


_ALSO: Final = frozenset({("tb",), ("tbm",), ("tambem",), ("too",), ("also",)})
_AGAIN: Final = frozenset({("again",), ("novamente",)})


_ABOUT_GC: Final = frozenset({"explain", "quality", "speed"})
_ON_WORDS: Final = frozenset({"on", "on_after", "reon"})
_OFF_WORDS: Final = frozenset({"off", "off_after"})


_COMPARING: Final = frozenset({"vs", "versus", "or", "ou", "and", "e", "x", "outra", "other"})


def _compared(clause: Sequence[Hit], reading: Reading) -> bool:
    """An on and an off side by side, joined by "vs", "or", "and" (or a slash)."""
    words = reading.tokens.words
    named = {h.last for h in clause if h.kind == "mention"}
    # "1"/"0" are states only right after a setting's name: "bs 1 e gc desligado" is no pair
    ons = [
        h
        for h in clause
        if h.kind in _ON_WORDS
        and not _preposition(h, reading)
        and (not words[h.first].isdigit() or h.first - 1 in named)
    ]
    offs = [
        h
        for h in clause
        if h.kind in _OFF_WORDS and (not words[h.first].isdigit() or h.first - 1 in named)
    ]
    for a in ons:
        for b in offs:
            left, right = (a, b) if a.last < b.first else (b, a)
            between = words[left.last + 1 : right.first]
            gap = reading.low[reading.tokens.ends[left.last] : reading.tokens.starts[right.first]]
            if any(arrow in gap for arrow in _ARROWS):
                continue  # "gc was off -> turned it on -> still dies": one after the other
            if _another_setting_between(clause, left, right):
                continue  # "quantize: false and gc on": two settings, each with its state
            if len(between) <= 2 and (not between or set(between) & _COMPARING):
                return True
    return False


_ARROWS: Final = ("->", "→", "=>")


def _another_setting_between(clause: Sequence[Hit], left: Hit, right: Hit) -> bool:
    """A setting named between two states that is not the one named before the first."""
    mentions = [h for h in clause if h.kind == "mention"]
    before = [h.arg for h in mentions if h.last < left.first]
    between = {h.arg for h in mentions if left.last < h.first < right.first}
    return bool(between) and bool(before) and before[-1] not in between


def _in_sentence(reading: Reading, sentence: int, vocabulary: frozenset[str]) -> bool:
    """One of ``vocabulary``'s words is said in sentence ``sentence``."""
    words = reading.tokens.words
    return not vocabulary.isdisjoint(words) and any(
        word in vocabulary and reading.sentence_of(i) == sentence for i, word in enumerate(words)
    )


_THAN: Final = frozenset({"than", "vs", "versus"})

# Two runs told side by side, one with each state: "once with GC on and once with it off",
# "one with gradient checkpointing on, one off", "first with GC on, second with GC off",
# "uma com GC e outra sem".
_TWO_RUNS: Final = re.compile(
    r"\b(?:once|one|first|uma|um|primeir[oa]) (?:run )?(?:with|com|sem|without)\b"
    r".{1,80}?\b(?:once|one|second|other|outr[oa]|segund[oa]) (?:run )?"
    r"(?:with|without|com|sem|off|on|desligad[oa]|ligad[oa])\b"
)
_BOTH_WAYS: Final = re.compile(
    r"\b(?:com e sem|with and without|both with and without|dos dois jeitos|nos dois jeitos"
    r"|both ways|either way i tried|com (?:o )?(?:gc|gradient checkpointing) e sem"
    r"|with (?:gc|gradient checkpointing) and without"
    r"|(?:com|with) (?:o )?(?:gc|gradient checkpointing) (?:ligado e desligado|on and off))\b"
)
_ON_OFF: Final = frozenset({"on", "off"})
_EXAMPLES: Final = frozenset(
    {"example", "examples", "exemplo", "exemplos", "docs", "documentation", "documentacao"}
)


# Someone else whose run a state may be told of, right before it.
_OTHERS: Final = LEXICON.words("others")
_NEVER_TRIED: Final = re.compile(
    r"\b(?:nunca|never|haven'?t|havent|not yet|ainda nao) (?:testei|tentei|rodei|treinei|tried"
    r"|tested|trained|ran)\b"
)


def _last_told(state: SettingState, told: Sequence[SettingState]) -> bool:
    return all(o.first <= state.first for o in told if o.setting == state.setting)


def _an_act(state: SettingState, reading: Reading) -> bool:
    """The state told as a switch done ("turned it back on", "religuei o gc", "I enabled it"),
    not a plan ("before I go re-enable it"), how a run was ("back on GC the same job ran to
    3000") nor a participle ("with it enabled it trained fine")."""
    first = max(0, state.first - 2)
    words = reading.tokens.words[first : state.last + 1]
    return any(
        word in _SWITCH_ACTS
        and (word not in _PARTICIPLES or words[at - 1 : at] in (("i",), ("we",)))
        for at, word in enumerate(words)
    )


_PARTICIPLES: Final = frozenset(
    {"enabled", "disabled", "checked", "unchecked", "ticked", "unticked", "set", "put", "killed"}
)


def _pluperfect(reading: Reading, state: SettingState) -> bool:
    """ "I had switched it off", "tinha desligado": a state before the one told."""
    if state.retry:
        return False
    words = reading.tokens.words
    return any(_had_done(words, at) for at in range(max(0, state.first - 3), state.first + 1))


def _had_done(words: Sequence[str], at: int) -> bool:
    """ "had switched", "tinha desligado": the word at ``at`` and a participle after it; not
    "I had GC off", which is how it was set."""
    if words[at] not in _HAD or at + 1 >= len(words):
        return False
    after = words[at + 1]
    return after.endswith(("ed", "ado", "ido")) or after in ("set", "put")


_HAD: Final = frozenset({"had", "tinha", "havia"})


def _never_tried(reading: Reading, state: SettingState) -> bool:
    """ "com GC ligado eu nunca testei": a setup never run, so the other one is; not "gradient
    checkpointing on (never tried it off)", where what was never tried is set apart, nor "never
    tried it with gc on", whose state already says the negation."""
    start, end = reading.span(state.first, state.last)
    for never in _NEVER_TRIED.finditer(reading.low, *reading.clause_span(state.first, state.last)):
        if never.start() < end and never.end() > start:
            return False
        if not _APART.intersection(reading.low[min(end, never.start()) : max(start, never.end())]):
            return True
    return False


def _the_other_than_never_tried(reading: Reading, state: SettingState) -> SettingState:
    """ "nunca testei com gc desligado" is GC on, "com GC ligado eu nunca testei" GC off."""
    if state.state not in ("on", "off") or not _never_tried(reading, state):
        return state
    return state._replace(state="off" if state.state == "on" else "on", retry=False)


_APART: Final = frozenset("()[]")


def _sentence_span(reading: Reading, sentence: int) -> tuple[int, int]:
    ends = reading.sentence_ends
    start = ends[sentence - 1] if sentence > 0 else 0
    end = ends[sentence] if sentence < len(ends) else len(reading.low)
    return start, end


_CURIOUS: Final = re.compile(
    r"\b(?:curious|curiosity|curios[oa]|curiosidade|just wondering|so pra entender|pra eu entender"
    r"|nao entend\w* (?:a logica|o mecanismo|o porque|uma parte|uma coisa)"
    r"|(?:don'?t|do not) (?:understand|get) (?:why|the logic)"
    r"|not my problem|nao e meu problema|nao estou com (?:erro|problema) agora"
    r"|i'?d (?:have )?expect|i would (?:have )?expect|eu esperava|esperaria|walk me through"
    r"|as i understand it|pelo que entendi|me explica"
    r"|not looking for a fix|not having (?:any )?(?:problem|issue)|no problem myself"
    r"|genuine question|quero entender|want to understand|trying to understand"
    r"|explicacao simples|simple explanation"
    r"|not (?:oom|ooming|crashing) now|nao (?:ta|esta) (?:dando oom|crashando) agora)"
)


def curious(reading: Reading) -> bool:
    """Asked out of curiosity, with nothing broken now: "just wondering", "não entendi uma
    parte do guia", "not my problem"."""
    return _CURIOUS.search(reading.low) is not None


_THOUGHT: Final = LEXICON.words("thoughts")


def _names_it(state: SettingState, reading: Reading) -> bool:
    return any(state.first <= h.first <= state.last for h in reading.of("mention"))


def own_act(state: SettingState, reading: Reading) -> bool:
    """The person switching it themselves: "vi num vídeo que desligando acelera e desliguei",
    "someone said it's faster, so I turned it off"."""
    words = reading.tokens.words
    said = words[max(0, state.first - 2) : state.last + 1]  # "deixei o GC ligado"
    if any(w.endswith("ei") and len(w) > 5 and w not in _THOUGHT for w in said):
        return True  # desliguei, deixei, religuei; not "pensei em desligar"
    if words[max(0, state.first - 1) : state.first] in _SWITCHED_IT and words[
        max(0, state.first - 2) : state.first - 1
    ] not in (("have",), ("to",)):
        return True  # "turned gc on and now the samples look worse??"; not "should I have…"
    said = said[-(state.last + 1 - state.first) :]
    if words[max(0, state.first - 2) : state.first] in _IF_I:
        return False  # "would anything change if I turned it off?": supposed, not done
    done = said[0].endswith("ed") or said[0] in ("left", "kept", "set", "put")
    # "I turned it off", "read that it's faster and turned it off"
    if done and reading.sentence_words(reading.sentence_of(state.first))[0] == state.first:
        return True  # "disabled gc and the samples look way sharper??": the subject dropped
    return done and words[max(0, state.first - 1) : state.first] in _BY_ME


_BY_ME: Final = frozenset({("i",), ("and",), ("so",)})
_IF_I: Final = frozenset({("if", "i"), ("if", "we"), ("if", "you")})


_SWITCHED_IT: Final = frozenset(
    (w,)
    for w in ("turned", "switched", "flipped", "ticked", "unticked", "checked", "unchecked", "left")
)


# A question that blames the setting for what went wrong with the run names its state.
_BLAMED: Final = re.compile(
    r"\b(?:because(?: of)?|bc|cuz|cause|pq|porque|por causa d[oa]|culpa d[oa]"
    r"|sera (?:que|q) (?:e|eh|foi)(?: (?:pq|porque|por causa d[oa]))?(?: o| a)?)\s+"
    r"(?:(?:the|o|a|i|eu|my|meu|minha)\s+)?(?:left\s+|deixei\s+)?$"
)


# A speed measured on the run: the sentence is about the person's own training.
_MEASURED: Final = re.compile(r"\d\s*(?:s/it|it/s|s/step|sec/it|seg/it|s por it)")


_OR: Final = frozenset({"or", "ou", "vs", "versus"})


def _between(reading: Reading, a: SettingState, b: SettingState) -> Sequence[str]:
    first, second = (a, b) if a.first < b.first else (b, a)
    return reading.tokens.words[first.last + 1 : second.first]


def _still_crashes(reading: Reading, sentence: int) -> bool:
    """ "no gc, bs 1, 512 and it still OOMs??": a crash told in disbelief, not a question."""
    kinds = {h.kind for h in reading.in_sentence(sentence)}
    return "still" in kinds and "oom" in kinds


def _generic(state: SettingState, reading: Reading, states: Sequence[SettingState]) -> bool:
    """A state that describes no run: "GC on vs off", "does GC on hurt quality?", "people say
    training without GC looks better". A doubt is always about the run."""
    if state.state == "unknown":
        return False
    clause = reading.clauses.get(state.first, -1)
    sentence = reading.sentence_of(state.first)
    in_clause = reading.by_clause.get(clause, ())
    if _compared(in_clause, reading):
        return True  # "off vs on", "ligado ou desligado", "true vs false"
    if (
        _BY_DEFAULT.match(reading.low, reading.span(state.first, state.last)[1])
        and reading.question(state.last)
        and _MINE.isdisjoint(reading.words_of_sentence(state.first))
    ):
        return True  # "why does the toolkit ship with it on by default?": the default's
    if state.weak and _missing_from_the_screen(state, reading):
        return True  # "I see batch size, steps… but no GC": the form lacks it, not the run
    said = reading.tokens.words[state.first : state.last + 1]
    if (
        _ON_OFF.issubset(said)
        and _ARROW.search(reading.low, *reading.span(state.first, state.last)) is None
    ):
        return True  # "tried everything. GC on off on off": flipped back and forth
    if reading.question(state.last) and any(
        other.setting == "gc"
        and other.state not in (state.state, "unknown")
        and reading.sentence_of(other.first) == sentence
        and _OR.intersection(_between(reading, state, other))
        for other in states
    ):
        return True  # "what's faster: GC on + bs 4, or GC off + bs 1?"
    start, _ = reading.sentence_words(sentence)
    if any(
        h.kind == "where"
        and (h.first < state.first or not _crash_in(in_clause, reading))
        # asked, or opened by the "where" with no mark ("pls where i put gc: true, in which block")
        and (
            reading.question(state.last)
            or (state.keyed and h.first - start <= 2 < state.first - h.first)
        )
        for h in reading.in_sentence(sentence)
    ):
        # "em que lugar eu coloco low_vram: true?": where to set it, not that it is; but "it
        # OOMs with gc off, where do i flip it back on?" tells the run's state, then asks
        return True
    if asked_whether(reading, state.first):
        # "does gc off oom on 12gb? asking before i try", "what else before I start
        # experimenting with gradient_checkpointing: false?"
        return True
    # "someone said GC off is faster", "claims that LoRAs trained with `…: false` are sharper";
    # not "enabled it like the guide says"
    hearsay = any(h.kind == "hearsay" and h.first < state.first for h in in_clause)
    if _of_a_preset_left(reading, state):
        return True  # "the preset had quantize on but I switched to one that has it off"
    around = reading.tokens.words[max(0, state.first - 2) : state.first + 1]
    if any(around[i : i + 2] in _EITHER_WAY for i in range(len(around) - 1)):
        return True  # "with or without `low_vram: true` it OOMs", "com ou sem gc dá oom"
    if state.keyed:
        # "the example configs have `gradient_checkpointing: true`": the examples' setting
        start, _ = reading.sentence_words(sentence)
        mine = not _MINE.isdisjoint(reading.tokens.words[start : state.first])
        if _in_sentence(reading, sentence, _EXAMPLES):
            return True
        key_at = reading.span(state.first, state.last)[0]
        if _NOT_MY_CONFIG.search(
            reading.low, max(0, key_at - _SEEN_REACH), key_at
        ) and not _TAKEN_CONFIG.search(reading.low):
            return True  # "meu amigo mandou o config dele; tem `gradient_checkpointing: false`"
        if reading.question(state.last) and not mine and not own_act(state, reading):
            # "is it `gradient_checkpointing: true` under train:?": the key asked about; not
            # "config has `…: false`, is that the only place?" nor "with `…: true`, is…?"
            said = reading.words_of_sentence(state.first)
            leading = reading.tokens.words[start : state.first]
            if _THE_KEY_ASKED.intersection(said) and not _HELD.intersection(leading):
                return True
        return hearsay and not mine and not own_act(state, reading)
    if set(reading.tokens.words[max(0, state.first - 2) : state.first]) & _THAN:
        return True  # "35% slower than my GC-off attempts": the other side of a comparison
    if hearsay and _advised_then_done(state, reading):
        return False  # "meu primo falou pra religar o gc e funcionou": advised, and done
    if hearsay and not own_act(state, reading):
        return True
    before = range(max(0, state.first - 3), state.first)
    if not own_act(state, reading) and any(
        reading.tokens.words[i] in _OTHERS
        and reading.sentence_of(i) == sentence
        and reading.low[reading.tokens.ends[i] : reading.tokens.ends[i] + 1] != ","  # "galera,"
        for i in before
    ):
        # "friend turned it off and got his down to 2.5h": someone else's run; not "galera
        # desliguei o gc", the person's own act told to everyone
        return True
    if of_another_person(reading, state.first):
        return True  # "my buddy runs the same config on his 4090 with GC on"
    in_sentence = reading.in_sentence(sentence)
    if state.weak and any(h.kind in ("habit", "explain") for h in in_sentence):
        return True  # "we always run with GC", "without GC, activations are kept for…"
    if any(h.kind == "why" for h in in_clause):
        # "why does it OOM with GC off?": the person's run, unless asked out of curiosity
        return curious(reading)
    if (
        not _INFINITIVES.isdisjoint(reading.tokens.words[max(0, state.first - 1) : state.first + 1])
        and any(h.kind == "explain" for h in in_clause)
        and curious(reading)
    ):
        return True  # "out of curiosity… why does turning it off blow up memory that badly"
    if own_act(state, reading) and _names_it(state, reading):
        return False  # "será que é porque deixei o GC ligado?": asked, but what they did
    start = reading.span(state.first, state.last)[0]
    if reading.said_before(_BLAMED, start, 30):
        return False  # "could that be because gradient checkpointing is on?": their run's
    if state.state == "on" and reading.tokens.words[state.first] in ("sem", "without"):
        return False  # "o que deixa mais rápido sem desligar o gc?": it is on, and stays on
    if "/" in reading.low and _MEASURED.search(reading.low, *_sentence_span(reading, sentence)):
        return False  # "is it normal that kontext trains at 9s/it with gc on?": their run's
    if state.weak and reading.question(state.last) and not _still_crashes(reading, sentence):
        return True  # "a 4090 aguenta flux sem GC?", "how much slower is training with GC?"
    if not _clause_asks(reading, state.last):
        return False  # "samples look blurry with GC on, should I…?"
    if reading.tokens.words[reading.sentence_words(sentence)[0]] == "did":
        return False  # "did turning checkpointing back on ruin my lora?": asked of an act done
    return any(h.kind in _ABOUT_GC for h in in_clause) or not reading.has("oom")


_BY_DEFAULT: Final = re.compile(r"\s*(?:by default|por padrao|as default|como padrao)\b")
_EITHER_WAY: Final = frozenset({("or", "without"), ("ou", "sem"), ("or", "w/o"), ("or", "no")})


def _crash_in(hits: Sequence[Hit], reading: Reading) -> bool:
    return any(h.kind == "oom" and not reading.negated(h) for h in hits)


def _missing_from_the_screen(state: SettingState, reading: Reading) -> bool:
    """ "No toggle for gradient checkpointing", "I see Batch Size, Steps… but no GC", "there's
    no gradient_checkpointing line": a field the person cannot find, not GC switched off."""
    words = reading.tokens.words
    if words[state.first] not in ("no", "nenhum", "nenhuma"):
        return False
    if _SCREEN_THINGS.intersection(words[state.first + 1 : state.last]):
        return True
    start, _ = reading.sentence_words(reading.sentence_of(state.first))
    return bool(_SEEING.intersection(words[start : state.first]))


_SCREEN_THINGS: Final = frozenset(
    {
        "toggle",
        "checkbox",
        "box",
        "field",
        "option",
        "setting",
        "button",
        "switch",
        "line",
        "key",
        "entry",
        "opcao",
        "campo",
        "caixa",
        "botao",
        "chave",
        "linha",
    }
)
# Words that list what a screen or a file shows before "…but no GC".
_SEEING: Final = frozenset(
    {"see", "seeing", "shows", "showing", "vejo", "aparece", "aparecem", "mostra", "theres"}
)


def describes_a_run(state: SettingState, reading: Reading, states: Sequence[SettingState]) -> bool:
    """Said of a run (now or before), not of GC in general nor wished."""
    return not state.wished and not _generic(state, reading, states)


def _clause_asks(reading: Reading, word: int) -> bool:
    """The clause of ``word`` ends with a question mark."""
    tokens = reading.tokens
    at = bisect_right(tokens.stops, tokens.starts[word])
    return at < len(tokens.stops) and reading.low[tokens.stops[at]] == "?"


def _debated(reading: Reading, states: Sequence[SettingState]) -> bool:
    """GC said both on and off in prose with no crash reported: a comparison or a debate ("some
    trained with it and some without", "GC on = less VRAM, GC off = faster"), not a setup."""
    if not reading.has("now") and any(
        s.setting == "gc"
        and any(
            runs.search(reading.low, *_sentence_span(reading, reading.sentence_of(s.first)))
            for runs in (_TWO_RUNS, _BOTH_WAYS)
        )
        for s in states
    ):
        # "once with GC on and once with it off", "tentei com e sem gc": two runs, neither the
        # setup
        return True
    if not {"on", "off"} <= {s.state for s in states if s.setting == "gc"}:
        return False
    past = {reading.sentence_of(h.first) for h in reading.of("past")}
    said = {
        s.state
        for s in states
        if s.setting == "gc"
        and not s.keyed
        and not s.retry
        and not _generic(s, reading, states)
        and reading.sentence_of(s.first) not in past
        and not _the_reason_before(reading, s, states)  # "off (it was 11s/it with it on)"
    }
    if not {"on", "off"} <= said or reading.has("now"):
        return False  # "had it off; now it is on" is a story, not a debate
    if any(s.setting == "gc" and own_act(s, reading) for s in states):
        return False  # "6 loras with gc on, never an issue. this one i turned it off"
    if reading.has("either_way"):
        return True  # "gc on, gc off, doesn't matter, OOM either way": neither is the setup
    # "keep it off" said, and no "keep it on"
    kept_off = {m["state"] in _KEPT_OFF for m in _KEEP_IT.finditer(reading.low)} == {True}
    if _each_with_its_outcome(reading, states) and not kept_off:
        # "gc liga e fica lento, desliga e estoura": what each way does; not "gc on = fine. gc
        # off = oom. any way to keep it off?", where the one kept is the one run now
        return True
    return not any(not reading.negated(h) for h in reading.of("oom"))


# "any way to keep it off?", "quero manter sem": the way the person wants to keep
_KEEP_IT: Final = re.compile(
    r"\b(?:keep|keeping|manter|mantendo|continuar)\s+(?:it|gc|ele|o gc|gradient checkpointing"
    r"|checkpointing)?\s*(?P<state>off|disabled|desligado|sem|on|enabled|ligado|com)\b"
)
_KEPT_OFF: Final = frozenset({"off", "disabled", "desligado", "sem"})
_PRESENT_SWITCH: Final = frozenset({"liga", "desliga", "ligo", "desligo", "on", "off"})


def _each_with_its_outcome(reading: Reading, states: Sequence[SettingState]) -> bool:
    """GC switched on and off in one sentence, each said in the present and followed by what
    it does ("…liga e fica lento, desliga e estoura", "on and it crawls, off and it OOMs")."""
    words = reading.tokens.words
    told = {
        (s.state, reading.sentence_of(s.first))
        for s in states
        if s.setting == "gc"
        and not _PRESENT_SWITCH.isdisjoint(words[s.first : s.last + 1])
        and words[s.last + 1 : s.last + 2] in (("e",), ("and",))
    }
    if any(("on", sentence) in told and ("off", sentence) in told for _, sentence in told):
        return True
    # "gc on = 4s/it, gc off = oom", "gc on: 4.2s/it. gc off: OOM at step 1": what each way
    # does; not "gc off -> oom. gc on -> fine", a story whose last step is the run now
    marked: dict[str, tuple[int, int, str]] = {}
    for s in states:
        mark = _OUTCOME_MARK.match(reading.text, reading.tokens.ends[s.last])
        if s.setting == "gc" and not s.keyed and not s.retry and mark is not None:
            marked[s.state] = (s.first, reading.sentence_of(s.first), mark[1])  # the last
    if not {"on", "off"} <= set(marked) or any(s.retry for s in states if s.setting == "gc"):
        return False  # "GC ON: fine. GC OFF: boom. GC back ON: boom too": a story
    (on, on_sentence, on_mark), (off, off_sentence, _) = marked["on"], marked["off"]
    return abs(on_sentence - off_sentence) <= 1 and (on_mark == "=" or on < off)


_OUTCOME_MARK: Final = re.compile(r"\s*(=(?![=>])|:(?!\s*(?:true|false)\b)|->|→|=>)")


# Asking whether to do something, or wanting to, says nothing of what is set now: "should I
# turn it off?", "vale a pena desligar?", "is it ok to disable it?", "quero desativar o GC".
_ADVICE: Final = frozenset(
    {
        "should",
        "devo",
        "deveria",
        "seria",
        "vale",
        "worth",
        "nice",
        "ok",
        "okay",
        "quero",
        "queria",
        "want",
        "wanna",
        "thinking",
        "pensando",
        "pensei",
        "planning",
        "love",
        "like",
        "gostaria",
        "adoraria",
    }
)


def _implied_by_wish(reading: Reading, wished: Sequence[SettingState]) -> SettingState | None:
    """A wish that says what GC is now: switching it off to go faster ("could I speed it up by
    turning checkpointing off?") means it is on; switching it back on means it is off. Asking
    for advice ("should I turn it off?") says neither."""
    for state in wished:
        if state.setting != "gc" or state.state == "unknown":
            continue
        if state.retry:
            return state._replace(state="off", wished=False, retry=False)
        advised = _in_sentence(reading, reading.sentence_of(state.first), _ADVICE)
        weighed = set(reading.tokens.words[max(0, state.first - 2) : state.first]) & _THAN
        if state.state == "off" and reading.has("speed") and not advised and not weighed:
            return state._replace(state="on", wished=False)
        if state.state == "on" and reading.tokens.words[state.first] in ("sem", "without"):
            # "tem como acelerar sem desligar o gc?": it is on, and is to stay on
            return state._replace(wished=False)
    return None


def _crash_side(
    reading: Reading, states: Sequence[SettingState], chosen: SettingState
) -> SettingState | None:
    """Of two runs told side by side, the one that crashes is the one asked about: "mudei pra
    `false`… OOM no primeiro step. Com `true` o mesmo job treina até o fim sem problema"."""
    if chosen.retry or chosen.state == "unknown" or not _calm_beside(reading, chosen):
        return None
    sentence = _sentence_span(reading, reading.sentence_of(chosen.first))
    if _said_now(reading, chosen) or _NO_MORE.search(reading.low, *sentence):
        # "dava oom com gc desligado, agora com gc ligado termina", "with gc on it doesn't crash
        # anymore": the run now
        return None
    if not any(not reading.negated(h) for h in reading.of("oom")):
        return None
    others = [
        s
        for s in states
        if s.setting == "gc"
        and s.state not in (chosen.state, "unknown")
        and not s.wished
        and not _calm_beside(reading, s)
        # "without GC it runs out of memory, with it on it trains fine": what would happen
        and not if_without_it(reading, s)
        and not _the_reason_before(reading, s, states)  # "enabled gc (it was off)"
    ]
    # a calm state said after the crash is a fix ("flipped it back on and it trains fine"),
    # unless it is only the other side set beside it ("com `true` o mesmo job treina")
    # …unless it is only the other side set beside it, told as a state and not as an act
    # ("Com o GC ligado nunca deu problema, fiz umas 10 LoRAs assim")
    acted = not _SWITCH_ACTS.isdisjoint(
        reading.tokens.words[max(0, chosen.first - 1) : chosen.last + 1]
    )
    beside = chosen.weak or chosen.keyed or _with_it(reading, chosen) or not acted
    others = [s for s in others if chosen.first < s.first or beside]
    return others[-1] if others else None


def _crashes_no_more(reading: Reading, state: SettingState) -> bool:
    """GC said on beside crashes that stopped: "with GC on it doesn't crash anymore", "com GC
    ligado não crasha mais", "liguei o gc e parou de dar oom"."""
    if state.setting != "gc" or state.state != "on" or state.wished:
        return False
    sentence = reading.sentence_of(state.first)
    end = _sentence_span(reading, sentence)[1]
    stopped = _NO_MORE.search(reading.low, reading.span(state.first, state.last)[1], end)
    return stopped is not None and any(
        h.kind in ("oom", "no_crash") for h in reading.in_sentence(sentence)
    )


_NO_MORE: Final = re.compile(
    r"\b(?:anymore|any more|no more|nao \w+ mais|ja nao \w+|nunca mais|parou de|stopped)\b"
)


# The calm side said to be kept: the run now is the calm one.
_KEPT_CALM: Final = re.compile(
    r"\b(?:(?:gc )?stays on|going with (?:it )?on|sticking with (?:it )?on|that'?s settled"
    r"|vou (?:deixar|manter|ficar com) (?:ele |o gc )?ligado|mantive (?:ele |o gc )?ligado"
    # "with gc on: 9 s/it, never ooms. with gc off it ooms. any way to get some speed back?"
    r"|(?:get|claw|win) (?:some |the |a bit of )?speed back"
    r"|recuperar (?:a |um pouco da )?velocidade)\b"
    r"(?![^.!?\n]*\b(?:or|ou)\b[^.!?\n]*\?)"  # not "stays on, or is there a middle ground?"
)


def _needed_on(
    reading: Reading, told: Sequence[SettingState], off: SettingState
) -> SettingState | None:
    """GC told as what the run needs ("only trains with gc on", "só roda com o checkpointing
    ligado", "gc is the only reason it fits"), before GC off told with a crash."""
    start, end = reading.span(off.first, off.last)
    if _SWITCHED_OFF.search(reading.low, start, end) is not None:
        return None  # "desliguei agora pra testar e morreu": switched off since, it is off
    crash = reading.in_sentence(reading.sentence_of(off.first))
    if not any(h.kind == "oom" and not reading.negated(h) for h in crash):
        return None
    for need in _ONLY_WITH.finditer(reading.low):
        first, last = reading.word_at(need.start()), reading.word_at(need.end() - 1)
        if reading.question(first):
            continue  # "gc only works with it on??": asked
        on = [s for s in told if s.setting == "gc" and s.state == "on" and first <= s.first <= last]
        if on and on[-1].last < off.first:
            return on[-1]
    return None


def _regretted(reading: Reading, state: SettingState) -> SettingState:
    """GC on, read where the message tells it as what should have been kept ("if I'd left
    checkpointing on it would have finished"): it was not, so it is off."""
    if state.setting != "gc" or state.state != "on":
        return state
    for regret in _REGRET.finditer(reading.low):
        first, last = reading.word_at(regret.start()), reading.word_at(regret.end() - 1)
        if first <= state.first <= last:
            return state._replace(state="off")
    return state


_GC_NAME: Final = r"(?:gc|gradient[ _]checkpointing|checkpointing)"
_REGRET: Final = re.compile(
    r"\b(?:should'?ve|should have|shoulda|if i'?d|if i had|had i|wish i'?d|wish i had"
    r"|se eu tivesse|se tivesse|devia ter|deveria ter|era pra ter)\s+(?:just\s+|so\s+)?"
    r"(?:left|kept|deixado|mantido)\s+(?:the\s+|o\s+|a\s+)?"
    rf"{_GC_NAME}\s+(?:on|enabled|ligado|ativado|checked|marcado)\b"
)


def needs_gc(reading: Reading) -> bool:
    """GC told as what the run needs: "only trains with gc on", "só roda com o gc ligado"."""
    return any(
        not reading.question(reading.word_at(m.start())) for m in _ONLY_WITH.finditer(reading.low)
    )


_SWITCHED_OFF: Final = re.compile(
    r"\b(?:desliguei|desativei|tirei|desmarquei|turned|switched|flipped|unticked|unchecked)\b"
)
_ONLY_WITH: Final = re.compile(
    r"\b(?:only|so|somente|apenas)\s+(?:trains?|works?|runs?|fits?|roda|funciona|treina|cabe"
    rf"|passa)\s+(?:\w+\s+){{0,3}}?(?:with|com)\s+(?:the\s+|o\s+)?{_GC_NAME}"
    r"(?:\s+(?:on|ligado|enabled|ativado|checked|marcado))?\b"
    rf"|\b{_GC_NAME}\s+(?:on\s+)?(?:is|e)\s+(?:the\s+|o\s+)(?:only|unico)\s+(?:reason|thing"
    r"|motivo)\b"
)


# Runs told one by one: "attempt 2:", "run 3", "v4", "#2", "3rd try", "na segunda tentativa".
_RUN_MARK: Final = re.compile(
    r"\b(?:attempt|run|version|tentativa|rodada|teste|try|tent)\s*#?\s*(?P<n>[1-9])(?![\d.,x])"
    # "Run A: …", "run B (atual): …"
    r"|\b(?:run|rodada|teste|try|attempt|job|treino) (?P<l>[a-e])(?=\s*[:(]|\s+[-—])"
    # "run_01 gc=False … run_02 …", "treino_b gc=off …": runs named in a log's own words
    r"|\b(?:run|treino|job|teste)_(?:0?(?P<n2>[1-9])|(?P<l2>[a-e]))\b"
    r"|(?<![\w.#])(?:v|r|#)(?P<m>[1-9])(?![\w.,])"
    r"|\b(?P<en>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th) (?:attempt|try|run)\b"
    r"|\b(?P<pt>primeira|segunda|terceira|quarta|quinta|1a|2a|3a|4a|5a) (?:tentativa|vez|rodada)\b"
    # "- 1st: gc off → OOM", "na 1ª sem gc… na 2ª com gc", "essa 2ª tá no passo 2000"
    r"|\b(?P<ord>1st|2nd|3rd|4th|5th|1a|2a|3a|4a|5a|first|second|third|fourth|fifth)\s*[:)]"
    r"|\b(?:na|a|essa|nessa|da) (?P<pa>1a|2a|3a|4a|5a)\b(?! (?:placa|gpu|geracao|versao))"
)
_ORDINALS: Final = {
    word: n
    for n, words in enumerate(
        [
            ("first", "1st", "primeira", "1a"),
            ("second", "2nd", "segunda", "2a"),
            ("third", "3rd", "terceira", "3a"),
            ("fourth", "4th", "quarta", "4a"),
            ("fifth", "5th", "quinta", "5a"),
        ],
        start=1,
    )
    for word in words
}


def told_last(reading: Reading) -> int | None:
    """Where the last of several runs told one by one begins, if the message tells them: the
    first mention of the highest-numbered ("Run 4 (now): … Run 4 should be lighter than run 1")."""
    runs = told_runs(reading)
    return None if runs is None else runs[1]


def revised_at(reading: Reading) -> tuple[int, ...]:
    """Where the message corrects or updates itself: "EDIT: …", "update 2: …", "bs 4… sorry,
    2", "rodando a 1280... corrigindo, 1024", "3070. ah não, agora é 3080 ti". What is said after
    a mark replaces what was said of the same thing before it."""
    return _revisions(reading.low)


@lru_cache(maxsize=64)  # asked of one message by several readers in turn
def _revisions(low: str) -> tuple[int, ...]:
    return tuple(m.start() for m in _REVISION.finditer(low))


_REVISION: Final = re.compile(
    # not the model's name: "qwen edit: oom at step 1"
    r"(?<![\w-])(?<!qwen )(?<!image )(?<!qie )"
    r"(?:edit|edited|edit\s?[1-9]|upd|update|update\s?[1-9]|atualizacao|atualizando)\s*:"
    r"|\b(?:wait no|no wait|sorry no|no sorry|oops no|oops|ops|opa nao|pera nao|pera,? nao"
    r"|ah nao|scratch that|correction|corrected|corrigindo|correcao|i mean|digo|quer dizer)"
    r"(?=\s*[,.:;!-])"
    # "nvm it's the 5090", "wait actually I'm on the large one", "mentira, passou 40 passos"
    r"|\b(?:nvm|nevermind|never mind|wait actually|mentira(?=\s*[,.:;!-]))"
)


def _revised_between(
    reading: Reading, states: Sequence[SettingState], revised: Sequence[int]
) -> bool:
    """Some of GC's states are said after a correction or an update the others come before."""
    if not revised:
        return False
    starts = reading.tokens.starts
    parts = {bisect_right(revised, starts[s.first]) for s in states if s.setting == "gc"}
    return len(parts) > 1


def _did_nothing(name: Hit, reading: Reading) -> bool:
    """The setting named, then that it changed nothing: "low vram didnt change anything"."""
    return any(
        0 < h.first - name.last <= _NOTHING_REACH and reading.words(h) not in _NOT_A_VERDICT
        for h in reading.of("no_effect")
    )


_TRIED_WHEN_USELESS: Final = frozenset({"low_vram"})
_NOTHING_REACH: Final = 2
_NOT_A_VERDICT: Final = frozenset({"nada", "nope"})  # "low vram e nada de oom"


def told_runs(reading: Reading) -> tuple[int, int] | None:
    """Where the first and the last of several runs told one by one begin."""
    marks = _runs_told(reading.low)
    return (min(marks), marks[-1]) if marks else None


def runs_in_order(reading: Reading) -> tuple[int, ...]:
    """Where each of several tries told one after another begins, in the order told: runs
    named in their order ("run 1: … run 2: …"), a numbered list ("1. … 2. … 3. …") or the days
    of a diary ("Fri: … Sat: … Sun: …")."""
    return _in_order(reading.low)


@lru_cache(maxsize=64)  # asked of one message by several readers in turn
def _runs_told(low: str) -> tuple[int, ...]:
    """The starts of the runs named, in the runs' order: the first mention of each."""
    marks: dict[int, int] = {}
    for found in _RUN_MARK.finditer(low):
        number = found["n"] or found["m"] or found["n2"]
        word = found["en"] or found["pt"] or found["ord"] or found["pa"]
        if letter := found["l"] or found["l2"]:
            marks.setdefault(ord(letter) - ord("a") + 1, found.start())
        else:
            marks.setdefault(int(number) if number else _ORDINALS[word], found.start())
    if len(marks) < 2:
        return ()
    return tuple(marks[n] for n in sorted(marks))


@lru_cache(maxsize=64)  # asked of one message by several readers in turn
def _in_order(low: str) -> tuple[int, ...]:
    """Runs named, when named in their order; else a numbered list's items; else a diary's days."""
    runs = _runs_told(low)
    if runs:
        return runs if list(runs) == sorted(runs) else ()
    listed = _listed(low)
    return tuple(listed.values()) if listed else tuple(_days_told(low))


def _listed(low: str) -> dict[int, int]:
    """A numbered list's items ("Tried: 1. res 768 → OOM 2. batch 1 → OOM 3. …"), where they
    begin: numbered one by one from 1, three at least, or two opened after a colon or a line's
    start, so that "OOM at step 1. bs 2. …" is none."""
    items: dict[int, int] = {}
    for found in _LIST_ITEM.finditer(low):
        if int(found["k"]) == len(items) + 1:
            items[len(items) + 1] = found.start()
    if len(items) >= 3 or (len(items) == 2 and _LIST_OPENS.search(low, 0, items[1] + 1)):
        return items
    return {}


def _days_told(low: str) -> list[int]:
    """Where the days of a diary begin, each told once and in its turn ("Fri: … Sat: …")."""
    starts: dict[str, int] = {}
    for found in _DAY_MARK.finditer(low):
        starts.setdefault(found["day"][:3], found.start())
    return sorted(starts.values()) if len(starts) >= 2 else []


_LIST_ITEM: Final = re.compile(r"(?:^|(?<=[\s:]))(?P<k>[1-9])[.)](?=[ \t]+\S)", re.MULTILINE)
_LIST_OPENS: Final = re.compile(r"(?:^|:)\s*1[.)]\s", re.MULTILINE)
_DAY_MARK: Final = re.compile(
    r"\b(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu"
    r"|thur|thurs|fri|sat|sun|segunda|terca|quarta|quinta|sexta|sabado|domingo)(?:-feira)?"
    r"\s*:"
)


def of_another_person(reading: Reading, word: int) -> bool:
    """The clause of ``word`` tells of someone else, and nothing of one's own comes between them
    and it: "my buddy runs the same config on his 4090 with GC on", "guy above runs bs4 on 24g",
    "o cara ali em cima roda bs4"."""
    words = reading.tokens.words
    if word >= len(words) or (
        _PEOPLE.isdisjoint(words)
        and "cara" not in words
        and _HIS.isdisjoint(words)
        and _YOURS.isdisjoint(words)
    ):
        return False  # most messages name no one else
    if _ON_BEHALF.search(reading.low) and not _MINE_TOLD.search(reading.low):
        # "asking for a friend: 5090, zimage, gc on", "escrevo pelo meu pai, ele tem uma 3060":
        # the run asked about is theirs, and the writer tells none of their own
        return False
    clause = reading.clauses_of_words
    start = word
    while start > 0 and clause[start - 1] == clause[word]:
        start -= 1
    opener = start + (words[start] in _THE)
    if opener < word and words[opener] in _HIS:
        return True  # "his OOMs at the first sample, mine never", "a dele estoura no sample"
    # "galera, …", "guys …": those spoken to are not whose run it is
    greeted = reading.greeted()
    told = [
        i
        for i in range(start, word)
        if i not in greeted
        and (
            words[i] in _PEOPLE
            or words[i] in _YOURS
            or (words[i] == "cara" and words[i - 1 : i] in _A_GUY)
        )
    ]
    if not told:
        return False
    between = words[told[-1] + 1 : word]
    # "same setup as yours but 16gb instead of 24": what follows the contrast is one's own
    return _ME.isdisjoint(between) and not (words[told[-1]] in _YOURS and _BUT & set(between))


_PEOPLE: Final = LEXICON.words("people")
# Advice given in this conversation, told back: "you said drop to 1", "vc falou pra baixar".
ADVISED: Final = re.compile(
    r"\b(?:you|vc|voce|tu|the reply|the answer|the bot|a resposta|your answer|your reply)"
    r"\s+(?:just\s+|me\s+)?(?:said|says|told me|suggested|mentioned|recommended|disse|diz"
    r"|falou|fala|sugeriu|mandou|recomendou|citou|escreveu)\b"
)
# Written for someone else, whose run is the one asked about.
_ON_BEHALF: Final = re.compile(
    r"\b(?:(?:asking|posting|writing|filing|relaying|opening this|question) (?:this )?"
    r"(?:for|on behalf of|from) (?:a|an|my|our)|on behalf of|helping (?:a|my|out a|out my)"
    r"|em nome de|escrevo (?:pelo|pela|por)|pergunta (?:de|do|da) (?:um|uma|meu|minha)"
    r"|ajudando (?:um|uma|meu|minha)|repassando"
    r"|perguntando (?:por|pra|para) (?:um|uma|meu|minha))\b"
)
# The writer's own run told beside: "on my 4090 it works", "na minha roda liso", "mine trains".
_MINE_TOLD: Final = re.compile(
    r"\b(?:mine|my own|on my|in my|with my|na minha|no meu|a minha|o meu|comigo|aqui (?:eu|roda)"
    r"|eu (?:treino|tenho|rodo|uso)|i (?:train|have|run|use)|myself)\b"
)
# Whose run a clause opens with ("his OOMs…", "a dele estoura…"); not "copied his config".
_HIS: Final = frozenset({"his", "hers", "dele", "dela"})
_THE: Final = frozenset({"a", "o", "the"})
# The run of the one answered: "o teu roda em 1024 pq tu tem 4090, aqui eu to em 512", "@mira
# yours dies at caching, mine gets through".
_YOURS: Final = frozenset({"teu", "tua", "yours"})
_BUT: Final = frozenset({"but", "mas", "except", "instead", "though"})
_SWITCH_ACTS: Final = LEXICON.words("switch_acts")
_ME: Final = LEXICON.words("me")
# One's own config or the one taken for the run: "mine says `…: false`", "peguei um config que
# vinha com `…: false`".
_MINE: Final = _ME | {"peguei", "baixei", "copiei", "usei", "downloaded", "copied"}
# Words that tell of the asker's own run in a question about a setting.
_RUNNING_VERBS: Final = frozenset({"uso", "using", "usando", "rodo"})
_FIRST_PERSON: Final = (
    _ME | {"i've", "ive", "we", "our", "meus", "minhas", "estou", "tenho"} | _RUNNING_VERBS
)
# Asking about the key itself, and what says a config holds it.
_THE_KEY_ASKED: Final = frozenset(
    {"right", "certo", "mesmo", "msm", "default", "padrao", "key", "chave", "under", "embaixo"}
    | {"where", "onde", "which", "qual", "bloco", "block", "section"}
)
_HELD: Final = frozenset(
    {"has", "have", "had", "tem", "tinha", "with", "com", "reason", "because", "pq", "porque"}
    | {"set", "using", "usando"}
)
_A_GUY: Final = frozenset({("o",), ("um",), ("esse",), ("aquele",)})  # "o cara", not "de cara"


def _with_it(reading: Reading, state: SettingState) -> bool:
    """ "com ele marcado tava de boa", "with it on it ran", "With gc enabled + bs 1 it trains
    fine": the state set beside another."""
    words = reading.tokens.words
    return (
        words[max(0, state.first - 2) : state.first] in _WITH_IT
        or words[max(0, state.first - 1) : state.first] in _WITH
    )


_WITH: Final = frozenset({("with",), ("com",), ("w",)})


_WITH_IT: Final = frozenset({("com", "ele"), ("com", "ela"), ("with", "it"), ("com", "isso")})


_WENT_WELL: Final = frozenset({"stable", "no_crash", "fine", "worked"})


def _runs(reading: Reading, state: SettingState) -> bool:
    """The state's sentence tells a run that goes, and no crash: "gc on = 7 s/it, no crash,
    finished", "com gc ta 9s/it"."""
    told = reading.in_sentence(reading.sentence_of(state.first))
    return not any(h.kind == "oom" and not reading.negated(h) for h in told) and (
        any(h.kind in _WENT_WELL and not reading.negated(h) for h in told)
        or RATE.search(reading.text_of_sentence(state.first)) is not None
    )


# A training rate: "7 s/it", "1.2it/s".
RATE: Final = re.compile(r"\d\s*(?:s/it|it/s|s por it|sec/it|seg/it)", re.IGNORECASE)


def _calm_beside(reading: Reading, state: SettingState) -> bool:
    """A word of a run that went well in the state's clause: "com GC ligado rodava"; or a state
    set beside its sentence's run that goes ("Com GC ligado roda a 12 s/it (nunca terminei)")."""
    clause = reading.clauses.get(state.first)
    return (
        clause is not None
        and any(
            h.kind in _WENT_WELL and not reading.negated(h) and not _an_opener(reading, h)
            for h in reading.by_clause.get(clause, ())
        )
    ) or (
        _with_it(reading, state) and _opens_its_sentence(reading, state) and _runs(reading, state)
    )


def _an_opener(reading: Reading, hit: Hit) -> bool:
    """ "ok so gc off = OOM…": an "ok" that opens what is told, no run that went well."""
    words = reading.tokens.words
    first, _ = reading.sentence_words(reading.sentence_of(hit.first))
    return (
        hit.first == first
        and words[hit.first] in _OK
        and words[hit.first + 1 : hit.first + 2] in _OPENED_BY
    )


_OK: Final = frozenset({"ok", "okay", "okk"})
_OPENED_BY: Final = frozenset((w,) for w in ("so", "then", "entao", "tipo", "i", "but", "mas"))


def _opens_its_sentence(reading: Reading, state: SettingState) -> bool:
    """ "Com GC ligado roda…", not "Refiz com GC ligado…" (an act)."""
    first, _ = reading.sentence_words(reading.sentence_of(state.first))
    return state.first - first <= 2 and (reading.tokens.words[first],) in _WITH


def of_another_model(reading: Reading, word: int) -> bool:
    """Said of a run of another model: "my SDXL LoRAs always trained fine with GC on. Now I'm
    trying Z-Image and…" names one model in the word's sentence and a different one after it."""
    sentence = reading.sentence_of(word)
    models = [h for h in reading.of("fact") if h.arg.startswith("model_family=")]
    # "other" holds unrelated models, told apart by name: "SDXL was fine, then Qwen-Image…"
    words = reading.tokens.words

    def named(h: Hit) -> tuple[str, tuple[str, ...]]:
        return h.arg, words[h.first : h.last + 1] if h.arg == _OTHER_MODEL else ()

    here = [h for h in models if reading.sentence_of(h.first) == sentence]
    later = {named(h) for h in models if reading.sentence_of(h.first) > sentence}
    if here and later - {named(h) for h in here}:
        return True
    # "Started with SDXL, that was fine, then moved to Qwen-Image": one model before the word,
    # another after it, in its sentence
    before = {named(h) for h in here if h.last < word}
    return bool(before) and bool({named(h) for h in here if h.first > word} - before)


_OTHER_MODEL: Final = "model_family=other"


def _without_it_crashes(reading: Reading, state: SettingState) -> bool:
    """ "Without gradient checkpointing it runs out of memory, with it it's slow": what would
    happen either way, said of a setting that is on ("sem GC dá OOM" alone is a report)."""
    if state.setting != "gc" or state.state != "off" or not state.weak:
        return False
    if not one_side_of_two(reading, state.first):
        return False
    clause = reading.clauses[state.first]
    if _crash_in(reading.by_clause.get(clause, ()), reading):
        return True
    # "Sem o GC o treino nem começa, estoura na hora. Com ele vai": the crash may follow a
    # comma, in the same sentence and before the side with it
    following = reading.by_clause.get(clause + 1, ())
    if not following:
        return False
    first = following[0].first
    with_side = reading.tokens.words[first - 1 : first] in _WITH
    same_sentence = reading.sentence_of(first) == reading.sentence_of(state.first)
    return same_sentence and not with_side and _crash_in(following, reading)


def if_without_it(reading: Reading, state: SettingState) -> bool:
    """A sentence opened by what happens without GC, beside what happens with it: "Without GC it
    runs out of memory, with it on it trains". Not a setup told in a list ("SDXL na 3060, sem GC,
    dá OOM às vezes. Com o GC ligado nunca deu problema")."""
    opens = reading.sentence_words(reading.sentence_of(state.first))[0] == state.first
    return opens and _without_it_crashes(reading, state)


def one_side_of_two(reading: Reading, word: int) -> bool:
    """The clause of ``word`` is opened by "without GC"/"sem o GC" while the same sentence says
    what happens with it ("…, with it it's slow", "…, com o GC demora 10h")."""
    if "without" not in reading.low and "sem " not in reading.low:
        return False  # most messages
    words = reading.tokens.words
    clause = reading.clauses_of_words
    sentence = reading.sentence_of(word)
    start = next((i for i in range(word, -1, -1) if i == 0 or clause[i - 1] != clause[i]), 0)
    if words[start] not in ("without", "sem"):
        return False
    if not any(h.first in (start + 1, start + 2) for h in reading.of("mention")):
        return False
    # "…, with it it's slow"; or opening the next sentence: "Sem o GC nem começa. Com ele vai"
    return any(
        words[i] in ("with", "com")
        and (
            reading.sentence_of(i) == sentence
            or (reading.sentence_of(i) == sentence + 1 and clause[i - 1] != clause[i])
        )
        and clause[i] != clause[word]
        and (words[i + 1 : i + 2] in (("it",), ("ele",), ("ela",)) or _names_gc(reading, i + 1))
        for i in range(len(words) - 1)
    )


def _names_gc(reading: Reading, at: int) -> bool:
    return any(h.first in (at, at + 1) and h.arg == "gc" for h in reading.of("mention"))


def _before_the_retry(reading: Reading, retry: SettingState, state: SettingState) -> bool:
    """ "turned GC back on and it went to the end; the samples I saw before it crashed with GC
    off…", "religuei o gc… pior que a do meu amigo, que treinou com gc off": a state said after
    switching back on, as what another run was trained *with*, is no switch undone."""
    return (
        retry.retry
        and state.setting == retry.setting
        and state.state == "off"
        and not state.keyed
        and _with_it(reading, state)
    )


def _the_reason_before(reading: Reading, state: SettingState, told: Sequence[SettingState]) -> bool:
    """The other state told after one, in the past, as why it was changed: "gc off because it
    was doing 30s/it with it on", "`gradient_checkpointing: false` (it was 11s/it with it on)",
    "turned it off to speed up, it was on in the example config"."""
    if state.retry or state.keyed or state.state not in ("on", "off"):
        return False
    words = reading.tokens.words
    sentence = reading.sentence_of(state.first)
    for other in told:
        if (
            other.setting != state.setting
            or other.state not in ("on", "off")
            or other.state == state.state
            or other.last >= state.first
            or reading.sentence_of(other.first) != sentence
        ):
            continue
        between = words[other.last + 1 : state.last + 1]
        near = words[max(other.last + 1, state.first - 6) : state.last + 3]
        told_as_then = (
            not _WAS_THEN.isdisjoint(near)
            # "…now it's on", not "`…: true` now (it was false)"
            and not any(
                max(other.last + 2, state.first - 3) <= h.first <= state.last
                for h in reading.of("now")
            )
            and _SWITCH_ACTS.isdisjoint(words[state.first : state.last + 1])
        )
        gap = reading.low[reading.tokens.ends[other.last] : reading.tokens.starts[state.first]]
        if told_as_then and (not _BECAUSE.isdisjoint(between) or "(" in gap or "," in gap):
            return True
    return False


_WAS_THEN: Final = _WAS | {"era", "ficava", "dava", "used", "previous", "anterior", "had"}


def _went_well_then(reading: Reading, state: SettingState) -> bool:
    """A state told as how a run used to go: "com gc ligado ia a 7s/it", "it was fine with GC
    on", "ran fine with checkpointing on"; not a switch ("liguei o gc e rodou")."""
    if state.retry or state.keyed:
        return False
    words = reading.tokens.words
    if not _SWITCH_ACTS.isdisjoint(words[max(0, state.first - 2) : state.last + 1]):
        return False
    clause = reading.clauses_of_words
    used_to = any(
        words[i] in _USED_TO_GO and words[i - 1] not in _BELIEF  # not "achando q ia mais rápido"
        for i in range(state.last + 1, min(len(words), state.last + 6))
        if clause[i] == clause[state.last]
    )
    before = words[max(0, state.first - 4) : state.first]
    return used_to or ("fine" in before and not _WAS_FINE.isdisjoint(before))


def of_an_earlier_run(reading: Reading, state: SettingState) -> bool:
    """ "compared to my previous run with GC on", "que a lora anterior com gc ligado": the
    setting of a run before this one."""
    start, end = reading.span(state.first, state.last)
    if reading.said_before(_OF_AN_EARLIER_RUN, start, 40) is not None:
        return True
    if (state.retry or _an_act(state, reading)) and _FOR_A_RUN.match(reading.low, end):
        # "turned it back on for the overnight run", "Turned GC on for the qwen run, same OOM":
        # the act, for the run now
        return False
    # "(I had it on for my last two runs, both completed)", "with GC on it trained at batch 8
    # happily", "com gc on rodou 2500 steps ontem": what it was in runs told as done
    return bool(_RUNS_IT_WAS_IN.match(reading.low, end) or reading.said_before(_HAD_IT, start, 16))


_OF_AN_EARLIER_RUN: Final = re.compile(
    # "my old 33 frame run with", "um treino antigo com 49 frames e"
    r"\b(?:(?:(?:previous|earlier|older|old|last|first)\s+(?:\d+\s*\w+\s+)?"
    r"(?:run|lora|training|attempt|one|version)"
    r"|(?:run|lora|treino|tentativa|versao)\s+(?:anterior|antig[ao]|passad[ao])"
    r"|(?:primeir[ao]|ultim[ao])\s+(?:run|lora|treino|tentativa))"
    r"(?:\s+(?:at|em|on|no|na)\s+\d+|\s+(?:with|com)\s+\d+\s*\w+\s+(?:and|e))?"
    # "the ones I made before with GC on", "as loras que fiz com GC ligado"
    r"|(?:the ones|the loras|the runs|as loras|os treinos|minhas loras|my loras|my runs)\s+"
    r"(?:i\s+|que\s+|q\s+)?(?:made|did|trained|ran|fiz|treinei|rodei)(?:\s+\w+){0,3}?"
    # "já tinha feito 2 loras completas com ele ligado", "my 2 lora before train good with"
    r"|(?:\d|two|three|four|five|dois|duas|tres|quatro|cinco|several|varias|varios|algumas)"
    r"\s+(?:\w+\s+)?(?:loras?|runs?|treinos?)(?:\s+\w+){0,3}?)"
    r"\s+(?:\(\s*)?(?:with|com|w/?|using|usando)\s+(?:the\s+|o\s+)?$"
)


_RUNS_IT_WAS_IN: Final = re.compile(
    r"\s*(?:for (?:my |the |all |both |every |runs? |\d)"
    r"|(?:it |ele |they )?(?:trained|ran|worked|finished|completed|went|rodou|treinou|terminou"
    r"|fechou)\b"
    # "com ele ligado minhas loras sempre fecharam": what it was in the runs told as done
    r"|,?\s*(?:minhas|my|all my|todas as minhas) (?:\w+ )?(?:loras|runs|treinos)\s+(?:sempre\s+"
    r"|always\s+|all\s+)?(?:fecharam|terminaram|finished|worked|ran|rodaram|trained|treinaram"
    r"|completed|completaram)\b)"
)
_FOR_A_RUN: Final = re.compile(
    r"\s*(?:for|pro|pra|para) (?:the|this|my|o|a|esse|essa) (?:[\w.-]+ ){0,2}"
    r"(?:run|job|training|lora|one|treino|rodada)\b"
)
_HAD_IT: Final = re.compile(r"\b(?:had|tinha|tive)\s+(?:it\s+|ele\s+)?$")


_USED_TO_GO: Final = frozenset({"ia", "rodava", "funcionava", "treinava", "andava", "passava"})
_BELIEF: Final = frozenset({"q", "que", "achando", "achei", "pensando", "pensei", "se"})
_WAS_FINE: Final = frozenset({"was", "were", "ran", "worked", "trained"})


def _fine_without(reading: Reading, cond: Hit) -> bool:
    """ "…it runs fine without it", "roda de boa sem ele": how it runs with the setting off,
    not what would happen if it were switched off; "gc off because it's so slow otherwise": how
    it runs the other way, no crash."""
    return any(0 < cond.first - h.last <= 2 for kind in _FINE_KINDS for h in reading.of(kind))


_FINE_KINDS: Final = ("fine", "stable", "no_crash", "speed")


_NOW_REACH: Final = 3  # "agora com o gc ligado"


def _said_now(reading: Reading, state: SettingState) -> bool:
    """A state right after "now" ("…, now with GC on it finishes", "agora com o gc ligado"), or
    in a clause "now" opens ("Agora tô refazendo na minha 3060 com gc on")."""
    clause_of = reading.clauses_of_words
    return any(
        clause_of[h.last] == clause_of[state.first]
        and state.first > h.last
        and (
            state.first - h.last <= _NOW_REACH
            or (
                (h.first == 0 or clause_of[h.first - 1] != clause_of[h.first])
                # not "agora quero subir pra 1024 e garantir que o gc tá ligado": a wish
                and not any(h.last < w.first < state.first for w in reading.of("hypo"))
            )
        )
        for h in reading.of("now")
    )


def _last_act_before_the_crash(
    reading: Reading, state: SettingState, states: Sequence[SettingState]
) -> bool:
    """The person's own switch, told in the past ("Last week I disabled it to see how much
    faster…"), the last state of its setting said, with the crash told after it: what the run
    is now."""
    if not own_act(state, reading):
        return False
    if any(s.setting == state.setting and s.first > state.last for s in states):
        return False
    return any(h.first > state.last and not reading.negated(h) for h in reading.of("oom"))


def _led_to_now(reading: Reading, state: SettingState) -> bool:
    """A switch told right before "and now…": "turned it off and now it OOMs"; not a state
    ("it was on, now it's off")."""
    words = reading.tokens.words[max(0, state.first - 2) : state.last + 1]
    return not _SWITCH_ACTS.isdisjoint(words) and any(
        0 < h.first - state.last <= 2 for h in reading.of("now")
    )


def _asked_with(reading: Reading, told: SettingState, state: SettingState) -> bool:
    """ "batch 6 gc off deu oom, com gc ligado até quanto de batch dá?", "OOM at bs 4 with GC
    off. With GC on, what batch fits?": the other state, opening a question as its condition, is
    asked about; the state told before it is the run's. Not a run told in a question ("worse
    than the run with GC off?")."""
    if state.state == told.state or told.state == "unknown" or reading.has("now"):
        return False
    if not reading.question(state.first) or _clause_asks(reading, told.first):
        return False
    words = reading.tokens.words
    lead = next(
        (at for at in (state.first - 1, state.first - 2) if at >= 0 and (words[at],) in _WITH), None
    )
    if lead is None:
        return False
    before = lead - 1
    return (
        before < 0
        or reading.clauses_of_words[before] != reading.clauses_of_words[lead]
        or words[before] in _OPENING_LINKS
    )


_OPENING_LINKS: Final = frozenset({"e", "and", "mas", "but", "so", "entao"})


def _unknown_since(reading: Reading, state: SettingState) -> bool:
    """What it was, then not known now: "gc was off last time but idk now", "o gc tava off da
    última vez mas agora não sei"."""
    sentence = reading.sentence_of(state.first)
    words = reading.tokens.words[state.first : state.last + 1]
    told_as_was = not _WAS.isdisjoint(words) or any(
        reading.sentence_of(h.first) == sentence for h in reading.of("past")
    )
    if not told_as_was:
        return False
    nows = [h.first for h in reading.of("now") if h.first > state.last]
    return any(
        h.first > state.last
        and reading.sentence_of(h.first) == sentence
        and any(abs(h.first - now) <= 2 for now in nows)
        for h in reading.of("uncertain")
    )


def _kinds_compared(reading: Reading, state: SettingState) -> bool:
    """A kind of quantization named only to weigh it against another: "4bit vs qfloat8"."""
    words = reading.tokens.words
    if not state.bare or state.setting != "quantize" or words[state.first].startswith("quantiz"):
        return False
    return not _WEIGHED.isdisjoint(words[max(0, state.first - 2) : state.last + 3])


_WEIGHED: Final = frozenset({"vs", "versus"})


_PREVIEW_SWITCHES: Final = frozenset({"sampling", "disable_sampling"})
_AN_EARLIER_RUN: Final = frozenset(
    {"anterior", "anteriores", "previous", "old", "antigo", "antiga", "passado", "last"}
)


def current_states(reading: Reading, states: Sequence[SettingState]) -> list[SettingState]:
    """What each setting is now: a state written as a setting beats prose, prose in the present
    beats prose about before ("it was stable before with GC on"), and within each the last said
    wins. States that describe no run are dropped."""
    chosen: dict[str, tuple[int, SettingState]] = {}
    states = [s for s in states if not _kinds_compared(reading, s)]
    wished = [s for s in states if s.wished]
    states = [s for s in states if not s.wished]
    past = {reading.sentence_of(h.first) for h in reading.of("past")}
    cond = {reading.clauses[h.first] for h in reading.of("cond") if not _fine_without(reading, h)}
    revised = revised_at(reading)
    # "should've left gc on", "se eu tivesse deixado o GC ligado": it is off
    states = [_regretted(reading, s) for s in states]
    # "GC desligado… com GC ligado eu nunca testei": off, said twice, not a debate
    states = [_the_other_than_never_tried(reading, s) for s in states]
    if _debated(reading, states) and not _revised_between(reading, states, revised):
        states = [s for s in states if s.setting != "gc"]
    told = [s for s in states if not _generic(s, reading, states)]
    earlier = [s for s in told if of_an_earlier_run(reading, s)]
    told = [
        s
        for s in told
        if s not in earlier or not any(o.setting == s.setting and o not in earlier for o in told)
    ]
    reasons = [s for s in told if _the_reason_before(reading, s, told)]
    if reasons:
        # "enabled gc (it was off)": the "was" of the state before says nothing of the sentence
        past = {
            reading.sentence_of(h.first)
            for h in reading.of("past")
            if not any(r.first <= h.first <= r.last for r in reasons)
        }
    if any(s.retry for s in told):
        # "turned it back on (I had switched it off last week)": what it had been before
        told = [
            s
            for s in told
            if not _pluperfect(reading, s)
            or not any(o.setting == s.setting and o.retry for o in told)
        ]
    for state in told:
        if reading.clauses.get(state.first) in cond or _without_it_crashes(reading, state):
            if state.setting == "gc" and "gc" not in chosen:
                # "if I untick it, it OOMs": it is ticked now
                chosen["gc"] = (0, state._replace(state="on"))
            continue
        # "semana passada vi que desligando fica mais rápido, desliguei e agora crasha": the act
        # that brought on now is not of the past
        said_now = _said_now(reading, state)
        then = (
            (
                reading.sentence_of(state.first) in past
                and not _led_to_now(reading, state)
                and not said_now
                and not _last_act_before_the_crash(reading, state, told)
                # "gc off 1.6s/it but OOM'd once. turned it back on for the overnight run": the
                # last switch told is what it is now, told in the past or not
                and not (state.retry and _last_told(state, told) and _an_act(state, reading))
            )
            or _went_well_then(reading, state)
            or state in reasons
        )
        # "com `gc: true` rodava, troquei pra…"; a switch back said after a key outranks it too
        # ("I had `gradient_checkpointing: false`… set it back to true")
        rank = 0 if then else 2 if state.keyed else 1
        sentence = reading.sentence_of(state.first)
        if (
            then
            and state.setting in _PREVIEW_SWITCHES
            and any(
                reading.sentence_of(h.first) == sentence
                and not _AN_EARLIER_RUN.isdisjoint(reading.tokens.words[h.first : h.last + 1])
                for h in reading.of("past")
            )
            and not any(reading.sentence_of(h.first) == sentence for h in reading.of("now"))
        ):
            continue  # "a config anterior tinha disable_sampling true": the earlier run's previews
        held = chosen.get(state.setting)
        if state.retry and rank and held is not None and held[1].keyed:
            rank = 2
        if rank and _crashes_no_more(reading, state):
            rank = 2  # "with gradient checkpointing on it doesn't crash anymore"
        if said_now and rank and held is not None and held[1].keyed and state.first > held[1].last:
            rank = 2  # "`gradient_checkpointing: true` (isso era antes, agora tá gc false)"
        ends = reading.tokens.ends
        if (
            rank
            and held is not None
            and held[1].keyed
            and state.first > held[1].last
            and "```" in reading.text[ends[held[1].last] : reading.tokens.starts[state.first]]
            and own_act(state, reading)
        ):
            # "found this config on reddit: ```…gradient_checkpointing: true…``` I changed linear
            # to 32 and turned gradient_checkpointing off": switched after the config was pasted
            rank = 2
        # a bare preposition ("com GC cada treino leva 3h") does not undo a state said outright
        # …nor does a bare name ("quantize off because fp8 made my samples black")
        weaker = (
            held is not None
            and (
                ((state.weak or state.bare) and not (held[1].weak or held[1].bare))
                # …and a bare name does not undo a preposition's ("sem quantizar porque o fp8
                # estragava os detalhes", "no quant … do i need quant or gc back on?")
                or (state.bare and held[1].weak)
            )
            and not said_now  # "it used to OOM with GC off, now with GC on it finishes"
        )
        if held is not None and (
            _before_the_retry(reading, held[1], state) or _asked_with(reading, held[1], state)
        ):
            continue
        if rank and held is not None and _revised_between(reading, (held[1], state), revised):
            # "it's off. wait no, I checked, it's `true`", "EDIT: set it back to true, trains":
            # the message corrected or updated since
            rank, weaker = max(rank, held[0]), False
        if held is None or rank > held[0] or (rank == held[0] and not weaker):
            chosen[state.setting] = (rank, state)
    held = chosen.get("gc")
    if held is not None:
        crashed = _crash_side(reading, told, held[1])
        if crashed is not None:
            chosen["gc"] = (held[0], crashed)
        elif _unknown_since(reading, held[1]):
            chosen["gc"] = (held[0], held[1]._replace(state="unknown"))
    held = chosen.get("gc")
    if held is not None and _KEPT_CALM.search(reading.low) and not _runs(reading, held[1]):
        # "gc on = 7 s/it. gc off = crash at the 1st preview. going with on for now", "com gc
        # 9s/it, sem gc estoura. tem meio termo?": the calm side is kept
        calm = [
            s
            for s in told
            if s.setting == "gc" and s.state not in (held[1].state, "unknown") and _runs(reading, s)
        ]
        if calm:
            chosen["gc"] = (held[0], calm[-1])
    held = chosen.get("gc")
    if held is not None and held[1].state == "off":
        needed = _needed_on(reading, told, held[1])
        if needed is not None:
            # "zit only trains with gc on. turn it off = cuda oom at step 1": the crash told of
            # GC off is the other side of what it needs; it runs with GC on
            chosen["gc"] = (held[0], needed)
    done = reading.first("did_it")
    held = chosen.get("gc")
    if (
        done is not None
        and held is not None
        and held[1].last < done.first
        and not held[1].keyed
        and not held[1].retry  # "fine now after flipping it back on"
    ):
        # "all with GC on, never a problem. I read that turning it off is free speed, so I
        # did": the act suggested after the state said is what was done
        after = [
            s
            for s in [*states, *wished]  # the act suggested is said in general
            if s.setting == "gc"
            and s.state not in ("unknown", held[1].state)
            and held[1].last < s.first < done.first
        ]
        if after:
            chosen["gc"] = (held[0], after[-1]._replace(wished=False))
    if done is not None and "gc" not in chosen:
        # "turning it off makes it faster, so I did that": the act suggested is the setup now
        suggested = [s for s in [*states, *wished] if s.setting == "gc" and s.state != "unknown"]
        # the nearest: "…, so I did that" or "segui um tutorial que mandava desativar o GC"
        nearest = min(suggested, key=lambda s: abs(s.first - done.first), default=None)
        if nearest is not None:
            chosen["gc"] = (0, nearest._replace(wished=False))
    held = chosen.get("gc")
    if (
        held is not None
        and held[0] == 0
        and reading.has("where")
        and not held[1].keyed
        # not "I turned it off last time and want it back": off until then
        and not (held[1].state == "off" and _WANT_IT_BACK.search(reading.low))
    ):
        # "on my old job I had it ticked… the new template doesn't show it, where is it?": the
        # old run's state, and the new one's is what is asked
        del chosen["gc"]
        held = None
    back = _wished_back_on(reading) if held is not None and held[1].retry else None
    if held is not None and back is not None and held[1].first <= back.first <= held[1].last:
        chosen["gc"] = (held[0], back)  # "how do I turn gradient_checkpointing back on?": off
    if "gc" not in chosen:
        implied = (
            _implied_by_wish(reading, wished)
            or _wished_back_on(reading)
            or _if_switched_off(reading)
        )
        if implied is not None:
            chosen["gc"] = (0, implied)
    last_run = told_last(reading)
    if last_run is not None:
        # "v4 oom'd with gc off, v5 = v4 + gc on and it finished": the run told last is the run
        # now, whatever the runs before it had
        for state in told:
            if reading.span(state.first, state.last)[0] > last_run and state.state != "unknown":
                chosen[state.setting] = (chosen.get(state.setting, (1, state))[0], state)
    for original, now in _not_done_yet(reading, [*states, *wished]):
        held = chosen.get(original.setting)
        if held is None or held[1].first == original.first:
            chosen[original.setting] = (0, now)
    return sorted((state for _, state in chosen.values()), key=lambda s: s.first)


_WANT_IT_BACK: Final = re.compile(
    r"\b(?:want|need|wanna) it back\b|\bquero (?:voltar|religar|ligar de novo|de volta)\b"
)


def _not_done_yet(
    reading: Reading, states: Sequence[SettingState]
) -> list[tuple[SettingState, SettingState]]:
    """States told, then "but I haven't yet": "I was told to set quantize: true but haven't
    yet", "a friend said to turn GC off. I haven't yet", "mandaram colocar quantize: true mas
    ainda não coloquei". Each is the other way now (the state told, and the state now)."""
    found = _NOT_YET.search(reading.low)
    if found is None:
        return []
    at = reading.word_at(found.start())
    sentence = reading.sentence_of(max(at, 0))
    told = [
        s
        for s in states
        if s.last < at
        and s.state in _FLIPPED
        and reading.sentence_of(s.first) in (sentence, sentence - 1)
    ]
    return [(s, s._replace(state=_FLIPPED[s.state], wished=False)) for s in told]


_NOT_YET: Final = re.compile(
    r"\bhaven'?t(?: done)?(?: (?:it|that|either|them|any of (?:it|them)))? yet\b"
    r"|\bhave not(?: done)?(?: it| that)? yet\b"
    r"|\bainda nao (?:fiz|coloquei|liguei|desliguei|ativei|mudei|mexi)\b"
    r"|\bnao (?:fiz|coloquei|liguei|desliguei|ativei|mudei) (?:isso |nada )?ainda\b"
)
_FLIPPED: Final = {"on": "off", "off": "on"}


# Not knowing which way GC is set, said of the setting as a whole: "no idea if it's on", "how do
# I check whether it's on?", "não sei se tá ligado". A wish to check ("quero conferir se tá
# ligado") is left out: people who write it are as often sure as not.
_WHICH_WAY: Final = re.compile(
    r"\b(?:no idea|not sure|not 100 sure|unsure|idk|dunno|don'?t know|don t know|do not know"
    r"|can'?t tell|can t tell|cannot tell|no clue|not certain|don'?t remember|don t remember"
    r"|nao sei|sei la|nem sei|nao tenho certeza|nao tenho ideia|nao lembro|nao faco ideia"
    r"|how do i|how can i|how would i|how to)"
    r" (?:\w+ ){0,3}?(?:if|whether|se|what|which way|qual|how)"
    r" (?:(?:it|gc|mine|my|meu|the|the box|o gc|ele|ela|a opcao|is it|it is|its|it s|it's|is"
    r"|ta|esta|estava|i left|eu deixei|deixei) ){0,3}"
    r"(?:on|off|set|enabled|disabled|ligado|desligado|ativado|desativado|true|false|checked"
    r"|ticked|marcado|the checkbox)\b"
)
# "gc... honestly not sure", "GC? no idea", "o gc sei la": the name, then the doubt; or the
# setting not even known: "i don't even know what gradient checkpointing is", "never heard of
# gc", "nem sei o que é gradient checkpointing"
_NAME_THEN_DOUBT: Final = re.compile(
    r"\b(?:gc|gradient checkpointing|checkpointing|grad checkpointing) (?:(?:honestly|tbh|hmm|is"
    r"|status|sinceramente|ta|esta|o|mine|meu) )?(?:not sure|no idea|idk|dunno|no clue|nao sei"
    r"|sei la|nem sei|not certain)\b(?! (?:why|por que|porque|pq|what|o que))"
    r"|\b(?:don'?t|do not|dont) (?:even )?know what (?:gradient checkpointing|gc|checkpointing)"
    r" (?:is|even is|means)\b|\b(?:gc|checkpointing) (?:\w+ ){0,2}never heard of (?:it|that)\b"
    r"|\bnever heard of (?:gc|gradient checkpointing)\b"
    r"|\bnem sei o que (?:e|eh) (?:esse |o |a )?(?:gradient checkpointing|gc|checkpointing)\b"
)
_ON_OR_OFF: Final = re.compile(
    r"\b(?:on or off|off or on|ligado ou desligado|desligado ou ligado|on ou off|true or false)\b"
)
_DOUBT_OF_GC_REACH: Final = 1  # sentences from the GC's name to the doubt


def doubted(reading: Reading) -> tuple[int, int] | None:
    """The words of a doubt about which way GC is set, near where GC is named; or None."""
    named = {reading.sentence_of(h.first) for h in reading.of("mention") if h.arg == "gc"}
    if not named:
        return None
    last_sentence = len(reading.sentence_ends)
    for sentence in sorted(named):
        for near in range(sentence, min(sentence + _DOUBT_OF_GC_REACH, last_sentence) + 1):
            first, last = reading.sentence_words(near)
            said = " ".join(reading.tokens.words[first:last])
            found = _WHICH_WAY.search(said) or _NAME_THEN_DOUBT.search(said)
            if found is None and any(
                reading.sentence_of(h.first) == near for h in reading.of("uncertain")
            ):
                found = _ON_OR_OFF.search(said)
            if found is not None:
                start = first + said.count(" ", 0, found.start())
                return start, first + said.count(" ", 0, found.end())
    return None
