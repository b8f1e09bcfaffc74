"""One message as read: its words, the phrases found in them, and questions about both."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from engine.extract.normalize import Tokens
from engine.extract.phrases import Hit

_NEGATORS: Final = frozenset({"neg", "weak_off"})
_NEAR: Final = 3  # "não dá OOM", "no OOM", "sem OOM": a negation right before the word
_MEMORY: Final = frozenset({"memoria", "memory", "vram", "gpu", "placa", "video"})
_RAN_OUT: Final = frozenset({"acabou", "acaba", "acabando"})
_NONE: Final[tuple[Hit, ...]] = ()


def word_clauses(tokens: Tokens) -> list[int]:
    """The clause number of every word: punctuation alone ends a clause here."""
    return [bisect_right(tokens.stops, at) for at in tokens.starts]


_LOG_MARK: Final = re.compile(r"<\?|.\?(?:it/s|s/it)")
_IN_A_NAME: Final = re.compile(r"\.[a-z]")


@lru_cache(maxsize=64)  # asked of one message by several readers in turn
def names_in(low: str) -> tuple[tuple[int, int], ...]:
    """Where paths, file names and run names are ("/out/flux_kontext_bs4",
    "anna_v3_768_no_gc.safetensors", "zimg_768_gc_back_on"): the numbers and settings in them
    name an old run or a template, not the run now."""
    return tuple(
        (token.start() + found.start(), token.start() + found.end())
        for token in _TOKEN.finditer(low)
        if len(token[0]) <= _LONGEST_NAME
        for found in _NAME.finditer(token[0])
        if not found["path"]
        or _A_PATH.match(found["path"])
        # "output/run_2024_11_03_bs2/", not "zimage/4090/1280/2/off"
        or (found["path"].count("/") >= 2 and _NAMED_PARTS.search(found["path"]))
    )


def in_a_name(low: str, at: int) -> bool:
    """Character ``at`` falls in a path, a file name or a run name."""
    return any(start <= at < end for start, end in names_in(low))


_NAME: Final = re.compile(
    r"(?<![\w/\\.-])(?P<path>(?:[a-z]:\\|~?/|\./)?[a-z_~.][\w.-]*[/\\](?:[\w.-]+[/\\])*[\w.-]*)"
    r"|[\w.-]+\.(?:safetensors|ckpt|pth|pt|bin|yaml|yml|json|toml|txt|py|sh|mp4|png|jpe?g|webp)\b"
    # "zimg_768_gc_back_on", "anna_v3_768_no_gc": three parts at least, one a number
    r"|\b(?=[a-z0-9]*_[a-z0-9]*_)(?=\w*_(?:v|r|bs)?\d+(?:_|\b))[a-z0-9]+(?:_[a-z0-9]+){2,}\b"
)
_TOKEN: Final = re.compile(r"\S+")


@lru_cache(maxsize=64)
def plans_in(low: str) -> tuple[tuple[int, int], ...]:
    """Where plans are told under a label ("tomorrow: bs 2", "next steps: turn on low_vram",
    "changelog 0.4 (planned)"): to the end of the sentence, or of the paragraph when the label
    ends its line. What is planned is not the run now."""
    spans = []
    for label in _PLAN_LABEL.finditer(low):
        start = label.end()
        rest = low.find("\n", start)
        if rest == -1 or low[start:rest].strip():
            end = _PLAN_END.search(low, start)
        else:
            end = _PARAGRAPH_END.search(low, start)
        spans.append((start, end.start() if end else len(low)))
    return tuple(spans)


def in_a_plan(low: str, at: int) -> bool:
    """Character ``at`` falls in a plan told under a label."""
    return any(start <= at < end for start, end in plans_in(low))


_PLAN_LABEL: Final = re.compile(
    r"(?:^|(?<=[\n.;!?])|(?<=\s[-*\u2022]))[ \t]*(?:tomorrow|amanha|next(?: steps?| up| run)?"
    r"|proximos? passos?|proxima rodada|todo|to[ -]do|plans?|plano|planned|planejado)[ \t]*:"
    r"|\((?:planned|planejad[oa]|next|proximo)\)",
    re.MULTILINE,
)
_PLAN_END: Final = re.compile(r"\n|[.!?](?:\s|$)")
_PARAGRAPH_END: Final = re.compile(r"\n[ \t]*\n")
_LONGEST_NAME: Final = 300  # a longer run of characters is no name anyone reads
_A_PATH: Final = re.compile(r"[a-z]:\\|~?/|\./")
_NAMED_PARTS: Final = re.compile(r"[a-z][._-][a-z0-9]")


class Reading:
    """The scanned text, its folded twin and words, and the phrases found, grouped.

    Built once per message and never changed. The groups (by kind, by clause) and each phrase's
    clause are made up front, in one pass, because nearly every question asked of a reading is
    "which hits of this kind" or "which hits in this clause".
    """

    __slots__ = (
        "_by_kind",
        "_by_sentence",
        "_negators",
        "by_clause",
        "clauses",
        "clauses_of_words",
        "hits",
        "low",
        "sentence_ends",
        "text",
        "tokens",
    )

    def __init__(self, text: str, low: str, tokens: Tokens, hits: tuple[Hit, ...]) -> None:
        self.text = text  # the scanned part of the message, as written
        self.low = low  # the same text folded: lowercase, no accents, same length
        self.tokens = tokens
        self.hits = hits
        self.clauses: dict[int, int] = {}  # clause number of each word a phrase starts at
        self.by_clause: dict[int, list[Hit]] = defaultdict(list)
        self._by_kind: dict[str, list[Hit]] = defaultdict(list)  # read with get(): never grows
        self._negators: list[Hit] = []
        self._group(tokens.stops, tokens.starts)
        # The clause of every word (punctuation only), and where sentences end (. ! ? line);
        # not a progress bar's "?" ("[00:00<?, ?it/s]"), which asks nothing.
        self.clauses_of_words = word_clauses(tokens)
        self.sentence_ends = [
            at
            for at in tokens.stops
            if low[at] in ".!?\n"
            and not _LOG_MARK.match(low, at - 1)
            and not _IN_A_NAME.match(low, at)  # "python.exe", "config.yaml": no end
        ]
        self._by_sentence: dict[int, list[Hit]] | None = None

    def _group(self, stops: Sequence[int], starts: Sequence[int]) -> None:
        """Punctuation and "but"/"mas" end clauses. Hits come left to right, so the stops and
        breaks before each are counted as it goes ("brk" is a phrase's first meaning)."""
        clauses, by_clause, by_kind, negators = (
            self.clauses,
            self.by_clause,
            self._by_kind,
            self._negators,
        )
        passed, count, breaks = 0, len(stops), 0
        for hit in self.hits:
            kind, _, first, _ = hit
            at = starts[first]
            while passed < count and stops[passed] <= at:
                passed += 1
            if kind == "brk":
                breaks += 1
            clause = clauses[first] = passed + breaks
            by_clause[clause].append(hit)
            by_kind[kind].append(hit)
            if kind in _NEGATORS:
                negators.append(hit)

    def sentence_of(self, word: int) -> int:
        return bisect_right(self.sentence_ends, self.tokens.starts[word])

    def sentence_words(self, sentence: int) -> tuple[int, int]:
        """Where sentence ``sentence`` starts and ends, in words (end excluded)."""
        ends, starts = self.sentence_ends, self.tokens.starts
        first = bisect_left(starts, ends[sentence - 1]) if sentence > 0 else 0
        last = bisect_left(starts, ends[sentence]) if sentence < len(ends) else len(starts)
        return first, last

    def words_of_sentence(self, word: int) -> tuple[str, ...]:
        """The words of the sentence ``word`` is in."""
        first, last = self.sentence_words(self.sentence_of(word))
        return self.tokens.words[first:last]

    def text_of_sentence(self, word: int) -> str:
        """The folded text of the sentence ``word`` is in."""
        first, last = self.sentence_words(self.sentence_of(word))
        starts, ends = self.tokens.starts, self.tokens.ends
        return self.low[starts[first] : ends[max(first, last - 1)]]

    def text_of_clause(self, word: int) -> str:
        """The folded text of the clause ``word`` is in."""
        return self.low[slice(*self.clause_span(word))]

    def clause_span(self, first: int, last: int | None = None) -> tuple[int, int]:
        """The characters from the start of the clause word ``first`` is in to the end of the
        clause word ``last`` (``first`` when not given) is in."""
        clause_of = self.clauses_of_words
        begin = bisect_left(clause_of, clause_of[first])
        end = bisect_right(clause_of, clause_of[first if last is None else last]) - 1
        return self.tokens.starts[begin], self.tokens.ends[end]

    def in_sentence(self, sentence: int) -> Sequence[Hit]:
        """The hits of one sentence, left to right (grouped on first use)."""
        if self._by_sentence is None:
            self._by_sentence = defaultdict(list)
            for hit in self.hits:
                self._by_sentence[self.sentence_of(hit.first)].append(hit)
        return self._by_sentence.get(sentence, ())

    def question(self, word: int) -> bool:
        """The sentence of ``word`` ends with a question mark."""
        at = bisect_right(self.sentence_ends, self.tokens.starts[word])
        return at < len(self.sentence_ends) and self.low[self.sentence_ends[at]] == "?"

    def of(self, kind: str) -> list[Hit] | tuple[Hit, ...]:
        """The hits of ``kind``, left to right (read only)."""
        return self._by_kind.get(kind, _NONE)

    def bare_now(self, hit: Hit) -> bool:
        """A "now" hit that is the word "now" or "agora" alone (not "and now", "this time")."""
        return hit.first == hit.last and self.tokens.words[hit.first] in ("now", "agora")

    def first(self, kind: str) -> Hit | None:
        found = self._by_kind.get(kind)
        return found[0] if found else None

    def greeted(self) -> set[int]:
        """The words of greetings ("galera", "guys", "bom dia"): those spoken to."""
        return {i for h in self.of("greeting") for i in range(h.first, h.last + 1)}

    def has(self, *kinds: str) -> bool:
        return not self._by_kind.keys().isdisjoint(kinds)

    def said_before(self, pattern: re.Pattern[str], at: int, reach: int) -> re.Match[str] | None:
        """Where `pattern` matches in the `reach` characters (folded) right before `at`."""
        return pattern.search(self.low, max(0, at - reach), at)

    def span(self, first: int, last: int) -> tuple[int, int]:
        return self.tokens.starts[first], self.tokens.ends[last]

    def word_at(self, char: int) -> int:
        """The word that character ``char`` of the text falls in (or the last before it)."""
        return bisect_right(self.tokens.starts, char) - 1

    def words(self, hit: Hit) -> str:
        start, end = self.span(hit.first, hit.last)
        return self.text[start:end]

    def negated(self, hit: Hit) -> bool:
        """A negation (or "sem"/"without") in the few words before, in the same clause, or a
        "gone" right after ("the OOM is gone")."""
        if bool(self._negators) and self.negation_of(hit) != hit.first:
            return True
        clause = self.clauses[hit.first]
        return any(self.clauses[h.first] == clause for h in self.gone_after(hit, _NEAR))

    def gone_after(self, hit: Hit, reach: int) -> list[Hit]:
        """The words within ``reach`` after ``hit`` that say it is over ("the OOM is gone", "o
        OOM acabou"); not memory running out ("a memória da GPU acabou")."""
        ran_out = self.tokens.words[hit.last] in _MEMORY
        return [
            h
            for h in self._by_kind.get("gone", ())
            if 0 < h.first - hit.last <= reach
            and not (ran_out and self.tokens.words[h.first] in _RAN_OUT)
        ]

    def negation_of(self, hit: Hit) -> int:
        """Where the negation of ``hit`` starts (``hit.first`` when nothing negates it)."""
        first = hit.first
        clause = self.clauses[first]
        found = [
            h.first
            for h in self._negators
            if h.last < first
            and first - h.last <= _NEAR
            and self.clauses[h.first] == clause
            and not self._owned(h, first)
            and not self.closed_between(h, first)
            # "tá sem nenhum dos dois e dando oom": what is without, not a negation
            and not (h.first > 0 and self.tokens.words[h.first - 1] in _OWNING)
        ]
        return min(found, default=first)

    def closed_between(self, negator: Hit, first: int) -> bool:
        """An aside closed between them: "qwen-image (not edit) OOMs" reports an OOM; or a
        colon, after which what is told is told anew: "the job doesn't even start: OOM"."""
        between = self.low[self.tokens.starts[negator.last] : self.tokens.starts[first]]
        return ")" in between or ": " in between

    def _owned(self, negator: Hit, first: int) -> bool:
        """ "sem"/"without" right before a setting's name is about the setting: "sem GC dá OOM"
        reports an OOM, and so does "bs8 no gc 4090 OOM instantly"."""
        if negator.kind != "weak_off" and self.tokens.words[negator.first] not in _OWNING:
            return False
        after = negator.last + 1
        return after < first and any(h.first == after for h in self._by_kind.get("mention", ()))

    def followed_by_key(self, hit: Hit) -> bool:
        """The words are a config key ("cache_text_embeddings: true"), not a description."""
        start, end = self.span(hit.first, hit.last)
        is_key = "_" in self.text[start:end]  # keys are snake_case; "Generating Images:" is a log
        return is_key and self.text[end : end + 2].lstrip()[:1] in (":", "=")


_OWNING: Final = frozenset({"no", "sem", "without", "w"})  # "w" of "w/o"
