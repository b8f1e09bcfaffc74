"""Embedding: one tag on another origin, the language it picks, styles kept apart."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import DESKTOP, Site
from tests.browser.widget_support import BOT_TURNS, open_widget, send, widget

pytestmark = pytest.mark.browser


def host_page(script_src: str, html_lang: str | None = None, data_locale: str | None = None) -> str:
    lang = f' lang="{html_lang}"' if html_lang else ""
    data = f' data-locale="{data_locale}"' if data_locale else ""
    return (
        f"<!doctype html><html{lang}><head><title>Host</title>"
        "<style>button { background: rgb(255, 0, 0) !important; } * { font-size: 40px; }</style>"
        f"</head><body><h1>Host page</h1><button id='host'>Host button</button>"
        f'<script src="{script_src}"{data} defer></script></body></html>'
    )


def serve(page: Page, url: str, html: str) -> None:
    def fulfill(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)

    page.route(url, fulfill)


def test_cross_origin_embed_talks_to_the_scripts_origin(browser: Browser, site: Site) -> None:
    """A page on another origin adds the tag; the widget calls the API where its script is from.

    The host is a real page of that other origin (a routed page would count as a public address
    and Chromium would refuse its requests to a loopback one), given the tag at run time. That
    page's own policy allows no script from elsewhere (as every page of this service should), so
    it is set aside here: it stands for another site, whose policy is its own."""
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    context.set_default_timeout(5000)
    page = context.new_page()
    page.goto(site.other_origin + "/guide")
    page.evaluate(
        """(src) => {
            const tag = document.createElement('script');
            tag.src = src;
            tag.dataset.locale = 'en';
            document.body.appendChild(tag);
        }""",
        site.url + "/widget.js",
    )
    root = widget(page)
    root.locator(".launcher").click()
    send(root, "OOM after turning gradient checkpointing off")
    answer = root.locator(BOT_TURNS).last
    expect(answer).to_contain_text("Recommendations")
    link = answer.locator("a[href$='/guide#where-to-change']")
    expect(link).to_have_attribute("href", site.url + "/guide#where-to-change")
    assert page.url.startswith(site.other_origin)
    context.close()


def test_styles_do_not_leak_in_or_out(page: Page, site: Site) -> None:
    url = site.url + "/styles"
    serve(page, url, host_page("/widget.js", data_locale="en"))
    root = open_widget(page, url)
    send_button = root.locator(".send")
    assert send_button.evaluate("(b) => getComputedStyle(b).backgroundColor") == "rgb(11, 92, 173)"
    assert send_button.evaluate("(b) => getComputedStyle(b).fontSize") != "40px"
    host_button = page.locator("#host")
    assert host_button.evaluate("(b) => getComputedStyle(b).fontSize") == "40px"
    assert page.evaluate("document.querySelectorAll('button').length") == 1  # the host's own


@pytest.mark.parametrize(
    ("html_lang", "data_locale", "browser_locale", "expected"),
    [
        ("en", "pt-BR", "en-US", "Enviar"),
        ("en", None, "pt-BR", "Send"),
        ("pt-PT", None, "en-US", "Enviar"),
        (None, None, "pt-PT", "Enviar"),
        (None, None, "de-DE", "Send"),
    ],
)
def test_language_comes_from_tag_then_page_then_browser(
    browser: Browser,
    site: Site,
    html_lang: str | None,
    data_locale: str | None,
    browser_locale: str,
    expected: str,
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=browser_locale)
    try:
        page = context.new_page()
        url = site.url + "/lang"
        serve(page, url, host_page("/widget.js", html_lang=html_lang, data_locale=data_locale))
        root = open_widget(page, url)
        expect(root.locator(".send")).to_have_text(expected)
    finally:
        context.close()


def test_blocked_storage_falls_back_to_memory(page: Page, site: Site) -> None:
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new Error('blocked'); }});"
    )
    root = open_widget(page, site.url + "/")
    send(root, "deu OOM no treino")
    root.locator(".choice[data-value='disabled']").click()
    expect(root.locator(BOT_TURNS)).to_have_count(2)
    expect(root.locator(BOT_TURNS).last).to_contain_text("Recomendações")
