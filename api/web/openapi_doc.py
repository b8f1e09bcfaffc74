"""The OpenAPI document's additions: examples — request bodies written here, responses produced
by the engine itself at start-up, so the documented answers are always the ones the API gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from api.service.analytics import Analytics, summarize
from api.service.config_check import check
from api.service.describe import conversation_view, describe_kb, section_view
from api.store.events import Event, KeptText
from api.web.context import AppContext
from engine.state import Opening, Reply

CONFIG = (
    "job: extension\nconfig:\n  name: zimage_faces\n  process:\n    - type: sd_trainer\n"
    "      train:\n        batch_size: 4\n        gradient_checkpointing: false\n"
    "      datasets:\n        - folder_path: /data/faces\n          resolution: [512, 1024]\n"
    "      model:\n        arch: zimage:turbo\n"
)
EXAMPLE_ID = "k3Vq0n9xZbY2r8TfLw1aPc5d"
OPENING = {"locale": "pt-BR", "text": "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"}
REQUESTS: dict[tuple[str, str], dict[str, Any]] = {
    ("post", "/v1/conversations"): {
        "text": {"summary": "Free text", "value": OPENING},
        "facts": {
            "summary": "Known facts",
            "value": {"locale": "en", "facts": {"goal": "fix_oom"}},
        },
        "config": {"summary": "A job config", "value": {"locale": "en", "config": CONFIG}},
    },
    ("post", "/v1/conversations/{conversation_id}/replies"): {
        "option": {"summary": "An option", "value": {"value": "disabled", "turn": 1}},
        "text": {"summary": "Free text", "value": {"text": "batch 4, FLUX.1-dev"}},
    },
    ("post", "/v1/conversations/{conversation_id}/feedback"): {
        "helpful": {"summary": "Helpful", "value": {"helpful": True, "comment": "fixed it"}},
    },
    ("post", "/v1/diagnose"): {"text": {"summary": "Free text", "value": OPENING}},
    ("post", "/v1/configs/check"): {
        "config": {"summary": "A job config", "value": {"config": CONFIG, "locale": "en"}}
    },
}


def _responses(ctx: AppContext) -> dict[tuple[str, str], Any]:
    engine = ctx.engine
    state, first = engine.start(Opening(locale="en", text="help, out of memory"))
    state, second = engine.reply(state, Reply(value="disabled"))
    diagnosis = engine.diagnose(Opening(**OPENING))
    produce: dict[tuple[str, str], Callable[[], Any]] = {
        ("post", "/v1/conversations"): lambda: first,
        ("post", "/v1/conversations/{conversation_id}/replies"): lambda: second,
        ("post", "/v1/diagnose"): lambda: diagnosis,
        ("post", "/v1/configs/check"): lambda: check(engine, CONFIG, "en"),
        ("get", "/v1/kb"): lambda: describe_kb(engine),
        ("get", "/v1/conversations/{conversation_id}"): lambda: conversation_view(
            engine, EXAMPLE_ID, state
        ),
        ("get", "/v1/sections/{section_id}"): lambda: section_view(engine, "where-to-change", "en"),
        ("get", "/v1/analytics"): lambda: _analytics(ctx.kb.version),
    }
    examples = {key: make().model_dump(mode="json") for key, make in produce.items()}
    for key in (
        ("post", "/v1/conversations"),
        ("post", "/v1/conversations/{conversation_id}/replies"),
    ):
        examples[key]["conversation_id"] = EXAMPLE_ID
    return examples


def _analytics(kb_version: str) -> Analytics:
    """A day with two conversations: one answered and called helpful, one misread opening."""
    at, other = 1_764_547_200.0, "m7Rr2Lq0pXe4T1vYc9aZb3Nd"
    start = {"channel": "rest", "locale": "en", "kb": kb_version, "config": False}
    events = [
        Event(EXAMPLE_ID, "started", at, {**start, "facts": ["goal"], "misread": False}),
        Event(EXAMPLE_ID, "asked", at, {"node": "q_gc", "fact": "gc"}),
        Event(EXAMPLE_ID, "reply", at + 9, {"node": "q_gc", "via": "option", "filled": ["gc"]}),
        Event(EXAMPLE_ID, "answer", at + 9, {"node": "a_enable_gc", "codes": ["enable_gc"]}),
        Event(EXAMPLE_ID, "feedback", at + 30, {"helpful": True, "comment": False}),
        Event(other, "started", at + 60, {**start, "facts": [], "misread": True}),
        Event(other, "asked", at + 60, {"node": "q_goal", "fact": "goal"}),
    ]
    texts = [KeptText(other, at + 60, "misread", "does it work with [url]?", at + 2_592_060)]
    return summarize(events, texts, since=at - 3600, now=at + 3600, session_ttl=86_400)


def install(app: FastAPI, ctx: AppContext) -> None:
    """Replace ``app.openapi`` with one that adds the examples to the generated document."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title, version=app.version, description=app.description, routes=app.routes
            )
            _add(schema, _responses(ctx))
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _add(schema: dict[str, Any], responses: dict[tuple[str, str], Any]) -> None:
    for (method, path), examples in REQUESTS.items():
        body = schema["paths"][path][method]["requestBody"]["content"]["application/json"]
        body["examples"] = examples
    for (method, path), example in responses.items():
        operation = schema["paths"][path][method]
        ok = operation["responses"].get("201") or operation["responses"]["200"]
        ok["content"]["application/json"]["example"] = example
