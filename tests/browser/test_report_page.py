"""The support team's report in headless Chromium: charts render, axe finds no serious
violations, usable at 320 px, in both languages; screenshots for the README."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, NARROW
from tests.server import ServerProcess, start_server

pytestmark = pytest.mark.browser
TOKEN = "report-browser-token"
OPENINGS = [
    ("en", "help, out of memory"),
    ("pt-BR", "desliguei o GC e o Z-Image dá OOM no passo 2 com batch 4"),
    ("en", "training got Killed after the update, exit code 137"),
    ("en", "does gradient checkpointing hurt quality?"),
    ("pt-BR", "oi, tudo bem?"),
    ("en", "is anyone here? mail me at someone@example.com"),
]


@pytest.fixture(scope="module")
def report_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("report-server")
    env = {"OOMGUIDE_DATABASE": str(folder / "db.sqlite"), "OOMGUIDE_ADMIN_TOKEN": TOKEN}
    with start_server(env, folder) as server:
        _seed(server.url)
        yield server


def _seed(url: str) -> None:
    with httpx.Client(base_url=url, timeout=30) as http:
        for n in range(48):
            locale, text = OPENINGS[n % len(OPENINGS)]
            headers = {"X-Oomguide-Channel": "widget"} if n % 3 == 0 else {}
            turn = http.post(
                "/v1/conversations", json={"locale": locale, "text": text}, headers=headers
            ).json()
            if turn["question"] and turn["question"]["options"] and n % 2:
                value = turn["question"]["options"][0]["value"]
                turn = http.post(
                    f"/v1/conversations/{turn['conversation_id']}/replies", json={"value": value}
                ).json()
            if turn["answer"]:
                http.post(
                    f"/v1/conversations/{turn['conversation_id']}/feedback",
                    json={"helpful": n % 4 != 0},
                )


@pytest.fixture
def admin_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(
        viewport=DESKTOP, extra_http_headers={"Authorization": f"Bearer {TOKEN}"}
    )
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize(("locale", "heading"), [("en", "oomguide report"), ("pt-BR", "Relatório")])
def test_the_charts_render_with_their_words(
    admin_page: Page, report_server: ServerProcess, locale: str, heading: str
) -> None:
    admin_page.goto(f"{report_server.url}/admin/report?locale={locale}")
    expect(admin_page.locator("h1")).to_contain_text(heading)
    charts = admin_page.locator("svg.chart")
    assert charts.count() >= 5
    for index in range(charts.count()):
        chart = charts.nth(index)
        box = chart.bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 100
        assert chart.locator("title").text_content()
        assert chart.locator("desc").text_content()
        assert chart.locator("rect, path").count() > 5  # bars and axes were drawn
    expect(admin_page.locator("td.text").first).to_contain_text("[email]")


def test_axe_finds_no_serious_violations(admin_page: Page, report_server: ServerProcess) -> None:
    admin_page.goto(f"{report_server.url}/admin/report?locale=en")
    admin_page.locator("details summary").first.click()
    results = Axe().run(admin_page)
    serious = [
        f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes)"
        for v in results.response["violations"]
        if v["impact"] in {"serious", "critical"}
    ]
    assert serious == []
    assert results.response["passes"]


def test_usable_at_320_px_and_screenshots(
    admin_page: Page, report_server: ServerProcess, artifacts: Path
) -> None:
    admin_page.goto(f"{report_server.url}/admin/report?locale=en")
    admin_page.set_viewport_size({"width": 1280, "height": 2000})
    admin_page.screenshot(path=str(artifacts / "report-desktop-1280.png"))
    admin_page.set_viewport_size(NARROW)
    admin_page.goto(f"{report_server.url}/admin/report?locale=pt-BR")
    widths = admin_page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"horizontal scroll at 320 px: {widths}"
    for chart in admin_page.locator("svg.chart").all():
        box = chart.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
    admin_page.screenshot(path=str(artifacts / "report-narrow-320.png"), full_page=False)


def test_the_command_line_file_works_offline(
    browser: Browser, report_server: ServerProcess, tmp_path: Path
) -> None:
    page_html = httpx.get(
        f"{report_server.url}/admin/report?locale=en",
        headers={"Authorization": f"Bearer {TOKEN}"},
    ).text
    context = browser.new_context(viewport=DESKTOP, offline=True)
    requested: list[str] = []
    page = context.new_page()
    page.on("request", lambda r: requested.append(r.url))
    path = tmp_path / "report.html"
    path.write_text(page_html, encoding="utf-8")
    page.goto(path.as_uri())
    expect(page.locator("svg.chart").first).to_be_visible()
    assert [u for u in requested if not u.startswith("file:")] == []
    context.close()
