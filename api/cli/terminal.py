"""The command line's human side: turns, conversations and config checks in a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from api.service.config_check import check
from api.service.views import ConfigCheck
from engine.config import MAX_CONFIG_BYTES, ConfigError, catalog_key
from engine.engine import Engine
from engine.errors import InvalidReply
from engine.models import Turn
from engine.state import Opening, Reply

LEVELS = {"low": 0, "medium": 1, "high": 2}
_QUIT = {"quit", "exit", "sair", "q", ":q"}
_PROMPT = {"pt-BR": "você", "en": "you"}


def print_turn(console: Console, turn: Turn) -> None:
    console.print(Markdown(turn.text))
    if turn.question and turn.question.options:
        for index, option in enumerate(turn.question.options, 1):
            console.print(f"  [bold]{index}[/bold]. {option.label}")


def print_trace(console: Console, turn: Turn) -> None:
    for step in turn.trace:
        fields = {k: v for k, v in asdict(step).items() if v is not None}
        kind = fields.pop("step")
        console.print(
            f"  [dim]{kind}[/dim] " + " ".join(f"{k}={v!r}" for k, v in fields.items()),
            markup=True,
            highlight=False,
        )


def _reply_for(line: str, turn: Turn) -> Reply:
    options = turn.question.options if turn.question else []
    if line.isdigit() and options and 1 <= int(line) <= len(options):
        return Reply(value=options[int(line) - 1].value)
    return Reply(text=line)


def run_chat(
    console: Console, engine: Engine, locale: str, pick: Callable[[str], str] | None = None
) -> None:
    """Type freely or pick a number; `why` prints the trace, `quit` (or Ctrl-D) leaves.
    ``pick``, when given, chooses the conversation's locale from the first message."""
    console.print("[dim]oomguide — 'why' = trace, 'quit' = exit[/dim]")
    first = _read(console, locale)
    if first is None:
        return
    if pick is not None and first:
        locale = pick(first)
    state, turn = engine.start(Opening(locale=locale, text=first or None))
    print_turn(console, turn)
    while True:
        line = _read(console, locale)
        if line is None:
            return
        if line.lower() in {"why", "por que", "porque", "por quê"}:
            print_trace(console, turn)
            continue
        if not line:
            continue
        try:
            state, turn = engine.reply(state, _reply_for(line, turn))
        except InvalidReply as exc:
            console.print(f"[red]{exc}[/red]")
            continue
        print_turn(console, turn)


def _read(console: Console, locale: str) -> str | None:
    try:
        line = console.input(f"[bold cyan]{_PROMPT.get(locale, 'you')}>[/bold cyan] ")
    except (EOFError, KeyboardInterrupt):
        return None
    line = line.strip()
    return None if line.lower() in _QUIT else line


def read_config_source(source: str) -> bytes:
    """The file's bytes (or stdin's), never more than one byte past the limit."""
    if source == "-":
        return sys.stdin.buffer.read(MAX_CONFIG_BYTES + 1)
    with Path(source).open("rb") as handle:
        return handle.read(MAX_CONFIG_BYTES + 1)


def run_check(
    out: Console,
    err: Console,
    engine: Engine,
    source: str,
    locale: str,
    as_json: bool,
    fail_on: str | None,
) -> int:
    try:
        data = read_config_source(source)
    except OSError as exc:
        err.print(f"cannot read {source}: {exc.strerror or exc}")
        return 1
    try:
        result = check(engine, data, locale)
    except ConfigError as exc:
        for issue in exc.issues:
            text = engine.renderer.text(catalog_key(issue.code), locale, **issue.context())
            err.print(f"{source}: {issue.location()}: {text}", markup=False)
        return 1
    if as_json:
        sys.stdout.write(result.model_dump_json(indent=2) + "\n")
    else:
        _print_check(out, result)
    return 1 if fail_on and LEVELS[worst_risk(result)] >= LEVELS[fail_on] else 0


def worst_risk(result: ConfigCheck) -> str:
    levels = [p.risk.level for p in result.processes]
    if result.answer.risk is not None:
        levels.append(result.answer.risk.level)
    return max(levels, key=LEVELS.__getitem__, default="low")


def _print_check(out: Console, result: ConfigCheck) -> None:
    table = Table(title=result.name or "job", show_lines=False)
    for column in ("#", "type", "arch", "risk", "facts"):
        table.add_column(column)
    for p in result.processes:
        facts = ", ".join(f"{k}={v}" for k, v in sorted(p.facts.items()))
        table.add_row(str(p.index), p.type, p.arch or "-", p.risk.level, facts)
    out.print(table)
    for p in result.processes:
        for problem in p.problems:
            out.print(f"[yellow]![/yellow] {problem}", markup=True)
    lines = [f"{i}. {r.text}" for i, r in enumerate(result.answer.recommendations, 1)]
    risk = result.answer.risk
    if risk is not None:
        out.print(
            Markdown("\n".join(f"- {r}" for r in [*risk.reasons, risk.safest_first_try or ""] if r))
        )
    out.print(Markdown("\n".join(lines)))
    for c in result.citations:
        out.print(f"  [link={c.url}]{c.number or '-'} {c.title}[/link]")
