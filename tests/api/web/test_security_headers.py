"""Security headers: nosniff on every response; on every HTML page a policy with no inline
script and no framing by other sites."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

PAGES = ["/guide", "/guide?locale=en", "/", "/docs", "/redoc"]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/healthz"),
        ("GET", "/metrics"),
        ("GET", "/widget.js"),
        ("GET", "/demo.css"),
        ("GET", "/v1/kb"),
        ("GET", "/v1/sections/nope"),
        ("POST", "/v1/diagnose"),
        ("GET", "/openapi.json"),
        ("GET", "/docs/assets/swagger-ui-bundle.js"),
        *(("GET", page) for page in PAGES),
    ],
)
def test_every_response_says_nosniff(client: TestClient, method: str, path: str) -> None:
    response = client.request(method, path, json={} if method == "POST" else None)
    assert response.headers["x-content-type-options"] == "nosniff"


def test_an_oversized_body_says_nosniff_too(client: TestClient) -> None:
    response = client.post("/v1/diagnose", content=b"x" * 400_000)
    assert response.status_code == 413
    assert response.headers["x-content-type-options"] == "nosniff"


def _policy(header: str) -> dict[str, list[str]]:
    directives = (d.split() for d in header.split(";") if d.strip())
    return {d[0]: d[1:] for d in directives}


@pytest.mark.parametrize("path", PAGES)
def test_every_page_forbids_inline_script_and_framing(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["content-type"].startswith("text/html")

    policy = _policy(response.headers["content-security-policy"])

    assert policy["frame-ancestors"] == ["'none'"]
    scripts = policy.get("script-src", policy["default-src"])
    assert scripts == ["'self'"]
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", response.text), "an inline script"


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_the_guide_page_renders_the_kbs_markdown(client: TestClient, locale: str) -> None:
    page = client.get(f"/guide?locale={locale}").text

    assert "<strong>Show Advanced</strong>" in page
    assert "<code>gradient_checkpointing: true</code>" in page
    assert "**" not in page and "`" not in page


def test_markdown_on_the_guide_page_cannot_carry_markup() -> None:
    from api.web.routes.site import _PAGES

    html = str(_PAGES.filters["markdown"]("<script>x()</script> [a](javascript:x()) <b>b</b>"))

    assert "<script" not in html and "<b>" not in html and "href" not in html
    assert "&lt;script&gt;" in html
