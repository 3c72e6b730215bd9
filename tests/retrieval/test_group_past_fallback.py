"""A plan's earlier form said only where it was put forward and welcomed, in words no reading of decisions takes
for a decision, then changed by a plain decision: asked what it was before, the answer is the message that put
it forward, not "not in memory". End to end on a real Neo4j with the real writer; the chat is written for this
test (no data set's words, names or values)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chat_fixture import timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="ilse", name="Ilse Brandvold", aliases=["Ilse"]),
    Participant(id="tomasz_r", name="Tomasz Rybak", aliases=["Tomasz"]),
    Participant(id="anouk", name="Anouk Vermeer", aliases=["Anouk"]),
]
T0 = datetime(2026, 5, 4, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("ilse", "could the chess club keep meeting on tuesdays like in the spring?", 0),
    ("tomasz_r", "yes please, tuesdays suit me", 1),
    ("anouk", "same here", 2),
    ("ilse", "my cat knocked the board over again", 30),
    ("tomasz_r", "classic", 31),
    ("anouk", "the hall is shut on tuesdays from june, so the chess club moves to fridays. decided.", 200),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> str:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "pastfallback", ROSTER, LINES, T0, "v")


def test_a_past_plan_no_decision_reading_holds_is_answered_from_its_message(graph: Graph, chat: str,  # type: ignore[no-untyped-def]
                                                                           embedder) -> None:
    a = ask(graph, chat, "which night did the chess club use to meet on before the move?", embedder=embedder)
    assert "tuesday" in a.text.lower() and not a.abstained, (a.text, a.plan.intent, a.plan.mode)
    assert a.cited
