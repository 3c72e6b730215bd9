"""ingestMessages: conversation order across requests and concurrency, and malformed items as
BAD_INPUT item errors (never INTERNAL)."""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from apitest_helpers import INGEST, Client

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository


def _batch(b: int, n: int = 5, channel: str = "general") -> list[dict[str, Any]]:
    return [{"id": f"b{b}m{i}", "speaker": f"p{(b + i) % 4}", "text": f"batch {b} message {i}", "channel": channel}
            for i in range(n)]


def test_sequential_batches_make_one_chain(graph: Graph, space: str, ingest: Callable[..., dict]) -> None:
    for b in range(3):
        res = ingest(_batch(b))
        assert res["data"]["ingestMessages"]["ok"], res
    audit = MessageRepository(graph).order_audit(space)
    assert audit["violations"] == 0 and audit["chains"] == 1 and audit["next_edges"] == 14, audit
    ids = [r["id"] for r in graph.read("MATCH (m:Message {space: $s}) RETURN m.id AS id ORDER BY m.seq", s=space)]
    assert ids == [f"b{b}m{i}" for b in range(3) for i in range(5)]


def test_120_concurrent_batches_keep_one_chain(graph: Graph, space: str, client: Client) -> None:
    def send(b: int) -> bool:
        body = client.post(INGEST, {"space": space, "messages": _batch(b)})
        return bool(body.get("data") and body["data"]["ingestMessages"]["ok"])

    with ThreadPoolExecutor(24) as pool:
        assert all(pool.map(send, range(120)))
    audit = MessageRepository(graph).order_audit(space)
    assert audit["messages"] == 600 and audit["duplicated_seq"] == 0 and audit["chains"] == 1, audit
    assert audit["violations"] == 0, audit


def _post_escaped(client: Client, variables: dict[str, Any]) -> dict:
    """The request body with JSON escapes ("\\ud800"), as a client sending lone surrogates writes it."""
    r = client.http.post(f"{client.url}/graphql", content=json.dumps({"query": INGEST, "variables": variables}),
                         headers={"Authorization": f"Bearer {client.key}", "Content-Type": "application/json"})
    assert r.status_code == 200 and "Traceback" not in r.text, r.text
    return r.json()


def test_malformed_items_are_bad_input_not_internal(graph: Graph, space: str, client: Client) -> None:
    bad = [{"id": "s1", "speaker": "ann", "text": "lone \ud800 surrogate"},
           {"id": "s2", "speaker": "\udfff", "text": "surrogate speaker"},
           {"id": "s3", "speaker": "ann", "text": "x", "channel": "\ud800"},
           {"id": "s4", "speaker": "ann", "text": "x", "replyTo": ["\ud800"]},
           {"id": "\ud800", "speaker": "ann", "text": "surrogate id"},
           {"id": "s5", "speaker": "ann", "text": "same id, other speaker"},
           {"id": "s5", "speaker": "bob", "text": "same id, other speaker"}]
    roster = [{"id": "ann", "name": "A\ud800nn"}]
    body = _post_escaped(client, {"space": space, "messages": bad, "roster": roster})
    assert not body.get("errors"), body
    res = body["data"]["ingestMessages"]
    assert not res["ok"] and res["written"] == 0
    assert sorted({e["index"] for e in res["errors"]}) == [0, 1, 2, 3, 4, 6]
    assert sum("lone surrogate" in e["message"] for e in res["errors"]) >= 6  # 5 messages + the roster name
    assert MessageRepository(graph).stats(space) == {}  # all or nothing: nothing, not even the space
    deep = client.post(INGEST, {"space": space, "messages": [{"id": "d", "speaker": "ann", "text": "[" * 50_000}]})
    assert deep["data"]["ingestMessages"]["ok"]  # deep brackets in a string are just text


def test_deeply_nested_request_body_is_not_internal(space: str, client: Client) -> None:
    raw = '{"query": ' + json.dumps(INGEST) + ', "variables": {"space": ' + json.dumps(space) + \
        ', "messages": ' + "[" * 100_000 + "]" * 100_000 + "}}"
    r = client.http.post(f"{client.url}/graphql", content=raw,
                         headers={"Authorization": f"Bearer {client.key}", "Content-Type": "application/json"})
    assert r.status_code in (200, 400) and "Traceback" not in r.text, r.text
    if r.status_code == 200:
        assert all(e.get("extensions", {}).get("code") != "INTERNAL" for e in r.json().get("errors", [])), r.text
