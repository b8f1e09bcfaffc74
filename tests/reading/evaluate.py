"""How well the engine reads the corpus: per fact and per intent, precision and recall by locale.

``python -m tests.reading.evaluate [--misses N] [half ...]`` prints one table per half, then the
dev half's misses (wrong or missing facts, wrong intents). ``make eval`` runs it on both halves.
The holdout's misses are not printed: its messages are never read while the reader is tuned, so
only its totals are shown (``--holdout-misses`` lists them, for a release review).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.message import understand
from kb.contract import FactValue
from tests.reading.corpus import HALVES, Entry, load

LOCALES = ("en", "pt-BR")
ALL = "all"


@dataclass(frozen=True)
class Read:
    entry: Entry
    facts: dict[str, FactValue]
    intent: str


def same(a: FactValue, b: FactValue) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return abs(a - b) < 0.01
    return a == b


@dataclass
class Tally:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None


@dataclass
class Scores:
    """Counts per (name, locale); ``ALL`` aggregates the locales."""

    facts: dict[tuple[str, str], Tally] = field(default_factory=dict)
    intents: dict[tuple[str, str], Tally] = field(default_factory=dict)
    right_intents: Counter[str] = field(default_factory=Counter)
    messages: Counter[str] = field(default_factory=Counter)

    def tally(self, table: dict[tuple[str, str], Tally], name: str, locale: str) -> list[Tally]:
        return [table.setdefault((name, loc), Tally()) for loc in (locale, ALL)]

    def overall(self, locale: str = ALL) -> Tally:
        total = Tally()
        for (_, loc), t in self.facts.items():
            if loc == locale:
                total.tp, total.fp, total.fn = total.tp + t.tp, total.fp + t.fp, total.fn + t.fn
        return total

    def intent_accuracy(self, locale: str = ALL) -> float | None:
        count = self.messages[locale]
        return self.right_intents[locale] / count if count else None


def read_all(entries: Iterable[Entry], *, learned: bool = True) -> list[Read]:
    """Each message read as the engine reads it (``learned`` as for ``extract``)."""
    reads = []
    for entry in entries:
        got = understand(entry.text, learned=learned)
        facts = {k: v for k, v in got.facts.items() if k != "goal"}
        reads.append(Read(entry, facts, got.intent))
    return reads


def score(reads: Iterable[Read]) -> Scores:
    scores = Scores()
    for read in reads:
        gold, locale = read.entry.facts, read.entry.locale
        for name in set(gold) | set(read.facts):
            for t in scores.tally(scores.facts, name, locale):
                if name in read.facts and name in gold and same(read.facts[name], gold[name]):
                    t.tp += 1
                    continue
                if name in read.facts:
                    t.fp += 1
                if name in gold:
                    t.fn += 1
        right = read.intent == read.entry.intent
        for loc in (locale, ALL):
            scores.messages[loc] += 1
            scores.right_intents[loc] += right
        for t in scores.tally(scores.intents, read.entry.intent, locale):
            t.tp += right
            t.fn += not right
        if not right:
            for t in scores.tally(scores.intents, read.intent, locale):
                t.fp += 1
    return scores


def _pct(value: float | None) -> str:
    return "   -  " if value is None else f"{value:6.3f}"


def _rows(table: dict[tuple[str, str], Tally]) -> list[str]:
    names = sorted({name for name, _ in table})
    lines = []
    for name in names:
        cells = []
        for loc in (*LOCALES, ALL):
            t = table.get((name, loc), Tally())
            cells.append(f"{_pct(t.precision)} {_pct(t.recall)} {t.tp + t.fn:4d}")
        lines.append(f"  {name:22s} " + " | ".join(cells))
    return lines


def report(half: str, scores: Scores) -> str:
    head = " | ".join(f"{loc:^18s}" for loc in (*LOCALES, ALL))
    sub = " | ".join(f"{'prec':>6s} {'recall':>6s} {'n':>4s}" for _ in (*LOCALES, ALL))
    lines = [f"== {half}: {scores.messages[ALL]} messages", f"  {'':22s} {head}"]
    lines += [f"  {'fact':22s} {sub}", *_rows(scores.facts)]
    overall = [scores.overall(loc) for loc in (*LOCALES, ALL)]
    cells = " | ".join(f"{_pct(t.precision)} {_pct(t.recall)} {t.tp + t.fn:4d}" for t in overall)
    lines.append(f"  {'ALL FACTS':22s} {cells}")
    lines += [f"  {'intent':22s} {sub}", *_rows(scores.intents)]
    accuracy = " | ".join(
        f"{_pct(scores.intent_accuracy(loc))} {'':6s} {scores.messages[loc]:4d}"
        for loc in (*LOCALES, ALL)
    )
    lines.append(f"  {'INTENT ACCURACY':22s} {accuracy}")
    return "\n".join(lines)


def misses(reads: Sequence[Read], limit: int) -> list[str]:
    lines = []
    for read in reads:
        gold = read.entry.facts
        wrong = [
            f"{name}: got {read.facts.get(name)!r}, want {gold.get(name)!r}"
            for name in sorted(set(gold) | set(read.facts))
            if not (name in gold and name in read.facts and same(read.facts[name], gold[name]))
        ]
        if read.intent != read.entry.intent:
            wrong.append(f"intent: got {read.intent}, want {read.entry.intent}")
        if wrong:
            text = " ".join(read.entry.text.split())
            lines.append(f"- {read.entry.id} {text[:160]!r}\n    " + "\n    ".join(wrong))
        if len(lines) >= limit:
            break
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("halves", nargs="*", default=list(HALVES))
    parser.add_argument("--misses", type=int, default=40, help="misses listed per half")
    parser.add_argument(
        "--holdout-misses", action="store_true", help="list the holdout's misses too"
    )
    args = parser.parse_args(argv)
    for half in args.halves:
        reads = read_all(load(half).entries)
        print(report(half, score(reads)))
        listed = misses(reads, args.misses) if half != "holdout" or args.holdout_misses else []
        if listed:
            print(f"-- {half}: misses (first {args.misses})")
            print("\n".join(listed))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
