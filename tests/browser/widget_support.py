"""Helpers for driving the widget from Playwright."""

from __future__ import annotations

from playwright.sync_api import Locator, Page

BOT_TURNS = ".msg.bot[data-turn]"


def widget(page: Page) -> Locator:
    """The widget's host element; Playwright's CSS locators pierce its open shadow root."""
    return page.locator("#oomguide-widget")


def open_widget(page: Page, url: str) -> Locator:
    page.goto(url)
    root = widget(page)
    root.locator(".launcher").click()
    root.locator(".panel").wait_for(state="visible")
    return root


def send(root: Locator, text: str) -> None:
    """Type a message and send it with Enter, waiting until the reply has been rendered."""
    before = root.locator(BOT_TURNS).count()
    root.locator("textarea").fill(text)
    root.locator("textarea").press("Enter")
    settle(root, before)


def click_option(root: Locator, value: str) -> None:
    before = root.locator(BOT_TURNS).count()
    root.locator(f".choice[data-value='{value}']:enabled").click()
    settle(root, before)


def settle(root: Locator, turns_before: int) -> None:
    """Wait for one more bot turn and for the widget to be idle again."""
    root.locator(BOT_TURNS).nth(turns_before).wait_for()
    root.locator(".log:not([aria-busy])").wait_for(state="attached")


def shadow_count(page: Page, selector: str) -> int:
    """How many elements inside the widget's shadow root match a selector."""
    count: int = page.evaluate(
        "(sel) => document.querySelector('#oomguide-widget').shadowRoot"
        ".querySelectorAll(sel).length",
        selector,
    )
    return count
