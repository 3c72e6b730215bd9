""""What was X's job in January?", "where was X living in early February?": a change counts from the day it took
effect (a post "starting tue 3 feb" is not yet the job in January), and the part of the month asked bounds it.
End to end on Neo4j with the real writer (wording of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

T0 = datetime(2026, 1, 12, 18, 0, tzinfo=UTC)  # a Monday
LINES = [
    ("wen", "I work as a barista at the Quayside Café, early shifts forever", 0),
    ("wen", "I live in Pori, ten minutes from the harbour", 1),
    ("mara", "wen you're up early again", 24),
    ("wen", "got the designer post at Lumenfold!! starting tue 3 feb", 12 * 24),
    ("tobi_k", "wen that's brilliant", 12 * 24 + 1),
    ("wen", "made it!! moved to Varnholt on Friday 20 February, the boxes can wait", 40 * 24),
]


def test_a_change_counts_from_the_day_it_took_effect(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "p")
    a = ask(graph, space, "What was Wen's job in January?", embedder=embedder)
    assert "barista" in a.text.lower() or "quayside" in a.text.lower(), a.text
    assert "lumenfold" not in a.text.lower(), a.text  # offered in January, begun in February
    b = ask(graph, space, "What was Wen's job at the end of February?", embedder=embedder)
    assert "lumenfold" in b.text.lower() or "designer" in b.text.lower(), b.text


def test_the_part_of_the_month_asked(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "p")
    a = ask(graph, space, "Where was Wen living in mid February?", embedder=embedder)
    assert "Pori" in a.text and "Varnholt" not in a.text, a.text  # the move came on the 20th
    b = ask(graph, space, "Where was Wen living at the end of February?", embedder=embedder)
    assert "Varnholt" in b.text, b.text
