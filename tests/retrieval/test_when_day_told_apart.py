""""When did X move?" where the day is told in another clause of the message or by someone else within the hour
("Mara moved on Saturday" / "yes, Kotka residents now"), end to end on Neo4j with the real writer (wording of
no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

T0 = datetime(2026, 10, 5, 18, 0, tzinfo=UTC)  # a Monday
LINES = [
    ("mara", "I live in Pori, five minutes from the station", -500),
    ("tobi_k", "I work as a baker at Crumb & Co.", -400),
    ("wen", "news from me: I live in Kotka now!! took the van over on Friday, boxes everywhere", 0),
    ("mara", "wen!! congrats", 0.1),
    ("tobi_k", "quick update since she's too busy unpacking: Mara drove to Joensuu on Saturday with the last boxes", 30),
    ("mara", "yep, officially living in Joensuu now, the balcony is tiny but mine", 30.2),
]


def test_the_day_told_in_another_clause(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "w")
    a = ask(graph, space, "When did Wen move to Kotka?", embedder=embedder)
    assert a.plan.intent == "when", a.plan
    assert "2026-10-02" in a.text, a.text  # Friday before the Monday message
    b = ask(graph, space, "When did Mara move to Joensuu?", embedder=embedder)
    assert "2026-10-03" in b.text, b.text  # the Saturday before, told by Tobi within the hour
