"""GraphiQL at GET /graphql renders from the package's own assets with no network, in a real Chromium."""

from __future__ import annotations

import httpx
from chromium import chromium, resource_urls
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

from polymem.api.pages import graphiql_html


def test_graphiql_page_names_no_outside_host(api_url: str) -> None:
    page = httpx.get(f"{api_url}/graphql", headers={"Accept": "text/html"}, timeout=30)
    assert page.status_code == 200
    assert "unpkg.com" not in page.text and "cdn" not in page.text.lower()
    assert "/static/vendor/graphiql/graphiql.min.js" in page.text
    for asset in ("react/react.production.min.js", "react-dom/react-dom.production.min.js",
                  "graphiql/graphiql.min.js", "graphiql/graphiql.min.css",
                  "graphiql/LICENSE", "react/LICENSE", "react-dom/LICENSE"):
        r = httpx.get(f"{api_url}/static/vendor/{asset}", timeout=30)
        assert r.status_code == 200 and len(r.content) > 500, asset
    assert "MIT License" in httpx.get(f"{api_url}/static/vendor/graphiql/LICENSE", timeout=30).text


def test_example_query_cannot_close_the_script_element() -> None:
    html = graphiql_html()
    assert "__EXAMPLE_QUERY__" not in html and "__EXAMPLE_VARIABLES__" not in html
    script = html.split("const EXAMPLE_QUERY = ", 1)[1]
    assert "</script>" in script  # the page's own closing tag ...
    assert script.index("</script>") > script.index("const EXAMPLE_VARIABLES")  # ... not one from the query


def test_graphiql_renders_offline_with_the_polymem_example(api_url: str) -> None:
    with chromium() as drv:
        drv.get(f"{api_url}/graphql")
        wait = WebDriverWait(drv, 60)
        editor = wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, ".graphiql-query-editor .CodeMirror")))
        wait.until(lambda d: "ask(" in editor.text)
        assert "polymem" in editor.text  # our example, not GraphiQL's generic welcome
        assert drv.find_element(By.CSS_SELECTOR, ".graphiql-execute-button").is_displayed()
        assert "Loading" not in drv.find_element(By.ID, "graphiql").text[:20]
        outside = [u for u in resource_urls(drv) if not u.startswith(api_url)]
        assert outside == []
