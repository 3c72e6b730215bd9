""""Who suggested X?" asks for the first member to put the option forward, read from the parse of the question:
its option (not the matter it was put forward for, not what it was weighed against), the lines naming that
option best, and of those the earliest that does not only report a decision; a later echo with a question mark
or the line deciding it is not the proposal. End to end on a real Neo4j with the real writer; the chat is
written for this test (no data set's words, names or values)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="ines_v", name="Ines Varga", aliases=["Ines"]),
    Participant(id="kofi", name="Kofi Mensah", aliases=["Kofi"]),
    Participant(id="lars_h", name="Lars Holm", aliases=["Lars"]),
    Participant(id="maya", name="Maya Ortiz", aliases=["Maya"]),
]
T0 = datetime(2026, 9, 2, 17, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("ines_v", "we still need a spot for the bake sale, any thoughts", 0),
    ("kofi", "the scout hut. cheap, has ovens, and parking out front", 1),
    ("lars_h", "scout hut?? works for me", 2),
    ("maya", "the scout hut gets my vote", 3),
    ("ines_v", "and the day: the bake sale is usually a saturday", 4),
    ("lars_h", "how about friday evening this time, people get paid on fridays", 5),
    ("maya", "friday evening works", 6),
    ("ines_v", "right: bake sale at the scout hut, friday evening. thanks all", 7),
    ("kofi", "i'd rather bake at home than use the hut ovens though", 8),
    ("maya", "my oven is tiny, hut ovens for me", 9),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> str:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "firstproposer", ROSTER, LINES, T0, "w")


@pytest.mark.parametrize("question,who", [
    ("Who first suggested the scout hut?", "kofi"),  # not the echo with a question mark
    ("Who came up with the scout hut for the bake sale?", "kofi"),  # the matter is in every line on it
    ("Who suggested holding the bake sale on a Friday?", "lars_h"),  # the option, not the matter
])
def test_the_first_member_to_put_the_option_forward(graph: Graph, chat: str, embedder,  # type: ignore[no-untyped-def]
                                                    question: str, who: str) -> None:
    a = ask(graph, chat, question, embedder=embedder)
    assert a.answer_participant == who, (a.text, a.plan.intent, a.cited)
    assert a.cited and a.cited[0] in {f"w{n:02d}" for n in range(len(LINES))}
