"""The command line as a person and a CI job use it: output, JSON and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.cli.main import app
from tests.conftest import CORPUS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("name", "family", "level"),
    [
        ("zimage_high.yaml", "z_image", "high"),
        ("qwen_edit_high.yaml", "qwen_edit", "high"),
        ("flux_high.yaml", "flux_flex", "high"),
        ("flux_medium.yaml", "flux_flex", "medium"),
        ("flux_gc_absent.yaml", "flux_flex", "low"),
    ],
)
def test_check_json_gives_the_risk_table_row(name: str, family: str, level: str) -> None:
    code, out, _ = run("check", str(FIXTURES / name), "--json", "--locale", "en")
    assert code == 0
    body = json.loads(out)
    assert body["facts"]["model_family"] == family
    assert body["answer"]["risk"]["level"] == level
    assert body["processes"][0]["risk"]["level"] == level
    first = body["answer"]["recommendations"][0]["code"]
    assert first == ("enable_gc" if level != "low" else first)


@pytest.mark.parametrize(
    ("name", "fail_on", "expected"),
    [
        ("zimage_high.yaml", "high", 1),
        ("flux_medium.yaml", "high", 0),
        ("flux_medium.yaml", "medium", 1),
        ("flux_gc_absent.yaml", "medium", 0),
    ],
)
def test_fail_on_is_a_preflight_gate(name: str, fail_on: str, expected: int) -> None:
    code, _, _ = run("check", str(FIXTURES / name), "--fail-on", fail_on)
    assert code == expected


def test_check_reads_stdin_and_prints_for_people() -> None:
    text = (FIXTURES / "zimage_high.yaml").read_text()
    code, out, _ = run("check", "-", "--locale", "pt-BR", stdin=text)
    assert code == 0
    assert "zimage_high" in out and "gradient_checkpointing" in out


def test_check_bad_yaml_names_line_and_column() -> None:
    code, _, err = run("check", str(CORPUS / "train_lora_omnigen2_24gb.yaml"), "--locale", "en")
    assert code == 1
    assert "line 65" in err and "column" in err


def test_check_not_a_training_job_and_missing_file(tmp_path: Path) -> None:
    code, _, err = run("check", str(CORPUS / "generate.example.yaml"))
    assert code == 1 and err
    code, _, err = run("check", str(tmp_path / "nope.yaml"))
    assert code == 1 and "nope.yaml" in err


def test_bad_usage_exits_2() -> None:
    assert run("check", str(FIXTURES / "zimage_high.yaml"), "--fail-on", "extreme")[0] == 2
    assert run("ask", "x", "--locale", "fr")[0] == 2
    assert run("graph", "--format", "png")[0] == 2


def test_ask_json_and_text() -> None:
    code, out, _ = run("ask", "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4", "--json")
    assert code == 0
    turn = json.loads(out)
    assert turn["locale"] == "pt-BR"
    assert turn["answer"]["recommendations"][0]["code"] == "enable_gc"
    code, out, _ = run("ask", "help, out of memory")
    assert code == 0 and "1." in out


def test_validate_graph_and_kb() -> None:
    code, out, _ = run("validate")
    assert code == 0 and "KB ok" in out
    assert run("graph")[1].startswith("flowchart TD")
    assert run("graph", "--format", "dot")[1].startswith("digraph oomguide")
    kb = json.loads(run("kb", "--json")[1])
    assert len(kb["sections"]) == 18 and len(kb["advice_codes"]) == 13


def test_validate_reports_a_broken_kb(tmp_path: Path) -> None:
    from kb.loader import DATA_DIR

    broken = tmp_path / "kb"
    subprocess.run(["cp", "-r", str(DATA_DIR), str(broken)], check=True)
    oom = broken / "graph" / "oom.yaml"
    oom.write_text(oom.read_text().replace("goto: a_fixed", "goto: a_fixd"))
    code, out, _ = run("validate", "--kb", str(broken))
    assert code == 1
    assert "graph/oom.yaml:" in out and "did you mean 'a_fixed'?" in out


def test_chat_in_a_terminal_session() -> None:
    script = "help, out of memory\n2\nwhy\nquit\n"
    code, out, _ = run("chat", "--locale", "en", stdin=script)
    assert code == 0
    assert "gradient_checkpointing: true" in out  # option 2 is "disabled"
    assert "branch" in out  # the trace


@pytest.mark.parametrize(
    ("default", "first", "expected"),
    [
        ("pt-BR", "my LoRA training ran out of memory", "Is gradient_checkpointing on"),
        ("en", "meu treino de LoRA deu falta de memória", "está ligado no seu job?"),
        ("en", "OOM", "Is gradient_checkpointing on"),  # neither language: the default
        ("pt-BR", "OOM", "está ligado no seu job?"),
    ],
)
def test_chat_and_ask_without_a_locale_answer_in_the_texts_language(
    monkeypatch: pytest.MonkeyPatch, default: str, first: str, expected: str
) -> None:
    monkeypatch.setenv("OOMGUIDE_DEFAULT_LOCALE", default)
    code, out, _ = run("chat", stdin=f"{first}\nquit\n")
    assert code == 0 and expected in out
    code, out, _ = run("ask", first)
    assert code == 0 and expected in out


def test_console_script_is_installed() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "api.cli", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and "check" in result.stdout
