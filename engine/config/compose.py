"""Stage 2: YAML text to a node graph with marks, read as AI Toolkit reads it (YAML 1.1, safe).

Composing builds nodes and never constructs Python objects, so nothing in the document runs;
aliases stay shared references, which lets :mod:`engine.config.safety` bound their expansion
before anything walks the graph as a tree.
"""

from __future__ import annotations

import yaml

from engine.config.issues import ConfigError, ConfigIssue

# libyaml composes several times faster and caps nesting depth itself.
_LOADER: type[yaml.SafeLoader] | type[yaml.CSafeLoader] = (
    yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader
)


def _marked(exc: yaml.MarkedYAMLError) -> ConfigIssue:
    mark = exc.problem_mark or exc.context_mark
    problem = " ".join(part for part in (exc.context, exc.problem) if part) or "syntax error"
    if mark is None:
        return ConfigIssue("invalid_yaml", {"problem": problem})
    return ConfigIssue(
        "invalid_yaml", {"problem": problem}, line=mark.line + 1, column=mark.column + 1
    )


def _reader(text: str, exc: yaml.reader.ReaderError) -> ConfigIssue:
    offset = len(text[: exc.position].encode("utf-8"))
    line = text.count("\n", 0, exc.position) + 1
    return ConfigIssue("not_text", {"offset": offset}, line=line)


def compose(text: str) -> yaml.Node:
    """The document's root node; invalid YAML becomes a located ``ConfigError``."""
    try:
        root = yaml.compose(text, Loader=_LOADER)  # compose builds nodes only
    except yaml.MarkedYAMLError as exc:
        raise ConfigError((_marked(exc),)) from exc
    except yaml.reader.ReaderError as exc:
        raise ConfigError((_reader(text, exc),)) from exc
    except yaml.YAMLError as exc:
        raise ConfigError((ConfigIssue("invalid_yaml", {"problem": str(exc)}),)) from exc
    except RecursionError as exc:  # only the pure-Python composer recurses per nesting level
        raise ConfigError((ConfigIssue("too_deep"),)) from exc
    if root is None:
        raise ConfigError((ConfigIssue("empty"),))
    return root
