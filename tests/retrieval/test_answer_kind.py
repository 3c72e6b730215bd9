"""A question that asks for a sum or a time is answered only by a value of that kind, end to end on Neo4j with the
real writer (wording of no data set): a line about the thing that names no sum is no answer to "how much"."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("mara", "the new kayak rack arrived today, it's in the shed behind the boathouse", 0),
    ("wen", "ooh finally, does it fit four boats?", 0.2),
    ("mara", "it fits four if you squeeze the sea kayak in diagonally", 0.3),
    ("tobi_k", "I bought the spare paddles btw, they were 40 euros each", 5),
    ("wen", "bargain", 5.1),
]


def test_a_line_with_no_sum_does_not_answer_how_much(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, datetime(2026, 6, 1, 9, 0, tzinfo=UTC), "k")
    rack = ask(graph, space, "How much did the kayak rack cost?", embedder=embedder)
    assert rack.abstained, rack.text
    paddles = ask(graph, space, "How much were the spare paddles?", embedder=embedder)
    assert not paddles.abstained and "40" in paddles.text, paddles.text
