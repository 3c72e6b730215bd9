"""Message storage: migration 14 rewrote float64 embeddings as float32 arrays; migration 15 stores
them as int8 (polymem/graph/vectors.py) and rebuilds the message vector index without Lucene's
scalar quantization; migration 16 removes empty reply lists (each took a 128-byte array record).

Why no quantization in the index: Lucene keeps the float32 copy of every vector either way, and
quantization adds an int8 copy beside it that searches read instead. On 20,000 IRC messages
(`python -m bench.storage --index-ab 2`, docs/benchmarks.md) it costs 418 bytes a message for the
same recall@10 (0.843 vs 0.848 without) and ≈ 1.5 × faster vector queries (9-14 ms vs 13-21 ms):
without it a message takes 3.4 KB of store and indexes, the issue 14 goal being 3.5 KB. To trade the
bytes for the speed, drop `message_embedding` and create it with `vector.quantization.enabled: true`;
migration 15 rebuilds only an index that quantizes, and only once."""

from polymem.graph.driver import Graph
from polymem.schema.migrations import register

MESSAGE_VECTOR_INDEX = (
    "CREATE VECTOR INDEX message_embedding IF NOT EXISTS FOR (m:Message) ON m.embedding "
    "OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine', "
    "`vector.quantization.enabled`: false}}"
)


def _rewrite_float32(graph: Graph) -> object:
    from polymem.graph.vectors import vectors_to_float32  # the rewrite's Cypher lives in polymem/graph

    return vectors_to_float32(graph)


def _rewrite_int8(graph: Graph) -> object:
    from polymem.graph.vectors import vectors_to_int8

    return vectors_to_int8(graph)


def _drop_empty_reply_lists(graph: Graph) -> object:
    from polymem.graph.cypher.messages import DROP_EMPTY_REPLY_LISTS

    total = 0
    while n := int(graph.write(DROP_EMPTY_REPLY_LISTS, limit=10_000, timeout=600)[0]["n"]):
        total += n
    return total


def index_quantized(graph: Graph) -> bool | None:
    """Whether the message vector index quantizes (None: there is no such index)."""
    rows = graph.read("SHOW VECTOR INDEXES YIELD name, options WHERE name = 'message_embedding' RETURN options")
    if not rows:
        return None
    return bool((rows[0]["options"] or {}).get("indexConfig", {}).get("vector.quantization.enabled", True))


def _rebuild_index(graph: Graph) -> object:
    # Only a quantized index is dropped (an older store): a fresh one is created unquantized by
    # migration 1, and searches are never without an index longer than the rebuild.
    if index_quantized(graph):
        graph.write("DROP INDEX message_embedding IF EXISTS")
    graph.write(MESSAGE_VECTOR_INDEX)
    return None


register(14, "message embeddings stored as float32", [_rewrite_float32])
register(15, "message embeddings stored as int8; message vector index without quantization",
         [_rewrite_int8, _rebuild_index])
register(16, "no empty reply lists on messages", [_drop_empty_reply_lists])
