"""One animal told of twice in a line, loosely and exactly ("a dog ... an ex racing whippet, called
X"): the answer names it once, by its exact kind and name, end to end on Neo4j with the real writer (wording of no
data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "news from us: we got a dog 🐕 ex racing whippet, 4 years old, called Quillon. the rescue "
            "picked the name", 0),
    ("mara", "WEN 😭 pics or it didn't happen", 0.2),
    ("tobi_k", "who can lend me a ladder on saturday?", 30),
]
T0 = datetime(2026, 5, 2, 10, 0, tzinfo=UTC)


def test_the_loose_word_gives_way_to_the_named_kind(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "g")
    got = ask(graph, space, "Which breed of dog did Wen adopt and what is he called?", embedder=embedder)
    assert "whippet" in got.text.lower() and "quillon" in got.text.lower(), got.text
    assert "dog called" not in got.text.lower(), got.text
