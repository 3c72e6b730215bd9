"""A pet asked after by its name and a word for a variety of animals ("what breed is X?"), end to end on
Neo4j with the real writer (wording of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "Biscuit is my whippet, fastest thing in the park and scared of leaves", 0),
    ("mara", "biscuit for mayor", 0.2),
    ("tobi_k", "anyone free to help me move a sofa on saturday?", 30),
]
T0 = datetime(2026, 5, 2, 10, 0, tzinfo=UTC)


def test_a_breed_asked_by_the_pets_name(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "b")
    got = ask(graph, space, "what breed is biscuit?", embedder=embedder)
    assert "whippet" in got.text.lower(), got.text
    unknown = ask(graph, space, "What breed is Marmalade?", embedder=embedder)
    assert unknown.text.lower().startswith("not mentioned"), unknown.text


LINES_UNREAD = [
    ("wen", "the vet said Marmalade has the classic beagle nose, whatever that means", 0),
    ("mara", "ha", 0.2),
    ("tobi_k", "anyone free to help me move a sofa on saturday?", 30),
]


def test_a_breed_said_where_no_pet_was_read_is_still_found(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    # no pet is read under the name (the breed only modifies "nose"), but the message names a kind of animal
    ingest_timed(graph, space, embedder, ROSTER, LINES_UNREAD, T0, "v")
    got = ask(graph, space, "what breed is Marmalade?", embedder=embedder)
    assert "beagle" in got.text.lower(), got.text
