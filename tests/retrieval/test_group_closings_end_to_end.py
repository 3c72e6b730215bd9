"""Choices a chat closes without a verb of deciding, answered end to end (real Neo4j, the real writer): a
colour settled by "X it is then" and changed by a vote counted, asked by the kind of thing it is ("what
colour"), with a plain assertion about the design nearby that names no colour; a meeting place written in
lower case, a word no dictionary knows, closed by "done" and later moved. The chat is written for this test
(no data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="halvard", name="Halvard Stene", aliases=["Halvard"]),
    Participant(id="yetunde", name="Yetunde Bakare", aliases=["Yetunde"]),
    Participant(id="marisol", name="Marisol Quispe", aliases=["Marisol"]),
]
T0 = datetime(2026, 4, 6, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("halvard", "rowing club hoodies: we need a colour. i vote olive", 0),
    ("yetunde", "olive works for me", 0.1),
    ("marisol", "olive it is then. majority", 0.2),
    ("yetunde", "where do we gather before outings? what about brygga by the slipway", 0.3),
    ("halvard", "brygga, done.", 0.4),
    ("marisol", "hoodie mock-up is in the shared folder, have a look", 30),
    ("halvard", "the olive samples arrived and they look grey in daylight. can we switch to crimson?", 200),
    ("yetunde", "crimson gets my vote", 200.1),
    ("marisol", "crimson please", 200.2),
    ("halvard", "that's 3 to 0 for crimson", 200.3),
    ("yetunde", "brygga is closed for refitting all summer. we meet at the boathouse steps instead", 260),
    ("marisol", "boathouse steps, fine by me", 260.1),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "groupclosings", ROSTER, LINES, T0, "h")


def test_the_colour_now_is_the_one_the_vote_chose(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "What colour are the club hoodies going to be?", embedder=embedder)
    assert "crimson" in a.text.lower() and "olive" not in a.text.lower(), (a.text, a.plan.intent, a.plan.mode)


def test_the_colour_first_settled(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Which colour had the hoodies originally been?", embedder=embedder)
    assert "olive" in a.text.lower() and "crimson" not in a.text.lower(), (a.text, a.plan.intent, a.plan.mode)


def test_a_meeting_place_in_lower_case_before_it_moved(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where did we used to gather before outings, before the change?", embedder=embedder)
    assert "brygga" in a.text.lower(), (a.text, a.plan.intent, a.plan.mode)
