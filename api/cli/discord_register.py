"""The `/oom` slash command as Discord's registration JSON, and `oomguide discord register`,
which overwrites the application's commands with it (Discord's bulk overwrite is idempotent)."""

from __future__ import annotations

import json
from typing import Annotated, Any, Final

import httpx
import typer

from locales import Catalog
from locales.catalog import default_catalog

CHAT_INPUT: Final = 1
STRING, ATTACHMENT = 3, 11
LOCALIZED: Final = ("pt-BR",)  # Discord's locale codes that have texts of their own
MESSAGE_MAX: Final = 6000  # Discord's longest string option

app = typer.Typer(no_args_is_help=True, help="Set up the Discord application.")


def _texts(catalog: Catalog, key: str) -> tuple[str, dict[str, str]]:
    """The English text (Discord's default) and its pt-BR localization."""
    full = f"channels.command.{key}"
    return catalog.text(full, "en"), {loc: catalog.text(full, loc) for loc in LOCALIZED}


def _option(catalog: Catalog, name: str, kind: int) -> dict[str, Any]:
    default_name, names = _texts(catalog, f"{name}.name")
    description, descriptions = _texts(catalog, f"{name}.description")
    option: dict[str, Any] = {
        "type": kind,
        "name": default_name,
        "name_localizations": names,
        "description": description,
        "description_localizations": descriptions,
        "required": False,
    }
    if kind == STRING:
        option["max_length"] = MESSAGE_MAX
    return option


def commands(catalog: Catalog | None = None) -> list[dict[str, Any]]:
    """The body of PUT /applications/{id}/commands."""
    catalog = catalog or default_catalog()
    description, descriptions = _texts(catalog, "description")
    return [
        {
            "name": "oom",
            "type": CHAT_INPUT,
            "description": description,
            "description_localizations": descriptions,
            "options": [
                _option(catalog, "message", STRING),
                _option(catalog, "config", ATTACHMENT),
            ],
        }
    ]


def register(
    api_url: str, application_id: str, bot_token: str, guild_id: str | None = None
) -> list[dict[str, Any]]:
    """Overwrite the application's commands (or one server's, which update at once)."""
    path = f"/applications/{application_id}"
    path += f"/guilds/{guild_id}/commands" if guild_id else "/commands"
    response = httpx.put(
        api_url.rstrip("/") + path,
        json=commands(),
        headers={"Authorization": f"Bot {bot_token}"},
        timeout=10.0,
    )
    response.raise_for_status()
    registered: list[dict[str, Any]] = response.json()
    return registered


@app.command("register")
def register_command(
    application_id: Annotated[str, typer.Option("--application-id", help="Discord application id")],
    guild_id: Annotated[
        str | None, typer.Option("--guild-id", help="register in one server")
    ] = None,
    print_only: Annotated[
        bool, typer.Option("--print", help="print the JSON, send nothing")
    ] = False,
) -> None:
    """Register `/oom` with the bot token in OOMGUIDE_DISCORD_BOT_TOKEN."""
    from api.settings import Settings

    if print_only:
        typer.echo(json.dumps(commands(), ensure_ascii=False, indent=2))
        return
    settings = Settings.from_env()
    if not settings.discord_bot_token:
        typer.echo("set OOMGUIDE_DISCORD_BOT_TOKEN to the bot's token", err=True)
        raise typer.Exit(2)
    try:
        done = register(
            settings.discord_api_url, application_id, settings.discord_bot_token, guild_id
        )
    except httpx.HTTPError as exc:
        typer.echo(f"Discord refused the commands: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"registered: {', '.join('/' + str(c.get('name')) for c in done)}")
