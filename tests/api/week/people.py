"""The people of the simulated week, one kind per channel, each talking to real servers the way
its channel does: REST and the widget with JSON, Discord with signed interactions, Slack with
signed slash commands and button clicks answered through ``response_url``.

Every person gives the driver the turns it was shown as the engine's turns. REST's carry their
trace. A chat message shows text and buttons only, so a chat person also plays its conversation
through an engine of its own built from the same KB, and checks that each message it got is that
turn: same conversation, same turn number, same options, a text box exactly when it asks.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

import httpx

from api.channels.common import Action, Handle
from api.channels.discord import CHANNEL_MESSAGE, MODAL, UPDATE_MESSAGE
from engine.engine import Engine
from engine.models import Turn
from engine.state import ConversationState, Opening, Reply
from tests.api.channels.platforms import (
    Discord,
    LocalServer,
    Slack,
    buttons,
    click_action,
    slack_buttons,
    snowflake,
    typed_action,
)
from tests.api.week.mix import Plan


@dataclass(frozen=True)
class Week:
    """What every person shares: the engine the chat people play their conversations in, the
    stand-ins for Discord and Slack, and clients of the servers (one per process)."""

    engine: Engine
    discord: Discord
    slack: Slack
    local: LocalServer
    clients: tuple[httpx.Client, ...] = ()


class Person(ABC):
    votes = False  # the channel has a way to say whether an answer helped

    def __init__(self, week: Week, plan: Plan) -> None:
        self.week = week
        self.plan = plan
        self._requests = itertools.count()

    def client(self) -> httpx.Client:
        """Each request may go to another process."""
        clients = self.week.clients
        return clients[(self.plan.index + next(self._requests)) % len(clients)]

    @abstractmethod
    def open(self, text: str | None) -> Turn: ...

    @abstractmethod
    def choose(self, value: str) -> Turn: ...

    @abstractmethod
    def answer(self, text: str) -> Turn: ...

    def vote(self, conversation: str, helpful: bool) -> None:
        raise NotImplementedError

    def restart(self) -> Turn:
        """Press "start over": a new conversation."""
        raise NotImplementedError


class RestPerson(Person):
    """The REST API, named as the widget by a header when the plan says widget."""

    votes = True

    def __init__(self, week: Week, plan: Plan) -> None:
        super().__init__(week, plan)
        self._conversation = ""

    def open(self, text: str | None) -> Turn:
        body = {"locale": self.plan.locale, "text": text}
        headers = {"X-Oomguide-Channel": "widget"} if self.plan.channel == "widget" else {}
        response = self.client().post("/v1/conversations", json=body, headers=headers)
        assert response.status_code == 201, response.text
        return self._turn(response)

    def choose(self, value: str) -> Turn:
        return self._reply({"value": value})

    def answer(self, text: str) -> Turn:
        return self._reply({"text": text})

    def vote(self, conversation: str, helpful: bool) -> None:
        url = f"/v1/conversations/{conversation}/feedback"
        response = self.client().post(url, json={"helpful": helpful})
        assert response.status_code == 204, response.text

    def _reply(self, body: dict[str, str]) -> Turn:
        url = f"/v1/conversations/{self._conversation}/replies"
        response = self.client().post(url, json=body)
        assert response.status_code == 200, response.text
        return self._turn(response)

    def _turn(self, response: httpx.Response) -> Turn:
        turn = Turn.model_validate(response.json())
        self._conversation = turn.conversation_id
        return turn


@dataclass(frozen=True)
class Shown:
    """What a chat message shows of its turn."""

    conversation: str
    turn: int
    options: tuple[str, ...]
    asks: bool


class ChatPerson(Person):
    """A person on Discord or Slack, the turns' truth played alongside in the week's engine."""

    def __init__(self, week: Week, plan: Plan) -> None:
        super().__init__(week, plan)
        self.user = snowflake()
        self.locale = plan.conversation_locale
        self._state: ConversationState | None = None
        self._shown: Shown | None = None

    def open(self, text: str | None) -> Turn:
        return self._started(Opening(locale=self.locale, text=text), self._open(text))

    def restart(self) -> Turn:
        before = self._shown
        turn = self._started(Opening(locale=self.locale), self._restart())
        assert before is not None and turn.conversation_id != before.conversation
        return turn

    def choose(self, value: str) -> Turn:
        return self._replied(Reply(value=value), self._choose(value))

    def answer(self, text: str) -> Turn:
        return self._replied(Reply(text=text), self._answer(text))

    def _started(self, opening: Opening, shown: Shown) -> Turn:
        self._state, turn = self.week.engine.start(opening)
        return self._seen(turn, shown)

    def _replied(self, reply: Reply, shown: Shown) -> Turn:
        assert self._state is not None
        self._state, turn = self.week.engine.reply(self._state, reply)
        return self._seen(turn, shown)

    def _seen(self, turn: Turn, shown: Shown) -> Turn:
        question = turn.question
        options = tuple(o.value for o in question.options) if question else ()
        expected = (turn.turn, options, question is not None)
        assert (shown.turn, shown.options, shown.asks) == expected, (shown, expected)
        self._shown = shown
        return turn.model_copy(update={"conversation_id": shown.conversation})

    @abstractmethod
    def _open(self, text: str | None) -> Shown: ...

    @abstractmethod
    def _choose(self, value: str) -> Shown: ...

    @abstractmethod
    def _answer(self, text: str) -> Shown: ...

    @abstractmethod
    def _restart(self) -> Shown: ...


def _shown(handles: list[Handle], asks: bool) -> Shown:
    first = handles[0]
    assert {(h.conversation_id, h.turn, h.starter) for h in handles} == {
        (first.conversation_id, first.turn, first.starter)
    }
    options = tuple(h.value for h in handles if h.action == Action.OPTION)
    return Shown(first.conversation_id, first.turn, options, asks)


class DiscordPerson(ChatPerson):
    """`/oom message:…`, option buttons, the "answer" button's text box, "start over"."""

    def __init__(self, week: Week, plan: Plan) -> None:
        super().__init__(week, plan)
        self.platform_locale = "pt-BR" if self.locale == "pt-BR" else "en-US"
        self._message: dict[str, Any] = {}

    def _open(self, text: str | None) -> Shown:
        command = self.week.discord.command(self.user, text, self.platform_locale)
        return self._message_in(self._send(command), CHANNEL_MESSAGE)

    def _choose(self, value: str) -> Shown:
        return self._message_in(self._click(Action.OPTION, value), UPDATE_MESSAGE)

    def _answer(self, text: str) -> Shown:
        modal = self._click(Action.ANSWER)
        assert modal["type"] == MODAL, modal
        submit = self.week.discord.submit(
            self.user, modal["data"]["custom_id"], text, self.platform_locale
        )
        return self._message_in(self._send(submit), UPDATE_MESSAGE)

    def _restart(self) -> Shown:
        return self._message_in(self._click(Action.RESTART), UPDATE_MESSAGE)

    def _click(self, action: str, value: str = "") -> dict[str, Any]:
        custom_id = next(
            b["custom_id"]
            for b in buttons(self._message)
            if (h := Handle.decode(b["custom_id"])) and (h.action, h.value) == (action, value)
        )
        return self._send(self.week.discord.click(self.user, custom_id, self.platform_locale))

    def _send(self, payload: dict[str, Any]) -> dict[str, Any]:
        response = self.week.discord.send(self.client(), payload)
        assert response.status_code == 200, response.text
        got: dict[str, Any] = response.json()
        return got

    def _message_in(self, response: dict[str, Any], kind: int) -> Shown:
        assert response["type"] == kind, response
        self._message = response["data"]
        handles = [Handle.decode(b["custom_id"]) for b in buttons(self._message)]
        known = [h for h in handles if h is not None]
        assert len(known) == len(handles)
        return _shown(known, any(h.action == Action.ANSWER for h in known))


class SlackPerson(ChatPerson):
    """`/oom …`, option buttons, the text box that sends on Enter, "start over"; every click
    acknowledged at once and answered by a post to the click's ``response_url``, which is a
    path of the local stand-in."""

    def __init__(self, week: Week, plan: Plan) -> None:
        super().__init__(week, plan)
        self._message: dict[str, Any] = {}
        self._clicks = itertools.count()

    def _open(self, text: str | None) -> Shown:
        response_url = f"{self.week.local.url}/slack/{self.plan.index}/command"
        response = self.week.slack.command(self.client(), self.user, text or "", response_url)
        assert response.status_code == 200, response.text
        message: dict[str, Any] = response.json()
        assert message["response_type"] == "ephemeral"
        return self._message_in(message)

    def _choose(self, value: str) -> Shown:
        return self._act(click_action(self._button(Action.OPTION, value)))

    def _answer(self, text: str) -> Shown:
        return self._act(typed_action(self._message, text))

    def _restart(self) -> Shown:
        return self._act(click_action(self._button(Action.RESTART)))

    def _button(self, action: str, value: str = "") -> dict[str, Any]:
        return next(
            b
            for b in slack_buttons(self._message)
            if (h := Handle.decode(b["value"])) and (h.action, h.value) == (action, value)
        )

    def _act(self, action: dict[str, Any]) -> Shown:
        path = f"/slack/{self.plan.index}/{next(self._clicks)}"
        local = self.week.local
        response = self.week.slack.act(self.client(), self.user, action, local.url + path)
        assert response.status_code == 200, response.text
        message: dict[str, Any] = local.wait_for(path).json()
        assert message.get("replace_original") is True, message
        return self._message_in(message)

    def _message_in(self, message: dict[str, Any]) -> Shown:
        self._message = message
        handles = [Handle.decode(b["value"]) for b in slack_buttons(message)]
        known = [h for h in handles if h is not None]
        assert len(known) == len(handles)
        return _shown(known, any(b["type"] == "input" for b in message["blocks"]))


PEOPLE: dict[str, type[Person]] = {
    "rest": RestPerson,
    "widget": RestPerson,
    "discord": DiscordPerson,
    "slack": SlackPerson,
}
