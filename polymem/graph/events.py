"""The event log behind GraphQL subscriptions: appended in the transaction of each change, read
by every API process with a cursor (the per-space sequence number), so fan-out lives in Neo4j,
not in one process's memory, and a reconnecting subscriber resumes from the last cursor it saw.

Kinds: `message` (ids of the messages one ingest batch stored), `record` (record ids written by
one Writer batch, with the head each Update replaced in `prev`), `progress` (Writer progress,
figures in `data` as JSON). Events beyond the newest KEEP of a space are pruned now and then.
"""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import neo4j

from polymem.graph.cypher import events as q
from polymem.graph.driver import Graph

KEEP = 100_000  # events kept per space (a resume older than that starts at the oldest kept)
_ensured: set[int] = set()
_ensure_lock = threading.Lock()


def ensure(graph: Graph) -> None:
    """The cursor constraint and the (space, seq) index, once per driver."""
    with _ensure_lock:
        if id(graph) in _ensured:
            return
        for stmt in q.ENSURE:
            graph.write(stmt)
        _ensured.add(id(graph))


def append_in(tx: neo4j.ManagedTransaction, space: str, kind: str, ids: list[str],
              data: dict[str, Any] | None = None) -> int:
    """Append one event inside the caller's transaction (call it as the transaction's last step)."""
    row = tx.run(q.APPEND, {"space": space, "kind": kind, "ids": ids, "prev": [],
                            "data": json.dumps(data) if data else None}).single()
    return int(row["seq"]) if row else 0


def append_records_in(tx: neo4j.ManagedTransaction, space: str, changes: list[tuple[str, str | None]]) -> int:
    """A `record` event for the (record id, replaced head or None) pairs that were written."""
    if not changes:
        return 0
    row = tx.run(q.APPEND_RECORDS, {"space": space, "data": None,
                                    "changes": [{"id": i, "prev": p or ""} for i, p in changes]}).single()
    return int(row["seq"]) if row else 0


def append(graph: Graph, space: str, kind: str, ids: list[str], data: dict[str, Any] | None = None) -> int:
    """Append one event in its own transaction."""
    ensure(graph)
    seq = graph.write(q.APPEND, space=space, kind=kind, ids=ids, prev=[], data=json.dumps(data) if data else None)
    n = int(seq[0]["seq"]) if seq else 0
    if n > KEEP and random.random() < 0.01:  # now and then, not on every write
        graph.write(q.PRUNE, space=space, upto=n - KEEP)
    return n


def cursor(graph: Graph, space: str) -> int:
    """The newest sequence number of a space (0 before its first event)."""
    return int(graph.read(q.CURSOR, space=space)[0]["seq"])


def since(graph: Graph, space: str, after: int, limit: int = 1000) -> list[dict[str, Any]]:
    return graph.read(q.SINCE, space=space, after=after, limit=limit)


def messages(graph: Graph, space: str, ids: list[str]) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in graph.read(q.MESSAGES, space=space, ids=ids)} if ids else {}


def records(graph: Graph, space: str, ids: list[str]) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in graph.read(q.RECORDS, space=space, ids=ids)} if ids else {}


def written_at(graph: Graph, space: str, seqs: list[int]) -> dict[int, Any]:
    """When each event was written (the statement clock of its transaction's last step)."""
    return {r["seq"]: r["at"].to_native() for r in graph.read(q.WRITTEN_AT, space=space, seqs=seqs)}
