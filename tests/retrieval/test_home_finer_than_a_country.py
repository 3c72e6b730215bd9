"""A home read only as a country is given with the town in it that the person's own lines name ("we live in
Czechia now" / "greetings from Olomouc"), and a country said after a town in it is no move. End to end on Neo4j
with the real writer and gazetteer (places of no data set)."""

from __future__ import annotations

from datetime import UTC, datetime

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

T0 = datetime(2026, 10, 5, 18, 0, tzinfo=UTC)
LINES = [
    ("tobi_k", "I live in Pori, ten minutes from the harbour", -500),
    ("tobi_k", "big move done, we live in Czechia now!! the flat has a balcony", 0),
    ("tobi_k", "greetings from Olomouc, the square is lovely at night", 30),
]


def test_a_country_home_with_the_town_named_in_it(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "h")
    a = ask(graph, space, "Where does Tobi live now?", embedder=embedder)
    assert "Olomouc" in a.text, a.text


def test_a_country_said_after_a_town_in_it_is_no_move() -> None:
    from polymem.retrieval.extract_base import StateHit
    from polymem.retrieval.extract_state import _coarser_dropped

    town = StateHit("a", "Olomouc", (1.0,), ["m1"], "record")
    country = StateHit("b", "Czechia", (2.0,), ["m2"], "message")
    elsewhere = StateHit("c", "Estonia", (3.0,), ["m3"], "message")
    assert [h.value for h in _coarser_dropped([town, country])] == ["Olomouc"]
    assert [h.value for h in _coarser_dropped([town, elsewhere])] == ["Olomouc", "Estonia"]  # a move abroad


def test_a_move_back_to_an_earlier_country_is_a_move() -> None:
    from polymem.retrieval.extract_base import StateHit
    from polymem.retrieval.extract_state import _coarser_dropped

    hits = [StateHit("a", "Olomouc", (1.0,), ["m1"], "record"), StateHit("b", "Tallinn", (2.0,), ["m2"], "record"),
            StateHit("c", "Czechia", (3.0,), ["m3"], "message")]
    assert [h.value for h in _coarser_dropped(hits)] == ["Olomouc", "Tallinn", "Czechia"]  # Tallinn is not in it
