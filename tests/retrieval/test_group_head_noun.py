"""Two matters of one occasion, each changed once: a question names the occasion and the matter ("the quiz
theme") and is answered from the matter its head noun names, not from the one its modifier shares most words
with. A chat written for this test (no data set's words, names or values)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="hal", name="Hal Brennan", aliases=["Hal"]),
    Participant(id="suki", name="Suki Tanaka", aliases=["Suki"]),
    Participant(id="marta", name="Marta Kowal", aliases=["Marta"]),
    Participant(id="devika", name="Devika Rao", aliases=["Devika"]),
]
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("marta", "Agenda item 3: the charity quiz night. We still need a host venue and a theme.", 0),
    ("hal", "The Old Forge offered us their function room for free.", 1),
    ("suki", "St Aidan's church hall is bigger though", 2),
    ("devika", "Forge please, it has a bar", 3),
    ("marta", "Agreed then: the Old Forge hosts the quiz night.", 4),
    ("suki", "For the theme I'd suggest eighties music", 5),
    ("hal", "or space exploration", 6),
    ("devika", "eighties gets my vote", 7),
    ("marta", "Theme confirmed as eighties music.", 8),
    ("hal", "Random, but my daughter passed her driving test!", 15),
    ("suki", "brilliant news Hal", 16),
    ("marta", "Apologies all, the Old Forge has withdrawn the room. We will hold the quiz at St Aidan's church hall "
              "instead.", 30),
    ("devika", "shame but fine", 31),
    ("suki", "Also, scrap the eighties theme, the school is doing an eighties disco that week. Space exploration it "
             "is.", 35),
    ("hal", "works for me", 36),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> Iterator[str]:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "headnoun", ROSTER, LINES, T0, "h")


@pytest.mark.parametrize(("question", "right", "wrong"), [
    ("What is the quiz theme now?", "space exploration", "church hall"),
    ("What was the original theme?", "eighties", "space"),
    ("Where will the quiz night be held?", "church hall", "forge"),
    ("Which venue was first agreed for the quiz?", "old forge", "church hall"),
])
def test_the_matter_the_head_noun_names(graph: Graph, chat: str, embedder, question: str, right: str,  # type: ignore[no-untyped-def]
                                        wrong: str) -> None:
    a = ask(graph, chat, question, embedder=embedder)
    assert right in a.text.lower() and wrong not in a.text.lower(), (a.text, a.plan.intent)
