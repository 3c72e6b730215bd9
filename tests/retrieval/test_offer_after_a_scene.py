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
    Participant(id="saoirse", name="Saoirse Lindqvist", aliases=["Saoirse"]),
    Participant(id="kwame_b", name="Kwame Boateng", aliases=["Kwame"]),
    Participant(id="ottilie", name="Ottilie Marchetti", aliases=["Ottilie"]),
]
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("saoirse", "the choir trip is saturday, coach leaves from the square at 8", 0),
    ("kwame_b", "nice, i'll bring the song sheets", 1),
    ("ottilie", "grim update: the coach company went bust, no coach on saturday. my brother and i are stuck", 30),
    ("saoirse", "ugh that's awful", 31),
    ("kwame_b", "no stress, i'll pick you both up at 7, my estate car fits four", 32),
    ("ottilie", "you're a star", 33),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "offerscene", ROSTER, LINES, T0, "o")


def test_the_offer_after_the_scene_is_found(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "once the coach fell through, who offered to pick Ottilie up?", embedder=embedder)
    assert a.plan.intent == "who_agreed", a.plan
    assert "kwame" in a.text.lower() and "saoirse" not in a.text.lower(), (a.text, a.cited)


LINES_RAISED = [
    ("ottilie", "end of term do: what about the boathouse?", 0),
    ("saoirse", "or the bowling alley", 1),
    ("kwame_b", "yes the boathouse!! the boathouse terrace at sunset, the boathouse does pizza too", 2),
    ("saoirse", "ok boathouse it is", 3),
]


@pytest.fixture(scope="module")
def raised(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "raisedfirst", ROSTER, LINES_RAISED, T0, "r")


def test_who_brought_an_option_up_is_its_first_proposer(graph: Graph, raised: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, raised, "who first brought up the boathouse?", embedder=embedder)
    assert "ottilie" in a.text.lower(), (a.text, a.cited)
