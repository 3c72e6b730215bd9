"""End to end on a real Neo4j: readings that need the words around a message (a past job dated by the words
of the change, a named creature's species from the reply after it, a judgement by pronoun, a reversal that
only says which option is off). The chat is written for this test; none of its words come from a data set."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from polymem.graph import Graph
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer import write_space
from polymem.retrieval.service import ask
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [
    Participant(id="oona", name="Oona Marsh", aliases=["Oona"]),
    Participant(id="ravi_p", name="Ravi Pillai", aliases=["Ravi"]),
    Participant(id="lu", name="Lu Chen", aliases=["Lu"]),
]
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LINES = [  # (id, speaker, text, hours after T0)
    ("b01", "oona", "I'm a line cook at a noodle bar on Quay Street, the hours are brutal.", 0),
    ("b02", "ravi_p", "Sorry for the silence, Biscotti got into the bin again and ate a whole loaf", 1),
    ("b03", "lu", "is that ferret ever going to learn", 2),
    ("b04", "lu", "Allotment outing: I'd say Hollin Farm for the open day.", 3),
    ("b05", "ravi_p", "Or Pike Meadow, it's nearer.", 4),
    ("b06", "oona", "Counting up: Hollin Farm wins, so we're visiting Hollin Farm on the 12th.", 5),
    ("b07", "oona", "Huge news, I've been offered a job teaching knife skills at the catering school!", 48),
    ("b08", "lu", "honestly you're incredibly gutsy", 49),
    ("b09", "ravi_p", "Hollin Farm cancelled the open day. So Hollin is off and Pike is on: Pike Meadow it is.", 72),
    ("b10", "oona", "Started at the school on Monday. Knife skills instructor is my official title now.", 120),
    ("b11", "oona", "I'm a knife skills tutor at the catering school now, still pinching myself.", 121),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> str:  # type: ignore[no-untyped-def]
    space = "test-context-" + datetime.now().strftime("%H%M%S%f")
    msgs = [Message(id=i, text=t, speaker=s, time=T0 + timedelta(hours=h), seq=n)
            for n, (i, s, t, h) in enumerate(LINES)]
    conv = Conversation.model_construct(id="context", roster=ROSTER, channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)
    write_space(graph, space)
    yield space
    from polymem.graph.messages import MessageRepository

    MessageRepository(graph).drop_space(space)


def test_a_past_job_dated_by_the_words_of_the_change(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "What was Oona's job before she went into teaching?", embedder=embedder)
    assert "line cook" in a.text and "school" not in a.text, a.text
    assert "b01" in a.cited


def test_a_named_creature_gets_its_species_and_owner(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "What kind of pet does Ravi have?", embedder=embedder)
    assert "ferret" in a.text.lower(), a.text


def test_a_judgement_said_to_you_is_about_the_one_who_just_spoke(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "What does Lu think of Oona?", embedder=embedder)
    assert "gutsy" in a.text, a.text


def test_a_reversal_that_names_what_is_off(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = ask(graph, chat, "Where is the allotment outing happening in the end?", embedder=embedder)
    assert "Pike Meadow" in a.text and "Hollin" not in a.text, a.text
    a = ask(graph, chat, "Which farm had they first picked for the outing?", embedder=embedder)
    assert "Hollin Farm" in a.text, a.text
