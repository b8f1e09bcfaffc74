"""A YAML job config pasted into a message: a fenced block, or a run of config-looking lines."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

_FENCE: Final = re.compile(r"```[ \t]*(?:ya?ml)?[ \t]*\n(.*?)(?:\n[ \t]*```|\Z)", re.DOTALL)
# Top-level sections of an AI Toolkit job; one of them must be present.
_ANCHOR: Final = re.compile(
    r"^[ \t]*(?:-[ \t]+)?(?:job|config|process|train|model|network|datasets|sample|save)[ \t]*:",
    re.MULTILINE,
)
_RUN_ANCHOR: Final = re.compile(r"^[ \t]*(?:job|config|process|train)[ \t]*:")
_KEY_LINE: Final = re.compile(r"^[ \t]*(?:-[ \t]+)?[\w\"'.-]+[ \t]*:(?:[ \t]|$)")
_ITEM_LINE: Final = re.compile(r"^[ \t]*(?:-[ \t]|#|$)")
_MIN_KEYS: Final = 2


@dataclass(frozen=True)
class ConfigBlock:
    text: str
    start: int
    end: int


def _fenced(text: str) -> ConfigBlock | None:
    """The last fenced block that is a job: of two ("yesterday's config: … today's config: …",
    "before … after …"), the one told last is the run now."""
    jobs = [m for m in _FENCE.finditer(text) if _ANCHOR.search(m.group(1))]
    if not jobs:
        return None
    last = jobs[-1]
    return ConfigBlock(last.group(1), last.start(), last.end())


def _yaml_like(line: str) -> bool:
    return bool(_KEY_LINE.match(line) or _ITEM_LINE.match(line))


def _runs(text: str) -> list[tuple[int, int, list[str]]]:
    """Runs of YAML-looking lines, as (start offset, end offset, lines)."""
    runs: list[tuple[int, int, list[str]]] = []
    current: list[str] = []
    offset, start = 0, 0
    for line in text.splitlines(keepends=True):
        if _yaml_like(line.rstrip("\r\n")):
            if not current:
                start = offset
            current.append(line)
        elif current:
            runs.append((start, offset, current))
            current = []
        offset += len(line)
    if current:
        runs.append((start, offset, current))
    return runs


def _unfenced(text: str) -> ConfigBlock | None:
    for start, end, lines in _runs(text):
        first = next((i for i, line in enumerate(lines) if _RUN_ANCHOR.match(line)), None)
        if first is None:
            continue
        body = lines[first:]
        if sum(1 for line in body if _KEY_LINE.match(line)) >= _MIN_KEYS:
            skipped = sum(len(line) for line in lines[:first])
            return ConfigBlock("".join(body).strip("\r\n"), start + skipped, end)
    return None


def find_config(text: str) -> ConfigBlock | None:
    """The pasted config, if any: a fenced block first (the last, of several), else the first
    anchored run of lines."""
    if "```" in text:
        fenced = _fenced(text)
        if fenced is not None:
            return fenced
    if ":" not in text or not _ANCHOR.search(text):
        return None
    return _unfenced(text)


_TOP_KEY: Final = re.compile(r"^([\w-]+)[ \t]*:", re.MULTILINE)
_PROCESS_KEYS: Final = frozenset(
    {"type", "train", "model", "network", "datasets", "sample", "save", "trigger_word", "device"}
)


def _dedent(text: str) -> str:
    lines = text.splitlines()
    indents = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return "\n".join(line[cut:] for line in lines)


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else line for line in text.splitlines())


def as_job(text: str) -> str | None:
    """A pasted fragment of a job (``config:``, ``process:``, or a process's own sections such
    as ``train:`` and ``model:``) completed into a whole job config; None when there is nothing
    to complete or the fragment is not one of those shapes."""
    body = _dedent(text)
    keys = set(_TOP_KEY.findall(body))
    if "job" in keys:
        return None
    if "config" in keys:
        return "job: extension\n" + body
    if "process" in keys:
        return "job: extension\nconfig:\n" + _indent(body, 2)
    if body.lstrip().startswith("- ") and "type" in body:
        return "job: extension\nconfig:\n  process:\n" + _indent(body, 4)
    if keys & _PROCESS_KEYS and not keys <= _PROCESS_KEYS:
        # a line of prose that looks like a key ("placa: RTX 5080") beside a process's sections
        body = _without_stray_lines(body)
        keys = set(_TOP_KEY.findall(body))
    if keys and keys <= _PROCESS_KEYS:
        item = body if "type" in keys else "type: sd_trainer\n" + body
        return "job: extension\nconfig:\n  process:\n    - " + _indent(item, 6).lstrip(" ")
    return None


def _without_stray_lines(body: str) -> str:
    """Drop the top-level one-line entries that are no section of a process: "placa: RTX 5080"
    under a pasted ``train:`` and ``model:``. A stray key with a block of its own stays, and the
    fragment then does not read, as before."""
    lines = body.split("\n")
    kept = []
    for i, line in enumerate(lines):
        key = _TOP_KEY.match(line)
        following = lines[i + 1] if i + 1 < len(lines) else ""
        has_block = following.startswith((" ", "\t", "-"))
        if (
            key
            and key.group(1) not in _PROCESS_KEYS
            and line.split(":", 1)[1].strip()
            and not has_block
        ):
            continue
        kept.append(line)
    return "\n".join(kept)
