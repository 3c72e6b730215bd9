"""Limits: depth, cost, aliases, page size, body size, bad cursors; health endpoints; schema drift."""

from __future__ import annotations

import httpx
from apitest_helpers import conversation

from polymem.api.schema import SDL_PATH, sdl


def test_deep_query_refused(client, space) -> None:
    inner = "id"
    for _ in range(8):  # speaker -> messages -> edges -> node -> speaker ... far past the depth limit
        inner = f"speaker {{ messages(first: 1) {{ edges {{ node {{ {inner} }} }} }} }}"
    q = f'query($s: String!) {{ participant(space: $s, id: "alice") {{ messages(first: 1) {{ edges {{ node {{ {inner} }} }} }} }} }}'
    body = client.post(q, {"s": space})
    assert body["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    assert "depth" in body["errors"][0]["message"]


def test_costly_query_and_aliases_refused(client, space) -> None:
    q = """query($s: String!) { participant(space: $s, id: "a") {
        messages(first: 100) { edges { node { speaker {
          messages(first: 100) { edges { node { addressees { participant { id } } } } } } } } } } }"""
    body = client.post(q, {"s": space})
    assert body["errors"][0]["extensions"]["code"] == "BAD_INPUT" and "cost" in body["errors"][0]["message"]
    aliases = " ".join(f'a{i}: space(id: $s) {{ messages }}' for i in range(30))
    body = client.post(f"query($s: String!) {{ {aliases} }}", {"s": space})
    assert body["errors"][0]["extensions"]["code"] == "BAD_INPUT"


def test_huge_page_and_bad_cursor_refused(client, space, ingest) -> None:
    ingest(conversation(3))
    assert client.error("query($s: String!) { messages(space: $s, first: 100000) { edges { cursor } } }",
                        {"s": space}) == "BAD_INPUT"
    assert client.error("""query($s: String!) { participant(space: $s, id: "alice") {
        messages(first: 0) { edges { cursor } } } }""", {"s": space}) == "BAD_INPUT"
    assert client.error('query($s: String!) { messages(space: $s, after: "!!nonsense") { edges { cursor } } }',
                        {"s": space}) == "BAD_INPUT"
    assert client.error('query { space(id: "bad space name!") { messages } }') in ("BAD_INPUT", "FORBIDDEN")


def test_ten_megabyte_request_refused_cleanly(client, space, api_url) -> None:
    big = "x" * (10 * 1024 * 1024)
    q = 'mutation($s: String!, $t: String!) { ingestMessages(space: $s, messages: [{id: "b", speaker: "a", text: $t}]) { ok } }'
    r = httpx.post(f"{api_url}/graphql", json={"query": q, "variables": {"s": space, "t": big}},
                   headers={"Authorization": f"Bearer {client.key}"}, timeout=60)
    assert r.status_code == 413
    assert r.json()["errors"][0]["extensions"]["code"] == "BAD_INPUT"

    def chunks():  # no Content-Length: the limit still holds while streaming
        for _ in range(10):
            yield b"x" * (1024 * 1024)

    r = httpx.post(f"{api_url}/graphql", content=chunks(), headers={"content-type": "application/json"}, timeout=60)
    assert r.status_code == 413
    assert httpx.get(f"{api_url}/healthz", timeout=5).json() == {"status": "ok"}  # still serving


def test_malformed_requests_and_endpoints(client, api_url) -> None:
    r = httpx.post(f"{api_url}/graphql", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "Traceback" not in r.text
    assert client.error("query { nosuchfield }") == "BAD_INPUT"
    assert client.error("query { space(") == "BAD_INPUT"
    assert httpx.get(f"{api_url}/readyz").json()["neo4j"] is True
    page = httpx.get(f"{api_url}/graphql", headers={"accept": "text/html"})
    assert page.status_code == 200 and "graphiql" in page.text.lower()


def test_schema_file_matches_code() -> None:
    assert SDL_PATH.exists(), "run: polymem graphql export"
    assert SDL_PATH.read_text(encoding="utf-8") == sdl(), "schema.graphql drifted: run polymem graphql export"
