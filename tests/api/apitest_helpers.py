"""Helpers for the API tests: an HTTP GraphQL client and a small conversation."""

from __future__ import annotations

from typing import Any

import httpx


class Client:
    def __init__(self, url: str, key: str | None) -> None:
        self.url = url
        self.key = key
        self.http = httpx.Client(timeout=120)

    def post(self, query: str, variables: dict[str, Any] | None = None, key: str | None = "default") -> dict:
        k = self.key if key == "default" else key
        headers = {"Authorization": f"Bearer {k}"} if k else {}
        r = self.http.post(f"{self.url}/graphql", json={"query": query, "variables": variables or {}},
                           headers=headers)
        assert r.status_code == 200, r.text
        body = r.json()
        assert "Traceback" not in r.text
        return body

    def data(self, query: str, variables: dict[str, Any] | None = None) -> dict:
        body = self.post(query, variables)
        assert not body.get("errors"), body["errors"]
        return body["data"]

    def error(self, query: str, variables: dict[str, Any] | None = None, key: str | None = "default") -> str:
        body = self.post(query, variables, key)
        assert body.get("errors"), body
        return body["errors"][0]["extensions"]["code"]


INGEST = """
mutation($space: String!, $messages: [MessageInput!]!, $roster: [ParticipantInput!]) {
  ingestMessages(space: $space, messages: $messages, roster: $roster) {
    ok written alreadyStored newParticipants errors { index id message }
  }
}"""

ROSTER = [{"id": "alice", "name": "Alice Moreau", "aliases": ["Ali"]}, {"id": "bob", "name": "Bob"},
          {"id": "carol", "name": "Carol"}]


def conversation(n: int = 12) -> list[dict[str, Any]]:
    """A small three-person chat with explicit and inferred addressees."""
    speakers = ["alice", "bob", "carol"]
    out = []
    for i in range(n):
        sp = speakers[i % 3]
        other = speakers[(i + 1) % 3]
        out.append({"id": f"m{i:03d}", "speaker": sp, "text": f"@{other} message number {i} about the venue plan",
                    "time": f"2026-03-0{1 + i // 6}T10:{i:02d}:00Z", "channel": "general" if i % 4 else "random"})
    return out
