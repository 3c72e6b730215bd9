"""Where someone lived at a moment the question names by an event or a region, end to end on Neo4j with the
real writer (wording of no data set).

* "... when the group picked X?": the value held when the message naming X was said, not the newest one.
* "... before <country>?": a home inside the country is the newer home, so the answer is the one before it.
* A town lies in a country or a state by GeoNames' codes or WordNet's part-holonyms."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from polymem.language import lexical as lex
from polymem.retrieval import ask
from polymem.retrieval.extract_base import StateHit
from polymem.retrieval.extract_state import _split
from tests.retrieval.chat_fixture import ROSTER, ingest_timed

LINES = [
    ("mara", "I live in Lisbon these days, the tram outside my window never stops", 0),
    ("wen", "so where are we doing the summer trip? I vote Ravenglass", 10),
    ("tobi_k", "Ravenglass it is, I'll book the bunkhouse", 10.5),
    ("wen", "nice, booked and paid", 11),
    ("tobi_k", "anyone seen the new bakery on the corner?", 300),
    ("mara", "big news: I moved to Trondheim last week, the flat is tiny but the fjord makes up for it", 900),
    ("wen", "congrats!!", 900.2),
]
T0 = datetime(2026, 2, 2, 18, 0, tzinfo=UTC)


def test_a_home_when_the_group_picked_something_is_the_one_held_then(graph, space, embedder) -> None:  # type: ignore[no-untyped-def]
    ingest_timed(graph, space, embedder, ROSTER, LINES, T0, "e")
    now = ask(graph, space, "Where does Mara live now?", embedder=embedder)
    assert "Trondheim" in now.text, now.text
    then = ask(graph, space, "Which city was Mara living in when the group voted for Ravenglass?", embedder=embedder)
    assert "Lisbon" in then.text and "Trondheim" not in then.text, then.text
    before = ask(graph, space, "Where did Mara live before Norway?", embedder=embedder)
    assert "Lisbon" in before.text and "Trondheim" not in before.text, before.text


def test_the_newer_home_is_the_one_inside_the_region_the_question_names() -> None:
    hits = [StateHit("m1", "Stirling", (100.0, 1, "m1"), ["m1"]),
            StateHit("m5", "Groningen", (500.0, 5, "m5"), ["m5"])]
    head, past = _split(hits, "Where did she live before the Netherlands?", newer="Netherlands")
    assert head is not None and head.value == "Groningen"
    assert past is not None and past.value == "Stirling"


@pytest.mark.parametrize(("town", "region", "inside"), [
    ("Groningen", "the Netherlands", True),
    ("Eugene", "Oregon", True),
    ("Edinburgh", "Scotland", True),
    ("Stirling", "the Netherlands", False),
    ("Lisbon", "Spain", False),
])
def test_a_town_lies_in_a_country_or_state(town: str, region: str, inside: bool) -> None:
    assert lex.place_in(town, region) is inside
