"""The engine's front door: state and input in, next state and turn out. Pure and deterministic."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.config import ConfigError, JobReading, read_config
from engine.errors import InvalidReply
from engine.extract import Extraction, parse_reply
from engine.facts import FactBook, Rule, coerce, coerce_all, derive
from engine.message import job_facts, read_message
from engine.models import Diagnosis, Question, TraceStep, Turn
from engine.overrule import config_wins
from engine.render import Renderer
from engine.state import MAX_TRANSCRIPT, ConversationState, Opening, Reply, TranscriptEntry
from engine.walk import Graph, Walk
from kb.contract import FactValue
from kb.schema import AnswerNode, KeptGoal, KnowledgeBase, QuestionNode
from locales import Catalog

MAX_TEXT = 8_000  # characters of one message that are read; the rest is ignored
# The KB's signal for "a job config was read": with no goal known, its diagnosis comes first.
CONFIG_SIGNAL = "job_config"


@dataclass
class _Gathered:
    """What one incoming message contributed, before the walk."""

    book: FactBook
    signals: set[str]
    preface: list[str] = field(default_factory=list)
    trace: list[TraceStep] = field(default_factory=list)
    on_topic: bool = False
    reading: JobReading | None = None


def _kept_goal(
    kept: Sequence[KeptGoal], known: dict[str, FactValue], said: dict[str, FactValue]
) -> frozenset[str]:
    """The goal, when the KB keeps the known one against what a later message says
    (kb/data/goals.yaml)."""
    for rule in kept:
        replaced = known.get("goal") == rule.goal and said.get("goal", rule.goal) != rule.goal
        if replaced and (rule.unless is None or not rule.unless.holds(said)):
            return frozenset({"goal"})
    return frozenset()


class Engine:
    def __init__(self, kb: KnowledgeBase, catalog: Catalog, guide_url: str) -> None:
        self.kb = kb
        self.graph = Graph.of(kb)
        self._implications = tuple(Rule.of(rule) for rule in kb.implications)
        self.renderer = Renderer(kb, catalog, guide_url)

    # --- public -------------------------------------------------------------------------
    def start(self, opening: Opening) -> tuple[ConversationState, Turn]:
        """A new conversation. Raises InvalidFacts, or ConfigError for an unreadable ``config``."""
        state = ConversationState(locale=opening.locale)
        got = self._gather_opening(opening)
        if opening.text and not got.on_topic and not got.book.facts:
            got.preface.append(self.renderer.text("engine.off_topic", opening.locale))
        user = TranscriptEntry(role="user", turn=1, text=(opening.text or "")[:MAX_TEXT])
        return self._finish(state, got, user if opening.text else None)

    def reply(self, state: ConversationState, reply: Reply) -> tuple[ConversationState, Turn]:
        """The person's answer to the pending question, as an option value or free text."""
        got = _Gathered(FactBook(dict(state.facts), dict(state.sources)), set(state.signals))
        pending = self._pending(state)
        if reply.value is not None:
            self._take_value(got, pending, reply.value)
        elif reply.text is not None:
            self._take_text(got, pending, reply.text, state.locale)
        else:
            raise InvalidReply("a reply needs a value or a text", field="value")
        entry = TranscriptEntry(
            role="user",
            turn=state.turn + 1,
            text=(reply.text or reply.value or "")[:MAX_TEXT],
            value=reply.value,
        )
        return self._finish(state, got, entry)

    def diagnose(self, opening: Opening, reading: JobReading | None = None) -> Diagnosis:
        """The best answer for the known facts plus the questions that would refine it.

        ``reading`` is the opening's config as read_config read it, for a caller that has read
        it already (the config check, which lists its processes too): read once, not twice.
        """
        got = self._gather_opening(opening, reading)
        trace = self._settle(got)
        walk = self.graph.walk(
            got.book.facts, sources=got.book.sources, signals=frozenset(got.signals), diagnose=True
        )
        return self._diagnosis(opening.locale, got, walk, trace)

    # --- gathering facts ------------------------------------------------------------------
    def _gather_opening(self, opening: Opening, reading: JobReading | None = None) -> _Gathered:
        got = _Gathered(FactBook({}, {}), set())
        changed_since = False
        if opening.text:
            found = self._absorb_text(got, opening.text[:MAX_TEXT], opening.locale)
            changed_since = found.changed_since
        if opening.config is not None:
            got.reading = read_config(opening.config) if reading is None else reading
            self._absorb_reading(got, got.reading, "config", opening.locale, None, changed_since)
        got.book.put_all(coerce_all(opening.facts), "caller")
        return got

    def _absorb_text(
        self, got: _Gathered, text: str, locale: str, expecting: str | None = None
    ) -> Extraction:
        found, pasted = read_message(text, expecting)
        got.on_topic = got.on_topic or found.on_topic
        said = [*sorted(found.facts), *(["config"] if found.config_text else [])]
        got.trace.append(  # what the message was read as asking, and what it said
            TraceStep(
                step="note",
                fact="intent",
                value=found.intent,
                source="text",
                evidence=", ".join(said) or None,
            )
        )
        keep = _kept_goal(self.kb.kept_goals, got.book.facts, found.facts)
        for ev in found.evidence:
            if ev.fact not in keep:
                got.book.put(ev.fact, found.facts.get(ev.fact, ev.value), "text", ev.evidence)
        got.book.put_all({k: v for k, v in found.facts.items() if k not in keep}, "text")
        got.signals.update(found.signals)
        if isinstance(pasted, ConfigError):
            problems = "; ".join(issue.message() for issue in pasted.issues[:5])
            got.preface.append(self.renderer.text("engine.config_error", locale, problems=problems))
        elif pasted is not None:
            reading, whole = pasted
            got.reading = reading
            facts = job_facts(reading, whole)
            self._absorb_reading(got, reading, "config", locale, facts, found.changed_since)
        return found

    def _absorb_reading(
        self,
        got: _Gathered,
        reading: JobReading,
        source: str,
        locale: str,
        facts: dict[str, FactValue] | None = None,
        changed_since: bool = False,
    ) -> None:
        """The job's facts (``facts``: only these, of a fragment that states no more). Where the
        message disagrees, the job wins, unless the message says it changed them since
        (``changed_since``)."""
        first = reading.processes[0]
        overruled, changed = [], []
        for name, value in (first.facts if facts is None else facts).items():
            said = got.book.facts.get(name)
            if said is not None and said != value and got.book.sources.get(name) == "text":
                if changed_since:
                    changed.append((name, said, value))
                    continue
                overruled.append((name, said, value))
            got.book.put(name, value, source, first.evidence.get(name, ""))
        got.on_topic = True
        got.signals.add(CONFIG_SIGNAL)
        got.preface.append(
            self.renderer.text(
                "engine.config_read",
                locale,
                name=reading.name,
                process_count=len(reading.processes),
            )
        )
        for name, said, value in overruled:
            where = first.evidence.get(name, "")
            got.preface.append(config_wins(self.renderer, name, said, value, where, locale))
        for name, said, value in changed:
            where = first.evidence.get(name, "")
            got.preface.append(
                config_wins(self.renderer, name, said, value, where, locale, changed=True)
            )

    def _take_value(self, got: _Gathered, pending: QuestionNode | None, value: str) -> None:
        if pending is None:
            raise InvalidReply("there is no pending question to answer with a value")
        if pending.options and value not in pending.options:
            offered = ", ".join(pending.options)
            raise InvalidReply(f"{value!r} is not an option of the pending question ({offered})")
        try:
            parsed = coerce(pending.fact, value)
        except ValueError as exc:
            raise InvalidReply(f"{value!r}: {exc}") from None
        got.book.put(pending.fact, parsed, "option", value)

    def _take_text(
        self, got: _Gathered, pending: QuestionNode | None, text: str, locale: str
    ) -> None:
        text = text[:MAX_TEXT]
        found = self._absorb_text(got, text, locale, pending.fact if pending else None)
        if pending is None:
            return
        value = parse_reply(text, pending.fact, found)
        if value is not None:
            got.book.put(pending.fact, value, "reply", text.strip()[:80])
        self._take_unasked(got, text, found)

    def _take_unasked(self, got: _Gathered, text: str, found: Extraction) -> None:
        """Facts the reply gives although not asked for them (kb/data/unasked.yaml)."""
        said = set(found.facts)
        for rule in self.kb.unasked:
            facts = got.book.facts
            if rule.fact in facts or not said.issubset(rule.besides):
                continue
            if rule.when is not None and not rule.when.holds(facts, got.signals, self.graph.gates):
                continue
            value = parse_reply(text, rule.fact, found)
            if value is not None:
                got.book.put(rule.fact, value, "reply", text.strip()[:80])

    def _pending(self, state: ConversationState) -> QuestionNode | None:
        node = self.graph.nodes.get(state.pending or "")
        return node if isinstance(node, QuestionNode) else None

    # --- finishing a turn -------------------------------------------------------------------
    def _settle(self, got: _Gathered) -> list[TraceStep]:
        """Apply what follows from the facts; the trace of every fact set this turn."""
        got.book.imply(self._implications, frozenset(got.signals))
        derive(got.book.facts)
        return [
            TraceStep(step="fact", fact=n, value=v, source=s, evidence=e or None)
            for n, v, s, e in got.book.changes
        ]

    def _finish(
        self, state: ConversationState, got: _Gathered, entry: TranscriptEntry | None
    ) -> tuple[ConversationState, Turn]:
        book = got.book
        trace = self._settle(got)
        unknown, attempts = set(state.unknown), dict(state.attempts)
        walk = self._walk(got, unknown)
        pending = self._pending(state)
        reask = False
        if pending is not None and pending.fact not in book.facts:
            reask, walk = self._unanswered(state, got, pending, walk, attempts, unknown)
        trace.extend(got.trace)
        trace.extend(walk.trace)
        turn_no = state.turn + 1
        turn = self._turn(state.locale, got, walk, book.facts, trace, turn_no, reask)
        transcript = [
            *state.transcript,
            *([entry] if entry else []),
            TranscriptEntry(role="bot", turn=turn_no, text=turn.text),
        ][-MAX_TRANSCRIPT:]
        asked = _asked(walk)
        new_state = state.model_copy(
            update={
                "facts": dict(book.facts),
                "sources": dict(book.sources),
                "signals": sorted(got.signals),
                "pending": asked.id if asked else None,
                "attempts": attempts,
                "unknown": sorted(unknown),
                "turn": turn_no,
                "path": list(walk.path),
                "transcript": transcript,
                "done": turn.done,
            }
        )
        return new_state, turn

    def _unanswered(
        self,
        state: ConversationState,
        got: _Gathered,
        pending: QuestionNode,
        walk: Walk,
        attempts: dict[str, int],
        unknown: set[str],
    ) -> tuple[bool, Walk]:
        """Count a reply that left the pending question open; re-ask once, then give up.

        The count also grows when the reply moved the walk elsewhere, so that replies which keep
        switching paths cannot keep a conversation going forever.
        """
        attempts[pending.id] = attempts.get(pending.id, 0) + 1
        gave_up = attempts[pending.id] >= 2
        if not _asks(walk, pending):
            if gave_up:
                unknown.add(pending.fact)
            return False, walk
        step: Literal["gave_up", "reask"] = "gave_up" if gave_up else "reask"
        reason = "the reply did not answer the question"
        got.trace.append(TraceStep(step=step, fact=pending.fact, node=pending.id, reason=reason))
        if not gave_up:
            return True, walk
        unknown.add(pending.fact)
        got.preface.append(self.renderer.text("engine.gave_up", state.locale))
        return False, self._walk(got, unknown)

    def _walk(self, got: _Gathered, unknown: set[str]) -> Walk:
        return self.graph.walk(
            got.book.facts,
            sources=got.book.sources,
            signals=frozenset(got.signals),
            unknown=frozenset(unknown),
        )

    def _turn(
        self,
        locale: str,
        got: _Gathered,
        walk: Walk,
        facts: dict[str, FactValue],
        trace: list[TraceStep],
        turn_no: int,
        reask: bool,
    ) -> Turn:
        r = self.renderer
        signals = frozenset(got.signals)
        asked = _asked(walk)
        question = r.question(asked, locale, facts, reask=reask) if asked else None
        preface = list(got.preface)
        if reask and question is not None:
            preface.append(r.text("engine.unclear", locale, question=question.text))
        node = walk.stop if isinstance(walk.stop, AnswerNode) else None
        answered = None
        if node is not None:
            answered = r.answered(node, locale, facts, signals, self.graph.gates)
        text = r.message(locale, preface=preface, answered=answered, question=question)
        return Turn(
            locale=locale,
            kind="answer" if node else "question",
            text=text,
            question=question,
            answer=answered.answer if answered else None,
            citations=list(answered.citations) if answered else [],
            facts=dict(facts),
            trace=trace,
            kb_version=self.kb.version,
            turn=turn_no,
            done=question is None,
        )

    def _diagnosis(
        self, locale: str, got: _Gathered, walk: Walk, trace: list[TraceStep]
    ) -> Diagnosis:
        r = self.renderer
        facts = got.book.facts
        node = walk.stop
        assert isinstance(node, AnswerNode)  # a diagnosis walk only stops at answers
        signals = frozenset(got.signals)
        answered = r.answered(node, locale, facts, signals, self.graph.gates, with_risk=True)
        missing: list[Question] = []
        for q in walk.missing:
            if q.fact not in {m.fact for m in missing}:
                missing.append(r.question(q, locale, facts))
        return Diagnosis(
            locale=locale,
            facts=dict(facts),
            answer=answered.answer,
            missing=missing,
            citations=list(answered.citations),
            trace=[*trace, *walk.trace],
            kb_version=self.kb.version,
        )


def _asked(walk: Walk) -> QuestionNode | None:
    """The question this walk ends on: its stop, or the follow-up of its answer."""
    return walk.follow_up or (walk.stop if isinstance(walk.stop, QuestionNode) else None)


def _asks(walk: Walk, question: QuestionNode) -> bool:
    asked = _asked(walk)
    return asked is not None and asked.id == question.id
