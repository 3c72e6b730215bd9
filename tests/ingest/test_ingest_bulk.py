"""`polymem ingest --bulk` (polymem/ingest/bulk.py): messages first, vectors second; the same graph and
vectors as a normal ingest, nothing new on a re-run, each distinct text embedded once."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from polymem.graph import Graph
from polymem.graph.cypher import bench as bq
from polymem.graph.messages import MessageRepository
from polymem.graph.vectors import unpack_vector
from polymem.ingest.bulk import TextCache, bulk_ingest, embed_missing
from polymem.ingest.formats import load
from polymem.ingest.pipeline import Ingestor

SAMPLE = Path(__file__).resolve().parents[2] / "polymem" / "data" / "sample.jsonl"


class CountingEmbedder:
    dim = 4

    def __init__(self) -> None:
        self.seen: list[str] = []

    def embed(self, texts: list[str]) -> np.ndarray:
        self.seen += texts
        return np.array([[len(t), t.count("a"), 1.0, 0.5] for t in texts], dtype=np.float32)


def test_text_cache_embeds_each_text_once_with_the_same_vector() -> None:
    inner = CountingEmbedder()
    cache = TextCache(inner, max_texts=2)
    first = cache.embed(["ok", "banana", "ok"])
    again = cache.embed(["banana", "lol", "ok"])
    assert inner.seen == ["ok", "banana", "lol"]
    cache.embed(["banana"])  # the least recently used text fell out of the 2-text cache: embedded again
    assert inner.seen == ["ok", "banana", "lol", "banana"]
    np.testing.assert_array_equal(first[1], again[0])
    np.testing.assert_array_equal(first[0], first[2])
    np.testing.assert_array_equal(first, inner.embed(["ok", "banana", "ok"]))
    assert cache.embed([]).shape == (0, 4)


@pytest.fixture
def two_spaces(graph: Graph) -> Iterator[tuple[str, str]]:
    tag = uuid.uuid4().hex[:10]
    names = (f"test-bulk-n-{tag}", f"test-bulk-b-{tag}")
    yield names
    for s in names:
        MessageRepository(graph).drop_space(s)


def _conv() -> object:
    return next(iter(load(SAMPLE, "jsonl")))


def _shape(graph: Graph, space: str) -> tuple[list[dict], list[dict], list[dict]]:
    repo = MessageRepository(graph)
    return (graph.read(bq.LABEL_COUNTS, space=space), repo.edges(space),
            graph.read(bq.MESSAGE_SEQS, space=space))


def test_bulk_writes_the_normal_graph_and_a_rerun_adds_nothing(graph: Graph, embedder: object,
                                                               two_spaces: tuple[str, str]) -> None:
    normal, bulk = two_spaces
    rep_n = Ingestor(graph, embedder, batch_size=7).ingest(normal, _conv())  # several batches
    rep_b = Ingestor(graph, None, batch_size=5).ingest(bulk, _conv())  # pass 1 of bulk_ingest
    assert embed_missing(graph, bulk, embedder, slice_size=7) == rep_b.written  # pass 2, several slices
    assert rep_n.written == rep_b.written > 20
    assert not rep_n.errors and not rep_b.errors
    assert _shape(graph, normal) == _shape(graph, bulk)
    vec = "MATCH (m:Message {space: $space}) RETURN m.id AS id, m.embedding AS v ORDER BY id"
    for a, b in zip(graph.read(vec, space=normal), graph.read(vec, space=bulk), strict=True):
        assert a["id"] == b["id"]
        # the same model's vector (batch-mates aside), stored as int8 (polymem/graph/vectors.py)
        assert isinstance(a["v"], bytes) and isinstance(b["v"], bytes)
        assert float(np.dot(unpack_vector(a["v"]), unpack_vector(b["v"]))) > 0.999
    before = MessageRepository(graph).totals(bulk)
    again, vectors = bulk_ingest(graph, bulk, _conv(), embedder)
    assert again.written == 0 and again.already_stored == rep_b.written and vectors == 0
    assert embed_missing(graph, bulk, embedder) == 0
    assert MessageRepository(graph).totals(bulk) == before
