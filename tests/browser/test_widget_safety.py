"""Nothing a user types, or a bot message contains, may become markup or script in the page."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import Recorder, Site
from tests.browser.widget_support import BOT_TURNS, open_widget, send, shadow_count

pytestmark = pytest.mark.browser

ATTACKS = [
    "<img src=x onerror=alert(1)> deu OOM",
    "<script>alert(2)</script>",
    "[x](javascript:alert(3)) e **<b>negrito</b>**",
]


def test_user_text_is_rendered_as_text(page: Page, site: Site, recorder: Recorder) -> None:
    root = open_widget(page, site.url + "/")
    for attack in ATTACKS:
        send(root, attack)
    expect(root.locator(".msg.user")).to_have_text([f"Você: {a}" for a in ATTACKS])
    assert shadow_count(page, "img, script, b, a[href^='javascript']") == 0
    assert page.locator("img").count() == 0
    assert recorder.dialogs == []


def test_bot_markdown_is_rendered_safely(page: Page, site: Site, recorder: Recorder) -> None:
    """A hostile Turn straight from the network still renders only the CommonMark subset."""
    hostile = (
        "**bold** and `<img src=x onerror=alert(4)>`\n\n"
        "- [evil](javascript:alert(5))\n- [data](data:text/html,<script>alert(6)</script>)\n"
        "- [guide](/guide#faq)\n\n"
        "<script>alert(7)</script>\n\n"
        "```yaml\n<img src=x onerror=alert(8)>\n```"
    )
    body = (
        '{"conversation_id":"x","locale":"en","kind":"answer","text":' + _json(hostile) + ","
        '"question":null,"answer":null,"citations":[],"facts":{},'
        '"trace":[{"step":"note","reason":"<img src=x onerror=alert(9)>"}],'
        '"kb_version":"v","turn":1,"done":true}'
    )

    def fulfill(route: Route) -> None:
        route.fulfill(status=201, content_type="application/json", body=body)

    page.route("**/v1/conversations", fulfill)
    root = open_widget(page, site.url + "/")
    send(root, "hello")
    answer = root.locator(BOT_TURNS).last
    expect(answer.locator("strong")).to_have_text("bold")
    expect(answer.locator("p code").first).to_have_text("<img src=x onerror=alert(4)>")
    expect(answer.locator("a")).to_have_count(1)
    expect(answer.locator("a")).to_have_attribute("href", site.url + "/guide#faq")
    expect(answer).to_contain_text("[evil](javascript:alert(5))")
    expect(answer).to_contain_text("<script>alert(7)</script>")
    expect(answer.locator("pre code")).to_have_text("<img src=x onerror=alert(8)>")
    assert shadow_count(page, "img, script") == 0
    assert recorder.dialogs == []


def _json(text: str) -> str:
    import json

    return json.dumps(text)


def test_strict_csp_host(page: Page, site: Site, recorder: Recorder) -> None:
    """The demo page is served under `default-src 'self'` (and no framing) and nothing else: the
    widget needs no inline script or style allowance at all."""
    response = httpx.get(site.url + "/")
    policy = response.headers["content-security-policy"]
    assert policy == "default-src 'self'; frame-ancestors 'none'"
    assert "<style" not in response.text and "<script>" not in response.text
    root = open_widget(page, site.url + "/")
    send(root, "deu OOM com o gradient checkpointing desligado")
    answer = root.locator(BOT_TURNS).last
    expect(answer.locator("pre code")).to_contain_text("gradient_checkpointing: true")
    # Styled by the adopted stylesheet: the panel's header keeps its colour under the CSP.
    colour = root.locator(".head").evaluate("(h) => getComputedStyle(h).backgroundColor")
    assert colour == "rgb(11, 92, 173)"
    assert page.evaluate("window.__cspViolations") == []
    assert [e for e in recorder.console_errors if "Content Security Policy" in e] == []
    assert recorder.console_errors == []
