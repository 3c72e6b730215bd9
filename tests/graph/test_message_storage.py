"""An empty reply list is not stored (it took a 128-byte array record per message), and migration 16
removes the ones stored before; replies still link and read back."""

from __future__ import annotations

import json
from pathlib import Path

from polymem.graph import Graph
from polymem.graph.cypher.messages import DROP_EMPTY_REPLY_LISTS
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor


def _ingest(graph: Graph, space: str, tmp_path: Path):
    rows = [{"id": "a", "speaker": "ann", "text": "who has the tent?", "time": "2026-05-01T10:00:00"},
            {"id": "b", "speaker": "bob", "text": "I do", "time": "2026-05-01T10:01:00", "reply_to": "a"},
            {"id": "c", "speaker": "ann", "text": "great", "time": "2026-05-01T10:02:00"}]
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return Ingestor(graph, None).ingest(space, next(iter(load(path, "jsonl"))))


def _replies(graph: Graph, space: str) -> dict[str, object]:
    rows = graph.read("MATCH (m:Message {space: $s}) RETURN m.id AS id, m.reply_to_ids AS r, "
                      "[(m)-[:REPLY_TO]->(t) | t.id] AS linked ORDER BY id", s=space)
    return {r["id"]: (r["r"], r["linked"]) for r in rows}


def test_empty_reply_lists_are_not_stored(graph: Graph, space: str, tmp_path: Path) -> None:
    _ingest(graph, space, tmp_path)
    assert _replies(graph, space) == {"a": (None, []), "b": (["a"], ["a"]), "c": (None, [])}
    assert _ingest(graph, space, tmp_path).written == 0
    assert _replies(graph, space)["b"] == (["a"], ["a"])


def test_migration_removes_stored_empty_reply_lists(graph: Graph, space: str, tmp_path: Path) -> None:
    _ingest(graph, space, tmp_path)
    graph.write("MATCH (m:Message {space: $s}) WHERE m.id IN ['a', 'c'] SET m.reply_to_ids = []", s=space)
    assert _replies(graph, space)["a"] == ([], [])
    # the migration's statement (it clears every space: on a shared server, others' old lists too)
    while graph.write(DROP_EMPTY_REPLY_LISTS, limit=10_000, timeout=600)[0]["n"]:
        pass
    assert _replies(graph, space) == {"a": (None, []), "b": (["a"], ["a"]), "c": (None, [])}
