""""Who has moved?" counts a member whose only known home was said as a move (no earlier town named), not one who
only says where they are. A chat written for this test (no data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="halina", name="Halina Wolny", aliases=["Halina"]),
    Participant(id="oskar", name="Oskar Lind", aliases=["Oskar"]),
    Participant(id="ignacy", name="Ignacy Brandt", aliases=["Ignacy"]),
]
T0 = datetime(2026, 2, 2, 8, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("halina", "Morning all. I'm out Friday, dentist.", 0),
    ("oskar", "still settling into Toruń, the flat is finally furnished", 1),
    ("ignacy", "my partner and I are moving to Olsztyn in May, her hospital job is there", 20),
    ("halina", "good luck with the boxes!", 21),
    ("halina", "promotion news: I'll still be in Kalisz, just more meetings", 30),
    ("ignacy", "we're in Olsztyn now, boxes everywhere", 90),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "movedonce", ROSTER, LINES, T0, "o")


def test_a_move_said_once_is_a_move(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Who has moved?", embedder=embedder)
    assert "ignacy" in a.text.lower() and "halina" not in a.text.lower(), a.text


def test_still_being_in_a_town_is_living_there(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where does Halina live?", embedder=embedder)
    assert "kalisz" in a.text.lower(), a.text
