"""The `oomguide` command line: serve, chat, ask, check, validate, graph, kb, report, review."""

from __future__ import annotations

import os
import signal
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Final, NoReturn

import typer
from rich.console import Console

from api.cli.discord_register import app as discord_app
from api.service.analytics import Analytics
from api.settings import Settings, SettingsError, check_database
from engine.engine import Engine

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Troubleshooting assistant for OOM crashes in AI Toolkit LoRA training.",
)
app.add_typer(discord_app, name="discord")
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


class GraphFormat(StrEnum):
    mermaid = "mermaid"
    dot = "dot"


class FailOn(StrEnum):
    medium = "medium"
    high = "high"


# prometheus-client's variable (api.web.metrics.MULTIPROCESS_DIR, not imported: importing the
# web layer would import prometheus-client before the variable is set).
MULTIPROCESS_DIR: Final = "PROMETHEUS_MULTIPROC_DIR"
LocaleOption = Annotated[str | None, typer.Option("--locale", "-l", help="pt-BR or en")]


def _settings() -> Settings:
    try:
        return Settings.from_env()
    except SettingsError as exc:
        _bad_setting(exc)


def _bad_setting(exc: SettingsError) -> NoReturn:
    # One line, never wrapped: what a service manager's log shows as the reason it stopped.
    sys.stderr.write(f"oomguide: bad setting: {exc}\n")
    raise typer.Exit(2)


@app.command()
def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    workers: Annotated[int, typer.Option(min=1, max=64)] = 1,
) -> None:
    """Start the API, the widget and the chat integrations."""
    import uvicorn

    settings = _settings()  # fail before forking workers when a setting is wrong
    if not settings.redis_url:
        try:
            check_database(settings.database)
        except SettingsError as exc:
            _bad_setting(exc)
    with _shared_metrics():
        uvicorn.run(
            "api.web.app:factory",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level="info",
            access_log=False,
            # The app believes X-Forwarded-For only from OOMGUIDE_TRUSTED_PROXIES; uvicorn's own
            # handling would believe it from loopback.
            proxy_headers=False,
        )


@contextmanager
def _shared_metrics() -> Iterator[None]:
    """A fresh folder for the workers' metrics files (see api.web.metrics), set in the
    environment before prometheus-client is imported, removed when the server stops; a folder
    the operator set in PROMETHEUS_MULTIPROC_DIR is used as it is."""
    if os.environ.get(MULTIPROCESS_DIR):
        yield
        return
    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again; with the default
    # handler that would end the process here and leave the folder behind.
    previous = signal.signal(signal.SIGTERM, _exit_on_signal)
    try:
        with tempfile.TemporaryDirectory(prefix="oomguide-metrics-") as folder:
            os.environ[MULTIPROCESS_DIR] = folder
            try:
                yield
            finally:
                del os.environ[MULTIPROCESS_DIR]
    finally:
        signal.signal(signal.SIGTERM, previous)


def _exit_on_signal(signum: int, _frame: object) -> NoReturn:
    raise SystemExit(128 + signum)


@app.command()
def validate(
    kb: Annotated[Path | None, typer.Option("--kb", help="KB folder")] = None,
    locales: Annotated[Path | None, typer.Option("--locales")] = None,
) -> None:
    """Check the knowledge base; every problem with file, line and how to fix it."""
    from kb.validate import validate as run
    from kb.validate import versioned

    report = run(kb, locales)
    for problem in report.problems:
        out.print(str(problem), markup=False)
    if not report.ok:
        err.print(f"{len(report.problems)} problem(s)")
        raise typer.Exit(1)
    assert report.kb is not None and report.catalog is not None  # a clean report has both
    kb_version = versioned(report.kb, report.catalog).version
    out.print(f"KB ok: {len(report.kb.nodes)} nodes, version {kb_version}")


@app.command()
def graph(fmt: Annotated[GraphFormat, typer.Option("--format")] = GraphFormat.mermaid) -> None:
    """Print the decision graph (Mermaid or Graphviz dot)."""
    from kb.graph import to_dot, to_mermaid
    from kb.validate import load_validated

    kb, _ = load_validated()
    sys.stdout.write(to_mermaid(kb) if fmt is GraphFormat.mermaid else to_dot(kb))


@app.command("kb")
def kb_command(json_: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Print the KB's sections, facts, advice codes, locales and version."""
    from api.service.describe import describe_kb

    info = describe_kb(_engine())
    if json_:
        sys.stdout.write(info.model_dump_json(indent=2) + "\n")
        return
    out.print(f"KB version {info.version}; locales {', '.join(info.locales)}")
    for s in info.sections:
        out.print(f"  {s['number'] or '-':>4}  {s['id']}")


@app.command()
def ask(
    text: str, locale: LocaleOption = None, json_: Annotated[bool, typer.Option("--json")] = False
) -> None:
    """Ask once and print the answer (or the first question)."""
    from api.cli.terminal import print_turn
    from engine.state import Opening

    engine = _engine()
    _, turn = engine.start(Opening(locale=_locale_for(locale, text), text=text))
    if json_:
        sys.stdout.write(turn.model_dump_json(indent=2) + "\n")
    else:
        print_turn(out, turn)


@app.command()
def chat(locale: LocaleOption = None) -> None:
    """An interactive conversation: pick options by number, `why` shows the trace."""
    from api.cli.terminal import run_chat

    chosen = _locale_for(locale, None)
    # Without --locale, the first message's language picks the conversation's, as for `ask`.
    pick = None if locale is not None else (lambda first: _locale_for(None, first))
    run_chat(out, _engine(), chosen, pick)


@app.command()
def check(
    config: Annotated[str, typer.Argument(help="job config file, or - for stdin")],
    locale: LocaleOption = None,
    json_: Annotated[bool, typer.Option("--json")] = False,
    fail_on: Annotated[FailOn | None, typer.Option("--fail-on")] = None,
) -> None:
    """Diagnose an AI Toolkit job config before the GPU does."""
    from api.cli.terminal import run_check

    code = run_check(
        out,
        err,
        _engine(),
        config,
        _locale_for(locale, None),
        json_,
        fail_on.value if fail_on else None,
    )
    raise typer.Exit(code)


SinceOption = Annotated[
    str, typer.Option("--since", help="the period: 7d, 24h, 90m, or a date (2026-11-24)")
]


@app.command()
def report(
    since: SinceOption = "7d",
    out_file: Annotated[Path | None, typer.Option("--out", help="write the HTML report")] = None,
    json_: Annotated[bool, typer.Option("--json")] = False,
    locale: LocaleOption = None,
) -> None:
    """What the support team sees: outcomes, funnel, helpful rates, misread messages."""
    from api.cli import report as reporting
    from locales.catalog import default_catalog

    data = _analytics(since)
    if json_:
        sys.stdout.write(data.model_dump_json(indent=2) + "\n")
    if out_file is not None:
        reporting.write_html(data, default_catalog(), out_file)
        err.print(f"report written to {out_file}")
    if not json_ and out_file is None:
        reporting.print_tables(out, data, default_catalog(), _locale_for(locale, None))


@app.command()
def review(
    since: SinceOption = "7d",
    export: Annotated[
        Path | None, typer.Option("--export", help="append them to this corpus file (YAML)")
    ] = None,
    locale: LocaleOption = None,
) -> None:
    """The misread messages; with --export, as reading-corpus entries to annotate."""
    from api.cli import report as reporting
    from locales.catalog import default_catalog

    data = _analytics(since)
    reporting.print_misread(out, data, default_catalog(), _locale_for(locale, None))
    if export is not None:
        try:
            added = reporting.export_review(data, export)
        except ValueError as exc:
            err.print(f"{export}: {exc}")
            raise typer.Exit(2) from None
        err.print(f"{added} entries added to {export}")


def _analytics(since: str) -> Analytics:
    from api.cli.report import read_analytics
    from api.service.period import BadPeriod
    from api.store import StoreUnavailable

    try:
        return read_analytics(_settings(), since)
    except BadPeriod as exc:
        err.print(str(exc))
        raise typer.Exit(2) from None
    except StoreUnavailable as exc:
        err.print(f"the event log cannot be read: {exc}")
        raise typer.Exit(1) from None


def _engine() -> Engine:
    from kb.validate import load_validated

    kb, catalog = load_validated()
    return Engine(kb, catalog, _settings().guide_url)


def _locale_for(explicit: str | None, text: str | None) -> str:
    from engine.extract import locale_of
    from locales import normalize_locale

    if explicit is not None:
        chosen = normalize_locale(explicit)
        if chosen is None:
            err.print(f"unsupported locale {explicit!r}: use pt-BR or en")
            raise typer.Exit(2)
        return chosen
    detected = locale_of(text) if text else None
    return detected or _settings().default_locale


def main() -> None:
    app()


if __name__ == "__main__":
    main()
