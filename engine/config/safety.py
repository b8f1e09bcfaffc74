"""Stage 3: refusing graphs that are unsafe or explosive before anything walks them as trees.

The composed graph keeps every alias as a shared node, so its expanded size is counted with
memoization in time linear in the number of distinct nodes: a billion-laughs document is
refused after visiting a few dozen nodes and without building anything.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

from engine.config.issues import ConfigError, ConfigIssue

MAX_ALIAS_NODES: Final[int] = 10_000  # nodes that aliases may add once expanded
MAX_ALIASES: Final[int] = 1_000  # alias uses, counted over the graph
_SIZE_CAP: Final[int] = 1 << 40  # keeps memoized sizes small integers

# The tags yaml.safe_load accepts; anything else (python/*, custom !tags) is refused.
SAFE_TAGS: Final[frozenset[str]] = frozenset(
    tag for tag in SafeConstructor.yaml_constructors if tag is not None
) | {"tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"}


def _children(node: yaml.Node) -> Iterator[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield key
            yield value
    elif isinstance(node, yaml.SequenceNode):
        yield from node.value


def _at(code: str, node: yaml.Node, **params: str | int) -> ConfigIssue:
    mark = node.start_mark
    return ConfigIssue(code, dict(params), line=mark.line + 1, column=mark.column + 1)


class _Walk:
    """One depth-first pass: tags, cycles, alias uses and memoized expanded sizes."""

    def __init__(self) -> None:
        self.sizes: dict[int, int] = {}
        self.open: set[int] = set()
        self.aliases = 0
        self.unsafe: list[ConfigIssue] = []
        self.mappings: list[yaml.MappingNode] = []

    def enter(self, node: yaml.Node, stack: list[tuple[yaml.Node, bool]]) -> None:
        key = id(node)
        if key in self.sizes:
            self.aliases += 1
            return
        if key in self.open:
            raise ConfigError((_at("recursive_alias", node),))
        if node.tag not in SAFE_TAGS:
            self.unsafe.append(_at("unsafe_tag", node, tag=node.tag))
        self.open.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node))

    def leave(self, node: yaml.Node) -> None:
        size = 1 + sum(self.sizes[id(child)] for child in _children(node))
        self.sizes[id(node)] = min(size, _SIZE_CAP)
        self.open.discard(id(node))
        if isinstance(node, yaml.MappingNode):
            self.mappings.append(node)

    def run(self, root: yaml.Node) -> None:
        stack: list[tuple[yaml.Node, bool]] = [(root, False)]
        while stack:
            node, done = stack.pop()
            if done:
                self.leave(node)
            else:
                self.enter(node, stack)


def _flatten_merges(mappings: list[yaml.MappingNode]) -> None:
    """Apply ``<<`` merge keys in place, exactly as yaml.safe_load would."""
    constructor = SafeConstructor()
    for node in mappings:
        try:
            constructor.flatten_mapping(node)
        except ConstructorError as exc:
            mark = exc.problem_mark or node.start_mark
            issue = ConfigIssue(
                "invalid_yaml",
                {"problem": str(exc.problem)},
                line=mark.line + 1,
                column=mark.column + 1,
            )
            raise ConfigError((issue,)) from exc


def check_graph(root: yaml.Node) -> None:
    """Raise ``ConfigError`` for unsafe tags, recursive or explosive aliases; apply merges."""
    walk = _Walk()
    walk.run(root)
    if walk.unsafe:
        raise ConfigError(tuple(sorted(walk.unsafe, key=lambda i: (i.line or 0, i.column or 0))))
    if walk.aliases > MAX_ALIASES:
        raise ConfigError(
            (ConfigIssue("too_many_aliases", {"count": walk.aliases, "limit": MAX_ALIASES}),)
        )
    if walk.sizes[id(root)] - len(walk.sizes) > MAX_ALIAS_NODES:
        raise ConfigError((ConfigIssue("alias_bomb", {"limit": MAX_ALIAS_NODES}),))
    _flatten_merges(walk.mappings)
