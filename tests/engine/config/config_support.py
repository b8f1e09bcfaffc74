"""Paths shared by the config reader's tests: hand-written fixtures and the real corpus."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
# ../shared beside the repository root holds real AI Toolkit configs, copied byte for byte.
CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "ai-toolkit-configs"


def corpus_files() -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*") if p.suffix in {".yml", ".yaml"})


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()
