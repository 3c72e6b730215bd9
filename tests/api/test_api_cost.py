"""Cost limits that hold: defaults count in the cost, and no answer exceeds the maximum response size."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from apitest_helpers import conversation
from graphql import parse

from polymem.api import budget
from polymem.api.app import create_app
from polymem.api.context import Services
from polymem.api.limits import LIST_ESTIMATE, MAX_COST, query_cost
from polymem.api.schema import schema


def tree(levels: int, first: str = "") -> str:
    """The nested messages -> speaker -> messages tree of the issue, `levels` connections deep."""
    inner = "id text"
    for _ in range(levels - 1):
        inner = f"id speaker {{ id messages{first} {{ edges {{ node {{ {inner} }} }} }} }}"
    return f"messages(space: $s{', first: 20' if first else ''}) {{ edges {{ node {{ {inner} }} }} }}"


DEEP = tree(3)  # depth 12 with no `first` anywhere


def cost(q: str) -> int:
    return query_cost(schema._schema, parse(q))


def test_left_out_first_costs_the_default_page() -> None:
    without = cost(f"query($s: String!) {{ {DEEP} }}")
    explicit = cost(f"query($s: String!) {{ {tree(3, first='(first: 20)')} }}")
    assert without == explicit > MAX_COST
    one = cost('query { participant(space: "s", id: "a") { messages(first: 1) { edges { node { id } } } } }')
    default = cost('query { participant(space: "s", id: "a") { messages { edges { node { id } } } } }')
    assert default - 2 == 20 * (one - 2)  # participant + messages, then 20 edges instead of 1
    assert cost('query { search(space: "s", query: "q") { kind } }') == cost(
        'query { search(space: "s", query: "q", first: 10) { kind } }')  # search's own default, 10
    # a list without a page argument counts LIST_ESTIMATE items, not 1
    assert cost('query { participants(space: "s") { id aliases } }') == 1 + LIST_ESTIMATE * 2


def test_deep_tree_without_first_and_its_aliases_refused(client, space, ingest) -> None:
    ingest(conversation(12))
    body = client.post(f"query($s: String!) {{ {DEEP} }}", {"s": space})
    assert body["data"] is None and body["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    assert "cost" in body["errors"][0]["message"]
    aliased = " ".join(f"a{i}: {DEEP}" for i in range(20))
    start = time.monotonic()
    r = client.http.post(f"{client.url}/graphql", json={"query": f"query($s: String!) {{ {aliased} }}",
                                                         "variables": {"s": space}},
                         headers={"Authorization": f"Bearer {client.key}"})
    print(f"\n20 aliases of the depth-12 tree: HTTP {r.status_code}, {len(r.content)} bytes, "
          f"{time.monotonic() - start:.3f} s")
    body = r.json()
    assert body["data"] is None and body["errors"][0]["extensions"]["code"] == "BAD_INPUT"
    assert "cost" in body["errors"][0]["message"]
    # a modest query with defaults still runs
    page = client.data(f"query($s: String!) {{ {tree(2)} }}", {"s": space})
    assert len(page["messages"]["edges"]) == 12


NESTED = """query($s: String!) { messages(space: $s, first: 12) { edges { node {
  id speaker { id messages(first: 12) { edges { node { id text } } } } } } } }"""


@pytest.fixture
def local_post(graph, monkeypatch) -> Callable[[str, dict], dict]:
    """The real app in-process (auth off) against the shared Neo4j, to vary the size limits."""
    monkeypatch.setenv("POLYMEM_API_AUTH", "off")
    app = create_app(Services(graph))

    def post(query: str, variables: dict[str, Any]) -> dict:
        async def go() -> httpx.Response:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://api") as c:
                return await c.post("/graphql", json={"query": query, "variables": variables})

        r = asyncio.run(go())
        assert r.status_code == 200, r.text
        return r.json()

    return post


def test_response_node_limit(local_post, ingest, space, monkeypatch) -> None:
    ingest(conversation(12))
    full = local_post(NESTED, {"s": space})
    assert not full.get("errors") and len(full["data"]["messages"]["edges"]) == 12
    monkeypatch.setattr(budget.Limits, "nodes", 30)  # 12 edges + 12 speakers + their pages > 30
    body = local_post(NESTED, {"s": space})
    assert body["data"] is None
    assert [e["extensions"]["code"] for e in body["errors"]] == ["TOO_LARGE"]
    assert "30" in body["errors"][0]["message"]
    small = local_post("query($s: String!) { messages(space: $s, first: 5) { edges { node { id } } } }", {"s": space})
    assert not small.get("errors") and len(small["data"]["messages"]["edges"]) == 5


def test_response_byte_limit(local_post, ingest, space, monkeypatch) -> None:
    ingest(conversation(12))
    monkeypatch.setattr(budget.Limits, "bytes", 800)
    body = local_post(NESTED, {"s": space})
    assert body["data"] is None
    assert [e["extensions"]["code"] for e in body["errors"]] == ["TOO_LARGE"]
    assert "800" in body["errors"][0]["message"]
    ok = local_post("query($s: String!) { messages(space: $s, first: 2) { edges { node { id } } } }", {"s": space})
    assert not ok.get("errors")
