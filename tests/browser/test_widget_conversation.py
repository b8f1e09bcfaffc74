"""Whole conversations through the widget in a real browser against a real server process."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Recorder, Site
from tests.browser.widget_support import BOT_TURNS, click_option, open_widget, send

pytestmark = pytest.mark.browser


def test_pt_br_conversation_by_clicks(page: Page, site: Site, recorder: Recorder) -> None:
    root = open_widget(page, site.url + "/")
    expect(root.locator(".launcher")).to_have_attribute("aria-expanded", "true")
    expect(root.locator(".send")).to_have_text("Enviar")

    send(root, "deu OOM no treino")
    first = root.locator(BOT_TURNS).last
    expect(first).to_contain_text("gradient_checkpointing")
    expect(first.locator(".choice").first).to_be_focused()

    off = root.locator(".choice[data-value='disabled']")
    expect(off).to_have_text("Desligado (false)")
    off.click()
    expect(root.locator(BOT_TURNS)).to_have_count(2)
    answer = root.locator(BOT_TURNS).last
    expect(answer).to_have_attribute("data-kind", "answer")
    expect(root.locator(".msg.user").last).to_have_text(re.compile("Desligado"))
    expect(off).to_be_disabled()

    code = answer.locator("pre code")
    expect(code).to_contain_text("gradient_checkpointing: true")
    expect(code).to_have_attribute("data-lang", "yaml")
    expect(answer.locator(".copy")).to_have_text("Copiar")
    cite = answer.locator("a[href$='/guide#where-to-change']")
    expect(cite).to_have_attribute("href", site.url + "/guide#where-to-change")
    expect(cite).to_contain_text("Onde alterar")

    answer.locator("summary").click()
    expect(answer.locator("details li").first).to_contain_text("gc")

    answer.locator("[data-feedback='yes']").click()
    expect(answer.locator(".feedback")).to_contain_text("Obrigado pelo retorno")
    assert recorder.console_errors == []


def test_en_conversation_by_typing(page: Page, site: Site) -> None:
    page.goto(site.url + "/")
    page.evaluate("localStorage.setItem('oomguide:locale', 'en')")
    root = open_widget(page, site.url + "/")
    expect(root.locator(".send")).to_have_text("Send")

    send(root, "CUDA out of memory at step 2 with Z-Image")
    expect(root.locator(BOT_TURNS).last).to_contain_text("Is gradient_checkpointing on")
    send(root, "it is off, gradient_checkpointing: false")

    answer = root.locator(BOT_TURNS).last
    expect(answer).to_contain_text("Turn Gradient Checkpointing on")
    expect(answer.locator("ol > li")).to_have_count(2)
    expect(answer.locator("a[href$='/guide#risk-families']")).to_be_visible()
    expect(root.locator("textarea")).to_have_value("")
    expect(root.locator(".msg.user")).to_have_text(
        [
            "You: CUDA out of memory at step 2 with Z-Image",
            "You: it is off, gradient_checkpointing: false",
        ]
    )


def test_copy_button_puts_the_yaml_on_the_clipboard(page: Page, site: Site) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    root = open_widget(page, site.url + "/")
    send(root, "desliguei o gradient checkpointing e deu OOM")
    copy = root.locator(BOT_TURNS).last.locator(".copy")
    copy.click()
    expect(copy).to_have_text("Copiado!")
    copied: str = page.evaluate("navigator.clipboard.readText()")
    assert copied == "train:\n  gradient_checkpointing: true"


def test_language_toggle(page: Page, site: Site) -> None:
    root = open_widget(page, site.url + "/")
    toggle = root.locator("[data-action='language']")
    expect(toggle).to_have_text("English")
    expect(root.locator(".greeting")).to_contain_text("Olá")

    toggle.click()
    expect(toggle).to_have_text("Português")
    expect(root.locator(".greeting")).to_contain_text("Hi!")
    expect(root.locator(".send")).to_have_text("Send")
    expect(root.locator(".root")).to_have_attribute("lang", "en")

    send(root, "OOM after I turned gradient checkpointing off")
    expect(root.locator(BOT_TURNS).last).to_contain_text("Recommendations")

    toggle.click()
    expect(root.locator(".send")).to_have_text("Enviar")
    notice = root.locator(".notice")
    expect(notice).to_contain_text("continua em português")
    notice.get_by_role("button", name="Recomeçar em inglês").click()
    expect(root.locator(BOT_TURNS)).to_have_count(0)
    send(root, "deu OOM com o GC desligado")
    expect(root.locator(BOT_TURNS).last).to_contain_text("Recomendações")


def test_reload_continues_the_conversation(page: Page, site: Site) -> None:
    root = open_widget(page, site.url + "/")
    send(root, "deu OOM no treino")
    click_option(root, "disabled")
    expect(root.locator(BOT_TURNS)).to_have_count(2)

    page.reload()
    root.locator(".launcher").click()
    expect(root.locator(BOT_TURNS)).to_have_count(2)
    expect(root.locator(".msg.user")).to_have_text(
        ["Você: deu OOM no treino", "Você: Desligado (false)"]
    )
    pending = root.locator(BOT_TURNS).last.locator(".choice[data-value='still_oom']")
    expect(pending).to_be_enabled()
    click_option(root, "still_oom")
    expect(root.locator(BOT_TURNS)).to_have_count(3)

    root.locator("[data-action='start-over']").click()
    expect(root.locator(BOT_TURNS)).to_have_count(0)
    stored = page.evaluate("Object.keys(localStorage).filter(k => k.endsWith(':conversation'))")
    assert stored == []


def test_reload_keeps_why_and_feedback_on_every_turn(page: Page, site: Site) -> None:
    root = open_widget(page, site.url + "/")
    send(root, "deu OOM no treino")
    click_option(root, "disabled")
    turns = root.locator(BOT_TURNS)
    before = [turns.nth(i).locator("details.why li").count() for i in range(2)]

    page.reload()
    root.locator(".launcher").click()

    expect(turns).to_have_count(2)
    for index, steps in enumerate(before):
        assert steps > 0
        expect(turns.nth(index).locator("details.why summary")).to_have_text("Por quê?")
        expect(turns.nth(index).locator("details.why li")).to_have_count(steps)
    expect(turns.nth(0).locator(".feedback")).to_have_count(0)
    turns.nth(1).locator("[data-feedback='yes']").click()
    expect(turns.nth(1).locator(".feedback")).to_contain_text("Obrigado")
    click_option(root, "still_oom")
    expect(turns).to_have_count(3)


def test_stale_reply_refreshes_the_conversation(page: Page, site: Site) -> None:
    root = open_widget(page, site.url + "/")
    send(root, "deu OOM no treino")
    other = page.context.new_page()
    other_root = open_widget(other, site.url + "/")
    click_option(other_root, "disabled")
    other.close()

    root.locator(".choice[data-value='enabled']").click()
    expect(root.locator(".notice")).to_contain_text("A conversa mudou em outra aba")
    expect(root.locator(BOT_TURNS)).to_have_count(2)
    expect(root.locator(BOT_TURNS).last).to_contain_text("Recomendações")


def test_unknown_conversation_starts_over(page: Page, site: Site) -> None:
    page.goto(site.url + "/")
    page.evaluate(
        "(key) => localStorage.setItem(key, 'no-such-conversation')",
        f"oomguide:{site.url}:conversation",
    )
    root = open_widget(page, site.url + "/")
    expect(root.locator(".greeting")).to_be_visible()
    send(root, "deu OOM no treino")
    expect(root.locator(BOT_TURNS)).to_have_count(1)


def test_rate_limit_and_network_errors_are_shown(page: Page, site: Site) -> None:
    root = open_widget(page, site.url + "/")
    page.route(
        "**/v1/conversations",
        lambda route: route.fulfill(
            status=429,
            content_type="application/problem+json",
            body='{"type":"about:blank","title":"Too Many Requests","status":429,"detail":"slow"}',
        ),
    )
    root.locator("textarea").fill("deu OOM")
    root.locator(".send").click()
    expect(root.locator(".notice")).to_contain_text("Muitas mensagens")
    expect(root.locator("textarea")).to_have_value("deu OOM")

    page.unroute("**/v1/conversations")
    page.route("**/v1/conversations", lambda route: route.abort())
    root.locator(".send").click()
    expect(root.locator(".notice")).to_contain_text("Não consegui falar com o assistente")

    page.unroute("**/v1/conversations")
    root.locator(".send").click()
    expect(root.locator(BOT_TURNS)).to_have_count(1)
    expect(root.locator(".notice")).to_be_hidden()
