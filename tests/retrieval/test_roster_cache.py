"""A space's roster is read once per process while unchanged, and read again after any write to it."""

from __future__ import annotations

from typing import Any

import pytest

from polymem.graph import Graph
from polymem.graph.cypher import messages as mq
from polymem.graph.identity import add_alias, merge_participants
from polymem.graph.messages import MessageRepository
from polymem.retrieval import plan, roster_cache
from polymem.schema.models import Participant
from tests.retrieval.chat_fixture import ingest_chat


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The spaces whose roster was read from Neo4j, in order."""
    seen: list[str] = []
    real = MessageRepository.roster_with_stamp

    def counted(self: MessageRepository, space: str) -> Any:
        seen.append(space)
        return real(self, space)

    monkeypatch.setattr(MessageRepository, "roster_with_stamp", counted)
    roster_cache.clear()
    return seen


def test_unchanged_roster_is_read_once(graph: Graph, space: str, embedder: Any, reads: list[str]) -> None:
    ingest_chat(graph, space, embedder)
    assert MessageRepository(graph).roster_stamp(space) is not None
    first = plan(graph, space, "Where does Mara live?")
    again = plan(graph, space, "What does Tobi do for work?")
    assert reads == [space]
    assert "mara" in first.mentioned and "tobi_k" in again.mentioned


def test_alias_is_seen_by_the_next_question(graph: Graph, space: str, embedder: Any, reads: list[str]) -> None:
    ingest_chat(graph, space, embedder)
    assert "wen" not in plan(graph, space, "Where does Wenny live?").mentioned
    add_alias(graph, space, "wen", "Wenny")
    assert "wen" in plan(graph, space, "Where does Wenny live?").mentioned
    assert reads == [space, space]


def test_new_participant_and_merge_renew_the_roster(graph: Graph, space: str, embedder: Any,
                                                    reads: list[str]) -> None:
    ingest_chat(graph, space, embedder)
    plan(graph, space, "Where does Mara live?")
    MessageRepository(graph).upsert_participants(space, [Participant(id="ines", name="Ines Duarte",
                                                                     aliases=["Ines"])])
    assert "ines" in plan(graph, space, "Where does Ines live?").mentioned
    merge_participants(graph, space, "mara", "ines")
    # Ines is now another name of Mara's: the question about her is about Mara
    assert plan(graph, space, "Where does Ines live?").mentioned == ["mara"]
    assert reads == [space, space, space]


def test_a_known_speaker_sent_again_keeps_the_stamp(graph: Graph, space: str, embedder: Any,
                                                    reads: list[str]) -> None:
    ingest_chat(graph, space, embedder)
    stamp = MessageRepository(graph).roster_stamp(space)
    plan(graph, space, "Where does Mara live?")
    # a live message from a known member: the pipeline sends its speaker again, as a new person would be
    MessageRepository(graph).upsert_participants(space, [Participant(id="mara", name="mara", aliases=[])])
    assert MessageRepository(graph).roster_stamp(space) == stamp
    plan(graph, space, "Where does Mara live?")
    assert reads == [space]  # still the copy kept here


def test_a_drop_cut_short_renews_the_stamp(graph: Graph, space: str, embedder: Any,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    ingest_chat(graph, space, embedder)
    before = MessageRepository(graph).roster_stamp(space)
    real = Graph.write

    def cut(self: Graph, cypher: Any, timeout: float | None = None, **params: Any) -> Any:
        if cypher == mq.DELETE_SPACE_SLICE:  # participants go here: the drop stops before them
            raise RuntimeError("connection lost")
        return real(self, cypher, timeout, **params)

    monkeypatch.setattr(Graph, "write", cut)
    with pytest.raises(RuntimeError):
        MessageRepository(graph).drop_space(space)
    monkeypatch.undo()
    assert MessageRepository(graph).roster_stamp(space) not in (None, before)


def test_a_space_without_a_stamp_is_read_every_time(graph: Graph, space: str, embedder: Any,
                                                    reads: list[str]) -> None:
    ingest_chat(graph, space, embedder)
    graph.write("MATCH (s:Space {id: $space}) REMOVE s.roster_at", space=space)  # as stored before stamps
    plan(graph, space, "Where does Mara live?")
    plan(graph, space, "Where does Mara live?")
    assert reads == [space, space]
