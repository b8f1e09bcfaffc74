"""The README's generated parts and setup commands stay true."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

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


def _block_after(heading: str) -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split(heading, 1)[1]
    match = re.search(r"```sh\n(.*?)```", section, re.S)
    assert match, f"no sh block under {heading}"
    return match.group(1)


def test_readme_command_line_examples_run() -> None:
    import shlex

    from typer.testing import CliRunner

    from api.cli.main import app

    fixture = Path(__file__).resolve().parent / "api" / "fixtures" / "flux_medium.yaml"
    runner = CliRunner()
    ran = 0
    for line in _block_after("## Command line").splitlines():
        words = shlex.split(line, comments=True)
        if not words or words[1] in {"chat", "serve"}:  # interactive / long-running
            continue
        args = [str(fixture) if w == "job.yaml" else w for w in words[1:]]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, f"{line}\n{result.output}"
        ran += 1
    assert ran >= 6


def test_readme_rest_examples_answer(client: TestClient) -> None:
    import json

    calls = re.findall(
        r"curl -s -X POST localhost:8000(\S+) .*?-d '(.*?)'", _block_after("## REST API"), re.S
    )
    assert len(calls) >= 3
    conversation = ""
    for path, body in calls:
        response = client.post(path.replace("ID", conversation), json=json.loads(body))
        assert response.status_code in {200, 201}, f"{path}: {response.text}"
        conversation = response.json().get("conversation_id", conversation)
