"""When a message and a job config disagree on a setting, the config wins and the answer says so;
unless the message says the setting was changed since the config was written."""

from __future__ import annotations

import re

from engine.render import Renderer
from kb.contract import FactValue

# The config reader's evidence: "train.gradient_checkpointing: false (line 58)".
_STATED = re.compile(r"^(?P<path>[^\s:;]+): .*?\(line (?P<line>\d+)\)")


def config_wins(
    renderer: Renderer,
    fact: str,
    said: FactValue,
    value: FactValue,
    evidence: str,
    locale: str,
    *,
    changed: bool = False,
) -> str:
    """The line naming the setting, what the message said and what the config says; or, where
    the message says it ``changed`` the setting since the config was written, that the answer
    goes by the message."""
    stated = _STATED.match(evidence)
    return renderer.text(
        "engine.changed_since" if changed else "engine.config_wins",
        locale,
        setting=stated["path"] if stated else fact,
        line=int(stated["line"]) if stated else None,
        said=_shown(renderer, fact, said, locale),
        config=_shown(renderer, fact, value, locale),
    )


def _shown(renderer: Renderer, fact: str, value: FactValue, locale: str) -> str:
    """A value as the person reads it: an option's label, yes/no, or the number(s)."""
    if isinstance(value, bool):
        return renderer.text(f"engine.bool.{str(value).lower()}", locale)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    key = f"option.{fact}.{value}"
    if isinstance(value, str) and renderer.catalog.has(key, locale):
        return renderer.text(key, locale, facts={})
    return str(value)
