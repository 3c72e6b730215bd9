"""Who took a task on, asked in a question that opens with its scene ("once the ferry was cancelled, who offered to
drive them?"): the words of asking ("offered to", "pick up") are all the question has of the task, and a member
who only told of the change is not who took it on. And "who brought X up": its first proposer, not the member
who praised it most. End to end on a real Neo4j with the real writer; the
chat and people are written for this test (no data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="wenonah", name="Wenonah Lindqvist", aliases=["Wenonah"]),
    Participant(id="tadeusz", name="Tadeusz Boateng", aliases=["Tadeusz"]),
    Participant(id="odalys", name="Odalys Marchetti", aliases=["Odalys"]),
]
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("wenonah", "the choir trip is saturday, coach leaves from the square at 8", 0),
    ("tadeusz", "nice, i'll bring the song sheets", 1),
    ("odalys", "grim update: the coach company went bust, no coach on saturday. my brother and i are stuck", 30),
    ("wenonah", "ugh that's awful", 31),
    ("tadeusz", "no stress, i'll pick you both up at 7, my estate car fits four", 32),
    ("odalys", "you're a star", 33),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "offerscene", ROSTER, LINES, T0, "o")


def test_the_offer_after_the_scene_is_found(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "once the coach fell through, who offered to pick Odalys up?", embedder=embedder)
    assert a.plan.intent == "who_agreed", a.plan
    assert "tadeusz" in a.text.lower() and "wenonah" not in a.text.lower(), (a.text, a.cited)


LINES_RAISED = [
    ("odalys", "end of term do: what about the boathouse?", 0),
    ("wenonah", "or the bowling alley", 1),
    ("tadeusz", "yes the boathouse!! the boathouse terrace at sunset, the boathouse does pizza too", 2),
    ("wenonah", "ok boathouse it is", 3),
]


@pytest.fixture(scope="module")
def raised(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "raisedfirst", ROSTER, LINES_RAISED, T0, "r")


def test_who_brought_an_option_up_is_its_first_proposer(graph: Graph, raised: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, raised, "who first brought up the boathouse?", embedder=embedder)
    assert "odalys" in a.text.lower(), (a.text, a.cited)
