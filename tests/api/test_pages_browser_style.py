"""The API serves the Neo4j Browser style file with CORS, so `:style http://127.0.0.1:8000/browser/polymem.grass`
works from Browser's own origin (http://localhost:7474): the preflight is answered, the GET allowed."""

from __future__ import annotations

import httpx

from polymem.api.pages import GRASS

BROWSER_ORIGIN = "http://localhost:7474"


def test_style_preflight_is_answered(api_url: str) -> None:
    r = httpx.options(f"{api_url}/browser/polymem.grass", timeout=30, headers={
        "Origin": BROWSER_ORIGIN, "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "content-type"})
    assert r.status_code in (200, 204)
    assert r.headers["access-control-allow-origin"] in ("*", BROWSER_ORIGIN)
    assert "GET" in r.headers["access-control-allow-methods"]


def test_style_is_served_cross_origin_without_a_key(api_url: str) -> None:
    r = httpx.get(f"{api_url}/browser/polymem.grass", headers={"Origin": BROWSER_ORIGIN}, timeout=30)
    assert r.status_code == 200
    assert r.headers["access-control-allow-origin"] in ("*", BROWSER_ORIGIN)
    assert r.text == GRASS.read_text()
    assert "node.Message" in r.text
