"""The question forms the language layer adds, end to end on a real Neo4j: category words, lists, dates,
a state at a time, the announcer of a decision, and activity. The chat is written for this test; none of
its words, names or values come from a data set."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from polymem.graph import Graph
from polymem.ingest.pipeline import Ingestor
from polymem.ingest.writer import write_space
from polymem.retrieval.service import ask
from polymem.schema.models import Conversation, Message, Participant

ROSTER = [
    Participant(id="ines_v", name="Ines Varga", aliases=["Ines"]),
    Participant(id="bodhi", name="Bodhi Rask", aliases=["Bo"]),
    Participant(id="kemal.s", name="Kemal Sezer", aliases=["Kemal"]),
]
T0 = datetime(2026, 2, 2, 8, 0, tzinfo=UTC)  # a Monday
LINES = [  # (id, speaker, text, reply_to, hours after T0)
    ("a01", "ines_v", "Morning all! Tartu is still home for me, six years now.", None, 0),
    ("a02", "bodhi", "I work as a midwife at Northfield Clinic.", None, 1),
    ("a03", "kemal.s", "I'm a glazier, mostly shopfronts.", None, 2),
    ("a04", "bodhi", "Walked Pretzel, my vizsla, before my shift.", None, 3),
    ("a05", "ines_v", "We need a spot for the spring picnic.", None, 5),
    ("a06", "kemal.s", "How about Lindenhof Park for the picnic?", None, 6),
    ("a07", "bodhi", "We're going with Lindenhof Park for the picnic.", None, 8),
    ("a08", "ines_v", "Bo, could you bring the folding chairs?", None, 9),
    ("a09", "bodhi", "Sure, I'll bring the folding chairs.", "a08", 10),
    ("a10", "ines_v", "Kemal, did you fix the window yet?", None, 30),
    ("a11", "ines_v", "Kemal, also thanks for the glass tips", None, 31),
    ("a12", "ines_v", "@kemal.s one more thing: the ladder is back in the shed", None, 32),
    ("a13", "kemal.s", "no worries", "a12", 33),
    ("a14", "ines_v", "Big news: I moved to Galway yesterday!", None, 24 * 20),
    ("a15", "kemal.s", "Lindenhof is flooded, so the picnic is now at the Dune Pavilion instead.", None, 24 * 21),
    ("a16", "ines_v", "Galway is windy but lovely.", None, 24 * 21 + 1),
    # the place left, said after the new one: it was held before Galway, not after
    ("a17", "ines_v", "Still strange that I'm not living in Tartu anymore.", None, 24 * 22),
]


@pytest.fixture(scope="module")
def chat(graph: Graph, embedder) -> str:  # type: ignore[no-untyped-def]
    space = "test-forms-" + datetime.now().strftime("%H%M%S%f")
    msgs = [Message(id=i, text=t, speaker=s, reply_to=[r] if r else [], time=T0 + timedelta(hours=h), seq=n)
            for n, (i, s, t, r, h) in enumerate(LINES)]
    conv = Conversation.model_construct(id="forms", roster=ROSTER, channels=["main"], messages=iter(msgs),
                                        addressees_given=False, source_file=None)
    Ingestor(graph, embedder).ingest(space, conv)
    write_space(graph, space)
    yield space
    from polymem.graph.messages import MessageRepository

    MessageRepository(graph).drop_space(space)


def _ask(graph: Graph, space: str, embedder, q: str):  # type: ignore[no-untyped-def]
    return ask(graph, space, q, embedder=embedder)


def test_category_word_finds_a_kind_the_chat_never_names(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = _ask(graph, chat, embedder, "Does anybody here own a dog?")
    assert a.plan.intent == "category" and a.plan.category == "dog"
    assert "Bodhi" in a.text and "vizsla" in a.text and "Kemal" not in a.text
    assert "a04" in a.cited
    a = _ask(graph, chat, embedder, "Who works in healthcare?")
    assert "Bodhi" in a.text and "Kemal" not in a.text and "a02" in a.cited


def test_lists(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = _ask(graph, chat, embedder, "What have we decided so far?")
    assert a.plan.intent == "list_decisions"
    assert "Dune Pavilion" in a.text and "Lindenhof" not in a.text and "a15" in a.cited
    a = _ask(graph, chat, embedder, "Who has moved?")
    assert a.plan.intent == "list_moved" and "Ines" in a.text and "Kemal" not in a.text and "a14" in a.cited


def test_when_answers_with_the_implied_date(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = _ask(graph, chat, embedder, "When did Ines move to Galway?")
    assert a.plan.intent == "when"
    # the message is from 2026-02-22; it says "yesterday"
    assert "2026-02-21" in a.text and "a14" in a.cited


def test_state_at_a_time(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = _ask(graph, chat, embedder, "Where did Ines live at the start of the chat?")
    assert "Tartu" in a.text and "Galway" not in a.text
    a = _ask(graph, chat, embedder, "Where does Ines live now?")
    assert "Galway" in a.text and "Tartu" not in a.text
    a = _ask(graph, chat, embedder, "Where did Ines live before Galway?")
    assert "Tartu" in a.text and "Galway" not in a.text
    # the start named by a clause: "when the chat began", "as things kicked off"
    a = _ask(graph, chat, embedder, "Which town was Ines in when this conversation began?")
    assert "Tartu" in a.text and "Galway" not in a.text


def test_announcer_is_not_the_proposer(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = _ask(graph, chat, embedder, "Who announced that the picnic would be at Lindenhof Park?")
    assert a.plan.intent == "who_announced" and a.answer_participant == "bodhi"
    a = _ask(graph, chat, embedder, "Who suggested Lindenhof Park for the picnic?")
    assert a.answer_participant == "kemal.s"


def test_activity(graph: Graph, chat: str, embedder) -> None:  # type: ignore[no-untyped-def]
    a = _ask(graph, chat, embedder, "Who is the most active person in the chat?")
    assert a.plan.intent == "most_active" and a.answer_participant == "ines_v" and "9 messages" in a.text
    assert a.cited and all(c.startswith("a") for c in a.cited)
    # one person is the answer: no runner-up named beside them (a second name reads as a second answer)
    others = [n for n in ("Kemal", "Bodhi", "Bo ") if n in a.text]
    assert not others, a.text
    for q in ("Who wrote the most?", "Who posts more than anyone else?", "Who contributes the most here?"):
        assert _ask(graph, chat, embedder, q).answer_participant == "ines_v", q
    a = _ask(graph, chat, embedder, "Who does Ines talk to most?")
    assert a.plan.intent == "talks_most" and a.answer_participant == "kemal.s"
