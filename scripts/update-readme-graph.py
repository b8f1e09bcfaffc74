"""Rewrite the README's generated decision-graph block from the KB."""

from __future__ import annotations

import re
from pathlib import Path

from kb.graph import to_mermaid
from kb.validate import load_validated

README = Path(__file__).resolve().parent.parent / "README.md"

kb, _ = load_validated()
text = README.read_text(encoding="utf-8")
block = f"<!-- graph:start -->\n```mermaid\n{to_mermaid(kb)}```\n<!-- graph:end -->"
README.write_text(
    re.sub(r"<!-- graph:start -->.*?<!-- graph:end -->", lambda _: block, text, flags=re.S),
    encoding="utf-8",
)
