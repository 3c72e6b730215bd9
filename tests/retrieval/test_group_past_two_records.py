"""A trip's first choice and the one that replaced it, read by the writer as two separate matters, while another
matter of the chat changed too: asked what the trip was first going to be, the answer is the trip's first
choice, not the other matter's past; asked where it is now, the later choice. End to end on a real Neo4j with
the real writer; the chat is written for this test (no data set's words, names or values)."""

from __future__ import annotations

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
T0 = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("wren", "for the autumn stargazing trip I'd suggest the Brecon Beacons, there's a hostel under dark skies", 0),
    ("obi_k", "Brecon Beacons it is, I'll look into the hostel", 1),
    ("saskia", "for the raffle prize let's go with a telescope voucher", 20),
    ("wren", "decided: the raffle prize is a telescope voucher", 21),
    ("obi_k", "my tomatoes finally sprouted", 60),
    ("saskia", "change of plan, the raffle prize is now a planisphere instead of the telescope voucher", 90),
    ("obi_k", "the hostel in the Brecon Beacons is full that weekend. what about Northumberland?", 300),
    ("wren", "Fair. Northumberland then.", 301),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> str:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "pasttworecords", ROSTER, LINES, T0, "v")


def test_the_first_choice_of_a_matter_filed_twice(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where was the autumn stargazing trip first going to be?", embedder=embedder)
    assert "brecon" in a.text.lower() and "voucher" not in a.text.lower(), (a.text, a.plan.intent, a.plan.mode)


def test_the_current_choice_of_the_same_matter(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where is the autumn stargazing trip going to be?", embedder=embedder)
    assert "northumberland" in a.text.lower(), (a.text, a.plan.intent, a.plan.mode)
