"""Two matters settled with days: the question names one by its own word ("the regatta date"); the other's talk
says "date" too, yet it is another matter, so its day never joins the one asked about. End to end on a real Neo4j
with the real writer; the chat is written for this test (no data set's words, names or values)."""

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
T0 = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("wren", "regatta planning! shall we aim for June 14?", 0),
    ("saskia", "June 14 works for me", 1),
    ("obi_k", "agreed, June 14", 2),
    ("saskia", "my boiler died again, cold showers all week", 40),
    ("wren", "bad news, the marina is shut in June for dredging. regatta on July 5 instead?", 100),
    ("obi_k", "July 5 is fine", 101),
    ("saskia", "ok July 5 it is", 102),
    ("obi_k", "other thing: the quiz fundraiser needs a date, keep it free. Aug 22 at Tartu Hall?", 150),
    ("saskia", "agreed, quiz fundraiser on Aug 22", 151),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "namedapart", ROSTER, LINES, T0, "v")


def test_the_matter_named_keeps_its_own_day(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what's the regatta date now?", embedder=embedder)
    assert "July 5" in a.text and "22" not in a.text, (a.text, a.plan.intent, a.plan.mode)
