"""Message embeddings stored as float32 arrays (db.create.setNodeVectorProperty), and the rewrite
of a store written before that (float64 lists, twice the bytes) into float32."""

from __future__ import annotations

from polymem.graph.cypher import messages as q
from polymem.graph.driver import Graph


def vectors_to_float32(graph: Graph, spaces: list[str] | None = None, batch: int = 1000) -> int:
    """Rewrite the message embeddings of `spaces` (default: every space) as float32, `batch`
    messages per transaction; returns how many were rewritten. Idempotent: a float32 vector is
    rewritten to the same value."""
    if spaces is None:
        spaces = [r["space"] for r in graph.read(q.VECTOR_SPACES, timeout=600)]
    total = 0
    for space in spaces:
        after = ""
        while True:
            done = graph.write(q.VECTORS_TO_FLOAT32, space=space, after=after, limit=batch, timeout=600)[0]
            if not done["n"]:
                break
            total += int(done["n"])
            after = done["last"]
    return total
