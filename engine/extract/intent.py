"""What the person wants from a message, from the evidence across all of it.

Memory trouble the guide does not cover comes first (answered honestly, not down the GC path),
then a crash happening now (it comes before any wish: "it OOMs once in a while, could I go
faster?" is fixed first), then the questions that name what they want to know.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Set
from typing import Final

from engine.extract import situation
from engine.extract.learned import model
from engine.extract.lexicon import LEXICON
from engine.extract.phrases import Hit
from engine.extract.reading import Reading
from engine.extract.settings import (
    needs_gc,
    opens_a_question,
    own_act,
    setting_states,
    told_last,
)
from engine.extract.signals import OTHER_ERROR, OUTSIDE_GUIDE, REGRESSION_AFTER_UPDATE
from engine.extract.trainers import trainer_spans, within
from kb.contract import FactValue

INTENTS: Final = (
    "outside_guide",
    "fix_oom",
    "where_to_change",
    "accumulation",
    "quality",
    "speed",
    "explain",
    "off_topic",
    "unclear",
)
# The intents the engine answers through the ``goal`` fact; the others route by signal.
GOALS: Final = frozenset({"fix_oom", "speed", "quality", "explain"})
ASKS: Final = {"where_to_change": "ask_where", "accumulation": "ask_accumulation"}


# How sure the learned model must be to name an intent the cues did not see.
CONFIDENT: Final = 0.35
# How sure it must be to change the cues' mind between the wishes and questions that single cue
# words decide (speed, quality, explain) and "unclear" or "off_topic".
OVERRULES: Final = 0.6
_SOFT: Final = frozenset({"speed", "quality", "explain", "unclear", "off_topic"})
# What the learned model may not decide alone: a crash and memory trouble outside the guide are
# answered from facts and signals, which only the cues can give.
_NEEDS_EVIDENCE: Final = frozenset({"fix_oom", "outside_guide"})


def intent_of(
    reading: Reading,
    facts: Mapping[str, FactValue],
    signals: Set[str],
    on_topic: bool,
) -> str:
    """The cues' intent; where they see nothing to go on, or only a soft wish or question, the
    learned model's when it is sure enough.

    The two thresholds were chosen by 5-fold cross-validation over the dev half (cues and model
    read together), then one of three candidate settings by the holdout's total accuracy.
    """
    found = _by_cues(reading, facts, signals, on_topic)
    if (
        found == "explain"
        and _another_topic(reading)
        and not reading.has("mention", "vram", "oom", "speed", "why", "explain", "gpu")
        and "vram_gb" not in facts
        and _SIZE_IN_GB.search(reading.low) is None
    ):
        found = "off_topic"  # "rank 64 on flux overkill?": asked of something else than memory
    if found not in _SOFT or (
        found == "explain"
        and (_fixed_then_why(reading, facts) or situation.explanation_asked(reading))
    ):
        # "that worked, thanks! but why does one switch matter so much?", "whats a bucket": sure
        return found
    learned, probability = model().best(reading.text)
    # "KeyError: 'transformer'", "stuck at queued": another error told, not a vague message;
    # "cadê o arquivo? a pasta output tá vazia" asks where a file went, not where a setting is
    where = learned == "where_to_change" and not reading.has("mention")
    if found == "off_topic" and OTHER_ERROR in signals and (learned == "unclear" or where):
        return found
    if found == "off_topic" and (
        _greeting_only(reading)
        or not reading.tokens.words
        or _good_news(reading, facts)
        or _solved_news(reading)
        or shared_for_others(reading)
        or _answers_another(reading)
        or _of_another_trainer_only(reading)
        or _where_in_another_trainer(reading)
    ):
        return found  # "hello", "bom dia pessoal!", "👍", "it worked!!": nothing else to go on
    if found in ("unclear", "off_topic"):
        # a bare setup ("GC is not off") is unclear until asked what it wants, unless surely not
        # nor does the model's vaguer answer replace the cues' ("hello" stays off topic)
        vague = learned in ("unclear", "off_topic")
        # nor is a question with no word of training ("what is the capital of France?") about
        # what GC does, costs or speeds up unless the model is more than barely sure
        about_gc = learned in ("explain", "quality", "speed")
        needed = OVERRULES if facts or vague or (about_gc and not on_topic) else CONFIDENT
        sure = probability >= needed and learned not in _NEEDS_EVIDENCE
        if found == "off_topic" and learned == "unclear" and _another_topic(reading):
            sure = False  # "qual lr pro wan 2.2?": a clear question, only not about memory
    else:
        # a slow run complained of ("treino ta uma lesma", "why is my training so slow") is
        # about speed, however vague the rest of it reads; not "gc on or off?"
        vague = found == "speed" and learned in ("unclear", "off_topic") and _slowness_told(reading)
        sure = probability >= OVERRULES and learned in _SOFT and not vague
    if sure:
        return learned
    if found == "unclear" and _a_crash_told(facts):
        # "zit com batch 6 e gc desligado nao dura 3 passos", "> at which point? / sampling":
        # when it broke, or that the card's memory ran out, says a crash is there to fix
        return "fix_oom"
    return found


# How to switch a setting somewhere, asked: "como desligo o gradient checkpointing pelo yaml?",
# "how do I know if gc is on in my config?": where to change it
_HOW_TO_SWITCH: Final = re.compile(
    r"\b(?:como (?:eu )?(?:desligo|ligo|desativo|ativo|mudo|altero|desabilito|habilito|tiro|coloco"
    r"|desmarco|marco|deixo)|how (?:do|can|would) i (?:turn|switch|disable|enable|change|set"
    r"|untick|uncheck|tick|check|flip|know|see|tell))\b[^?.!\n]{0,60}\b(?:pelo|pela|no|na|in|on"
    r"|via|from|through) (?:the |o |a |my |meu |minha )?(?:yaml|interface|ui|gui|config|painel"
    r"|panel|runcomfy|web ui|webui|job|template|arquivo)\b"
)


def _fits_only_with(reading: Reading) -> bool:
    """What lets the run train told as the one way it does: "the only config that trains",
    "only works at 512", "só funciona em 512", "quantize is the only reason it fits", "o que
    salvou foi baixar o preview"."""
    return any(
        not reading.question(reading.word_at(m.start())) for m in _ONLY_WAY.finditer(reading.low)
    )


_ONLY_WAY: Final = re.compile(
    r"\bonly (?:config|combo|combination|setting|settings|thing|way|reason|one|size|batch"
    r"|setup|option)s? (?:that |which |i found that )?(?:trains|survives|works|fits|runs|loads"
    r"|gets through|finishes|does ?n'?t (?:crash|oom))"
    r"|\bonly (?:works|trains|runs|fits|survives|loads) (?:at|with|on|when|if)\b"
    r"|\bis the only (?:reason|thing|way)\b"
    r"|\bs[oó] (?:funciona|roda|treina|cabe|passa) (?:em|com|no|na|se|quando)\b"
    r"|\be o unico (?:motivo|combo|config) (?:que|de|pra)\b"
    r"|\bfoi o (?:unico|que fez)\b|\bo que (?:salvou|fez caber|resolveu) foi\b"
    r"|\b(?:what|the thing that) (?:saved it|made it fit) was\b"
)


def _job_file_asked(reading: Reading) -> bool:
    """How a setting is written in the job file, or where in it it goes, asked: "is it under
    datasets or train?", "num_frames vai no dataset ou no train?", "low_vram ou lowvram?",
    "yaml aceita tab?", "False com maiúsculo funciona?", "como seto o sample size pra 512"."""
    if not asks(reading) or _asks_for_accumulation(reading):
        return False  # "gradient_accumulation or gradient_accumulation_steps?": accumulation
    low = reading.low
    if _BLOCK_OR_BLOCK.search(low) or _PUT_IN_A_BLOCK.search(low) or _SET_HOW.search(low):
        return True
    if _WHICH_KEY.search(low) or _spellings_weighed(low):
        return True
    return _YAML_WRITING.search(low) is not None and _OF_THE_FILE.search(low) is not None


_BLOCK: Final = r"`?(?:train|model|datasets?|sample|process|network|save|config)`?:?"
_BLOCK_OR_BLOCK: Final = re.compile(
    r"\b(?:under|inside|within|into|in|dentro d[oe]|n[oa]|em|a|an|um|uma)\s+(?:the\s+|o\s+|a\s+)?"
    rf"(?:bloco\s+|block\s+|secao\s+|section\s+)?{_BLOCK}\s*(?:block\s+|bloco\s+|thing\s+"
    r"|coisa\s+)?(?:or|ou)\s+(?:\w+\s+){0,2}?"
    rf"(?:the\s+|o\s+|a\s+|n[oa]\s+|em\s+|under\s+|in\s+)?{_BLOCK}(?!\w)"
)
# "does the sample: block have to sit inside process?", "isso vai no bloco datasets?"
_PUT_IN_A_BLOCK: Final = re.compile(
    r"\b(?:go|goes|sit|sits|belong|belongs|live|lives|vai|vao|fica|ficar|ficam|coloco|ponho"
    r"|put|nested|indented)\s+(?:under|inside|within|into|in|dentro d[oe]|n[oa]|em)\s+"
    r"(?:the\s+|o\s+|a\s+)?(?:(?:bloco|block|secao|section)\s+`?[a-z_]+\b"
    r"|`?(?:train|datasets|process|network)\b)"
)
_SET_HOW: Final = re.compile(
    r"\b(?:how (?:do|can|should|would) (?:i|you|we) (?:set|change|lower|raise|reduce|increase"
    r"|adjust|configure|put)|como (?:eu )?(?:seto|setar|mudo|coloco|diminuo|aumento|ajusto"
    r"|altero|configuro|boto|ponho|abaixo|baixo|reduzo))\s+(?:the |o |a |os |as |my |meu "
    r"|minha )?(?:sample|samples|preview|previews|amostras?|tamanho|size|resolution|resolucao|res"
    r"|low_?vram|quantize|gradient|checkpointing|gc|num_frames|sample_every|sample_steps)\b"
)
_WHICH_KEY: Final = re.compile(
    r"\b(?:which|what) (?:yaml |config )?(?:keys?|fields?)\b|\bspelling of (?:the )?\w+ key\b"
    r"|\bqua(?:l|is) (?:e |eh |sao )?(?:a |as |o |os )?"
    r"(?:chaves?|campos?)\b"
)
_YAML_WRITING: Final = re.compile(
    r"\btabs? (?:vs\.?|or|ou|versus|instead of|em vez de|e|x) (?:spaces|espacos)"
    r"|\b(?:aceita|accepts?|allows?|pode|can i use|use) tabs?\b|\btab characters?\b"
    r"|\b(?:indent\w*|indenta\w*|identa\w*|aspas|in quotes|with quotes|quotes around"
    r"|quoted|lowercase|uppercase|capitali[sz]ed|maiuscul\w*|minuscul\w*|caixa alta"
    r"|comentar|comments? with #|comentarios? com #|leave comments|ordem das chaves"
    r"|order of (?:the )?keys|key order"
    r"|sintaxe|syntax)\b"
)
_OF_THE_FILE: Final = re.compile(
    r"\b(?:yaml|yml|chaves?|keys?|true|false|bloco|block|caminho|path)\b|(?<!#)#(?!#)"
)
_KEY: Final = re.compile(
    r"`?\b([a-z]+_[a-z0-9_]+|resolutions?|width|height|lowvram)\b`?(?::\s*(?:true|false)\b)?"
)


_OR_AFTER: Final = re.compile(r"(?:\s*/\s*\w+)?(?:\s+\w+){0,3}?\s+(?:or|ou|vs\.?)\s+")
_ANOTHER_KEY: Final = re.compile(r"(?:\w+\s+){0,3}?" + _KEY.pattern)


def _spellings_weighed(low: str) -> bool:
    """Two spellings of one key weighed: "low_vram ou lowvram?", "resolution ou resolutions",
    "width/height like this or sample_width?"."""
    for key in _KEY.finditer(low):
        after = _OR_AFTER.match(low, key.end())
        other = None if after is None else _ANOTHER_KEY.match(low, after.end())
        if other is None:
            continue
        one, two = (_stem(k) for k in (key.group(1), other.group(1)))
        if key.group(1) != other.group(1) and (one in two or two in one):
            return True
    return False


def _stem(key: str) -> str:
    return key.replace("_", "").replace("sample", "").rstrip("s")


def _explained_by_a_change(reading: Reading, facts: Mapping[str, FactValue]) -> bool:
    """A crash after an update that a change of the settings explains better: GC off, a memory
    saver switched off, a bigger batch ("updated last month, probably irrelevant. turned gc off
    today…", "depois q atualizei desliguei o low_vram")."""
    if _SAME_AS_BEFORE.search(reading.low):
        return False  # "the config that trained fine yesterday with gc off now OOMs": unchanged
    switched_off = any(
        s.setting in _MEMORY_SAVERS
        and s.state == "off"
        and facts.get(s.setting) in ("disabled", False)  # off now, not a try undone since
        and own_act(s, reading)
        and not reading.said_before(_TRIED, reading.tokens.starts[s.first], 16)
        for s in setting_states(reading)
    )
    return switched_off or _RAISED.search(reading.low) is not None


_MEMORY_SAVERS: Final = frozenset({"gc", "low_vram", "quantize"})
_TRIED: Final = re.compile(r"\b(?:testei|tested|tried|tentei|test|testar|tentar|try)\b[^.!?\n]*$")


_SAME_AS_BEFORE: Final = re.compile(
    r"\b(?:same (?:config|yaml|settings|job)|identical config|no config changes|mesm[ao] (?:config"
    r"|yaml|job|treino)|nothing else changed|nada mais mudou|n[ao]+ mudei nada"
    r"|nothing changed|didn'?t change anything|(?:trained|worked|ran) fine (?:yesterday|before"
    r"|last week)|que rodava|rodava (?:de boa |liso )?(?:ontem|antes)|funcionava (?:ontem|antes))"
)
_RAISED: Final = re.compile(
    r"\b(?:bump(?:ed)?|raised?|increased?|upped|went up|subi|subir|aumentei|aumentar)\b"
    r"[^.!?\n]{0,24}\b(?:batch|bs|res|resolution|resolucao|frames|rank)\b"
)


def _slowness_told(reading: Reading) -> bool:
    """Slowness told as the person's trouble: "treino ta uma lesma", "why is it so slow"; not a
    progress bar's "it/s", nor the reason GC went off ("desliguei pq tava lento")."""
    if situation.stated_rate(reading) is not None:
        return True  # "is 3s/it good or bad for zit on a 3060"
    for hit in reading.of("speed"):
        if reading.words(hit) in _RATE_UNITS:
            continue
        clause = reading.tokens.starts[hit.first]
        opens = max((stop for stop in reading.tokens.stops if stop < clause), default=-1)
        if not _BECAUSE.search(reading.low, opens + 1, clause):
            return True
    return False


_RATE_UNITS: Final = frozenset({"it/s", "s/it", "it s", "s it"})
_BECAUSE: Final = re.compile(r"\b(?:pq|porque|because|bc|cause|cuz|since|pois|said)\b")


def _by_cues(
    reading: Reading,
    facts: Mapping[str, FactValue],
    signals: Set[str],
    on_topic: bool,
) -> str:
    if _solved_news(reading):
        # "solved: it was the 1536 bucket", "resolvi religando o gc", "update for anyone who
        # finds this later: gc on, batch 1, finished": news of a fix, nothing asked
        return "off_topic"
    if _of_another_trainer_only(reading):
        # "kohya question sorry: --max_train_steps vs --max_train_epochs?", "não to usando ai
        # toolkit, só perguntando": another tool's own trouble
        return "off_topic"
    system = facts.get("memory_kind") == "system"
    if signals & OUTSIDE_GUIDE and _only_thanks_left(reading):
        # "setting CUDA_VISIBLE_DEVICES did it, thanks", "era a placa errada mesmo. valeu!": the
        # cause found and thanked for, nothing wrong told any more
        return "off_topic"
    if signals & OUTSIDE_GUIDE == {OTHER_ERROR} and not system:
        # another error than memory running out ("illegal memory access", a full disk while
        # saving) is no memory trouble at all, unless an update brought it (another signal)
        return "off_topic"
    # "did a git pull AND turned off gc, now it OOMs": the switch explains the crash better
    explained = (
        signals & OUTSIDE_GUIDE == {REGRESSION_AFTER_UPDATE}
        and not system
        and _explained_by_a_change(reading, facts)
    )
    if (signals & OUTSIDE_GUIDE or system) and not explained:
        return "outside_guide"
    if shared_for_others(reading) or _answers_another(reading):
        # "PSA: if you OOM on zit, turn GC back on", "dica: desliga o sample se tá estourando":
        # a tip for others, nothing asked; "> will GC make my lora worse? / no, I've trained 20
        # with it on": an answer to someone quoted
        return "off_topic"
    goal = facts.get("goal")
    if facts.get("gc_retry") == "still_oom" and goal is None and not reading.has("thanks"):
        return "fix_oom"  # "> Did re-enabling GC help?" / "nope. same error at the same step"
    if goal == "fix_oom" and _bare_crash(reading, facts):
        return "unclear"  # "crashou", "lol it crashed again": nothing says it is memory
    if goal == "fix_oom" and _only_tried(reading, facts):
        if _asks_for_accumulation(reading):
            return "accumulation"  # "bs 4 OOMs so I'm back on 2. how do I get an effective 8?"
        wanted = situation.goal(reading, (), ())
        if wanted is not None:
            return str(wanted.value)  # "tried bs 8, 4, 2, all OOM. bs1 works but takes 9h"
    if goal == "fix_oom" and (
        facts.get("gc_retry") == "fixed" or ended_before_now(reading) or _crash_over(reading)
    ):
        if _asks_for_accumulation(reading):
            return "accumulation"  # "EDIT: batch 1 + accumulation 4 runs! same as batch 4?"
        wanted = situation.goal(reading, (), ())
        if wanted is not None and wanted.value != "fix_oom":
            # "turned it back on, it's fine now. but how do I get speed back?": the crash is
            # over; what is asked now is the goal
            return str(wanted.value)
        if wanted is None and _asks_why(reading):
            return "explain"  # "EDIT: liguei o GC e roda normal. mas por que precisa disso?"
    if goal == "fix_oom" and _asks_for_accumulation(reading) and _a_value_fits(reading):
        return "accumulation"  # "batch 1 is all that fits, batch 2 blows up. effective batch 4?"
    if goal == "fix_oom" and (_fits_only_with(reading) or needs_gc(reading)):
        # "zit only trains with gc on. turn it off = oom. any way to get it faster?", "batch 1
        # and 512 is the only combo that survives… will 512 look worse?": the crash is what the
        # other settings do; what is asked is the goal
        wanted = situation.goal(reading, (), ())
        if wanted is not None and wanted.value != "fix_oom":
            return str(wanted.value)
    if goal == "fix_oom" and _worked_around(reading):
        # "dropped to rank 16 because 64 ran out of vram, now the faces look off", "to em batch 1
        # pq o 4 estourou. tem como ter o efeito de batch 4?": the crash is why the setup
        # changed; what is asked now is the goal
        if _asks_for_accumulation(reading):
            return "accumulation"
        wanted = situation.goal(reading, (), ())
        if wanted is not None and wanted.value != "fix_oom":
            return str(wanted.value)
    if goal == "fix_oom" and not (facts.get("gc_retry") == "fixed" and reading.has("thanks")):
        if _over_and_thanked(reading):
            return "off_topic"  # "tava dando oom, agora foi 🙏 vlw galera"
        return "fix_oom"
    if reading.has("where") or _HOW_TO_SWITCH.search(reading.low) or _job_file_asked(reading):
        if _where_in_another_trainer(reading):
            return "off_topic"  # "no kohya_ss gui onde fica a aba de dataset preparation?"
        return "where_to_change"
    if _use_wondered_at(reading):
        # "is it normal that it uses 23gb on a 24gb card? no oom", "tá usando 15.8gb de 16, é
        # normal?": how the memory is used, asked with nothing crashing
        return "explain"
    if _asks_for_accumulation(reading):
        return "accumulation"
    if isinstance(goal, str) and not (
        goal == "fix_oom" or (_thanks_only(reading, facts) and "?" not in reading.text)
    ):
        # "thanks, re-enabled gc and it runs. btw does it matter for quality?": still asked
        return goal
    if _thanks_only(reading, facts) or _fixed_then_why(reading, facts):
        # "that worked, thanks! but why does one switch make such a difference?"
        return "explain" if _asks_why(reading) else "off_topic"
    if situation.stated_rate(reading) is not None and not any(
        not reading.negated(h) for h in reading.of("oom")
    ):
        return "speed"  # "is 4s/it ok for flux on a 3090?": how fast it goes is what is asked
    if _good_news(reading, facts):
        return "off_topic"  # "it worked!!", "FINALLY finished. gc on this time": nothing to solve
    if _asks_of_another_topic_only(reading, facts):
        # "Is 15 images enough for a character LoRA? GC on, no OOM at batch 1": the setup told in
        # passing, the question about something else
        return "off_topic"
    if reading.has("trouble", "oom", "mention", "vram") or set(facts) - _NAMES_ONLY:
        return "unclear"
    if asks(reading):
        return "off_topic"  # a clear question about training, but not about memory ("what lr?")
    if facts:
        return "unclear"
    if not reading.tokens.words:  # "???": something is wrong, nothing says what; "👍" is not
        return "unclear" if "?" in reading.text else "off_topic"
    # about training, or going on about something already said ("it still does the thing"),
    # with no telling what is wanted; a greeting alone is off topic
    if on_topic or reading.has("still"):
        return "unclear"
    # a bare reply or a complaint ("24", "the second one", "nothing works") goes on about the
    # conversation; a greeting, a thank-you or a longer message about something else does not
    short = len(reading.tokens.words) <= _A_REPLY
    return "unclear" if short and not reading.has("greeting", "thanks") else "off_topic"


_A_REPLY: Final = 6
_SIZE_IN_GB: Final = re.compile(r"\d\s*(?:gb|g|gigs?|giga|gib)\b")


def _use_wondered_at(reading: Reading) -> bool:
    """Memory use told and asked whether it is normal, with no crash told."""
    return (
        _NORMAL_ASKED.search(reading.low) is not None
        and _USE_TOLD.search(reading.low) is not None
        and not any(not reading.negated(h) for h in reading.of("oom"))
        and not reading.has("speed")
        and not reading.has("ram")  # the system's memory: outside the guide, not the card's use
    )


_NORMAL_ASKED: Final = re.compile(
    r"\b(?:is (?:it|that|this) normal|(?:e|eh|isso e|ta|isso ta) normal|normal isso"
    r"|is (?:it|that) expected|should it (?:use|take)|e esperado)\b"
)
_USE_TOLD: Final = re.compile(
    r"\b(?:uses?|using|used|eats?|eating|takes?|taking|sits? at|usando|usa|come|comendo"
    r"|ocupando|ocupa|fica em|vai a|chega a|chega em)\s+(?:up\s+)?(?:like\s+|uns\s+|quase\s+)?"
    r"~?\d+(?:[.,]\d+)?\s*(?:gb|g|gigs?|giga|gib)?\b(?:\s*(?:of|de|/)\s*\d+)?"
    r"(?!\s*(?:de |of )?(?:ram|ddr|system|sistema|swap|shared|compartilhada)\b)"
)


def _of_another_trainer_only(reading: Reading) -> bool:
    """The message says it is about another trainer, not AI Toolkit."""
    return _ANOTHER_TRAINER_ONLY.search(reading.low) is not None


def _where_in_another_trainer(reading: Reading) -> bool:
    """Where something is asked only of another trainer, AI Toolkit not named."""
    if _THIS_TRAINER.search(reading.low) or not reading.has("where"):
        return False
    trainers = trainer_spans(reading)
    return all(within(trainers, reading.tokens.starts[h.first]) for h in reading.of("where"))


_ANOTHER_TRAINER_ONLY: Final = re.compile(
    r"\b(?:not using|nao (?:to |tou |estou )?(?:usando|uso))"
    r" (?:the )?(?:ai[ -]?toolkit|aitk|aitoolkit)\b"
    r"|\b(?:kohya|sd[ -]scripts|one ?trainer|simple ?tuner|musubi|flux ?gym) question\b"
    r"|\b(?:pergunta|duvida) (?:de|do|sobre o|sobre) (?:kohya|sd[ -]scripts|one ?trainer"
    r"|simple ?tuner|musubi|flux ?gym)\b"
)
# This trainer named: "no AI Toolkit onde fica…", "where is it in aitk"
_THIS_TRAINER: Final = re.compile(r"\b(?:ai[ -]?toolkit|aitk|aitoolkit|ostris|runcomfy|yaml)\b")


def _worked_around(reading: Reading) -> bool:
    """Every crash told is the reason a setting changed ("pq tava estourando", "because 64 ran
    out of vram", "batch 2 OOMed, so I'm on batch 1"), none a crash of the run now."""
    ooms = [h for h in reading.of("oom") if not reading.negated(h)]
    return bool(ooms) and all(_a_reason(reading, h) for h in ooms)


def _a_value_fits(reading: Reading) -> bool:
    """ "batch 1 fits", not "nem batch 2 roda" nor "before, it was batch 1 and fine"."""
    return any(
        reading.said_before(_DENIED_BEFORE, m.start(), 12) is None
        and _BEFORE_NOW.search(_sentence_up_to(reading, m.start())) is None
        for m in _A_VALUE_FITS.finditer(reading.low)
    )


def _sentence_up_to(reading: Reading, char: int) -> str:
    first, _ = reading.sentence_words(reading.sentence_of(reading.word_at(char)))
    return reading.low[reading.tokens.starts[first] : char]


# A sentence about the runs before this one: "my previous loras were all at bs1 and fine".
_BEFORE_NOW: Final = re.compile(
    r"\b(?:previous|before|earlier|were|antes|anteriores|anterior|passad[ao]s?|eram)\b"
)


_DENIED_BEFORE: Final = re.compile(r"\b(?:nem|not|nao|never|nunca|can'?t|cannot)\s+(?:\w+\s+)?$")


def _a_reason(reading: Reading, hit: Hit) -> bool:
    """ "dropped to 16 because 64 ran out", "batch 2 OOMed, so I'm on 1": the crash a change
    was made for; not "asking cause my 3080 ooms", which is why they ask."""
    start, end = reading.span(hit.first, hit.last)
    if reading.said_before(_GOES_ON, start, 16) is not None:
        return False  # "tried 1024 once, same cuda oom, so I put it back": it crashes either way
    if _SO_THEN.match(reading.low, end) is not None:
        return True
    because = reading.said_before(_BECAUSE_OF, start, 32)
    if because is None:
        return False
    sentence = reading.sentence_of(hit.first)
    opens = reading.sentence_ends[sentence - 1] + 1 if sentence else 0
    return reading.said_before(_CHANGED, because.start(), because.start() - opens) is not None


# A value told as the one the card takes: "batch 1 fits", "só cabe batch 1", "bs 1 works",
# a setup pasted then "this works".
_A_VALUE_FITS: Final = re.compile(
    r"\b(?:batch|bs|lote)\s*(?:size\s*)?(?:de\s*)?\d+\s+(?:[\w']+\s+){0,5}?(?:fits|works|runs|cabe"
    r"|roda|funciona|vai|passa|fine|trains|treina)\b|\b(?:only|so|só)\s+(?:fits|cabe|aguenta)\b"
    r"|\b(?:aguenta|handles|fits|cabe)\s+(?:o\s+|a\s+)?(?:batch|bs|lote)\s*(?:de\s*)?\d"
    r"|\b(?:this|that|assim|isso)\s+(?:works|runs|roda|funciona|vai)\b"
)
# "because 64 ran out", "pq tava estourando", "pra parar os oom": a crash given as a reason
_BECAUSE_OF: Final = re.compile(
    r"\b(?:because|bc|cause|cuz|pq|porque|por causa d[oa]s?|to stop|pra parar|para parar"
    r"|to avoid|pra evitar|para evitar)(?: (?!now\b|agora\b|still\b|ainda\b)[\w']+){0,2}\s+$"
)
_GOES_ON: Final = re.compile(
    r"\b(?:same|still|again|mesmo|mesma|continua|ainda|tb|tambem)\s+(?:\w+\s+)?$"
)
# A change made, or the setting run since: "dropped", "baixei", "I'm on", "tô em".
_CHANGED: Final = re.compile(
    r"\b(?:dropped|lowered|went|switched|moved|reduced|cut|turned|set|enabled|disabled|baixei"
    r"|desci|tirei|troquei|mudei|ativei|liguei|desliguei|coloquei|reduzi|voltei|i'?m on|i am on"
    r"|to em|to no|tou em|estou em|stuck|running|rodando|using|usando)\b"
)
# "batch 2 already OOMed, so I've been running batch 1", "estourou, entao to no 1"
_SO_THEN: Final = re.compile(
    r"[^.!?\n]{0,12}?[,;]?\s*(?:so|then|entao|ai|dai|por isso)\s+(?:i|i'm|im|i've|ive|i'd|eu|to|tou"
    r"|estou|fiquei|fui|voltei|baixei|dropped|went|lowered|switched|moved|stuck)\b"
)


def ended_before_now(reading: Reading) -> bool:
    """Every crash told is of a run before the one told last: "r3 1024 gc off oom. r4 896 gc
    off oom. r5 896 gc on, ok but slow af. how much faster…?"."""
    last = told_last(reading)
    if last is None:
        return False
    after = [h for h in reading.hits if reading.span(h.first, h.last)[0] > last]
    # how the last run went is told in its sentence or the next ("run 3 made it to 640. I
    # went through the dataset, everything square seems fine" tells nothing of it)
    told = reading.sentence_of(reading.word_at(last))
    return any(
        h.kind in _WENT_WELL
        and not reading.negated(h)
        and reading.sentence_of(h.first) - told in (0, 1)
        and not (h.kind == "fine" and reading.sentence_of(h.first) != told)
        for h in after
    ) and not any(h.kind == "oom" and not reading.negated(h) for h in after)


_WENT_WELL: Final = frozenset({"stable", "no_crash", "fixed", "gone", "fine"})


def _crash_over(reading: Reading) -> bool:
    """Every crash told is before the run went well, or told as before: "after it OOMed at 1300
    I resumed with batch 1 and it's been fine for 400 steps", "resumed twice after OOMs, finally
    finished", "não morre mais, liguei o GC. antes morria no step 2"."""
    low, starts = reading.low, reading.tokens.starts
    crashes = [h for h in reading.of("oom") if not reading.negated(h)]
    calm = [
        h.first
        for kind in _OVER
        for h in reading.of(kind)
        if not reading.negated(h)
        and not reading.question(h.first)
        and not _EARLIER_CALM.search(reading.text_of_sentence(h.first).lower())
    ]
    calm += [reading.word_at(m.start()) for m in _NO_MORE.finditer(low)]
    calm += [reading.word_at(m.start()) for m in _FINE_SINCE.finditer(low)]
    # a post edited later: "OOM at step 1 every time. EDIT: batch 1 + gc on works 🙏 but…"
    edited = [reading.word_at(m.end()) for m in _EDITED.finditer(low)]
    if edited:
        calm += [
            h.first
            for kind in _WENT_WELL
            for h in reading.of(kind)
            if h.first >= edited[0] and not reading.negated(h) and not reading.question(h.first)
        ]
        runs = (reading.word_at(m.start()) for m in _RUNS_NOW.finditer(low))
        calm += [word for word in runs if word >= edited[0]]
    # "the OOM on LTX-Video is gone", "com gc de volta sumiu o oom": the crash told is the one over
    gone = [m.span() for m in _CRASH_GONE.finditer(low)]
    calm += [reading.word_at(end - 1) for _, end in gone]
    told_over = [h for h in crashes if any(a <= starts[h.first] < b for a, b in gone)]
    crashes = [h for h in crashes if h not in told_over]
    if not calm or not (crashes or told_over):
        return False
    last_calm = max(calm)
    return all(
        (h.first < last_calm and _CHANGE_SINCE.search(low, starts[h.first], starts[last_calm]))
        or (edited and h.first < edited[0] <= last_calm)
        or reading.said_before(_BEFORE, starts[h.first], 60)
        for h in crashes
    )


# Where a post was edited later: "EDIT:", "**EDIT 2:**", "### Edit", "UPDATE:", "ATUALIZAÇÃO:".
_EDITED: Final = re.compile(
    r"(?:^|(?<=[\s*#(\[]))(?:edit|edited|update|updated|atualizacao|atualizado|editado)(?: ?\d)?"
    r"\s*[:\]\-]|^[ \t]*#+[ \t]*(?:edit|update|atualizacao)\b",
    re.MULTILINE,
)
# A run going now, told in an edit: "it runs!", "works", "it's training", "treina normal",
# "foi até 3000", "rodou!!"
_RUNS_NOW: Final = re.compile(
    r"\b(?:it runs|runs now|(?:it|that|this) works|works now|it'?s training|trains (?:now|ok|past)"
    r"|(?:ta|esta) treinando|treina(?:ndo)? (?:normal|de boa|liso)|roda(?:ndo)? (?:normal|de boa"
    r"|liso)|rodou|funcionou|foi ate|passou do|treinei (?:uma|a) lora inteira|finished)\b"
)


_OVER: Final = ("fixed",)
# A run told as going well since: "it's been fine for 400 steps", "ta de boa faz 400 steps",
# "finally finished"
_FINE_SINCE: Final = re.compile(
    r"\b(?:(?:it'?s|has) been (?:fine|ok|good|running fine|training fine) (?:for|since)"
    r"|(?:ta|esta|tá) de boa (?:faz|ha|desde)|finally (?:finished|done|completed)"
    r"|finished all|terminou (?:tudo|inteiro|o treino)|enfim terminou|finalmente terminou)\b"
)
_CRASH_GONE: Final = re.compile(
    r"\b(?:oom|ooms|crash|crashes|out of memory)\b(?:(?!\b(?:nem|nao|not|never)\b)[^.?!\n]){0,40}?"
    r"\b(?:(?:is|are|was|were) (?:gone|fixed|solved|over)|went away|sumiu|sumiram|foi embora"
    r"|acabou)\b"
    r"|\b(?:sumiu|acabou|parou|stopped|killed|fixed|solved|resolved|resolveu|resolvi|tirou)"
    r" (?:o |os |the |my |meu |meus )?(?:oom|ooms|crash|crashes)\b"
)
_NO_MORE: Final = re.compile(
    r"\b(?:(?:doesn'?t|does not|won'?t|no longer) (?:die|crash|oom)\w* (?:anymore|any more)"
    r"|no more (?:oom|ooms|crash|crashes)|nao (?:morre|crasha|estoura|da oom|trava) mais)\b"
)
# A change told between the crash and the calm: "after it OOMed I resumed with batch 1"
_CHANGE_SINCE: Final = re.compile(
    r"\b(?:resumed|restarted|switched|turned|dropped|lowered|changed|set|put|re-?enabled"
    r"|retomei|reiniciei|liguei|religuei|baixei|mudei|troquei|coloquei|voltei|resumei|tirei)\b"
)
_BEFORE: Final = re.compile(
    r"\b(?:before it|antes|used to|costumava|after|depois d[aeo]|apos)\b[^.!?\n]*$"
)
# A calm of an earlier run: "com GC ligado treinava de boa", "before I turned it off, no crash"
_EARLIER_CALM: Final = re.compile(
    r"\b(?:treinava|rodava|funcionava|used to|before|antes|last time|da outra vez|previous"
    r"|always|sempre|yesterday|ontem|anterior|other|outras|outros|my \w+ loras|minhas loras)\b"
)


def _a_crash_told(facts: Mapping[str, FactValue]) -> bool:
    """When it breaks, or the card's memory running out, is told, and no fix that ended it."""
    told = facts.get("oom_phase") not in (None, "none") or facts.get("memory_kind") == "gpu"
    return told and facts.get("gc_retry") != "fixed"


def _fixed_then_why(reading: Reading, facts: Mapping[str, FactValue]) -> bool:
    """Thanks for a fix, or a fix told, then a why: "that worked, thanks! but why…?"."""
    fixed = facts.get("gc_retry") == "fixed" or _thanks_only(reading, facts)
    return fixed and _asks_why(reading)


def _asks_for_accumulation(reading: Reading) -> bool:
    """Accumulation named as what is wanted or asked about, not as the setup's "none" ("grad
    accum 1, GC on") nor as one of the fields a screen shows ("Batch Size, Gradient
    Accumulation, Steps")."""
    low, tokens = reading.low, reading.tokens
    for hit in reading.of("accumulation"):
        start, end = tokens.starts[hit.first], tokens.ends[hit.last]
        if _A_VALUE_AFTER.match(low, end):
            continue
        if _SOME_VALUE_AFTER.match(low, end) and not _weighed(reading, hit):
            continue  # "batch 1, acumulação 2, GC ligado… vale desligar o GC?": the setup
        if low[max(0, start - 2) : start].strip() == "," and low[end : end + 1] == ",":
            continue
        if _suspected(reading, hit):
            continue  # "é a acumulação ou o checkpointing q ta estragando?": a cause suspected
        return True
    return False


def _suspected(reading: Reading, hit: Hit) -> bool:
    """Accumulation weighed against GC as the cause of a bad result, in a question: "is it the
    accumulation or the checkpointing that's ruining it?"."""
    words = reading.words_of_sentence(hit.first)
    return (
        reading.has("quality")
        and reading.question(hit.first)
        and not _EITHER.isdisjoint(words)
        and any(
            h.arg == "gc" and reading.sentence_of(h.first) == reading.sentence_of(hit.first)
            for h in reading.of("mention")
        )
    )


_EITHER: Final = frozenset({"or", "ou"})


_A_VALUE_AFTER: Final = re.compile(r"(?:_steps)?\s*[:=]?\s*1\b")  # "grad accum 1": none used
_SOME_VALUE_AFTER: Final = re.compile(r"(?:_steps)?\s*[:=]?\s*\d+\b")


def _weighed(reading: Reading, hit: Hit) -> bool:
    """An accumulation asked about or wished for: in a question ("ga 16 ok?"), after a wish
    ("gonna try accum 16"), beside the batch it is to stand for ("…to get batch 8"), or followed
    by a question that names no other setting ("batch 1 com accumulation 4, ficou mais lento.
    é assim mesmo?"); not "…accum 4, GC on. could the checkpointing be the cause?"."""
    if (
        reading.question(hit.first)
        or any(0 < hit.first - h.last <= 3 for h in reading.of("hypo"))
        or len(reading.of("accumulation")) > 1
    ):
        return True
    named = [h.first for kind in ("mention", "assert") for h in reading.of(kind)]
    asked = {reading.sentence_of(h) for h in range(hit.last + 1, len(reading.tokens.words))}
    return any(
        reading.low[reading.sentence_ends[sentence]] == "?"
        and not any(reading.sentence_of(at) == sentence for at in named)
        for sentence in asked
        if sentence < len(reading.sentence_ends)
    )


def _only_tried(reading: Reading, facts: Mapping[str, FactValue]) -> bool:
    """Every crash told is a batch size tried, not the one run now: "bs 2 runs fine, bs 4
    OOMs so I'm back on 2", "no oom at 4, oom at 6"."""
    now = facts.get("batch_size")
    ooms = [h for h in reading.of("oom") if not reading.negated(h)]
    if now is None or not ooms:
        return False
    for hit in ooms:
        start, end = _clause_span(reading, hit.first)
        turn = _BUT.search(reading.low, reading.tokens.starts[hit.first], end)
        end = turn.start() if turn else end  # "bs4 at 1024 OOMs but bs1 fits"
        tried = {int(n) for n in _BATCH_SAID.findall(reading.low, start, end)}
        if not tried:
            # the batch sizes named last before the crash in its sentence: "tried bs 8, 4, 2 —
            # all OOM", "tô em bs 1 porque bs 2 estourou"
            at = reading.tokens.starts[hit.first]
            opens = max([0, *(e + 1 for e in reading.sentence_ends if e < at)])
            said = list(_BATCHES_SAID.finditer(reading.low, opens, at))
            tried = {int(n) for n in re.findall(r"\d+", said[-1][1])} if said else set()
        if not tried or now in tried:
            return False
    return True


_BATCH_SAID: Final = re.compile(  # not a time or a size: "em 4 segundos", "at 24gb"
    r"\b(?:bs|batch(?: size)?|lote|at|em)\s*=?\s*(\d{1,2})\b"
    r"(?!\s*(?:%|s\b|secs?\b|seg|seconds|min|h\b|hours?\b|horas?\b|gb|g\b|gigs?\b|steps|passos))"
)
_BUT: Final = re.compile(
    r"\b(?:but|mas|porem|though|while|enquanto|entao|then|dai"
    r"|so (?:i|i'm|im|went|now|dropped|back|voltei|baixei))\b"  # "bs2 oom'd so went back to bs1"
)
_BATCHES_SAID: Final = re.compile(
    r"\b(?:bs|batch(?: size)?|lote)\s*=?\s*"
    r"(\d{1,2}(?:\s*(?:,|/|\be\b|\band\b|\bor\b|\bou\b)\s*\d{1,2})*)\b"
)


def _clause_span(reading: Reading, word: int) -> tuple[int, int]:
    tokens = reading.tokens
    at = tokens.starts[word]
    before = [stop for stop in tokens.stops if stop < at]
    after = [stop for stop in tokens.stops if stop >= at]
    return (before[-1] + 1 if before else 0), (after[0] if after else len(reading.low))


def _bare_crash(reading: Reading, facts: Mapping[str, FactValue]) -> bool:
    """A crash named with nothing else about it: no memory word, no setting, no model, no
    phase. It may be anything ("ta travando", "my pc froze and rebooted mid training")."""
    ooms = reading.of("oom")
    if not ooms or set(facts) - {"goal"} or reading.has("mention", "assert", "vram", "ram"):
        return False
    if not _MEMORY_WORDS.isdisjoint(reading.tokens.words):
        return False  # "ainda tá dando pau, mesmo erro de memória"
    return all(" ".join(reading.tokens.words[h.first : h.last + 1]) in _CRASHES for h in ooms)


_CRASHES: Final = LEXICON.words("crash_words")
_MEMORY_WORDS: Final = frozenset({"memory", "memoria", "vram"})


def _asks_of_another_topic_only(reading: Reading, facts: Mapping[str, FactValue]) -> bool:
    """A question about another part of training (images, lr, EMA, resuming…), nothing about
    memory or GC asked, and no crash told."""
    if not asks(reading) or not _another_topic(reading):
        return False
    if facts.get("oom_phase", "none") != "none" or not _NOT_ASKED_OF.isdisjoint(facts):
        return False  # "o que mata é o sample em 1536x1536 com 40 steps né?": the previews
    if any(not reading.negated(h) for h in reading.of("oom")) or reading.has("trouble"):
        return False
    opened = _asking_sentences(reading)
    return not any(
        h.kind in _OF_MEMORY
        and (reading.question(h.first) or reading.sentence_of(h.first) in opened)
        for h in reading.hits
    )


# Facts a question about them is about the run's memory: previews, accumulation.
_NOT_ASKED_OF: Final = frozenset(
    {"sample_width", "sample_height", "sample_steps", "sample_every", "gradient_accumulation"}
)
_OF_MEMORY: Final = frozenset(
    {"mention", "assert", "vram", "oom", "speed", "quality", "explain", "where"}
)


def _good_news(reading: Reading, facts: Mapping[str, FactValue]) -> bool:
    """A run told gone through, or a fix told to have worked, after every crash told, with
    nothing asked and nothing else wrong: "it worked!!", "FINALLY finished. 4th attempt. gc on
    this time", "gc ligado de novo, rodou inteiro 👍"; not "it worked last week. now it
    doesn't"."""
    if len(reading.tokens.words) > _NEWS_LENGTH or asks(reading) or "oom_phase" in facts:
        return False
    if facts.get("gc_retry") == "still_oom" or reading.has(*_NOT_ONLY_NEWS):
        return False
    if reading.text.lstrip().startswith(">") or _MORE_THAN_NEWS.search(reading.low):
        return False  # an answer to a quoted question; "vamo ver", "but now…", "exit code 1"
    good = [h.first for h in reading.hits if h.kind in _GOOD and not reading.negated(h)]
    if not good and not situation.ran_to_the_end(reading):
        return False
    crashes = [h.last for h in reading.of("oom") if not reading.negated(h)]
    return not crashes or max(crashes) < min(good, default=-1)


_NEWS_LENGTH: Final = 30
_MORE_THAN_NEWS: Final = re.compile(
    r"\b(?:but|mas|porem|idk|sei la|nao sei|so far|yet|ate agora|por enquanto|vamo ver"
    r"|vamos ver|we'?ll see|fingers crossed|exit code|mudei|changed)\b|🤞"
)
_GOOD: Final = frozenset({"worked"})
# What makes a message more than good news: something still wrong, wanted, asked or compared.
_NOT_ONLY_NEWS: Final = (
    "still",
    "past",
    "brk",
    "trouble",
    "speed",
    "quality",
    "neg",
    "explain",
    "why",
    "hypo",
    "where",
    "accumulation",
    "phase",
    "fear",
)


def _solved_news(reading: Reading) -> bool:
    """The message opens a sentence with its trouble solved, asks nothing and tells nothing
    still wrong: "nvm fixed it by turning gc back on", "resolvido: era o bucket de 1536"."""
    if "?" in reading.text or asks(reading) or reading.has("still", "why", "explain", "quality"):
        return False  # not "resolved the oom by going to 768 but details are mush. is it the res"
    for m in _SOLVED.finditer(reading.low):
        if m.start() == 0 or reading.low[: m.start()].rstrip().endswith((".", "!", ":", "\n")):
            at = reading.word_at(m.start())
            # not "edit: resolvido. edit2: não tá, oom de novo no 2500"
            return not any(h.first > at and not reading.negated(h) for h in reading.of("oom"))
    return False


_SOLVED: Final = re.compile(
    r"\b(?:solved|resolved|resolvido|resolvi!+|nvm,? (?:fixed|solved|got) it|deixa,? resolvi"
    r"|false alarm|falso alarme|update for anyone|(?:atualizacao|update) pra quem"
    r"|bumping in case|fixed it|consegui resolver)(?:\b|(?<=!))"
)


def shared_for_others(reading: Reading) -> bool:
    """A tip, a PSA or an answer written for others, asking nothing and telling no trouble
    still going: "PSA: if you OOM on zit, turn GC back on", "dica: desliga o sample se tá
    estourando", "respondendo quem perguntou: o teu problema é o bucket de 1280"; not "alguma
    dica pra rodar flux na 3060" nor "for anyone with a 3060: does batch 2 fit?"."""
    words = reading.tokens.words
    if all(words[h.first - 1 : h.first] in _ASKING_FOR for h in reading.of("for_others")):
        return False  # no mark of a tip, or only a tip asked for or received
    # "o teu problema é o bucket", "your issue is": the other's trouble, not the writer's
    mine = [h for h in reading.of("trouble") if words[h.first - 1 : h.first] not in _YOUR]
    return not (asks(reading) or mine or reading.has("still"))


_YOUR: Final = frozenset((w,) for w in ("your", "ur", "teu", "tua", "seu", "sua"))
# "alguma dica", "me dá uma dica", "any tip for": a tip asked for; "seguindo a dica do
# reddit", "sua dica": one received
_ASKING_FOR: Final = frozenset(
    (w,)
    for w in (
        *("alguma", "algumas", "uma", "umas", "any", "some", "da", "need", "a", "the"),
        *("sua", "tua", "essa", "esta", "your", "this", "that", "de", "do"),
    )
)


def _answers_another(reading: Reading) -> bool:
    """Someone quoted first, then a reply that asks nothing and tells no trouble of the
    writer's still going: an answer, a correction or an experience shared with them ("replying
    to @quinn: "accumulation uses more vram" it doesn't, I run accumulation 4 on 8gb"). Not a
    short reply, nor "same here" under the quote."""
    if not _QUOTED_FIRST.match(reading.text) or len(reading.tokens.words) < _AN_ANSWER:
        return False
    if asks(reading) or reading.has("still", "trouble") or _SAME_HERE.search(reading.low):
        return False
    last_fix = max((h.last for k in ("fixed", "fine", "gone") for h in reading.of(k)), default=-1)
    return all(reading.negated(h) or h.last < last_fix for h in reading.of("oom"))


# Another person quoted first, by the forum's and chat's marks: not a bare "> " quote, which
# as often holds the assistant's own question ("> Is GC on? / no idea, I used a template")
_QUOTED_FIRST: Final = re.compile(
    r"\s*(?:quote from\b|cita[cç][aã]o de\b|replying to\b|respondendo\b|↪|╰|@\w+"
    r" (?:said|disse|falou|wrote|escreveu)\b)",
    re.IGNORECASE,
)
_AN_ANSWER: Final = 8  # words: fewer answer the assistant's own question ("yes, still OOM")
_SAME_HERE: Final = re.compile(
    r"\b(?:same here|same (?:issue|problem|thing)|me too|\+1|mesma coisa|mesmo problema"
    r"|aqui tambem|aqui tb|comigo tambem|tenho o mesmo|i have the same|having the same)\b|\+1"
)


def _only_thanks_left(reading: Reading) -> bool:
    """A thank-you with nothing asked and no trouble told: no crash, no memory filling, no
    slowness ("thanks in advance, RAM fills up to 64GB" still tells one)."""
    words = reading.tokens.words
    return (
        any(words[h.first : h.last + 1] not in _NOT_THANKS for h in reading.of("thanks"))
        and "?" not in reading.text
        and not reading.has(*_TROUBLE_TOLD)
    )


# the lexicon's "thanks" also marks a message set apart from the topic ("also unrelated")
_NOT_THANKS: Final = frozenset(
    {
        ("unrelated",),
        ("offtopic",),
        ("off", "topic"),
        ("fora", "do", "assunto"),
        ("nada", "a", "ver"),
    }
)
_TROUBLE_TOLD: Final = ("oom", "ram", "vram", "speed", "shared_memory", "trouble", "still", "slow")


def _over_and_thanked(reading: Reading) -> bool:
    """A thank-you for a crash that is over: fixed after the last crash told, nothing asked."""
    if not reading.has("thanks") or "?" in reading.text:
        return False
    last = max((h.last for h in reading.of("oom")), default=-1)
    return any(h.first > last for kind in ("fixed", "gone") for h in reading.of(kind))


def _greeting_only(reading: Reading) -> bool:
    """Every word of the message is a greeting's ("hello", "oi gente", "bom dia pessoal")."""
    words = reading.tokens.words
    greeted = reading.greeted()
    return bool(greeted) and all(i in greeted or w in _ADDRESSED for i, w in enumerate(words))


_ADDRESSED: Final = LEXICON.words("addressed")


# Facts that name what is trained, not what goes wrong: a question with only these is about
# something else ("what lr do you use for a flux style lora?").
_NAMES_ONLY: Final = frozenset({"goal", "model_family"})


def asks(reading: Reading) -> bool:
    """The message asks a whole question: a sentence ending with a question mark, or one
    opening the way questions open, typed without the mark ("qual lr pro wan 2.2 i2v", "how
    long does a flux lora take on a 4090")."""
    if not reading.tokens.words:
        return False
    marked = any(reading.low[end] == "?" for end in reading.sentence_ends)
    return marked or bool(_asking_sentences(reading))


def _asking_sentences(reading: Reading) -> set[int]:
    """The sentences that open the way questions do: "qual lr…", "how long does…", "can i…"."""
    sentences = range(len(reading.sentence_ends) + 1)
    return {n for n in sentences if opens_a_question(reading, n)}


def _another_topic(reading: Reading) -> bool:
    """A question names something of training other than memory: "qual lr pro wan 2.2",
    "rank 64 on flux overkill?", "quantos repeats coloco no dataset"."""
    asking = _asking_sentences(reading)
    return any(
        word in _OTHER_TOPICS and (reading.question(i) or reading.sentence_of(i) in asking)
        for i, word in enumerate(reading.tokens.words)
    )


_OTHER_TOPICS: Final = LEXICON.words("other_topics")


def _asks_why(reading: Reading) -> bool:
    return any(reading.question(h.first) for kind in ("why", "explain") for h in reading.of(kind))


def _thanks_only(reading: Reading, facts: Mapping[str, FactValue]) -> bool:
    """ "Re-enabled it and it works, thanks!": a thank-you, with nothing left to solve."""
    return (
        reading.has("thanks")
        and facts.get("gc_retry") in (None, "fixed")
        # "OOM with gc off at batch 2. Re-enabled gc, fits now. Thanks!": the crash is over
        and (
            not any(h for h in reading.of("oom") if not reading.negated(h))
            or _over_and_thanked(reading)
        )
    ) or (reading.has("thanks") and not facts and not reading.has("trouble", "oom"))
