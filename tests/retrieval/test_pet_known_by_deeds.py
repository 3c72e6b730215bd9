"""An animal the chat never names the kind of, known only by what it does, end to end on Neo4j with the real
writer (wording of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "Quorra knocked the plant off the windowsill again and then sat in the soil looking proud", 0),
    ("mara", "lol classic", 0.2),
    ("tobi_k", "anyone free to help me move a sofa on saturday?", 5),
    ("wen", "had to take Quorra to the vet for her jabs, she yowled the whole way there", 30),
    ("mara", "poor thing", 30.2),
    ("tobi_k", "my cockatiel Mango learned the doorbell tune", 40),
]
T0 = datetime(2026, 5, 2, 9, 0, tzinfo=UTC)


def test_a_pet_known_by_its_deeds_answers_for_a_kind_never_said(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "q")
    got = ask(graph, space, "What's Wen's cat called?", embedder=embedder)
    assert "quorra" in got.text.lower(), got.text
    # a kind that was said is kept to: Tobi's cockatiel is no answer about a cat of his
    other = ask(graph, space, "What's Tobi's cat called?", embedder=embedder)
    assert "mango" not in other.text.lower(), other.text
    every = ask(graph, space, "Which pets does everyone have?", embedder=embedder)
    assert "quorra" in every.text.lower() and "mango" in every.text.lower(), every.text
