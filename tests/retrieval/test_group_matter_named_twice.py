"""A sum the group settled while talking of one word ("hotel") and later changed under another ("allowance"):
asked with both words, the two are one matter, so the first sum is its past and the later one its present. End to
end on a real Neo4j with the real writer; the chat is written for this test (no data set's words, names or
values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="wren", name="Wren Albescu", aliases=["Wren"]),
    Participant(id="obi_k", name="Obinna Kalu", aliases=["Obi"]),
    Participant(id="saskia", name="Saskia Lund", aliases=["Saskia"]),
]
T0 = datetime(2026, 4, 6, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("wren", "Olomouc trip is on for May. for the hotel, is 90 euros a head ok with everyone?", 0),
    ("saskia", "agreed, 90 each", 1),
    ("obi_k", "the dishwasher flooded the kitchen again", 30),
    ("saskia", "hotel prices in Olomouc shot up, 90 won't get us anything now", 200),
    ("wren", "agreed, allowance is 130 per person now", 201),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "namedtwice", ROSTER, LINES, T0, "v")


def test_the_first_sum_of_a_matter_named_by_two_words(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "What was the original hotel allowance they agreed on?", embedder=embedder)
    assert "90" in a.text and "130" not in a.text, (a.text, a.plan.intent, a.plan.mode)


def test_the_current_sum_of_the_same_matter(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "What is the hotel allowance now?", embedder=embedder)
    assert "130" in a.text and "90" not in a.text, (a.text, a.plan.intent, a.plan.mode)
