"""`spaces`, `deleteSpace` (admin scope only), and unknown spaces / askers as typed NOT_FOUND errors."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import pytest
from apitest_helpers import INGEST, ROSTER, Client, conversation

from polymem.graph import Graph
from polymem.graph.messages import MessageRepository
from polymem.graph.spaces import SpaceRepository

SPACES = "{ spaces { id messages participants records } }"
DELETE = "mutation($id: String!) { deleteSpace(id: $id) { id nodesRemoved } }"
PLAN = "query($s: String!, $a: String) { plan(space: $s, question: \"Where do I live?\", asker: $a) { asker } }"


@pytest.fixture
def other_space(graph: Graph) -> Iterator[str]:
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    MessageRepository(graph).drop_space(name)


def _errors(client: Client, query: str, variables: dict) -> list[dict]:
    body = client.post(query, variables)
    assert body.get("errors"), body
    return body["errors"]


def test_spaces_lists_only_the_keys_spaces_with_counts(api_url: str, space: str, other_space: str,
                                                      keys: Callable[..., str]) -> None:
    writer = Client(api_url, keys(space, other_space))
    for s, n in ((space, 5), (other_space, 3)):
        assert writer.data(INGEST, {"space": s, "messages": conversation(n), "roster": ROSTER})
    mine = Client(api_url, keys(space)).data(SPACES)["spaces"]
    assert mine == [{"id": space, "messages": 5, "participants": 3, "records": 0}]
    both = {s["id"]: s["messages"] for s in writer.data(SPACES)["spaces"]}
    assert both == {space: 5, other_space: 3}


def test_unknown_space_is_not_found_naming_only_spaces_the_key_may_read(
        api_url: str, space: str, other_space: str, keys: Callable[..., str]) -> None:
    writer = Client(api_url, keys(space, other_space))
    for s in (space, other_space):
        writer.data(INGEST, {"space": s, "messages": conversation(3), "roster": ROSTER})
    typo = space[:-1]
    client = Client(api_url, keys(space, typo))  # may read the typo's name, so the error is NOT_FOUND
    for query in (PLAN, "query($s: String!) { search(space: $s, query: \"venue\") { score } }",
                  "query($s: String!) { space(id: $s) { messages } }"):
        err = _errors(client, query, {"s": typo})[0]
        assert err["extensions"]["code"] == "NOT_FOUND", err
        assert err["extensions"]["suggestions"] == [space]  # other_space is close too, but not this key's
        assert "did you mean" in err["message"] and other_space not in err["message"]


def test_unknown_asker_is_not_found_with_the_closest_participant(client: Client, space: str, ingest) -> None:
    ingest(conversation(3))
    err = _errors(client, PLAN, {"s": space, "a": "alicee"})[0]
    assert err["extensions"]["code"] == "NOT_FOUND" and err["extensions"]["suggestions"] == ["alice"]
    assert client.data(PLAN, {"s": space, "a": "Ali"})["plan"]["asker"] == "alice"  # an alias names her


def test_delete_space_needs_the_admin_scope(api_url: str, space: str, graph: Graph,
                                            keys: Callable[..., str]) -> None:
    plain = Client(api_url, keys(space))
    plain.data(INGEST, {"space": space, "messages": conversation(4), "roster": ROSTER})
    assert plain.error(DELETE, {"id": space}) == "FORBIDDEN"
    assert SpaceRepository(graph).exists(space)
    elsewhere = Client(api_url, keys("test-not-this-one", admin=True))  # admin, but not for this space
    assert elsewhere.error(DELETE, {"id": space}) == "FORBIDDEN"
    assert SpaceRepository(graph).exists(space)
    admin = Client(api_url, keys(space, admin=True))
    done = admin.data(DELETE, {"id": space})["deleteSpace"]
    assert done["id"] == space and done["nodesRemoved"] >= 4 + 3  # messages and participants at least
    assert not SpaceRepository(graph).exists(space)
    assert admin.data(SPACES)["spaces"] == []
    assert admin.error(DELETE, {"id": space}) == "NOT_FOUND"
