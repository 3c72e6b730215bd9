"""Network analytics over GraphQL: measures of a space and one person's interaction summary."""

from __future__ import annotations

from collections.abc import Callable

from apitest_helpers import Client

CHAT = [
    {"id": "n1", "speaker": "alice", "text": "@bob can you check the slides?", "time": "2026-05-01T10:00:00"},
    {"id": "n2", "speaker": "bob", "text": "sure alice, on it", "time": "2026-05-01T10:01:00", "replyTo": ["n1"]},
    {"id": "n3", "speaker": "carol", "text": "@bob did you see my note?", "time": "2026-05-01T10:03:00"},
    {"id": "n4", "speaker": "alice", "text": "thanks bob", "time": "2026-05-01T10:04:00", "replyTo": ["n2"]},
]


def test_network_and_interaction_summary(client: Client, space: str, ingest: Callable[..., dict]) -> None:
    res = ingest(CHAT)
    assert res.get("data") and res["data"]["ingestMessages"]["written"] == 4, res
    net = client.data("""query($s: String!) { network(space: $s) {
        scope people { id messages addressed } mostAddressed { id value } reciprocity communities bridges
        details } }""", {"s": space})["network"]
    assert net["mostAddressed"][0]["id"] == "bob"  # addressed by alice twice and carol once
    people = {p["id"]: p for p in net["people"]}
    assert people["alice"]["messages"] == 2 and people["bob"]["addressed"] >= 3
    assert 0.0 < net["reciprocity"] <= 1.0  # alice <-> bob answer each other; carol -> bob is one-way
    assert "participation" in net["details"]
    summ = client.data("""query($s: String!) { interactionSummary(space: $s, participant: "bob") {
        id messages addressedBy { id value } repliesTo { id value } } }""", {"s": space})["interactionSummary"]
    assert summ["id"] == "bob" and summ["messages"] == 1
    assert {a["id"] for a in summ["addressedBy"]} == {"alice", "carol"}
    assert [r["id"] for r in summ["repliesTo"]] == ["alice"]
    missing = client.error("""query($s: String!) { interactionSummary(space: $s, participant: "nobody") { id } }""",
                           {"s": space})
    assert missing == "NOT_FOUND"
