"""The explorer's live panel in a real headless Chromium: it subscribes to recordChanged over a real
WebSocket and shows records the moment a Writer run (here through the API) commits them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from apitest_helpers import INGEST, Client
from chromium import chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

DATA = Path(__file__).parent / "data"
RUN_WRITER = "mutation($space: String!) { runWriter(space: $space) { messages } }"


def test_live_panel_shows_records_as_they_are_written(api_url: str, space: str, keys: Callable[..., str]) -> None:
    key = keys(space)
    client = Client(api_url, key)
    messages = [json.loads(line) for line in (DATA / "kiln_club.jsonl").read_text().splitlines()]
    roster = json.loads((DATA / "kiln_club.roster.json").read_text())
    with chromium(1200, 900) as drv:
        drv.get(f"{api_url}/")
        wait = WebDriverWait(drv, 90)
        drv.find_element(By.ID, "api-key").send_keys(key)
        drv.find_element(By.ID, "space").send_keys(space)
        drv.find_element(By.ID, "load-button").click()
        wait.until(lambda d: d.find_element(By.ID, "live-status").text == f"listening to {space}")
        assert drv.find_elements(By.CSS_SELECTOR, "#live li") == []  # nothing written yet
        assert client.data(INGEST, {"space": space, "messages": messages, "roster": roster})[
            "ingestMessages"]["written"] == len(messages)
        client.data(RUN_WRITER, {"space": space})
        wait.until(lambda d: any("Utrecht" in li.text for li in d.find_elements(By.CSS_SELECTOR, "#live li")))
        items = [li.text for li in drv.find_elements(By.CSS_SELECTOR, "#live li")]
        assert all(t.split(":")[0] in ("added", "updated", "superseded") for t in items), items
