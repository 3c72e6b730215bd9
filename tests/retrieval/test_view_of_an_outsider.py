"""A member's view of someone outside the chat, asked as "what's X's take on Y": the word the question asks a
view with ("take") is no word of the topic, so a line of X's that only uses it ("no take backs") does not answer.
End to end on a real Neo4j with the real writer; the chat is written for this test (no data set's words, names or
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
    Participant(id="ines_v", name="Ines Varga", aliases=["Ines"]),
    Participant(id="rolf", name="Rolf Abara", aliases=["Rolf"]),
]
T0 = datetime(2026, 4, 6, 10, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("ines_v", "found a plumber for the club house, a guy called Matteo, he can come thursday", 0),
    ("rolf", "hmm he wants the whole fee up front, sounds like a cowboy to me", 1),
    ("rolf", "quiz night is tuesday, final answer, no take backs", 20),
    ("ines_v", "matteo fixed the leak in an hour, lovely man", 50),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "outsiderview", ROSTER, LINES, T0, "v")


def test_a_take_on_someone_is_about_them(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "what's Rolf's take on Matteo?", embedder=embedder)
    assert a.plan.intent == "opinion", a.plan
    assert "cowboy" in a.text.lower() and "quiz" not in a.text.lower(), (a.text, a.cited)
