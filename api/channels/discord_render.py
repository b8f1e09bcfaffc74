"""A turn as a Discord message: an embed with the text and citation links, buttons for the
options, within Discord's documented limits."""

from __future__ import annotations

from typing import Any, Final

from api.channels.common import Action, Handle, TurnView, truncate

# Discord's limits (Channel "Embed Limits", Message Components "Button", "Text Input").
EMBED_DESCRIPTION: Final = 4096
CONTENT: Final = 2000
BUTTON_LABEL: Final = 80
BUTTONS_PER_ROW: Final = 5
ROWS: Final = 5
CUSTOM_ID: Final = 100
MODAL_TITLE: Final = 45
INPUT_LABEL: Final = 45
INPUT_PLACEHOLDER: Final = 100
CONFIG_INPUT: Final = 4000
ANSWER_INPUT: Final = 1000
EPHEMERAL: Final = 64
COLOR: Final = 0x5865F2

# Component types and button styles.
ACTION_ROW, BUTTON, TEXT_INPUT = 1, 2, 4
PRIMARY, SECONDARY = 1, 2
SHORT, PARAGRAPH = 1, 2


def _no_mentions() -> dict[str, list[str]]:
    # Nothing in a message may ping anyone, whatever text a user got echoed into it.
    return {"parse": []}


def escape_link_label(label: str) -> str:
    return label.replace("[", "(").replace("]", ")")


def description(turn: TurnView, limit: int = EMBED_DESCRIPTION) -> str:
    """Body and citation links; only the body is shortened, so no link is ever cut."""
    links = [f"- [{escape_link_label(c.label)}]({c.url})" for c in turn.citations]
    block = f"**{turn.read_more}**\n" + "\n".join(links) if links else ""
    while block and len(block) > limit // 2:  # never in practice: the guide has 18 sections
        links.pop()
        block = f"**{turn.read_more}**\n" + "\n".join(links)
    room = limit - len(block) - (2 if block else 0)
    body = truncate(turn.body, room)
    return f"{body}\n\n{block}" if block else body


def _button(label: str, custom_id: str, style: int = SECONDARY) -> dict[str, Any]:
    if len(custom_id) > CUSTOM_ID:
        raise ValueError(f"custom_id longer than {CUSTOM_ID} characters: {custom_id!r}")
    return {
        "type": BUTTON,
        "style": style,
        "label": truncate(label, BUTTON_LABEL),
        "custom_id": custom_id,
    }


def _rows(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    chunks = [buttons[i : i + BUTTONS_PER_ROW] for i in range(0, len(buttons), BUTTONS_PER_ROW)]
    return [{"type": ACTION_ROW, "components": chunk} for chunk in chunks]


def components(turn: TurnView) -> list[dict[str, Any]]:
    """Option buttons first (up to four rows), then one row of the bot's own buttons."""
    handle = turn.handle
    options = [
        _button(o.label, handle.but(Action.OPTION, o.value).encode(), PRIMARY)
        for o in turn.options[: (ROWS - 1) * BUTTONS_PER_ROW]
    ]
    tools = (
        [_button(turn.labels["answer"], handle.but(Action.ANSWER).encode())] if turn.asks else []
    )
    tools += [
        _button(turn.labels["paste_config"], handle.but(Action.CONFIG).encode()),
        _button(turn.labels["start_over"], handle.but(Action.RESTART).encode()),
    ]
    return [*_rows(options), {"type": ACTION_ROW, "components": tools}]


def message(turn: TurnView) -> dict[str, Any]:
    """The message body Discord takes in an interaction response and in a webhook edit."""
    return {
        "content": "",
        "embeds": [{"description": description(turn), "color": COLOR}],
        "components": components(turn),
        "allowed_mentions": _no_mentions(),
    }


def note(text: str) -> dict[str, Any]:
    """A plain message; as a follow-up edit it also clears the deferred message's buttons."""
    return {
        "content": truncate(text, CONTENT),
        "embeds": [],
        "components": [],
        "allowed_mentions": _no_mentions(),
    }


def ephemeral(text: str) -> dict[str, Any]:
    return {
        "content": truncate(text, CONTENT),
        "flags": EPHEMERAL,
        "allowed_mentions": _no_mentions(),
    }


def modal(
    handle: Handle, title: str, label: str, placeholder: str, paragraph: bool
) -> dict[str, Any]:
    """A text box; ``handle`` (an *_SUBMIT action) comes back in the MODAL_SUBMIT."""
    text_input = {
        "type": TEXT_INPUT,
        "custom_id": "text",
        "style": PARAGRAPH if paragraph else SHORT,
        "label": truncate(label, INPUT_LABEL),
        "placeholder": truncate(placeholder, INPUT_PLACEHOLDER),
        "min_length": 1,
        "max_length": CONFIG_INPUT if paragraph else ANSWER_INPUT,
        "required": True,
    }
    return {
        "custom_id": handle.encode(),
        "title": truncate(title, MODAL_TITLE),
        "components": [{"type": ACTION_ROW, "components": [text_input]}],
    }
