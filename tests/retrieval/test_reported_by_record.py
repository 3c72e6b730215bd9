"""Who told the group another member's news, read from the writer's record when the news message names the
member only by a pronoun a few lines after the name (end to end on Neo4j, wording of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("wen", "Tobi rang me last night, long chat", 0),
    ("mara", "oh?? spill", 0.1),
    ("wen", "ok so he said I can finally share", 0.2),
    ("wen", "He's in Bergen!! properly moved, flat by the harbour and everything", 0.3),
    ("mara", "no way, good for him", 0.4),
    ("oskar", "anyone up for the quiz on thursday", 20),
]
T0 = datetime(2026, 4, 7, 19, 0, tzinfo=UTC)


def test_the_member_who_told_anothers_move(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "r")
    got = ask(graph, space, "Who told the group that Tobi had moved to Bergen?", embedder=embedder)
    assert "Wen" in got.text and "Tobi" not in got.text, got.text


def test_a_value_named_only_inside_a_longer_name_is_not_the_news() -> None:
    from polymem.retrieval.extract import _names_value

    assert _names_value("Who told us that Ana had moved to Tarbert?", "Tarbert")
    assert not _names_value("Who revealed that Ana landed the Tarbert Rugby job?", "Tarbert")
