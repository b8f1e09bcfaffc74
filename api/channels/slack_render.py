"""A turn as Slack Block Kit: sections for the text, a context block for citations, buttons
for the options, within Block Kit's documented limits."""

from __future__ import annotations

import re
from typing import Any, Final

from api.channels.common import ELLIPSIS, Action, TurnView, truncate

# Block Kit limits ("Blocks", "Button element", "Context block").
BLOCKS: Final = 50
SECTION_TEXT: Final = 3000
CONTEXT_TEXT: Final = 3000
ACTION_ELEMENTS: Final = 25
BUTTON_TEXT: Final = 75
BUTTON_VALUE: Final = 2000
ACTION_ID: Final = 255
FALLBACK_TEXT: Final = 300

_LINK: Final = re.compile(r"\[([^\]\n]+)\]\(([^)\s]+)\)")
_BOLD: Final = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)


def escape(text: str) -> str:
    """Slack's three control characters; `<!channel>` in user text then notifies nobody."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def unescape(text: str) -> str:
    """Slack sends slash command text with the same three characters escaped; a pasted YAML
    config needs them back (`&` anchors, `>` folded scalars)."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def mrkdwn(text: str) -> str:
    """CommonMark as the engine writes it (bold, lists, links, code) in Slack's mrkdwn."""
    text = _LINK.sub(lambda m: f"<{m.group(2)}|{m.group(1)}>", escape(text))
    return _BOLD.sub(lambda m: f"*{m.group(1)}*", text)


def _chunks(text: str, limit: int) -> list[str]:
    """Paragraphs packed into pieces of at most ``limit`` characters."""
    pieces: list[str] = []
    for paragraph in text.split("\n\n"):
        paragraph = truncate(paragraph, limit)
        if pieces and len(pieces[-1]) + 2 + len(paragraph) <= limit:
            pieces[-1] += "\n\n" + paragraph
        else:
            pieces.append(paragraph)
    return [p for p in pieces if p.strip()]


def _section(text: str) -> dict[str, Any]:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text}}


def _button(text: str, action_id: str, value: str, primary: bool = False) -> dict[str, Any]:
    button: dict[str, Any] = {
        "type": "button",
        "text": {"type": "plain_text", "text": truncate(text, BUTTON_TEXT), "emoji": True},
        "action_id": action_id[:ACTION_ID],
        "value": value[:BUTTON_VALUE],
    }
    if primary:
        button["style"] = "primary"
    return button


def _citations(turn: TurnView) -> dict[str, Any]:
    links = [f"<{c.url}|{escape(c.label)}>" for c in turn.citations]
    text = f"*{escape(turn.read_more)}*\n" + "\n".join(links)
    return {"type": "context", "elements": [{"type": "mrkdwn", "text": text[:CONTEXT_TEXT]}]}


def _actions(turn: TurnView) -> dict[str, Any]:
    handle = turn.handle
    buttons = [
        _button(o.label, f"option-{i}", handle.but(Action.OPTION, o.value).encode(), primary=True)
        for i, o in enumerate(turn.options[: ACTION_ELEMENTS - 1])
    ]
    restart = handle.but(Action.RESTART).encode()
    buttons.append(_button(turn.labels["start_over"], "restart", restart))
    return {"type": "actions", "block_id": "oom-actions", "elements": buttons}


def _answer_box(turn: TurnView, label: str) -> dict[str, Any]:
    """A text box that sends on Enter: for numbers and answers in one's own words."""
    return {
        "type": "input",
        "block_id": "oom-answer",
        "dispatch_action": True,
        "label": {"type": "plain_text", "text": truncate(label, BUTTON_TEXT)},
        "element": {
            "type": "plain_text_input",
            "action_id": turn.handle.but(Action.ANSWER_SUBMIT).encode(),
            "dispatch_action_config": {"trigger_actions_on": ["on_enter_pressed"]},
        },
    }


def blocks(turn: TurnView, answer_label: str) -> list[dict[str, Any]]:
    tail: list[dict[str, Any]] = []
    if turn.citations:
        tail.append(_citations(turn))
    if turn.asks:
        tail.append(_answer_box(turn, answer_label))
    tail.append(_actions(turn))
    sections = [_section(c) for c in _chunks(mrkdwn(turn.body), SECTION_TEXT)]
    room = BLOCKS - len(tail)
    if len(sections) > room:
        sections = sections[:room]
        last = sections[-1]["text"]
        last["text"] = last["text"][: SECTION_TEXT - len(ELLIPSIS)] + ELLIPSIS
    return [*sections, *tail]


def message(turn: TurnView, answer_label: str) -> dict[str, Any]:
    """The message body of a slash command response and of a response_url post."""
    return {
        "text": truncate(escape(turn.body), FALLBACK_TEXT),
        "blocks": blocks(turn, answer_label),
    }


def note(text: str) -> dict[str, Any]:
    return {"response_type": "ephemeral", "replace_original": False, "text": escape(text)}
