"""The extraction pipeline: normalise, find phrases and numbers, reason, collect the facts."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from engine.config.families import family_rules
from engine.extract import roles, situation
from engine.extract.advice import unadvised
from engine.extract.config_block import ConfigBlock, find_config
from engine.extract.found import Found
from engine.extract.intent import (
    ASKS,
    GOALS,
    asks,
    ended_before_now,
    intent_of,
    shared_for_others,
)
from engine.extract.learned import second_opinion
from engine.extract.lexicon import GC_WORDS, LEXICON
from engine.extract.locale_guess import guess_locale
from engine.extract.model import (
    MAX_CONFIG_CHARS,
    MAX_SCAN_CHARS,
    Evidence,
    Extraction,
)
from engine.extract.normalize import Tokens, fold, spaced, tokenize
from engine.extract.options import advised_spans, option_spans, proposed_values, supposed_spans
from engine.extract.phrases import Hit, find_hits
from engine.extract.quoted import (
    QuotedAnswer,
    confirmed_recaps,
    earlier_answers,
    interleaved,
    picked,
    quoted_answers,
    quoted_expecting,
    quoted_intent,
    quoted_setting,
    timestamped,
    transcript,
)
from engine.extract.reading import Reading, word_clauses
from engine.extract.screen import screen_read
from engine.extract.settings import (
    SettingState,
    current_states,
    doubted,
    of_another_person,
    revised_at,
    setting_states,
    told_last,
)
from engine.extract.signals import (
    DEV_SHM,
    OFF_TOPIC_GREETING,
    OTHER_ERROR,
    OUTSIDE_TRAINING,
    WRONG_GPU,
    signal_hits,
)
from engine.extract.trainers import trainer_spans, within
from engine.extract.typos import correct
from kb.contract import FactValue

_TOPIC_KINDS: Final = frozenset(
    {"topic", "oom", "mention", "assert", "fact", "gpu", "vram", "ram", "shared_memory", "signal"}
)
_AMBIGUOUS_IN_PT: Final = frozenset({"neg", "weak_off"})  # "no" is "in the" in Portuguese
# Words that name a model or a GPU: their numbers ("wan 2.2", "4090") are part of the name.
_NAMING: Final = frozenset({"gpu", "fact"})
_GC_VALUES: Final = {"on": "enabled", "off": "disabled", "unknown": "unknown"}
# Settings read as another fact: (fact, whether "on" means False for it).
_SETTING_FACTS: Final = {
    "sampling": ("sampling_disabled", True),
    "disable_sampling": ("sampling_disabled", False),
}


def _all_cards_alike(reading: Reading, found: Sequence[Found]) -> bool:
    """Cards of one model, told as several ("2x 4090", "duas 3090", "4x A6000"), and every
    amount read as the card's is theirs: whichever the job is on, its memory is known."""
    sizes = {h.arg for h in reading.of("gpu")}
    if len(sizes) != 1 or not _SAME_CARDS.search(reading.low):
        return False
    named = next(iter(sizes))
    if not named.replace(".", "", 1).isdigit():
        return False  # "2x A100": a card sold in more than one size
    size = float(named)
    # "2x 4090 … total capacity of 23.99 GiB", "two 4090s (48GB total)": one card's, or all of them
    return all(
        isinstance(f.value, int | float)
        and round(f.value / size) >= 1
        and abs(f.value / size - round(f.value / size)) < 0.1
        for f in found
        if f.fact == "vram_gb"
    )


_SAME_CARDS: Final = re.compile(
    r"\b(?:[2-8] ?x ?|(?:dual|two|three|four|duas|dois|tres|quatro|[2-8])\s+)(?:rtx |nvidia )?"
    r"(?:a|l|h|t)?\d{2,4}s?\b"
)


def _blank(text: str, block: ConfigBlock | None) -> str:
    """The config's lines become line breaks: read as a config, not as prose, and offsets hold.
    A comment line that asks ("# where does low_vram go?? under model or train") is the
    person's words, and stays."""
    if block is None or block.start >= len(text):
        return text
    end = min(block.end, len(text))
    pasted = text[block.start : end]
    asked = [(m.start(), m.group().replace("#", " ", 1)) for m in _ASKING_COMMENT.finditer(pasted)]
    blanked = ["\n"] * len(pasted)
    for at, line in asked:
        blanked[at : at + len(line)] = line
    return text[: block.start] + "".join(blanked) + text[end:]


_ASKING_COMMENT: Final = re.compile(r"^[ \t]*#[^\n]*\?[^\n]*$", re.MULTILINE)


def _uncommented(text: str) -> str:
    """A setting commented out ("# low_vram: true", "quantize: true  # low_vram: true") is
    not set: it becomes blanks, and offsets hold."""
    if "#" not in text:
        return text
    return _COMMENTED_SETTING.sub(lambda m: " " * len(m.group()), text)


_COMMENTED_SETTING: Final = re.compile(
    r"(?:^|(?<=\s))#[ \t]*[a-z]+_[a-z_]+[ \t]*[:=][^\n?]*$", re.M
)


def _superseded(text: str) -> str:
    """What the message shows as no longer in force becomes blanks, offsets holding: struck
    text ("~~bs 2~~ bs 1"), a diff's removed lines ("- resolution: [512, 1024]" / "+ resolution:
    [512]"), the old value in a comment or an aside ("batch_size: 1  # antes: 2", "512 e 768 (era
    512, 768, 1024)"), a table's "before" column. A change shown in code spans ("`batch_size: 2`
    → `1`") loses its backticks, to be read as the change it is."""
    if not _MAY_SUPERSEDE.search(text):
        return text
    text = _STRUCK.sub(_spaces_unless_gc, text)
    text = _OLD_ASIDE.sub(_spaces_unless_gc, text)
    text = _CODE_CHANGE.sub(lambda m: m.group().replace("`", " "), text)
    if _REMOVED_LINE.search(text):
        text = _diff_removed(text)
    if "|" in text:
        text = _before_column(text)
    return text


def _spaces_unless_gc(said: re.Match[str]) -> str:
    """GC's old state stays: "~~gc off~~ gc on now, still oom" is read as the retry it tells."""
    if _GC_STATE_KEPT.search(said.group()):
        return said.group()
    return " " * len(said.group())


_GC_STATE_KEPT: Final = re.compile(r"\bgc\b|checkpointing", re.IGNORECASE)


_MAY_SUPERSEDE: Final = re.compile(r"~~|#|\(|`|^[ \t]*-|\|", re.M)
_STRUCK: Final = re.compile(r"~~[^~\n]{1,80}~~")
_OLD_ASIDE: Final = re.compile(
    r"(?:(?<=\s)#[ \t]*|\()(?:antes|before|was|era|old|previously|anteriormente)\b[ \t]*[:=]?"
    r"[ \t]*[\[\d](?:[\d\s,.x\[\]]|\be\b|\band\b){0,60}(?:\)|$)",
    re.IGNORECASE | re.M,
)
_CODE_CHANGE: Final = re.compile(r"`[^`\n]{1,60}`[ \t]*(?:->|→|=>)[ \t]*`[^`\n]{1,60}`")
_REMOVED_LINE: Final = re.compile(r"^[ \t]*-[ \t]*([a-z_]+)[ \t]*[:=]", re.M | re.IGNORECASE)


def _diff_removed(text: str) -> str:
    """A diff's removed lines: inside a ```diff fence, or a "- key:" line whose key comes back
    on a "+ key:" line."""
    added = {key.lower() for key in _ADDED_KEY.findall(text)}
    fenced = [m.span() for m in _DIFF_FENCE.finditer(text)]

    def removed(line: re.Match[str]) -> str:
        inside = any(start <= line.start() < end for start, end in fenced)
        if _GC_STATE_KEPT.search(line.group()):
            return line.group()  # GC's old state is read with the new one, as a switch
        if inside or line.group(1).lower() in added:
            return " " * len(line.group())
        return line.group()

    return _DASHED_LINE.sub(removed, text)


_ADDED_KEY: Final = re.compile(r"^[ \t]*\+[ \t]*([a-z_]+)[ \t]*[:=]", re.M | re.IGNORECASE)
_DIFF_FENCE: Final = re.compile(r"```diff\n.*?(?:```|\Z)", re.S)
_DASHED_LINE: Final = re.compile(r"^[ \t]*-[ \t]*([a-z_]*)[^\n]*", re.M | re.IGNORECASE)


def _before_column(text: str) -> str:
    """A table of settings with a "before" and an "after" column: the before cells go blank."""
    lines = text.split("\n")
    column = None
    for at, line in enumerate(lines):
        if not line.lstrip().startswith("|"):
            column = None
            continue
        cells = line.split("|")
        names = [cell.strip().lower() for cell in cells]
        if column is None:
            if _AFTER_COLUMN.intersection(names):
                column = next((i for i, name in enumerate(names) if name in _BEFORE_COLUMN), None)
            continue
        if column < len(cells):
            cells[column] = " " * len(cells[column])
            lines[at] = "|".join(cells)
    return "\n".join(lines)


_BEFORE_COLUMN: Final = frozenset({"before", "antes", "old", "was", "era", "antigo", "de", "from"})
_AFTER_COLUMN: Final = frozenset(
    {"after", "depois", "now", "new", "agora", "novo", "to", "pra", "para"}
)


# A quoted line ("> Is GC on?") is someone else's words, often the bot's own question.
_QUOTED: Final = re.compile(r"^[ \t]*>[^\n]*", re.MULTILINE)


def _unquoted(text: str) -> str:
    """Quoted lines become blanks: read as context, not as what the person says; offsets hold.
    A quote of one's own earlier words ("> me: batch 4, GC off", "> (meu post de ontem) …")
    stays, without its mark: it is the person's setup, which the reply then updates."""
    if ">" not in text:
        return text
    return _QUOTED.sub(_blanked, _OWN_LOG.sub(_own_log, text))


def _own_log(block: re.Match[str]) -> str:
    """A quoted error the reply then owns ("> torch.OutOfMemoryError: … / this is what I get
    now", "> Killed / só isso no log"): the person's own log, read without its marks."""
    said = block.group()
    if "?" in said or not _AN_ERROR.search(said):
        return said
    if not _OWNED.match(block.string, block.end()):
        return said
    return re.sub(r"^([ \t]*)>", r"\1 ", said, flags=re.MULTILINE)


_OWN_LOG: Final = re.compile(r"(?:^[ \t]*>[^\n]*(?:\n|\Z))+", re.MULTILINE)
_AN_ERROR: Final = re.compile(
    r"out of memory|outofmemoryerror|\bkilled\b|\berror\b|traceback|sigkill", re.IGNORECASE
)
_OWNED: Final = re.compile(
    r"\s*(?:\^|this is (?:what|the)|this,|that'?s (?:the only|all|what|it)|esse [eé] o erro"
    r"|essa [eé] a|s[oó] isso|[eé] isso (?:que|q) aparece|isso (?:que|q) aparece)",
    re.IGNORECASE,
)


def _blanked(quote: re.Match[str]) -> str:
    said = quote.group()
    folded = fold(said)
    if _OWN_WORDS.match(folded):
        return said.replace(">", " ", 1)
    if "?" in said and _ASKS_OF_PREVIEWS.search(folded) and len(said) > len(roles.ASKED_PREVIEWS):
        # "> How are your previews set up?" / "every 100 steps, 1024x1024, 40 steps": the
        # answer's numbers are the previews'; the mark says so to the roles
        return roles.ASKED_PREVIEWS.rjust(len(said))
    return " " * len(said)


_ASKS_OF_PREVIEWS: Final = re.compile(r"\b(?:previews?|samples?|amostras?|sampling|amostragem)\b")


_OWN_WORDS: Final = re.compile(
    r"[ \t]*>\s*[(\[]?\s*(?:me|eu|myself|my (?:post|message|first post)"
    r"|meu (?:post|msg|primeiro post)|minha (?:mensagem|msg)|from my (?:post|message))\b"
)


def _scanned(text: str, job: bool = True) -> tuple[str, str, ConfigBlock | None]:
    """The part of a message read as prose (without its quotes, and with them), and the config
    pasted in it; without ``job``, all of it is prose."""
    block = find_config(text[:MAX_CONFIG_CHARS]) if job else None
    chat = timestamped(screen_read(_uncommented(_superseded(_blank(text[:MAX_SCAN_CHARS], block)))))
    quoting = interleaved(picked(transcript(chat)))
    unquoted = _unquoted(quoting)
    # advice to others is read as blanks, like a quote; the quotes stay for what answers them
    scan, advised = unadvised(unquoted)
    if block is not None and advised is not None and block.start >= advised:
        block = None
    return scan, scan if unquoted is quoting else quoting, block


def _tokens(scan: str) -> tuple[str, Tokens]:
    low = fold(scan)
    return low, tokenize(spaced(low))


# Words that follow "no" when it is Portuguese "in the" ("no passo 1", "no preview").
_PT_AFTER_NO: Final = frozenset(
    {
        "passo",
        "step",
        "primeiro",
        "segundo",
        "terceiro",
        "inicio",
        "comeco",
        "meio",
        "preview",
        "sample",
        "carregamento",
        "bucket",
        "treino",
        "final",
        "fim",
        "yaml",
        "painel",
        "runcomfy",
        "1o",
        "2o",
        "3o",
        "ultimo",
        "cache",
        "caching",
        "dataset",
        "discord",
        "reddit",
    }
    # "no zimage base vai, no zimage turbo oom??": the model or the machine it runs in
    | {"zimage", "zit", "flux", "wan", "sdxl", "qwen", "chroma", "ltx", "hunyuan", "kontext"}
    | {"schnell", "lumina", "hidream", "pony", "illustrious", "pc", "notebook", "windows"}
    | {"linux", "colab", "kaggle", "wsl"}
)


_BEFORE_WHAT: Final = LEXICON.words("before_what")


# Phrases whose words must stay in one clause: "café primeiro, lora depois" is no first LoRA.
_ONE_CLAUSE_KINDS: Final = frozenset({"first_run"})


def _at_the_time_of(words: Sequence[str], hit: Hit) -> bool:
    return (
        hit.arg == "first_steps"
        and words[hit.first : hit.last + 1] == ("na", "hora")
        and words[hit.last + 1 : hit.last + 2] in _OF_SOMETHING
        # "na hora q começou o treino" is the start of training still
        and not situation.training_starts(words, hit.last + 2)
    )


_OF_SOMETHING: Final = {(w,) for w in ("q", "que", "de", "do", "da", "dos", "das", "em")}


def _stopped_by(words: Sequence[str], hit: Hit) -> bool:
    """ "Training stopped with OOM", "parou com OOM": stopped by it, no negation of it."""
    after = hit.last + 1
    return words[hit.last] in ("stopped", "parou") and after < len(words) and words[after] in _BY


_BY: Final = frozenset({"with", "com", "due", "because", "by", "por"})


def _at_step_zero(words: Sequence[str], hit: Hit) -> Hit:
    """ "step 0 oom", "passo 0 crash": a crash at step zero, not "0 crashes" (nor "12s/step,
    zero OOMs", a rate and then no crash)."""
    if hit.kind != "no_crash" or hit.first == 0 or words[hit.first] not in ("0", "zero"):
        return hit
    before = words[max(0, hit.first - 2) : hit.first]
    if before[-1] not in _STEP_WORDS or (len(before) == 2 and _A_RATE.fullmatch(before[0])):
        return hit
    return Hit("oom", "", hit.first + 1, hit.last)


_A_RATE: Final = re.compile(r"(?:\d+(?:\.\d+)?)?s|sec|secs|seconds|segundos")
_STEP_WORDS: Final = frozenset({"step", "passo", "epoch", "epoca", "iteration"})


def _silent(words: Sequence[str], hit: Hit) -> Hit:
    """ "No error" said of a run that stopped or hangs ("parou do nada, sem erro", "exits after
    the save, no error"): no message was given, which says nothing of a crash."""
    if (
        hit.kind == "no_crash"
        and not _ERRORS.isdisjoint(words[hit.first : hit.last + 1])
        and any(_stops(words, at) for at in range(len(words)))
    ):
        return hit._replace(kind="silent")
    return hit


def _stops(words: Sequence[str], at: int) -> bool:
    """The run stops or hangs at word ``at``; not "stopped OOMing", "parou de dar erro", where
    what stopped is the crash. "Para" stops only where no preposition can be read: "simplesmente
    para no meio", "para do nada"."""
    word = words[at]
    before = words[at - 1] if at else ""
    after = words[at + 1] if at + 1 < len(words) else ""
    if word == "para":
        return before in _STOPPING or after in _STOPS_WHERE
    return word in _STOPPED and after != "de" and after not in _CRASHING


_STOPPING: Final = frozenset({"simplesmente", "treino", "processo", "ele", "job"})
_STOPS_WHERE: Final = frozenset({"do", "sozinho", "sozinha", "sem", "ali", "em", "no", "na"})
_CRASHING: Final = frozenset(
    {"ooming", "oom'ing", "crashing", "erroring", "dying", "failing", "throwing", "giving"}
)


_ERRORS: Final = frozenset({"error", "errors", "erro", "erros"})
_STOPPED: Final = frozenset(
    {"stopped", "stops", "stop", "parou", "froze", "freezes", "frozen", "hangs", "hung"}
    | {"travou", "trava", "congelou", "sumiu", "vanished", "disappeared", "died", "morreu"}
    # "sits at step 0 for 20 min, no error": stuck, not running fine
    | {"stuck", "sits", "sitting", "hanging", "parado", "parada", "travado", "travada", "empacou"}
    # "exits after the save", "o terminal fecha sozinho": the process ends
    | {"exits", "exited", "quits", "closes", "closed", "fecha", "fechou", "encerra", "encerrou"}
    # "shows failed, no error at all", "Segmentation fault… nenhum erro do python"
    | {"failed", "falhou", "segmentation", "segfault", "killed"}
)


def _answered_no(words: Sequence[str], hit: Hit) -> bool:
    """ "no this is my first time", "no it was on": a "no" opening the message answers what was
    asked; what follows it is said, not denied."""
    return hit.first == hit.last == 0 and words[0] == "no" and words[1:2] in _SAID_AFTER_NO


_SAID_AFTER_NO: Final = frozenset(
    (w,) for w in ("this", "it", "its", "it's", "i", "im", "i'm", "my", "we", "that")
)


def _nothing_and(scan: str, tokens: Tokens, hit: Hit) -> bool:
    """ "não mudei nada e hj dá out of memory": "nada" then the "e" of "and", not "nada é"
    ("nothing is"), whose accent folding leaves the same word."""
    last = hit.last
    return tokens.words[last - 1 : last + 1] == ("nada", "e") and scan[tokens.starts[last]] == "e"


def _run_with_it(words: Sequence[str], hits: list[Hit], clause: Sequence[int]) -> list[Hit]:
    """ "with it off"/"com ele desligado" is said of a case ("with it off it OOMs") unless the
    writer's run is told right before it: "tô com ele desligado", "trains fine with it off",
    "agora, com ele desligado, crasha", "now on flux dev with it off". Then it is the run's
    state, read as any state is."""
    kept = []
    for hit in hits:
        at = hit.first
        told = (
            hit.kind == "cond"
            and hit.last == at + 2
            and words[at] in ("with", "com")
            and words[at + 1] in _IT
            and (_running_before(words, at) or _now_before(words, at, clause))
        )
        without = (
            hit.kind == "cond"
            and hit.last == at + 1
            and words[at] in ("without", "sem")
            and words[hit.last] in _IT
            and _mine_running_just_before(words, at, clause)
        )
        if without:
            # "hj tô sem ele", "currently training without it": the run's, without the setting
            kept.append(Hit("weak_off", "", at, at))
            continue
        if not told:
            kept.append(hit)
            continue
        state = hit.last
        kept += [Hit(h.kind, h.arg, state, state) for h in find_hits((words[state],))]
    return kept


def _running_before(words: Sequence[str], at: int) -> bool:
    """A word of the writer's run now right before ``at``, maybe after a word of how it goes
    or the speed it goes at ("I'm at 2.7s/it with it on", "tô a 4s/it com ele ligado")."""
    start = at - 1
    while start >= 0 and _A_SPEED.fullmatch(words[start]) and at - start <= _SPEED_WORDS:
        start -= 1
    if start < at - 1 and words[start : start + 1] in (("at",), ("a",), ("em",)):
        start -= 1  # "at 2.7s/it": the run's speed told
    for back in range(start, max(-1, start - 3), -1):
        if words[back] in _RUNNING_NOW:
            return True
        if words[back] not in _GOING:
            return False
    return False


# The words of a speed reading: "2.7s/it" → "2", "7s", "it"; "3 it/s" → "3", "it", "s"
_A_SPEED: Final = re.compile(r"\d+(?:s|it)?|s|it|its|sec|seg")
_SPEED_WORDS: Final = 4


def _mine_running_just_before(
    words: Sequence[str], at: int, clause: Sequence[int] | None = None
) -> bool:
    """The writer's run now, the word right before ``at`` in its clause: "hj tô sem ele",
    "currently training without it"; not "I'm fine, without it…" nor "ela treina sem ele"."""
    before = at - 1
    same = clause is None or (before >= 0 and clause[before] == clause[at])
    if not same or before < 0:
        return False
    if words[before] in _RUNS:  # "meu Z-Image roda sem ele", "my lora trains without it"
        return not _MY.isdisjoint(words[max(0, before - 4) : before])
    return words[before] in _MINE_RUNNING


_MINE_RUNNING: Final = frozenset(
    {"to", "tou", "estou", "i'm", "im", "currently", "atualmente", "rodando", "running"}
    | {"treinando", "training", "agora", "now", "hoje", "hj", "rodo", "treino"}
)
_RUNS: Final = frozenset({"roda", "treina", "runs", "trains", "rodava", "treinava"})
_MY: Final = frozenset({"meu", "minha", "my", "mine", "eu", "i"})


def _now_before(words: Sequence[str], at: int, clause: Sequence[int]) -> bool:
    """ "now" a few words before, in the same clause, with no "if"/"when" between."""
    for back in range(at - 1, max(-1, at - 6), -1):
        if clause[back] != clause[at] or words[back] in _WHEN:
            return False
        if words[back] in ("now", "agora"):
            return True
    return False


_RUNNING_NOW: Final = frozenset(
    {"to", "tou", "estou", "i'm", "im", "agora", "now", "currently", "atualmente", "atm"}
    | {"rodando", "running", "treinando", "training", "trains", "treina", "roda"}
    | {"comecei", "started", "starting"}
)
# How it goes, between the run and "with it": "trains fine with it off", "rodando liso com ele".
_GOING: Final = frozenset(
    {"fine", "ok", "okay", "great", "well", "smoothly", "liso", "bem", "normal", "tranquilo"}
    | {"boa", "de", "ja", "already", "just", "still", "ainda", "e", "and"}
)


def _none_of(words: Sequence[str], at: int) -> bool:
    return words[at] == "no" and at > 0 and words[at - 1] in _BEFORE_NONE


_BEFORE_NONE: Final = frozenset(
    {"there's", "theres", "is", "was", "are", "were", "with", "had", "has", "have", "and", "or"}
)


def _in_the(words: Sequence[str], at: int) -> bool:
    return words[at] == "no" and at + 1 < len(words) and words[at + 1] in _PT_AFTER_NO


def _sentence_ends(low: str, tokens: Tokens) -> set[int]:
    """The words a sentence ends after: a full stop or "!" before a space, or an empty line
    (a quoted line left blank is one). Not "torch.OutOfMemoryError", not "? or…", and not a
    lone line break: text is often wrapped."""
    starts, ends = tokens.starts, tokens.ends
    last_words = set()
    for stop in tokens.stops:
        mark = low[stop]
        if (mark in ".!" and low[stop + 1 : stop + 2].isspace()) or (
            mark == "\n" and _blank_line_after(low, stop)
        ):
            word = bisect_right(starts, stop) - 1
            if word >= 0 and ends[word] <= stop:
                last_words.add(word)
    return last_words


def _blank_line_after(low: str, newline: int) -> bool:
    following = low.find("\n", newline + 1)
    return following != -1 and not low[newline + 1 : following].strip()


def _read(scan: str) -> tuple[Reading, str | None]:
    low, tokens = _tokens(scan)
    words = correct(tokens.words)
    tokens = tokens._replace(words=words)  # every rule reads "bacth 2" as "batch 2"
    clause = word_clauses(tokens)
    hits = [
        h
        for h in find_hits(words, _sentence_ends(low, tokens))
        if h.kind not in _ONE_CLAUSE_KINDS or clause[h.first] == clause[h.last]
    ]
    locale = guess_locale(scan, words)
    if locale == "pt-BR":
        hits = [h for h in hits if not (h.kind in _AMBIGUOUS_IN_PT and words[h.first] == "no")]
    else:  # a short reply may read as English: "no passo 1" is still "in step 1"
        hits = [h for h in hits if not (h.kind in _AMBIGUOUS_IN_PT and _in_the(words, h.first))]
        # "there's no sample at that step" is none, not "in the sample"
        hits = [h for h in hits if not (h.kind == "phase" and _none_of(words, h.first))]
        # "buckets 640 896 1152 n it ooms", "every now n then": in English "n" is "and"
        hits = [h for h in hits if not (h.kind == "neg" and words[h.first : h.last + 1] == ("n",))]
    hits = [h for h in hits if not (h.kind == "past" and _before_something(words, h))]
    hits = [h for h in hits if not (h.kind == "neg" and _stopped_by(words, h))]
    hits = [h for h in hits if not (h.kind == "neg" and _nothing_and(scan, tokens, h))]
    hits = [h for h in hits if not (h.kind in ("neg", "weak_off") and _answered_no(words, h))]
    # "na hora q ele ta quantizando": at the time of something, not "right away"
    hits = [h for h in hits if not (h.kind == "phase" and _at_the_time_of(words, h))]
    hits = [_at_step_zero(words, h) for h in hits]
    hits = [_silent(words, h) for h in hits]
    hits = _run_with_it(words, hits, clause)
    hits = sorted([*hits, *_cued_stages(words, tokens, hits)], key=lambda h: h.first)
    return Reading(scan, low, tokens, _named_by_it(words, hits)), locale


_STAGE_CUES: Final = LEXICON.words("stage_cues")
_STAGES_NAMED: Final = {
    word: stage
    for stage in ("sampling", "loading", "later")
    for word in LEXICON.words(f"stage_{stage}")
}
_STAGE_SETTINGS: Final = LEXICON.words("stage_settings")
_STAGE_REACH: Final = 4  # words from "when" to the stage it names


def _cued_stages(words: Sequence[str], tokens: Tokens, hits: Sequence[Hit]) -> list[Hit]:
    """A stage named a few words after a word of time, in the same clause, where no phrase
    already says when: "OOM only when the sampler runs", "oom on latents caching", "dá OOM
    quando ele salva". Not a stage's setting ("sample every 250", "cache latents ligado"), not
    a switch's "on" ("gc on — previews at 1024"), not the other side ("instead of at the
    sample")."""
    taken = {i for h in hits if h.kind == "phase" for i in range(h.first, h.last + 1)}
    switched = {h.last + 1 for h in hits if h.kind == "mention"}
    clause = word_clauses(tokens)
    found: list[Hit] = []
    for cue, word in enumerate(words):
        if (
            word not in _STAGE_CUES
            or cue in taken
            or cue in switched
            or words[max(0, cue - 2) : cue] in (("instead", "of"), ("em", "vez"))
        ):
            continue
        for at in range(cue + 1, min(cue + 1 + _STAGE_REACH, len(words))):
            between = tokens.starts[at] - tokens.ends[at - 1]
            if (
                at in taken
                or clause[at] != clause[cue]
                or words[at][:1].isdigit()
                or between > 2  # a dash or a bracket between them
            ):
                break
            stage = _STAGES_NAMED.get(words[at])
            if stage is not None:
                same = at + 1 < len(words) and clause[at + 1] == clause[at]
                after = words[at + 1] if same else ""
                if after not in _STAGE_SETTINGS and not after[:1].isdigit():
                    found.append(Hit("stage", stage, cue, at))
                break
    return found


def _named_in(hit: Hit, words: Sequence[str]) -> str:
    """The setting a hit names: a mention's, or GC's in "without checkpointing" (a case)."""
    if hit.kind == "mention":
        return hit.arg
    return "gc" if hit.kind == "cond" and words[hit.last] == "checkpointing" else ""


def _named_by_it(words: Sequence[str], hits: list[Hit]) -> tuple[Hit, ...]:
    """ "All with gradient checkpointing on… I read that turning it off is free speed": a
    switched "it" names the setting named last before it."""
    if _IT.isdisjoint(words):  # "its"/"it's" open the state: "it's still off"
        return tuple(hits)
    found = list(hits)
    for at in range(1, len(words)):
        if words[at] not in _IT:
            continue
        side = words[at + 1] if at + 1 < len(words) else ""
        if words[at - 1] in ("sem", "without") and _mine_running_just_before(words, at - 1):
            pass  # "hj tô sem ele", "running without it": the run's, without the setting
        elif not side:
            continue
        elif words[at - 1] in _SWITCHED_IT:
            pass  # "I unchecked it", "desliguei ele": the verb says the state
        elif words[at - 1] in _SWITCHING:
            if side not in _SIDES and not (side == "of" and at + 2 == len(words)):  # "turnd it of"
                continue
        else:
            # "with it on", "had it enabled", "it's still off", "com ele ligado": a state said
            # of the setting named before ("on a 4090" after it is no state: see _preposition)
            end = at + 1
            while end < len(words) - 1 and words[end] in _BETWEEN:
                end += 1
            if words[end] not in _STATES or not _REASON.isdisjoint(words[max(0, at - 3) : at]):
                continue  # "gc off pq com ele ligado ficava lento": the other side, as a reason
            if words[at - 1] in _WHEN:
                continue  # "where does the memory go when it's off": supposed
        named = [_named_in(h, words) for h in hits if h.last < at]
        setting = next((arg for arg in reversed(named) if arg), None)
        if setting and not any(h.first == at for h in hits):
            found.append(Hit("mention", setting, at, at))
    return tuple(sorted(found, key=lambda h: h.first)) if len(found) > len(hits) else tuple(hits)


_SWITCHING: Final = frozenset(
    {
        # done or told of ("turned it off", "turning it off is free speed"), not "turn it off?"
        *("turning", "turned", "turnd", "switching", "switched", "flipping", "flipped", "put"),
        "putting",
    }
)
_SIDES: Final = frozenset({"on", "off"})
_SWITCHED_IT: Final = frozenset(
    {"unchecked", "unticked", "disabled", "deactivated", "enabled", "reenabled", "ticked"}
    | {"desliguei", "desativei", "desmarquei", "liguei", "ativei", "religuei", "reativei"}
)
_IT: Final = frozenset({"it", "it's", "its", "ele", "ela", "mine", "mine's", "meu"})  # "mine's on"
_REASON: Final = frozenset({"pq", "porque", "because", "cuz", "since", "bc"})
_WHEN: Final = frozenset({"when", "whenever", "if", "once", "quando", "se", "caso"})
_BETWEEN: Final = frozenset(
    {"s", "is", "was", "still", "already", "ta", "esta", "tava", "estava", "ja", "ainda", "sempre"}
    | {"currently", "atualmente"}
)
_STATES: Final = frozenset(
    {"on", "off", "enabled", "disabled", "ligado", "ligada", "desligado", "desligada"}
    | {"ativado", "ativada", "desativado", "desativada", "true", "false"}
)


def _before_something(words: Sequence[str], hit: Hit) -> bool:
    """ "antes do step 0", "before training starts": when, not a run of before."""
    if words[hit.last] not in ("before", "antes"):
        return False
    after = words[hit.last + 1] if hit.last + 1 < len(words) else ""
    return after in _BEFORE_WHAT or (len(after) > 4 and after.endswith("ing"))  # "before dying"


def _setting_facts(reading: Reading, now: Sequence[SettingState]) -> list[Found]:
    found: list[Found] = []
    for state in now:
        start, end = reading.span(state.first, state.last)
        if state.setting == "gc":
            found.append(Found("gc", _GC_VALUES[state.state], start, end))
        elif state.state != "unknown" and not _not_of_sampling(reading, state):
            on = state.state == "on"
            fact, inverted = _SETTING_FACTS.get(state.setting, (state.setting, False))
            found.append(Found(fact, on != inverted, start, end))
    return found


def _not_of_sampling(reading: Reading, state: SettingState) -> bool:
    """Previews named beside a state that is not theirs: "with 1024 previews", "com preview a
    cada 100" (a preposition says nothing of the setting); "turned gc on again, still crashes at
    the preview", "sampling after re-enabling GC" (the act was GC's)."""
    if state.setting not in _SAMPLING_SETTINGS:
        return False
    if state.weak and state.setting == "sampling" and state.state == "on":
        return True
    words = reading.tokens.words
    if not GC_WORDS.isdisjoint(words[state.first : state.last + 1]):
        return True
    after = state.last + 1
    return (
        after < len(words)
        and words[after] in GC_WORDS
        and reading.clauses_of_words[after] == reading.clauses_of_words[state.last]
    )


_OF_A_CRASH: Final = frozenset({"memory_kind", "oom_phase"})
_SAMPLING_SETTINGS: Final = frozenset({"sampling", "disable_sampling"})
_NAMED_IN_PASSING: Final = frozenset({"model_family", "vram_gb"})
# An arch as AI Toolkit writes one: a model's name, then its size, kind or version
_AN_ARCH: Final = re.compile(
    r"[a-z]+\d*(?:_(?:\d+b|i2v|t2v|ti2v|plus|edit|image|video|dev|turbo|kontext|klein|\d+))+\b"
)
_NAME_EDGE: Final = re.compile(r"[_/\\.]\w")


def _in_a_name(reading: Reading, hit: Hit) -> bool:
    """Part of a job's or a file's name ("lora_zimage_v3", "my_zit.yaml"): a name says what
    someone called the job, not what it trains. An AI Toolkit arch is no name ("wan22_14b",
    "qwen_image_edit_plus")."""
    start, end = reading.span(hit.first, hit.last)
    text = reading.text
    arch = _AN_ARCH.match(reading.low, start)
    rules = family_rules()
    if (
        arch is not None
        and (start == 0 or not reading.low[start - 1].isalnum())
        and rules.for_arch(arch.group()) != rules.fallback
    ):
        return False
    before = text[max(0, start - 2) : start]
    return (start > 0 and text[start - 1] == "_" and before[:1].isalnum()) or bool(
        _NAME_EDGE.match(text, end)
    )


def _an_example(reading: Reading, hit: Hit, named: Sequence[Hit]) -> bool:
    """A model named as an example in a general question: "for something like Qwen-Image at
    1024?", "video models like Wan", "num modelo tipo Flux", "like Flux or Z-Image"."""
    start = reading.span(hit.first, hit.last)[0]
    if reading.said_before(_EXAMPLE_BEFORE, start, 24):
        return True
    before = [h for h in named if h.last < hit.first]
    if not before:
        return False
    previous = before[-1]
    gap = reading.low[reading.span(previous.first, previous.last)[1] : start]
    return _JOINED.fullmatch(gap) is not None and _an_example(reading, previous, named)


_JOINED: Final = re.compile(r"\s*(?:,|/|or|and|ou|e|vs)?\s*")
_A_PART_AFTER: Final = re.compile(
    r"(?:[\s.\-]*(?:\d+(?:\.\d+)?b?|vl|it|instruct))*\s*(?:text )?(?:encoder|te|vae|tokenizer)\b"
    # a part, or a use elsewhere: "flux ae.safetensors", "my flux workflow loaded in comfy"
    r"|\s*(?:ae\b|ae\.safetensors|workflows?\b)"
)


_EXAMPLE_BEFORE: Final = re.compile(
    r"(?:\blike|\bsuch as|\be\.?g\.?|\bfor example|\bpor exemplo|\btipo(?: num| um| o| a)?"
    r"|\bmodelo grande como o|\bcomo o)\s+$"
)


def _word_facts(reading: Reading) -> list[Found]:
    """The model family and the GPU's memory named by words: of two different ones, the one
    the person moved to ("moved from FLUX to Z-Image"); when nothing says which, neither."""
    found: list[tuple[Hit, Found]] = []
    named = [
        h
        for h in reading.of("fact")
        if h.arg.startswith("model_family=") and not _in_a_name(reading, h)
    ]
    # "caching text embeddings (the qwen 2.5 vl encoder) for qie": a part of the model trained,
    # when another model is named; alone, "the Lumina 2 text encoder" is the model's own
    parts = [h for h in named if _A_PART_AFTER.match(reading.low, reading.span(h.first, h.last)[1])]
    if len({h.arg for h in named}) > 1 and len(parts) < len(named):
        named = [h for h in named if h not in parts]
    examples = [h for h in named if _an_example(reading, h, named)]
    # "modelos grandes tipo Qwen Edit e Flux, e no SD 1.5…": the sentence compares examples
    compared = {reading.sentence_of(h.first) for h in examples}
    models = [h for h in named if reading.sentence_of(h.first) not in compared]
    # "the guy in the video uses a 4090, I have a 4060 Ti": another person's card is not theirs
    cards = [h for h in reading.of("gpu") if not of_another_person(reading, h.first)]
    sized = {h.first for h in cards if h.arg == "unknown" or _sized_otherwise(reading, h)}
    # "troquei a 3060 ti por uma 4060 ti (16gb)": moved to a card its name does not size, the
    # old one's size is gone
    gone = max((h.first for h in cards if h.first in sized and _moved_to(reading, h)), default=-1)
    gpus = [h for h in cards if h.first not in sized and h.first > gone]
    # "thinking of getting a 5080", "juntando grana pra uma 4060 Ti": a card not had yet
    # "on my 3090… will a 5090 be enough": beside another card, one only weighed too
    beside = len({h.arg for h in gpus}) > 1
    wished = [
        h
        for h in gpus
        if roles.card_wished(reading, reading.span(h.first, h.last)[0], beside_another=beside)
    ]
    gpus = [  # "deciding between a 4080 and a used 3090": both
        h
        for h in gpus
        if not any(
            w.first == h.first
            or _WISHED_ALIKE.issuperset(reading.tokens.words[w.last + 1 : h.first])
            for w in wished
            if w.first <= h.first
        )
    ]
    # "rented a 3090 or a 3080, cant remember which": neither is known
    either = _either_card(reading, gpus)
    gpus = [h for h in gpus if h.first not in either]
    for hits, fact in ((models, "model_family"), (gpus, "vram_gb")):
        hit = _current(reading, hits)
        if hit is not None:
            value: FactValue = hit.arg.partition("=")[2] if fact == "model_family" else int(hit.arg)
            start, end = reading.span(hit.first, hit.last)
            found.append((hit, Found(fact, value, start, end)))
    found.sort(key=_said_first)  # in the order the message says them
    return [f for _, f in found]


def _either_card(reading: Reading, gpus: Sequence[Hit]) -> set[int]:
    """The first words of two cards of different memory told as one or the other, a few words
    apart."""
    ordered = sorted(gpus, key=lambda h: h.first)
    either: set[int] = set()
    for a, b in pairwise(ordered):
        between = reading.tokens.words[a.last + 1 : b.first]
        if a.arg != b.arg and len(between) <= 4 and _EITHER_WORDS.intersection(between):
            either |= {a.first, b.first}
    return either


_EITHER_WORDS: Final = frozenset({"or", "ou"})


def _sized_otherwise(reading: Reading, gpu: Hit) -> bool:
    """A card written with another size than its name's usual one ("2060 12gb", "3060 de 8gb"):
    the size written is read as the card's memory, not the name's."""
    written = _SIZE_AFTER.match(reading.low, reading.span(gpu.first, gpu.last)[1])
    return written is not None and next(g for g in written.groups() if g) != gpu.arg


_SIZE_AFTER: Final = re.compile(
    r"\s*(?:(?:\(|de |with |com |of )?\s*(\d+)\s*(?:gb|g|gigs?)\b"
    r"(?!\s*(?:de |of )?(?:ram|ddr|system|sistema|swap|shared|compartilhada)\b)"
    # "uma 3080 de 12", "3060 (a de notebook tem 6gb!!)", "4070 (the laptop one, 8GB)"
    r"|de (\d{1,2})\b(?!\s*(?:[a-z]|,\s*\d))"
    r"|\([^)\d]{0,12}(?:laptop|notebook)[^)\d]{0,16}(\d+)\s*(?:gb|g|gigs?)\b)"
)


_LEFT_BEHIND: Final = re.compile(
    r"\b(?:old|older|previous|former|antig[ao]|velh[ao]|dead|sold|from|back on|used to have"
    # "it's the 5090 not the 4090", "é a 5080, não a 5090"
    r"|not|nao"
    r"|tinha|sair d[ao]|saindo d[ao]"
    # "aposentei minha 2060", "started on a 2060 (6GB!)… now on a 4090", "upgraded from a 3070"
    r"|aposentei|retired|vendi|started (?:on|with)|comecei (?:com|numa|na|n[ou]m)"
    r"|upgraded from|came from|vim d[ao]|passei d[ao]"
    # a card only wished for: "thinking of buying a 5090", "queria ter uma 4090"
    r"|buy|buying|comprar|wish i had|queria ter|quem dera ter)"
    r"\s+(?:(?:the|a|an|o|um|uma|my|meu|minha)\s+)?$"
)
# "swapped my 3080 for a used 3090", "troquei minha 3060 ti por uma 4060 ti": the second one
_SWAPPED_FOR: Final = re.compile(
    r"\b(?:swapped|switched|traded|replaced|troquei|substitui)\b[^.!?\n]{1,40}"
    r"\b(?:for|with|por|pela|pelo)\s+(?:(?:the|a|an|o|um|uma)\s+)?(?:used\s+|usada\s+)?$"
)
_MOVED_TO: Final = re.compile(
    # not "compared to sdxl", "next to the 4090", "up to 1024"
    r"(?:(?<!compared )(?<!next )(?<!close )(?<!similar )(?<!up )(?<!equal )\bto"
    r"|\bpro|\bpra|\bpara|->|\bnew|\bnov[oa]|\binto"
    # "now on a 4090", "agora tô numa 5090"
    r"|\bnow(?: (?:on|with|using|running))?|\bagora(?: (?:to|tou|estou|uso|com|n[ao]|numa|num))*"
    # "trained SDXL for a year… first Z-Image LoRA this week": the one tried for the first time
    r"|\bfirst(?: ever)?)"
    r"\s+(?:(?:the|a|an|o|um|uma|my|meu|minha)\s+)?$"
)


def _current(reading: Reading, hits: Sequence[Hit]) -> Hit | None:
    """Of two different ones named, the one moved to, or the one left when the others are told
    as gone: "my old 3060 … just got a 5090", "moved from Flux to Qwen Edit"."""
    values = {h.arg for h in hits}
    if len(values) <= 1:
        return hits[0] if hits else None
    if hits[0].kind == "gpu":
        # "the 4090 trains, the 1080 Ti just runs my monitors": the other one is the training's
        shown = [
            h for h in hits if _DISPLAY_AFTER.match(reading.low, reading.span(h.first, h.last)[1])
        ]
        trains = {h.arg for h in hits if h not in shown}
        if shown and len(trains) == 1:
            return next(h for h in hits if h.arg in trains)
    revised = revised_at(reading)
    if revised:
        # "hidream on an a4000. edit: no, it's the a5000": the one said after the correction
        part = [bisect_right(revised, reading.tokens.starts[h.first]) for h in hits]
        later = [h for h, at in zip(hits, part, strict=True) if at == max(part)]
        if max(part) > min(part) and len({h.arg for h in later}) == 1:
            return later[0]
    # "flux dev rn but thinking of switching to z-image", "pensando em migrar pro z-image. hoje
    # treino SDXL": a move only weighed leaves the one trained now
    weighed = [h for h in hits if _move_weighed(reading, h)]
    kept = [h for h in hits if h not in weighed]
    if weighed and len({h.arg for h in kept}) == 1:
        return kept[0]
    moved = [h for h in hits if _moved_to(reading, h)]
    if moved:
        # "comecei com uma 3060, passei pra uma 4080 e agora tô numa 5090": the last move
        return moved[-1]
    now = [h for h in hits if _told_as_now(reading, h, hits)]
    if len({h.arg for h in now}) == 1:
        # "15 LoRAs on SDXL back on my old card… Current project is 300 shots. Model is Flux
        # dev", "agora tô treinando o Z-Image": the one of the run now, after the others
        return now[-1]
    left = [h for h in hits if not _left_behind(reading, h)]
    if len({h.arg for h in left}) == 1:
        return left[0]
    if not left:
        return None
    broke = _the_one_that_broke(reading, left)
    if broke is None or broke.kind == "gpu":
        return broke
    # "com sdxl nunca tive problema. agora no wan 2.1 14b, OOM no primeiro step": a model that
    # broke, when each other one is told as having gone well or as before
    others = [h for h in left if h.arg != broke.arg]
    return broke if all(_went_well_or_before(reading, h, left) for h in others) else None


# A card that only drives the screens: "the 3060 is just for display", "1080ti runs my monitors"
_DISPLAY_AFTER: Final = re.compile(
    r"\s*(?:\([^)]{0,30}\)\s*)?(?:is\s+|e\s+|fica\s+)?(?:just\s+|only\s+|so\s+|apenas\s+)?"
    r"(?:for|runs|running|drives|pra|para|roda|rodando|no|on|that runs|que roda)\s+"
    r"(?:the\s+|my\s+|o\s+|os\s+|a\s+|as\s+)?(?:display|displays|monitor|monitors|monitores"
    r"|tela|telas|video|screen|screens)\b"
)


def _went_well_or_before(reading: Reading, hit: Hit, named: Sequence[Hit]) -> bool:
    last = reading.sentence_words(reading.sentence_of(hit.first))[1]
    last = min([last, *(h.first for h in named if h.first > hit.last)])
    return any(
        hit.last < h.first < last and not reading.negated(h)
        for kind in _WENT_WELL_OR_BEFORE
        for h in reading.of(kind)
    )


_WENT_WELL_OR_BEFORE: Final = ("fine", "stable", "worked", "no_crash", "past")


def _the_one_that_broke(reading: Reading, cards: Sequence[Hit]) -> Hit | None:
    """Of two cards or models, the only one a crash is told of, in its own stretch of the
    sentence up to the next one: "works fine on my desktop 3090 but my laptop 4060 just OOMs",
    "rented an H100 to test, ran fine. back home on my 4090 same config instant OOM", "com sdxl
    nunca tive problema. agora no wan 2.1 14b, OOM no primeiro step"."""
    broke = []
    for at, card in enumerate(cards):
        last = reading.sentence_words(reading.sentence_of(card.first))[1]
        if at + 1 < len(cards):
            last = min(last, cards[at + 1].first)
        if any(card.last < h.first < last and not reading.negated(h) for h in reading.of("oom")):
            broke.append(card)
    return broke[0] if len({h.arg for h in broke}) == 1 else None


def _moved_to(reading: Reading, hit: Hit) -> bool:
    start = reading.span(hit.first, hit.last)[0]
    return (
        reading.said_before(_MOVED_TO, start, 16) is not None
        or reading.said_before(_SWAPPED_FOR, start, 60) is not None
    )


def _told_as_now(reading: Reading, hit: Hit, hits: Sequence[Hit]) -> bool:
    """A word of the run now shortly before it in its sentence, no other one named between:
    "now I'm trying Flux Kontext", "the current one is Wan 2.1 again", "this one is Flex.2"."""
    first, _ = reading.sentence_words(reading.sentence_of(hit.first))
    since = max([first, *(h.last + 1 for h in hits if h.last < hit.first)])
    start, at = reading.tokens.starts[since], reading.tokens.starts[hit.first]
    marks = list(_NOW_MARK.finditer(reading.low, start, at))
    mark = marks[-1] if marks else None
    if mark is None or hit.first - reading.word_at(mark.start()) > _NOW_REACH:
        return False
    if _WISHED_BETWEEN.search(reading.low, mark.end(), at):
        return False  # "now I want to try Z-Image": a plan
    # "agora tudo q funcionava dá oom, zimage e flux": one of a list
    after = [h for h in hits if h.first > hit.last]
    return not after or not _LISTED.issuperset(reading.tokens.words[hit.last + 1 : after[0].first])


_WISHED_BETWEEN: Final = re.compile(
    r"\b(?:want|wanna|plan|planning|thinking|quero|queria|pensando|vou|gonna|going to|would"
    r"|next|try|tentar|testar)\b"
)
_LISTED: Final = frozenset({"e", "and", "ou", "or", "&"})
_NOW_MARK: Final = re.compile(
    r"\b(?:(?<!for )now|right now|currently|this time|current (?:one|project|run|lora|model|job)"
    r"|this (?:one|run|lora)|(?:the )?model is|agora|atualmente|dessa vez|desta vez"
    r"|projeto atual|treino atual|o atual|esse (?:agora|de agora)|o modelo e)\b"
)
_NOW_REACH: Final = 8


def _move_weighed(reading: Reading, hit: Hit) -> bool:
    start = reading.span(hit.first, hit.last)[0]
    return reading.said_before(_MOVE_WEIGHED, start, 60) is not None


_MOVE_WEIGHED: Final = re.compile(
    r"\b(?:thinking (?:of|about)|planning (?:to|on)|should i|want to|wanna|would like to"
    r"|considering|pensando em|penso em|quero|queria|vale a pena|devo"
    # "gonna switch from flux to wan 2.2 next", "ia trocar pra zit mas ainda tô no flux"
    r"|gonna|going to|was going to|ia|iria|vou)"
    r"\s+(?:(?:just|maybe|finally|eventually|so|talvez|logo)\s+)?"
    r"(?:switch|switching|move|moving|migrate|migrating|go|going|try|trying|jump|jumping"
    r"|trocar|migrar|mudar|passar|ir|tentar|pular)\b"
    r"[^.!?\n]{0,30}\b(?:to|pro|pra|para|pro o|for)\s+(?:(?:the|a|o|um|uma)\s+)?$"
)


def _left_behind(reading: Reading, hit: Hit) -> bool:
    start = reading.span(hit.first, hit.last)[0]
    return reading.said_before(_LEFT_BEHIND, start, 20) is not None


# What joins a card to one wished for before it: "deciding between a 4080 and a used 3090".
_WISHED_ALIKE: Final = frozenset(
    {"and", "or", "e", "ou", "a", "an", "um", "uma", "used", "usada", "new", "nova", "vs"}
)


def _said_first(entry: tuple[Hit, Found]) -> tuple[int, str]:
    return entry[0].first, entry[0].kind


def _sampling_off(reading: Reading, states: Sequence[SettingState]) -> bool:
    """Previews switched off in the run, not in a run that went fine ("with sampling disabled it
    trains fine, but the first preview OOMs")."""
    return any(
        s.setting == "disable_sampling" and s.state == "on" and not _calm(reading, s.first)
        for s in states
    )


def _calm(reading: Reading, word: int) -> bool:
    clause = reading.clauses_of_words[word]
    return any(
        h.kind in ("stable", "no_crash") and reading.clauses_of_words[h.first] == clause
        for h in reading.hits
    )


def _situation(
    reading: Reading,
    states: Sequence[SettingState],
    signals: dict[str, Hit],
    numbered: Sequence[Found],
    gc_now: SettingState | None,
    expecting: str | None,
) -> list[Found | None]:
    ooms = situation.reported_ooms(reading, signals)
    kind = situation.memory_kind(reading, ooms, signals)
    # A data loader's bus error for want of /dev/shm is no out-of-memory: no phase, nor is another
    # error ("No space left on device" while saving). (The system's memory filling up while
    # loading does break while loading.)
    gpu = kind is not None and kind.value == "gpu"
    if gpu and OTHER_ERROR in signals:
        kind = None  # "CUDA error: unspecified launch failure": the GPU's, but not its memory
    no_phase = DEV_SHM in signals and not gpu
    if OUTSIDE_TRAINING in signals:
        # "my lora OOMs in comfy at 2048": not the training's memory, nor a moment of it
        kind, no_phase = None, True
    # The system's memory filling up is the crash whose moment is told: "a RAM vai a 100% e
    # trava tudo quando tá carregando o qwen edit".
    broke = ooms or [h for h in reading.of("fact") if h.arg == "memory_kind=system"]
    since = _back_on_since(reading, states, gc_now, ooms)
    asked = expecting == "oom_phase"
    when = None if no_phase else situation.phase(reading, broke, numbered, asked, since)
    if OTHER_ERROR in signals and when is not None and when.value != "none":
        when = None  # "not oom, it's a NaN loss at step 300": no moment of running out of memory
    if when is not None and when.value == "sampling" and _sampling_off(reading, states):
        when = None  # "disable_sampling: true, no previews at all, and still OOM": not sampling
    retry = situation.gc_retry(reading, ooms, states, gc_now)
    stable = situation.stable_with_gc(reading, states, ooms, signals.keys())
    if when is not None and when.value == "none" and retry is not None and stable is None:
        # "turned GC back on and it ran through, no OOM": what the retry did, not a run that
        # never ran out of memory
        when = None
    if _crashed_only_with_it_off(reading, states, gc_now is not None and gc_now.state != "on"):
        # "sem gc = oom no step 1. com gc = roda, mas 14s/it. tem meio termo?": the crash was the
        # trial with GC off; the run now goes, and what is wanted is the rest of the message
        beyond = situation.goal(reading, (), ())
        if beyond is not None:
            return [beyond, kind, None, retry, stable]
    return [situation.goal(reading, ooms, states), kind, when, retry, stable]


def _crashed_only_with_it_off(
    reading: Reading, states: Sequence[SettingState], off_now: bool
) -> bool:
    """Every crash told is of GC off, and GC on after it runs: "gc off -> oom no step 4. gc on
    -> roda de boa até o fim", "gc off = instant oom, gc on = 4s/it and it finishes".
    ``off_now``: GC is read as not on now."""
    if off_now:
        return False
    gc = [s for s in states if s.setting == "gc" and not s.keyed]
    crashes = [h for h in reading.of("oom") if not reading.negated(h)]
    if not crashes:
        return False
    last_crash = max(h.last for h in crashes)
    offs = [
        s
        for s in gc
        if s.state == "off"
        and (s.last < last_crash or any(_with_it_off(reading, h, s) for h in crashes))
    ]
    ons = [
        s for s in gc if s.state == "on" and s.first > max([last_crash, *(s.last for s in offs)])
    ]
    if not offs or not ons or any(s.state == "off" and s.first > ons[0].first for s in gc):
        return False
    if any(h.first < offs[0].first and not _with_it_off(reading, h, offs[0]) for h in crashes):
        return False  # a crash told before GC went off is of another run
    if any(s.state == "on" and offs[0].first < s.first < last_crash for s in gc):
        return False  # "GC on -> OOM at step 3" crashed with it on too
    return _WENT.match(reading.low, reading.tokens.ends[ons[0].last]) is not None


def _with_it_off(reading: Reading, crash: Hit, off: SettingState) -> bool:
    """The crash told first, GC off right after it as its condition: "kept crashing at step 1
    when GC was off", "dava OOM com o gc desligado"."""
    words = reading.tokens.words
    return (
        reading.sentence_of(crash.first) == reading.sentence_of(off.first)
        and (
            words[off.first - 1 : off.first] in _AS_ITS_CONDITION
            or words[max(0, off.first - 2) : off.first] in _AS_ITS_CONDITION
        )
        and not _calm_told_between(reading, crash, off)
    )


_AS_ITS_CONDITION: Final = frozenset(
    {("when",), ("with",), ("while",), ("quando",), ("com",), ("com", "o")}
)


def _calm_told_between(reading: Reading, crash: Hit, off: SettingState) -> bool:
    return any(crash.last < h.first < off.first for k in ("fine", "worked") for h in reading.of(k))


# What GC on did, told right after it: "= roda", "-> 2.8s/it roda de boa", "= 4s/it and it
# finishes", ", trains fine"
_WENT: Final = re.compile(
    r"\s*(?:=|->|→|:|,)?\s*(?:[\d.,]+\s*s/it\s*(?:and\s+it\s+|e\s+)?)?(?:it\s+)?"
    r"(?:roda|rodou|runs|ran|finishes|finished|termina|terminou|trains|treina|treinou|works"
    r"|funciona|vai de boa|goes through|went through)\b"
)


def _back_on_since(
    reading: Reading,
    states: Sequence[SettingState],
    gc_now: SettingState | None,
    ooms: Sequence[Hit],
) -> int | None:
    """Where GC went back on after being off, when a crash is told after that: what happens
    since is when it breaks now."""
    if gc_now is None or gc_now.state != "on":
        return None
    was_off = any(s.setting == "gc" and s.state == "off" and s.last < gc_now.first for s in states)
    if not (was_off or gc_now.retry) or not any(h.first > gc_now.last for h in ooms):
        return None
    return reading.span(gc_now.first, gc_now.last)[1]


def _said_of_mine(reading: Reading, evidence: Sequence[Evidence]) -> bool:
    """GC's state told of the person's own run, not asked about: "my gc is off and everything
    trains fine… just curious what it changes", "meu gc tá ligado. então ele…?"."""
    said = next((e.evidence for e in evidence if e.fact == "gc"), None)
    at = reading.text.find(said) if said else -1
    if said is None or at < 0:
        return False
    low = reading.low
    start = max(low.rfind(end, 0, at) for end in ".!?\n") + 1
    stops = [i for i in (low.find(end, at + len(said)) for end in ".!?\n") if i != -1]
    stop = min(stops, default=len(low))
    sentence = low[start : stop + 1]
    if sentence.rstrip().endswith("?"):
        # "my run with gc off was sharper, is that normal?": told of mine, then asked about
        head, tail = low[start : at + len(said)], low[at + len(said) : stop + 1]
        return "," in tail and _OPENS_WITH_MINE.match(head) is not None
    # "gc ligado. testei com ele desligado…": a state told on its own is the run's
    return _MINE.search(sentence) is not None or len(sentence.split()) <= _A_STATE_ALONE


_A_STATE_ALONE: Final = 3
_OPENS_WITH_MINE: Final = re.compile(
    r"\s*(?:my|meu|minha) (?:runs?|loras?|treinos?|training|jobs?)\b"
)


_MINE: Final = re.compile(
    r"^\s*(?:turned|switched|flipped|disabled|enabled|unticked|unchecked|ticked|checked)\b"
    r"|\b(?:my|mine|meu|minha|i have|i run|tenho|uso|rodo|me|mim|aqui|i'm|im|i've|ive"
    r"|to com|estou com|to sem|tou sem|estou sem|currently|atualmente|right now|running|rodando"
    r"|training|treinando"
    r"|i (?:\w+ed|set|left|put|kept)|(?:des)?liguei|religuei|deixei|tirei|(?:des)?marquei"
    r"|(?:des)?ativei|coloquei|treinei|rodei|usei)\b"
)


def _only_supposed(states: Sequence[SettingState]) -> set[str]:
    """The facts of settings named only in a wish or a supposition ("if I set disable_sampling:
    true will it stop the OOM?"): no state of the run, learned or not. GC is left to the
    learned model, which reads "if I leave gc on" rightly."""
    wished = {s.setting for s in states if s.wished} - {s.setting for s in states if not s.wished}
    return {_SETTING_FACTS.get(name, (name, False))[0] for name in wished - {"gc"}}


def _only_others_crash(reading: Reading) -> bool:
    """Every crash told is someone else's: when it breaks is told of no run of one's own."""
    ooms = [h for h in reading.of("oom") if not reading.negated(h)]
    return bool(ooms) and all(of_another_person(reading, h.first) for h in ooms)


def _named_without_state(reading: Reading, states: Sequence[SettingState]) -> set[str]:
    """The settings named with no state the rules read ("if I quantize the transformer, does GC
    still matter?", "what is quantize actually quantizing?"): the name alone is no state, learned
    or not. GC is left to the learned model, as above."""
    named = {hit.arg for hit in reading.hits if hit.kind == "mention"} & {"quantize", "low_vram"}
    return named - {s.setting for s in states}


def _crash_fixed(reading: Reading) -> bool:
    """A crash told as fixed ("resolvi o OOM", "parei de ter OOM") is about training memory."""
    return any(
        not _CRASH_WORDS.isdisjoint(reading.tokens.words[h.first : h.last + 1])
        for h in reading.of("fixed")
    )


_CRASH_WORDS: Final = frozenset({"oom", "ooms", "crash", "crashes"})


def _guessed_about_gc(reading: Reading, states: Sequence[SettingState]) -> bool:
    """GC's state said with a guess beside it in its clause, and no state the rules read ("gc
    off i believe", "GC desligado eu acho", "i think it had gradient checkpointing off?"):
    nothing is left for the learned model to take as said. Not a doubt ("gc on? sei lá" is
    unknown), a tag asking to agree ("sem gc né?"), nor a guess that opens a clause of its own
    ("desliguei o gc e acho que a lora piorou")."""
    if any(s.setting == "gc" for s in states) or reading.of("uncertain"):
        return False
    words, clause_of = reading.tokens.words, reading.clauses_of_words
    for named in reading.of("mention"):
        if named.arg != "gc":
            continue
        for guess in reading.of("guess"):
            said = words[guess.first : guess.last + 1]
            if said in _AGREE_TAGS or clause_of[guess.first] != clause_of[named.first]:
                continue
            gap = reading.text[reading.tokens.ends[guess.last] : reading.tokens.starts[named.first]]
            if 0 < named.first - guess.last <= _GUESS_NEAR and not _A_MARK.search(gap):
                return True  # not "my own fault I guess: gc off and batch 4"
            between = words[named.last + 1 : guess.first]
            after = words[guess.last + 1] if guess.last + 1 < len(words) else ""
            opens = said[-1] in _A_CLAUSE_AFTER or after in _A_CLAUSE_AFTER
            if guess.first > named.last and set(between) <= _STATE_WORDS and not opens:
                return True
    return False


_GUESS_NEAR: Final = 3  # words from a guess to the name of GC after it
_AGREE_TAGS: Final = frozenset({("ne",)})
_A_CLAUSE_AFTER: Final = frozenset({"que", "q", "that"})
_A_MARK: Final = re.compile(r"[:;.!?]")
_STATE_WORDS: Final = frozenset(
    {"on", "off", "true", "false", "enabled", "disabled", "ligado", "desligado", "ativado"}
    | {"desativado", "is", "was", "ta", "esta", "tava", "estava", "eu"}
)


def _named(reading: Reading) -> set[int]:
    return {
        i for hit in reading.hits if hit.kind in _NAMING for i in range(hit.first, hit.last + 1)
    }


def _found_facts(
    reading: Reading,
    states: Sequence[SettingState],
    now: Sequence[SettingState],
    signals: dict[str, Hit],
    expecting: str | None,
    elsewhere: list[tuple[int, int]],
) -> list[Found | None]:
    """Every finding, in the order that decides which one wins for a fact. The settings told
    of another trainer ("batch 4 in kohya") are not this run's; its card and model are."""
    named = _named(reading)
    numbered = roles.facts_of(reading, roles.assign(reading, named, expecting))
    if elsewhere:
        starts = reading.tokens.starts
        covered = named | {i for i, at in enumerate(starts) if within(elsewhere, at)}
        numbered = [
            *[f for f in numbered if f.fact == "vram_gb"],
            *[
                f
                for f in roles.facts_of(reading, roles.assign(reading, covered, expecting))
                if f.fact != "vram_gb"
            ],
        ]
    words = _word_facts(reading)
    supposed = supposed_spans(reading) + advised_spans(reading)
    if supposed:
        # "suppose I had a 24GB card", "supondo uma 4090": neither its card nor its numbers;
        # nor the values advice gives ("chatgpt told me batch 1 + accumulation 8")
        numbered = [f for f in numbered if not within(supposed, f.start)]
        words = [f for f in words if not within(supposed, f.start)]
    program = signals.get(OUTSIDE_TRAINING)
    if program is not None:
        # "my flux lora OOMs in comfy at 1536": the model and the size the LoRA is used with,
        # not the training's
        words = [f for f in words if f.fact != "model_family"]
        first, last = reading.sentence_words(reading.sentence_of(program.first))
        start, end = reading.span(first, max(first, last - 1))
        numbered = [f for f in numbered if not start <= f.start < end]
    if WRONG_GPU in signals and not _all_cards_alike(reading, [*words, *numbered]):
        # two cards: which one is "the" GPU? (not "2x 4090": either is 24GB)
        words = [f for f in words if f.fact != "vram_gb"]
        numbered = [f for f in numbered if f.fact != "vram_gb"]
    elif any(
        f.fact == "vram_gb" and "capacity" in reading.low[max(0, f.start - 24) : f.end]
        for f in numbered
    ):
        # "A100 80GB … GPU 0 has a total capacity of 79.14 GiB": the error's own measure
        words = [f for f in words if f.fact != "vram_gb"]
    return [
        *_situation(
            reading,
            [s for s in states if not s.wished],
            signals,
            [f for f in numbered if f.fact == "oom_phase"],
            next((s for s in now if s.setting == "gc"), None),
            expecting,
        ),
        *words,
        *[f for f in numbered if f.fact != "oom_phase"],
    ]


def _sheet(
    reading: Reading,
    states: Sequence[SettingState],
    signals: dict[str, Hit],
    expecting: str | None,
    elsewhere: list[tuple[int, int]],
) -> tuple[dict[str, FactValue], tuple[Evidence, ...]]:
    """First finding wins, except settings: the last thing said about a setting is its state."""
    chosen: dict[str, Found] = {}
    now = current_states(reading, states)
    for found in _found_facts(reading, states, now, signals, expecting, elsewhere):
        if found is not None and found.fact not in chosen:
            chosen[found.fact] = found
    for found in _setting_facts(reading, now):
        chosen[found.fact] = found
    doubt = doubted(reading)
    if doubt is not None:  # "no idea if it's on": GC named, its state not known
        start, end = reading.span(*doubt)
        stated = chosen.get("gc")
        if stated is None or stated.start < end:  # not a state found out after the doubt
            chosen["gc"] = Found("gc", "unknown", start, end)
    facts = {f.fact: f.value for f in chosen.values()}
    text = reading.text
    said = tuple(Evidence(f.fact, f.value, text[f.start : f.end]) for f in chosen.values())
    return facts, said


def _answering(answer: str, asked: str | None) -> str | None:
    """What a reply under a quoted question answers: when it OOMs, whatever the words; a
    number only when the reply starts with it and does not doubt it ("> how many frames?" /
    "81, at 832x480"; not "acho que 1, nunca mexi")."""
    if asked is None or asked == "oom_phase":
        return asked
    head = answer.replace(roles.ASKED_PREVIEWS, "").lstrip(" \n>")  # the quote's mark, if any
    lead = _LEAD.match(head.lower())  # "it was 4 when it crashed, then I lowered it to 1"
    if lead is not None:
        head = head[lead.end() :]
    if not head[:1].isdigit() or _DOUBTED.search(head[:40]):
        return None
    return asked


_DOUBTED: Final = re.compile(r"\b(?:acho|think|maybe|talvez|guess|not sure|sei la)\b|\?")
_LEAD: Final = re.compile(
    r"(?:it was|it's|its|it is|was|is|era|é|e|tá em|ta em|tá no|ta no|tô no|to no|i'?m at"
    r"|currently|atualmente|agora|now)\s+(?=\d)"
)


def _reading_of(text: str) -> Reading:
    return _read(text)[0]


def _answered(
    reading: Reading,
    answers: Sequence[QuotedAnswer],
    quoting: str,
    signals: dict[str, Hit],
    facts: dict[str, FactValue],
) -> list[Evidence]:
    """Facts the answers to quoted questions give ("> Is GC on?" / "yes"), where the answer's
    own words said nothing of them; ``facts`` takes them, and their evidence is returned."""
    said: list[Evidence] = []
    for answer in answers:
        found: list[tuple[str, FactValue]] = [(answer.fact, answer.value)]
        if answer.retried:
            ooms = situation.reported_ooms(reading, signals)
            calm = (
                answer.worked
                or reading.has("fixed")
                or any(reading.negated(h) for h in reading.of("oom"))
            )
            if ooms or calm:
                found.append(("gc_retry", "still_oom" if ooms else "fixed"))
        if ("gc_retry", "fixed") in found and situation.ran_to_the_end(reading):
            # "> Did turning GC back on fix it?" / "yes!! finished all 3000 steps"
            found.append(("stable_with_gc", "yes"))
        for fact, value in found:
            if fact not in facts:
                facts[fact] = value
                said.append(Evidence(fact, value, quoting[answer.start : answer.end].strip()))
    return said


def _recaps(quoting: str, facts: dict[str, FactValue]) -> list[Evidence]:
    """The facts of a quoted summary of the setup that the answer confirms ("> So: 12GB card,
    flux dev, GC off, batch 1 at 512?" / "yes that's all correct"), where the answer's own
    words did not say them."""
    said = []
    for quote, whole in confirmed_recaps(quoting):
        # one question answered yes is read as what it asks: "> Does it die when training
        # starts?" / "yes" says it dies then
        told = quote if whole else quote.replace("?", ".")
        for fact, value in extract(told).facts.items():
            if fact not in facts and fact != "goal" and (whole or fact not in _SWITCHES):
                facts[fact] = value
                said.append(Evidence(fact, value, quote.strip()))
    return said


# The facts of switches and of how switching went, which a yes to a quoted question gives
# through ``quoted_answers`` ("> did you try turning GC back on?" / "yes, still OOM").
_SWITCHES: Final = frozenset(
    {"gc", "gc_retry", "low_vram", "quantize", "sampling_disabled", "stable_with_gc"}
)


def _earlier_answers(quoting: str, facts: dict[str, FactValue]) -> list[Evidence]:
    """Numbers answering the earlier questions of a quoted exchange, each read as its own
    question asked for ("> what batch size?\n4, with 1280 as the max bucket\n> and GC?\noff")."""
    said = []
    for fact, answer, last in earlier_answers(quoting, _reading_of):
        if fact in facts or (last and _answering(answer, fact) is None):
            continue  # the last answer runs on into the message: it must open with the number
        read = extract(answer, expecting=fact).facts
        # "> which buckets?" / "512, 768, 1024 e 1280": the list with its largest
        for name in (fact, "resolutions") if fact == "max_resolution" else (fact,):
            value = read.get(name)
            if value is not None and name not in facts:
                facts[name] = value
                said.append(Evidence(name, value, answer.strip()))
    return said


def _last_run_unbroken(reading: Reading) -> bool:
    """Runs told one by one, and no crash told of the last: "3rd: gc on, 512 → runs"."""
    last = told_last(reading)
    # "2a tentativa (gc on): mesma coisa, mesmo lugar" breaks as the one before
    broke = [*reading.of("oom"), *reading.of("still")]
    return last is not None and not any(
        reading.span(h.first, h.last)[0] > last for h in broke if not reading.negated(h)
    )


def _of_other_settings(reading: Reading, states: Sequence[SettingState]) -> bool:
    """The acts told are of settings named, none of them GC: "desliguei o quantize e deu
    ruim, vou religar" says nothing of GC."""
    return (
        bool(states)
        and all(s.setting != "gc" for s in states)
        and _GC_NAMED.search(reading.low) is None  # "turned gc on again": inside the act's words
    )


_GC_NAMED: Final = re.compile(r"\bgc\b|checkpoint|\bgradient\b")


def extract(
    text: str, expecting: str | None = None, *, learned: bool = True, job: bool = True
) -> Extraction:
    """Read what a message says about the user's situation. Never raises.

    ``expecting`` is the fact of the question the message answers, if any: a bare number is
    then read as that fact first ("3" answering the batch size question). A message that answers
    no question (asked by us or in a quote it answers) has what the rules read checked by the
    learned fact models, unless ``learned`` is false (to measure the rules alone). Without
    ``job``, settings pasted in it are read as prose, as a job that does not read is.
    """
    scan, quoting, block = _scanned(text, job)
    reading, locale = _read(scan)
    answers = quoted_answers(quoting, _reading_of) if quoting is not scan else []
    subject = quoted_setting(quoting, _reading_of) if quoting is not scan else None
    if expecting is None and quoting is not scan:
        expecting = _answering(scan, quoted_expecting(quoting, _reading_of))
    # another trainer's settings, and the options a question weighs, are not this run's
    trainers, options = trainer_spans(reading), option_spans(reading)
    elsewhere = trainers + proposed_values(reading, options)
    starts = reading.tokens.starts
    states = [
        s
        for s in setting_states(reading, subject)
        if not within(trainers, starts[s.first])
        # "lower the res or turn gc back on?": the wish still says how it is now
        and (s.wished or not within(options, starts[s.first]))
    ]
    signals = signal_hits(reading)
    facts, evidence = _sheet(reading, states, signals, expecting, elsewhere)
    gc_by_rules = facts.get("gc")
    if learned and expecting is None:
        ruled_out = set(_OF_A_CRASH) if situation.crash_only_asked_about(reading) else set()
        other_error = OTHER_ERROR in signals and facts.get("memory_kind") != "system"
        if other_error or OUTSIDE_TRAINING in signals:
            # "CUDA error: launch timed out", "my lora OOMs in comfy": no training memory ran out
            # (but "a ram enche no carregamento e o pc reinicia": the system's did)
            ruled_out |= {"memory_kind", "oom_phase"}
        if quoting is scan and _of_other_settings(reading, states):
            ruled_out |= {"gc", "gc_retry"}  # "turned low_vram off, then back on: still OOMs"
        ruled_out |= _only_supposed(states)
        if _only_others_crash(reading):
            ruled_out.add("oom_phase")  # "a dele estoura no primeiro sample, a minha nunca deu OOM"
        if facts.get("gc_retry") == "fixed" or _last_run_unbroken(reading):
            ruled_out.add("oom_phase")  # "back on and the whole 3000 steps ran, zero OOMs"
        if _crashed_only_with_it_off(reading, states, gc_by_rules not in (None, "enabled")):
            ruled_out.add("oom_phase")  # "sem gc = oom no step 1. com gc = roda"
        ruled_out |= _named_without_state(reading, states)
        if _guessed_about_gc(reading, states):
            ruled_out |= {"gc", "gc_retry"}
        retry_read = facts.get("gc_retry")
        evidence = second_opinion(reading.text, facts, evidence, ruled_out)
        told = (h for k in ("oom", "still", "no_effect") for h in reading.of(k))
        if (
            retry_read is None
            and facts.get("gc_retry") == "still_oom"
            and not any(not reading.negated(h) for h in told)
        ):
            # "I ran both back to back, neither crashed": no crash nor failed retry to go on
            del facts["gc_retry"]
            evidence = tuple(e for e in evidence if e.fact != "gc_retry")
    gc_told = [s for s in states if s.setting == "gc"]
    if (
        facts.get("gc") == "disabled"
        and gc_by_rules is None
        and gc_told
        and all(s.wished and s.state == "off" for s in gc_told)
    ):
        # "is it ok to disable gradient checkpointing for speed?": a wish to switch it off says
        # it is not off, whatever was learned
        del facts["gc"]
        evidence = tuple(e for e in evidence if e.fact != "gc")
    if facts.get("gc_retry") == "fixed" and facts.get("oom_phase") not in (None, "none"):
        # "gc off bs2 died at step 2, flipped it back on and it ran all 3000 steps": the crash
        # told is of a run switching GC back on ended, and the run now has no moment of breaking
        del facts["oom_phase"]
        evidence = tuple(e for e in evidence if e.fact != "oom_phase")
    if quoting is not scan:
        evidence = (*evidence, *_earlier_answers(quoting, facts), *_recaps(quoting, facts))
    answered = _answered(reading, answers, quoting, signals, facts)
    evidence = (*evidence, *answered)
    on_topic = (
        bool(facts) or block is not None or reading.has(*_TOPIC_KINDS) or _crash_fixed(reading)
    )
    names = set(signals)
    if not on_topic and reading.has("greeting"):
        names.add(OFF_TOPIC_GREETING)
    intent = intent_of(reading, facts, names, on_topic)
    if intent in ("unclear", "off_topic") and quoting is not scan:
        intent = quoted_intent(quoting, _reading_of) or intent
    if (
        intent == "off_topic"
        and block is not None
        and OTHER_ERROR not in names
        and not shared_for_others(reading)  # "deixo aqui a config que uso pro flux dev"
    ):
        intent = (
            "unclear"  # a pasted job with nothing asked: about training, wanting who knows what
        )
    if (
        intent == "off_topic"
        and OTHER_ERROR not in names
        and ("?" in reading.text or asks(reading))
    ):
        # a question with nothing to do with training memory: a model or a card named in passing
        # ("can I sell a flux LoRA?", "does a 5090 fit a mid tower?") is no setup to remember
        # (but the setup of a run stopped by another error is its own);
        # asked without its mark, only the card ("anyone know if the 5090 is back in stock"):
        # "qual lr pro wan 2.2" is still asked of the model they train
        passing = _NAMED_IN_PASSING if "?" in reading.text else {"vram_gb"}
        for name in passing:
            facts.pop(name, None)
        evidence = tuple(e for e in evidence if e.fact not in passing)
    switched_back = "gc_retry" in facts or any(s.retry for s in states if s.setting == "gc")
    if (
        intent == "explain"
        and "gc" in facts
        and not switched_back
        and facts.get("stable_with_gc") != "yes"  # "GC on, no OOM. what else…?": their run
        and not _said_of_mine(reading, evidence)
        and not any(e.fact == "gc" for e in answered)
    ):
        # Asking what GC does, people name its states to ask about them ("what do I lose with it
        # on?", "why ship it true?"): an explanation needs no setup, so none is read. Switching
        # it back on is an act, not a state named to ask about ("já religuei e voltou a treinar").
        del facts["gc"]
        evidence = tuple(e for e in evidence if e.fact != "gc")
    if intent in ASKS:
        names.add(ASKS[intent])
    ended = facts.get("goal") == "fix_oom" and ended_before_now(reading)
    if (
        intent in GOALS
        and facts.get("goal") != intent
        and (facts.get("goal") != "fix_oom" or ended)
    ):
        facts["goal"] = intent  # read from the whole message, not one phrase
        said = tuple(e for e in evidence if e.fact != "goal")
        evidence = (*said, Evidence("goal", intent, reading.text[:80]))
    if intent not in ("off_topic", "unclear"):
        on_topic = True
        names.discard(OFF_TOPIC_GREETING)
    return Extraction(
        facts=facts,
        evidence=evidence,
        signals=frozenset(names),
        locale=locale,
        config_text=None if block is None else block.text,
        on_topic=on_topic,
        intent=intent,
        changed_since=_CHANGED_SINCE.search(reading.low) is not None,
    )


# Words that put the pasted settings before the run now: "I changed two things since I copied
# it", "edit: switched low_vram on in the ui since", "that's the old one", "ignore the
# checkpointing line", "isso aí é a config antiga", "mudei o low_vram pra true depois de postar".
_CHANGED_SINCE: Final = re.compile(
    r"\bsince (?:then|i (?:copied|posted|pasted|wrote|took|shared)|posting|pasting|copying)\b"
    r"|\b(?:changed|set|switched|turned|ticked|unticked|flipped|bumped|dropped|lowered|raised"
    r"|enabled|disabled|re-?enabled)\b[^.\n]{0,60}\bsince\s*(?:[.,;:!)\n]|$)"
    r"|\b(?:the|an|my) old(?:er)? (?:one|config|yaml|version)\b|\bold(?:er)? (?:config|yaml)\b"
    r"|\bignore (?:the|that|this) [^.\n]{0,30}\b(?:line|value|part|setting|key)\b"
    r"|\bafter (?:posting|pasting|i posted|i pasted|i copied|i shared)\b"
    r"|\bdesde ent[aã]o\b|\bdepois de (?:postar|colar|mandar|copiar)\b"
    r"|\bdepois (?:que|q) (?:postei|colei|mandei|copiei)\b"
    r"|\b(?:config|configuracao|yaml|arquivo) antig[oa]\b|\bera antes\b"
    r"|\bignora (?:a|o|essa|esse|aquela|aquele) [^.\n]{0,30}\b(?:linha|valor|parte|chave)\b"
    r"|\bj[aá] (?:mudei|troquei)\b"
    r"|\bdepois (?:tirei|mudei|troquei|liguei|desliguei|baixei|subi|coloquei|ativei|desativei)\b"
    r"|\bmudei (?:s[oó] |apenas )?(?:o|a) [\w_]+ pra\b"
    r"|\bagora (?:t[aá]|est[aá]) (?:true|false|ligad[oa]|desligad[oa]|ativad[oa]|desativad[oa])\b"
    # "Config was: ```…``` Set gradient_checkpointing back to true", "depois desse print"
    r"|\b(?:config|yaml|settings) (?:was|were)\s*:"
    r"|\b(?:set|switched|flipped|turned|changed) [\w ]{0,30}\bback (?:to|on|off)\b"
    r"|\bdepois (?:desse|deste|daquele|do) (?:print|post|config|yaml|json)\b"
    # someone else's job pasted beside what the person changed in theirs: "colleague runs the
    # same yaml… I run it with gc off (only change)", "config do meu irmão… a minha é igual exceto"
    r"|\b(?:friend|buddy|brother|colleague|coworker)'?s (?:config|yaml)\b|#\s*(?:his|dele)\b"
    r"|\bconfig (?:d[oa] (?:meu|minha) (?:irm[aã]o|amig[oa]|colega|primo)|d[oa] v[ií]deo"
    r"|do tutorial|daquele v[ií]deo)\b"
    r"|\b(?:config|yaml) from (?:that|the) (?:youtube|video|tutorial)"
    r"|\bold export\b|\b[eé] de antes\b|\bonly changes? i made\b|\(only change\)"
    r"|\bs[oó] mudei (?:duas|uma|tr[eê]s|2|3) coisas?\b|\bigual exceto\b"
    r"|\bmine (?:only )?differs\b|\ba minha s[oó] muda\b"
)


def locale_of(text: str) -> str | None:
    """The language ``text`` is written in when it reads clearly as one (what ``extract`` would
    say), without reading its facts."""
    scan, _, _ = _scanned(text)
    _, tokens = _tokens(scan)
    return guess_locale(scan, correct(tokens.words))


def extract_fact(text: str, fact: str) -> FactValue | None:
    """What ``text`` says of one fact (a reply read again with its subject: "gc " + reply)."""
    return extract(text, expecting=fact).facts.get(fact)
