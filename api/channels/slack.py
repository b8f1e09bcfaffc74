"""Slack's slash command and Block Kit buttons: signed form posts in, Block Kit out.

The slash command is answered in its own response (ephemeral: a diagnosis of someone's job
is personal, keeps the channel quiet, and only the person who asked sees the buttons). A
button click is acknowledged at once and the message replaced through ``response_url``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Annotated, Any, Final
from urllib.parse import parse_qs

from fastapi import APIRouter, BackgroundTasks, Depends, HTTPException, Request, Response
from slack_sdk.signature import SignatureVerifier

from api.channels import slack_render as render
from api.channels.common import (
    Action,
    Handle,
    Note,
    advance,
    channel_text,
    conversation_locale,
    documented,
    start,
    unfence,
    view,
)
from api.channels.outbound import allowed, send_json
from api.web.context import AppContext, Context
from engine.config import ConfigError, read_config
from engine.engine import MAX_TEXT
from engine.extract import locale_of
from engine.models import Turn
from engine.state import Opening, Reply
from locales import pick_locale

router = APIRouter(prefix="/integrations/slack", tags=["integrations"])
CHANNEL: Final = "slack"
_TIMESTAMP: Final = re.compile(r"^\d{1,12}$")
_SIGNATURE: Final = re.compile(r"^v0=[0-9a-f]{64}$")


def verified(secret: str, body: bytes, timestamp: str | None, signature: str | None) -> bool:
    """slack-sdk's check (HMAC-SHA256, 5-minute window), after refusing header shapes it
    would raise on rather than reject."""
    if not timestamp or not signature:
        return False
    if not _TIMESTAMP.match(timestamp) or not _SIGNATURE.match(signature):
        return False
    try:
        return SignatureVerifier(secret).is_valid(body, timestamp, signature)
    except (ValueError, UnicodeDecodeError):
        return False


@dataclass(frozen=True)
class SlackRequest:
    form: dict[str, str]
    base_url: str


async def _signed(request: Request, ctx: Context) -> SlackRequest:
    secret = ctx.settings.slack_signing_secret
    if not secret:
        raise HTTPException(503, "the Slack integration is not configured")
    body = await request.body()
    headers = request.headers
    if not verified(
        secret, body, headers.get("x-slack-request-timestamp"), headers.get("x-slack-signature")
    ):
        raise HTTPException(401, "invalid request signature")
    parsed = parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True)
    return SlackRequest({k: v[0] for k, v in parsed.items()}, str(request.base_url))


Signed = Annotated[SlackRequest, Depends(_signed)]


async def _command_or_ssl_check(request: Request, ctx: Context) -> SlackRequest | None:
    """None for Slack's ``ssl_check``: an unsigned probe of the certificate, sent with
    ``ssl_check=1`` to a slash command's URL, which Slack documents be answered with a plain
    200 (as Bolt does, before any signature check)."""
    form = parse_qs((await request.body()).decode("utf-8", errors="replace"))
    if form.get("ssl_check") == ["1"]:
        return None
    return await _signed(request, ctx)


SignedOrCheck = Annotated[SlackRequest | None, Depends(_command_or_ssl_check)]


def _locale(ctx: AppContext, text: str) -> str:
    # Slash commands carry no locale: the language of the text, as for REST with none named.
    def written_in() -> str | None:
        return locale_of(text[:MAX_TEXT]) if text.strip() else None

    return pick_locale(None, None, ctx.settings.default_locale, written_in)


def _opening(text: str, locale: str) -> Opening:
    """A whole job config pasted after /oom is read as a config; anything else as a message
    (whose extraction still finds a config block inside it, as in the widget)."""
    if not text.strip():
        return Opening(locale=locale)
    try:
        read_config(unfence(text))
    except ConfigError:
        return Opening(locale=locale, text=text)
    return Opening(locale=locale, config=unfence(text))


def _shown(ctx: AppContext, outcome: Turn | Note, starter: str, base_url: str) -> dict[str, Any]:
    if isinstance(outcome, Note):
        return render.note(outcome.text)
    turn_view = view(ctx, outcome, starter, base_url)
    return render.message(turn_view, channel_text(ctx, "slack.answer_label", outcome.locale))


@router.post("/commands", response_model=None, responses=documented(401, 413, 429, 503))
def command(request: SignedOrCheck, ctx: Context) -> dict[str, Any] | Response:
    """The slash command `/oom [text]`, and Slack's `ssl_check` of its URL."""
    if request is None:
        return Response()
    text = render.unescape(request.form.get("text", ""))
    user = request.form.get("user_id", "")
    outcome = start(ctx, _opening(text, _locale(ctx, text)), CHANNEL)
    shown = _shown(ctx, outcome, user, request.base_url)
    return {**shown, "response_type": "ephemeral"}


@router.post(
    "/actions",
    response_class=Response,
    responses={200: {"description": "acknowledged"}, **documented(400, 401, 413, 429, 503)},
)
def actions(request: Signed, ctx: Context, background: BackgroundTasks) -> Response:
    """Block Kit interactions: acknowledged at once, answered through ``response_url``."""
    try:
        payload = json.loads(request.form.get("payload", ""))
    except ValueError:
        raise HTTPException(400, "the payload field is not JSON") from None
    if not isinstance(payload, dict) or payload.get("type") != "block_actions":
        return Response()
    response_url = payload.get("response_url")
    settings = ctx.settings
    if not isinstance(response_url, str) or not allowed(
        response_url, settings.slack_response_hosts, settings.integrations_allow_http
    ):
        raise HTTPException(400, "response_url is missing or not a Slack host")
    background.add_task(_act, ctx, payload, response_url, request.base_url)
    return Response()


def _first_action(payload: dict[str, Any]) -> dict[str, Any] | None:
    """The clicked element; None when ``actions`` is not the list of objects Slack sends."""
    actions = payload.get("actions")
    if not isinstance(actions, list) or not actions or not isinstance(actions[0], dict):
        return None
    return actions[0]


def _act(ctx: AppContext, payload: dict[str, Any], response_url: str, base_url: str) -> None:
    user = payload.get("user")
    user_id = str(user.get("id", "")) if isinstance(user, dict) else ""
    action = _first_action(payload)
    # A malformed click still gets an answer: the person hears that the button did nothing.
    outcome = _outcome(ctx, action, user_id) if action is not None else _invalid(ctx)
    body = _shown(ctx, outcome, user_id, base_url)
    if isinstance(outcome, Turn):
        body["replace_original"] = True
    send_json(
        "POST",
        response_url,
        body,
        hosts=ctx.settings.slack_response_hosts,
        allow_http=ctx.settings.integrations_allow_http,
    )


def _outcome(ctx: AppContext, action: dict[str, Any], user_id: str) -> Turn | Note:
    # A button carries its handle in `value`; a text box (whose value is what was typed) in
    # its `action_id`.
    typed = action.get("type") == "plain_text_input"
    handle = Handle.decode(action.get("action_id") if typed else action.get("value"))
    if handle is None:
        return _invalid(ctx)
    locale = conversation_locale(ctx, handle.conversation_id)
    if handle.starter != user_id:
        return Note(channel_text(ctx, "not_starter", locale))
    if handle.action == Action.OPTION:
        return advance(ctx, handle, Reply(value=handle.value), CHANNEL)
    if handle.action == Action.ANSWER_SUBMIT and isinstance(action.get("value"), str):
        return advance(ctx, handle, Reply(text=action["value"]), CHANNEL)
    if handle.action == Action.RESTART:
        return start(ctx, Opening(locale=locale), CHANNEL, handle.conversation_id)
    return Note(channel_text(ctx, "invalid", locale))


def _invalid(ctx: AppContext) -> Note:
    return Note(channel_text(ctx, "invalid", ctx.settings.default_locale))
