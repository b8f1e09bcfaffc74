"""The REST API under /v1: conversations, diagnoses, config checks, the KB and its sections."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Query, Request, Response, status
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError

from api.context import AppContext, Context, context_of
from api.doctor import check
from api.problems import PROBLEM, SectionNotFound
from api.schemas import (
    ConfigCheck,
    ConfigCheckBody,
    ConversationView,
    FeedbackBody,
    KBInfo,
    NewConversation,
    Problem,
    ReplyBody,
    SectionView,
)
from engine.engine import MAX_TEXT, Engine
from engine.extract import extract
from engine.models import Diagnosis, Turn
from engine.state import ConversationState, Opening, Reply
from kb.contract import FACTS, SECTIONS
from kb.problems import did_you_mean
from kb.schema import QuestionNode
from locales import pick_locale

# Routes are async and call the engine and the store directly: a turn is well under a
# millisecond of work, less than a hop to the thread pool and back would cost.
router = APIRouter(prefix="/v1", tags=["v1"])
B = TypeVar("B", bound=BaseModel)
AcceptLanguage = Annotated[str | None, Header(max_length=512)]


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": Problem, "content": {PROBLEM: {}}} for code in {*codes, 422}}


def _json(model: BaseModel, status_code: int = 200) -> Response:
    """The model serialised once by pydantic; returning a Response spares FastAPI from
    validating and encoding it a second time against the response model (the OpenAPI document
    still describes the body through ``response_model``)."""
    return Response(model.model_dump_json(), status_code=status_code, media_type="application/json")


_ACCEPT_LANGUAGE = {
    "name": "accept-language",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "maxLength": 512},
    "description": "used when the body names no locale",
}


def _body(schema: str, *, localized: bool = False) -> dict[str, Any]:
    """How a hot route's body (read by ``_parse``) is described in the OpenAPI document."""
    ref = {"$ref": f"#/components/schemas/{schema}"}
    doc: dict[str, Any] = {
        "requestBody": {"required": True, "content": {"application/json": {"schema": ref}}}
    }
    if localized:
        doc["parameters"] = [_ACCEPT_LANGUAGE]
    return doc


def _accept_language(request: Request) -> str | None:
    return request.headers.get("accept-language", "")[:512] or None


async def _parse(request: Request, model: type[B]) -> B:
    """The body read straight into its model: one pydantic pass over the raw bytes, instead of
    FastAPI's json.loads followed by validation of the resulting objects."""
    try:
        return model.model_validate_json(await request.body())
    except ValidationError as exc:
        raise RequestValidationError(
            [{**e, "loc": ("body", *e["loc"])} for e in exc.errors(include_url=False)]
        ) from None


def _opening(ctx: AppContext, body: NewConversation, accept: str | None) -> Opening:
    text = body.text

    def written_in() -> str | None:  # read only when neither body nor header names a locale
        return extract(text[:MAX_TEXT]).locale if text and text.strip() else None

    locale = pick_locale(body.locale, accept, ctx.settings.default_locale, written_in)
    return Opening(locale=locale, text=text, facts=body.facts, config=body.config)


# The three routes every turn goes through read their body with ``_parse`` and find the app's
# context on the request, which measurably shortens each request.
@router.post(
    "/conversations",
    status_code=status.HTTP_201_CREATED,
    response_model=Turn,
    responses=_errors(400, 413, 422, 429),
    openapi_extra=_body("NewConversation", localized=True),
)
async def start_conversation(request: Request) -> Response:
    """Start a conversation from free text, known facts and/or a job config."""
    ctx = context_of(request)
    body = await _parse(request, NewConversation)
    turn = ctx.service.start(_opening(ctx, body, _accept_language(request)))
    ctx.metrics.turn(turn, "rest")
    return _json(turn, status.HTTP_201_CREATED)


@router.post(
    "/conversations/{conversation_id}/replies",
    response_model=Turn,
    responses=_errors(400, 404, 409, 413, 422, 429),
    openapi_extra=_body("ReplyBody"),
)
async def reply(conversation_id: str, request: Request) -> Response:
    """Answer the pending question with an option `value` or free `text`."""
    ctx = context_of(request)
    body = await _parse(request, ReplyBody)
    turn = ctx.service.reply(conversation_id, Reply(value=body.value, text=body.text), body.turn)
    ctx.metrics.turn(turn, "rest")
    return _json(turn)


@router.get(
    "/conversations/{conversation_id}", response_model=ConversationView, responses=_errors(404, 429)
)
async def get_conversation(conversation_id: str, ctx: Context) -> Response:
    """The conversation so far: locale, facts, transcript and the pending question."""
    conv = ctx.service.get(conversation_id)
    view = conversation_view(ctx.engine, conv.id, conv.state)
    return _json(view)


@router.post(
    "/conversations/{conversation_id}/feedback",
    status_code=204,
    responses=_errors(400, 404, 413, 422, 429),
)
async def feedback(conversation_id: str, body: FeedbackBody, ctx: Context) -> Response:
    """Was the answer helpful? Stored with the conversation, its path and the KB version."""
    ctx.service.feedback(conversation_id, body.helpful, body.comment)
    return Response(status_code=204)


@router.post(
    "/diagnose",
    response_model=Diagnosis,
    responses=_errors(400, 413, 422, 429),
    openapi_extra=_body("NewConversation", localized=True),
)
async def diagnose(request: Request) -> Response:
    """Stateless: the best answer for what is known, plus the questions that would refine it."""
    ctx = context_of(request)
    body = await _parse(request, NewConversation)
    result = ctx.engine.diagnose(_opening(ctx, body, _accept_language(request)))
    ctx.metrics.diagnosis(result)
    return _json(result)


# Served by api.fastlane, which calls them with the request and their path parameters.
HOT = (start_conversation, reply, diagnose)


@router.post("/configs/check", response_model=ConfigCheck, responses=_errors(400, 413, 422, 429))
async def check_config(
    body: ConfigCheckBody, ctx: Context, accept_language: AcceptLanguage = None
) -> Response:
    """Diagnose an AI Toolkit job config: facts, risk, recommendations, per-process facts."""
    locale = pick_locale(body.locale, accept_language, ctx.settings.default_locale)
    return _json(check(ctx.engine, body.config, locale))


@router.get("/kb", response_model=KBInfo)
async def kb_info(ctx: Context) -> KBInfo:
    """The KB's version (a content hash), locales, sections, facts and advice codes."""
    return describe_kb(ctx.engine)


def describe_kb(engine: Engine) -> KBInfo:
    """What `GET /v1/kb` and `oomguide kb --json` print."""
    catalog = engine.renderer.catalog
    facts = {
        name: {"type": spec.type.value, **({"values": list(spec.values)} if spec.values else {})}
        for name, spec in FACTS.items()
    }
    sections = [
        {
            "id": s.id,
            "number": SECTIONS[s.id],
            "parent": s.parent,
            "titles": {loc: catalog.text(f"section.{s.id}.title", loc) for loc in catalog.locales},
        }
        for s in engine.kb.sections
    ]
    return KBInfo(
        version=engine.kb.version,
        locales=list(catalog.locales),
        sections=sections,
        facts=facts,
        advice_codes=[a.code for a in engine.kb.advice],
    )


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
    return section_view(ctx, section_id, chosen)


def conversation_view(
    engine: Engine, conversation_id: str, state: ConversationState
) -> ConversationView:
    pending = engine.graph.nodes.get(state.pending or "")
    question = None
    if isinstance(pending, QuestionNode):
        question = engine.renderer.question(pending, state.locale, state.facts)
    return ConversationView(
        conversation_id=conversation_id,
        locale=state.locale,
        facts=state.facts,
        transcript=state.transcript,
        question=question,
        turn=state.turn,
        done=state.done,
    )


def section_view(ctx: AppContext, section_id: str, locale: str) -> SectionView:
    citation = ctx.engine.renderer.citations([section_id], locale)[0]
    parent = next((s.parent for s in ctx.kb.sections if s.id == section_id), None)
    summary = ctx.catalog.render(f"section.{section_id}.summary", locale, {"facts": {}})
    return SectionView(
        id=section_id,
        number=citation.number,
        title=citation.title,
        summary=summary,
        url=citation.url,
        parent=parent,
    )
