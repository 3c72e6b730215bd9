"""A trip's first choice and the one that replaced it, read by the writer as two separate matters, while another
matter of the chat changed too: asked what the trip was first going to be, the answer is the trip's first
choice, not the other matter's past; asked where it is now, the later choice (its talk turned the first one
down). A venue only named near another matter's decision is not replaced by it. End to end on a real Neo4j
with the real writer; the chats are written for this test (no data set's words, names or values)."""

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
T0 = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("wren", "for the autumn stargazing trip I'd suggest the Brecon Beacons, there's a hostel under dark skies", 0),
    ("obi_k", "Brecon Beacons it is, I'll look into the hostel", 1),
    ("saskia", "for the raffle prize let's go with a telescope voucher", 20),
    ("wren", "decided: the raffle prize is a telescope voucher", 21),
    ("obi_k", "my tomatoes finally sprouted", 60),
    ("saskia", "change of plan, the raffle prize is now a planisphere instead of the telescope voucher", 90),
    ("obi_k", "the hostel in the Brecon Beacons can't take us that weekend. what about Northumberland?", 300),
    ("wren", "Fair. Northumberland then.", 301),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "pasttworecords", ROSTER, LINES, T0, "v")


def test_the_first_choice_of_a_matter_filed_twice(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where was the autumn stargazing trip first going to be?", embedder=embedder)
    assert "brecon" in a.text.lower() and "voucher" not in a.text.lower(), (a.text, a.plan.intent, a.plan.mode)


def test_the_current_choice_of_the_same_matter(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where is the autumn stargazing trip going to be?", embedder=embedder)
    assert "northumberland" in a.text.lower(), (a.text, a.plan.intent, a.plan.mode)


OTHER = [  # two matters of one kind: the later one's talk names the first one's venue without turning it down
    ("wren", "decided: the book club meets at the library", 0),
    ("obi_k", "lovely, quiet and free", 1),
    ("saskia", "the quiz night needs a venue. the library is too quiet for that. what about the Swan?", 50),
    ("wren", "decided: the quiz night is at the Swan", 51),
]


@pytest.fixture(scope="module")
def other(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "pastothermatter", ROSTER, OTHER, T0, "o")


def test_another_matters_decision_does_not_replace_it(graph: Graph, other: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, other, "Which venue did the book club pick?", embedder=embedder)
    assert "library" in a.text.lower() and "swan" not in a.text.lower(), (a.text, a.plan.intent, a.plan.mode)
