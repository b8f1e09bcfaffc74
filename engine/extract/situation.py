"""From phrases to the user's situation: goal, what ran out, when, and what retrying GC did."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence, Set
from typing import Final

from engine.extract.found import Found
from engine.extract.lexicon import LEXICON
from engine.extract.phrases import Hit
from engine.extract.reading import Reading
from engine.extract.settings import (
    ADVISED,
    RATE,
    SettingState,
    asked_whether,
    curious,
    current_states,
    describes_a_run,
    if_without_it,
    of_an_earlier_run,
    of_another_model,
    of_another_person,
    one_side_of_two,
    own_act,
    told_last,
)
from engine.extract.signals import (
    DEV_SHM,
    OOM_KILLER,
    OUTSIDE_GUIDE,
    OUTSIDE_TRAINING,
    REGRESSION_AFTER_UPDATE,
    SHARED_MEMORY_SPILL,
    ended_by_them,
    shm_set_large,
    superseded,
)

_GOAL_CUES = (("speed", "speed"), ("quality", "quality"))


def _found(reading: Reading, fact: str, value: str, first: int, last: int) -> Found:
    start, end = reading.span(first, last)
    return Found(fact, value, start, end)


def _hit(reading: Reading, fact: str, value: str, hit: Hit) -> Found:
    return _found(reading, fact, value, hit.first, hit.last)


def reported_ooms(reading: Reading, signals: dict[str, Hit]) -> list[Hit]:
    """OOM words that report one ("no OOM, just slow" and "without it, it OOMs" report none);
    the OOM killer is one."""
    ooms = [
        h
        for h in reading.of("oom")
        if (not reading.negated(h) or _cannot_without(reading, h) or _crashes_only_then(reading, h))
        and not conditional(reading, h)
        and not _feared(reading, h)
        and not _over(reading, h)
        and not _asked_why(reading, h)
        and not _asked_in_general(reading, h)
        and not asked_whether(reading, h.first)
        and not _cause_of_an_act(reading, h)
        and not _asked_as_an_outcome(reading, h)
    ]
    # "não dá oom no 512, só no bucket de 1024": a crash denied only in part is one told
    ooms += [h for h in reading.of("no_crash") if _crashes_only_then(reading, h)]
    elsewhere = signals.get(OUTSIDE_TRAINING)
    if elsewhere is not None:
        # "training's fine now, but the lora OOMs in forge": another program's crash
        sentence = reading.sentence_of(elsewhere.first)
        ooms = [h for h in ooms if reading.sentence_of(h.first) != sentence]
    killer = signals.get(OOM_KILLER)
    return ooms if killer is None or killer in ooms else sorted([*ooms, killer], key=_first)


_SAMPLER_FRAME: Final = re.compile(
    r"self\.sample\(|\bin (?:sample|generate_images|sample_images)\b|generate_images\("
    # the log's last line before the error is the previews' progress bar, not yet at 100%
    r"|\bgenerating (?:baseline )?(?:images|samples)\b:?\s*(?:0|[1-9]\d?)%[^\n]{0,80}\n?[^\n]{0,40}"
    r"(?:outofmemoryerror|out of memory)"
)


def crash_only_asked_about(reading: Reading) -> bool:
    """Every word of a crash or of memory running out is asked about as what may come of a
    change: the message tells of no crash, nor of which memory ran out."""
    hits = [*reading.of("oom"), *(h for h in reading.of("fact") if h.arg.startswith(_KIND))]
    return bool(hits) and all(_asked_as_an_outcome(reading, h) for h in hits)


_KIND: Final = "memory_kind="


def _asked_as_an_outcome(reading: Reading, hit: Hit) -> bool:
    """A crash asked about as what may come of a change, the other side of an "or": "do I gain
    anything with GC off or do I just run out of vram?", "ganho alguma coisa ou só estoura?"."""
    if not reading.question(hit.first) or not _BLAMED.isdisjoint(
        reading.words_of_sentence(hit.first)
    ):
        return False  # "…or does it OOM because of the bucket?": the crash is told
    return not _EITHER.isdisjoint(reading.tokens.words[max(0, hit.first - 4) : hit.first])


_EITHER: Final = frozenset({"or", "ou"})
_BLAMED: Final = frozenset({"pq", "porque", "because", "cuz", "cause", "bc", "causa"})


def _cause_of_an_act(reading: Reading, hit: Hit) -> bool:
    """A crash told as why something was done, said after the act: "turned on GC after OOM
    issues and now…", "liguei o gc depois dos ooms", "liguei o gc no meio por causa de oom"."""
    before = " ".join(reading.tokens.words[max(0, hit.first - 3) : hit.first])
    if not before.endswith(_BECAUSE_OF):
        return False
    sentence = reading.sentence_of(hit.first)
    return any(
        h.kind in _ACTS and h.first < hit.first and reading.sentence_of(h.first) == sentence
        for h in reading.hits
    )


_BECAUSE_OF: Final = (
    "after the",
    "after",
    "after some",
    "depois dos",
    "depois do",
    "depois de",
    "because of",
    "por causa de",
    "por causa do",
    "por causa dos",
    "due to",
)
_ACTS: Final = frozenset({"on", "off", "reon", "on_after", "off_after"})


def _asked_why(reading: Reading, hit: Hit) -> bool:
    """A crash named in a question about how it works: "curious why gc-off crashes hit at
    step 2", "pq desligar o GC faz dar OOM do nada? não entendo a lógica"."""
    clause = reading.clauses[hit.first]
    asked = any(
        h.kind in ("explain", "why") and h.first < hit.first for h in reading.by_clause[clause]
    )
    return asked and curious(reading)  # "why does it OOM with GC off?? pls fix" reports one


def _asked_in_general(reading: Reading, hit: Hit) -> bool:
    """A crash named in a question about GC in general, with nothing of the person's own run
    in it and no crash told elsewhere: "does turning off GC basically always OOM on 12GB?",
    "why does disabling gradient checkpointing make it run out of memory?", "gc desligado
    sempre dá oom em placa de 12gb?", "why do people get ooms on the first preview?"."""
    if not reading.question(hit.first):
        return False
    clause = reading.clauses_of_words[hit.first]
    starts = reading.tokens.starts
    # "quick question before I try: does GC off always OOM?": what the colon opens is asked
    opened = reading.low.rfind(":", 0, starts[hit.first])
    said = tuple(
        w
        for i, w in enumerate(reading.tokens.words)
        if reading.clauses_of_words[i] == clause and starts[i] > opened
    )
    if not _ME.isdisjoint(said) or _A_STEP_NAMED.search(" ".join(said)):
        return False  # "morre com oom sempre no passo 250, tem a ver?": their run's step
    general = not _IN_GENERAL.isdisjoint(said) or (
        said[:1] in _WHY_DOES and not _THE_ACT.isdisjoint(said)
    )
    if not general:
        return False
    return all(reading.question(h.first) for h in reading.of("oom"))


_ME: Final = LEXICON.words("me")
_A_STEP_NAMED: Final = re.compile(r"\b(?:passo|step)\s+\d+\b")
_IN_GENERAL: Final = frozenset(
    {"always", "ever", "sempre", "qualquer", "people", "everyone"}
    | {"generally", "usually", "normally", "basically", "geralmente", "normalmente"}
)
_WHY_DOES: Final = frozenset((w,) for w in ("why", "does", "do", "pq", "por", "porque", "will"))
_THE_ACT: Final = frozenset(
    {"disabling", "turning", "enabling", "desligar", "desativar", "ativar", "ligar", "tirar"}
)


def _cannot_without(reading: Reading, hit: Hit) -> bool:
    """ "Can't even do batch 1 at 512 without OOM", "não consigo nem 512 sem estourar": a crash
    every time, said as a double negative."""
    words = reading.tokens.words
    if words[hit.first - 1 : hit.first] not in (("without",), ("sem",)):
        return False
    clause = reading.clauses_of_words[hit.first]
    return any(
        reading.clauses_of_words[at] == clause
        and (words[at] in _CANNOT or (words[at] in _CAN_PT and words[at - 1] in ("nao", "nem")))
        for at in range(max(1, hit.first - 12), hit.first)
    )


_CANNOT: Final = LEXICON.words("cannot")
_CAN_PT: Final = LEXICON.words("can_pt")


def _over(reading: Reading, hit: Hit) -> bool:
    """A crash of before that has since been dealt with: "it OOMed sometimes (before), so now
    it's on", "dava OOM às vezes, então voltei a ligar", "the step 2 crash is gone"."""
    if reading.gone_after(hit, _GONE_REACH):
        return True
    clause = reading.clauses[hit.first]
    if not any(reading.clauses[h.first] == clause for h in reading.of("past")):
        return False
    return any(h.first > hit.last for kind in ("now", "fixed", "reon") for h in reading.of(kind))


_GONE_REACH: Final = 3  # "the crash is gone", "o OOM sumiu": words from the crash to "gone"


def _dealt_with(reading: Reading, hit: Hit) -> bool:
    """A crash told with what was done about it right after, and no crash since: "deu OOM e
    religuei. agora tá tudo genérico", "Batch 4 crashed so I dropped to 1. How do I get the
    batch-4 behaviour back?"."""
    words = reading.tokens.words
    after = words[hit.last + 1 : hit.last + 10]
    link = next((i for i, w in enumerate(after[:6]) if w in _THEN), None)
    clause_of = reading.clauses_of_words
    if link is None:
        # "tentei bs 2 e estourou na hora, voltei pro 1": the act opens the next clause
        link = next(
            (
                i - 1
                for i, w in enumerate(after[:5])
                if clause_of[hit.last + 1 + i] != clause_of[hit.last]
                and reading.sentence_of(hit.last + 1 + i) == reading.sentence_of(hit.last)
                and w in _WENT_BACK
            ),
            None,
        )
    if link is None or _DEALT.isdisjoint(after[link + 1 : link + 4]):
        return False
    acted = hit.last + 2 + link
    return not any(
        h.first > acted and not reading.negated(h) for h in reading.of("oom") if h is not hit
    ) and not reading.has("still")


_THEN: Final = frozenset({"e", "and", "so", "entao", "ai", "then", "&"})
_DEALT: Final = frozenset(
    {"religuei", "reativei", "liguei", "ativei", "baixei", "reduzi", "tirei", "voltei"}
    | {"dropped", "lowered", "reduced", "removed", "reenabled", "switched", "turned", "flipped"}
    | {"went", "desci", "diminui"}  # "bs2 was instant oom so i went back"
)
# …and opening the clause after the crash, with no "and"/"so": "estourou na hora, voltei pro 1"
# (not "OOM on step 1, turned off gradient checkpointing bc it was slow": the cause)
_WENT_BACK: Final = frozenset({"voltei", "desci", "diminui", "baixei", "reduzi", "dropped"})


def _feared(reading: Reading, hit: Hit) -> bool:
    """A crash feared or wished away, not one that happened: "I don't want to babysit a crash";
    but "tentando treinar… e dá esse erro 'CUDA out of memory'" reports one."""
    if set(reading.tokens.words[max(0, hit.first - 3) : hit.first]) & _REPORTED:
        return False
    clause = reading.clauses[hit.first]
    return any(
        h.first < hit.first and reading.clauses[h.first] == clause
        for kind in ("fear", "hypo")
        for h in reading.of(kind)
    )


_REPORTED: Final = LEXICON.words("reported_by")


def conditional(reading: Reading, hit: Hit) -> bool:
    """Said of what would happen: "if I untick it it OOMs", "sem ele estoura", or with the
    condition right after it: "it was OOMing without it", "estoura sem ele"; or one side of
    two: "sem o GC estoura, com o GC demora 10h"."""
    clause = reading.clauses[hit.first]
    return (
        any(
            reading.clauses[h.first] == clause
            and (h.first < hit.first or 0 < h.first - hit.last <= _COND_AFTER)
            for kind in ("cond", "purpose")
            for h in reading.of(kind)
        )
        or one_side_of_two(reading, hit.first)
        or _one_side_of_arrows(reading, hit)
    )


def _one_side_of_arrows(reading: Reading, hit: Hit) -> bool:
    """ "gc on -> ok, gc off -> oom": what each setting does, side by side; no crash now."""
    if ">" not in reading.low and "→" not in reading.low:
        return False  # most messages draw no arrow
    start = reading.span(hit.first, hit.last)[0]
    if reading.said_before(_ARROW_BEFORE, start, 4) is None:
        return False
    return _ARROW_TO_CALM.search(reading.low) is not None


_ARROW_BEFORE: Final = re.compile(r"(?:->|=>|→)\s*$")
_ARROW_TO_CALM: Final = re.compile(
    r"(?:->|=>|→)\s*(?:ok|fine|works|worked|de boa|roda|rodou|passa|passou|liso|tranquilo"
    r"|no oom|sem oom)\b"
)


_COND_AFTER: Final = 1  # words from a crash to the condition said right after it


def _first(hit: Hit) -> int:
    return hit.first


def goal(reading: Reading, ooms: Sequence[Hit], states: Sequence[SettingState]) -> Found | None:
    """An OOM is the urgent goal; otherwise speed, then quality, then wanting an explanation."""
    ooms = _of_the_run_now(reading, ooms)
    # "GC off (I had it on for my last two runs)": the earlier runs' state is no switch back on
    earlier = [s for s in states if of_an_earlier_run(reading, s)]
    states = [
        s
        for s in states
        if s not in earlier or not any(o.setting == s.setting and o not in earlier for o in states)
    ]
    settled = _settled_by_gc_on(reading, ooms, states)
    if settled is not None:
        # "with gc off it crashed at the first preview, with gc on it went through in 6h. what
        # else can I do?": the crash belongs to GC off; what is asked is the goal
        asked = [
            (hit, value)
            for kind, value in (*_GOAL_CUES, ("explain", "explain"), ("why", "explain"))
            for hit in reading.of(kind)
        ]
        if asked:
            first, wanted = min(asked, key=lambda c: c[0].first)
            return _hit(reading, "goal", wanted, first)
    if ooms:
        fixed = (
            reading.first("fixed")
            or _calm_after_retry(reading, ooms, states)
            or _calm_since(reading, ooms)
            # "deu OOM e religuei. agora tá genérico": dealt with, what is asked after counts
            or (ooms[-1] if all(_dealt_with(reading, h) for h in ooms) else None)
        )
        # an OOM said after the fix, other than the one fixed ("fixed the OOM"), is current
        # …unless told as how it was: "turned GC back on and it works! was OOMing at step 2
        # with it off", "tava dando OOM no step 2 com ele desligado"
        after = [] if fixed is None else [h for h in ooms if h.first > fixed.last + _FIXED_OBJECT]
        if fixed is not None and all(_as_it_was(reading, h) for h in after):
            # "fixed it with GC on; now can it go faster?", "…acabou o OOM, mas a LoRA piorou"
            asked = [
                (hit, value)
                # "fixed it by turning gc on. why tho": why it worked is what is asked
                for kind, value in (*_GOAL_CUES, ("explain", "explain"), ("why", "explain"))
                for hit in reading.of(kind)
                if hit.first > fixed.last
            ]
            if asked:
                first, wanted = min(asked, key=lambda c: c[0].first)
                return _hit(reading, "goal", wanted, first)
            if any(h.first > fixed.last for kind in _ASKED_ELSE for h in reading.of(kind)):
                return None  # "batch 2 crashed last week, fine at 1 since: effective batch 8?"
            wish = _wish_gc_off(reading) if any(s.retry for s in states) else None
            if wish is not None and wish.first > fixed.last:
                # "switched it back on and it runs fine again. any way to keep GC off?"
                return _hit(reading, "goal", "speed", wish)
        return _hit(reading, "goal", "fix_oom", ooms[0])
    # The concern said first wins: "what do I lose with GC on? only speed?" wants an explanation.
    cues = [(cue, value) for kind, value in _GOAL_CUES if (cue := reading.first(kind)) is not None]
    explain = reading.first("explain")
    if explain is not None and any(
        h.arg in _EXPLAINED for kind in ("mention", "assert") for h in reading.of(kind)
    ):
        # "what does gradient checkpointing do", "o q é qfloat8", "adamw8bit conta como quantizar?"
        cues.append((explain, "explain"))
    term = reading.first("term_asked")
    if term is not None:
        cues.append((term, "explain"))  # "wait whats a bucket lol", "o que é ativação?"
    if cues:
        # a worry about quality comes before a wish for speed, whichever is said first
        worried = [c for c in cues if c[1] == "quality"]
        cue, value = min(worried or cues, key=lambda c: c[0].first)
        # "how much slower is it with GC?": speed named as what is explained, not wanted
        named_only = all(_words(reading, h) in _SPEED_NAMED for h in reading.of("speed"))
        explained = explain is not None and any(v == "explain" for _, v in cues)
        if value == "speed" and explained and named_only and explain is not None:
            return _hit(reading, "goal", "explain", explain)
        compared = all(_words(reading, h) in _COMPARED for h in reading.of("speed"))
        if value == "speed" and compared and (why := _why_of(reading, cue)) is not None:
            return _hit(reading, "goal", "explain", why)  # "why would it be faster with it off?"
        return _hit(reading, "goal", value, cue)
    fits = [
        h
        for h in (*reading.of("fit_asked"), *reading.of("need_asked"))
        if (h.kind == "fit_asked" or _gc_named_near(reading, h))
        and (reading.question(h.first) or _would_it(reading, h))
        and not (_a_limit(reading, h) or _of_a_batch(reading, h))
    ]
    if fits and not reading.has("oom", "phase", *_ELSE):
        # "planning flux on a 4070 ti at 1024 bs 2, will it fit with gc off?", "vou treinar wan
        # 2.2 num 3090, preciso do checkpointing?": what a setup would need is asked, no crash
        return _hit(reading, "goal", "explain", fits[0])
    usage = _usage_asked(reading)
    if usage is not None:
        # "usa uns 14 giga com gc ligado, se eu desligar vai pra quanto?", "why does nvidia-smi
        # say 20gb but the toolkit says peak 16.4": how much memory a run takes is asked
        return _found(reading, "goal", "explain", usage, usage)
    wish = _wish_gc_off(reading)
    if wish is not None and reading.question(wish.first) and reading.has("oom"):
        # "gc off dá oom em 12gb? pergunto antes de testar": whether it would crash is asked
        return _hit(reading, "goal", "explain", wish)
    if wish is not None:
        return _hit(reading, "goal", "speed", wish)
    would = [h for h in reading.of("oom") if reading.question(h.first) and _would_it(reading, h)]
    if would and any(h.arg == "gc" for h in reading.of("mention")) and not reading.has(*_ELSE):
        # "if i switch off gradient checkpointing will the OOM hit right away or later on?":
        # whether or when it would crash is asked, with no crash told
        return _hit(reading, "goal", "explain", would[0])
    rate = stated_rate(reading) or _RUN_TIME.search(reading.low)
    if rate is not None and (
        "?" in reading.text or reading.has("trouble") or _IF_NORMAL.search(reading.low)
    ):
        # "is 3s/it good or bad for zit on a 3060", "wan 2.2 5b, 121 frames. 45s/it. halp",
        # "3000 steps em 5h na 3090 é normal", "5s/it na 4060, é isso mesmo ou tem algo errado":
        # a step's or a run's time asked about or complained of, with no crash told, is speed
        at = reading.word_at(rate.start())
        return _found(reading, "goal", "speed", at, reading.word_at(rate.end() - 1))
    asked_why = _why_this_value(reading)
    if asked_why is not None:
        # "you said batch 1 - why not 2?", "why 768 specifically?", "pq vc disse pra deixar o
        # batch em 1?": the reason for a value given is what is asked
        return _found(reading, "goal", "explain", *asked_why)
    return None


def explanation_asked(reading: Reading) -> bool:
    """What a word of the answer means, or why a value was given, is asked: "whats a bucket",
    "you said batch 1 - why not 2?"."""
    return reading.has("term_asked") or _why_this_value(reading) is not None


def _why_this_value(reading: Reading) -> tuple[int, int] | None:
    """The words that ask why a value was given: "why not 2?", or any "why" asked of advice told
    back ("pq vc disse pra deixar o batch em 1?"); not "pq 3 horas por lora tá pesado", a reason
    told."""
    for m in _WHY_THIS_VALUE.finditer(reading.low):
        if reading.question(first := reading.word_at(m.start())):
            return first, reading.word_at(m.end() - 1)
    if ADVISED.search(reading.low):
        why = next((h for h in reading.of("why") if reading.question(h.first)), None)
        if why is not None:
            return why.first, why.last
    return None


# Why one value and not another: "why not 2?", "why 768 specifically", "pq nao batch 2".
_WHY_THIS_VALUE: Final = re.compile(
    r"\b(?:why|pq|por que)\s+(?:not\s+|nao\s+|n\s+)?(?:just\s+)?"
    r"(?:(?:batch|bs|res|resolution|resolucao|rank)\s+)?\d+\b"
)


def _usage_asked(reading: Reading) -> int | None:
    """The word that asks how much memory a run takes or what a reading of it means, in a
    question, with no crash told: "quanto de vram o flux usa?", "is it normal to sit at 23.4/24
    in nvidia-smi?", "allocated vs reserved, which one is real?"."""
    if any(not reading.negated(h) for h in reading.of("oom")) or reading.has("phase"):
        return None
    for match in _HOW_MUCH.finditer(reading.low):
        at = reading.word_at(match.start())
        if reading.question(at):
            return at
    for match in _READOUT.finditer(reading.low):
        at = reading.word_at(match.start())
        if not reading.question(at):
            continue
        text = reading.text_of_sentence(at)
        if reading.has("why") or _IF_NORMAL.search(text) or _MEANT.search(text):
            return at
    return None


_HOW_MUCH: Final = re.compile(
    r"\b(?:how much (?:vram|memory|more|less|extra)|how many (?:gb|gigs)|quanto de (?:vram|memoria)"
    r"|(?:vai|sobe|cai|iria|subiria|cairia) (?:pra|para) quanto|(?:cai|sobe|aumenta) quanto"
    r"|quantos (?:gb|giga|gigas)|(?:ocupa|consome|gasta|usa|adiciona) quant[oa]s?"
    r"|quanto (?:ocupa|consome|gasta|usa|adiciona|aumenta)"
    r"|how much (?:does|would|will) (?:it|that|this|gc|checkpointing|turning \w+ off) "
    r"(?:use|take|need|add|save|eat))\b"
)
_READOUT: Final = re.compile(
    r"\b(?:nvidia smi|task manager|gerenciador de tarefas|peak|pico|allocated|reserved|alocad[oa]"
    r"|alocou|total capacity|dedicated gpu memory|memoria dedicada|shared gpu memory"
    r"|memoria compartilhada)\b"
)
_MEANT: Final = re.compile(
    r"\b(?:real|de verdade|which one|qual (?:dos dois|deles|e o certo)|what does"
    r"|o que (?:e|significa))\b"
)


def stated_rate(reading: Reading) -> re.Match[str] | None:
    """The time a step takes, told by the person (not a progress bar's): "3s/it", "45 s/it"."""
    low = reading.low
    told = (
        r
        for r in _RATE.finditer(low)
        if not _IN_A_BAR.search(low, max(0, r.start() - _BAR_REACH), r.start())
    )
    return next(told, None)


# How long a run took: "3000 steps em 5h", "2000 steps took like 9 hours", "levou 7h".
_RUN_TIME: Final = re.compile(
    r"\b\d+\s*(?:steps|passos)\s+(?:em|in|took|levou|leva|takes|take)\s+"
    r"(?:uns\s+|umas\s+|about\s+|like\s+|~\s*)?\d+(?:[.,]\d+)?\s*(?:h|hr|hrs|hours|horas|min|mins)\b"
    r"|\b(?:took|takes|levou|leva|demorou|demora)\s+(?:uns\s+|umas\s+|about\s+|like\s+|~\s*)?"
    r"\d+(?:[.,]\d+)?\s*(?:h|hr|hrs|hours|horas)\b"
)
# Asking whether a speed is as it should be, the mark perhaps left off.
_IF_NORMAL: Final = re.compile(
    r"\b(?:normal|e isso mesmo|isso mesmo|algo errado|something wrong|expected|esperado)\b"
)
# A progress bar's own rate ("[00:41<00:19, 6.52s/it]") is the log's, not the person's.
_BAR_REACH: Final = 24
_IN_A_BAR: Final = re.compile(r"<[\d:?]+,\s*[\d.]*$")
# The time a step takes, or the steps a second: "3s/it", "12.7 s/it", "1.5it/s", "40 seg/it".
_RATE: Final = re.compile(
    r"\d\s*(?:s|sec|secs|seg|segs)\s*/\s*(?:it|step|passo)\b|\d\s*it\s*/\s*s\b"
)


_ELSE: Final = ("why", "accumulation")
# The settings whose workings a question asks to understand.
_EXPLAINED: Final = frozenset({"gc", "quantize", "low_vram"})


def _gc_named_near(reading: Reading, hit: Hit) -> bool:
    """GC named within a few words of the hit: "do I need gc", "gc precisa?"."""
    return any(
        h.arg == "gc" and abs(h.first - hit.first) <= _NEED_REACH for h in reading.of("mention")
    )


_NEED_REACH: Final = 3


def _of_a_batch(reading: Reading, hit: Hit) -> bool:
    """Whether a batch fits is asked ("would bs2 even fit?", "qual o maior batch q cabe"): how
    to get a larger batch, not what a setup needs."""
    clause = reading.clauses_of_words[hit.first]
    return any(
        reading.clauses_of_words[at] == clause and _BATCH_WORD.fullmatch(word)
        for at, word in enumerate(reading.tokens.words)
    )


_BATCH_WORD: Final = re.compile(r"(?:batch|bs|lote|ga)\d*|accumulation|acumulacao")


def _a_limit(reading: Reading, hit: Hit) -> bool:
    """What the card holds, told: "só aguenta 2", "only fits batch 1", "cabe batch 2"."""
    start, end = reading.span(hit.first, hit.last)
    return bool(
        _ONLY_BEFORE.search(reading.low, max(0, start - 6), start)
        or _A_VALUE_AFTER.match(reading.low, end)
    )


_ONLY_BEFORE: Final = re.compile(r"\b(?:only|just|so|mal|barely)\s+$")
_A_VALUE_AFTER: Final = re.compile(
    r"\s+(?:nem\s+|even\s+)?(?:(?:o|a|the|um|uma|an)\s+)?(?:batch|bs|lote)?\s*(?:de\s+)?\d"
)


def _would_it(reading: Reading, hit: Hit) -> bool:
    """A crash asked about as what a change would bring: "will the OOM hit right away?", "if I
    switch it off does it OOM", "se eu desligar o gc o OOM vem logo?"."""
    clause = reading.clauses[hit.first]
    return any(0 < hit.first - h.last <= _WOULD_REACH for h in reading.of("fear")) or any(
        h.first < hit.first and reading.clauses[h.first] == clause
        for kind in ("cond", "supposing")
        for h in reading.of(kind)
    )


_WOULD_REACH: Final = 4


def _as_it_was(reading: Reading, hit: Hit) -> bool:
    before = reading.tokens.words[max(0, hit.first - 2) : hit.first]
    return not _WAS.isdisjoint(before)


_WAS: Final = frozenset({"was", "were", "tava", "estava", "dava", "davam"})


def _calm_after_retry(
    reading: Reading, ooms: Sequence[Hit], states: Sequence[SettingState]
) -> Hit | None:
    """A run that went well after GC went back on and after the crash: "turned it back on ->
    trained all night no issues", "religuei o GC depois do OOM e agora está estável"."""
    retry = _retried(states)
    if retry is None:
        return None
    after = max([retry.last, *(h.last for h in ooms)])
    words = reading.tokens.words
    # plain words of calm ("turned it back on, fine again") count after a switch back on told
    # as one, with a crash before it; not after "gc off = OOM, gc on = fine", a comparison
    switched = retry.retry or not _SWITCH_ACTS.isdisjoint(
        words[max(0, retry.first - 1) : retry.last + 1]
    )
    crashed = any(h.first < retry.first and not reading.negated(h) for h in reading.of("oom"))
    # a switch told as going back ("turned gc back on and it went through") says it had failed
    back = not _BACK.isdisjoint(words[max(0, retry.first - 1) : retry.last + 4])
    # "liguei o gc pra parar de crashar no passo 2": the crash it was switched on against
    crashed = crashed or any(
        reading.sentence_of(h.first) == reading.sentence_of(retry.first) and not reading.negated(h)
        for h in ooms
    )
    kinds = _FINE if switched and (crashed or back) else ("stable",)
    return next(
        (
            h
            for h in reading.hits
            if h.kind in kinds
            and h.first > after
            and not reading.negated(h)
            and not reading.question(h.first)
            and _LOOKS.isdisjoint(words[max(0, h.first - 2) : h.first])
            # "it STILL OOMs, even though that exact config ran a week ago": granted, not now
            and reading.said_before(_CONCEDED, reading.span(h.first, h.last)[0], 48) is None
        ),
        None,
    )


_CONCEDED: Final = re.compile(
    r"\b(?:even though|although|though|even if|embora|apesar d[aoe]s?|mesmo que)\b[^.!?\n]*$"
)


# Said of a switch that undoes another: "back on", "again", "de novo", "religuei".
_BACK: Final = frozenset(
    {"back", "again", "novo", "volta", "novamente", "religuei", "reativei", "religar", "reativar"}
    | {"re", "reenabling", "reativado", "religado"}
    | {"re-enabled", "reenabled", "re-enable", "reenable", "re-enabling", "re-ticked", "reticked"}
)


_CALM_NOW: Final = ("no_crash", "stable", "fine")
_STILL_GOING_SAID: Final = re.compile(
    r"\b(?:so far|yet|ate agora|ainda nao|por enquanto|for the moment"
    r"|(?:crash|oom|erro|error)s? ainda)\b"
)


# …or only slow with it on: "gc on: 6.1s/it. gc off: oom. any middle ground?"
_SETTLED: Final = ("fine", "no_crash", "stable", "worked", "fixed", "speed")


def _settled_by_gc_on(
    reading: Reading, ooms: Sequence[Hit], states: Sequence[SettingState]
) -> set[int] | None:
    """Every crash told beside GC off, and a run told fine beside GC on: "with gc off it
    crashed, with gc on it went through", "gc on = no crash. gc off = crash", "was ooming w gc off
    now its fine w gc on". The clauses of both sides, or None."""
    if not ooms:
        return None
    clause_of = reading.clauses_of_words
    gc = [s for s in states if s.setting == "gc" and not s.wished]
    off = {clause_of[s.first] for s in gc if s.state == "off"}
    on = {clause_of[s.first] for s in gc if s.state == "on"}
    if not off or not on or any(clause_of[h.first] not in off for h in ooms):
        return None
    now = next((s for s in current_states(reading, states) if s.setting == "gc"), None)
    turned = {reading.sentence_of(h.first) for h in reading.of("now")}
    last_on = max(
        (s.first for s in gc if s.state == "on" and not reading.question(s.first)), default=-1
    )
    if any(
        reading.sentence_of(s.first) in turned and s.first > last_on for s in gc if s.state == "off"
    ):
        return None  # "yesterday with GC checked it went through. Today I unchecked it and…"
    if (now is None or now.state != "on") and not _side_by_side(reading, gc):
        return None  # "was fine with GC on, turned it off and now it OOMs": the crash is now
    calm = [
        h
        for h in [*(h for k in _SETTLED for h in reading.of(k)), *_ruled_out_ooms(reading)]
        if clause_of[h.first] in on and not reading.question(h.first)
    ]
    # "gc on, 7s/it so a run is ~6h": the rate told right after, when GC is on now
    told = _clause_and_next if now is not None and now.state == "on" else None
    rated = any(
        RATE.search(told(reading, s.first) if told else reading.text_of_clause(s.first))
        for s in gc
        if s.state == "on"
    )
    return off | on if calm or rated else None


def _clause_and_next(reading: Reading, word: int) -> str:
    """The folded text of the clause of ``word`` and of the next one in its sentence: "gc on,
    7s/it so a run is ~6h"."""
    clause_of = reading.clauses_of_words
    after = next((i for i in range(word, len(clause_of)) if clause_of[i] != clause_of[word]), None)
    if after is None or reading.sentence_of(after) != reading.sentence_of(word):
        return reading.text_of_clause(word)
    return reading.low[slice(*reading.clause_span(word, after))]


def _side_by_side(reading: Reading, gc: Sequence[SettingState]) -> bool:
    """Both states set side by side as labels, neither switched to nor told as now: "gc on:
    6.1s/it. gc off: oom", "com gc: 4s/it. sem gc: oom"."""
    return not reading.has("now") and all(
        _LABEL.match(reading.low, reading.tokens.ends[s.last]) and not s.retry for s in gc
    )


_LABEL: Final = re.compile(r"\s*(?::|=(?!>)|->|→)")


def _of_the_run_now(reading: Reading, ooms: Sequence[Hit]) -> Sequence[Hit]:
    """The crashes of the run now, when it is told to run without any: "tô com gc ligado, sem
    OOM nenhum, mas 5 s/it… da última vez que desliguei crashou", "my friend OOMs at step 1,
    mine runs without issues": an earlier run's crash, or someone else's, is not to fix."""
    # "last week I bumped it to 1024 and now it OOMs": a sentence that turns to now is not past
    now = {reading.sentence_of(h.first) for h in reading.of("now")}
    past = {reading.sentence_of(h.first) for h in reading.of("past")} - now
    calm = [
        h
        for h in [*(h for k in _CALM_NOW for h in reading.of(k)), *_ruled_out_ooms(reading)]
        if reading.sentence_of(h.first) not in past
        and not reading.question(h.first)
        and not conditional(reading, h)
        and not _so_far(reading, h)
        # "at step 800 now, so far so good": a run still going
        and _STILL_GOING_SAID.search(reading.text_of_sentence(h.first)) is None
    ]
    if not calm:
        return ooms
    # someone else's crash, then one's own run told calm: "he OOMs at step 1, mine runs fine"
    told_after = max(h.first for h in calm)
    return [
        h
        for h in ooms
        if reading.sentence_of(h.first) not in past
        and not (h.first < told_after and of_another_person(reading, h.first))
    ]


def _calm_since(reading: Reading, ooms: Sequence[Hit]) -> Hit | None:
    """A crash told, then calm since: "after last week's OOM mess, no OOMs since", "flipped it
    on, crashes are gone", "(batch 2 crashed last week), and it's trained fine like that"."""
    after = ooms[-1].last
    # not calm told of earlier runs in a sentence of its own: "throws OOM on the 1280 batches
    # (I had it on for my last two runs, both completed fine)"
    past = {reading.sentence_of(h.first) for h in reading.of("past")}
    past.discard(reading.sentence_of(after))
    return next(
        (
            h
            for kind in _CALM_SINCE
            for h in reading.of(kind)
            if h.first > after
            and reading.sentence_of(h.first) not in past
            and not reading.negated(h)
            and not reading.question(h.first)
            and not conditional(reading, h)
        ),
        None,
    ) or next((h for h in reading.of("oom") if h.first > after and _ruled_out(reading, h)), None)


_CALM_SINCE: Final = ("gone", "no_crash", "stable")
_ASKED_ELSE: Final = ("accumulation", "where")
_FIXED_OBJECT: Final = 3  # words from "fixed" to the OOM it fixed ("fixed the OOM")
# Speed words that name speed rather than want it: "memory vs speed", "how much slower".
_SPEED_NAMED: Final = frozenset(
    {
        "speed",
        "velocidade",
        "slower",
        "faster",
        "mais lento",
        "mais rapido",
        "lento",
        "lenta",
        "slow",
        "slowdown",
        "speedup",
    }
)


_COMPARED: Final = frozenset({"slower", "faster", "mais lento", "mais rapido"})


def _why_of(reading: Reading, cue: Hit) -> Hit | None:
    """A question why, before the speed word it asks about: "why would it be faster with it off?",
    "por que fica mais rápido sem o gc?"."""
    sentence = reading.sentence_of(cue.first)
    return next(
        (
            h
            for h in reading.of("why")
            if h.first < cue.first
            and reading.sentence_of(h.first) == sentence
            and reading.question(h.first)
        ),
        None,
    )


def _words(reading: Reading, hit: Hit) -> str:
    return " ".join(reading.tokens.words[hit.first : hit.last + 1])


def _wish_gc_off(reading: Reading) -> Hit | None:
    """ "Posso começar com o GC desligado?": running with GC off is the speed experiment of
    section 6, whatever the reason given."""
    for mention in reading.of("mention"):
        if mention.arg != "gc":
            continue
        clause = reading.by_clause[reading.clauses[mention.first]]
        offs = [h for h in clause if h.kind in ("off", "off_after", "weak_off")]
        if offs and (
            any(h.kind == "hypo" for h in clause) or any(reading.question(h.first) for h in offs)
        ):
            return mention
    return None


def memory_kind(reading: Reading, ooms: Sequence[Hit], signals: dict[str, Hit]) -> Found | None:
    """System when the kernel killed the process or /dev/shm is short; else what the words name."""
    system = signals.get(OOM_KILLER) or signals.get(DEV_SHM)
    if system is not None:
        return _hit(reading, "memory_kind", "system", system)
    for hit in reading.of("fact"):
        fact, _, value = hit.arg.partition("=")
        if fact == "memory_kind" and not (
            reading.negated(hit)
            or _asked_as_an_outcome(reading, hit)
            or of_another_person(reading, hit.first)  # "my friend's gets Killed, mine…"
            or (value == "system" and ended_by_them(reading, hit))  # "killed every python"
            or (value == "system" and superseded(reading, hit))  # "… now it's CUDA OOM"
            or (value == "system" and shm_set_large(reading, hit))  # "--shm-size=24g"
        ):
            return _hit(reading, fact, value, hit)
    if ooms:
        # What ran out is named beside the OOM, not anywhere ("12gb card, 32GB de RAM").
        sentences = {reading.sentence_of(h.first) for h in ooms}
        for kind, value in (("vram", "gpu"), ("ram", "system")):
            near = [
                h
                for h in reading.of(kind)
                if reading.sentence_of(h.first) in sentences
                and not reading.negated(h)
                and not _NOT_AFTER.intersection(reading.tokens.words[h.last + 1 : h.last + 2])
                and not _a_capacity(reading, h)
                and not (kind == "ram" and _only_how_much(reading, h))
            ]
            named = near[0] if near else None
            if named is not None:
                return _hit(reading, "memory_kind", value, named)
    filled = next((h for h in reading.of("ram") if _filled(reading, h)), None)
    if filled is not None:
        # "system RAM (32GB) goes to 100% and Windows freezes", "a RAM de 64gb enche, começa a
        # usar swap": the machine's memory running out, told without the word OOM
        return _hit(reading, "memory_kind", "system", filled)
    return None


def _filled(reading: Reading, hit: Hit) -> bool:
    """The RAM named filling up, in words a few steps from its name."""
    if reading.negated(hit):
        return False
    words = reading.tokens.words
    sentence = reading.sentence_of(hit.first)
    after = [
        w
        for at, w in enumerate(words[hit.last + 1 : hit.last + 6], start=hit.last + 1)
        if reading.sentence_of(at) == sentence
    ]
    before = words[max(0, hit.first - 5) : hit.first]
    return not _FILLS.isdisjoint(after) or not _EATEN.isdisjoint(before) or _near_full(reading, hit)


def _near_full(reading: Reading, hit: Hit) -> bool:
    """ "a ram tava em 15.6/16 logo antes de sumir", "RAM foi pra 99%": near full, in numbers."""
    end = reading.tokens.ends[min(len(reading.tokens.words) - 1, hit.last + _FULL_REACH)]
    told = reading.low[reading.span(hit.first, hit.last)[1] : end]
    near_full = _NEAR_FULL.search(told)
    if (
        near_full is None
        or _CARD_BETWEEN.search(told, 0, near_full.start())
        or _CARD_AFTER.match(told, near_full.end())
    ):
        return False  # "32gb ram, 24/24 vram used": the card's
    if near_full.group("pct"):
        return int(near_full.group("pct")) >= _NEARLY_ALL
    used, total = float(near_full.group("used")), float(near_full.group("total"))
    return total > 0 and used / total * 100 >= _NEARLY_ALL and used <= total


_FILLS: Final = frozenset(
    {"enche", "encheu", "enchendo", "lota", "lotou", "lotando", "fills", "filled", "filling"}
    | {"maxes", "maxed", "maxing", "100%", "cheia", "talo"}
)
_EATEN: Final = frozenset({"eats", "eating", "ate", "come", "comendo", "consome", "consumes"})
_NEAR_FULL: Final = re.compile(
    r"\b(?P<pct>9\d|100)\s*%"
    r"|\b(?P<used>\d+(?:\.\d+)?)\s*(?:gb|g)?\s*(?:/|de|of|out of)\s*"
    r"(?P<total>\d+)(?=\s*(?:gb|gib|g)?\b)"
)
_NEARLY_ALL: Final = 93  # "15 de 16GB", "30/32"
_FULL_REACH: Final = 7  # "o swap do Linux ta em 15 de 16GB"
_CARD_BETWEEN: Final = re.compile(r"\b(?:vram|gpu|placa|card|dedicated|dedicada|cuda)\b")
_CARD_AFTER: Final = re.compile(
    r"\s*(?:gb|gib|g)?\s*(?:(?:of|de)\s+)?(?:vram|gpu|placa|card|dedicated)"
)


def _only_how_much(reading: Reading, hit: Hit) -> bool:
    """ "64gb ram, 4090, gc off, oom at step 2": how much RAM there is, listed with the setup,
    with nothing in the sentence of the machine struggling."""
    if not _amount_before(reading, hit):
        return False
    return _STRUGGLING.isdisjoint(reading.words_of_sentence(hit.first))


_STRUGGLING: Final = _FILLS | frozenset(
    {"trava", "travando", "travou", "freezes", "froze", "freeze", "freezing", "swap", "swapping"}
    | {"enchem", "100", "full", "killed", "137"}
)


def _a_capacity(reading: Reading, hit: Hit) -> bool:
    """How much there is, not what ran out: the machine's memories listed side by side, "16 giga
    de vram e 64 de ram e ainda dá oom", "64gb ram, 16gb vram, … OOM after 2 hours"."""
    sentence = reading.sentence_of(hit.first)
    listed = [
        h
        for kind in ("vram", "ram")
        for h in reading.of(kind)
        if reading.sentence_of(h.first) == sentence and _amount_before(reading, h)
    ]
    return hit in listed and len({h.kind for h in listed}) == 2


def _amount_before(reading: Reading, hit: Hit) -> bool:
    return any(_AMOUNT.match(w) for w in reading.tokens.words[max(0, hit.first - 3) : hit.first])


_NOT_AFTER: Final = frozenset({"nem", "nao", "not", "never", "barely", "mal", "quase", "isn't"})
_AMOUNT: Final = re.compile(r"\d+(?:gb|g|gigs?|giga)?$|gigs?$|gigas?$")  # "sixty four gigs of ram"


# A moment told as the one it no longer is: "instead of at step 1", "went from OOM at step 1
# (to …)", "em vez de dar OOM no começo"; not once what it became is told ("… to OOM at 900").
_INSTEAD_CUE: Final = re.compile(
    r"\b(?:instead of|rather than|em vez de|ao inves de|went from|goes from|foi de|passou de)\b"
)
_INSTEAD: Final = re.compile(
    _INSTEAD_CUE.pattern
    + r"(?:\s+(?:dar|crashing|dying|ooming|morrer|crashar|estourar|travar|breaking))?"
    + r"(?:\s+(?:o |an? )?(?:oom|ooms|crash|crashes|erro))?"
    # …up to the moment, not across what it became ("… to", "… morre na hora da amostra") nor
    # into another clause ("instead of ~19 GB and occasionally OOMs on the big bucket")
    + r"(?:(?!\b(?:to|pra|para|da|deu|now|agora|it|ele|and|e|but|mas|oom|ooms|crash\w*|morre"
    + r"|dies|estoura)\b)[^.!?\n]){0,40}$"
)


def phase(
    reading: Reading,
    ooms: Sequence[Hit],
    numbered: Sequence[Found],
    asked: bool = False,
    since: int | None = None,
) -> Found | None:
    """When the OOM happens: only read when one is reported, or when that is what the message
    answers ("> When does it OOM?" / "first step, every time"); "no OOM" is phase ``none``.

    ``since`` is where GC went back on, when crashes are told after it: when it breaks now is
    told after that ("false -> OOM at step 1. Switched it to true: now it OOMs around step 1500").
    """
    if not ooms:
        none = None if _crashed_before(reading) else _no_oom(reading)
        if none is not None or not asked:
            return none
    if ooms and _only_the_system_struggling(reading, ooms):
        # "a RAM vai pra 100% quando carrega e o pc trava": the machine struggles, no run
        # breaks; when is told of a crash only
        return None
    frame = _SAMPLER_FRAME.search(reading.low) if ooms else None
    if frame is not None:
        # A traceback through the sampler says when, whatever else is told ("OOM after ~1500
        # steps … self.sample(self.step_num)"): the previews made at that step
        return Found("oom_phase", "sampling", frame.start(), frame.end())
    # the lexicon's phrases of when, and a stage named after a word of time ("when the
    # sampler runs"): see extractor._cued_stages
    hits = sorted([*reading.of("phase"), *reading.of("stage")], key=lambda h: h.first)
    words = [
        _hit(reading, "oom_phase", h.arg, h)
        for h in hits
        if not (reading.followed_by_key(h) and reading.tokens.words[h.first] not in _REACHES)
        and not conditional(reading, h)
        and not reading.negated(h)  # "not right away", "não é na hora do sample"
        and not _passed(reading, h, hits)
        and not _not_reached(reading, h)
        and not _yields(reading, h, hits)
        and not _a_setting(reading, h)
        and not _the_moment_of(reading, h)
        and not _wished_stage(reading, h)
        and not of_another_person(reading, h.first)  # "my buddy gets OOM during sampling, mine…"
    ]
    turn = reading.of("now")
    if turn and not _random_until(reading, words, turn[-1]):
        # the message turns to what happens now: "but now it OOMs at step 1100", "still
        # OOMs, around step 300 now"; not "…agora só depois de 800 steps. Antes era na hora"
        at = reading.span(turn[-1].first, turn[-1].last)[0]
        now_word = turn[-1]
        of_words = reading.clauses_of_words
        trailing = reading.bare_now(now_word) and (
            now_word.last + 1 >= len(of_words)
            or of_words[now_word.last + 1] != of_words[now_word.last]
        )
        before = {reading.sentence_of(h.first) for h in reading.of("past")} - {
            reading.sentence_of(now_word.first)
        }

        def of_now(found: Found) -> bool:
            return (
                found.start > at
                or (
                    trailing
                    and of_words[reading.word_at(found.start)] == of_words[now_word.last]
                    and any(
                        reading.sentence_of(h.first) == reading.sentence_of(now_word.last)
                        for h in ooms
                    )
                )
            ) and _sentence_at(reading, found.start) not in before

        later = [f for f in words if of_now(f)]
        numbered_later = [f for f in numbered if of_now(f)]
        if later or numbered_later:
            words, numbered = later, numbered_later
    if _INSTEAD_CUE.search(reading.low):
        # "went from OOM at step 1 to OOM at step ~900", "em vez de dar OOM no começo dá OOM no
        # passo 1200": when it broke before is not when it breaks
        words = [f for f in words if not reading.said_before(_INSTEAD, f.start, 48)]
        numbered = [f for f in numbered if not reading.said_before(_INSTEAD, f.start, 48)]
    if since is not None:
        later = [f for f in words if f.start > since]
        numbered_later = [f for f in numbered if f.start > since]
        same = any(reading.span(h.first, h.last)[0] > since for h in reading.of("still"))
        if later or numbered_later or not same:
            # when it broke before GC went back on is no longer when it breaks
            words, numbered = later, numbered_later
    last_run = told_last(reading)
    if last_run is not None and ooms:
        # "run 1: gc off → OOM step 1. run 2: gc on → OOM at step 560": the run told last is the
        # run now, and when the others broke is not when it breaks
        if all(reading.span(h.first, h.last)[0] < last_run for h in ooms):
            return None  # "…3) gc on, bs 1 → trains to the end": the run now does not break
        told = [f for f in words if f.start > last_run]
        counted = [f for f in numbered if f.start > last_run]
        if told or counted:  # not "Tentativa 3: …, OOM de novo": as before
            words, numbered = told, counted
    # Said of the crash: in a sentence that reports it ("people mention caching text
    # embeddings" elsewhere says nothing of when it crashed).
    crashed = {reading.sentence_of(h.first) for h in ooms}
    everything = words
    said = [f for f in words if _sentence_at(reading, f.start) in crashed]
    counted = [f for f in numbered if _sentence_at(reading, f.start) in crashed]
    # "Would quantizing fix this? Flux OOMs at step 2": the crash's own sentence says when.
    # …nor does a stage named in a question away from the crash ("será que quantizar ajuda?")
    words = said or ([] if counted else [f for f in words if not _in_a_question(reading, f)])
    # A stage told before the step it crashed at got through: "loads, caches, starts step 1
    # and dies", "faz o cache dos latents, e quando começa o passo 1 vem o OOM".
    words = [f for f in words if not _before_the_step(reading, f, counted, ooms)]
    now_and_then = _only_now_and_then(reading, words) and not any(
        f.value == "bucket_spike" and _names_the_images(reading, f) for f in everything
    )
    if now_and_then and any(_told_with(reading, f, words) for f in (*words, *counted)):
        # "random OOM, always while it's caching latents", "sometimes it OOMs on step 1": now
        # and then, at a moment told, is that moment
        words = [f for f in words if f.value != "bucket_spike"]
        now_and_then = False
    # "o preview dá OOM de vez em quando": now and then, the previews that break are the moment
    previews = None if (words or counted) and not now_and_then else _previews_break(reading, ooms)
    if previews is not None:
        # "the 1024 samples that OOM it", "previews 1024x1024 @ 20 steps = OOM", "os previews
        # estouram": with nothing else said of when, the previews are what breaks
        return previews
    if not any(f.value in ("sampling", "loading", "bucket_spike") for f in words):
        sized = _sized_images(reading, ooms)
        if sized is not None:
            # "only the 1024 batches blow up", "still dying on the 1536 bucket", "o OOM só vem
            # quando pega imagem de 1024": the images of a size, not a moment
            return sized
    named = [f for f in everything if f.value == "bucket_spike" and _names_the_images(reading, f)]
    if named:
        # The images that break it say more than when: "roda uns 50 passos e morre, sempre em
        # imagem grande", "crashou num passo em que pegou uma imagem panorâmica enorme".
        return named[0]
    if (
        words
        and any(f.value == "sampling" for f in everything)
        and all(
            f.value == "loading" and _BEFORE_TRAINING.search(reading.low, f.start, f.end)
            for f in words
        )
    ):
        # "OOM before training starts. Log: Generating baseline samples…": the previews made
        # before training are the moment, told in a line of their own
        words = [f for f in everything if f.value == "sampling"]
    if any(f.value == "sampling" for f in words):
        # "no primeiro preview, antes de começar o treino": before training is when the
        # first previews are made
        words = [
            f
            for f in words
            if not (f.value == "loading" and _BEFORE_TRAINING.search(reading.low, f.start, f.end))
        ]
    loaded = {_sentence_at(reading, f.start) for f in words if f.value == "loading"}
    # "won't even get past loading the transformer, cuda oom instantly": right away is the
    # loading it names
    words = [
        f
        for f in words
        if not (
            f.value == "first_steps"
            and _sentence_at(reading, f.start) in loaded
            and _AT_ONCE_ONLY.fullmatch(reading.low[f.start : f.end]) is not None
        )
    ]
    sampled = [f for f in words if f.value == "sampling"]
    ends = [f for f in words if f.value == "later"]
    if any(
        _sentence_at(reading, f.start) == _sentence_at(reading, e.start)
        for f in sampled
        for e in ends
    ):
        # "OOMs at the very end, when it does the final samples": the previews are the moment
        return sampled[0]
    spikes = [f for f in words if f.value == "bucket_spike"]
    if spikes and any(f.value == "later" for f in words):
        # "de vez em quando solta um OOM no meio do treino": now and then says more than when
        return spikes[0]
    gone = [
        f
        for f in (*words, *numbered)
        if f.value == "first_steps" and _a_step_gone_through(reading, f)
    ]
    words = [f for f in words if f not in gone]
    numbered = [f for f in numbered if f not in gone]
    if words:
        # Words say when more surely than a step number; of several, the one nearest an OOM
        # word ("no passo 250, bem quando gera as amostras").
        return min(words, key=lambda f: (_distance(reading, f, ooms), f.start))
    return min(numbered, key=lambda f: f.start, default=None) or _from_progress_bar(reading)


def _a_step_gone_through(reading: Reading, found: Found) -> bool:
    """A log's step line that went through, a later step logged after it: "step 2/2000 ... ok /
    … / step 640/2000 CUDA out of memory" broke at 640, not at 2."""
    low = reading.low
    line_end = low.find("\n", found.end) % (len(low) + 1)
    crash = next(
        (s for h in reading.of("oom") if (s := reading.span(h.first, h.last)[0]) > line_end),
        None,
    )
    if crash is None or not _A_STEP.search(low, line_end, crash):
        return False  # the last step logged before the crash is when it broke
    line = low[found.end : line_end]
    return _STEP_WENT_OK.search(line) is not None and _BROKE_HERE.search(line) is None


_A_STEP: Final = re.compile(r"\b(?:step|passo)\s*\d+")
_STEP_WENT_OK: Final = re.compile(r"\b(?:ok|okay|loss|done|fine|passou)\b")
_BROKE_HERE: Final = re.compile(r"oom|out of memory|outofmemory|estour|crash|killed|error|erro")


_NEVER_WITH_GC_ON: Final = re.compile(
    r"\b(?:(?:i(?:'ve| have)? )?never|(?:i )?haven'?t|(?:eu )?nunca)\s+(?:once\s+|even\s+)?"
    r"(?:tried|tested|ran|run|trained|testei|tentei|rodei|treinei)\s+(?:it\s+)?(?:with|w|com)\s+(?:the\s+|o\s+)?"
    r"(?:gc|gradient checkpointing|checkpointing)\s+(?:on|ligado|enabled|ativado)\b"
)
_AT_ONCE_ONLY: Final = re.compile(
    r"instantly|instant|immediately|right away|straight away|imediatamente|imediato|de cara"
    r"|na hora|logo de cara|na lata|direto|logo no comeco|no comeco|logo no inicio|no inicio"
    r"|right at the start|at the start|at start"
)


def _only_the_system_struggling(reading: Reading, ooms: Sequence[Hit]) -> bool:
    """Every OOM word tells the system's memory filling or the machine freezing ("RAM goes to
    100%", "the whole machine freezes", "o pc fica travando"), and none a run that broke."""
    words = reading.tokens.words
    return any(h.arg == "memory_kind=system" for h in reading.of("fact")) and all(
        not _STRUGGLING_WORDS.isdisjoint(words[h.first : h.last + 1]) for h in ooms
    )


def _in_a_question(reading: Reading, found: Found) -> bool:
    """A stage in a sentence that asks: "será que quantizar ajuda?", not a log's "0/4 [00:00<?,
    ?it/s]"."""
    sentence = _sentence_at(reading, found.start)
    ends, low = reading.sentence_ends, reading.low
    if sentence >= len(ends):
        return False
    mark = ends[sentence]
    return (
        low[mark] == "?" and low[mark - 1].isalpha() and low[mark + 1 : mark + 2] in ("", " ", "\n")
    )


def _random_until(reading: Reading, words: Sequence[Found], now: Hit) -> bool:
    """ "Morre em step aleatório, já foi no 57, no 213 e agora no 140": the steps told up to
    now are the examples of crashing now and then."""
    sentence = reading.sentence_of(now.first)
    at = reading.span(now.first, now.last)[0]
    return any(
        f.value == "bucket_spike" and f.start < at and _sentence_at(reading, f.start) == sentence
        for f in words
    )


def _previews_break(reading: Reading, ooms: Sequence[Hit]) -> Found | None:
    """The previews named as what runs out of memory, right before the crash in its clause."""
    for hit in ooms:
        if reading.negated(hit):
            continue
        start = reading.span(hit.first, hit.last)[0]
        found = _PREVIEWS_THEN.search(reading.low, max(0, start - 60), start)
        if (
            found is not None
            and not _NOT_THE_PREVIEWS.search(found.group("gap"))
            and reading.said_before(_PREVIEWS_OFF, found.start(), 24) is None
        ):
            return Found("oom_phase", "sampling", found.start(), found.end())
    return None


# The previews, then words up to the crash that stay in one clause (a size, their steps, "that",
# "still", "go") and say nothing of training.
_PREVIEWS_THEN: Final = re.compile(
    r"\b(?:previews?|samples|sample images|amostras|previas|sampling)\b"
    r"(?P<gap>(?:\([^()]{0,40}\)|[^,;.:!?()\n]){0,40})$"
)
_NOT_THE_PREVIEWS: Final = re.compile(
    r"\b(?:but|mas|and|e|it|ele|still|ainda|now|agora|so|entao|then|depois|fine|ok|look\w*"
    r"|train\w*|trein\w*|steps? \d|passos? \d|every|a cada|disabled|desligad\w*|desativad\w*"
    r"|off|on|skip\w*|if|se|\d+ (?:prompts?|images?))\b"
)
# The previews switched off, made smaller or only supposed before they are named: "disabled
# sampling and it…", "lower the sample size if previews OOM"
_PREVIEWS_OFF: Final = re.compile(
    r"\b(?:disabled?|disabling|desativei|desliguei|tirei|turned off|no|sem|without|lowered|baixei"
    r"|dropped|if|se|caso|when|quando)\s+(?:the\s+|os\s+|as\s+|o\s+|a\s+|my\s+|meus\s+)?$"
)


def _sized_images(reading: Reading, ooms: Sequence[Hit]) -> Found | None:
    crashed = {reading.sentence_of(h.first) for h in ooms}
    # …or a line right after a pasted crash (the error's own lines between): "step 601: OOM /
    # always on a 1216 batch"
    sentences = len(reading.sentence_ends)
    after = {s + n for s in crashed for n in (1, 2) if s + n <= sentences}
    for sentence in sorted(crashed | after):
        first, last = reading.sentence_words(sentence)
        starts, ends = reading.tokens.starts, reading.tokens.ends
        if first >= last:
            continue
        start, end = starts[first], ends[last - 1]
        found = (
            _SIZED.search(reading.low, start, end)
            or _OF_SIZE.search(reading.low, start, end)
            or _size_it_hits(reading.low, start, end)
        )
        if found is not None and not _TRAINED_ON.search(
            reading.low, max(0, found.start() - 12), found.start()
        ):
            return Found("oom_phase", "bucket_spike", found.start(), found.end())
    return None


# "even with bs 1 and only the 512 bucket": the sizes it trains on, not those it breaks on
_TRAINED_ON: Final = re.compile(r"\b(?:with|and|using|com|e|usando)\s+$")
# Images of a size, said as where it breaks: after "only", "on the", "when it hits"…
_SIZED: Final = re.compile(
    r"\b(?:only|so|just|when|whenever|once|hits?|pega|cai|lands on|on the|on my|no|nas|nos)\b"
    r"[^.?!\n]{0,24}?\b\d{3,4}(?:\s*x\s*\d{3,4})?(?:px)?\s*"
    r"(?:buckets?|ones|images|imagens|imgs|fotos|pics|batches|lotes)\b"
    r"|\b(?:hits?|when|once|pega|cai|always|sempre)\s+(?:on\s+|em\s+|num\s+)?(?:a|um|uma|num)?\s*"
    r"\d{3,4}(?:x\d{3,4})?(?:px)?\s+(?:batch|bucket|image|lote|imagem)\b"
)


def _size_it_hits(low: str, start: int, end: int) -> re.Match[str] | None:
    """ "ooms every time it hits 1152", "morre toda vez que pega uma 1536": a size it breaks on,
    a training size by its shape (a multiple of 64 from 512 to 2048), not a step."""
    return next(
        (
            m
            for m in _EVERY_TIME_IT_HITS.finditer(low, start, end)
            if int(m["size"]) % 64 == 0 and 512 <= int(m["size"]) <= 2048
        ),
        None,
    )


_EVERY_TIME_IT_HITS: Final = re.compile(
    r"\b(?:every time|everytime|whenever|each time|only when|toda vez que?|sempre que"
    r"|so quando|so qnd)\s+(?:it\s+|ele\s+)?"
    r"(?:hits?|gets? to|reaches|lands on|pega|chega (?:n[oa]s?|em)|cai (?:n[oa]|em))\s+"
    r"(?:(?:the|a|an|o|uma?|numa?)\s+)?(?:(?:image|imagem|img|foto|bucket)\s+(?:de\s+)?)?"
    r"(?P<size>\d{3,4})(?:px)?\b(?!\s*(?:steps?|passos?|/|it\b|s\b|x\d))"
)
_OF_SIZE: Final = re.compile(
    r"\b(?:only|so|just|when|whenever|quando|qnd|qdo|sempre|always|hits?|pega|cai|vem)\b"
    r"[^.?!\n]{0,20}?\b(?:imagem|imagens|images|fotos|bucket)\s+(?:de|of)\s+\d{3,4}"
    r"(?:\s*x\s*\d{3,4})?\b"
    r"|\b(?:only|always|sempre|so (?:acontece|da|quebra|crasha|estoura))\b"
    r"[^.?!\n]{0,20}?\b(?:lotes?|batch(?:es)?|buckets?)\s+"
    r"(?:de\s+)?\d{3,4}(?:x\d{3,4})?\b"
    r"|\b(?:vem|pega|cai|aparece|comes up)\s+(?:um|uma|one)\s+(?:de|of)\s+\d{3,4}\b"
)


def _before_the_step(
    reading: Reading, stage: Found, steps: Sequence[Found], ooms: Sequence[Hit]
) -> bool:
    if stage.value != "loading":  # previews come at a step: "the first preview at step 250"
        return False
    sentence = _sentence_at(reading, stage.start)
    crash = [
        reading.span(o.first, o.last)[0] for o in ooms if reading.sentence_of(o.first) == sentence
    ]
    # the step may come after the crash too: "caches the latents, starts training and dies
    # with CUDA out of memory on step 3"
    return any(
        stage.end <= step.start
        and _sentence_at(reading, step.start) == sentence
        and any(step.end <= at or reading.said_before(_AT_A_STEP, step.start, 8) for at in crash)
        for step in steps
    )


_AT_A_STEP: Final = re.compile(r"\b(?:on|at|in|no|na|em)\s+(?:the\s+)?$")  # not "before step 1"


_BEFORE_TRAINING: Final = re.compile(r"\b(?:before|antes)\b")
# tqdm's "| 1/2000 [00:19<…", or its line cut after the count ("my_lora:  0%|   | 0/2500")
_BAR: Final = re.compile(r"\|\s*(\d+)/(\d+)\s*(?:\[|$)", re.MULTILINE)


def _from_progress_bar(reading: Reading) -> Found | None:
    """A pasted log's last unfinished progress bar says how far training got: "0/2000" is
    the first step, "1500/3000" later (a finished bar, "34/34", is a stage it got through)."""
    bars = [
        m
        for bar in (_BAR, _AT_FRACTION)
        for m in bar.finditer(reading.low)
        if int(m[1]) < int(m[2])
        and not (bar is _AT_FRACTION and _sizes(int(m[1]), int(m[2])))
        and not _a_stage_bar(reading, m.start())
    ]
    if bars:
        bar = max(bars, key=lambda m: m.start())
        step = int(bar[1])
        value = "first_steps" if step <= _FIRST_STEPS else "later" if step >= _LATER else None
        return None if value is None else Found("oom_phase", value, bar.start(), bar.end())
    return _at_a_percent(reading) or _well_into_the_run(reading)


def _well_into_the_run(reading: Reading) -> Found | None:
    """How far the run had got, told beside the crash in a unit other than steps: "dies at 12
    percent", "da oom nos 15%", "10 min in and vram full, oom", "OOMs around hour 3", "1234/3000
    e puf. oom.", "it OOMd overnight"; not "vram at 98%", "30% faster", "travou em 52%"."""
    crashes = [
        h
        for h in reading.of("oom")
        if not reading.negated(h)
        and _FROZE.isdisjoint(reading.tokens.words[h.first : h.last + 1])
        and not conditional(reading, h)
        and not _feared(reading, h)
    ]
    told = {reading.sentence_of(h.first) for h in crashes}
    # …or in the sentence before a crash told alone: "always in epoch 5ish. OOM."
    told |= {n - 1 for n in told if n > 0 and _length(reading.sentence_words(n)) <= 3}
    for sentence in sorted(told):
        first, end = reading.sentence_words(sentence)
        if first == end:
            continue
        starts = reading.tokens.starts
        stop = starts[end] if end < len(starts) else len(reading.low)  # "…nos 70%)" ends after "%"
        for into in _INTO_THE_RUN.finditer(reading.low, starts[first], stop):
            if into["share"] is not None and (
                not 5 <= int(into["share"]) <= 99
                or _OF_MEMORY.search(reading.low, 0, into.start())
                or _NOT_OF_THE_RUN.match(reading.low, into.end())
            ):
                continue  # "vram at 98%", "fica 30% mais rápido": not how far the run got
            count, total = into["count"], into["total"]
            if count is not None and (
                not 100 <= int(count) < int(total) or _sizes(int(count), int(total))
            ):
                continue
            return Found("oom_phase", "later", into.start(), into.end())
    return None


def _length(words: tuple[int, int]) -> int:
    """How many words a span of words holds."""
    return words[1] - words[0]


_INTO_THE_RUN: Final = re.compile(
    r"\b(?:at|em|no|na|nos|nas|aos|pelos|pelas|around|by) (?:like |about |around |uns |tipo |~)?"
    r"(?P<share>\d{1,2})\s*(?:%|percent\b|por cento\b)"
    r"|\b\d+\s*(?:min|mins|minutes|minutos|h|hr|hrs|hours|horas)\s+(?:in|into|de treino|treinando"
    r"|de treinamento|of training)\b"
    r"|\b(?:ate|until|till) (?:uns |umas |like |about |around |~)?\d+\s*(?:min|mins|minutes|minutos"
    r"|h|hr|hrs|hours|horas)\b"
    r"|\b(?:hour|hora) [1-9]\d?\b"
    r"|\b(?:epoch|epoca) (?:[2-9]|[1-9]\d)(?:ish)?\b"
    r"|(?<!\ban )\bovernight\b"  # not "without risking an overnight crash"
    r"|(?<![\w/.])(?P<count>\d{3,5})\s*/\s*(?P<total>\d{3,6})\b(?!\s*(?:x|px|gb|/))"
)
# What a share told of something else is followed by: "30% faster", "60% used", "12%|█▏ |".
_NOT_OF_THE_RUN: Final = re.compile(
    r"\s*(?:\||(?:mais |more |less |menos )?(?:faster|slower|speed|rapido|lento|used|usad[oa]"
    r"|in use|de (?:vram|ram|uso|memoria)|of (?:vram|ram|memory)|vram|ram|util))"
)
# The card's memory said right before a share: "vram at 98%", "gpu usage 100%", "memória em 95%"
_OF_MEMORY: Final = re.compile(
    r"\b(?:vram|ram|memory|memoria|gpu|usage|uso|utilization|util|load|carga|peaked|peak|pico"
    r"|maxed|topped)\s*(?:(?:is|was|at|em|a|no|na|hits|reaches|bate|batendo|chega|to|vai|pra|para"
    r"|ta|esta|fica|ficou|sits|sat|stays|out|~|:|=)\s*)*$"
)


_LABELLED_BAR: Final = re.compile(r"\s*([\w .\-]+?):\s*\d{1,3}%")


def _a_stage_bar(reading: Reading, at: int) -> bool:
    """The bar at ``at`` is a loading stage's or the previews' ("Encoding prompts: 12%|█ | 6/50"),
    not the training's."""
    line_start = reading.low.rfind("\n", 0, at) + 1
    label = _LABELLED_BAR.match(reading.low, line_start)
    return label is not None and _STAGE_LABEL.search(label[1]) is not None


def _sizes(first: int, second: int) -> bool:
    """ "at 512/768": two training sizes, not a bar's count."""
    return first >= 256 and first % 64 == 0 and second % 64 == 0


def _at_a_percent(reading: Reading) -> Found | None:
    """ "OOMs at 0%", "oom em 0%", "ooms at like 90% every time": the bar's share done when it
    broke, said right after the crash."""
    for oom in reading.of("oom"):
        if _FROZE.intersection(reading.tokens.words[oom.first : oom.last + 1]):
            continue  # "travou em 0%": stuck there, which is no crash
        share = _AT_PERCENT.match(reading.low, reading.tokens.ends[oom.last])
        if share is None:
            continue
        done = int(share[1])
        value = "first_steps" if done <= 1 else "later" if 10 <= done <= 100 else None
        if value is not None:
            return Found("oom_phase", value, share.start(), share.end())
    return None


_FROZE: Final = frozenset({"trava", "travou", "travado", "travada", "freezes", "froze", "hangs"})
_STRUGGLING_WORDS: Final = (
    _FILLS
    | _FROZE
    | frozenset(
        {"100", "travando", "congela", "congelou", "congelando", "freeze", "freezing", "frozen"}
        | {"crawls", "crawling", "stutters", "stuttering", "lagging", "engasga", "engasgando"}
        | {"unusable", "inutilizavel", "inusavel", "swap", "swaps", "swapping"}
    )
)
_FIRST_STEPS: Final = 10
_LATER: Final = 100
# "OOMs at 0/2000", "estourou no 0/1500", "like literally 2999/3000": a bar's count told in prose
_AT_FRACTION: Final = re.compile(
    r"\b(?:at|on|no|em|na|around|@)\s+(?:like\s+|literally\s+|tipo\s+|~\s*)*"
    r"(\d+)\s*/\s*(\d{3,})\b(?!\s*/)"
)
_AT_PERCENT: Final = re.compile(
    r"\s+(?:at|no|em|com)\s+(?:like\s+|about\s+|around\s+|tipo\s+|uns\s+|~\s*)?(\d{1,3})\s*%"
)


def _passed(reading: Reading, hit: Hit, hits: Sequence[Hit]) -> bool:
    """A stage the run got through: "passa pelo cache dos latents", "Caching latents: 100%",
    "it loads, does the first sample fine, then dies at step 1"."""
    words = reading.tokens.words
    if _led_by(reading, hit, _GOT_THROUGH, 2) and not _led_by(reading, hit, _NEVER_PAST, 4):
        return True  # not "never gets past caching"
    told = " ".join(words[max(0, hit.first - 6) : hit.first])
    if _THROUGH_LOADING_AND.search(told):
        return True  # "it goes through loading and the baseline samples, then at step 1…"
    if hit.arg not in _STAGES:
        return False
    clause_of = reading.clauses_of_words
    before = [
        h
        for h in hits
        if h.last < hit.first
        and hit.first - h.last <= _AND_THE_REACH
        and clause_of[h.last] == clause_of[hit.first]
    ]
    between = set(words[before[-1].last + 1 : hit.first]) if before else set()
    if between & {"and", "e"} and between <= _AND_THE:
        # "it caches the latents and the baseline samples, then at step 1…"
        return _passed(reading, before[-1], hits)
    end = reading.span(hit.first, hit.last)[1]
    line_end = reading.low.find("\n", end) % (len(reading.low) + 1)
    if _DONE_BAR.search(reading.low, end, line_end) is not None:  # tqdm's bar at its end
        return True
    if _DONE_SAID.match(reading.low, end) is not None:
        return True
    if (
        words[hit.first] in _DONE_VERBS
        and reading.low[end : end + 1] == ","
        and not _led_by(reading, hit, _WHEN, 2)
    ):
        return True  # "fez o cache, gerou as imagens de baseline, e quando foi pro step 1…"
    if _logged_past(reading, hit, line_end, done=hit.arg == "sampling"):
        return True  # a log that went on to another stage's bar
    after = words[hit.last + 1 : hit.last + 4]
    if after and after[0].isdigit():
        after = after[1:]  # "o sample do passo 0 passa de boa"
    after = after[:2]
    if after and (after[0] in _WENT_FINE or " ".join(after) in _WENT_FINE):
        return after[-1] not in _BUT_NOT  # not "fine on the rest", "de boa com as pequenas"
    # the next stage right after it in a list: "it loads, caches, starts step 1 and dies"
    listed = end < len(reading.low) and reading.low[end] == ","
    sentence = reading.sentence_of(hit.first)
    return listed and any(
        h.arg != hit.arg
        and 0 < h.first - hit.last <= 3
        and words[h.first] not in ("before", "antes")  # "no primeiro preview, antes de começar"
        and not _not_reached(reading, h)  # "while loading, before the first sample"
        and reading.sentence_of(h.first) == sentence
        for h in hits
    )


def _logged_past(reading: Reading, hit: Hit, line_end: int, done: bool = False) -> bool:
    """A log's loading line followed, before the crash, by a progress bar not its own: "Quantizing
    transformer / Caching latents: 100%|…| 24/24 / 0/3000 … OutOfMemoryError". Its own bar is
    the first, on its line or the next ("Caching latents to disk / 0%| | 0/48 / …OOM").

    ``done``: only its own bar at its end, then another ("Generating baseline samples /
    Generating Images: 100%|…| 3/3 / my_lora: 0%| | 0/2500 / …OutOfMemoryError")."""
    crash = next((h for h in reading.of("oom") if h.first > hit.last), None)
    if crash is None:
        return False
    low = reading.low
    until = reading.span(crash.first, crash.last)[0]
    bars = list(_PERCENT_BAR.finditer(low, reading.span(hit.first, hit.last)[1], until))
    if not bars:
        return False
    next_line_end = low.find("\n", line_end + 1) % (len(low) + 1)
    # a training step's line ("step 3/2000 loss 0.08") is no loading stage's own bar, nor is the
    # job's own bar, labelled with its name ("my_zit_lora:   0%|  | 0/2500")
    line_start = low.rfind("\n", 0, bars[0].start()) + 1
    named = _JOB_BAR.match(low, line_start)
    own = (
        bars[0][1] is not None
        and bars[0].start() < next_line_end
        # "Caching text embeddings: 100%" on its own line: the bar after it is the next stage's
        and _LINE_DONE.match(low, reading.span(hit.first, hit.last)[1], line_end) is None
        and (named is None or _STAGE_LABEL.search(named[1]) is not None)
    )
    if done:
        return own and len(bars) > 1 and bars[0][1] == "100"
    return not own or len(bars) > 1 or bars[0][1] == "100"


_LINE_DONE: Final = re.compile(r"[\s:.]*100%\s*$")
_PERCENT_BAR: Final = re.compile(r"(\d{1,3})%\s*\||\bstep\s+\d+\s*/\s*\d+")
_JOB_BAR: Final = re.compile(r"\s*([\w.\-]+):\s+\d{1,3}%\s*\|")
_STAGE_LABEL: Final = re.compile(r"cach|quantiz|load|generat|sampl|encod|shard")


_BUT_NOT: Final = LEXICON.words("but_not")
_STAGES: Final = frozenset({"loading", "sampling"})  # what a run gets through before training
_WENT_FINE: Final = LEXICON.words("went_fine")
# tqdm's bar at its end: "100%|██████████| 40/40", or copied without it: "100% 40/40"
_DONE_BAR: Final = re.compile(r"100%\s*(?:\||(\d+)\s*/\s*\1(?!\d))")
# the stage's own share told right after it: "caching latents hits 100% then OOM"
_DONE_SAID: Final = re.compile(
    r"[\s:]*(?:hits|reaches|gets to|got to|chega a|chegou a|vai ate|foi ate)?\s*100%\s*"
    r"(?:,|->|→|\b(?:and|then|e|ai|dps|depois|done|ok)\b)"
)
_GOT_THROUGH: Final = tuple(LEXICON.words("got_through"))
_NOT_REACHED: Final = tuple(LEXICON.words("not_reached"))
_THROUGH_LOADING_AND: Final = re.compile(
    r"\b(?:goes|went|gets|got|passes|passed|passa|passou) (?:through|past|pelo|pela|do|da)"
    r"(?: the| o| a)? (?:loading|caching|cache|carregamento|load) (?:and|e)(?: the| o| a| os| as)?$"
)
_AND_THE: Final = frozenset({"and", "e", "the", "o", "a", "os", "as"})
_AND_THE_REACH: Final = 3
_DONE_VERBS: Final = frozenset({"gerou", "generated", "cached", "cacheou", "carregou", "loaded"})
_WHEN: Final = ("quando", "when", "while", "enquanto", "qnd", "qdo")
_NEVER_PAST: Final = tuple(
    f"{no} {past}"
    for no in ("never", "not", "nem", "nunca", "nao", "quando", "when", "while", "enquanto")
    for past in _GOT_THROUGH
)  # not "never gets past caching", "deu oom quando fez o cache"


def _not_reached(reading: Reading, hit: Hit) -> bool:
    """ "da oom qdo ta carregando, antes do primeiro sample": a stage it broke before."""
    return _led_by(reading, hit, _NOT_REACHED, 3)


def _led_by(reading: Reading, hit: Hit, endings: tuple[str, ...], reach: int) -> bool:
    """The ``reach`` words before ``hit`` end with one of ``endings``."""
    return " ".join(reading.tokens.words[max(0, hit.first - reach) : hit.first]).endswith(endings)


# "it hits sample_every: 500": the moment the key's value comes round, not the key's setting.
_REACHES: Final = frozenset({"hits", "hit", "reaches", "reached"})


def _wished_stage(reading: Reading, hit: Hit) -> bool:
    """ "vou tentar quantizar hoje", "planning to cache the latents to disk": a stage wished
    for, not the one the run reached."""
    return any(0 < hit.first - h.last <= 2 for h in reading.of("hypo"))


def _the_moment_of(reading: Reading, hit: Hit) -> bool:
    """ "Na hora" is "right away" alone, but "na hora de/que…" is the moment of what follows:
    when that is not read, the moment is not known."""
    words = reading.tokens.words
    return (
        words[hit.first : hit.last + 1] == ("na", "hora")
        and bool(_OF_THAT.intersection(words[hit.last + 1 : hit.last + 2]))
        and not training_starts(words, hit.last + 2)
    )


def training_starts(words: Sequence[str], at: int) -> bool:
    """ "(na hora q) começou o treino": the start of training still, not of something else
    ("começa a gerar os previews") nor of a moment not told ("na hora em que inicia")."""
    start = next((i for i in range(at, at + 3) if words[i : i + 1] in _TRAINING_STARTS), None)
    return start is not None and not _TRAINING.isdisjoint(words[start + 1 : start + 3])


_OF_THAT: Final = frozenset({"de", "do", "da", "dos", "das", "que", "em"})
_TRAINING_STARTS: Final = {(w,) for w in ("comecou", "comeca", "comecar", "iniciou", "inicia")}
_TRAINING: Final = frozenset({"treino", "treinamento", "treinar", "training"})


def _yields(reading: Reading, hit: Hit, hits: Sequence[Hit]) -> bool:
    """A vague "when" that the words right after make precise: "na hora de cachear os latents",
    "right away when it makes the first sample"."""
    if hit.arg == "sampling":
        return False  # the previews are no vague "when": "no primeiro preview, antes de começar"
    clause = reading.clauses[hit.first]
    if hit.arg == "bucket_spike":
        # "de vez em quando no meio do treino", "randomly mid-epoch": now and then, not later
        hits = [h for h in hits if h.arg != "later"]
    words = reading.tokens.words
    # "na hora de gerar o primeiro preview": the moment *of* something is that something's
    reach = 6 if _OF.intersection(words[hit.last + 1 : hit.last + 2]) else 3
    return any(
        h.arg != hit.arg and reading.clauses[h.first] == clause and 0 <= h.first - hit.last <= reach
        for h in hits
    )


_OF: Final = frozenset({"de", "do", "da", "dos", "das", "of"})


def _a_setting(reading: Reading, hit: Hit) -> bool:
    """A phase's words naming a setting that is on: "cache latents ligado", "cache latents to
    disk is on too"; not when the crash happened."""
    clause = reading.clauses_of_words
    after = [
        w
        for i, w in enumerate(reading.tokens.words[hit.last + 1 : hit.last + 3], hit.last + 1)
        if clause[i] == clause[hit.last]
    ]
    if _TICKED_AFTER.match(reading.low, reading.span(hit.first, hit.last)[1]):
        return True  # "cache latents [x]", "cache latents ✅": a box on a screen or list
    return bool(_SWITCHED_ON.intersection(after)) or (after[-1:] == ["on"] and "is" in after)


_SWITCHED_ON: Final = frozenset({"ligado", "ligada", "ativado", "ativada", "true", "enabled"})
_TICKED_AFTER: Final = re.compile(r"[ \t]*[:=]?[ \t]*(?:\[[x×✓✔ ]\]|[✅✔✓☑☐❌])")


def _crashed_before(reading: Reading) -> bool:
    """An OOM told as over ("turned it back on after the OOM and it finished without a crash",
    "liguei o gc depois do OOM e agora vai"): the run did OOM, so "no OOM" is no phase."""
    if any(not _supposed(reading, h) for h in reading.of("reon")):
        return True  # "turned GC back on and it finished, no crash": it crashed before
    return any(
        (_over(reading, h) or _cause_of_an_act(reading, h))
        and not reading.negated(h)
        and not conditional(reading, h)
        and not _feared(reading, h)
        for h in reading.of("oom")
    )


def _supposed(reading: Reading, hit: Hit) -> bool:
    """ "If I turn GC back on…", "se eu religar": a switch supposed in its sentence, not done."""
    sentence = reading.sentence_of(hit.first)
    return conditional(reading, hit) or any(
        h.kind in ("hypo", "cond") and h.first < hit.first for h in reading.in_sentence(sentence)
    )


def _only_partly(reading: Reading, hit: Hit) -> bool:
    """A crash denied only in part: "it doesn't always crash", "nem sempre estoura", "doesn't
    OOM at 512, only when a 768 batch comes up", "não dá oom no 512, só no bucket de 1024"."""
    words = reading.tokens.words
    after = " ".join(words[hit.last + 1 : hit.last + 3])
    before = words[max(0, hit.first - 2) : hit.first]
    if after.startswith(_ALWAYS_AFTER) or (
        len(before) == 2 and before[1] in _ALWAYS and before[0] in _NOT
    ):
        return True
    end = reading.sentence_words(reading.sentence_of(hit.first))[1]
    told = " ".join(words[hit.last + 1 : end])
    return _ONLY_THEN.search(told) is not None


def _crashes_only_then(reading: Reading, hit: Hit) -> bool:
    """ "Não dá oom no 512, só no bucket de 1024": a crash denied in part, with when it does
    happen; not "roda liso sempre", "sem oom, mas demora 9 min só nos previews" (slow only
    then) nor "no crash so far, only at step 700" (a run still going)."""
    if _so_far(reading, hit):
        return False
    end = reading.sentence_words(reading.sentence_of(hit.first))[1]
    told = reading.tokens.words[hit.last + 1 : end]
    return _ONLY_THEN.search(" ".join(told)) is not None and _SLOW.isdisjoint(told)


_SLOW: Final = frozenset(
    {"slow", "slower", "takes", "took", "taking", "minutes", "mins", "min", "hours", "hrs"}
    | {"lento", "lenta", "devagar", "demora", "demorou", "demorando", "leva", "levou"}
    | {"minutos", "horas"}
)
_ALWAYS: Final = frozenset({"always", "sempre"})
_NOT: Final = frozenset(
    {"not", "nem", "nao", "doesn't", "doesnt", "don't", "dont", "didn't", "didnt", "won't", "wont"}
)
_ALWAYS_AFTER: Final = ("always", "sempre", "every time", "toda vez", "todas as vezes")
_ONLY_THEN: Final = re.compile(
    r"\b(?:only|so|somente|apenas)\s+(?:when|on|with|at|in|if|quando|no|na|nos|nas|com|em"
    r"|some|algumas?|uns|umas|those|these|the big|o maior|a maior)\b|\bjust (?:when|on some)\b"
)


def _no_oom(reading: Reading) -> Found | None:
    """ "No OOM, just slow", "it did not crash": phase ``none``; not "no OOM so far", "sem crash
    até agora", told of a run still going."""
    ruled_out = reading.first("no_crash")
    if ruled_out is not None:
        if _so_far(reading, ruled_out) or _only_partly(reading, ruled_out):
            return None
        return _hit(reading, "oom_phase", "none", ruled_out)
    negated = next(_ruled_out_ooms(reading), None)
    if negated is None or _only_partly(reading, negated):
        return None
    first = reading.negation_of(negated)
    if _so_far(reading, negated._replace(first=first)):  # "ainda não deu oom"
        return None
    return _found(reading, "oom_phase", "none", first, negated.last)


def _ruled_out_ooms(reading: Reading) -> Iterator[Hit]:
    """OOM words said of the run as not happening ("no OOM"), not wished away."""
    return (
        h for h in reading.of("oom") if _ruled_out(reading, h) and not _wanted_without(reading, h)
    )


def _wanted_without(reading: Reading, oom: Hit) -> bool:
    """A crash to be avoided by what is asked for, not one ruled out: "how 2 go faster w/o
    oom", "como ter batch grande sem estourar a vram"."""
    words = reading.tokens.words
    if words[reading.negation_of(oom)] not in _WITHOUT:
        return False
    sentence = reading.sentence_of(oom.first)
    asked = any(reading.sentence_of(h.first) == sentence for h in reading.hits if h.kind in _ASKS)
    return asked or not _PURPOSE.isdisjoint(reading.words_of_sentence(oom.first))


_WITHOUT: Final = frozenset({"sem", "without", "w"})
_ASKS: Final = frozenset({"hypo", "speed", "accumulation", "fear"})
_PURPOSE: Final = frozenset({"how", "como", "pra", "para", "quero", "want", "can", "posso"})


_TOLD_MOMENTS: Final = frozenset({"sampling", "loading", "first_steps"})
_NOW_AND_THEN: Final = re.compile(
    r"random|aleator|sometimes|as vezes|intermit|now and then|de vez em quando|occasional"
    r"|once in a while|every so often|de tempos em tempos|not always|nem sempre"
    r"|\b(?:1|one|um|uma) (?:in|em cada|a cada) \d+"  # "like 1 in 3 launches"
)


def _told_with(reading: Reading, moment: Found, words: Sequence[Found]) -> bool:
    """A moment told of the crashes that come now and then: in the clause that says so
    ("sometimes it OOMs on step 1"), or as always that moment ("random, but ALWAYS during the
    samples"); not a moment of another crash ("no longer at step 2, but at random points")."""
    if moment.value not in _TOLD_MOMENTS:
        return False
    if _ALWAYS_THEN.search(reading.low, max(0, moment.start - 24), moment.start):
        return True
    clause = reading.clauses_of_words[reading.word_at(moment.start)]
    return any(
        f.value == "bucket_spike" and reading.clauses_of_words[reading.word_at(f.start)] == clause
        for f in words
    )


_ALWAYS_THEN: Final = re.compile(r"\b(?:always|sempre|every time|toda vez|only|so)\b[^,;.]*$")


def _only_now_and_then(reading: Reading, words: Sequence[Found]) -> bool:
    """Every word of now and then in ``words`` says only that ("random", "às vezes"), not
    which images or buckets break it."""
    spikes = [f for f in words if f.value == "bucket_spike"]
    return bool(spikes) and all(
        _NOW_AND_THEN.search(reading.low, f.start, f.end) is not None
        and _IMAGES.search(reading.low, f.start, f.end) is None
        for f in spikes
    )


def _names_the_images(reading: Reading, found: Found) -> bool:
    said = reading.low[found.start : found.end]
    return _IMAGES.search(said) is not None and not said.startswith(("bucket de", "bucket of"))


_IMAGES: Final = re.compile(r"bucket|imag|foto|photo|pic|pair|pare|big|grande|maior|tall|alta")


def _sentence_at(reading: Reading, offset: int) -> int:
    return bisect_right(reading.sentence_ends, offset)


def _ruled_out(reading: Reading, hit: Hit) -> bool:
    """ "No OOM": said of the run, not asked ("without it OOMing?") nor supposed."""
    asked = reading.question(hit.first)
    return reading.negated(hit) and not conditional(reading, hit) and not asked


def _distance(reading: Reading, found: Found, ooms: Sequence[Hit]) -> int:
    return min((abs(found.start - reading.span(o.first, o.last)[0]) for o in ooms), default=0)


def _last_gc(states: Sequence[SettingState]) -> SettingState | None:
    return next((s for s in reversed(states) if s.setting == "gc"), None)


def _retried(states: Sequence[SettingState]) -> SettingState | None:
    """GC's last state, when it is on after a retry: switched back on, or off first and then on."""
    last = _last_gc(states)
    if last is None or last.state != "on":
        return None
    gc = [s for s in states if s.setting == "gc"]
    retried = any(s.retry for s in gc) or any(s.state == "off" for s in gc if s.first < last.first)
    return last if retried else None


def _of_a_state(reading: Reading, still: Hit) -> bool:
    """ "Still" said of another setting's state, not of the crash: "quantize still off =
    fine"; not "GC ainda on" (the crash came with GC back on) nor "em vez do step 1"."""
    words = reading.tokens.words
    stated = any(
        h.kind in _STATE_WORDS and h.first == still.last + 1 and not words[h.first].isdigit()
        for h in reading.hits
    )
    named = next((h for h in reversed(reading.of("mention")) if h.last < still.first), None)
    return stated and named is not None and named.arg != "gc" and still.first - named.last <= 2


_STATE_WORDS: Final = frozenset({"on", "off", "on_after", "off_after"})


def gc_retry(
    reading: Reading,
    ooms: Sequence[Hit],
    states: Sequence[SettingState],
    now: SettingState | None,
) -> Found | None:
    """After GC went (back) on: still an OOM ("continua dando OOM") or fixed ("resolveu").
    ``now`` is GC's state now, as read from the whole message."""
    switched = _switched_on_in_vain(reading, states)
    if switched is not None and (now is None or now.state == "on"):
        # "turned gc on, didn't help", "liguei o gc e não adiantou": on now, the crash stays
        return _found(reading, "gc_retry", "still_oom", switched[0].first, switched[1].last)
    if not any(s.setting == "gc" and (s.retry or s.state == "off") for s in states):
        return None  # most messages: GC never switched back on, nor said off before
    # "por que desligar dá OOM?" asks about GC in general, after the retry
    states = [
        s
        for s in states
        if s.setting != "gc"
        or s.state != "off"
        # "without GC it runs out of memory, with it on it trains": what would happen, no retry
        or (describes_a_run(s, reading, states) and not if_without_it(reading, s))
    ]
    last = _retried(states)
    if last is None:
        return None
    if now is not None and now.state != "on":
        return None  # GC's "on" was the other side of a comparison: nothing was retried
    # not "any way to get the speed back without it blowing up again?": feared
    still = next(
        (
            h
            for h in reading.of("still")
            if not conditional(reading, h)
            and not _feared(reading, h)
            and not _of_a_state(reading, h)
        ),
        None,
    ) or _crash_after_the_retry(reading, ooms, states)
    if still is None and not last.retry:
        still = _crashed_both_ways(reading, ooms, states, last)
    if ooms and still is not None:
        gc = [s for s in states if s.setting == "gc"]
        # the switch back: marked as one, or the first "on" after an "off"
        back = [s for s in gc if s.retry] or [
            s
            for s in gc
            if s.state == "on" and any(o.state == "off" and o.first < s.first for o in gc)
        ]
        retried = min((s.last for s in back), default=last.last)
        if still.last < retried and _calm_after_retry(reading, ooms, states) is not None:
            # "bs1 same thing, flipped gc back on and it ran all 3000 steps": the runs before
            # the switch back failed alike, and the one after it went well
            still = None
        elif _calm_between(reading, retried, still.first):
            # "turned it on and it trained fine. Today, new dataset, GC still on, and OOM": a
            # new crash after the retry worked, not the retry failing
            return None
    if not ooms:
        # no crash word: "religuei, mesmo erro", "flipped it back to true. nope."
        still = _nothing_changed(reading, last) if last.retry else None
    if still is not None:
        return _found(
            reading,
            "gc_retry",
            "still_oom",
            min(last.first, still.first),
            max(last.last, still.last),
        )
    calm = _calm_after_retry(reading, ooms, states)
    if calm is None and any(h.first > last.last for h in ooms):
        return None
    fixed = (
        reading.first("fixed")
        or calm
        or next((h for h in reading.of("gone") if h.first > last.last), None)
    )
    if fixed is None:
        fixed = next((h for h in reading.of("oom") if reading.negated(h)), None)
    if fixed is not None and _STILL_GOING_SAID.search(reading.text_of_sentence(fixed.first)):
        return None  # "turned gc back on, 3 hours in, no oom yet 🤞": a run still going
    crashed = any(h.first < last.first and not reading.negated(h) for h in reading.of("oom"))
    if fixed is None and crashed:
        # "turned GC back on and the whole run finished, zero OOMs"
        fixed = next(
            (h for h in reading.of("no_crash") if h.first > last.last and not _so_far(reading, h)),
            None,
        )
    if fixed is None:
        return None
    said_fixed = fixed.kind in ("fixed", "gone") and not _GOES_ON.search(reading.words(fixed))
    if not (crashed or (last.retry and not last.keyed) or said_fixed):
        # "changed it to true and it trains", "gc off 2.3s/it no oom, gc on 3.4s/it": nothing
        # had crashed to be fixed
        return None
    return _found(
        reading, "gc_retry", "fixed", min(last.first, fixed.first), max(last.last, fixed.last)
    )


def _crashed_both_ways(
    reading: Reading, ooms: Sequence[Hit], states: Sequence[SettingState], on: SettingState
) -> Hit | None:
    """GC tried off and then on, each followed by its crash: "gc off: OOM at step 0. gc on: OOM
    at step 3", "with gc off it died on step 3, with gc on it makes it to ~1230 and dies". The
    crash told right after GC on (same sentence or the next, nothing calm between)."""
    gc = [s for s in states if s.setting == "gc"]
    before = [s for s in gc if s.last < on.first]
    off = before[-1] if before else None  # the try just before it
    if off is None or off.state != "off" or any(s.first > on.first for s in gc):
        return None
    told = [h for h in ooms if not reading.negated(h) and not conditional(reading, h)]
    crashed_off = next((h for h in told if off.last < h.first < on.first), None)
    if crashed_off is None:
        return None  # the run with GC off must have crashed too
    sentence = reading.sentence_of(on.last)
    crash = next(
        (
            h
            for h in told
            if on.last < h.first <= on.last + _TOLD_WITH_IT
            and reading.sentence_of(h.first) - sentence in (0, 1)
            and not _feared(reading, h)
            and not reading.question(h.first)
            and not _calm_between(reading, on.last, h.first)
            and not any(s.setting == "gc" and on.last < s.first < h.first for s in states)
        ),
        None,
    )
    if crash is None or _more_changed(reading, states, (off, crashed_off), (on, crash)):
        return None
    return crash


def _more_changed(
    reading: Reading,
    states: Sequence[SettingState],
    off: tuple[SettingState, Hit],
    on: tuple[SettingState, Hit],
) -> bool:
    """The try with GC on changed something else too: "3. GC off, bs 2: OOM 4. GC on, bs 4:
    OOM", "quantize on, GC off: OOM - quantize off, GC on: OOM while loading"."""
    words = reading.tokens.words

    def try_told(state: SettingState, crash: Hit, since: int) -> tuple[int, int]:
        """From the start of the state's sentence (not before ``since``) to its crash."""
        return max(since, reading.sentence_words(reading.sentence_of(state.first))[0]), crash.first

    off_span = try_told(off[0], off[1], 0)
    on_span = try_told(on[0], on[1], off[1].last + 1)
    numbers = {w for w in words[off_span[0] : off_span[1]] if w[:1].isdigit()}
    if any(w[:1].isdigit() and w not in numbers for w in words[on_span[0] : on_span[1]]):
        return True
    return any(s.setting != "gc" and on_span[0] <= s.first < on_span[1] for s in states)


# How far after "gc on" its own crash is told: "GC on: CUDA out of memory at step 3".
_TOLD_WITH_IT: Final = 12


def _switched_on_in_vain(
    reading: Reading, states: Sequence[SettingState]
) -> tuple[SettingState, Hit] | None:
    """GC switched on by the person, told right after to have changed nothing: "turned gc on,
    didn't help", "ativei o gc e não resolveu". Switching it on says it was off before."""
    for state in states:
        if state.setting != "gc" or state.state != "on" or state.wished:
            continue
        act = reading.tokens.words[max(0, state.first - 1) : state.first]
        if _SWITCHED_BY.isdisjoint(act) and not any(
            h.first <= state.last and state.first <= h.last for h in reading.of("reon")
        ):
            continue
        vain = _nothing_changed(reading, state)
        if vain is not None:
            return state, vain
    return None


_SWITCHED_BY: Final = frozenset(
    {"turned", "switched", "flipped", "put", "set", "liguei", "ativei", "habilitei", "coloquei"}
)


def _nothing_changed(reading: Reading, retry: SettingState) -> Hit | None:
    """With no crash word, switching GC back on told as changing nothing, right after it:
    "religuei, mesmo erro", "flipped it back to true. nope.", "gc back on, didn't help"; not
    "religuei e não deu nada" (nothing went wrong) nor a question about it."""
    told = reading.sentence_of(retry.last)
    for hit in reading.of("no_effect"):
        if hit.first <= retry.last or reading.sentence_of(hit.first) - told not in (0, 1):
            continue
        if hit.first - retry.last > _RIGHT_AFTER or _calm_between(reading, retry.last, hit.first):
            return None  # "liguei o gc esperando economizar, mas mostra quase a mesma coisa"
        between = reading.low[
            reading.span(retry.first, retry.last)[1] : reading.span(hit.first, hit.last)[0]
        ]
        if "?" in between or reading.question(hit.first) or conditional(reading, hit):
            return None
        if reading.negated(hit):
            return None
        clause_of = reading.clauses_of_words
        opens = hit.first == 0 or clause_of[hit.first] != clause_of[hit.first - 1]
        if reading.words(hit) in ("nada", "nope") and not opens:
            continue  # "religuei, nao mexi em mais nada e foi ate o fim"
        if not _OF_SPEED.isdisjoint(reading.tokens.words[hit.last + 1 : hit.last + 4]):
            continue  # "turned gc on but it didnt help with speed": no crash it did not fix
        return hit
    return None


_OF_SPEED: Final = frozenset({"speed", "speeds", "faster", "velocidade", "tempo", "s/it", "it/s"})


_RIGHT_AFTER: Final = 6


# Progress told after the switch back on, before a crash: the crash came later, not gone.
_GOT_FURTHER: Final = re.compile(
    r"\b(?:further|farther|got past|gets past|made it (?:to|past)|makes it to|survived"
    r"|no longer (?:ooms|crashes|dies) (?:on|at)|stopped crashing at the start|foi ate|chegou ate"
    r"|passou d[oa]|avancou|nao (?:crasha|morre|estoura) mais no (?:step|passo|inicio|comeco))\b"
)


def _crash_after_the_retry(
    reading: Reading, ooms: Sequence[Hit], states: Sequence[SettingState]
) -> Hit | None:
    """A crash told as coming after the switch back on: "OOM after re-enabling grad
    checkpointing too", "dá OOM mesmo depois de religar o gc"."""
    words = reading.tokens.words
    for state in states:
        if state.setting != "gc" or not state.retry:
            continue
        if _AFTER.isdisjoint(words[max(0, state.first - 2) : state.first + 1]):
            continue
        crash = next((h for h in ooms if 0 < state.first - h.last <= 4), None)
        if crash is not None and not reading.negated(crash):
            return crash
    # "religuei o gc e crashou igual", "put it back on and now that crashes too"
    last = max((s.last for s in states if s.setting == "gc" and s.retry), default=None)
    if last is None:
        return None
    further = _GOT_FURTHER.search(reading.low, reading.span(last, last)[1])
    if further is not None:
        # "gc back on, survived the night, then the morning sample killed it", "no longer OOMs
        # on step 1, but it dies every 50 steps": the crash moved, it did not go
        moved = next(
            (
                h
                for h in ooms
                if reading.span(h.first, h.last)[0] >= further.start()
                and not reading.negated(h)
                and not conditional(reading, h)
            ),
            None,
        )
        if moved is not None:
            return moved
    alike = next(
        (
            h
            for h in ooms
            if h.first > last and any(words[h.last + 1 : h.last + 1 + n] in _ALIKE for n in (1, 2))
        ),
        None,
    )
    # "religuei o gc e olha isso: torch.OutOfMemoryError…", "put it back on and it ooms at the
    # first sample": a crash told right after the switch back, nothing calm between
    return alike or next(
        (
            h
            for h in ooms
            if 0 < h.first - last <= _RIGHT_AFTER
            and _THEN_CRASH.issuperset(words[last + 1 : h.first])
            and not reading.negated(h)
            and not conditional(reading, h)
            and not _feared(reading, h)
            and not reading.has("fixed", "gone")
            and _OVER_OR_BEFORE.isdisjoint(words[h.last + 1 : h.last + 5])
        ),
        None,
    )


# "…e o cuda oom parou", "…it died at 1100 last time": a crash over, or of before
_OVER_OR_BEFORE: Final = frozenset(
    {"parou", "sumiu", "stopped", "went", "gone", "last", "before", "antes", "earlier", "ontem"}
)
# What stands between the switch back and the crash it led to: "religuei o gc e ta dando pau",
# "back on and now it ooms"; not "back on after the OOM", "back on to fix the OOMs".
_THEN_CRASH: Final = frozenset(
    {
        "e",
        "and",
        "now",
        "agora",
        "ta",
        "it",
        "dando",
        "deu",
        "olha",
        "isso",
        "look",
        "at",
        "this",
        "then",
        "ai",
        "ja",
        "still",
        "just",
        "it's",
        "its",
        "is",
        "da",
        "o",
        "gc",
        "mas",
        "but",
        "same",
        "mesmo",
        "continua",
        "continues",
        "keeps",
        "kept",
        "segue",
        "voltou",
        "a",
    }
)


# "crashou igual", "crashes too", "deu oom de novo": the crash of before, again
_ALIKE: Final = frozenset(
    {("de", "novo"), *((w,) for w in ("igual", "too", "tambem", "tb", "tbm", "again", "dnv"))}
)


_AFTER: Final = frozenset({"after", "depois", "apos"})


def _calm_between(reading: Reading, after: int, before: int) -> bool:
    return any(
        h.kind in _CALM_OR_FIXED and after < h.first < before and not reading.negated(h)
        for h in reading.hits
    )


_CALM: Final = frozenset({"stable", "stable_run", "no_crash", "worked"})
_CALM_OR_FIXED: Final = _CALM | {"fixed"}
# What a switch led to that is a fix only after a crash or a switch back: "and it trains".
_GOES_ON: Final = re.compile(r"^(?:and|e)\b.*\b(?:trains|training|treinando)$", re.IGNORECASE)
_STABLE: Final = ("stable", "stable_run", "worked")  # "worked" and "stable" need GC on beside them


def _switched_off(reading: Reading, states: Sequence[SettingState]) -> bool:
    """GC switched off by the person, told as done ("I unchecked it", "desliguei o GC"): it
    was on before."""
    words = reading.tokens.words
    return any(
        s.setting == "gc"
        and s.state == "off"
        and not s.wished
        and not s.keyed
        and not _SWITCH_ACTS.isdisjoint(words[max(0, s.first - 1) : s.last + 1])
        for s in states
    )


def _said_before(
    reading: Reading,
    calms: Sequence[Hit],
    ooms: Sequence[Hit],
    states: Sequence[SettingState] = (),
) -> Hit | None:
    """A word of calm said of an earlier run, when the run now crashes: in a sentence about
    the past, before the message turns to now ("…went fine. Today I turned GC off and…"), or
    before switching GC off oneself ("nunca tive problema com o gc ligado. desliguei e…")."""
    if not ooms or not calms:
        return None
    past = {reading.sentence_of(h.first) for h in reading.of("past")}
    turn = reading.first("now")
    # GC switched off oneself, or the crash told *with* GC off ("4th one with gc off OOMs")
    crashed = {reading.sentence_of(oom.first) for oom in ooms}
    offs = [
        st.first
        for st in states
        if st.setting == "gc"
        and st.state == "off"
        and (own_act(st, reading) or reading.sentence_of(st.first) in crashed)
    ]
    for calm in calms:
        earlier = turn is not None and calm.first < turn.first
        switched = any(calm.last < off < oom.first for off in offs for oom in ooms)
        if earlier or switched or reading.sentence_of(calm.first) in past:
            return calm
    return None


# After a retry, a calm that says more than "it runs now": stable, or a run gone through.
_STABLE_NAMED: Final = frozenset(
    {
        "stable",
        "estavel",
        "trained",
        "ran",
        "finished",
        "completed",
        "treinou",
        "rodou",
        "terminou",
        "through",
        "night",
        "inteiro",
        "fim",
        "finish",
        "way",
        "terminaram",
        "termina",
    }
)
_OTHERS: Final = LEXICON.words("others")
_SWITCH_ACTS: Final = LEXICON.words("switch_acts")
# What went fine when it is only part of the run: "smaller buckets train fine".
_PARTS: Final = frozenset({"bucket", "buckets", "images", "imagens", "steps", "passos"})


def _someone_else_s(reading: Reading, cue: Hit) -> bool:
    """A calm run told of someone else ("the author says it trains fine", "no pc do meu amigo
    roda liso") or of a part of the run ("smaller buckets train fine")."""
    first, _ = reading.sentence_words(reading.sentence_of(cue.first))
    greeted = reading.greeted()
    # "galera, treinei uns 10 loras…": those spoken to are not whose run it was
    told = [
        w for i, w in enumerate(reading.tokens.words[first : cue.first], first) if i not in greeted
    ]
    if not _OTHER_TOOLS.isdisjoint(reading.words_of_sentence(cue.first)):
        return True  # "no kohya meu sdxl rodava com gc on sem problema": another trainer's run
    said = " ".join(reading.words_of_sentence(cue.first))
    if _ELSEWHERE.search(said) and len({m[0] for m in _PLACES.finditer(reading.low)}) > 1:
        return True  # "at home it finished fine with GC on; on the work machine it OOMs"
    # the part that went fine is in the calm's own clause: not "gc on, 1024 buckets, runs fine"
    clause, words = reading.clauses_of_words, reading.tokens.words
    part = {
        words[i]
        for i in range(max(first, cue.first - 3), cue.first)
        if clause[i] == clause[cue.first]
    }
    return bool(_OTHERS.intersection(told)) or bool(_PARTS.intersection(part))


# A run told of another machine than the one crashing now; only when the message names two.
_ELSEWHERE: Final = re.compile(
    r"\b(?:at home|em casa|on my desktop|no meu desktop|work machine|another machine|other "
    r"machine|outra maquina|different provider|different machine|no pc d[oa]|no lab"
    r"|on the \d+gb machine|na maquina de \d+gb)\b"
)
_PLACES: Final = re.compile(
    r"\b(?:at home|em casa|locally|work machine|notebook|laptop|runcomfy|desktop|pc d[oa]"
    r"|another machine|outra maquina|different provider|rented|alugad[oa]|lab)\b"
)


_STAGE_BEFORE: Final = re.compile(
    r"(?:quantiz\w*|caching|cache|loading|latents|embeddings|transformer|->)\W*$"
)


_OTHER_TOOLS: Final = frozenset(
    {"kohya", "onetrainer", "fluxgym", "simpletuner", "musubi", "diffusers", "sd-scripts"}
)


def _no_oom_with_gc_on(
    reading: Reading, states: Sequence[SettingState], ooms: Sequence[Hit], signals: Set[str]
) -> Found | None:
    if ooms or signals & OUTSIDE_GUIDE or not reading.has("oom"):
        return None
    if any(
        not reading.negated(h)
        # not a crash asked or feared: "…just slow. would turning it off help or will it crash"
        and not (reading.question(h.first) or conditional(reading, h) or _feared(reading, h))
        for h in reading.of("oom")
    ):
        return None  # "the pc didn't crash but training stopped w 'CUDA error: out of memory'"
    ruled_out = next((h for h in _ruled_out_ooms(reading) if not _so_far(reading, h)), None)
    if ruled_out is None:
        return None
    now = next((s for s in current_states(reading, states) if s.setting == "gc"), None)
    if now is None or now.state != "on" or now.retry:
        return None
    first = min(now.first, reading.negation_of(ruled_out))
    return _found(reading, "stable_with_gc", "yes", first, max(now.last, ruled_out.last))


def _so_far(reading: Reading, hit: Hit) -> bool:
    words = reading.tokens.words
    after = " ".join(words[hit.last + 1 : hit.last + 4])
    said = f" {' '.join(words[hit.first : hit.last + 1])} "
    if any(f" {yet} " in said for yet in _YET):
        return True  # "no oom so far": the phrase says it itself
    return (
        after.startswith(_YET)
        or bool(_STILL_GOING.intersection(words[max(0, hit.first - 2) : hit.first]))
        or "ainda nao" in " ".join(words[max(0, hit.first - 3) : hit.first])  # "ainda não deu oom"
        # "no OOM, run is going fine so far (step 700)": the run's going told after the calm
        or _GOING_SO_FAR.match(reading.low, reading.tokens.ends[hit.last]) is not None
    )


_YET: Final = ("so far", "yet", "ate agora", "por enquanto", "ainda", "until now", "for now")
_GOING_SO_FAR: Final = re.compile(
    r"[ \t,;]+(?:(?:and\s+)?(?:the\s+)?run\s+is\s+going|indo|e\s+indo|going|ta\s+indo)"
    r"\s+(?:fine|well|ok|bem|de\s+boa)\s+(?:so\s+far|ate\s+agora|for\s+now|por\s+enquanto)\b"
)
_STILL_GOING: Final = frozenset({"ainda", "still", "yet", "enquanto"})  # "por enquanto nenhum"


def _after_a_retry(reading: Reading, cue: Hit, states: Sequence[SettingState]) -> bool:
    """Calm told right after GC went back on ("flipped it back on and it trains fine now"):
    what the retry did, no stable run; unless it says stable ("agora está estável")."""
    if set(reading.tokens.words[cue.first : cue.last + 1]) & _STABLE_NAMED:
        return False
    sentence = reading.sentence_of(cue.first)
    return any(
        s.setting == "gc"
        and s.retry
        and s.last < cue.first
        and reading.sentence_of(s.last) == sentence
        for s in states
    )


def _in_general(reading: Reading, hit: Hit) -> bool:
    """Said in a question about anyone's first run ("por que o pessoal fala que nunca se deve
    começar um primeiro treino com ele desligado?"), not one's own ("posso começar o primeiro
    treino com gc desligado?")."""
    if not reading.question(hit.first):
        return False
    return not (_OTHERS | _ANYONE).isdisjoint(reading.words_of_sentence(hit.first))


_ANYONE: Final = frozenset({"ever", "deve", "anyone", "alguem", "everyone", "todo"})


def stable_with_gc(
    reading: Reading, states: Sequence[SettingState], ooms: Sequence[Hit], signals: Set[str]
) -> Found | None:
    """A stable run with GC on: said in so many words, or a run that went well told beside GC
    on in a sentence that reports no crash."""
    found = _stable_with_gc(reading, states, ooms, signals)
    if found is None and reading.has(*_FINE) and SHARED_MEMORY_SPILL not in signals:
        found = _fine_beside_gc_on(reading, states)
    if found is None and SHARED_MEMORY_SPILL not in signals:
        found = _through_after_retry(reading, ooms, states)
    if found is None and SHARED_MEMORY_SPILL not in signals:
        found = _finished_with_gc_on(reading, states)
    if found is not None and _COUNTERFACTUAL.search(
        reading.text_of_sentence(reading.word_at(found.start))
    ):
        return None  # "if I'd left checkpointing on it would have finished": it did not run
    return found


_COUNTERFACTUAL: Final = re.compile(
    r"\b(?:would have|would'?ve|wouldve|woulda|if i'?d|if i had|had i|se eu tivesse|se tivesse"
    r"|teria (?:terminado|ido|rodado|acabado|fechado|dado certo))\b"
)


def _finished_with_gc_on(reading: Reading, states: Sequence[SettingState]) -> Found | None:
    """A run told to its end with GC on, in the sentence that says so: "GC on for runs 1 and
    2, both completed", "the 768 run with checkpointing finished overnight", "gc back on and it
    finished!!", "com gc on o treino inteiro fechou semana passada". The GC state told nearest
    that end is on; not asked, not someone else's run nor another trainer's, not a stage that
    finished ("finished caching latents"), not a run that crashed after all ("reached 2000/2000
    and then died")."""
    said = [s for s in states if s.setting == "gc" and not s.wished and s.state in ("on", "off")]
    if not any(s.state == "on" for s in said):
        return None  # most messages
    for done in _RUN_DONE.finditer(reading.low):
        at = reading.word_at(done.start())
        sentence = reading.sentence_of(at)
        near = [s for s in said if reading.sentence_of(s.first) == sentence]
        if not near or reading.question(at):
            continue
        nearest = min(near, key=lambda s: min(abs(s.first - at), abs(s.last - at)))
        if nearest.state != "on":
            continue
        first, last = reading.sentence_words(sentence)
        start, end = reading.span(first, max(first, last - 1))
        if _not_a_whole_run(reading, done, start, end) or of_another_person(reading, at):
            continue
        if _someone_else_s(reading, Hit("stable", "", at, at)):
            continue  # a friend's run, another trainer's, another machine's
        first, last = min(nearest.first, at), max(nearest.last, at)
        return _found(reading, "stable_with_gc", "yes", first, last)
    return None


def _not_a_whole_run(reading: Reading, done: re.Match[str], start: int, end: int) -> bool:
    """ "never finished", "finished caching", "reached 2000/2000 and then died", "someone said it
    finishes fine": not a run gone to its end."""
    low = reading.low
    if _NOT_DONE.search(low, max(start, done.start() - 30), done.start()):
        return True
    if _A_STAGE_DONE.match(low, done.end()) or _STAGE_BEFORE.search(low, start, done.start()):
        return True  # "finished caching latents", "Quantizing transformer... done"
    sentence = reading.sentence_of(reading.word_at(done.start()))
    at = reading.word_at(done.start())
    return any(
        reading.sentence_of(h.first) == sentence
        and ((h.kind == "oom" and h.first > at and not reading.negated(h)) or h.kind == "hearsay")
        for h in reading.hits
    )


# A whole run told done: "finished", "made it to the end", "2000/2000", "terminou", "fechou"
_RUN_DONE: Final = re.compile(
    r"\b(?:finished|finishes|completed|completes|(?<!have )(?<!has )(?<!had )(?<!'ve )done"
    r"|made it to the end|made it all the way"
    r"|went all the way|ran to the end|cooked fine|ran (?:all )?\d+k? steps|terminou|terminaram"
    r"|terminava|terminavam|concluiu|concluiram|concluid[oa]s?|fechou|fecharam|completou|completaram"
    r"|(?:foi|foram|rodou|rodaram) ate o fim|rodou (?:as|os) \d+|rodou inteir[oa])\b"
    r"|\b(\d{3,5})/\1\b(?!\s*(?:gb|gib|mb|mib|g)\b)"
)
_NOT_DONE: Final = re.compile(
    r"\b(?:never|not|didn'?t|did not|hasn'?t|haven'?t|won'?t|isn'?t|nunca|nao|nem|wasn'?t"
    r"|none of|nenhum|nenhuma|ever|only|so)\b[^.!?\n]{0,24}$"
)


def _for_a_while(reading: Reading, calm: Hit, ooms: Sequence[Hit]) -> bool:
    """A calm of the part of a run that then crashes, no stable run: "trains fine for the first
    500 steps, then OOMs", "de boa até o passo 800"; not "worked until the end"."""
    return bool(ooms) and bool(
        _FOR_A_WHILE.match(reading.low, reading.span(calm.first, calm.last)[1])
    )


_FOR_A_WHILE: Final = re.compile(
    r"[ \t]*(?:(?:for|durante|por)\s+(?:the\s+|os\s+|as\s+|uns\s+|umas\s+)?(?:first|primeir[oa]s)"
    r"|(?:until|till|ate)\b(?!\s+(?:the end|o fim|o final|the last|o ultimo))|up to\b"
    r"|(?:nos|pelos|pelas|nas)\s+primeir[oa]s)"
)
_A_STAGE_DONE: Final = re.compile(
    r"\s*[,.]?\s+(?:then|gc|caching|loading|quantizing|generating|sampling|downloading|with\b"
    r"|the (?:first|baseline"
    r"|cache|caching|download|samples?|previews?)|o cache|de carregar|de cachear|de baixar"
    r"|so far|yet|ainda|once|until)"
)


def _through_after_retry(
    reading: Reading, ooms: Sequence[Hit], states: Sequence[SettingState]
) -> Found | None:
    """After GC went back on, the run went to its end: "flipped it back on and the run went
    all the way to 3000 steps", "religuei e o treino terminou", "woke up to a finished lora".
    A run still going ("trains fine now", "past step 800") is no stable run yet."""
    retry = _retried(states)
    calm = _calm_after_retry(reading, ooms, states)
    if retry is None or calm is None:
        return None
    start = reading.span(retry.first, retry.last)[1]
    end = reading.span(calm.first, calm.last)[1]
    through = _WENT_THROUGH.search(reading.low, start, max(end + 40, start))
    if through is None:
        return None
    return _found(reading, "stable_with_gc", "yes", retry.first, calm.last)


def _went_through_with_gc(reading: Reading, hit: Hit, states: Sequence[SettingState]) -> bool:
    """The run named by ``hit`` went to its end with GC on, in the same sentence: "terminei
    minha primeira lora com gc ligado"; not "nunca terminei nenhuma"."""
    sentence = reading.sentence_of(hit.first)
    first, end_word = reading.sentence_words(sentence)
    if not _NEVER.isdisjoint(reading.tokens.words[first:end_word]):
        return False
    if not any(
        s.setting == "gc" and s.state == "on" and reading.sentence_of(s.first) == sentence
        for s in states
    ):
        return False
    start, end = reading.span(first, end_word - 1)
    hit_start, hit_end = reading.span(hit.first, hit.last)
    return any(
        not hit_start <= m.start() < hit_end
        for m in _WENT_THROUGH.finditer(reading.low, start, end)
    )


_NEVER: Final = frozenset({"never", "nunca", "none", "nenhum", "nenhuma", "nem", "not", "nao"})


def ran_to_the_end(reading: Reading) -> bool:
    """The message tells a run that went to its end ("finished all 3000 steps", "terminou")."""
    return _WENT_THROUGH.search(reading.low) is not None


_WENT_THROUGH: Final = re.compile(
    r"\b(?:finished|finish(?:ed)? (?:all|the run)|completed?|went through|all the way|to the end"
    r"|(?:all|full|whole|the) (?:\d+k?|\d{1,3}(?:[.,]\d{3})) steps|\d+k? steps (?:done|completed)"
    r"|terminou|terminaram|terminei|termina|conclu[ií]\w*|ate o fim|at[eé] o final"
    r"|prontinh[oa]|pronta|woke up to|acordei com|fechou os|rodou (?:os|as|todos os|todas as) \d+"
    r"|(?:rodou|treinou|foi) inteir[oa])"
)


_FINE: Final = frozenset({"fine", "no_crash", "stable", "worked"})
# What "fine" is said of when it is not the run: how things look, or a memory.
_LOOKS: Final = frozenset(
    {"look", "looks", "looked", "looking", "ficou", "ficaram", "parece", "parecem"}
    | {"vram", "gpu", "ram", "memory", "memoria", "card", "placa"}
)


def _fine_beside_gc_on(reading: Reading, states: Sequence[SettingState]) -> Found | None:
    """ "Old run (GC on, 768 only, batch 2): fine.", "trained 3 zit loras with GC on, bs2 768, no
    issues", "GC on, batch 1, 1024, trained 3 LoRAs with it, all fine": a run of theirs went
    well with GC on. Not asked, not "so far", not someone else's, not of another model, and not
    what a switch back on did ("turned it back on, fine again" is gc_retry) unless it says the
    run went through."""
    words = reading.tokens.words
    crashing = [h for h in reading.of("oom") if not reading.negated(h)]
    for cue in [h for h in reading.hits if h.kind in _FINE]:
        if (
            crashing
            and _said_before(reading, [cue], crashing, states) is None
            and not _apart_from_a_crash_with_gc_off(reading, cue, crashing, states)
        ):
            continue  # "ran fine for 3 hours then this: OutOfMemoryError": the run that crashed
        if not _LOOKS.isdisjoint(words[max(0, cue.first - 2) : cue.first]):
            continue  # "samples look fine", "a lora ficou ok", "vram is fine": not the run
        sentence = reading.sentence_of(cue.first)
        first, _ = reading.sentence_words(sentence)
        if cue.first == first and words[cue.first] in ("ok", "okay", "good"):
            continue  # "ok so I turned it off…": a way to start, not a verdict
        if words[cue.last + 1 : cue.last + 2] in (("tune",), ("tuning",), ("tuned",)):
            continue  # "fine tune"
        if (
            reading.negated(cue)
            or reading.question(cue.first)
            or _so_far(reading, cue)
            or _someone_else_s(reading, cue)
            or of_another_model(reading, cue.first)
        ):
            continue
        switched_off = [st.first for st in states if st.setting == "gc" and st.state == "off"]
        clause = reading.clauses[cue.first]
        # "ja treinei umas 4 com gc ligado sem oom nenhum, so essa quinta q ta dando pau": the
        # calm told in the past in its own clause, the crash in another
        told_past = any(
            h.first < cue.first and reading.clauses[h.first] == clause for h in reading.of("past")
        )
        if any(
            reading.sentence_of(h.first) == sentence
            and not reading.negated(h)
            and not any(cue.last < off < h.first for off in switched_off)
            and not (told_past and reading.clauses[h.first] != clause)
            for h in reading.of("oom")
        ):
            # "GC on, it worked for 200 steps and then OOM"; not "com gc ligado nunca tive
            # problema, desliguei hj e já crashou": the crash came with GC off
            continue
        gc = [
            s
            for s in states
            if s.setting == "gc"
            and reading.sentence_of(s.first) == sentence
            and describes_a_run(s, reading, states)
            # not a switch told after the calm: "com gc ligado nunca tive problema, desliguei"
            and not (s.first > cue.last and s.state == "off" and own_act(s, reading))
        ]
        if len({s.state for s in gc}) > 1:
            # "GC on is 2.4 s/it and totally fine, GC off is 1.6 but OOMs": of both states in
            # the sentence, the one in the calm's clause is the one the calm is told of
            gc = [s for s in gc if reading.clauses[s.first] == clause]
        if not gc or any(s.state != "on" for s in gc):
            continue
        went_through = set(words[max(0, cue.first - 2) : cue.last + 1]) & _STABLE_NAMED
        switched = any(
            s.retry
            or (
                not _SWITCH_ACTS.isdisjoint(words[s.first - 1 : s.last + 1])
                # "3 loras with gc checked, no issue": a state, not a switch
                and _WITH.isdisjoint(words[max(0, s.first - 1) : s.first + 1])
            )
            for s in gc
        )
        if switched and not went_through:
            continue  # "turned GC on and it's fine": what the switch did
        on = gc[0]
        return _found(
            reading, "stable_with_gc", "yes", min(on.first, cue.first), max(on.last, cue.last)
        )
    return None


_WITH: Final = frozenset({"with", "w", "w/", "com"})
_FINE_UNTIL_SWITCHED_OFF: Final = re.compile(
    r"\b(?:ran|worked|was fine|trained|funcionava|rodava|treinava|ia)\b[^.?!\n]{0,30}?"
    r"\b(?:before|antes de|antes que|until|ate)\s+(?:eu\s+|i\s+)?"
    r"(?:disabled|turned (?:off )?|switched (?:off )?|unticked|unchecked|desligar|desativar"
    r"|desmarcar|tirar|desliguei|desativei|desmarquei|tirei)\s*(?:off\s+)?(?:o\s+|the\s+)?"
    r"(?:gc|checkpointing|gradient checkpointing|grad checkpointing)\b"
)


def _named_job(reading: Reading, hit: Hit) -> bool:
    """The words are a job's name written with underscores: "my_first_lora"."""
    start, end = reading.span(hit.first, hit.last)
    return "_" in reading.text[max(0, start - 1) : end + 1]


def _each_time(reading: Reading, hit: Hit) -> bool:
    """The first run of each session, or one that went through: "only the first run after a
    reboot OOMs", "só a primeira run dá OOM", "consegui minha primeira lora"."""
    words = reading.tokens.words
    start = reading.sentence_words(reading.sentence_of(hit.first))[0]
    before = words[max(start, hit.first - 2) : hit.first]
    if "consegui" in before and not reading.negated(hit):
        return True  # "consegui minha primeira lora": it went through; not "nunca consegui"
    return (
        not _ONLY.isdisjoint(before)
        or _EACH_TIME.match(reading.low, reading.span(hit.first, hit.last)[1]) is not None
    )


_ONLY: Final = frozenset({"only", "just", "apenas", "somente"})
_EACH_TIME: Final = re.compile(
    r"\s*(?:after (?:a |each |every )?(?:reboot|restart|boot)|of the day|of each|do dia"
    r"|depois de (?:reiniciar|ligar|religar)|dps de (?:reiniciar|ligar))"
)


def _one_of_runs(reading: Reading) -> bool:
    """The first of runs told in order ("first run … second run", "1st run … 2nd"): the
    first of these runs, not the first ever ("my first LoRA ever, third try", "nunca terminei
    nenhum" still are)."""
    words = reading.tokens.words
    ever = any(not _EVER.isdisjoint(words[h.first : h.last + 2]) for h in reading.of("first_run"))
    told = _LATER_RUN.search(reading.low) is not None or told_last(reading) is not None
    return not ever and told  # "first run: gc off… second: gc on → went through fine"


_EVER: Final = frozenset({"ever", "never", "nunca", "time", "vez", "nenhum", "none"})


_LATER_RUN: Final = re.compile(
    r"\b(?:second|2nd|third|next|segundo|segunda|2o|terceiro)\s+"
    r"(?:run|runs|try|attempt|job|lora|training|treino|rodada|tentativa|one|time)\b"
    r"|\b(?:second|2nd|third|3rd|segunda|segundo|terceira|terceiro)\s*[:)]"
    r"|\brun (?:2|two)\b|\b(?:re-?ran|refiz|rodei de novo|ran it again)\b"
)


def _stable_with_gc(
    reading: Reading, states: Sequence[SettingState], ooms: Sequence[Hit], signals: Set[str]
) -> Found | None:
    """ "Treino estável com GC", a stable run named as such ("I have a stable run"), or a run
    with GC on now that does not crash ("GC on, never OOMs, just slow").

    A stability word needs GC on in its clause; a named stable run only needs GC not off there.
    """
    first_run = reading.first("first_run")
    words = reading.tokens.words
    if first_run is not None and (
        words[first_run.last + 1 : first_run.last + 2] in (("step",), ("steps",), ("passo",))
    ):
        first_run = None  # "the first training step"
    if first_run is not None and _each_time(reading, first_run):
        first_run = None  # "only the first run after a reboot OOMs": the first of each day
    if first_run is not None and (_named_job(reading, first_run) or _one_of_runs(reading)):
        # "my_first_lora: 12%|…", "First run: GC on, worked. Second run I disabled it…"
        first_run = None
    calm_at = {reading.sentence_of(h.first) for h in reading.of("stable")}
    # "first lora came out fine", "minha primeira lora ficou show", with GC on
    calm_at |= {
        reading.sentence_of(h.first)
        for kind in ("fine", "worked")
        for h in reading.of(kind)
        if not reading.negated(h) and _only_gc_on_in(reading, reading.sentence_of(h.first), states)
    }
    if first_run is not None and (
        reading.sentence_of(first_run.first) in calm_at
        or _went_through_with_gc(reading, first_run, states)
    ):
        # "my first LoRA trained fine with the defaults", "terminei minha primeira lora com gc
        # ligado": that run was stable
        first_run = None
    if first_run is not None and _in_general(reading, first_run):
        first_run = None  # "should I ever start a first run with GC off?": anyone's first run
    if first_run is not None and reading.has("no_crash", "stable"):
        first_run = None  # "my first LoRA is running, no errors": a first run, going well
    if (
        first_run is not None
        and not reading.has("oom")
        and _finished(reading, first_run)
        and not any(s.setting == "gc" and s.state == "off" for s in states)
    ):
        first_run = None  # "finally got my first lora done!": a first run that went through
    if first_run is not None and not reading.negated(first_run):
        return _hit(reading, "stable_with_gc", "no", first_run)
    never = _NEVER_WITH_GC_ON.search(reading.low)
    if never is not None and not reading.has("stable", "no_crash"):
        # "never once ran it with gc on", "nunca testei com gc ligado": no run with it on at all
        return Found("stable_with_gc", "no", never.start(), never.end())
    until = _FINE_UNTIL_SWITCHED_OFF.search(reading.low)
    if until is not None and first_run is None:
        # "it ran fine before I disabled checkpointing", "funcionava antes de eu desligar o gc"
        return Found("stable_with_gc", "yes", until.start(), until.end())
    regressed = REGRESSION_AFTER_UPDATE in signals and ooms
    if not regressed and not reading.has(*_CALM):
        # "GC on, no OOM, just slow": a crash ruled out, with GC on now
        return _no_oom_with_gc_on(reading, states, ooms, signals)
    now = next((s for s in current_states(reading, states) if s.setting == "gc"), None)
    if regressed and now is not None and now.state == "on":
        # "same job, GC on, OOMs since I updated": it trained before the update
        return _found(reading, "stable_with_gc", "yes", now.first, now.last)
    if not reading.has(*_CALM):
        return None
    calms = [
        h
        for h in reading.hits
        if h.kind in _CALM
        and not reading.negated(h)
        and not of_another_model(reading, h.first)
        and not _someone_else_s(reading, h)
        and not _after_a_retry(reading, h, states)
    ]
    # "No OOM so far", "sem oom até agora" tell of a run still going, not one that trains through
    # nor does a run that crawls with VRAM spilling into the system's memory train stably
    calms = [
        h
        for h in calms
        if h.kind != "no_crash" or not (_so_far(reading, h) or SHARED_MEMORY_SPILL in signals)
    ]
    calms = [h for h in calms if not _for_a_while(reading, h, ooms)]
    if not ooms and now is not None and now.state == "on" and not now.retry and calms:
        # GC on now, and it does not crash: "GC on, zero crashes, just slow"
        calm = calms[0]
        return _found(
            reading, "stable_with_gc", "yes", min(now.first, calm.first), max(now.last, calm.last)
        )
    before = _said_before(reading, [h for h in calms if h.kind != "no_crash"], ooms)
    gc_on = [s for s in states if s.setting == "gc" and s.state == "on"]
    off_then = before is not None and any(
        s.setting == "gc"
        and s.state == "off"
        and reading.sentence_of(s.first) == reading.sentence_of(before.first)
        and not (s.first > before.last and _switched_off(reading, [s]))
        for s in states
    )  # "last month, with GC off, it worked fine": no stable run with GC on; but "it trained
    # fine before I turned it off" was with GC on
    if (
        before is not None
        and not off_then
        and any(describes_a_run(s, reading, states) for s in gc_on)
    ):
        # it ran fine before and GC was on: "worked yesterday, same settings, gc on" and now OOMs
        return _hit(reading, "stable_with_gc", "yes", before)
    if before is not None and not off_then and _switched_off(reading, states):
        # "it trained fine before I turned it off": GC was on in the run that went fine
        return _hit(reading, "stable_with_gc", "yes", before)
    contrast = _calm_with_gc_on_apart(reading, calms, ooms, states)
    if contrast is not None:
        # "OOM with GC off. With GC on I never had a problem": the other side of the comparison
        return contrast
    if not reading.has(*_STABLE):
        return None  # most messages: no need to look through every phrase
    gc = [s for s in states if s.setting == "gc"]
    for cue in reading.hits:
        if cue.kind not in _STABLE or of_another_model(reading, cue.first):
            continue
        if _someone_else_s(reading, cue):
            continue
        if _for_a_while(reading, cue, ooms):
            continue  # "trains fine for the first 500 steps with GC on, then it OOMs"
        clause = reading.clauses[cue.first]
        said = [s for s in gc if reading.clauses[s.first] == clause]
        # "GC back on and it's training fine now": what the retry did (gc_retry), no stable run;
        # unless it says stable ("religuei o GC e agora está estável")
        named = set(words[cue.first : cue.last + 1]) & _STABLE_NAMED
        retried = {(s.first, s.last) for s in said if s.retry}  # "back on" reads both ways
        state = next(
            (s for s in said if s.state == "on" and (named or (s.first, s.last) not in retried)),
            None,
        )
        if state is None and (cue.kind != "stable_run" or said):
            continue
        value = "no" if reading.negated(cue) else "yes"
        first, last = cue.first, cue.last
        if state is not None:
            first, last = min(state.first, first), max(state.last, last)
        return _found(reading, "stable_with_gc", value, first, last)
    return None


def _calm_with_gc_on_apart(
    reading: Reading, calms: Sequence[Hit], ooms: Sequence[Hit], states: Sequence[SettingState]
) -> Found | None:
    """A calm told with GC on in a sentence of its own, apart from a crash with GC off:
    "crasha com gradient_checkpointing: false. Com gradient_checkpointing: true nunca deu
    OOM"."""
    for calm in calms:
        if not _apart_from_a_crash_with_gc_off(reading, calm, ooms, states):
            continue
        sentence = reading.sentence_of(calm.first)
        on = next(
            (
                s
                for s in states
                if s.setting == "gc"
                and s.state == "on"
                and not s.wished
                and not s.retry
                and reading.sentence_of(s.first) == sentence
            ),
            None,
        )
        if on is not None:
            first, last = min(on.first, calm.first), max(on.last, calm.last)
            return _found(reading, "stable_with_gc", "yes", first, last)
    return None


def _apart_from_a_crash_with_gc_off(
    reading: Reading, cue: Hit, ooms: Sequence[Hit], states: Sequence[SettingState]
) -> bool:
    """``cue`` is told in a sentence of its own, and the crash beside GC off: "crasha com
    gradient_checkpointing: false. Com checkpointing true nunca tive problema"."""
    crashed = {reading.sentence_of(h.first) for h in ooms}
    return reading.sentence_of(cue.first) not in crashed and any(
        s.setting == "gc"
        and s.state == "off"
        and not s.wished
        and reading.sentence_of(s.first) in crashed
        for s in states
    )


_FINISHED: Final = frozenset(
    {"done", "finished", "completed", "terminei", "terminou", "terminada", "pronta", "pronto"}
    | {"concluida", "concluido", "concluí", "conclui"}
)


def _only_gc_on_in(reading: Reading, sentence: int, states: Sequence[SettingState]) -> bool:
    """GC said on in the sentence, and not off: "first lora came out fine, gc on"."""
    said = {
        s.state
        for s in states
        if s.setting == "gc" and not s.wished and reading.sentence_of(s.first) == sentence
    }
    return said == {"on"}


def _finished(reading: Reading, hit: Hit) -> bool:
    """A word of completion in the sentence of ``hit``: "finally got my first lora done"."""
    sentence = reading.sentence_of(hit.first)
    return any(
        word in _FINISHED and reading.sentence_of(i) == sentence
        for i, word in enumerate(reading.tokens.words)
    )
