"""Reading the KB's YAML files into the schema, remembering where every item stands.

Each list item is validated on its own so that one broken node does not hide the others, and
every pydantic error is reported with the file and the line of the offending key.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import TypeAdapter, ValidationError

from kb.problems import Problem
from kb.schema import (
    Advice,
    Gate,
    Implication,
    KeptGoal,
    KnowledgeBase,
    Node,
    RiskRow,
    Section,
    Signal,
    Topic,
    UnaskedFact,
)

DATA_DIR = Path(__file__).resolve().parent / "data"
_NODE = TypeAdapter(Node)
# Plain scalars that YAML 1.1 turns into booleans although a person may have meant a word.
_SURPRISE_BOOLS = frozenset({"yes", "no", "on", "off", "y", "n"})


@dataclass
class LoadResult:
    kb: KnowledgeBase | None
    problems: list[Problem] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)  # relative name -> text


def _compose(path: Path, rel: str, text: str, problems: list[Problem]) -> yaml.Node | None:
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        problems.append(
            Problem(
                rel,
                mark.line + 1 if mark else 0,
                "yaml-syntax",
                f"invalid YAML: {exc.problem}",
                "fix the YAML syntax at that line",
            )
        )
        return None


def _surprises(node: yaml.Node, rel: str) -> Iterator[Problem]:
    if isinstance(node, yaml.ScalarNode):
        if (
            node.tag.endswith(":bool")
            and node.style is None
            and node.value.lower() in _SURPRISE_BOOLS
        ):
            yield Problem(
                rel,
                node.start_mark.line + 1,
                "yaml-1.1-boolean",
                f"unquoted {node.value!r} is read by YAML 1.1 as the boolean "
                f"{node.value.lower() in {'yes', 'on', 'y'}}",
                f"write '{node.value}' in quotes if you mean the word, or true/false",
            )
    elif isinstance(node, yaml.SequenceNode):
        for child in node.value:
            yield from _surprises(child, rel)
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from _surprises(key, rel)
            yield from _surprises(value, rel)


def _duplicate_keys(node: yaml.Node, rel: str) -> Iterator[Problem]:
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                if key.value in seen:
                    yield Problem(
                        rel,
                        key.start_mark.line + 1,
                        "duplicate-key",
                        f"key {key.value!r} appears twice (first at line {seen[key.value]})",
                        "remove one of them",
                    )
                seen.setdefault(key.value, key.start_mark.line + 1)
            yield from _duplicate_keys(value, rel)
    elif isinstance(node, yaml.SequenceNode):
        for child in node.value:
            yield from _duplicate_keys(child, rel)


def _line_of(node: yaml.Node, loc: tuple[int | str, ...]) -> int:
    """The line of the deepest YAML node that a pydantic error location reaches."""
    current = node
    for part in loc:
        nxt: yaml.Node | None = None
        if isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                if key.value == part:
                    nxt = value if isinstance(value, yaml.MappingNode | yaml.SequenceNode) else key
        elif (
            isinstance(current, yaml.SequenceNode)
            and isinstance(part, int)
            and 0 <= part < len(current.value)
        ):
            nxt = current.value[part]
        if nxt is None:
            break
        current = nxt
    return current.start_mark.line + 1


def _validate(
    adapter: Any, item: yaml.Node, rel: str, problems: list[Problem], extra: dict[str, Any]
) -> Any:
    data = yaml.SafeLoader(  # constructing from the already composed node
        ""
    ).construct_document(item)
    if not isinstance(data, dict):
        problems.append(Problem(rel, item.start_mark.line + 1, "schema", "expected a mapping"))
        return None
    data = {**data, **extra}
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(p for p in err["loc"] if p not in {"branch", "question", "answer"})
            where = ".".join(str(p) for p in loc) or "item"
            problems.append(
                Problem(
                    rel, _line_of(item, loc), "schema", f"{where}: {err['msg']}", _schema_hint(err)
                )
            )
        return None


def _schema_hint(err: Any) -> str:
    if err["type"] == "extra_forbidden":
        return "remove the key or check its spelling"
    if err["type"] == "missing":
        return "add the missing key"
    if err["type"] == "union_tag_invalid":
        return "kind is one of 'branch', 'question', 'answer'"
    return ""


_FILES: dict[str, tuple[str, Any]] = {
    "sections.yaml": ("sections", TypeAdapter(Section)),
    "advice.yaml": ("advice", TypeAdapter(Advice)),
    "risk.yaml": ("risk_table", TypeAdapter(RiskRow)),
    "signals.yaml": ("signals", TypeAdapter(Signal)),
    "implications.yaml": ("implications", TypeAdapter(Implication)),
    "gates.yaml": ("gates", TypeAdapter(Gate)),
    "topics.yaml": ("topics", TypeAdapter(Topic)),
    "goals.yaml": ("kept_goals", TypeAdapter(KeptGoal)),
    "unasked.yaml": ("unasked", TypeAdapter(UnaskedFact)),
}


def _items(root: yaml.Node | None, rel: str, problems: list[Problem]) -> list[yaml.Node]:
    if root is None:
        return []
    if not isinstance(root, yaml.SequenceNode):
        problems.append(
            Problem(
                rel,
                root.start_mark.line + 1,
                "schema",
                "expected a list of items at the top of the file",
            )
        )
        return []
    return list(root.value)


def _kb_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.yaml") if p.is_file())


def load_kb(root: Path | None = None) -> LoadResult:
    """Read every KB file below ``root`` (the shipped KB by default); never raises for bad data."""
    root = root or DATA_DIR
    result = LoadResult(kb=None)
    collected: dict[str, list[Any]] = {key: [] for key, _ in _FILES.values()}
    collected["nodes"] = []
    start = ""
    for path in _kb_files(root):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        result.files[rel] = text
        tree = _compose(path, rel, text, result.problems)
        if tree is None:
            continue
        result.problems.extend(_surprises(tree, rel))
        result.problems.extend(_duplicate_keys(tree, rel))
        if rel == "start.yaml":
            start = _read_start(tree, rel, result.problems)
            continue
        key, adapter = _FILES.get(path.name, ("nodes", _NODE))
        extra_file = key == "nodes"
        for item in _items(tree, rel, result.problems):
            extra: dict[str, Any] = {"line": item.start_mark.line + 1}
            if extra_file:
                extra["file"] = rel
            value = _validate(adapter, item, rel, result.problems, extra)
            if value is not None:
                collected[key].append(value)
    version = hashlib.sha256(
        "\0".join(f"{k}\0{v}" for k, v in sorted(result.files.items())).encode()
    ).hexdigest()[:16]
    result.kb = KnowledgeBase(start=start, version=version, **collected)
    return result


def _read_start(tree: yaml.Node, rel: str, problems: list[Problem]) -> str:
    if isinstance(tree, yaml.MappingNode):
        for key, value in tree.value:
            if key.value == "start" and isinstance(value, yaml.ScalarNode):
                return str(value.value)
    problems.append(
        Problem(
            rel,
            tree.start_mark.line + 1,
            "schema",
            "start.yaml must be a mapping with 'start: <node id>'",
        )
    )
    return ""
