"""The simulated week's mix: who comes through which channel, in which language, opening with
what; and each conversation as the driver saw it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from engine.models import Turn

# The servers' default locale, set explicitly: a Slack conversation whose text shows no
# language is in it.
DEFAULT_LOCALE: Final = "pt-BR"
CHANNELS: Final = ("rest", "widget", "discord", "slack")
CHANNEL_WEIGHTS: Final = (30, 25, 25, 20)
CHAT: Final = frozenset({"discord", "slack"})

OPENINGS: Final[dict[str, dict[str, list[str]]]] = {
    "en": {
        "misread": ["hello there", "???", "is anyone here", "ok"],
        "help": ["help, out of memory", "CUDA out of memory again"],
        "direct": ["zimage OOM at step 2 with gc off, batch 4"],
        "outside": ["training got Killed after the update, exit code 137"],
        "quality": ["does gradient checkpointing hurt quality?"],
    },
    "pt-BR": {
        "misread": ["oi, tudo bem?", "???", "alguém aí", "ok"],
        "help": ["socorro, deu OOM no treino", "falta de memória na GPU"],
        "direct": ["desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"],
        "outside": ["o treino foi morto pelo kernel (Killed), exit 137"],
        "quality": ["ativar o gradient checkpointing prejudica a qualidade?"],
    },
}
KINDS: Final = ("misread", "help", "help", "direct", "outside", "quality")
# `/oom` with nothing after it: only a chat command opens a conversation with nothing said.
CHAT_KINDS: Final = (*KINDS, "bare")
WORDLESS: Final = frozenset({"???", "ok"})  # written in no language
STEPS: Final = (0, 1, 1, 2, 3)  # replies a person gives before leaving (or being answered)
VOTES: Final = 0.5  # of the answered REST and widget conversations, those that vote
HELPFUL: Final = 0.7
RESTARTS: Final = 0.15  # of the chat conversations, those whose person presses "start over"


@dataclass
class Driven:
    """One conversation as the driver saw it."""

    channel: str
    locale: str
    kb: str = ""
    conversation: str = ""
    opening: str = ""
    misread: bool = False
    asked: list[tuple[str, str]] = field(default_factory=list)
    pending: str | None = None
    answers: list[tuple[str, list[str]]] = field(default_factory=list)
    votes: list[bool] = field(default_factory=list)
    stays_open: bool = False
    restarted: bool = False  # its person pressed "start over" in it
    started_at: float = 0.0
    first_answer_at: float | None = None

    @property
    def outcome(self) -> str:
        if any("outside_guide" in codes for _, codes in self.answers):
            return "outside_guide"
        if self.answers:
            return "answered"
        return "open" if self.stays_open else "abandoned"

    def take(self, turn: Turn, waited: float) -> None:
        """A turn it was shown, ``waited`` seconds after its opening was sent."""
        self.kb = turn.kb_version
        self.conversation = self.conversation or turn.conversation_id
        assert turn.conversation_id == self.conversation
        asked = [s.node for s in turn.trace if s.step == "ask" and s.node]
        answered = [s.node for s in turn.trace if s.step == "answer" and s.node]
        if turn.answer is not None:
            codes = [r.code for r in turn.answer.recommendations]
            self.answers.append((answered[-1], codes))
            self.pending = None
            if self.first_answer_at is None:
                self.first_answer_at = waited
        if turn.question is not None:
            self.asked.append((asked[-1], turn.question.fact))
            self.pending = asked[-1]


@dataclass(frozen=True)
class Plan:
    """Who a conversation's person is and what they open with; ``rng`` decides the rest."""

    index: int
    channel: str
    locale: str  # the person's language
    kind: str
    text: str
    restarts: bool  # the person presses "start over" before leaving: two conversations
    stays_open: bool
    rng: random.Random

    @property
    def conversation_locale(self) -> str:
        """Slack sends no locale: the conversation is in the language of the text, in the
        default one when the text shows none. The other channels name the person's."""
        if self.channel == "slack" and (not self.text or self.text in WORDLESS):
            return DEFAULT_LOCALE
        return self.locale

    def driven(self) -> Driven:
        return Driven(
            self.channel,
            self.conversation_locale,
            opening=self.text,
            misread=self.kind == "misread",
            stays_open=self.stays_open,
        )


def plan(index: int, rng: random.Random, stays_open: bool, room: int) -> Plan:
    """A person's plan, for at most ``room`` conversations."""
    channel = rng.choices(CHANNELS, CHANNEL_WEIGHTS)[0]
    locale = rng.choice(["en", "pt-BR"])
    kind = rng.choice(CHAT_KINDS if channel in CHAT else KINDS)
    text = "" if kind == "bare" else rng.choice(OPENINGS[locale][kind])
    restarts = channel in CHAT and rng.random() < RESTARTS and room > 1
    return Plan(index, channel, locale, kind, text, restarts, stays_open, rng)


def plans(conversations: int, stay_open: int, seed: int) -> list[Plan]:
    """People's plans for ``conversations`` conversations in all; those of the last
    ``stay_open`` or so are left open."""
    rng = random.Random(seed)
    found: list[Plan] = []
    count = 0
    while count < conversations:
        stays_open = count >= conversations - stay_open
        person = random.Random(rng.random())
        found.append(plan(len(found), person, stays_open, room=conversations - count))
        count += 1 + found[-1].restarts
    return found
