"""Accessibility (axe-core), keyboard-only use, narrow screens and screenshots."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser.conftest import NARROW, Site
from tests.browser.widget_support import BOT_TURNS, open_widget, send, widget

pytestmark = pytest.mark.browser


def test_axe_finds_no_serious_violations(page: Page, site: Site) -> None:
    root = open_widget(page, site.url + "/")
    send(root, "deu OOM com o gradient checkpointing desligado")
    root.locator(BOT_TURNS).last.locator("summary").click()
    results = Axe().run(page)
    serious = [
        f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes)"
        for v in results.response["violations"]
        if v["impact"] in {"serious", "critical"}
    ]
    assert serious == []
    assert results.response["passes"], "axe ran no checks at all"


def test_keyboard_only_conversation(page: Page, site: Site) -> None:
    page.goto(site.url + "/")
    launcher = widget(page).locator(".launcher")
    for _ in range(12):
        page.keyboard.press("Tab")
        if launcher.evaluate("(b) => b.getRootNode().activeElement === b"):
            break
    expect(launcher).to_be_focused()
    page.keyboard.press("Enter")
    root = widget(page)
    expect(launcher).to_have_attribute("aria-expanded", "true")
    expect(root.locator("textarea")).to_be_focused()

    page.keyboard.type("deu OOM no treino")
    page.keyboard.press("Enter")
    first_option = root.locator(".choice[data-value='enabled']")
    expect(first_option).to_be_focused()
    page.keyboard.press("Tab")
    expect(root.locator(".choice[data-value='disabled']")).to_be_focused()
    page.keyboard.press("Space")
    answer = root.locator(BOT_TURNS).nth(1)
    expect(answer.locator(".choice").first).to_be_focused()
    outline = answer.locator(".choice").first.evaluate(
        "(b) => getComputedStyle(b).outlineStyle + ' ' + getComputedStyle(b).outlineWidth"
    )
    assert outline == "solid 3px"

    page.keyboard.press("Escape")
    expect(root.locator(".panel")).to_be_hidden()
    expect(launcher).to_be_focused()
    expect(launcher).to_have_attribute("aria-expanded", "false")


def test_log_is_a_polite_live_region(page: Page, site: Site) -> None:
    root = open_widget(page, site.url + "/")
    log = root.locator(".log")
    expect(log).to_have_attribute("role", "log")
    expect(log).to_have_attribute("aria-live", "polite")
    expect(root.locator(".launcher")).to_have_attribute("aria-controls", "oomguide-panel")


def test_screenshots_desktop_and_narrow(page: Page, site: Site, artifacts: Path) -> None:
    root = open_widget(page, site.url + "/")
    send(root, "deu OOM no treino")
    root.locator(".choice[data-value='disabled']").click()
    expect(root.locator(BOT_TURNS)).to_have_count(2)
    page.screenshot(path=str(artifacts / "widget-desktop-1280.png"))

    page.set_viewport_size(NARROW)
    root.locator(BOT_TURNS).last.locator("pre").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "widget-narrow-320.png"))
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"horizontal scroll at 320 px: {widths}"
    panel = root.locator(".panel").bounding_box()
    assert panel is not None
    assert panel["x"] >= 0
    assert panel["x"] + panel["width"] <= 320
    log_overflow = root.locator(".log").evaluate("(l) => l.scrollWidth - l.clientWidth")
    assert log_overflow <= 0

    root.locator(".close").click()
    page.screenshot(path=str(artifacts / "widget-narrow-320-closed.png"))
    launcher = root.locator(".launcher").bounding_box()
    assert launcher is not None
    assert launcher["x"] + launcher["width"] <= 320
