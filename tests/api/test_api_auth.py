"""API keys: required by default, scoped to spaces, revocable; a key for A never reads or writes B."""

from __future__ import annotations

import uuid

import pytest
from apitest_helpers import INGEST, Client

from polymem.api.auth import KeyManager

# Every root field, each aimed at the space given as $s.
READS = [
    'query($s: String!) { plan(space: $s, question: "who?") { mode } }',
    'query($s: String!) { ask(space: $s, question: "who?") { text } }',
    'query($s: String!) { search(space: $s, query: "secret") { kind } }',
    'query($s: String!) { participant(space: $s, id: "alice") { id } }',
    "query($s: String!) { participants(space: $s) { id } }",
    "query($s: String!) { messages(space: $s) { edges { node { text } } } }",
    'query($s: String!) { record(space: $s, id: "r1") { id } }',
    "query($s: String!) { space(id: $s) { messages } }",
]
WRITES = [
    'mutation($s: String!) { ingestMessages(space: $s, messages: [{id: "x", speaker: "eve", text: "hi"}]) { ok } }',
    "mutation($s: String!) { runWriter(space: $s) { messages } }",
    'mutation($s: String!) { addAlias(space: $s, participant: "alice", alias: "A") { id } }',
    'mutation($s: String!) { mergeParticipants(space: $s, keep: "alice", drop: "bob") { messagesMoved } }',
    'mutation($s: String!) { forgetParticipant(space: $s, id: "alice") { participant } }',
    'mutation($s: String!) { correctRecord(space: $s, id: "r1", content: "x", corrector: "eve") { id } }',
]


@pytest.fixture
def other_space(graph):
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    graph.write("MATCH (n {space: $s}) DETACH DELETE n", s=name)
    graph.write("MATCH (n:Space {id: $s}) DETACH DELETE n", s=name)


def test_cross_space_isolation(api_url, client, space, other_space, keys, graph) -> None:
    owner_b = Client(api_url, keys(other_space))
    res = owner_b.data(INGEST, {"space": other_space, "roster": [{"id": "alice"}, {"id": "bob"}], "messages": [
        {"id": "s1", "speaker": "alice", "text": "the secret code is 4711"},
        {"id": "s2", "speaker": "bob", "text": "noted, secret kept"}]})
    assert res["ingestMessages"]["written"] == 2
    before = graph.read("MATCH (n {space: $s}) RETURN count(n) AS n", s=other_space)[0]["n"]
    for q in READS + WRITES:  # the key of `space` aimed at `other_space`
        body = client.post(q, {"s": other_space})
        assert body["data"] is None, (q, body)
        assert [e["extensions"]["code"] for e in body["errors"]] == ["FORBIDDEN"], (q, body)
        assert "4711" not in str(body)
    after = graph.read("MATCH (n {space: $s}) RETURN count(n) AS n", s=other_space)[0]["n"]
    assert after == before
    assert graph.read("MATCH (p:Participant {space: $s}) RETURN collect(p.id) AS ids",
                      s=other_space)[0]["ids"] != []  # still all there: nothing was forgotten or merged
    # the owner of B still reads B; the key of A still reads A
    assert owner_b.data("query($s: String!) { space(id: $s) { messages } }", {"s": other_space})["space"]["messages"] == 2
    assert client.post("query($s: String!) { participants(space: $s) { id } }", {"s": space}).get("errors") is None


def test_key_required_malformed_and_revoked(api_url, client, space, graph) -> None:
    q = "query($s: String!) { participants(space: $s) { id } }"
    assert client.error(q, {"s": space}, key=None) == "FORBIDDEN"
    assert client.error(q, {"s": space}, key="not-a-key") == "FORBIDDEN"
    forged = client.key.rsplit("_", 1)[0] + "_" + "A" * 43  # right id, wrong secret
    assert client.error(q, {"s": space}, key=forged) == "FORBIDDEN"
    assert client.post(q, {"s": space}).get("errors") is None
    # X-API-Key works as well as Authorization: Bearer
    import httpx

    r = httpx.post(f"{api_url}/graphql", json={"query": q, "variables": {"s": space}},
                   headers={"X-API-Key": client.key}, timeout=30)
    assert r.json().get("errors") is None
    key_id = client.key.split("_")[1]
    assert KeyManager(graph).revoke(key_id)
    assert client.error(q, {"s": space}) == "FORBIDDEN"  # revocation takes effect at once


def test_multi_space_key_and_storage(api_url, space, other_space, keys, graph) -> None:
    both = Client(api_url, keys(space, other_space))
    for s in (space, other_space):
        both.data(INGEST, {"space": s, "messages": [{"id": "k1", "speaker": "a", "text": "hello"}]})
    key_id = both.key.split("_")[1]
    stored = graph.read("MATCH (k:ApiKey {id: $id}) RETURN k", id=key_id)[0]["k"]
    assert sorted(stored["spaces"]) == sorted([space, other_space]) and stored["revoked"] is False
    secret = both.key.split("_", 2)[2]
    assert secret not in str(stored) and both.key not in str(stored)  # only a salted hash is kept
    assert len(stored["hash"]) == 64 and len(stored["salt"]) == 32


def test_auth_switch_off_allows_everything(monkeypatch, graph) -> None:
    monkeypatch.setenv("POLYMEM_API_AUTH", "off")
    p = KeyManager(graph).verify(None)
    p.require("any-space")
    monkeypatch.setenv("POLYMEM_API_AUTH", "on")
    with pytest.raises(Exception, match="API key is required"):
        KeyManager(graph).verify(None).require("any-space")
