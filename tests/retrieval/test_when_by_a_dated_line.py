""""When is X's birthday?" answered by the line that gives a date ("she hits 40 on 9 November") rather than a
line that only shares the question's word, when the dated line reads at least as near the question. End to end
on Neo4j with the real embedder (wording of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

T0 = datetime(2026, 10, 5, 18, 0, tzinfo=UTC)
LINES = [
    ("mara", "planning ahead: wen hits 40 on 9 November, any ideas for a present?", 0),
    ("tobi_k", "a kayak? she never stops talking about the river", 0.2),
    ("oskar", "I'll sort the birthday cake for wen, lemon drizzle", 30),
    ("mara", "the pottery place on the quay does gift vouchers too", 31),
]


def test_a_dated_line_answers_when(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "b")
    a = ask(graph, space, "When is Wen's birthday?", embedder=embedder)
    assert "9 November" in a.text or "11-09" in a.text, a.text
    assert "b00" in a.cited, a.cited
