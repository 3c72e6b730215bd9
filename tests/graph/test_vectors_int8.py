"""Message embeddings are stored as int8 byte arrays (polymem/graph/vectors.py), migration 15 rewrites
float ones, and the message vector index does not quantize (polymem/schema/vectors.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from polymem.graph import Graph
from polymem.graph.records import RecordRepository
from polymem.graph.search import SearchRepository
from polymem.graph.vectors import pack_vector, unpack_vector, vectors_to_int8
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor
from polymem.schema.vectors import index_quantized

TEXTS = ["the boat trip leaves at nine from the north pier", "my sister adopted a grey rabbit last week",
         "the quarterly report is due on friday", "who is bringing the tent and the stove?"]


def _stored(graph: Graph, space: str) -> dict[str, object]:
    rows = graph.read("MATCH (m:Message {space: $s}) WHERE m.embedding IS NOT NULL "
                      "RETURN m.id AS id, m.embedding AS e", s=space)
    return {r["id"]: r["e"] for r in rows}


def _ingest(graph: Graph, embedder, space: str, tmp_path: Path):
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps({"id": f"m{i}", "speaker": ["ann", "bob"][i % 2], "text": t,
                                        "time": f"2026-05-01T10:0{i}:00"}) + "\n" for i, t in enumerate(TEXTS)))
    return Ingestor(graph, embedder, batch_size=3).ingest(space, next(iter(load(path, "jsonl"))))


def _cos(a, b) -> float:
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return float(a @ b / np.linalg.norm(a) / np.linalg.norm(b))


def test_pack_keeps_the_direction_in_one_byte_a_dimension(embedder) -> None:
    vecs = embedder.embed(TEXTS + ["ok", "lol"])
    for v in vecs:
        packed = pack_vector(v)
        assert isinstance(packed, bytes) and len(packed) == 384
        q = np.frombuffer(packed, dtype=np.int8)
        assert int(np.max(np.abs(q))) == 127  # scaled to the largest component
        assert _cos(unpack_vector(packed), v) > 0.9995
        assert abs(float(np.linalg.norm(unpack_vector(packed))) - 1.0) < 1e-5
    assert pack_vector(None) is None
    assert pack_vector(np.zeros(384)) == bytes(384)
    # a float list (a store from before int8) unpacks to its unit vector
    assert np.allclose(unpack_vector([3.0, 4.0]), [0.6, 0.8])


def test_ingest_stores_int8_vectors_that_search_finds(graph: Graph, space: str, embedder,
                                                     tmp_path: Path) -> None:
    _ingest(graph, embedder, space, tmp_path)
    stored = _stored(graph, space)
    assert sorted(stored) == ["m0", "m1", "m2", "m3"]
    fresh = embedder.embed(TEXTS)
    for i in range(len(TEXTS)):
        v = stored[f"m{i}"]
        assert isinstance(v, bytes) and len(v) == 384, type(v)
        assert v == pack_vector(fresh[i])
    kind = graph.read("MATCH (m:Message {space: $s, id: 'm1'}) RETURN valueType(m.embedding) AS t", s=space)
    assert kind[0]["t"].startswith("LIST<INTEGER")
    query = [float(x) for x in embedder.embed(["a pet rabbit"])[0]]
    hits, _how = SearchRepository(graph).vector(space, query, 2)
    assert hits[0][0] == "m1"
    assert hits[0][1] > hits[1][1]
    # Cypher's cosine reads the byte array as signed integers: the same score as numpy's
    score = graph.read("MATCH (m:Message {space: $s, id: 'm1'}) RETURN vector.similarity.cosine(m.embedding, $v) AS c",
                       s=space, v=query)[0]["c"]
    assert abs(score - (1 + _cos(unpack_vector(stored["m1"]), query)) / 2) < 1e-5
    # re-ingest writes nothing and leaves every vector as it was
    rep = _ingest(graph, embedder, space, tmp_path)
    assert rep.written == 0 and rep.already_stored == 4
    assert _stored(graph, space) == stored
    # records reuse a message's vector as a unit float vector
    reused = RecordRepository(graph).message_vectors(space, ["m1", "m2"])
    assert sorted(reused) == ["m1", "m2"]
    assert _cos(reused["m1"], fresh[1]) > 0.9995 and abs(np.linalg.norm(reused["m1"]) - 1) < 1e-5


def test_migration_rewrites_float_vectors_as_int8(graph: Graph, space: str, embedder, tmp_path: Path) -> None:
    _ingest(graph, embedder, space, tmp_path)
    fresh = embedder.embed(TEXTS)
    # a store written before int8: m0, m1 float32 arrays, m2, m3 float64 lists
    graph.write("UNWIND $rows AS r MATCH (m:Message {space: $s, id: r.id}) "
                "CALL db.create.setNodeVectorProperty(m, 'embedding', r.e)",
                s=space, rows=[{"id": f"m{i}", "e": [float(x) for x in fresh[i]]} for i in (0, 1)])
    graph.write("UNWIND $rows AS r MATCH (m:Message {space: $s, id: r.id}) SET m.embedding = r.e",
                s=space, rows=[{"id": f"m{i}", "e": [float(x) for x in fresh[i]]} for i in (2, 3)])
    assert not any(isinstance(v, bytes) for v in _stored(graph, space).values())

    assert vectors_to_int8(graph, [space], batch=3) == 4  # two slices of at most 3
    after = _stored(graph, space)
    assert after == {f"m{i}": pack_vector(fresh[i]) for i in range(4)}
    assert vectors_to_int8(graph, [space]) == 0  # idempotent: nothing float is left
    assert _stored(graph, space) == after
    query = [float(x) for x in embedder.embed(["a pet rabbit"])[0]]
    assert SearchRepository(graph).vector(space, query, 1)[0][0][0] == "m1"


def test_message_vector_index_does_not_quantize(graph: Graph) -> None:
    assert index_quantized(graph) is False
