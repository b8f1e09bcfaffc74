"""Browser fixtures: one real `oomguide serve` per module, the system's headless Chromium, and a
fresh page per test that records console errors, CSP violations and dialogs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Dialog,
    Page,
    ViewportSize,
    sync_playwright,
)

from tests.server import ServerProcess, free_port, start_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DESKTOP = ViewportSize(width=1280, height=800)
NARROW = ViewportSize(width=320, height=640)

# Runs before any page script; CSP does not apply to it. Records violations for the tests.
_RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


@dataclass
class Site:
    """The server under test, plus the other origin that embeds the widget cross-origin."""

    server: ServerProcess

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def other_origin(self) -> str:
        return f"http://localhost:{self.server.port}"


@dataclass
class Recorder:
    console_errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        # The demo site has no favicon; the browser's own request for one is not the widget's.
        if message.type == "error" and not message.location["url"].endswith("/favicon.ico"):
            self.console_errors.append(message.text)

    def on_dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("browser-server")
    port = free_port()
    env = {
        "OOMGUIDE_DATABASE": str(folder / "db.sqlite"),
        "OOMGUIDE_CORS_ORIGINS": f"http://localhost:{port}",
    }
    with start_server(env, folder, port=port) as server:
        yield Site(server)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def page(browser: Browser, recorder: Recorder) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    context.set_default_timeout(5000)
    context.add_init_script(_RECORD_VIOLATIONS)
    opened = context.new_page()
    opened.on("console", recorder.on_console)
    opened.on("dialog", recorder.on_dialog)
    yield opened
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
