"""Reading typed values out of composed nodes, keeping where each one came from.

Scalars are interpreted with PyYAML's own YAML 1.1 rules (the same ones yaml.safe_load
applies for AI Toolkit), so ``off`` is false and ``0x10`` is 16, while every value still
knows its line. Wrong types are collected, never raised one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import yaml
from yaml.constructor import SafeConstructor

from engine.config.issues import ConfigIssue
from engine.facts import MAX_INT

_STR: Final = "tag:yaml.org,2002:str"
_INT: Final = "tag:yaml.org,2002:int"
_BOOL: Final = "tag:yaml.org,2002:bool"
_NULL: Final = "tag:yaml.org,2002:null"
_SHOWN_CHARS: Final = 40
# Stateless for scalars: its int/bool builders only read the node they are given.
_SCALARS: Final = SafeConstructor()


@dataclass(frozen=True)
class Located:
    """A node and its dotted path from the document root (``config.process[0].train``)."""

    node: yaml.Node
    path: str

    @property
    def line(self) -> int:
        return int(self.node.start_mark.line) + 1

    @property
    def column(self) -> int:
        return int(self.node.start_mark.column) + 1

    @property
    def is_null(self) -> bool:
        return self.node.tag == _NULL

    def shown(self) -> str:
        """The value as the user wrote it, short enough for a message."""
        node = self.node
        if isinstance(node, yaml.SequenceNode):
            text = "[" + ", ".join(_scalar_text(item) for item in node.value) + "]"
        else:
            text = _scalar_text(node)
        return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 1] + "…"

    def text(self) -> str | None:
        """A scalar's text whatever its type (names may be numbers); None otherwise."""
        if isinstance(self.node, yaml.ScalarNode) and not self.is_null:
            return str(self.node.value)
        return None

    def child(self, key: str) -> Located | None:
        """The value under ``key`` (the last one if repeated, as safe_load keeps it)."""
        if not isinstance(self.node, yaml.MappingNode):
            return None
        for key_node, value_node in reversed(self.node.value):
            if key_node.tag == _STR and key_node.value == key:
                return Located(value_node, f"{self.path}.{key}" if self.path else key)
        return None

    def items(self) -> list[Located]:
        if not isinstance(self.node, yaml.SequenceNode):
            return []
        return [Located(item, f"{self.path}[{i}]") for i, item in enumerate(self.node.value)]


@dataclass
class Reader:
    """Typed reads over located nodes; every wrong type becomes one collected issue."""

    issues: list[ConfigIssue] = field(default_factory=list)
    unlisted: int = 0  # issues found but left out of ``issues`` (see engine.config.job)

    def report(self, code: str, at: Located, **params: str | int) -> None:
        self.issues.append(
            ConfigIssue(code, dict(params), field=at.path, line=at.line, column=at.column)
        )

    def wrong(self, code: str, at: Located) -> None:
        self.report(code, at, value=at.shown())

    def mapping(self, at: Located | None) -> Located | None:
        """A section; an empty (null) one reads as absent."""
        if at is None or at.is_null:
            return None
        if not isinstance(at.node, yaml.MappingNode):
            self.wrong("expected_mapping", at)
            return None
        return at

    def sequence(self, at: Located | None) -> list[Located]:
        if at is None or at.is_null:
            return []
        if not isinstance(at.node, yaml.SequenceNode):
            self.wrong("expected_list", at)
            return []
        return at.items()

    def string(self, at: Located | None) -> str | None:
        if at is None or at.is_null:
            return None
        if isinstance(at.node, yaml.ScalarNode) and at.node.tag == _STR:
            return str(at.node.value)
        self.wrong("expected_string", at)
        return None

    def boolean(self, at: Located) -> bool | None:
        """A YAML 1.1 bool; null is false, the way AI Toolkit's truthiness tests read it."""
        if at.is_null:
            return False
        if isinstance(at.node, yaml.ScalarNode) and at.node.tag == _BOOL:
            return bool(_SCALARS.construct_yaml_bool(at.node))
        self.wrong("expected_bool", at)
        return None

    def integer(self, at: Located, *, minimum: int = 1, code: str = "") -> int | None:
        """A count the facts can hold: from ``minimum`` up to the facts' own ceiling."""
        value = as_int(at)
        if value is None or not minimum <= value <= MAX_INT:
            self.wrong(code or "expected_positive_int", at)
            return None
        return value


def _scalar_text(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return "[…]"
    if isinstance(node, yaml.MappingNode):
        return "{…}"
    if isinstance(node, yaml.ScalarNode) and node.style in ('"', "'"):
        return f'"{node.value}"'
    return str(node.value)


def as_int(at: Located) -> int | None:
    """The integer a scalar holds under YAML 1.1, or None (bools and floats are not ints)."""
    if not isinstance(at.node, yaml.ScalarNode) or at.node.tag != _INT:
        return None
    try:
        return int(_SCALARS.construct_yaml_int(at.node))
    except ValueError:  # the resolver accepts a few shapes int() cannot read, such as 0b_
        return None
