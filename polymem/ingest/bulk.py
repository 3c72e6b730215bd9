"""Bulk import (`polymem ingest --bulk`): first-time loading of a large history in two passes.

1. The messages go through the normal transactional pipeline without embeddings (pipeline.Ingestor
   with no embedder): same nodes, edges, seq and NEXT chains, idempotency and order placement as a
   normal ingest, at the pipeline's no-embedding rate. The history is stored, threaded and
   searchable by BM25 (and by the Writer) as soon as this pass ends.
2. `embed_missing` gives every message of the space without a vector its vector, a slice at a time
   in id order, embedding the next slice while the previous one is written, and each distinct
   text once (`TextCache`: chats repeat "ok", "thanks", "lol"). The vector is the one a normal
   ingest stores (same text, captions included; float32).

A re-run writes nothing in pass 1 and finds nothing to embed in pass 2. Interrupted after pass 1,
a re-run (or `embed_missing` alone) finishes the vectors.

Measured (docs/benchmarks.md, `polymem bench bulk`): embedding is nearly all the time of a normal
ingest on a CPU, so the gain in total is small (1.28 x on 5,000 IRC messages); the history is
stored, threaded and BM25-searchable after 2-3 s instead of at the end (about 2,000 msg/s).
Larger transactions (5,000) were measured slower than 1,000 (the pipeline overlaps less).
`neo4j-admin database import` was not chosen: it needs a stopped, empty database (on Community,
the only user database), cannot add to an existing space, and skips the order placement and
idempotency checks that make a re-run safe.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import numpy as np

from polymem.graph.cypher import bulk as bq
from polymem.graph.driver import Graph
from polymem.graph.vectors import pack_vector
from polymem.ingest.pipeline import Ingestor, IngestReport
from polymem.schema.models import Conversation


class TextCache:
    """Wraps an embedder: each distinct text is embedded once, the vectors are the wrapped
    model's. Bounded (least recently used texts go first) so a 1M-line file keeps memory flat."""

    def __init__(self, inner: Any, max_texts: int = 200_000) -> None:
        self.inner = inner
        self.dim = int(getattr(inner, "dim", 384))
        self.max_texts = max_texts
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        todo = list(dict.fromkeys(t for t in texts if t not in self._cache))
        found: dict[str, np.ndarray] = {}
        if todo:
            found = dict(zip(todo, self.inner.embed(todo), strict=True))
        out = []
        for t in texts:
            v = found.get(t)
            if v is None:
                v = self._cache[t]
                self._cache.move_to_end(t)
            out.append(v)
        self.misses += len(todo)
        self.hits += len(texts) - len(todo)
        self._cache.update(found)
        while len(self._cache) > self.max_texts:
            self._cache.popitem(last=False)
        return np.stack(out).astype(np.float32, copy=False)


def embed_missing(graph: Graph, space: str, embedder: Any, slice_size: int = 1000,
                  progress: Callable[[int], None] | None = None) -> int:
    """Vectors for the space's messages that have none; returns how many were set."""
    cache = embedder if isinstance(embedder, TextCache) else TextCache(embedder)
    done, after = 0, ""
    # The model runs in its own thread as in the pipeline's prepare stage: measured here, torch's two
    # intra-op threads called from the main thread of a busy 2-core machine ran 2 x slower.
    with ThreadPoolExecutor(1, "polymem-vectors") as pool, ThreadPoolExecutor(1, "polymem-embed") as model:
        pending: Future[list[dict[str, Any]]] | None = None
        while True:
            rows = graph.read(bq.MISSING_VECTORS, space=space, after=after, limit=slice_size)
            if not rows:
                break
            after = rows[-1]["id"]
            texts = [r["text"] if not r["captions"] else f"{r['text']} [image: {r['captions']}]" for r in rows]
            vecs = model.submit(cache.embed, texts).result()
            if pending is not None:
                done += int(pending.result()[0]["n"])
            batch = [{"id": r["id"], "embedding": pack_vector(v)} for r, v in zip(rows, vecs, strict=True)]
            pending = pool.submit(graph.write, bq.SET_VECTORS, space=space, rows=batch, timeout=300)
            if progress:
                progress(len(rows))
        if pending is not None:
            done += int(pending.result()[0]["n"])
    return done


def bulk_ingest(graph: Graph, space: str, conv: Conversation, embedder: Any | None, batch_size: int = 1000,
                progress: Callable[[int], None] | None = None, strict: bool = False) -> tuple[IngestReport, int]:
    """Pass 1 (messages, no vectors) then pass 2 (vectors); returns the ingest report and the number of
    vectors set. The report's embed_seconds is the second pass."""
    report = Ingestor(graph, None, batch_size=batch_size).ingest(space, conv, progress=progress, strict=strict)
    if embedder is None:
        return report, 0
    t = time.perf_counter()
    n = embed_missing(graph, space, embedder)
    report.embed_seconds = time.perf_counter() - t
    report.seconds += report.embed_seconds
    return report, n
