"""Bulk import (`polymem ingest --bulk`): first-time loading of a large history.

It is the transactional pipeline (pipeline.Ingestor), so the graph is the one a normal ingest
writes (same nodes, edges, seq and NEXT chains, float32 vectors) and a re-run creates nothing;
what changes is how the work is grouped:

* transactions of `BULK_BATCH` messages instead of 1,000: a fifth of the round trips, space locks
  and order placements (each batch reads the space's tail once);
* each distinct text is embedded once per run (`TextCache`): chats repeat short lines ("ok",
  "thanks", "lol", bot notices), and the vector of a text does not depend on where it occurs;
  larger embedding batches also let the model sort more texts by length (less padding).

`neo4j-admin database import` was not chosen: it needs a stopped, empty database (and on
Community the only user database), it cannot add to a space that exists, and it would bypass the
order placement and idempotency checks that make a re-run safe.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import numpy as np

from polymem.graph.driver import Graph
from polymem.ingest.pipeline import Ingestor

BULK_BATCH = 5000


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


def bulk_ingestor(graph: Graph, embedder: Any | None, batch_size: int = BULK_BATCH,
                  infer_addressees: bool = True) -> Ingestor:
    """An Ingestor set up for a large first-time load (see the module docstring)."""
    return Ingestor(graph, TextCache(embedder) if embedder is not None else None, batch_size=batch_size,
                    infer_addressees=infer_addressees)
