"""Localized texts: present in every locale, the same placeholders, current, and well formed."""

from __future__ import annotations

from collections.abc import Iterator

import jinja2

from kb.checks.context import (
    ADVICE_FILE,
    GATES_FILE,
    KB_TEXTS_FILE,
    SECTIONS_FILE,
    CheckContext,
)
from kb.contract import SOURCE_LOCALE
from kb.problems import Problem, did_you_mean
from kb.schema import QuestionNode
from locales.catalog import source_hash


def _origins(ctx: CheckContext) -> dict[str, str]:
    """Text key -> what in the KB asks for it, so a missing text says why it is needed."""
    kb = ctx.kb
    found: dict[str, str] = {}
    for s in kb.sections:
        place = f"section {s.id!r} at {SECTIONS_FILE}:{s.line}"
        found |= {f"section.{s.id}.title": place, f"section.{s.id}.summary": place}
    found |= {f"advice.{a.code}": f"advice {a.code!r} at {ADVICE_FILE}:{a.line}" for a in kb.advice}
    found |= {f"gate.{g.id}": f"gate {g.id!r} at {GATES_FILE}:{g.line}" for g in kb.gates}
    for node in kb.nodes:
        place = f"node {node.id!r} at {node.file}:{node.line}"
        found |= {f"node.{node.id}.text": place, f"node.{node.id}.reask": place}
        if isinstance(node, QuestionNode):
            found |= {f"option.{node.fact}.{value}": place for value in node.options}
    return found


def _home(ctx: CheckContext, key: str, locale: str) -> str:
    """The file a text missing in ``locale`` belongs in: where the other locales keep it."""
    for other in ctx.locales:
        entry = ctx.entries(other).get(key)
        if entry is not None:
            return ctx.locale_file(locale, entry.path.name)
    return ctx.locale_file(locale, KB_TEXTS_FILE)


def text_missing(ctx: CheckContext) -> Iterator[Problem]:
    if ctx.catalog is None:
        return
    origins = _origins(ctx)
    # Texts the risk table spells out are reported at the row that names them.
    for key in sorted(ctx.required_texts.keys() - ctx.named_texts):
        why = f" (needed by {origins[key]})" if key in origins else ""
        for locale in ctx.locales:
            if key not in ctx.entries(locale):
                home = _home(ctx, key, locale)
                yield Problem(
                    home,
                    0,
                    "text-missing",
                    f"text {key!r} is missing in {locale}{why}",
                    f"add {key!r} to {home}",
                )


def text_locale_mismatch(ctx: CheckContext) -> Iterator[Problem]:
    """Texts nobody requires (config.*, engine extras) must still exist in every locale."""
    everywhere = set().union(*(ctx.entries(loc) for loc in ctx.locales))
    for key in sorted(everywhere - ctx.required_texts.keys()):
        absent = [loc for loc in ctx.locales if key not in ctx.entries(loc)]
        present = [loc for loc in ctx.locales if key in ctx.entries(loc)]
        if not absent:
            continue
        entry = ctx.entries(present[0])[key]
        yield Problem(
            ctx.entry_file(entry),
            entry.line,
            "text-locale-mismatch",
            f"text {key!r} is in {', '.join(present)} but not in {', '.join(absent)}",
            f"add it to {_home(ctx, key, absent[0])}, or remove it if nothing uses it",
        )


def _variables(ctx: CheckContext, locale: str, key: str) -> frozenset[str] | None:
    parsed = ctx.template_variables.get((locale, key))
    return parsed if isinstance(parsed, frozenset) else None


def text_placeholders_differ(ctx: CheckContext) -> Iterator[Problem]:
    for key in sorted(ctx.entries(SOURCE_LOCALE)):
        source = _variables(ctx, SOURCE_LOCALE, key)
        for locale in ctx.locales:
            entry = ctx.entries(locale).get(key)
            names = _variables(ctx, locale, key)
            if locale == SOURCE_LOCALE or entry is None or names is None or source is None:
                continue
            if names != source:
                yield Problem(
                    ctx.entry_file(entry),
                    entry.line,
                    "text-placeholders-differ",
                    f"text {key!r} reads {_names(names)} in {locale} "
                    f"but {_names(source)} in {SOURCE_LOCALE}",
                    "use the same variables as the source text",
                )


def _names(names: frozenset[str]) -> str:
    return "{" + ", ".join(sorted(names)) + "}"


def text_unknown_variable(ctx: CheckContext) -> Iterator[Problem]:
    for locale in ctx.locales:
        for key, entry in sorted(ctx.entries(locale).items()):
            allowed = ctx.required_texts.get(key)
            names = _variables(ctx, locale, key)
            if allowed is None or names is None:
                continue
            for name in sorted(names - allowed):
                yield Problem(
                    ctx.entry_file(entry),
                    entry.line,
                    "text-unknown-variable",
                    f"text {key!r} reads {name!r}, which is not given to it "
                    f"(it gets {_names(allowed)})",
                    did_you_mean(name, allowed),
                )


def text_stale(ctx: CheckContext) -> Iterator[Problem]:
    sources = ctx.entries(SOURCE_LOCALE)
    for locale in ctx.locales:
        if locale == SOURCE_LOCALE:
            continue
        for key, entry in sorted(ctx.entries(locale).items()):
            if key not in sources:
                continue
            current = source_hash(sources[key].text)
            if entry.source == current:
                continue
            why = "records no source hash" if entry.source is None else "translates an older text"
            yield Problem(
                ctx.entry_file(entry),
                entry.line,
                "text-stale",
                f"the {locale} text {key!r} {why} of {SOURCE_LOCALE}",
                f"update the translation to the current {SOURCE_LOCALE} text, "
                f"then set its source to {current!r}",
            )


def text_syntax(ctx: CheckContext) -> Iterator[Problem]:
    for (locale, key), parsed in sorted(ctx.template_variables.items()):
        if isinstance(parsed, jinja2.TemplateSyntaxError):
            entry = ctx.entries(locale)[key]
            yield Problem(
                ctx.entry_file(entry),
                entry.line,
                "text-syntax",
                f"text {key!r} is not a valid template "
                f"(line {parsed.lineno} of the text): {parsed.message}",
                "fix the {{ }} / {% %} markup",
            )
