"""A channel has one NEXT chain across its sessions; the neighbours retrieval reads around a hit stay in the
hit's session (the last line of one evening is no context for the first line of the next)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from polymem.graph import Graph
from polymem.graph.search import SearchRepository
from polymem.ingest.pipeline import Ingestor
from polymem.schema.models import Conversation, Message

T0 = datetime(2026, 6, 1, 19, 0, tzinfo=UTC)


def test_neighbours_and_following_stay_in_the_session(graph: Graph, space: str) -> None:
    msgs = [Message(id=f"s1-{i}", speaker=f"p{i % 2}", text=f"first evening line {i}", session="s1",
                    channel="main", time=T0 + timedelta(minutes=i), seq=i) for i in range(3)]
    msgs += [Message(id=f"s2-{i}", speaker=f"p{i % 2}", text=f"second evening line {i}", session="s2",
                     channel="main", time=T0 + timedelta(days=1, minutes=i), seq=10 + i) for i in range(3)]
    conv = Conversation.model_construct(id="c", roster=[], channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, None).ingest(space, conv)
    # the chain itself runs across the sessions (one NEXT chain per channel)
    crossing = graph.read("MATCH (:Message {space: $s, id: 's1-2'})-[:NEXT]->(n) RETURN n.id AS id", s=space)
    assert [r["id"] for r in crossing] == ["s2-0"]
    repo = SearchRepository(graph)
    assert set(repo.expand(space, ["s1-2"])["s1-2"]) == {"s1-1"}
    assert set(repo.expand(space, ["s2-0"])["s2-0"]) == {"s2-1"}
    assert set(repo.following(space, ["s1-0"])) == {"s1-1", "s1-2"}
    details = repo.details(space, ["s1-2", "s2-0"])
    assert details["s1-2"]["next_ids"] == [] and details["s2-0"]["prev_ids"] == []
    assert set(repo.details(space, [], expand=["s1-2"])) == {"s1-1"}
