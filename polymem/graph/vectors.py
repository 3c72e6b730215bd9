"""How message embeddings are stored: one signed byte per dimension (int8), 384 bytes a message.

The vector index and every read use cosine similarity, which does not depend on a vector's length,
so a message vector is stored scaled to its largest component (x * 127 / max|x|, rounded) and no
scale is kept. A Neo4j byte array takes 512 bytes of the property store where a float32 array took
1,664 (13 array records), and the vector index (which holds float32 copies of what is stored, see
schema/vectors.py) ranks the same neighbours: `python -m bench.storage` measures the index's
recall@10 against exact float cosine before and after. Cypher reads the array as a LIST<INTEGER>
(`vector.similarity.cosine(m.embedding, $v)` works unchanged); Python gets `bytes`, which
`unpack_vector` turns back into a unit float vector.

Also the rewrites of stores written before: float64 lists (migration 14) and float32 arrays
(migration 15) become int8."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from polymem.graph.cypher import messages as q
from polymem.graph.driver import Graph


def pack_vector(vec: Any) -> bytes | None:
    """A message embedding as stored: int8, scaled to its largest component (None stays None)."""
    if vec is None:
        return None
    v = np.asarray(vec, dtype=np.float64).reshape(-1)
    top = float(np.max(np.abs(v))) if v.size else 0.0
    if top == 0.0 or not np.isfinite(top):
        return np.zeros(v.size, dtype=np.int8).tobytes()
    return np.clip(np.rint(v * (127.0 / top)), -127, 127).astype(np.int8).tobytes()


def unpack_vector(stored: Any) -> np.ndarray:
    """A stored message embedding (int8 bytes, or a float list written before int8 storage) as a
    unit float32 vector."""
    if isinstance(stored, bytes | bytearray):
        v = np.frombuffer(bytes(stored), dtype=np.int8).astype(np.float32)
    else:
        v = np.asarray(stored, dtype=np.float32)
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


def vectors_to_int8(graph: Graph, spaces: list[str] | None = None, batch: int = 1000) -> int:
    """Rewrite the float message embeddings of `spaces` (default: every space) as int8, `batch`
    messages per transaction; returns how many were rewritten. Idempotent: int8 ones are skipped."""
    def step(space: str, after: str) -> tuple[int, str]:
        rows = graph.read(q.FLOAT_VECTORS, space=space, after=after, limit=batch, timeout=600)
        if rows:
            graph.write(q.SET_PACKED_VECTORS, space=space, timeout=600,
                        rows=[{"id": r["id"], "embedding": pack_vector(r["embedding"])} for r in rows])
        return len(rows), rows[-1]["id"] if rows else after

    return _by_pages(graph, spaces, step)


def _by_pages(graph: Graph, spaces: list[str] | None, step: Callable[[str, str], tuple[int, str]]) -> int:
    """Run a paged migration over `spaces` (default: every space holding vectors): `step(space, after)`
    rewrites one page after message id `after` and returns (messages rewritten, last id); 0 ends the space."""
    if spaces is None:
        spaces = [r["space"] for r in graph.read(q.VECTOR_SPACES, timeout=600)]
    total = 0
    for space in spaces:
        after = ""
        while True:
            n, after = step(space, after)
            if not n:
                break
            total += n
    return total


def vectors_to_float32(graph: Graph, spaces: list[str] | None = None, batch: int = 1000) -> int:
    """Migration 14, kept for stores older than it: rewrite float64 message embeddings as float32
    (int8 ones are left alone; migration 15 then makes every float vector int8). Returns how many
    were rewritten; idempotent."""
    def step(space: str, after: str) -> tuple[int, str]:
        done = graph.write(q.VECTORS_TO_FLOAT32, space=space, after=after, limit=batch, timeout=600)[0]
        return int(done["n"] or 0), done["last"]

    return _by_pages(graph, spaces, step)
