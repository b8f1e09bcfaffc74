"""The README's generated parts and setup commands stay true."""

from __future__ import annotations

import re
from pathlib import Path

from kb.graph import to_mermaid
from kb.validate import load_validated

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_graph_is_current() -> None:
    text = README.read_text(encoding="utf-8")
    match = re.search(r"<!-- graph:start -->\n```mermaid\n(.*?)```\n<!-- graph:end -->", text, re.S)
    assert match, "README has no generated graph block"
    kb, _ = load_validated()
    assert match.group(1) == to_mermaid(kb), "README graph is stale: paste `oomguide graph`"


def test_readme_gives_the_two_setup_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make run" in text
    assert "make test" in text
