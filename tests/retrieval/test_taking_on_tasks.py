""""Who agreed to X?" when the request is typed as people text ("can u ...", no question mark) and the reply takes
the task on without repeating its words ("doing it this weekend"), while the question names it with a light verb
("make the banner"). End to end on a real Neo4j with the real writer; the chat is written for this test (no
data set's words, names or values)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="rosa_k", name="Rosa Kettunen", aliases=["Rosa"]),
    Participant(id="devi", name="Devi Prakash", aliases=["Devi"]),
    Participant(id="theo_b", name="Theo Brandt", aliases=["Theo"]),
    Participant(id="nadia", name="Nadia Selim", aliases=["Nadia"]),
]
T0 = datetime(2026, 6, 10, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("rosa_k", "we still need someone on the banner for the street fair", 0),
    ("devi", "theo would u paint the banner? ur the one with all the brushes", 1),
    ("theo_b", "sweet, doing it this weekend", 2),
    ("rosa_k", "and nadia can u haul the folding tables over from the church hall and i'll buy u a coffee", 3),
    ("nadia", "fine, hauling them friday morning", 4),
    ("theo_b", "i'm thinking we also run a raffle", 5),
    ("devi", "yes!! a raffle is a great idea", 6),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> str:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "takingon", ROSTER, LINES, T0, "t")


@pytest.mark.parametrize("question,who,asked_in", [
    ("Who agreed to make the banner for the street fair?", "theo_b", "t01"),
    ("Who said yes to taking the folding tables over?", "nadia", "t03"),
])
def test_the_member_who_took_the_task_on(graph: Graph, chat: str, embedder,  # type: ignore[no-untyped-def]
                                         question: str, who: str, asked_in: str) -> None:
    a = ask(graph, chat, question, embedder=embedder)
    assert a.answer_participant == who, (a.text, a.plan.intent, a.cited)
    assert asked_in in a.cited  # the request the reply took on is part of the evidence
