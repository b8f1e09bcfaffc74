"""The REST API under /v1: conversations, diagnoses, config checks, the KB and its sections."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, HTTPException, Query, Request, Response, status
from fastapi.concurrency import run_in_threadpool

from api.service.config_check import check
from api.service.describe import conversation_view, describe_kb, section_view
from api.service.views import ConfigCheck, ConversationView, KBInfo, SectionView
from api.web.context import AppContext, Context
from api.web.problems import PROBLEM, SectionNotFound
from api.web.schemas import ConfigCheckBody, FeedbackBody, NewConversation, Problem, ReplyBody
from engine.engine import MAX_TEXT
from engine.extract import locale_of
from engine.models import Diagnosis, Turn
from engine.state import Opening, Reply
from kb.contract import SECTIONS
from kb.problems import did_you_mean
from locales import pick_locale

# Routes that touch the store hand that work to the store's own threads (AppContext.store_calls),
# which fail it with 503 past a bounded wait; stateless routes hand theirs (reading a message or
# a config can take a while) to FastAPI's thread pool. Nothing waits on the event loop. The
# routes themselves are async: a plain `def` route would go to a thread a second time, only for
# FastAPI to check the model it returns.


async def _json_only(request: Request) -> None:
    """415 for a body sent without a JSON content type. A page on another site can post
    ``text/plain`` or a form from a visitor's browser with no CORS preflight; a JSON content
    type needs one, so requiring it closes that door."""
    if request.method == "POST" and not _is_json(request.headers.get("content-type", "")):
        raise HTTPException(415, "send the body as application/json")


def _is_json(content_type: str) -> bool:
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )


router = APIRouter(prefix="/v1", tags=["v1"], dependencies=[Depends(_json_only)])
AcceptLanguage = Annotated[str | None, Header(max_length=512)]
# Set by the widget; any other caller is counted as the REST channel.
ChannelHeader = Annotated[str | None, Header(alias="X-Oomguide-Channel", max_length=32)]


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": Problem, "content": {PROBLEM: {}}} for code in {*codes, 422}}


def _opening(ctx: AppContext, body: NewConversation, accept: str | None) -> Opening:
    text = body.text

    def written_in() -> str | None:  # read only when neither body nor header names a locale
        return locale_of(text[:MAX_TEXT]) if text and text.strip() else None

    locale = pick_locale(body.locale, accept, ctx.settings.default_locale, written_in)
    return Opening(locale=locale, text=text, facts=body.facts, config=body.config)


@router.post(
    "/conversations",
    status_code=status.HTTP_201_CREATED,
    response_model=Turn,
    responses=_errors(400, 413, 415, 422, 429, 503),
)
async def start_conversation(
    body: NewConversation,
    ctx: Context,
    accept_language: AcceptLanguage = None,
    channel: ChannelHeader = None,
) -> Turn:
    """Start a conversation from free text, known facts and/or a job config."""
    named = "widget" if channel == "widget" else "rest"
    turn = await ctx.store_calls.run(_start, ctx, body, accept_language, named)
    ctx.metrics.turn(turn, named)
    return turn


def _start(ctx: AppContext, body: NewConversation, accept: str | None, channel: str) -> Turn:
    # The locale may have to be read from the text: on the same thread as the turn.
    return ctx.service.start(_opening(ctx, body, accept), channel)


@router.post(
    "/conversations/{conversation_id}/replies",
    response_model=Turn,
    responses=_errors(400, 404, 409, 413, 415, 422, 429, 503),
)
async def reply(conversation_id: str, body: ReplyBody, ctx: Context) -> Turn:
    """Answer the pending question with an option `value` or free `text`."""
    answer = Reply(value=body.value, text=body.text)
    turn = await ctx.store_calls.run(ctx.service.reply, conversation_id, answer, body.turn)
    ctx.metrics.turn(turn, "rest")
    return turn


@router.get(
    "/conversations/{conversation_id}",
    response_model=ConversationView,
    responses=_errors(404, 429, 503),
)
async def get_conversation(conversation_id: str, ctx: Context) -> ConversationView:
    """The conversation so far: locale, facts, transcript and the pending question."""
    conv = await ctx.store_calls.run(ctx.service.get, conversation_id)
    return conversation_view(ctx.engine, conv.id, conv.state)


@router.post(
    "/conversations/{conversation_id}/feedback",
    status_code=204,
    responses=_errors(400, 404, 413, 415, 422, 429, 503),
)
async def feedback(conversation_id: str, body: FeedbackBody, ctx: Context) -> Response:
    """Was the answer helpful? Stored with the conversation, its path and the KB version."""
    await ctx.store_calls.run(ctx.service.feedback, conversation_id, body.helpful, body.comment)
    return Response(status_code=204)


@router.post("/diagnose", response_model=Diagnosis, responses=_errors(400, 413, 415, 422, 429))
async def diagnose(
    body: NewConversation, ctx: Context, accept_language: AcceptLanguage = None
) -> Diagnosis:
    """Stateless: the best answer for what is known, plus the questions that would refine it."""
    result = await run_in_threadpool(_diagnosis, ctx, body, accept_language)
    ctx.metrics.diagnosis(result)
    return result


def _diagnosis(ctx: AppContext, body: NewConversation, accept: str | None) -> Diagnosis:
    return ctx.engine.diagnose(_opening(ctx, body, accept))


@router.post(
    "/configs/check", response_model=ConfigCheck, responses=_errors(400, 413, 415, 422, 429)
)
async def check_config(
    body: ConfigCheckBody, ctx: Context, accept_language: AcceptLanguage = None
) -> ConfigCheck:
    """Diagnose an AI Toolkit job config: facts, risk, recommendations, per-process facts."""
    locale = pick_locale(body.locale, accept_language, ctx.settings.default_locale)
    return await run_in_threadpool(check, ctx.engine, body.config, locale)


@router.get("/kb", response_model=KBInfo)
async def kb_info(ctx: Context) -> KBInfo:
    """The KB's version (a content hash), locales, sections, facts and advice codes."""
    return describe_kb(ctx.engine)


@router.get("/sections/{section_id}", response_model=SectionView, responses=_errors(404))
async def section(
    section_id: str,
    ctx: Context,
    accept_language: AcceptLanguage = None,
    locale: Annotated[str | None, Query(max_length=35)] = None,
) -> SectionView:
    """One section of the guide: number, title, the KB's summary and its url."""
    if section_id not in SECTIONS:
        raise SectionNotFound(section_id, did_you_mean(section_id, SECTIONS))
    chosen = pick_locale(locale, accept_language, ctx.settings.default_locale)
    return section_view(ctx.engine, section_id, chosen)
