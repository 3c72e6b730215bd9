"""A question about a matter the group decided, asked in words that say neither "we" nor "decide": it names the
matter ("the kitty", "the club's name") or asks through a verb ("what are we called"), and the answer is the
decision on that matter now or at first; and "what happened to <a pet>?" is answered by the line telling what
happened, not the latest line naming it. End to end on a real Neo4j with the real writer; the chat is written
for this test (no data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="wren_k", name="Wren Kowalczyk", aliases=["Wren"]),
    Participant(id="tobi", name="Tobiah Adeyemi", aliases=["Tobi"]),
    Participant(id="ilka", name="Ilka Sørensen", aliases=["Ilka"]),
]
T0 = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("wren_k", "we need a kitty for the allotment seeds. £4 each a month?", 0),
    ("tobi", "£4 is fine by me", 1),
    ("ilka", "£4 it is", 2),
    ("tobi", "club name ideas: Soil Sisters? or the Dirty Spades", 3),
    ("ilka", "dirty spades lol", 4),
    ("wren_k", "the dirty spades 🌱 done.", 5),
    ("ilka", "my tortoise Pebble has been hiding under the shed all week", 30),
    ("tobi", "seed prices doubled so ok the kitty goes up to £6 from april. nobody gets chased for it", 200),
    ("ilka", "terrible news, pebble escaped through the fence last night", 220),
    ("wren_k", "oh no ilka, I'll put up posters", 221),
    ("ilka", "pebble is very good at hiding, honestly", 222),
    ("tobi", "pebble ate a whole strawberry at the vet's, apparently", 223),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "mattersnamed", ROSTER, LINES, T0, "k")


def test_the_matter_named_is_the_group_decision_now(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what's the kitty per person at the moment?", embedder=embedder)
    assert a.plan.intent == "group_decision", a.plan
    assert "£6" in a.text and "£4" not in a.text, (a.text, a.cited)


def test_what_the_matter_started_out_as(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what did the kitty start out as?", embedder=embedder)
    assert a.plan.mode == "full", a.plan
    assert "£4" in a.text and "£6" not in a.text, (a.text, a.cited)


def test_what_we_are_called_asks_the_name(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what is the group called?", embedder=embedder)
    assert "dirty spades" in a.text.lower(), (a.text, a.cited)


def test_what_happened_to_an_animal_is_the_event_told(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what happened to Pebble?", embedder=embedder)
    assert "escaped" in a.text.lower(), (a.text, a.cited)
