"""A real headless Chromium (Debian's chromium + chromium-driver, installed by scripts/setup) driven by
selenium, with every host but the loopback unresolvable, so a page that needs the internet fails."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

# Chromium's own DNS override: every name resolves to nothing except the loopback server under test.
OFFLINE_RULES = "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def _binaries() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or "/usr/lib/chromium/chromedriver"
    if browser is None or not shutil.which(driver):
        pytest.skip("chromium and chromium-driver are not installed (scripts/setup installs them with apt-get)")
    return browser, driver


@contextmanager
def chromium(width: int = 1280, height: int = 900, offline: bool = True) -> Iterator[object]:
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is in the dev extra")
    browser, driver = _binaries()
    opts = webdriver.ChromeOptions()
    opts.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}",
                "--no-first-run", "--disable-background-networking", "--disable-component-update"):
        opts.add_argument(arg)
    if offline:
        opts.add_argument(f"--host-resolver-rules={OFFLINE_RULES}")
    drv = webdriver.Chrome(options=opts, service=webdriver.ChromeService(executable_path=driver))
    drv.set_page_load_timeout(60)
    try:
        yield drv
    finally:
        drv.quit()


def resource_urls(drv: object) -> list[str]:
    """Every URL the page fetched (scripts, styles, fonts, XHR), from the Resource Timing API."""
    return drv.execute_script(  # type: ignore[attr-defined]
        "return performance.getEntriesByType('resource').map(e => e.name)")
