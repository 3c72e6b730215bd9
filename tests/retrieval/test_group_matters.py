"""Group decisions when a chat settles several matters and the question names its matter in other words than
the messages that settled it ("the farewell party" vs "booked the Brass Lantern"). End to end on a real Neo4j
with the real writer; the chat is written for this test (no data set's words, names or values)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chat_fixture import ingest_timed, timed_space

from polymem.graph import Graph
from polymem.retrieval.service import ask
from polymem.schema.models import Participant

ROSTER = [
    Participant(id="liesl", name="Liesl Amundsen", aliases=["Liesl"]),
    Participant(id="dario_p", name="Dario Pontes", aliases=["Dario"]),
    Participant(id="yusra", name="Yusra Haddad", aliases=["Yusra"]),
]
T0 = datetime(2026, 5, 4, 18, 0, tzinfo=UTC)
LINES = [  # (speaker, text, hours after T0)
    ("liesl", "Ottilie's last day is the 29th, we have to give her a proper leaving do", 0),
    ("dario_p", "what about the Brass Lantern for her leaving do? they have a back room", 1),
    ("yusra", "or the Kettle Yard, the courtyard is lovely when it's warm", 2),
    ("liesl", "ok I booked the Brass Lantern, back room from 8pm", 5),
    ("dario_p", "separate thing: film for sunday at mine?", 20),
    ("yusra", "Heat? or Ronin", 21),
    ("dario_p", "Heat it is then", 22),
    ("yusra", "and for the climbing trip we need a date and a crag", 30),
    ("liesl", "the crag near Harrowby is dry this time of year", 31),
    ("dario_p", "Harrowby Crag it is", 32),
    ("dario_p", "bad news, Heat has gone off the streaming thing so we're doing Ronin instead", 70),
    ("liesl", "the Brass Lantern just cancelled on us, burst pipe. so we're at the Kettle Yard instead, courtyard "
              "from 8", 75),
    ("yusra", "perfect, I'll tell Ottilie", 76),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> str:  # type: ignore[no-untyped-def]
    yield from timed_space(graph, embedder, "matters", ROSTER, LINES, T0, "g")


@pytest.mark.parametrize(("question", "right", "wrong"), [
    ("Where is Ottilie's farewell party going to be held?", "Kettle Yard", "Ronin"),
    ("Which movie are they showing on Sunday in the end?", "Ronin", "Kettle Yard"),
    ("Where was the send-off for Ottilie originally booked?", "Brass Lantern", "Heat"),
    ("What film had they first picked for Sunday?", "Heat", "Brass Lantern"),
])
def test_the_matter_a_question_names_in_other_words(graph: Graph, chat: str, embedder, question: str,  # type: ignore[no-untyped-def]
                                                    right: str, wrong: str) -> None:
    a = ask(graph, chat, question, embedder=embedder)
    assert right.lower() in a.text.lower() and wrong.lower() not in a.text.lower(), (a.text, a.plan.intent)
    assert a.cited, a.text


def test_a_home_said_to_be_over_answers_where_someone_lived_before(graph: Graph, embedder) -> None:  # type: ignore[no-untyped-def]
    """"leaving Valletta in a month" names no new home: the old one is still the answer about the past."""
    from polymem.graph.messages import MessageRepository

    space = "test-past-" + datetime.now().strftime("%H%M%S%f")
    lines = [("liesl", "quick life update: I'm leaving Valletta at the end of the month, new chapter", 0),
             ("dario_p", "whoa, big move! we'll miss the balcony parties", 1)]
    try:
        ingest_timed(graph, space, embedder, ROSTER, lines, T0, "h")
        a = ask(graph, space, "Where did Liesl live before?", embedder=embedder)
        assert "valletta" in a.text.lower() and a.cited == ["h00"], a.text
    finally:
        MessageRepository(graph).drop_space(space)
