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
    ("wen", "Quorra brought a live frog in through the flap at 3am and let it go under the bed", 30),
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


LATER = [
    ("mara", "Vesko refused to go out in the rain this morning, just stood at the door judging me", 0),
    ("wen", "lol", 0.1),
    ("mara", "Vesko and I walked to the bakery and the owner gave him a biscuit, he thinks it's his shop now", 20),
    ("tobi_k", "wait who is Vesko", 40),
    ("mara", "retired racing greyhound, fastest thing on four legs and laziest on the sofa", 40.1),
]


def test_a_pet_known_only_as_a_pet_takes_its_kind_when_told(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    from polymem.graph.records import RecordRepository

    # the writer reads the first lines in a window of their own: "Vesko" is a pet by what he does, kind unknown
    ingest_timed(graph, space, embedder, ROSTER, LATER[:3], T0, "v")
    ingest_timed(graph, space, embedder, ROSTER, LATER, T0, "v")
    heads = [r for r in RecordRepository(graph).heads(space, attribute="pet") if r.event == "pet:vesko"]
    assert heads and all("greyhound" in r.content for r in heads), [r.content for r in heads]
    got = ask(graph, space, "What kind of dog is Vesko?", embedder=embedder)
    assert "greyhound" in got.text.lower(), got.text


def test_every_members_pets_say_which_are_gone(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    lines = [("tobi_k", "Juniper is my cat, she sleeps in the sink", 0), ("wen", "cute", 0.1),
             ("tobi_k", "sad news, Juniper died this morning, she was sixteen", 50), ("wen", "so sorry tobi", 50.1)]
    ingest_timed(graph, space, embedder, ROSTER, lines, T0, "g")
    every = ask(graph, space, "Which pets does everyone have?", embedder=embedder)
    assert "juniper (no longer)" in every.text.lower(), every.text
