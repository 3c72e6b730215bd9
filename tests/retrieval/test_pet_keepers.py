"""A question over the members about their animals ("does anyone here keep an animal?", "what animals do people
keep?") lists every member who keeps one, with the animals; a question naming one animal still finds that one.
End to end on Neo4j with the real writer (wording of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "Clover is my guinea pig, she squeaks whenever the fridge opens", 0),
    ("mara", "clover!! need pics", 0.2),
    ("tobi_k", "Rascal is my ferret, he steals socks", 30),
    ("mara", "I'm allergic to basically everything with fur, so no pets for me", 31),
    ("oskar", "anyone going to the quiz on friday?", 40),
]
T0 = datetime(2026, 2, 9, 9, 0, tzinfo=UTC)


def test_every_keeper_with_their_animals(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "p")
    for q in ("Are there any animal owners among us?", "What animals do people in the chat have?"):
        got = ask(graph, space, q, embedder=embedder)
        low = got.text.lower()
        assert "wen" in low and "clover" in low and "tobi" in low and "rascal" in low, (q, got.text)
        assert "mara" not in low, (q, got.text)
    one = ask(graph, space, "What kind of creature is Rascal?", embedder=embedder)
    assert "ferret" in one.text.lower() and "clover" not in one.text.lower(), one.text


def test_an_animal_asked_by_a_name_nobody_uses_stays_unknown(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "q")
    got = ask(graph, space, "Who has a pet called Bramble?", embedder=embedder)
    assert "clover" not in got.text.lower() and "rascal" not in got.text.lower(), got.text
