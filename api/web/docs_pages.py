"""The API docs (/docs with Swagger UI, /redoc with ReDoc) served from this server alone.

FastAPI's own pages load their scripts from a CDN and start Swagger UI with an inline script,
so they are blank on an offline or locked-down host and need a looser policy than the rest of
the site. Here the assets come from the fastapi-offline wheel, which ships them; every page
names each asset with its Subresource Integrity hash (worked out once, at start), and Swagger UI
is started by a script file of our own rather than inline.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Final

import jinja2
from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse

router = APIRouter(include_in_schema=False)
ASSETS_URL: Final = "/docs/assets"
_VENDOR: Final = Path(str(files("fastapi_offline") / "static"))
_OWN: Final = Path(__file__).resolve().parents[1] / "static" / "docs"
# Every asset a docs page may load, by the name it is served under.
_ASSETS: Final = {
    "swagger-ui-bundle.js": _VENDOR / "swagger-ui-bundle.js",
    "swagger-ui.css": _VENDOR / "swagger-ui.css",
    "redoc.standalone.js": _VENDOR / "redoc.standalone.js",
    "favicon.png": _VENDOR / "favicon.png",
    "swagger-init.js": _OWN / "swagger-init.js",
}
_TYPES: Final = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
# Swagger UI and ReDoc set inline styles and ReDoc renders in a worker made from a blob; no
# inline script runs.
DOCS_CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
_PAGES = jinja2.Environment(
    loader=jinja2.PackageLoader("api", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
)


@cache
def integrity(name: str) -> str:
    """The asset's Subresource Integrity value (SHA-384)."""
    digest = hashlib.sha384(_ASSETS[name].read_bytes()).digest()
    return "sha384-" + base64.b64encode(digest).decode()


def _page(template: str, title: str) -> HTMLResponse:
    html = _PAGES.get_template(template).render(
        title=title, assets=ASSETS_URL, integrity=integrity, openapi_url="/openapi.json"
    )
    return HTMLResponse(html, headers={"Content-Security-Policy": DOCS_CSP})


@router.get("/docs")
def swagger_ui() -> HTMLResponse:
    return _page("swagger.html", "oomguide API")


@router.get("/redoc")
def redoc() -> HTMLResponse:
    return _page("redoc.html", "oomguide API")


@router.get(ASSETS_URL + "/{name}")
def asset(name: str) -> FileResponse:
    path = _ASSETS.get(name)
    if path is None:
        raise HTTPException(404, f"no docs asset {name!r}")
    media_type = _TYPES.get(path.suffix, "image/png")
    headers = {"Cache-Control": "public, max-age=86400"}
    return FileResponse(path, media_type=media_type, headers=headers)
