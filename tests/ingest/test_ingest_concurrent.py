"""Two clients ingesting the same file at once: both finish, nothing is duplicated."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from polymem.graph import Graph
from polymem.ingest.pipeline import Ingestor
from polymem.schema.models import Conversation, Message, Participant


def _conv(n: int) -> Conversation:
    msgs = [Message(id=f"c{i}", speaker=f"p{i % 3}", text=f"message number {i} about topic {i % 7}", seq=i,
                    channel="main", session="s1") for i in range(n)]
    return Conversation.model_construct(id="conc", roster=[Participant(id=f"p{i}") for i in range(3)],
                                        channels=[], messages=iter(msgs), addressees_given=False, source_file=None)


def test_concurrent_ingest_of_same_messages_creates_no_duplicates(graph: Graph, space: str) -> None:
    def run(_: int) -> int:
        return Ingestor(graph, None, batch_size=25).ingest(space, _conv(200)).written

    with ThreadPoolExecutor(3) as pool:
        written = list(pool.map(run, range(3)))
    rows = graph.read("MATCH (m:Message {space: $s}) RETURN count(m) AS n, count(DISTINCT m.id) AS ids", s=space)
    assert rows[0]["n"] == rows[0]["ids"] == 200
    assert sum(written) == 200  # every message was written by exactly one of the clients
    speaks = graph.read("MATCH (:Participant {space: $s})-[r:SPEAKS]->() RETURN count(r) AS n", s=space)
    assert speaks[0]["n"] == 200
    nxt = graph.read("MATCH (:Message {space: $s})-[r:NEXT]->() RETURN count(r) AS n", s=space)
    assert nxt[0]["n"] == 199
