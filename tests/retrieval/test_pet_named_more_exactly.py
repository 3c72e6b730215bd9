"""One animal told of twice in a line, loosely and exactly ("we have a dog ... a retired racing greyhound, called
X"): the answer names it once, by its exact kind and name, end to end on Neo4j with the real writer (wording of no
data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "and I have news: we have a dog 🐕 retired racing greyhound, 6 years old, called Quillon. the shelter "
            "had already named him", 0),
    ("mara", "WEN 😭 photos please", 0.2),
    ("tobi_k", "anyone free to help me move a sofa on saturday?", 30),
]
T0 = datetime(2026, 5, 2, 10, 0, tzinfo=UTC)


def test_the_loose_word_gives_way_to_the_named_kind(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "g")
    got = ask(graph, space, "What kind of dog did Wen get, and what's his name?", embedder=embedder)
    assert "greyhound" in got.text.lower() and "quillon" in got.text.lower(), got.text
    assert "dog called" not in got.text.lower(), got.text
