"""Nested fields are batched: the number of Neo4j queries does not grow with the number of parents."""

from __future__ import annotations

import asyncio

from polymem.api.auth import Principal
from polymem.api.context import Context, Services
from polymem.api.schema import schema
from polymem.graph import Graph
from polymem.ingest.pipeline import Ingestor
from polymem.schema.models import Conversation, Message, Participant


class CountingGraph(Graph):
    """The real driver, counting the read queries it runs."""

    reads = 0

    def read(self, cypher, timeout=None, **params):  # type: ignore[no-untyped-def]
        CountingGraph.reads += 1
        return super().read(cypher, timeout, **params)


NESTED = """query($s: String!, $n: Int!) { messages(space: $s, first: $n) { edges { node {
    id speaker { id name messages(first: 2) { edges { node { id } } } }
    addressees { participant { id addressedMessages(first: 2) { edges { node { id } } } } } } } } }"""


def _run(graph: CountingGraph, space: str, n: int) -> int:
    ctx = Context(request=None, services=Services(graph), principal=Principal(key_id="t", spaces=frozenset([space])))
    CountingGraph.reads = 0
    res = asyncio.run(schema.execute(NESTED, variable_values={"s": space, "n": n}, context_value=ctx))
    assert res.errors is None, res.errors
    assert len(res.data["messages"]["edges"]) == n
    return CountingGraph.reads


def test_nested_fields_do_not_multiply_queries(space) -> None:
    people = [Participant(id=f"p{i}") for i in range(6)]
    msgs = [Message(id=f"n{i:03d}", text=f"@p{(i + 1) % 6} note {i}", speaker=f"p{i % 6}", seq=i) for i in range(40)]
    graph = CountingGraph()
    try:
        Ingestor(graph, None).ingest(space, Conversation.model_construct(id="c", roster=people, messages=iter(msgs)))
        small, large = _run(graph, space, 4), _run(graph, space, 40)
    finally:
        graph.close()
    # about one query per field level whatever the page size (unbatched, 40 parents would cost 200+)
    assert small <= 8 and large <= 8, (small, large)
