"""An animal asked by its name when no statement read the name as an animal: its kind is read from the lines
that use the name and the replies after them. End to end on Neo4j with the real writer (made-up wording)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "Quillon knocked the basil pot off the shelf again, third time today", 0),
    ("mara", "that ferret has no dignity whatsoever", 0.1),
    ("tobi_k", "anyone up for the bouldering gym on thursday?", 5),
    ("oskar", "thursday works", 5.2),
    ("tobi_k", "took tamsk to the common, he chased a pigeon for an hour, such a terrier", 30),
    ("mara", "the quiz is moved to the small room btw", 40),
    ("oskar", "Quenby pinched a croissant off my plate while I was on the phone", 50),
    ("wen", "that whippet is a menace in a very elegant coat", 50.1),
]
T0 = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def test_kind_of_a_named_animal_from_the_talk(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "k")
    got = ask(graph, space, "What kind of animal is Quillon?", embedder=embedder)
    assert "ferret" in got.text.lower() and "wen" in got.text.lower(), got.text
    assert "k00" in got.cited or "k01" in got.cited, got.cited
    owned = ask(graph, space, "What kind of animal is Tobi's Tamsk?", embedder=embedder)
    assert "terrier" in owned.text.lower() and "pigeon" not in owned.text.lower(), owned.text


def test_a_name_the_talk_gives_no_animal_stays_unknown(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "n")
    got = ask(graph, space, "What kind of animal is Thursday?", embedder=embedder)
    assert "ferret" not in got.text.lower() and "terrier" not in got.text.lower(), got.text


def test_name_of_a_members_animal_from_the_talk(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "w")
    got = ask(graph, space, "What is Oskar's whippet called?", embedder=embedder)
    assert "quenby" in got.text.lower(), got.text
    other = ask(graph, space, "What is Wen's whippet called?", embedder=embedder)
    assert "quenby" not in other.text.lower(), other.text
