"""The `oomguide` command line; it imports neither the HTTP routes nor the chat adapters."""

from api.cli.main import app, main

__all__ = ["app", "main"]
