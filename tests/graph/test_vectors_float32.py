"""Migration 14 rewrites float64 message embeddings as float32 arrays (stores older than int8
vectors; what ingest stores now is tested in test_vectors_int8.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from polymem.graph import Graph
from polymem.graph.vectors import vectors_to_float32
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor

TEXTS = ["the boat trip leaves at nine from the north pier", "my sister adopted a grey rabbit last week",
         "the quarterly report is due on friday", "who is bringing the tent and the stove?"]


def _stored(graph: Graph, space: str) -> dict[str, list[float]]:
    rows = graph.read("MATCH (m:Message {space: $s}) WHERE m.embedding IS NOT NULL "
                      "RETURN m.id AS id, m.embedding AS e", s=space)
    return {r["id"]: r["e"] for r in rows}


def _is_float32(vec: list[float]) -> bool:
    # a float32 array reads back as doubles that are exactly representable in float32
    return all(float(np.float32(x)) == x for x in vec)


def _ingest(graph: Graph, embedder, space: str, tmp_path: Path) -> None:
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps({"id": f"m{i}", "speaker": ["ann", "bob"][i % 2], "text": t,
                                        "time": f"2026-05-01T10:0{i}:00"}) + "\n" for i, t in enumerate(TEXTS)))
    Ingestor(graph, embedder, batch_size=3).ingest(space, next(iter(load(path, "jsonl"))))


def test_migration_rewrites_float64_lists_as_float32(graph: Graph, space: str, embedder, tmp_path: Path) -> None:
    _ingest(graph, embedder, space, tmp_path)
    # a store written before float32 storage: plain SET of a list keeps every double
    old = {f"m{i}": [float(x) + 1e-9 for x in v] for i, v in enumerate(embedder.embed(TEXTS))}
    graph.write("UNWIND $rows AS r MATCH (m:Message {space: $s, id: r.id}) SET m.embedding = r.e",
                s=space, rows=[{"id": k, "e": v} for k, v in old.items()])
    assert not any(_is_float32(v) for v in _stored(graph, space).values())

    assert vectors_to_float32(graph, [space], batch=3) == 4  # two transactions of at most 3
    after = _stored(graph, space)
    assert all(_is_float32(v) for v in after.values())
    for k, v in old.items():
        assert np.allclose(after[k], v, atol=1e-7)
    assert vectors_to_float32(graph, [space]) == 4  # idempotent
    assert _stored(graph, space) == after
