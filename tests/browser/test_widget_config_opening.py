"""A job config pasted alone in the widget is diagnosed at once, in a real browser against a
real server process."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Recorder, Site
from tests.browser.widget_support import BOT_TURNS, click_option, open_widget, send

pytestmark = pytest.mark.browser

CONFIG = """```yaml
job: extension
config:
  name: zimage_portraits
  process:
    - type: sd_trainer
      train:
        batch_size: 4
        gradient_checkpointing: false
      model:
        name_or_path: Tongyi-MAI/Z-Image-Turbo
      datasets:
        - folder_path: /data
          resolution: [512, 1024, 1536]
```"""


@pytest.mark.parametrize(
    ("locale", "risk", "asked", "then"),
    [
        (
            "en",
            "Risk with these settings: high",
            "Has this job run out of memory (OOM) yet?",
            "did the OOM go away?",
        ),
        (
            "pt-BR",
            "Risco com estas configurações: alto",
            "Esse job já deu falta de memória (OOM)?",
            "o OOM sumiu?",
        ),
    ],
)
def test_a_pasted_config_alone_gets_its_diagnosis_first(
    page: Page, site: Site, recorder: Recorder, locale: str, risk: str, asked: str, then: str
) -> None:
    page.goto(site.url + "/")
    page.evaluate(f"localStorage.setItem('oomguide:locale', '{locale}')")
    root = open_widget(page, site.url + "/")
    send(root, CONFIG)

    first = root.locator(BOT_TURNS).last
    expect(first).to_have_attribute("data-kind", "answer")
    expect(first).to_contain_text("zimage_portraits")
    expect(first).to_contain_text(risk)
    expect(first).to_contain_text(asked)
    expect(first.locator("pre code").first).to_contain_text("gradient_checkpointing: true")
    expect(first.locator(".choice[data-value='none']")).to_be_visible()

    click_option(root, "first_steps")
    expect(root.locator(BOT_TURNS).last).to_contain_text(then)
    assert recorder.console_errors == []
