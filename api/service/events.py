"""The event log's writing side: each turn described as events, written off the turn's path.

A turn only appends its events to a deque; one thread per process writes them in batches. Neither a
slow nor a broken log can fail or slow down a turn: a batch that cannot be written is counted
and logged, and when too many wait, new events are dropped and counted the same way.

No user text is recorded, except as ``keep_texts`` says: ``unread`` keeps the messages from which
nothing could be read (no fact, no intent, no config), ``all`` every message and comment, and
``none`` nothing. Kept texts are masked and trimmed (api.service.redact) and live
``retention`` seconds.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from api.service.redact import mask
from api.store.events import Event, EventLog, KeptText
from engine.extract import extract
from engine.models import Turn
from engine.state import ConversationState, Opening, Reply

log = logging.getLogger("oomguide.events")

KeepTexts = Literal["none", "unread", "all"]
QUEUE_LIMIT = 50_000  # turns waiting to be written; past it new ones are dropped and counted
BATCH = 5_000  # events written in one transaction at most
FLUSH_EVERY = 0.25  # seconds between writes
PURGE_EVERY = 60.0  # seconds between deletions of expired texts
_READ_SOURCES = frozenset({"text", "reply", "config"})
_OUTSIDE = "outside_guide"


@dataclass
class _Batch:
    events: list[Event] = field(default_factory=list)
    texts: list[KeptText] = field(default_factory=list)


class EventWriter:
    """The pending turns and the thread that writes them into the log.

    A turn only appends to a deque: no lock taken, no thread woken. The writer wakes on its
    own every FLUSH_EVERY seconds (or when flushed) and writes what piled up as one batch, so
    that recording costs a turn no thread switch and the store one transaction per interval.
    """

    def __init__(
        self,
        log_: EventLog,
        *,
        clock: Callable[[], float] = time.time,
        on_error: Callable[[int], None] = lambda _: None,
        refresh: Callable[[], None] | None = None,
    ) -> None:
        self.log = log_
        self._clock = clock
        self._on_error = on_error
        self.refresh = refresh
        self._pending: deque[_Batch] = deque()
        self._wake = threading.Event()
        self._written = threading.Condition()
        self._rounds = 0  # writing rounds finished, for flush()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._last_purge = 0.0
        self._closed = False
        self.failed = 0  # events that could not be written (or were dropped)

    def put(self, batch: _Batch) -> None:
        if self._closed:
            self._failed(len(batch.events), "the event log is closed")
            return
        if len(self._pending) >= QUEUE_LIMIT:
            self._failed(len(batch.events), "too many events wait to be written")
            return
        self._pending.append(batch)  # atomic: no lock needed
        self._ensure_thread()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything put so far is written (or given up on)."""
        if self._closed:
            return not self._pending
        self._ensure_thread()
        with self._written:
            target = self._rounds + 2  # the round under way may have started before the call
            self._wake.set()
            return self._written.wait_for(lambda: self._rounds >= target, timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Write what is pending, then stop the thread: the log may be closed after this."""
        if self._thread is None:
            self._closed = True
            return
        self.flush(timeout)
        self._closed = True
        self._wake.set()
        self._thread.join(timeout)

    def _ensure_thread(self) -> None:
        # Started on first use, not at construction: tests and the command line build contexts
        # that never record.
        if self._thread is not None:
            return
        with self._start_lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="event-log", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while not self._closed:
            self._wake.wait(FLUSH_EVERY)
            self._wake.clear()
            if self._closed:
                break
            batch = self._drain()
            if batch.events or batch.texts:
                self._write(batch)
            self._maintain()
            with self._written:
                self._rounds += 1
                if self._pending:
                    self._wake.set()  # more came in: go again at once
                self._written.notify_all()

    def _drain(self) -> _Batch:
        batch = _Batch()
        while self._pending and len(batch.events) < BATCH:
            item = self._pending.popleft()
            batch.events.extend(item.events)
            batch.texts.extend(item.texts)
        return batch

    def _write(self, batch: _Batch) -> None:
        try:
            self.log.append(batch.events, batch.texts)
        except Exception as error:  # whatever the log raises, the turns went through
            self._failed(len(batch.events), str(error))

    def _maintain(self) -> None:
        now = self._clock()
        if now - self._last_purge < PURGE_EVERY:
            return
        self._last_purge = now
        try:
            self.log.purge_texts(now)
            if self.refresh is not None:
                self.refresh()
        except Exception as error:
            log.warning("event log upkeep failed: %s", error)

    def _failed(self, count: int, reason: str) -> None:
        self.failed += count
        self._on_error(count)
        log.warning("%d events not recorded: %s", count, reason)


class Recorder:
    """Describes turns as events and hands them to the writer."""

    def __init__(
        self,
        writer: EventWriter | None,
        *,
        keep_texts: KeepTexts = "unread",
        retention: float = 2_592_000,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.writer = writer
        self.keep_texts = keep_texts
        self.retention = retention
        self._clock = clock

    def started(
        self,
        conversation: str,
        channel: str,
        opening: Opening,
        state: ConversationState,
        turn: Turn,
        restarted_from: str | None = None,
    ) -> None:
        now = self._clock()
        batch = _Batch()
        misread = _misread(opening.text, turn)
        config_read = any(s.step == "fact" and s.source == "config" for s in turn.trace)
        data = {
            "channel": channel,
            "locale": turn.locale,
            "kb": turn.kb_version,
            "facts": sorted(turn.facts),
            "config": config_read,
            "misread": misread,
        }
        if restarted_from is not None:
            batch.events.append(Event(restarted_from, "restart", now, {"to": conversation}))
        batch.events.append(Event(conversation, "started", now, data))
        self._keep(batch, conversation, now, opening.text, misread)
        self._turn_events(batch, conversation, now, state, turn)
        self._put(batch)

    def replied(
        self,
        conversation: str,
        before: ConversationState,
        reply: Reply,
        state: ConversationState,
        turn: Turn,
    ) -> None:
        now = self._clock()
        batch = _Batch()
        filled = sorted({s.fact for s in turn.trace if s.step == "fact" and s.fact})
        misread = reply.value is None and _misread(reply.text, turn)
        unclear = any(s.step in ("reask", "gave_up") for s in turn.trace)
        data = {
            "node": before.pending,
            "via": "option" if reply.value is not None else "text",
            "filled": filled,
            "unclear": unclear,
            "misread": misread,
        }
        batch.events.append(Event(conversation, "reply", now, data))
        if reply.value is None:
            self._keep(batch, conversation, now, reply.text, misread)
        self._turn_events(batch, conversation, now, state, turn)
        self._put(batch)

    def feedback(self, conversation: str, helpful: bool, comment: str | None) -> None:
        now = self._clock()
        batch = _Batch()
        data = {"helpful": helpful, "comment": bool(comment)}
        batch.events.append(Event(conversation, "feedback", now, data))
        if comment and self.keep_texts == "all":
            batch.texts.append(self._text(conversation, now, "comment", comment))
        self._put(batch)

    def _turn_events(
        self, batch: _Batch, conversation: str, now: float, state: ConversationState, turn: Turn
    ) -> None:
        if turn.answer is not None:
            node = next((s.node for s in reversed(turn.trace) if s.step == "answer"), None)
            codes = [r.code for r in turn.answer.recommendations]
            risk = turn.answer.risk.level if turn.answer.risk else None
            data = {"node": node, "codes": codes, "risk": risk}
            batch.events.append(Event(conversation, "answer", now, data))
        if turn.question is not None:
            data = {"node": state.pending, "fact": turn.question.fact}
            batch.events.append(Event(conversation, "asked", now, data))
        if turn.done and turn.answer is not None:
            given = {r.code for r in turn.answer.recommendations}
            outcome = _OUTSIDE if _OUTSIDE in given else "answered"
            batch.events.append(Event(conversation, "ended", now, {"outcome": outcome}))

    def _keep(
        self, batch: _Batch, conversation: str, now: float, text: str | None, misread: bool
    ) -> None:
        if not text or self.keep_texts == "none":
            return
        if misread:
            batch.texts.append(self._text(conversation, now, "misread", text))
        elif self.keep_texts == "all":
            batch.texts.append(self._text(conversation, now, "message", text))

    def _text(self, conversation: str, now: float, role: str, text: str) -> KeptText:
        return KeptText(conversation, now, role, mask(text), now + self.retention)

    def _put(self, batch: _Batch) -> None:
        if self.writer is not None:
            self.writer.put(batch)


def _misread(text: str | None, turn: Turn) -> bool:
    """Nothing could be read from the message: no fact, no intent, no config. The turn's trace
    says so: the facts its words set and what the message was read as asking."""
    if not text or not text.strip():
        return False
    if any(s.step == "fact" and s.source in _READ_SOURCES for s in turn.trace):
        return False
    note = next((s for s in turn.trace if s.step == "note" and s.fact == "intent"), None)
    if note is not None:  # what the engine read: its intent, and the facts and config it found
        return note.value in ("unclear", "off_topic") and not note.evidence
    found = extract(text)
    understood = found.intent not in ("unclear", "off_topic")  # "where is it?" has no fact
    return not found.facts and not understood and found.config_text is None
