"""End to end on Neo4j with the real writer (wording of no data set): a venue put forward in a plain statement and
named again with approval by two other members is the group's choice, answered with the messages it rests on."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from polymem.retrieval import ask
from tests.retrieval.chat_fixture import ROSTER, timed_space

LINES = [
    ("wen", "right, the spring supper needs a home before the end of the month", 0),
    ("mara", "I found somewhere: the Quillon Room above the bakery on Vey Street takes groups of twelve", 0.1),
    ("tobi_k", "the Quillon Room, lovely, we went there for a birthday once", 0.2),
    ("wen", "love it, Quillon Room", 0.3),
    ("mara", "can someone remind me what time the bins go out tomorrow", 2),
    ("tobi_k", "seven, same as always", 2.1),
]


@pytest.fixture(scope="module")
def chat(graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "echoed", ROSTER, LINES, datetime(2026, 5, 4, 18, 0, tzinfo=UTC), "e")


def test_the_echoed_venue_is_the_groups_choice(graph, chat, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where is the spring supper going to be?", embedder=embedder)
    assert not a.abstained and "Quillon" in a.text, a.text
    # traceable: cited are the line that put it forward and the echo that settled it
    assert {"e01", "e03"} <= set(a.cited), a.cited
