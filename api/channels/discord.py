"""Discord's interactions endpoint: signed requests in, interaction responses out.

Discord removes an endpoint that accepts a badly signed request or answers slowly, so the
signature is checked before anything is parsed, and every answer is given within its 3-second
window; only fetching an attachment can take longer, and that is deferred.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Final
from urllib.parse import urlsplit

from fastapi import APIRouter, BackgroundTasks, Depends, HTTPException, Request
from nacl.exceptions import CryptoError
from nacl.signing import VerifyKey

from api.channels import discord_render as render
from api.channels import discord_shape as shape
from api.channels.common import (
    Action,
    Handle,
    Note,
    advance,
    channel_text,
    config_problems,
    documented,
    fenced,
    start,
    unfence,
    view,
)
from api.channels.outbound import FetchError, allowed, fetch_text, send_json
from api.web.context import AppContext, Context
from engine.config import MAX_CONFIG_BYTES, ConfigError, read_config
from engine.models import Turn
from engine.state import Opening, Reply

router = APIRouter(prefix="/integrations/discord", tags=["integrations"])
CHANNEL: Final = "discord"

# Interaction types and interaction callback types (Discord "Receiving and Responding").
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT = 1, 2, 3, 5
PONG, CHANNEL_MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE, MODAL = 1, 4, 5, 7, 9
Response = dict[str, Any]
REPLAY_WINDOW: Final = 5 * 60  # seconds
_TIMESTAMP: Final = re.compile(r"^\d{1,12}$")


@lru_cache(maxsize=4)
def _verify_key(hex_key: str) -> VerifyKey | None:
    try:
        return VerifyKey(bytes.fromhex(hex_key))
    except (ValueError, TypeError, CryptoError):
        return None


def fresh(timestamp: str, now: float) -> bool:
    """A timestamp in whole seconds within the window of ``now``: a captured request cannot be
    replayed later (the same rule as Slack's verifier)."""
    return _TIMESTAMP.match(timestamp) is not None and abs(now - int(timestamp)) <= REPLAY_WINDOW


def verified(
    key: VerifyKey,
    body: bytes,
    timestamp: str | None,
    signature: str | None,
    now: float | None = None,
) -> bool:
    """Ed25519 over timestamp + the raw body bytes, exactly as received, signed recently."""
    if not timestamp or not signature:
        return False
    if not fresh(timestamp, time.time() if now is None else now):
        return False
    try:
        key.verify(timestamp.encode() + body, bytes.fromhex(signature))
    except (ValueError, TypeError, CryptoError, UnicodeEncodeError):
        return False
    return True


@dataclass(frozen=True)
class Interaction:
    payload: dict[str, Any]
    base_url: str

    @property
    def data(self) -> dict[str, Any]:
        return _dict(self.payload.get("data"))

    @property
    def user_id(self) -> str:
        # In a server the user is inside `member`; in a direct message it is `user`.
        user = _dict(_dict(self.payload.get("member")).get("user")) or _dict(
            self.payload.get("user")
        )
        return str(user.get("id", ""))

    def locale(self, default: str) -> str:
        given = self.payload.get("locale")
        if not isinstance(given, str) or not given:
            return default
        return "pt-BR" if given.lower().startswith("pt") else "en"


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


async def _interaction(request: Request, ctx: Context) -> Interaction:
    key = _verify_key(ctx.settings.discord_public_key or "")
    if key is None:
        raise HTTPException(503, "the Discord integration is not configured")
    body = await request.body()
    headers = request.headers
    if not verified(
        key, body, headers.get("x-signature-timestamp"), headers.get("x-signature-ed25519")
    ):
        raise HTTPException(401, "invalid request signature")
    try:
        payload = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(400, "the body is not JSON") from None
    if not isinstance(payload, dict):
        raise HTTPException(400, "the body is not a JSON object")
    try:
        shape.checked(payload)
    except shape.ValidationError as exc:
        raise HTTPException(400, f"not a Discord interaction: {shape.problems(exc)}") from None
    return Interaction(payload, str(request.base_url))


Signed = Annotated[Interaction, Depends(_interaction)]
Handler = Callable[[AppContext, Interaction, BackgroundTasks], Response]


@router.post("/interactions", responses=documented(400, 401, 413, 429, 503))
def interactions(interaction: Signed, ctx: Context, background: BackgroundTasks) -> Response:
    """Discord's Interactions Endpoint URL."""
    kind = interaction.payload.get("type")
    handler = _HANDLERS.get(kind) if isinstance(kind, int) else None
    if handler is None:
        raise HTTPException(400, "unsupported interaction type")
    return handler(ctx, interaction, background)


def _ping(*_: object) -> Response:
    return {"type": PONG}


def _shown(ctx: AppContext, outcome: Turn | Note, starter: str, base_url: str) -> Response:
    if isinstance(outcome, Note):
        return render.note(outcome.text)
    return render.message(view(ctx, outcome, starter, base_url))


def _answer(ctx: AppContext, outcome: Turn | Note, it: Interaction, kind: int) -> Response:
    """A turn becomes (or updates) the message; a note only the clicker sees."""
    if isinstance(outcome, Note):
        return {"type": CHANNEL_MESSAGE, "data": render.ephemeral(outcome.text)}
    return {"type": kind, "data": _shown(ctx, outcome, it.user_id, it.base_url)}


def _note(text: str) -> Response:
    return {"type": CHANNEL_MESSAGE, "data": render.ephemeral(text)}


# --- /oom -------------------------------------------------------------------------------------
def _command(ctx: AppContext, it: Interaction, background: BackgroundTasks) -> Response:
    locale = it.locale(ctx.settings.default_locale)
    options = {
        str(o.get("name")): o.get("value")
        for o in it.data.get("options") or []
        if isinstance(o, dict)
    }
    message = options.get("message")
    text = message if isinstance(message, str) and message.strip() else None
    attachment = _dict(
        _dict(_dict(it.data.get("resolved")).get("attachments")).get(str(options.get("config")))
    )
    if not attachment:
        return _answer(
            ctx, start(ctx, Opening(locale=locale, text=text), CHANNEL), it, CHANNEL_MESSAGE
        )
    problem = _attachment_problem(ctx, attachment)
    if problem is not None:
        return _note(channel_text(ctx, problem.reason, locale, **problem.params))
    background.add_task(_start_with_attachment, ctx, it, text, str(attachment["url"]))
    return {"type": DEFERRED_MESSAGE}


def _attachment_problem(ctx: AppContext, attachment: dict[str, Any]) -> FetchError | None:
    """What can be refused at once, inside the 3-second window: host and declared size."""
    url, size = attachment.get("url"), attachment.get("size")
    hosts = ctx.settings.discord_attachment_hosts
    if not isinstance(url, str) or not allowed(url, hosts, ctx.settings.integrations_allow_http):
        return FetchError("attachment_host")
    if isinstance(size, int) and size > MAX_CONFIG_BYTES:
        return FetchError("attachment_too_large", size=size, limit=MAX_CONFIG_BYTES)
    return None


def _start_with_attachment(ctx: AppContext, it: Interaction, text: str | None, url: str) -> None:
    """Runs after the deferral was sent: fetch, diagnose, then edit the deferred message."""
    settings = ctx.settings
    locale = it.locale(settings.default_locale)
    outcome: Turn | Note
    try:
        config = fetch_text(
            url,
            MAX_CONFIG_BYTES,
            settings.discord_attachment_hosts,
            settings.integrations_allow_http,
        )
    except FetchError as exc:
        outcome = Note(channel_text(ctx, exc.reason, locale, **exc.params))
    else:
        outcome = start(ctx, Opening(locale=locale, text=text, config=config), CHANNEL)
    api = settings.discord_api_url.rstrip("/")
    app_id, token = it.payload.get("application_id"), it.payload.get("token")
    target = f"{api}/webhooks/{app_id}/{token}/messages/@original"
    api_host = {urlsplit(api).hostname or ""}
    send_json(
        "PATCH",
        target,
        _shown(ctx, outcome, it.user_id, it.base_url),
        hosts=api_host,
        allow_http=settings.integrations_allow_http,
    )


# --- buttons and text boxes ---------------------------------------------------------------
def _handle(ctx: AppContext, it: Interaction) -> Handle | Response:
    """The button's handle, or the note to answer with when it is not this person's to press."""
    locale = it.locale(ctx.settings.default_locale)
    handle = Handle.decode(it.data.get("custom_id"))
    if handle is None:
        return _note(channel_text(ctx, "invalid", locale))
    if handle.starter != it.user_id:
        return _note(channel_text(ctx, "not_starter", locale))
    return handle


def _component(ctx: AppContext, it: Interaction, _: BackgroundTasks) -> Response:
    handle = _handle(ctx, it)
    if not isinstance(handle, Handle):
        return handle
    locale = it.locale(ctx.settings.default_locale)
    if handle.action == Action.OPTION:
        outcome = advance(ctx, handle, Reply(value=handle.value), CHANNEL)
        return _answer(ctx, outcome, it, UPDATE_MESSAGE)
    if handle.action == Action.RESTART:
        restarted = start(ctx, Opening(locale=locale), CHANNEL, handle.conversation_id)
        return _answer(ctx, restarted, it, UPDATE_MESSAGE)
    if handle.action in (Action.ANSWER, Action.CONFIG):
        return {"type": MODAL, "data": _modal(ctx, handle, locale)}
    return _note(channel_text(ctx, "invalid", locale))


def _modal(ctx: AppContext, handle: Handle, locale: str) -> dict[str, Any]:
    paragraph = handle.action == Action.CONFIG
    kind = "config" if paragraph else "answer"
    submit = handle.but(Action.CONFIG_SUBMIT if paragraph else Action.ANSWER_SUBMIT)

    def text(key: str) -> str:
        return channel_text(ctx, f"modal.{kind}.{key}", locale)

    return render.modal(submit, text("title"), text("label"), text("placeholder"), paragraph)


def _submitted_text(data: dict[str, Any]) -> str:
    for row in data.get("components") or []:
        for component in _dict(row).get("components") or []:
            if _dict(component).get("custom_id") == "text":
                value = _dict(component).get("value")
                return value if isinstance(value, str) else ""
    return ""


def _modal_submit(ctx: AppContext, it: Interaction, _: BackgroundTasks) -> Response:
    handle = _handle(ctx, it)
    if not isinstance(handle, Handle):
        return handle
    text = _submitted_text(it.data)
    # A modal opened from a button on the bot's message may update that message.
    kind = UPDATE_MESSAGE if "message" in it.payload else CHANNEL_MESSAGE
    if handle.action == Action.ANSWER_SUBMIT:
        return _answer(ctx, advance(ctx, handle, Reply(text=text), CHANNEL), it, kind)
    if handle.action != Action.CONFIG_SUBMIT:
        return _note(channel_text(ctx, "invalid", it.locale(ctx.settings.default_locale)))
    config = unfence(text)
    try:
        read_config(config)
    except ConfigError as exc:
        return _note(config_problems(ctx, exc, it.locale(ctx.settings.default_locale)))
    return _answer(ctx, advance(ctx, handle, Reply(text=fenced(config)), CHANNEL), it, kind)


_HANDLERS: Final[dict[int, Handler]] = {
    PING: _ping,
    APPLICATION_COMMAND: _command,
    MESSAGE_COMPONENT: _component,
    MODAL_SUBMIT: _modal_submit,
}
