"""The service's descriptions: the KB (`GET /v1/kb`, `oomguide kb --json`), a section of the
guide, a conversation so far."""

from __future__ import annotations

from api.service.views import ConversationView, KBInfo, SectionView
from engine.engine import Engine
from engine.state import ConversationState
from kb.contract import FACTS, SECTIONS
from kb.schema import QuestionNode


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


def section_view(engine: Engine, section_id: str, locale: str) -> SectionView:
    citation = engine.renderer.citations([section_id], locale)[0]
    parent = next((s.parent for s in engine.kb.sections if s.id == section_id), None)
    summary = engine.renderer.text(f"section.{section_id}.summary", locale, facts={})
    return SectionView(
        id=section_id,
        number=citation.number,
        title=citation.title,
        summary=summary,
        url=citation.url,
        parent=parent,
    )
