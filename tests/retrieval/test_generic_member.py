"""A question about one member's thing is answered from what concerns that member, end to end on Neo4j with the
real writer (wording of no data set): another member's line about the same thing only shares the topic."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "finally got the new gravel bike, a green steel frame with fat tyres", 0),
    ("mara", "nice! what's the gear ratio like on the hills?", 0.2),
    ("wen", "granny gear for days, I climbed the quarry road without stopping", 0.3),
    ("tobi_k", "my sourdough starter died again, third time this month", 5),
]


def test_another_members_line_does_not_answer_a_question_about_a_member(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, datetime(2026, 6, 1, 9, 0, tzinfo=UTC), "g")
    tobi = ask(graph, space, "What frame does Tobi's gravel bike have?", embedder=embedder)
    assert tobi.abstained, tobi.text
    wen = ask(graph, space, "What frame does Wen's gravel bike have?", embedder=embedder)
    assert not wen.abstained and "steel" in wen.text, wen.text
