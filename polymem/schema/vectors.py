"""Migration 14: message embeddings written before float32 storage (float64 lists) are rewritten
as float32 arrays, halving their bytes in the property store."""

from polymem.graph.driver import Graph
from polymem.schema.migrations import register


def _rewrite(graph: Graph) -> object:
    from polymem.graph.vectors import vectors_to_float32  # the rewrite's Cypher lives in polymem/graph

    return vectors_to_float32(graph)


register(14, "message embeddings stored as float32", [_rewrite])
