"""What the API does once instead of per request must not change an answer: parsed and validated
documents are cached per process (the limits still refuse a repeated query), extensions are fresh
per request, and the key lookup's view of which spaces exist holds for that request only."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from apitest_helpers import INGEST, ROSTER, Client, conversation

from polymem.api.auth import EXISTING_MAX, KeyManager
from polymem.api.limits import MAX_DEPTH
from polymem.api.schema import schema
from polymem.graph import Graph
from polymem.graph.messages import MessageRepository

SEARCH = 'query($s: String!) { search(space: $s, query: "venue") { score } }'


def _deep(depth: int) -> str:
    inner = "id"
    for i in range(depth):  # participant { messages { edges { node { speaker { messages ... } } } } }
        inner = f"speaker {{ {inner} }}" if i % 2 == 0 else f"messages(first: 1) {{ edges {{ node {{ {inner} }} }} }}"
    return f'query($s: String!) {{ participant(space: $s, id: "alice") {{ {inner} }} }}'


def test_a_refused_query_is_refused_every_time(client: Client, space: str, ingest) -> None:
    ingest(conversation(3))
    too_deep = _deep(MAX_DEPTH + 3)
    answers = [client.post(too_deep, {"s": space}) for _ in range(3)]
    assert all(a["data"] is None and a["errors"][0]["extensions"]["code"] == "BAD_INPUT" for a in answers), answers
    assert len({a["errors"][0]["message"] for a in answers}) == 1
    aliases = "query($s: String!) { " + " ".join(f"a{i}: search(space: $s, query: \"x\") {{ score }}"
                                                    for i in range(25)) + " }"
    for _ in range(2):
        assert client.error(aliases, {"s": space}) == "BAD_INPUT"
    for _ in range(2):  # a valid query stays valid from the cache
        assert isinstance(client.data(SEARCH, {"s": space})["search"], list)


def test_extensions_are_fresh_per_request_with_the_same_rules() -> None:
    a, b = schema.get_extensions(), schema.get_extensions()
    assert not set(map(id, a)) & set(map(id, b))  # strawberry shares instances between requests
    rules = [[tuple(getattr(e, "validation_rules", ())) for e in x] for x in (a, b)]
    assert rules[0] == rules[1] and any(rules[0])  # the validation cache's key repeats


def test_the_key_lookup_sees_which_spaces_exist(graph: Graph, api_url: str, space: str,
                                                keys: Callable[..., str]) -> None:
    missing = f"test-{uuid.uuid4().hex[:12]}"
    token = keys(space, missing)
    client = Client(api_url, token)
    client.data(INGEST, {"space": space, "messages": conversation(3), "roster": ROSTER})
    mgr = KeyManager(graph)
    p = mgr.verify(token, spaces=True)
    assert p.spaces == {space, missing} and p.existing == {space}
    assert mgr.verify(token).existing is None  # only the gate's per-request lookup reads it
    assert client.error(SEARCH, {"s": missing}) == "NOT_FOUND"
    assert isinstance(client.data(SEARCH, {"s": space})["search"], list)
    MessageRepository(graph).drop_space(space)  # gone between two requests: the next one says so
    assert client.error(SEARCH, {"s": space}) == "NOT_FOUND"
    many = keys(*[f"test-many-{i}" for i in range(EXISTING_MAX + 1)])
    assert mgr.verify(many, spaces=True).existing is None  # too many to check on every request
