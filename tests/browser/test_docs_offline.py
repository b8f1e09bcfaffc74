"""/docs and /redoc on a host with no internet: every asset from this server, with integrity,
and no inline script."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import Recorder, Site

pytestmark = pytest.mark.browser


def _offline(page: Page, site: Site) -> list[str]:
    """Refuses every request that leaves the server under test; returns what was refused."""
    refused: list[str] = []

    def handle(route: Route) -> None:
        if route.request.url.startswith(site.url):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.route("**/*", handle)
    return refused


def test_swagger_ui_works_offline(page: Page, site: Site, recorder: Recorder) -> None:
    refused = _offline(page, site)

    page.goto(site.url + "/docs")

    expect(page.locator(".swagger-ui .info .title")).to_contain_text("oomguide")
    expect(
        page.locator(".opblock-summary-path", has_text="/v1/conversations").first
    ).to_be_visible()
    assert refused == []
    assert page.evaluate("window.__cspViolations") == []
    assert recorder.console_errors == []
    for tag in page.locator("script").all():
        assert tag.get_attribute("src") and tag.get_attribute("integrity")


def test_redoc_works_offline(page: Page, site: Site) -> None:
    refused = _offline(page, site)

    page.goto(site.url + "/redoc")

    expect(page.locator("h1", has_text="oomguide")).to_be_visible(timeout=15000)
    assert refused == []
    # ReDoc always shows its maker's logo from their CDN; the policy keeps the page from
    # fetching it (and ReDoc hides an image that did not load). Nothing else is refused.
    violations = page.evaluate("window.__cspViolations")
    assert violations in ([], ["img-src https://cdn.redoc.ly/redoc/logo-mini.svg"])
