"""What every chat platform shares: a turn seen as body, citations and buttons; the state a
button carries; taking a turn and turning its failures into short notes for the person."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from api.service.conversations import StaleTurn
from api.store import ConversationNotFound
from api.web.context import AppContext
from api.web.problems import PROBLEM
from api.web.schemas import Problem
from engine.config import ConfigError, catalog_key
from engine.errors import InvalidReply
from engine.models import Turn
from engine.state import Opening, Reply

# custom_id (Discord) and action_id/value (Slack) carry "oom:<action>:<conversation>:<turn>:
# <starter>:<value>". The conversation's state stays in the store; the id only says which
# conversation, which of its turns the button belongs to, and who started it.
_HANDLE: Final = re.compile(
    r"^oom:(?P<action>[a-z]{1,2}):(?P<conv>[A-Za-z0-9_-]{1,64}):(?P<turn>\d{1,6}):"
    r"(?P<starter>[A-Za-z0-9]{0,32}):(?P<value>[A-Za-z0-9_.-]{0,40})$"
)
ELLIPSIS: Final = "…"


def documented(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The problem responses an integration endpoint can give, for the OpenAPI document."""
    return {code: {"model": Problem, "content": {PROBLEM: {}}} for code in codes}


class Action:
    OPTION = "o"
    ANSWER = "t"  # open a text box to answer in one's own words
    CONFIG = "c"  # open a text box to paste a job config
    RESTART = "r"
    ANSWER_SUBMIT = "mt"
    CONFIG_SUBMIT = "mc"


@dataclass(frozen=True)
class Handle:
    action: str
    conversation_id: str
    turn: int
    starter: str
    value: str = ""

    def encode(self) -> str:
        return f"oom:{self.action}:{self.conversation_id}:{self.turn}:{self.starter}:{self.value}"

    def but(self, action: str, value: str = "") -> Handle:
        return Handle(action, self.conversation_id, self.turn, self.starter, value)

    @classmethod
    def decode(cls, raw: object) -> Handle | None:
        found = _HANDLE.match(raw) if isinstance(raw, str) else None
        if found is None:
            return None
        parts = found.groupdict()
        return cls(
            parts["action"], parts["conv"], int(parts["turn"]), parts["starter"], parts["value"]
        )


@dataclass(frozen=True)
class Link:
    label: str
    url: str


@dataclass(frozen=True)
class Choice:
    label: str
    value: str


@dataclass(frozen=True)
class TurnView:
    """A turn as every platform shows it: its text without the citation list, the citations
    as absolute links, and the options of its pending question."""

    handle: Handle
    locale: str
    body: str
    citations: tuple[Link, ...] = ()
    options: tuple[Choice, ...] = ()
    asks: bool = False
    read_more: str = ""
    labels: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Note:
    """A short message for the person instead of a turn (stale click, expired conversation)."""

    text: str


def absolute(url: str, base_url: str) -> str:
    """Citation urls are relative when the guide is served by this app; chat clients need
    absolute ones."""
    if url.startswith("/"):
        return base_url.rstrip("/") + url
    return url


def truncate(text: str, limit: int) -> str:
    """At most ``limit`` characters, cut at a line or word boundary when one is near."""
    if len(text) <= limit:
        return text
    cut = text[: max(limit - len(ELLIPSIS), 0)]
    boundary = max(cut.rfind("\n"), cut.rfind(" "))
    if boundary > len(cut) * 0.8:
        cut = cut[:boundary]
    return cut.rstrip() + ELLIPSIS


def channel_text(ctx: AppContext, key: str, locale: str, **params: object) -> str:
    return ctx.catalog.render(f"channels.{key}", locale, params)


def _body(ctx: AppContext, turn: Turn) -> tuple[str, str]:
    """The turn's text without its trailing citation list (each platform draws its own)."""
    read_more = ctx.engine.renderer.text("engine.read_more", turn.locale)
    marker = f"**{read_more}**\n\n"
    at = turn.text.rfind(marker)
    body = turn.text[:at].rstrip() if turn.citations and at >= 0 else turn.text
    return body, read_more


def view(ctx: AppContext, turn: Turn, starter: str, base_url: str) -> TurnView:
    body, read_more = _body(ctx, turn)
    citations = tuple(
        Link(f"{c.number}) {c.title}" if c.number else c.title, absolute(c.url, base_url))
        for c in turn.citations
    )
    question = turn.question
    options = tuple(Choice(o.label, o.value) for o in question.options) if question else ()
    keys = ("paste_config", "start_over", "answer")
    labels = {k: channel_text(ctx, f"button.{k}", turn.locale) for k in keys}
    return TurnView(
        handle=Handle(Action.OPTION, turn.conversation_id, turn.turn, starter),
        locale=turn.locale,
        body=body,
        citations=citations,
        options=options,
        asks=question is not None,
        read_more=read_more,
        labels=labels,
    )


def advance(ctx: AppContext, handle: Handle, reply: Reply, channel: str) -> Turn | Note:
    """Take the turn a button or text box names; a second click on it gets a note."""
    try:
        turn = ctx.service.reply(handle.conversation_id, reply, handle.turn)
    except StaleTurn:
        return Note(_conversation_note(ctx, handle, "stale"))
    except ConversationNotFound:
        return Note(channel_text(ctx, "expired", ctx.settings.default_locale))
    except InvalidReply:
        return Note(_conversation_note(ctx, handle, "invalid"))
    ctx.metrics.turn(turn, channel)
    return turn


def _conversation_note(ctx: AppContext, handle: Handle, key: str) -> str:
    return channel_text(ctx, key, conversation_locale(ctx, handle.conversation_id))


def start(
    ctx: AppContext, opening: Opening, channel: str, restarted_from: str | None = None
) -> Turn | Note:
    """A new conversation; a job config that cannot be read gets a note listing why."""
    try:
        turn = ctx.service.start(opening, channel, restarted_from)
    except ConfigError as exc:
        return Note(config_problems(ctx, exc, opening.locale))
    ctx.metrics.turn(turn, channel)
    return turn


def conversation_locale(ctx: AppContext, conversation_id: str) -> str:
    try:
        return ctx.service.get(conversation_id).state.locale
    except ConversationNotFound:
        return ctx.settings.default_locale


def config_problems(ctx: AppContext, error: ConfigError, locale: str) -> str:
    problems = [
        ctx.catalog.render(catalog_key(issue.code), locale, issue.context())
        for issue in error.issues[:5]
    ]
    return ctx.engine.renderer.text("engine.config_error", locale, problems=problems)


def unfence(text: str) -> str:
    """A config pasted inside a ``` fence, as people often do, is the config inside it."""
    stripped = text.strip()
    if not stripped.startswith("```"):
        return text
    inner = (stripped.split("\n", 1)[1] if "\n" in stripped else "").rstrip()
    return inner.removesuffix("```")


def fenced(config: str) -> str:
    """A config as a reply's text: the engine's extraction reads fenced YAML blocks."""
    return f"```yaml\n{config.rstrip()}\n```"
