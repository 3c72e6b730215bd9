"""A pet told of by a word for a young animal is answered with the grown kind too ("foal (horse) called X"), end to
end on Neo4j with the real writer (wording of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.language import lexical
from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "big news, we adopted a kitten on sunday! her name is Pesto and she bites toes", 0),
    ("mara", "omg pesto!! pics or it didn't happen", 0.2),
    ("tobi_k", "anyone up for the climbing wall on thursday?", 5),
]
T0 = datetime(2026, 4, 11, 9, 0, tzinfo=UTC)


def test_the_grown_kind_of_a_young_animal() -> None:
    assert lexical.young_of("kitten") == "cat" and lexical.young_of("foal") == "horse"
    assert lexical.young_of("cat") is None and lexical.young_of("whippet") is None


def test_a_kitten_is_answered_as_a_cat(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "y")
    got = ask(graph, space, "What pet does Wen have?", embedder=embedder)
    low = got.text.lower()
    assert "pesto" in low and "kitten" in low and "cat)" in low, got.text


NAMED_APART = [  # the name in lines of what the animal does, the kind within the hour in a line that names no animal
    ("wen", "Fennel has stopped eating and my usual vet only does cats and dogs", 0),
    ("mara", "oh no, is Fennel ok?", 0.1),
    ("wen", "Fennel is fine, just fussy. shedding her skin again too, bits everywhere in the tank", 0.2),
    ("tobi_k", "anyone seen my blue umbrella? left it somewhere on friday", 0.3),
    ("wen", "fun fact about my crested gecko: they can't blink, they lick their eyes clean", 0.5),
]


def test_a_kind_told_unnamed_and_a_name_told_apart_are_one_animal(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, NAMED_APART, T0, "n")
    got = ask(graph, space, "What is Wen's gecko called?", embedder=embedder)
    assert "fennel" in got.text.lower(), got.text
