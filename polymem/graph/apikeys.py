"""Storage of API keys: (:ApiKey {id, hash, salt, spaces, scopes, label, created, revoked}). Hashes only."""

from __future__ import annotations

from typing import Any

from polymem.graph.cypher import api as q
from polymem.graph.driver import Graph


class ApiKeyRepository:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def create(self, key_id: str, hash_hex: str, salt_hex: str, spaces: list[str], label: str | None,
               scopes: list[str] | None = None) -> None:
        self.graph.write(q.CREATE_KEY, id=key_id, hash=hash_hex, salt=salt_hex, spaces=spaces, label=label,
                         scopes=scopes or [])

    def get(self, key_id: str) -> dict[str, Any] | None:
        rows = self.graph.read(q.GET_KEY, id=key_id)
        return rows[0] if rows else None

    def list(self) -> list[dict[str, Any]]:
        return self.graph.read(q.LIST_KEYS)

    def revoke(self, key_id: str) -> bool:
        return bool(self.graph.write(q.REVOKE_KEY, id=key_id))

    def delete(self, key_id: str) -> bool:
        return bool(self.graph.write(q.DELETE_KEY, id=key_id)[0]["n"])
