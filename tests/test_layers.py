"""The packages stand in layers: locales, then kb, then engine, then api; none reaches up."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LAYERS = ["locales", "kb", "engine", "api"]


def _imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", LAYERS)
def test_a_package_imports_only_layers_below_it(package: str) -> None:
    above = set(LAYERS[LAYERS.index(package) + 1 :])
    for path in (REPO / package).rglob("*.py"):
        reached = _imported_packages(path) & above
        assert not reached, f"{path.relative_to(REPO)} imports {sorted(reached)}"


def test_the_engine_does_no_io() -> None:
    forbidden = {"fastapi", "starlette", "httpx", "redis", "sqlite3", "socket", "subprocess"}
    for path in (REPO / "engine").rglob("*.py"):
        reached = _imported_packages(path) & forbidden
        assert not reached, f"{path.relative_to(REPO)} imports {sorted(reached)}"


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize(
    ("room", "kept_out"),
    [
        ("cli", ("api.web", "api.channels")),
        ("service", ("api.web", "api.channels", "api.cli", "fastapi", "starlette")),
        ("store", ("api.web", "api.channels", "api.cli", "api.service", "fastapi")),
    ],
)
def test_the_rooms_of_api_keep_to_themselves(room: str, kept_out: tuple[str, ...]) -> None:
    for path in (REPO / "api" / room).rglob("*.py"):
        reached = {m for m in _imported_modules(path) if m.startswith(kept_out)}
        assert not reached, f"{path.relative_to(REPO)} imports {sorted(reached)}"
