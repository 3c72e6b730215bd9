"""A plan the group makes for one member (her birthday), first settled while asking the others to confirm it, then
overturned with "no <place>" and the new plan said as what the occasion is: asked about her occasion, by her
name or a family word for her, the answer is the group's plan, now and before, never her own state. End to end
on a real Neo4j with the real writer; the chat is written for this test (no data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="ilse_v", name="Ilse Vermeulen", aliases=["Ilse", "Gran"]),
    Participant(id="bram", name="Bram Vermeulen", aliases=["Bram"]),
    Participant(id="noor", name="Noor Vermeulen", aliases=["Noor"]),
]
T0 = datetime(2026, 5, 3, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("ilse_v", "I live in Leuven, in the flat above the bakery", 0),
    ("bram", "I started this chat to sort out Gran's 85th, Gran you can read along", 24),
    ("bram", "Suggestion: we host it in Mechelen at our house on 14 September, a long lunch in the courtyard", 25),
    ("noor", "14 September suits me", 26),
    ("ilse_v", "that is a lot of cooking for you, Bram", 27),
    ("bram", "No trouble, Gran. Agreed then? Mechelen, 14 September", 28),
    ("noor", "yes!", 29),
    ("noor", "my bike got a flat again", 200),
    ("ilse_v", "Children, an idea. My knees dislike trains. What if we do my 85th here instead, a picnic on the "
               "Dijle meadow behind the abbey, on 21 September", 400),
    ("noor", "a picnic sounds lovely", 401),
    ("bram", "Okay, final: no Mechelen. Gran's 85th is a picnic on the Dijle meadow behind the abbey, 21 September", 402),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "occasionofmember", ROSTER, LINES, T0, "g")


def test_where_her_occasion_is_held_now(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where is Gran's 85th being held in the end?", embedder=embedder)
    assert a.plan.intent == "group_decision", a.plan
    assert "meadow" in a.text.lower() and "leuven" not in a.text.lower(), (a.text, a.cited)


def test_the_date_first_picked_for_it(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "What date had first been chosen for Ilse's birthday lunch?", embedder=embedder)
    assert a.plan.intent == "group_decision", a.plan
    assert "14 september" in a.text.lower() and "21" not in a.text, (a.text, a.cited)


def test_where_it_was_first_going_to_be(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where was Gran's 85th originally going to be?", embedder=embedder)
    assert "mechelen" in a.text.lower() and "meadow" not in a.text.lower(), (a.text, a.cited)


def test_her_own_home_is_still_her_state(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where does Gran live?", embedder=embedder)
    assert a.plan.intent != "group_decision" and "leuven" in a.text.lower(), (a.text, a.plan)


DATED = [  # a matter settled with a place and its date, then moved to another place with no date said
    ("noor", "decided: the sponsored walk is the old quarry loop, Sunday 8 June", 0),
    ("bram", "great, I'll print the forms", 1),
    ("noor", "change of plan: the sponsored walk is moving to the canal towpath", 100),
]


@pytest.fixture(scope="module")
def dated(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "pastdateonly", ROSTER, DATED, T0, "d")


def test_the_only_date_of_a_matter_changed_since_is_its_original_date(graph: Graph, dated: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, dated, "What date was the sponsored walk originally set for?", embedder=embedder)
    assert "8 june" in a.text.lower(), (a.text, a.rows)
