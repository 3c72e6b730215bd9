"""The explorer page at `/` in a real headless Chromium, against a real API server and Neo4j, on a small
invented chat (tests/api/data/kiln_club.jsonl): pick the space, ask, read answer / plan / evidence /
record versions, see the who-talks-to-whom network; a screenshot of the real page is checked too."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from apitest_helpers import INGEST, Client
from chromium import chromium, resource_urls
from PIL import Image
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

DATA = Path(__file__).parent / "data"
RUN_WRITER = "mutation($space: String!) { runWriter(space: $space) { messages } }"


@pytest.fixture
def kiln_space(api_url: str, space: str, keys: Callable[..., str]) -> tuple[str, str]:
    key = keys(space)
    client = Client(api_url, key)
    messages = [json.loads(line) for line in (DATA / "kiln_club.jsonl").read_text().splitlines()]
    roster = json.loads((DATA / "kiln_club.roster.json").read_text())
    got = client.data(INGEST, {"space": space, "messages": messages, "roster": roster})
    assert got["ingestMessages"]["written"] == len(messages)
    client.data(RUN_WRITER, {"space": space})
    return space, key


def _type(drv: object, element_id: str, text: str) -> None:
    box = drv.find_element(By.ID, element_id)  # type: ignore[attr-defined]
    box.clear()
    box.send_keys(text)


def test_explorer_asks_and_draws_the_network(api_url: str, kiln_space: tuple[str, str], tmp_path: Path) -> None:
    space, key = kiln_space
    with chromium(1400, 1000) as drv:
        drv.get(f"{api_url}/")
        wait = WebDriverWait(drv, 90)
        _type(drv, "api-key", key)
        _type(drv, "space", space)
        drv.find_element(By.ID, "load-button").click()
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#network svg g.node")) == 4)

        # The network: four people, directed edges with weights, a legend for the communities. The page may draw
        # the network again while it is read (a slow machine): the edges are read again until one drawing holds.
        def read_edges(d: object) -> list[tuple[str | None, str | None, str | None]]:
            return [(e.get_attribute("data-from"), e.get_attribute("data-to"), e.get_attribute("marker-end"))
                    for e in d.find_elements(By.CSS_SELECTOR, "#network svg path.edge")]  # type: ignore[attr-defined]

        edges = WebDriverWait(drv, 30, ignored_exceptions=[StaleElementReferenceException]).until(read_edges)
        pairs = {(a, b) for a, b, _ in edges}
        assert ("lazlo", "wren") in pairs and ("odile", "wren") in pairs
        assert all(marker == "url(#arrow)" for _, _, marker in edges)
        assert drv.find_element(By.ID, "legend").text.startswith("community")

        _type(drv, "question", "Where does Lazlo live?")
        drv.find_element(By.ID, "ask-button").click()
        wait.until(lambda d: d.find_element(By.ID, "status").text == "Answered."
                   or "error" in d.find_element(By.ID, "status").get_attribute("class"))
        assert drv.find_element(By.ID, "status").text == "Answered."
        assert "Utrecht" in drv.find_element(By.ID, "answer").text

        plan = drv.find_element(By.ID, "plan").text
        assert "rows" in plan and "Lazlo Fitch" in plan  # the row is the person asked about
        evidence = drv.find_element(By.ID, "evidence").text
        assert "Lazlo Fitch → Wren Halloway" in evidence  # speaker → addressee of the Utrecht message
        assert "2026-04-21 19:00" in evidence
        records = drv.find_element(By.ID, "records").text
        assert "Utrecht" in records and "v1" in records

        outside = [u for u in resource_urls(drv) if not u.startswith(api_url)]
        assert outside == []
        png = drv.get_screenshot_as_png()
    (tmp_path / "explorer.png").write_bytes(png)
    img = Image.open(io.BytesIO(png)).convert("RGB").resize((350, 250))
    pixels = list(img.getdata())
    background = max(set(pixels), key=pixels.count)
    assert len(set(pixels)) > 200  # text, nodes and edges, not a blank or one-colour page
    assert sum(p != background for p in pixels) / len(pixels) > 0.1
