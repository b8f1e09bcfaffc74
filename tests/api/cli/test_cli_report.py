"""`oomguide report` and `oomguide review` read the event log of the configured store."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.cli.main import app
from tests.reading.corpus import Entry

runner = CliRunner()
ClientFactory = Callable[..., TestClient]


@pytest.fixture
def database(make_client: ClientFactory, make_settings: Callable[..., Any]) -> str:
    client = make_client()
    for locale, text in [
        ("en", "help, out of memory"),
        ("pt-BR", "oi, tudo bem?"),
        ("en", "??? write to ana@example.com"),
        ("en", "training got Killed after the update, exit code 137"),
    ]:
        assert client.post("/v1/conversations", json={"locale": locale, "text": text}).is_success
    client.app.state.context.insights.writer.flush()  # type: ignore[attr-defined]
    path: str = make_settings().database
    return path


def _run(database: str, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"OOMGUIDE_DATABASE": database})
    return result.exit_code, result.stdout, result.stderr


def test_report_json_is_the_analytics_body(database: str) -> None:
    code, out, _ = _run(database, "report", "--json", "--since", "1d")
    assert code == 0
    body = json.loads(out)
    assert body["conversations"] == 4
    assert body["outcomes"]["outside_guide"] == 1
    assert body["misread_messages"] == 2
    assert {m["text"] for m in body["misread"]} == {"oi, tudo bem?", "??? write to [email]"}


@pytest.mark.parametrize(("locale", "title"), [("en", "Funnel"), ("pt-BR", "Funil")])
def test_report_prints_tables_without_markup_eating_the_masks(
    database: str, locale: str, title: str
) -> None:
    code, out, _ = _run(database, "report", "--locale", locale)
    assert code == 0
    assert title in out
    assert "??? write to [email]" in out


def test_report_out_writes_one_page_in_both_languages(database: str, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    code, _, err = _run(database, "report", "--out", str(page))
    assert code == 0
    assert "report written" in err
    html = page.read_text(encoding="utf-8")
    assert '<article id="pt-BR" lang="pt-BR">' in html
    assert '<article id="en" lang="en">' in html
    assert "<script" not in html


def test_a_bad_period_is_usage_error(database: str) -> None:
    code, _, err = _run(database, "report", "--since", "soon")
    assert code == 2
    assert "since" in err


def test_review_exports_corpus_entries_once(database: str, tmp_path: Path) -> None:
    export = tmp_path / "production.yaml"
    code, out, err = _run(database, "review", "--export", str(export))
    assert code == 0
    assert "2 entries added" in err
    assert "oi, tudo bem?" in out
    entries = yaml.safe_load(export.read_text(encoding="utf-8"))
    assert [e["id"] for e in entries] == ["d-en-9001", "d-pt-9001"]
    for entry in entries:
        assert entry["intent"] is None and entry["facts"] == {}
        Entry.model_validate({**entry, "intent": "off_topic"})  # valid once a person fills it
    code, _, err = _run(database, "review", "--export", str(export))
    assert "0 entries added" in err
    assert len(yaml.safe_load(export.read_text(encoding="utf-8"))) == 2
